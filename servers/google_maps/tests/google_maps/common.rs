//! A fake Google with the three APIs on one server, a server pointed at it, and a client
//! sending the key.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, Expect, TestServer, expect, settings_for};
use serde_json::{Value, json};

pub const KEY: &str = "AIzaSyTest-key_0123456789abcdefghijkl";

pub struct S {
    pub fake: MockServer,
    pub client: Client,
    pub server: TestServer,
}

/// The fake, the server (web services at `/maps/api`, Places at `/v1`, Routes at `/`) and a
/// client whose `x-auth-data` is `{"api_key": KEY}`.
pub async fn setup() -> S {
    let fake = MockServer::start().await;
    let settings = settings_for(&format!("{}/maps/api", fake.uri()))
        .with_api("places", &format!("{}/v1", fake.uri()))
        .with_api("routes", &fake.uri());
    let server = TestServer::start(&google_maps_mcp_server::SPEC, settings).await;
    let client = server
        .client_with(&[(
            "x-auth-data",
            &mcp_shared::auth::encode_auth_data(&json!({ "api_key": KEY })),
        )])
        .await;
    S {
        fake,
        client,
        server,
    }
}

/// A web service `GET /maps/api<path>` with `key=KEY` and exactly these other parameters.
pub fn web(path: &str, query: &[(&str, &str)]) -> Expect {
    expect("GET", format!("/maps/api{path}"))
        .query("key", KEY)
        .queries(query)
        .header("accept", "application/json")
}

/// A Places API (New) request: `X-Goog-Api-Key`, no query. The field mask is checked by
/// [`assert_field_mask`]: the fake's header matcher splits values at commas, so a mask
/// cannot be matched there.
pub fn places(method: &'static str, path: &str) -> Expect {
    expect(method, format!("/v1{path}")).header("x-goog-api-key", KEY)
}

/// A Routes API `POST`: `X-Goog-Api-Key`, no query, this body (field mask: see
/// [`assert_field_mask`]).
pub fn routes(path: &str, body: Value) -> Expect {
    expect("POST", path)
        .header("x-goog-api-key", KEY)
        .json_body(body)
}

/// Every request the fake got for `path` carried exactly this `X-Goog-FieldMask`, and
/// there was at least one.
pub async fn assert_field_mask(fake: &MockServer, path: &str, mask: &str) {
    let got: Vec<String> = fake
        .received_requests()
        .await
        .unwrap()
        .iter()
        .filter(|r| r.url.path() == path)
        .map(|r| {
            r.headers
                .get("x-goog-fieldmask")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("<none>")
                .to_owned()
        })
        .collect();
    assert!(!got.is_empty(), "no request to {path}");
    for m in got {
        assert_eq!(m, mask, "X-Goog-FieldMask of {path}");
    }
}

/// A web service's error answer (HTTP 200).
pub fn status_body(status: &str, message: &str) -> Value {
    json!({"error_message": message, "results": [], "status": status})
}

/// Google's JSON error with an `ErrorInfo` detail.
pub fn google_error(code: u16, status: &str, message: &str, reason: &str, service: &str) -> Value {
    json!({"error": {
        "code": code,
        "message": message,
        "status": status,
        "details": [{
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            "reason": reason,
            "domain": "googleapis.com",
            "metadata": {"service": service, "consumer": "projects/123456789"}
        }]
    }})
}
