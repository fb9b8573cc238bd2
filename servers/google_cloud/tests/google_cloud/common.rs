use std::path::PathBuf;
use std::time::Duration;

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, TestServer, settings_for};
use serde_json::{Value, json};

pub const TOKEN: &str = "gc-test-token";
pub const PROJECT: &str = "proj-1";

pub struct Env {
    pub fake: MockServer,
    #[allow(dead_code)]
    pub server: TestServer,
    pub client: Client,
    pub dir: PathBuf,
}

pub fn creds() -> Value {
    json!({"access_token": TOKEN, "project_id": PROJECT})
}

pub async fn start() -> Env {
    start_with(creds()).await
}

pub async fn start_with(credentials: Value) -> Env {
    start_opts(credentials, &[]).await
}

pub async fn start_opts(credentials: Value, options: &[(&str, &str)]) -> Env {
    let fake = MockServer::start().await;
    let dir = std::env::temp_dir().join(format!("gc-test-{}-{}", std::process::id(), uuid_like()));
    std::fs::create_dir_all(&dir).unwrap();
    let uri = fake.uri();
    let mut settings = settings_for(&uri)
        .with_api("storage", &uri)
        .with_api("logging", &uri)
        .with_api("compute", &uri)
        .with_api("google_oauth", &uri)
        .with_option("workspace", dir.to_str().unwrap());
    settings.poll_interval = Some(Duration::from_millis(10));
    for (k, v) in options {
        settings = settings.with_option(k, v);
    }
    let server = TestServer::start(&google_cloud_mcp_server::SPEC, settings).await;
    let client = server.client_as(&credentials).await;
    Env {
        fake,
        server,
        client,
        dir,
    }
}

fn uuid_like() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::SeqCst)
        + std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64
}

/// The text of a successful call.
pub async fn ok(c: &Client, tool: &str, args: Value) -> String {
    match c.call_ok(tool, args).await {
        Value::String(s) => s,
        other => other.to_string(),
    }
}

/// The requests the fake received for `method path`.
pub async fn received(
    fake: &MockServer,
    method: &str,
    path: &str,
) -> Vec<mcp_testkit::wiremock::Request> {
    fake.received_requests()
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|r| r.method.as_str() == method && r.url.path() == path)
        .collect()
}

pub const BQ: &str = "/bigquery/v2/projects/proj-1";
pub const GCE: &str = "/compute/v1/projects/proj-1";
