//! Credentials end to end: precedence, malformed and missing credentials, tenant isolation.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use mcp_shared::auth::encode_auth_data;
use mcp_shared::{Credentials, EnvCredentials, auth::CredentialSource};
use mcp_testkit::wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, auth_data, expect, settings_for};
use serde_json::json;

use crate::acme::{SPEC, thing};

fn env_token(t: &str) -> EnvCredentials {
    EnvCredentials::from_credentials(Credentials::from_token(t, CredentialSource::AuthDataEnv))
}

#[tokio::test]
async fn header_beats_bearer_beats_environment() {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.env_credentials = env_token("from-env");
    let server = TestServer::start(&SPEC, settings).await;

    for (headers, token) in [
        (
            vec![
                ("x-auth-data", auth_data("from-header")),
                ("authorization", "Bearer from-bearer".to_owned()),
            ],
            "from-header",
        ),
        (
            vec![("authorization", "Bearer from-bearer".to_owned())],
            "from-bearer",
        ),
        (vec![], "from-env"),
    ] {
        fake.reset().await;
        expect("GET", "/things/1")
            .bearer(token)
            .header("x-acme-version", "2024-01")
            .respond(&fake, 200, thing(1))
            .await;
        let h: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let client = server.client_with(&h).await;
        let v = client.call_ok("acme_get_thing", json!({"id": 1})).await;
        assert_eq!(v["id"], 1, "with token {token}");
        client.close().await;
        fake.verify().await;
    }
    server.stop().await;
}

#[tokio::test]
async fn nested_and_url_safe_auth_data() {
    use base64::Engine as _;
    let fake = MockServer::start().await;
    let server = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let raw = json!({"access_token": "tok/with+chars?", "authed_user": {"access_token": "user"}})
        .to_string();
    let url_safe = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(raw);
    expect("GET", "/things/2")
        .bearer("tok/with+chars?")
        .respond(&fake, 200, thing(2))
        .await;
    let client = server.client_with(&[("x-auth-data", &url_safe)]).await;
    assert_eq!(
        client.call_ok("acme_get_thing", json!({"id": 2})).await["id"],
        2
    );
    server.stop().await;
}

#[tokio::test]
async fn malformed_header_is_an_error_and_never_falls_back() {
    let fake = MockServer::start().await;
    // Any upstream call would be a fallback to the environment's token: there must be none.
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .mount(&fake)
        .await;
    let mut settings = settings_for(&fake.uri());
    settings.env_credentials = env_token("env-token-must-not-be-used");
    let server = TestServer::start(&SPEC, settings).await;
    let huge = "A".repeat(20_000);
    for bad in [
        "not base64 at all!".to_owned(),
        encode_auth_data(&json!(["array"])),
        base64_of("not json"),
        huge,
    ] {
        let client = server.client_with(&[("x-auth-data", &bad)]).await;
        // Listing still works.
        assert_eq!(client.list_tools().await.len(), 4);
        let err = client
            .call_protocol_err("acme_get_thing", json!({"id": 1}))
            .await;
        assert!(err.contains("x-auth-data header is malformed"), "{err}");
        assert!(!err.contains("env-token"), "{err}");
        client.close().await;
    }
    let client = server
        .client_with(&[("authorization", "Basic dXNlcjpwYXNz")])
        .await;
    let err = client
        .call_protocol_err("acme_get_thing", json!({"id": 1}))
        .await;
    assert!(err.contains("Authorization header is malformed"), "{err}");
    server.stop().await;
}

fn base64_of(s: &str) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(s)
}

#[tokio::test]
async fn missing_credentials_name_what_to_set() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let client = server.client_with(&[]).await;
    assert_eq!(client.list_tools().await.len(), 4);
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(err.contains("No Acme credentials"), "{err}");
    assert!(
        err.contains("x-auth-data") && err.contains("ACME_TOKEN"),
        "{err}"
    );
    server.stop().await;
}

#[tokio::test]
async fn require_auth_header_disables_environment_fallback() {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.env_credentials = env_token("from-env");
    settings.require_auth_header = true;
    let server = TestServer::start(&SPEC, settings).await;
    let client = server.client_with(&[]).await;
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(err.contains("No Acme credentials"), "{err}");
    server.stop().await;
}

/// Answers `/things/{i}` only when the bearer token is `tenant-{i}`; counts mismatches.
struct TenantCheck {
    mismatches: Arc<AtomicUsize>,
    calls: Arc<AtomicUsize>,
}

impl Respond for TenantCheck {
    fn respond(&self, req: &Request) -> ResponseTemplate {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let id = req.url.path().rsplit('/').next().unwrap_or("").to_owned();
        let auth = req
            .headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        if auth != format!("Bearer tenant-{id}") {
            self.mismatches.fetch_add(1, Ordering::SeqCst);
            return ResponseTemplate::new(401).set_body_json(json!({"message": "wrong tenant"}));
        }
        let n: u64 = id.parse().unwrap_or(0);
        ResponseTemplate::new(200)
            .set_body_json(thing(n))
            .set_delay(std::time::Duration::from_millis(n % 3))
    }
}

async fn tenants_concurrently(stateless: bool) {
    // 3,072 calls: not recorded (the responder counts them), so the fake stays cheap.
    let fake = MockServer::builder()
        .disable_request_recording()
        .start()
        .await;
    let mismatches = Arc::new(AtomicUsize::new(0));
    let calls = Arc::new(AtomicUsize::new(0));
    Mock::given(matchers::method("GET"))
        .and(matchers::path_regex("^/things/[0-9]+$"))
        .respond_with(TenantCheck {
            mismatches: mismatches.clone(),
            calls: calls.clone(),
        })
        .mount(&fake)
        .await;
    let mut settings = settings_for(&fake.uri());
    settings.stateless = stateless;
    settings.env_credentials = env_token("env-must-not-be-used");
    let server = Arc::new(TestServer::start(&SPEC, settings).await);
    // 64 tenants calling at once, 48 calls each (3,072 through one server), with responses
    // delayed 0-2 ms by tenant so that calls of different tenants interleave. A mix-up shows
    // within the first round of calls; the 20,000-call load belongs to the bench, not to a
    // test that every CI run waits for.
    const CLIENTS: u64 = 64;
    const CALLS: u64 = 48;
    let mut tasks = Vec::new();
    for i in 0..CLIENTS {
        let server = server.clone();
        tasks.push(tokio::spawn(async move {
            let client = server.client(&format!("tenant-{i}")).await;
            for _ in 0..CALLS {
                let v = client.call_ok("acme_get_thing", json!({"id": i})).await;
                assert_eq!(v["id"], i);
            }
            client.close().await;
        }));
    }
    for t in tasks {
        t.await.expect("client task");
    }
    assert_eq!(mismatches.load(Ordering::SeqCst), 0);
    assert_eq!(calls.load(Ordering::SeqCst) as u64, CLIENTS * CALLS);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_tenants_never_mix_sessions() {
    tenants_concurrently(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_tenants_never_mix_stateless() {
    tenants_concurrently(true).await;
}
