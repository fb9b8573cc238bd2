//! Service-account credentials: a key exchanged for an access token with a signed JWT (RS256;
//! Google's "OAuth 2.0 for server to server applications": `grant_type`
//! `urn:ietf:params:oauth:grant-type:jwt-bearer`) at the token endpoint of [`crate::refresh`],
//! and kept per key and scope until a minute before it expires. The key also signs what a
//! server signs locally (Cloud Storage's V4 URLs, [`crate::signed_url`]).
//!
//! A key is read from the credentials' own fields (the key file's JSON as the `x-auth-data`
//! object: `type: service_account`, `client_email`, `private_key`, `token_uri`,
//! `project_id`) or from a `service_account_key` field (the key file as an object or as a
//! JSON string). A `token_uri` other than Google's own is refused: the signed assertion is
//! sent only there.

use std::time::{SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use mcp_shared::{Ctx, ErrorKind, Secret, ToolError};
use ring::rand::SystemRandom;
use ring::signature::{RSA_PKCS1_SHA256, RsaKeyPair};
use serde_json::{Value, json};

use crate::refresh::{GOOGLE_TOKEN_URI, GOOGLE_TOKEN_URIS, REFRESH, fetch_token, kept};

/// Lifetime asked for the JWT (Google's maximum is one hour).
const JWT_LIFETIME: u64 = 3600;

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
    ServiceAccount::from_key(&k).map(Some)
}

fn b64url(data: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(data)
}

impl ServiceAccount {
    /// A key file's JSON object (`client_email`, `private_key`, `token_uri`...).
    pub fn from_key(k: &Value) -> Result<ServiceAccount, ToolError> {
        if !k.is_object() {
            return Err(bad_key("`service_account_key` is not a JSON object"));
        }
        let email = str_of(k, "client_email").ok_or_else(|| bad_key("client_email is missing"))?;
        let pem = str_of(k, "private_key").ok_or_else(|| bad_key("private_key is missing"))?;
        let der = pem_der(pem)
            .ok_or_else(|| bad_key("private_key is not a PEM \"PRIVATE KEY\" (PKCS #8) block"))?;
        let key = RsaKeyPair::from_pkcs8(&der)
            .map_err(|_| bad_key("private_key is not an RSA private key"))?;
        let token_uri = str_of(k, "token_uri")
            .map(|u| u.trim().trim_end_matches('/').to_owned())
            .unwrap_or_else(|| GOOGLE_TOKEN_URI.to_owned());
        if !GOOGLE_TOKEN_URIS.contains(&token_uri.as_str()) {
            return Err(ToolError::invalid_input(format!(
                "token_uri `{token_uri}` is not Google's token endpoint ({GOOGLE_TOKEN_URI}): a signed assertion is sent only there. No request was made."
            )));
        }
        Ok(ServiceAccount {
            client_email: email.trim().to_owned(),
            private_key_id: str_of(k, "private_key_id").map(str::to_owned),
            key,
            pem: Secret::new(pem),
            token_uri,
            project_id: str_of(k, "project_id").map(str::to_owned),
        })
    }

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

    /// The signed JWT assertion for Google's token endpoint asking for `scope` (OAuth scopes,
    /// space-separated), issued at `now` (Unix seconds).
    pub fn assertion(&self, scope: &str, now: u64) -> Result<String, ToolError> {
        let mut header = json!({"alg": "RS256", "typ": "JWT"});
        if let Some(kid) = &self.private_key_id {
            header["kid"] = json!(kid);
        }
        let claims = json!({
            "iss": self.client_email,
            "scope": scope,
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

/// An access token for `scope` with the key `sa`: the one kept for it, else a new one from
/// Google's token endpoint.
pub async fn access_token(
    ctx: &Ctx,
    sa: &ServiceAccount,
    scope: &str,
) -> Result<Vec<(&'static str, String)>, ToolError> {
    let key = format!("sa\n{scope}\n{}\n{}", sa.client_email, sa.pem.expose());
    if let Some(t) = kept(&key) {
        return Ok(t);
    }
    let form = vec![
        (
            "grant_type".to_owned(),
            "urn:ietf:params:oauth:grant-type:jwt-bearer".to_owned(),
        ),
        ("assertion".to_owned(), sa.assertion(scope, now_secs())?),
    ];
    fetch_token(ctx, key, form, |e| {
        e.context("Getting an access token from Google with the service-account key")
            .with_hint("the key may have been deleted or disabled, or the service account removed: create a new key.")
    })
    .await
}

/// The credential exchange of a server that takes a service-account key beside the
/// refresh-token form: with a key in the credentials, a token for `scope`; else
/// [`crate::refresh::REFRESH`]'s.
pub async fn key_or_refresh(
    ctx: Ctx,
    scope: &'static str,
) -> Result<Vec<(&'static str, String)>, ToolError> {
    match service_account(&ctx)? {
        Some(sa) => access_token(&ctx, &sa, scope).await,
        None => (REFRESH.exchange)(ctx).await,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use ring::signature::{KeyPair, RSA_PKCS1_2048_8192_SHA256, UnparsedPublicKey};

    const KEY_PEM: &str = include_str!("../tests/test_key.pem");
    const EMAIL: &str = "runner@proj-1.iam.gserviceaccount.com";

    /// A key file's JSON with the test key.
    fn key_json() -> Value {
        let mut k = json!({"type": "service_account", "private_key": KEY_PEM});
        for (field, value) in [
            ("client_email", EMAIL),
            ("private_key_id", "kid-1"),
            ("project_id", "proj-1"),
        ] {
            k[field] = json!(value);
        }
        k
    }

    /// The test key.
    pub fn key() -> ServiceAccount {
        ServiceAccount::from_key(&key_json()).unwrap()
    }

    /// Check that `sig` is the test key's signature of `msg`.
    pub fn verify(msg: &[u8], sig: &[u8]) {
        let sa = key();
        UnparsedPublicKey::new(
            &RSA_PKCS1_2048_8192_SHA256,
            sa.key.public_key().as_ref().to_vec(),
        )
        .verify(msg, sig)
        .expect("signed with the test key");
    }

    fn part(jwt: &str, i: usize) -> Value {
        let p = jwt.split('.').nth(i).unwrap();
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(p)
            .unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[test]
    fn the_assertion_asks_for_the_scope_and_is_signed_with_the_key() {
        let sa = key();
        assert_eq!(sa.token_uri, GOOGLE_TOKEN_URI);
        assert_eq!(sa.project_id.as_deref(), Some("proj-1"));
        let jwt = sa
            .assertion("https://www.googleapis.com/auth/drive", 1000)
            .unwrap();
        assert_eq!(
            part(&jwt, 0),
            json!({"alg": "RS256", "typ": "JWT", "kid": "kid-1"})
        );
        assert_eq!(
            part(&jwt, 1),
            json!({"iss": EMAIL, "scope": "https://www.googleapis.com/auth/drive",
                "aud": GOOGLE_TOKEN_URI, "iat": 1000, "exp": 4600})
        );
        let (input, sig) = jwt.rsplit_once('.').unwrap();
        let sig = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(sig)
            .unwrap();
        verify(input.as_bytes(), &sig);
    }

    #[test]
    fn a_key_with_escaped_line_breaks_is_read_and_a_broken_one_is_clear() {
        let mut k = key_json();
        k["private_key"] = json!(KEY_PEM.replace('\n', "\\n"));
        k["token_uri"] = json!("https://www.googleapis.com/oauth2/v4/token/");
        let sa = ServiceAccount::from_key(&k).unwrap();
        assert_eq!(sa.token_uri, "https://www.googleapis.com/oauth2/v4/token");
        let err = |k: Value| ServiceAccount::from_key(&k).err().unwrap().to_string();
        assert!(err(json!("a key")).contains("not a JSON object"));
        let mut k = key_json();
        k["client_email"] = json!(" ");
        assert!(err(k).contains("client_email is missing"));
        let mut k = key_json();
        k["private_key"] = json!("MIIE");
        assert!(err(k).contains("PKCS #8"));
        let mut k = key_json();
        k["token_uri"] = json!("https://evil.example/token");
        let e = err(k);
        assert!(e.contains("not Google's token endpoint"), "{e}");
        assert!(!e.contains("MIIE"), "{e}");
    }
}
