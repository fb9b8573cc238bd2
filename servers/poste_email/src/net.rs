//! Reaching a tenant's mail server: its host through the tenant-host guard (public addresses
//! only, unless the operator lists it in `POSTE_EMAIL_ALLOWED_HOSTS`), TCP to the addresses
//! the guard returned, TLS with the host's name (webpki roots and the operator's `--ca-file`),
//! and plain text only to hosts the operator listed.

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use mcp_shared::ToolError;
use mcp_shared::upstream::fetch::resolve_public;
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::client::TlsStream;

pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);

/// A connection to a mail server, plain or TLS.
#[derive(Debug)]
pub enum Stream {
    Plain(TcpStream),
    Tls(Box<TlsStream<TcpStream>>),
}

impl AsyncRead for Stream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Stream::Plain(s) => Pin::new(s).poll_read(cx, buf),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for Stream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match self.get_mut() {
            Stream::Plain(s) => Pin::new(s).poll_write(cx, buf),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_write(cx, buf),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Stream::Plain(s) => Pin::new(s).poll_flush(cx),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_flush(cx),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Stream::Plain(s) => Pin::new(s).poll_shutdown(cx),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_shutdown(cx),
        }
    }
}

/// Whether the operator's list names this host (a name, `*.suffix`, an address or a CIDR
/// range that holds one of its addresses): only such hosts may be reached without TLS.
pub fn operator_listed(list: &[String], host: &str, addrs: &[SocketAddr]) -> bool {
    let host = host.trim_matches(['[', ']']).to_ascii_lowercase();
    list.iter().any(|entry| {
        let e = entry.trim().to_ascii_lowercase();
        if e.is_empty() {
            return false;
        }
        if e == host {
            return true;
        }
        if let Some(suffix) = e.strip_prefix("*.") {
            return host.ends_with(&format!(".{suffix}"));
        }
        if let Some((net, bits)) = e.split_once('/') {
            let (Ok(net), Ok(bits)) = (net.parse::<IpAddr>(), bits.parse::<u32>()) else {
                return false;
            };
            return addrs.iter().any(|a| in_range(a.ip(), net, bits));
        }
        e.parse::<IpAddr>()
            .is_ok_and(|ip| addrs.iter().any(|a| a.ip() == ip))
    })
}

fn in_range(ip: IpAddr, net: IpAddr, bits: u32) -> bool {
    match (ip, net) {
        (IpAddr::V4(a), IpAddr::V4(n)) if bits <= 32 => {
            let mask = u32::MAX.checked_shl(32 - bits).unwrap_or(0);
            u32::from(a) & mask == u32::from(n) & mask
        }
        (IpAddr::V6(a), IpAddr::V6(n)) if bits <= 128 => {
            let mask = u128::MAX.checked_shl(128 - bits).unwrap_or(0);
            u128::from(a) & mask == u128::from(n) & mask
        }
        _ => false,
    }
}

/// `imap`/`smtp` for messages.
pub fn refused_plain(what: &str) -> ToolError {
    ToolError::invalid_input(format!(
        "Refused to talk to the {what} server without TLS: plain text is allowed only to hosts the operator lists in {ALLOWED_HOSTS_VAR}."
    ))
    .with_hint("set use_ssl (TLS) or use_starttls (STARTTLS) in the credentials, or ask the operator to list the host.")
}

/// The guarded addresses of an endpoint, refusing plain text to hosts the operator did not
/// list.
pub async fn addresses(
    tenant_hosts: &[String],
    what: &str,
    ep: &Endpoint,
) -> Result<Vec<SocketAddr>, ToolError> {
    let addrs = resolve_public(&ep.host, ep.port, tenant_hosts, ALLOWED_HOSTS_VAR).await?;
    if ep.security == Security::Plain && !operator_listed(tenant_hosts, &ep.host, &addrs) {
        return Err(refused_plain(what));
    }
    Ok(addrs)
}

/// TCP to the first of `addrs` that answers.
pub async fn tcp(what: &str, addrs: &[SocketAddr], port: u16) -> Result<TcpStream, ToolError> {
    let mut last = None;
    for a in addrs {
        match tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect(a)).await {
            Ok(Ok(s)) => return Ok(s),
            Ok(Err(e)) => last = Some(e.to_string()),
            Err(_) => last = Some("no answer in 15 s".into()),
        }
    }
    Err(ToolError::transport(format!(
        "Cannot connect to the {what} server (port {port}): {}.",
        last.unwrap_or_else(|| "no address".into())
    ))
    .with_hint(format!(
        "check the {what} host, port and security (use_ssl, use_starttls) of the credentials, and that the server runs."
    )))
}

/// The TLS client configuration: webpki roots and the operator's extra roots.
pub fn tls_config(extra: &[CertificateDer<'static>]) -> Arc<rustls::ClientConfig> {
    let mut roots = rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    for c in extra {
        let _ = roots.add(c.clone());
    }
    Arc::new(
        rustls::ClientConfig::builder()
            .with_root_certificates(roots)
            .with_no_client_auth(),
    )
}

pub fn server_name(what: &str, host: &str) -> Result<ServerName<'static>, ToolError> {
    ServerName::try_from(host.trim_matches(['[', ']']).to_owned()).map_err(|_| {
        ToolError::invalid_input(format!("The {what} host is not a valid name for TLS."))
    })
}

/// TLS over `tcp`, checking the certificate against the host name.
pub async fn tls(
    extra_roots: &[CertificateDer<'static>],
    what: &str,
    host: &str,
    tcp: TcpStream,
) -> Result<Stream, ToolError> {
    let connector = TlsConnector::from(tls_config(extra_roots));
    let name = server_name(what, host)?;
    let s = tokio::time::timeout(CONNECT_TIMEOUT, connector.connect(name, tcp))
        .await
        .map_err(|_| ToolError::transport(format!("The {what} server's TLS handshake timed out.")))?
        .map_err(|e| {
            ToolError::transport(format!("TLS with the {what} server failed: {e}."))
                .with_hint("check use_ssl/use_starttls and the port; a self-signed certificate needs the operator's --ca-file.")
        })?;
    Ok(Stream::Tls(Box::new(s)))
}

/// How a connection is secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Security {
    /// TLS from the first byte (IMAPS 993, SMTPS 465).
    Tls,
    /// Plain, then `STARTTLS` before anything else is sent.
    StartTls,
    /// No encryption (only to hosts the operator lists in `POSTE_EMAIL_ALLOWED_HOSTS`).
    Plain,
}

/// One server (IMAP or SMTP) of an account.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Endpoint {
    pub host: String,
    pub port: u16,
    pub security: Security,
}

/// Hosts named by credentials may be on the operator's own network only when it lists them here.
pub const ALLOWED_HOSTS_VAR: &str = "POSTE_EMAIL_ALLOWED_HOSTS";

/// An IMAP session over one of our streams.
pub type Imap = async_imap::Session<Stream>;

/// The idle sessions of one account.
#[derive(Default)]
pub struct Conn {
    pub(crate) idle: tokio::sync::Mutex<Vec<Imap>>,
}
