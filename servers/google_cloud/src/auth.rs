//! Credentials: a service-account key exchanged for an access token with a signed JWT
//! (RS256; Google's "OAuth 2.0 for server to server applications": `grant_type`
//! `urn:ietf:params:oauth:grant-type:jwt-bearer`), or the refresh-token form
//! ([`mcp_vendor_google::refresh`]), or a plain `access_token`. Tokens from a key are kept per
//! key until a minute before they expire.
//!
//! A key is read from the credentials' own fields (the key file's JSON as the `x-auth-data`
//! object: `type: service_account`, `client_email`, `private_key`, `token_uri`,
//! `project_id`) or from a `service_account_key` field (the key file as an object or as a
//! JSON string).

use std::sync::LazyLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use mcp_shared::server::spec::{CredentialExchange, ExchangeFuture};
use mcp_shared::{Ctx, ErrorKind, Method, Secret, TokenCache, ToolError};
use ring::rand::SystemRandom;
use ring::signature::{RSA_PKCS1_SHA256, RsaKeyPair};
use serde_json::{Value, json};

use mcp_vendor_google::refresh::{REFRESH, TOKEN_API};

/// `credential_exchange` of this server: a service-account key first, else the refresh token.
pub const EXCHANGE: CredentialExchange = CredentialExchange {
    api: &TOKEN_API,
    exchange,
};

/// The scope a key's token is asked for.
pub const SCOPE: &str = "https://www.googleapis.com/auth/cloud-platform";

/// Google's token endpoint, the audience of the JWT unless the key names another of
/// Google's own.
pub const GOOGLE_TOKEN_URI: &str = "https://oauth2.googleapis.com/token";

const GOOGLE_TOKEN_URIS: [&str; 3] = [
    GOOGLE_TOKEN_URI,
    "https://www.googleapis.com/oauth2/v4/token",
    "https://accounts.google.com/o/oauth2/token",
];

/// Lifetime asked for the JWT (Google's maximum is one hour).
const JWT_LIFETIME: u64 = 3600;
const MARGIN: Duration = Duration::from_secs(60);

static TOKENS: LazyLock<TokenCache> = LazyLock::new(TokenCache::default);

/// A service-account key: what signing needs.
pub struct ServiceAccount {
    pub client_email: String,
    pub private_key_id: Option<String>,
    key: RsaKeyPair,
    /// The PEM as given (the cache key; never shown).
    pem: Secret,
    pub token_uri: String,
    pub project_id: Option<String>,
}

fn str_of<'a>(v: &'a Value, k: &str) -> Option<&'a str> {
    v.get(k)
        .and_then(Value::as_str)
        .filter(|s| !s.trim().is_empty())
}

/// The key object of the credentials, if they carry one.
fn key_object(ctx: &Ctx) -> Option<Value> {
    let c = ctx.credentials()?;
    if let Some(k) = c.field("service_account_key") {
        return match k {
            Value::String(s) => serde_json::from_str(s).ok().or(Some(Value::Null)),
            other => Some(other.clone()),
        };
    }
    let is_key = c.field("type").and_then(Value::as_str) == Some("service_account")
        || (c.field("private_key").is_some() && c.field("client_email").is_some());
    if !is_key {
        return None;
    }
    let mut o = serde_json::Map::new();
    for k in [
        "type",
        "client_email",
        "private_key",
        "private_key_id",
        "token_uri",
        "project_id",
    ] {
        if let Some(v) = c.field(k) {
            o.insert(k.to_owned(), v.clone());
        } else if let Some(s) = c.secret(k) {
            o.insert(k.to_owned(), Value::String(s.expose().to_owned()));
        }
    }
    Some(Value::Object(o))
}

/// The DER bytes of a PEM `PRIVATE KEY` (PKCS #8) block.
fn pem_der(pem: &str) -> Option<Vec<u8>> {
    let pem = pem.replace("\\n", "\n");
    let (_, rest) = pem.split_once("-----BEGIN PRIVATE KEY-----")?;
    let (body, _) = rest.split_once("-----END PRIVATE KEY-----")?;
    let b64: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    base64::engine::general_purpose::STANDARD.decode(b64).ok()
}

fn bad_key(what: &str) -> ToolError {
    ToolError::invalid_input(format!(
        "the service-account key in the credentials is not usable: {what}. Send the key file's JSON as it was downloaded (type, client_email, private_key, token_uri, project_id). No request was made."
    ))
}

/// The service-account key of this call, if its credentials carry one.
pub fn service_account(ctx: &Ctx) -> Result<Option<ServiceAccount>, ToolError> {
    let Some(k) = key_object(ctx) else {
        return Ok(None);
    };
    if !k.is_object() {
        return Err(bad_key("`service_account_key` is not a JSON object"));
    }
    let email = str_of(&k, "client_email").ok_or_else(|| bad_key("client_email is missing"))?;
    let pem = str_of(&k, "private_key").ok_or_else(|| bad_key("private_key is missing"))?;
    let der = pem_der(pem)
        .ok_or_else(|| bad_key("private_key is not a PEM \"PRIVATE KEY\" (PKCS #8) block"))?;
    let key = RsaKeyPair::from_pkcs8(&der)
        .map_err(|_| bad_key("private_key is not an RSA private key"))?;
    let token_uri = str_of(&k, "token_uri")
        .map(|u| u.trim().trim_end_matches('/').to_owned())
        .unwrap_or_else(|| GOOGLE_TOKEN_URI.to_owned());
    if !GOOGLE_TOKEN_URIS.contains(&token_uri.as_str()) {
        return Err(ToolError::invalid_input(format!(
            "token_uri `{token_uri}` is not Google's token endpoint ({GOOGLE_TOKEN_URI}): a signed assertion is sent only there. No request was made."
        )));
    }
    Ok(Some(ServiceAccount {
        client_email: email.trim().to_owned(),
        private_key_id: str_of(&k, "private_key_id").map(str::to_owned),
        key,
        pem: Secret::new(pem),
        token_uri,
        project_id: str_of(&k, "project_id").map(str::to_owned),
    }))
}

fn b64url(data: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(data)
}

impl ServiceAccount {
    /// An RSASSA-PKCS1-v1_5 SHA-256 signature of `msg` with the key.
    pub fn sign(&self, msg: &[u8]) -> Result<Vec<u8>, ToolError> {
        let mut sig = vec![0u8; self.key.public().modulus_len()];
        self.key
            .sign(&RSA_PKCS1_SHA256, &SystemRandom::new(), msg, &mut sig)
            .map_err(|_| {
                ToolError::new(
                    ErrorKind::Internal,
                    "signing with the service-account key failed",
                )
            })?;
        Ok(sig)
    }

    /// The signed JWT assertion for Google's token endpoint, issued at `now` (Unix seconds).
    pub fn assertion(&self, now: u64) -> Result<String, ToolError> {
        let mut header = json!({"alg": "RS256", "typ": "JWT"});
        if let Some(kid) = &self.private_key_id {
            header["kid"] = json!(kid);
        }
        let claims = json!({
            "iss": self.client_email,
            "scope": SCOPE,
            "aud": self.token_uri,
            "iat": now,
            "exp": now + JWT_LIFETIME,
        });
        let signing_input = format!(
            "{}.{}",
            b64url(header.to_string().as_bytes()),
            b64url(claims.to_string().as_bytes())
        );
        let sig = self.sign(signing_input.as_bytes())?;
        Ok(format!("{signing_input}.{}", b64url(&sig)))
    }
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

fn exchange(ctx: Ctx) -> ExchangeFuture {
    Box::pin(async move {
        match service_account(&ctx)? {
            Some(sa) => key_token(&ctx, &sa).await,
            None => (REFRESH.exchange)(ctx).await,
        }
    })
}

async fn key_token(
    ctx: &Ctx,
    sa: &ServiceAccount,
) -> Result<Vec<(&'static str, String)>, ToolError> {
    let cache_key = format!("sa\n{}\n{}", sa.client_email, sa.pem.expose());
    if let Some(t) = TOKENS.get(&cache_key) {
        return Ok(vec![("access_token", t.expose().to_owned())]);
    }
    let form = vec![
        (
            "grant_type".to_owned(),
            "urn:ietf:params:oauth:grant-type:jwt-bearer".to_owned(),
        ),
        ("assertion".to_owned(), sa.assertion(now_secs())?),
    ];
    let v: Value = ctx
        .api(TOKEN_API.name)?
        .request(Method::POST, "/token")
        .form(form)
        .send_json()
        .await
        .map_err(|e| {
            e.context("Getting an access token from Google with the service-account key")
                .with_hint("the key may have been deleted or disabled, or the service account removed: create a new key.")
        })?;
    let token = str_of(&v, "access_token").ok_or_else(|| {
        ToolError::new(
            ErrorKind::Upstream,
            "Google's token endpoint answered without an access_token.",
        )
    })?;
    let lifetime = v.get("expires_in").and_then(Value::as_u64).unwrap_or(3600);
    TOKENS.put(
        cache_key,
        Secret::new(token),
        Duration::from_secs(lifetime).saturating_sub(MARGIN),
    );
    Ok(vec![("access_token", token.to_owned())])
}
