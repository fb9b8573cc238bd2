//! The SerpApi key travels as the `api_key` query parameter: it never reaches the logs at
//! `RUST_LOG=trace`, nor an error text, even when SerpApi's error body echoes it or a URL
//! carrying it.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{HttpProcess, connect_http, expect};
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_google-jobs-mcp-server");
const SECRET: &str = "serpapi-secret-never-logged-4242";

#[tokio::test]
async fn key_never_in_logs_or_errors() {
    let fake = MockServer::start().await;
    expect("GET", "/search.json")
        .query("api_key", SECRET)
        .query("engine", "google_jobs")
        .query("q", "barista")
        .respond(
            &fake,
            401,
            json!({"error": format!("Invalid API key {SECRET}. Request: https://serpapi.com/search.json?engine=google_jobs&q=barista&api_key={SECRET}")}),
        )
        .await;
    expect("GET", "/search.json")
        .query("api_key", SECRET)
        .query("engine", "google_jobs_listing")
        .query("q", "j1")
        .respond(
            &fake,
            200,
            json!({"error": format!("Listing not found for api_key={SECRET}")}),
        )
        .await;
    let log = std::env::temp_dir().join(format!("google-jobs-secrets-{}.log", std::process::id()));
    let uri = fake.uri();
    let proc = HttpProcess::spawn(
        BIN,
        &[],
        &[("GOOGLE_JOBS_API_BASE_URL", &uri), ("RUST_LOG", "trace")],
        &log,
    )
    .await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"token": SECRET}));
    let client = connect_http(&proc.url, &[("x-auth-data", &auth)]).await;
    let err = client
        .call_err("google_jobs_search", json!({"query": "barista"}))
        .await;
    assert!(err.contains("401") && err.contains("[redacted]"), "{err}");
    assert!(!err.contains(SECRET), "the key in an error: {err}");
    let err = client
        .call_err("google_jobs_get_details", json!({"job_id": "j1"}))
        .await;
    assert!(err.contains("Listing not found"), "{err}");
    assert!(!err.contains(SECRET), "the key in an error: {err}");
    client.close().await;
    proc.terminate().await;
    let logs = std::fs::read_to_string(&log).unwrap();
    assert!(logs.contains("tool call"), "expected trace logs");
    assert!(!logs.contains(SECRET), "the key in the logs");
}
