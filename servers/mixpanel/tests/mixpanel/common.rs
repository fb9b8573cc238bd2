//! One fake for Mixpanel's three APIs, a server pointed at it, and a client sending a
//! service account.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, Expect, TestServer, expect, settings_for};
use serde_json::{Value, json};

pub const USER: &str = "analytics-bot.3f2a1c.mp-service-account";
pub const SECRET: &str = "mp-secret-0123456789abcdef";
pub const PROJECT: &str = "2195193";

pub struct Setup {
    pub fake: MockServer,
    pub server: TestServer,
    pub client: Client,
}

pub fn creds() -> Value {
    json!({"serviceaccount_username": USER, "serviceaccount_secret": SECRET})
}

impl Setup {
    pub async fn client_with(&self, credentials: Value) -> Client {
        let auth = mcp_shared::auth::encode_auth_data(&credentials);
        self.server.client_with(&[("x-auth-data", &auth)]).await
    }
}

pub async fn setup() -> Setup {
    setup_with(mcp_shared::Settings::default().options).await
}

/// With the server's options (e.g. `region`).
pub async fn setup_with(options: Vec<(String, String)>) -> Setup {
    let fake = MockServer::start().await;
    let settings = mcp_shared::Settings {
        options,
        ..settings_for(&fake.uri())
    }
    .with_api("export", &fake.uri())
    .with_api("ingestion", &fake.uri());
    let server = TestServer::start(&mixpanel_mcp_server::SPEC, settings).await;
    let auth = mcp_shared::auth::encode_auth_data(&creds());
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    Setup {
        fake,
        server,
        client,
    }
}

/// `Authorization: Basic base64(user:secret)`.
pub fn basic() -> String {
    mcp_testkit::basic_auth(USER, SECRET)
}

/// `method path` with the service account and `project_id`.
pub fn mp(method: &'static str, path: &str) -> Expect {
    expect(method, path)
        .header("authorization", &basic())
        .query("project_id", PROJECT)
}
