//! A token sent in Klavis's custom `hf-token` header reaches the Hub as a bearer token and
//! never appears in the binary's logs at `RUST_LOG=trace` nor in an error text, even when the
//! Hub echoes it back.

use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{Traced, expect};
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_hugging-face-mcp-server");
const SECRET: &str = "hf_HeaderSecret9f8e7d6c5b4a3210";

#[tokio::test]
async fn hf_token_header_never_reaches_logs_or_errors() {
    let fake = MockServer::start().await;
    expect("GET", "/api/whoami-v2")
        .bearer(SECRET)
        .respond(&fake, 200, crate::common::whoami_body())
        .await;
    expect("GET", "/api/models/acme/private")
        .bearer(SECRET)
        .respond_with(
            &fake,
            ResponseTemplate::new(401)
                .insert_header(
                    "x-error-message",
                    format!("Invalid token {SECRET}").as_str(),
                )
                .set_body_json(json!({"error": format!("Invalid credentials: {SECRET}")})),
        )
        .await;
    let traced = Traced::start(
        BIN,
        &[("HUGGING_FACE_API_BASE_URL", &fake.uri())],
        &[("hf-token", SECRET)],
        SECRET,
    )
    .await;
    let v = traced.client.call_ok("hf_whoami", json!({})).await;
    assert_eq!(v["name"], "alice");
    let err = traced
        .call_err("model_details", json!({"model_id": "acme/private"}))
        .await;
    assert!(err.contains("401"), "{err}");
    traced.finish().await;
}
