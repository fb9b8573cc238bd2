//! Coinbase server tests: each tool against a fake Coinbase (App API v2 under `/v2`, and
//! Exchange) that asserts the exact request and, for account tools, verifies the ES256 JWT
//! for real: signature with the test's own P-256 key, `uri`, `sub`, `iss`, `nbf`/`exp`,
//! `kid` and `nonce`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod accounts;
mod market;

use base64::Engine as _;
use mcp_testkit::wiremock::{Match, Mock, MockServer, Request, ResponseTemplate, matchers};
use mcp_testkit::{Client, NoBody, QueryExact, TestServer, settings_for};
use p256::ecdsa::signature::Verifier as _;
use p256::ecdsa::{Signature, VerifyingKey};
use p256::pkcs8::{EncodePrivateKey as _, LineEnding};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};

pub const KEY_NAME: &str = "organizations/2b1c7d3e-1f2a-4b5c-9d8e-7f6a5b4c3d2e/apiKeys/9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";
pub const CB_VERSION: &str = "2024-10-08";

/// A fresh P-256 key, its public half and its PEM forms (SEC1, as the CDP portal gives it,
/// and PKCS#8).
pub struct TestKey {
    pub verifying: VerifyingKey,
    pub sec1_pem: String,
    pub pkcs8_pem: String,
}

pub fn test_key() -> TestKey {
    loop {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).unwrap();
        if let Ok(secret) = p256::SecretKey::from_slice(&bytes) {
            let verifying = VerifyingKey::from(p256::ecdsa::SigningKey::from(secret.clone()));
            return TestKey {
                verifying,
                sec1_pem: secret.to_sec1_pem(LineEnding::LF).unwrap().to_string(),
                pkcs8_pem: secret.to_pkcs8_pem(LineEnding::LF).unwrap().to_string(),
            };
        }
    }
}

/// A fake Coinbase: the App API at `{fake}/v2`, Exchange at `{exchange}`, and a client whose
/// `x-auth-data` carries `credentials`.
pub struct Cb {
    pub fake: MockServer,
    pub exchange: MockServer,
    pub server: TestServer,
    pub client: Client,
    pub key: TestKey,
    /// The nonces of the JWTs the fake accepted.
    pub nonces: Arc<Mutex<Vec<String>>>,
}

pub async fn setup_with(credentials: impl FnOnce(&TestKey) -> Value) -> Cb {
    let fake = MockServer::start().await;
    let exchange = MockServer::start().await;
    let settings =
        settings_for(&format!("{}/v2", fake.uri())).with_api("exchange", &exchange.uri());
    let server = TestServer::start(&coinbase_mcp_server::SPEC, settings).await;
    let key = test_key();
    let creds = credentials(&key);
    let client = server
        .client_with(&[("x-auth-data", &mcp_shared::auth::encode_auth_data(&creds))])
        .await;
    Cb {
        fake,
        exchange,
        server,
        client,
        key,
        nonces: Arc::default(),
    }
}

/// With the CDP portal's SEC1 key, its line breaks written as literal `\n` (as in a .env).
pub async fn setup() -> Cb {
    setup_with(|k| {
        json!({"api_key_name": KEY_NAME, "api_key_private_key": k.sec1_pem.replace('\n', "\\n")})
    })
    .await
}

fn b64d(s: &str) -> Vec<u8> {
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(s)
        .unwrap_or_default()
}

/// Checks a request's `Authorization: Bearer <jwt>` for real.
pub struct JwtCheck {
    pub key: VerifyingKey,
    pub uri: String,
    pub nonces: Arc<Mutex<Vec<String>>>,
}

impl JwtCheck {
    /// Why the JWT is refused, if it is.
    pub fn refuse(&self, auth: Option<&str>) -> Option<String> {
        let jwt = auth?.strip_prefix("Bearer ")?;
        let parts: Vec<&str> = jwt.split('.').collect();
        let [h, c, s] = parts.as_slice() else {
            return Some("not three parts".into());
        };
        let header: Value = serde_json::from_slice(&b64d(h)).ok()?;
        let claims: Value = serde_json::from_slice(&b64d(c)).ok()?;
        let sig = Signature::from_slice(&b64d(s)).ok()?;
        if self
            .key
            .verify(format!("{h}.{c}").as_bytes(), &sig)
            .is_err()
        {
            return Some("bad signature".into());
        }
        let now = chrono::Utc::now().timestamp();
        let nbf = claims["nbf"].as_i64()?;
        let exp = claims["exp"].as_i64()?;
        let nonce = header["nonce"].as_str().unwrap_or_default();
        let checks = [
            (header["alg"] == "ES256", "alg"),
            (header["kid"] == KEY_NAME, "kid"),
            (header["typ"] == "JWT", "typ"),
            (
                nonce.len() >= 16 && nonce.bytes().all(|b| b.is_ascii_hexdigit()),
                "nonce",
            ),
            (claims["sub"] == KEY_NAME, "sub"),
            (claims["iss"] == "cdp", "iss"),
            (claims["uri"] == self.uri.as_str(), "uri"),
            (nbf <= now + 1 && nbf >= now - 30, "nbf"),
            (exp == nbf + 120, "exp"),
        ];
        if let Some((_, what)) = checks.iter().find(|(ok, _)| !ok) {
            return Some(format!("{what}: {header} {claims}"));
        }
        self.nonces.lock().unwrap().push(nonce.to_owned());
        None
    }
}

impl Match for JwtCheck {
    fn matches(&self, req: &Request) -> bool {
        let auth = req
            .headers
            .get("authorization")
            .and_then(|v| v.to_str().ok());
        match self.refuse(auth) {
            None if auth.is_some() => true,
            None => false,
            Some(why) => {
                eprintln!("JWT refused: {why}");
                false
            }
        }
    }
}

impl Cb {
    /// Expect one signed `GET /v2{path}` with exactly `query`, answered with `body`.
    pub async fn signed_get(&self, path: &str, query: &[(&str, &str)], status: u16, body: Value) {
        let port = self.fake.address().port();
        Mock::given(matchers::method("GET"))
            .and(matchers::path(format!("/v2{path}")))
            .and(QueryExact(
                query
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            ))
            .and(matchers::header("cb-version", CB_VERSION))
            .and(NoBody)
            .and(JwtCheck {
                key: self.key.verifying,
                uri: format!("GET 127.0.0.1:{port}/v2{path}"),
                nonces: self.nonces.clone(),
            })
            .respond_with(ResponseTemplate::new(status).set_body_json(body))
            .expect(1)
            .mount(&self.fake)
            .await;
    }

    /// Expect one public `GET /v2{path}` (no Authorization header) with exactly `query`.
    pub async fn public_get(&self, path: &str, query: &[(&str, &str)], status: u16, body: Value) {
        Mock::given(matchers::method("GET"))
            .and(matchers::path(format!("/v2{path}")))
            .and(QueryExact(
                query
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            ))
            .and(matchers::header("cb-version", CB_VERSION))
            .and(NoBody)
            .and(NoAuth)
            .respond_with(ResponseTemplate::new(status).set_body_json(body))
            .expect(1)
            .mount(&self.fake)
            .await;
    }
}

/// The request carries no credentials.
pub struct NoAuth;

impl Match for NoAuth {
    fn matches(&self, req: &Request) -> bool {
        !req.headers.contains_key("authorization")
    }
}

/// Coinbase's v2 error body.
pub fn cb_error(id: &str, message: &str) -> Value {
    json!({"errors": [{"id": id, "message": message}]})
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(coinbase_mcp_server::SPEC, "coinbase-mcp-server");

#[tokio::test]
async fn catalog_tools_only() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    assert!(mcp_testkit::tools_beyond_catalog(&tools, "coinbase").is_empty());
    // Every catalog tool only reads: all stay listed in read-only mode.
    assert!(
        tools
            .iter()
            .all(|t| t.annotations.as_ref().and_then(|a| a.read_only_hint) == Some(true))
    );
}
