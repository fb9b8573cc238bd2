//! Refresh-token credentials: the Toolathlon and MCP-Atlas Google variants send `client_id`,
//! `client_secret` and `refresh_token` (and `token_uri`) instead of, or beside,
//! `access_token`. Before a call without an `access_token`, the server gets one at Google's
//! token endpoint (RFC 6749 section 6) and keeps it per credential set until shortly before it
//! expires. The endpoint is an extra API whose base URL is overridden like any vendor host
//! (`GOOGLE_OAUTH_API_BASE_URL`); a `token_uri` other than Google's own is refused rather than
//! sent the client secret. [`crate::service_account`] gets its tokens at the same endpoint.

use std::sync::LazyLock;
use std::time::Duration;

use mcp_shared::server::spec::{CredentialExchange, ExchangeFuture, ExtraApi};
use mcp_shared::{Auth, Ctx, Method, TokenCache, ToolError};
use serde_json::Value;

/// Google's OAuth 2.0 token endpoint, as an extra API of a Google server.
pub const TOKEN_API: ExtraApi = ExtraApi {
    name: "google_oauth",
    display_name: "Google OAuth",
    default_base_url: "https://oauth2.googleapis.com",
    base_url_var: "GOOGLE_OAUTH_API_BASE_URL",
    auth: Some(Auth::None),
};

/// `credential_exchange` of every Google server's spec.
pub const REFRESH: CredentialExchange = CredentialExchange {
    api: &TOKEN_API,
    exchange,
};

/// Google's token endpoint, the default `token_uri`.
pub const GOOGLE_TOKEN_URI: &str = "https://oauth2.googleapis.com/token";

/// The `token_uri` values that name Google's own endpoint.
pub(crate) const GOOGLE_TOKEN_URIS: [&str; 3] = [
    GOOGLE_TOKEN_URI,
    "https://www.googleapis.com/oauth2/v4/token",
    "https://accounts.google.com/o/oauth2/token",
];

/// A token is used until this long before Google says it expires.
const MARGIN: Duration = Duration::from_secs(60);

/// The tokens got at the endpoint, per credential set (refresh token, service-account key).
static TOKENS: LazyLock<TokenCache> = LazyLock::new(TokenCache::default);

fn exchange(ctx: Ctx) -> ExchangeFuture {
    Box::pin(async move { access_token(&ctx).await })
}

async fn access_token(ctx: &Ctx) -> Result<Vec<(&'static str, String)>, ToolError> {
    let Some(c) = ctx.credentials() else {
        return Ok(Vec::new());
    };
    let Some(refresh) = c.secret("refresh_token") else {
        return Ok(Vec::new());
    };
    if c.access_token().is_some() {
        return Ok(Vec::new());
    }
    let (Some(id), Some(secret)) = (c.secret("client_id"), c.secret("client_secret")) else {
        return Err(ToolError::invalid_input(
            "a refresh_token needs the OAuth client it was issued to: send client_id and client_secret with it (or an access_token). No request was made.",
        ));
    };
    if let Some(uri) = c.field("token_uri").and_then(Value::as_str) {
        let uri = uri.trim().trim_end_matches('/');
        if !uri.is_empty() && !GOOGLE_TOKEN_URIS.contains(&uri) {
            return Err(ToolError::invalid_input(format!(
                "token_uri `{uri}` is not Google's token endpoint (https://oauth2.googleapis.com/token): the client secret is sent only there. Leave token_uri out, or point the operator's GOOGLE_OAUTH_API_BASE_URL at a token endpoint of your own. No request was made."
            )));
        }
    }
    let key = format!(
        "refresh\n{}\n{}\n{}",
        id.expose(),
        secret.expose(),
        refresh.expose()
    );
    if let Some(t) = kept(&key) {
        return Ok(t);
    }
    let form = vec![
        ("grant_type".to_owned(), "refresh_token".to_owned()),
        ("client_id".to_owned(), id.expose().to_owned()),
        ("client_secret".to_owned(), secret.expose().to_owned()),
        ("refresh_token".to_owned(), refresh.expose().to_owned()),
    ];
    fetch_token(ctx, key, form, |e| {
        let revoked = e.to_string().contains("invalid_grant");
        let e = e.context("Getting an access token from Google with the refresh token");
        if revoked {
            e.with_hint(
                "the refresh token has expired or was revoked, or belongs to another client: sign in again for a new one.",
            )
        } else {
            e
        }
    })
    .await
}

/// The token kept for the credential set `key`, as the fields the call's credentials gain.
pub(crate) fn kept(key: &str) -> Option<Vec<(&'static str, String)>> {
    TOKENS
        .get(key)
        .map(|t| vec![("access_token", t.expose().to_owned())])
}

/// Post `form` to Google's token endpoint and keep the access token it answers for the
/// credential set `key` until shortly before it expires; `on_error` says what failed.
pub(crate) async fn fetch_token(
    ctx: &Ctx,
    key: String,
    form: Vec<(String, String)>,
    on_error: impl FnOnce(ToolError) -> ToolError,
) -> Result<Vec<(&'static str, String)>, ToolError> {
    let v: Value = ctx
        .api(TOKEN_API.name)?
        .request(Method::POST, "/token")
        .form(form)
        .send_json()
        .await
        .map_err(on_error)?;
    let token = v
        .get("access_token")
        .and_then(Value::as_str)
        .filter(|t| !t.trim().is_empty())
        .ok_or_else(|| {
            ToolError::new(
                mcp_shared::ErrorKind::Upstream,
                "Google's token endpoint answered without an access_token.",
            )
        })?;
    let lifetime = v.get("expires_in").and_then(Value::as_u64).unwrap_or(3600);
    TOKENS.put(
        key,
        mcp_shared::Secret::new(token),
        Duration::from_secs(lifetime).saturating_sub(MARGIN),
    );
    Ok(vec![("access_token", token.to_owned())])
}
