//! Credentials: a service-account key exchanged for an access token with a signed JWT
//! ([`mcp_vendor_google::service_account`], for the `cloud-platform` scope), or the
//! refresh-token form ([`mcp_vendor_google::refresh`]), or a plain `access_token`.

use mcp_shared::Ctx;
use mcp_shared::server::spec::{CredentialExchange, ExchangeFuture};
use mcp_vendor_google::refresh::TOKEN_API;
use mcp_vendor_google::service_account;

/// `credential_exchange` of this server: a service-account key first, else the refresh token.
pub const EXCHANGE: CredentialExchange = CredentialExchange {
    api: &TOKEN_API,
    exchange,
};

/// The scope a key's token is asked for.
pub const SCOPE: &str = "https://www.googleapis.com/auth/cloud-platform";

fn exchange(ctx: Ctx) -> ExchangeFuture {
    Box::pin(service_account::key_or_refresh(ctx, SCOPE))
}
