//! Credentials: how each request's are found (`x-auth-data`, `Authorization`, `AUTH_DATA`,
//! the service's variables), how a vendor's auth scheme is declared and applied, secrets
//! that never print, and cached tokens.

pub mod auth;
pub mod secret;
pub mod token_cache;
pub mod vendor_auth;
