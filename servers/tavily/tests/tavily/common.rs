//! A fake Tavily API, a server pointed at it, and a client sending the key.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, Expect, TestServer, expect, settings_for};
use serde_json::{Value, json};

pub const KEY: &str = "tvly-dev-test-key-0123456789";

pub struct Setup {
    pub fake: MockServer,
    pub server: TestServer,
    pub client: Client,
}

impl Setup {
    pub async fn client_with(&self, creds: Value) -> Client {
        let auth = mcp_shared::auth::encode_auth_data(&creds);
        self.server.client_with(&[("x-auth-data", &auth)]).await
    }
}

pub async fn setup() -> Setup {
    let fake = MockServer::start().await;
    let server = TestServer::start(&tavily_mcp_server::SPEC, settings_for(&fake.uri())).await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({ "api_key": KEY }));
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    Setup {
        fake,
        server,
        client,
    }
}

/// `POST <path>` with `Authorization: Bearer <key>` and exactly this JSON body.
pub fn tavily(path: &str, body: Value) -> Expect {
    expect("POST", path).bearer(KEY).json_body(body)
}

pub fn tavily_error(message: &str) -> Value {
    json!({"detail": {"error": message}})
}
