//! The process's TLS crypto provider, installed once before the first HTTP client (the
//! vendor client, the guarded fetch, the OTLP exporter) is built.

/// Install the process's rustls crypto provider (ring). Idempotent.
pub fn install_crypto_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}
