//! The SerpApi key travels as the `api_key` query parameter: it never reaches the logs at
//! `RUST_LOG=trace`, nor an error text, even when SerpApi's error body echoes it or a URL
//! carrying it.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Traced, expect};
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
    let auth = mcp_shared::auth::encode_auth_data(&json!({"token": SECRET}));
    let traced = Traced::start(
        BIN,
        &[("GOOGLE_JOBS_API_BASE_URL", &fake.uri())],
        &[("x-auth-data", &auth)],
        SECRET,
    )
    .await;
    let err = traced
        .call_err("google_jobs_search", json!({"query": "barista"}))
        .await;
    assert!(err.contains("401") && err.contains("[redacted]"), "{err}");
    let err = traced
        .call_err("google_jobs_get_details", json!({"job_id": "j1"}))
        .await;
    assert!(err.contains("Listing not found"), "{err}");
    traced.finish().await;
}
