//! Google's error bodies from both APIs, the Meet API's own base URL, and its env alias.

use crate::common::{TOKEN, meet_error, req, setup};
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

#[tokio::test]
async fn rate_limit_from_the_meet_api_is_retried_then_reported() {
    let s = setup().await;
    req("GET", "/v2/spaces/jQCFfuBOdN5z", &[])
        .times(3)
        .respond(
            &s.fake,
            429,
            meet_error(
                429,
                "RESOURCE_EXHAUSTED",
                "Quota exceeded for quota metric 'Read requests'.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_meet_v2_get_meeting",
            json!({"space_id": "jQCFfuBOdN5z"}),
        )
        .await;
    assert!(
        err.contains("429") && err.contains("Quota exceeded"),
        "{err}"
    );
}

#[tokio::test]
async fn expired_token() {
    let s = setup().await;
    req("GET", "/calendar/v3/calendars/primary/events/evt1", &[])
        .respond(
            &s.fake,
            401,
            mcp_vendor_google::testkit::google_error(
                401,
                "UNAUTHENTICATED",
                Some("authError"),
                "Invalid Credentials",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_meet_get_meeting_details",
            json!({"event_id": "evt1"}),
        )
        .await;
    assert!(
        err.contains("Invalid Credentials") && err.contains("expired"),
        "{err}"
    );
}

#[tokio::test]
async fn the_meet_api_has_its_own_base_url() {
    // Calendar at one fake, Meet at another: each tool reaches its own API only.
    let calendar = mcp_testkit::wiremock::MockServer::start().await;
    let meet = mcp_testkit::wiremock::MockServer::start().await;
    let settings = settings_for(&calendar.uri()).with_api("meet", &format!("{}/v2", meet.uri()));
    let server = TestServer::start(&google_meet_mcp_server::SPEC, settings).await;
    let client = server.client(TOKEN).await;
    expect("GET", "/v2/spaces/jQCFfuBOdN5z")
        .bearer(TOKEN)
        .respond(&meet, 200, crate::common::space("jQCFfuBOdN5z"))
        .await;
    let v = client
        .call_ok(
            "google_meet_v2_get_meeting",
            json!({"space_id": "jQCFfuBOdN5z"}),
        )
        .await;
    assert_eq!(v["name"], "spaces/jQCFfuBOdN5z");
    assert!(calendar.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn klavis_meet_api_base_variable_is_read() {
    // The binary over stdio, the Meet API's base from Klavis's `MEET_API_BASE` only.
    let meet = mcp_testkit::wiremock::MockServer::start().await;
    expect("GET", "/v2/spaces/abc-mnop-xyz")
        .bearer(TOKEN)
        .respond(&meet, 200, crate::common::space("jQCFfuBOdN5z"))
        .await;
    let base = format!("{}/v2", meet.uri());
    let client = mcp_testkit::spawn_stdio(
        env!("CARGO_BIN_EXE_google-meet-mcp-server"),
        &[],
        &[("AUTH_DATA", TOKEN), ("MEET_API_BASE", base.as_str())],
    )
    .await;
    let v = client
        .call_ok(
            "google_meet_v2_get_meeting",
            json!({"space_id": "meet.google.com/abc-mnop-xyz"}),
        )
        .await;
    assert_eq!(v["name"], "spaces/jQCFfuBOdN5z");
    client.close().await;
}

#[test]
fn meet_api_base_url_variables() {
    let spec = &google_meet_mcp_server::SPEC;
    assert_eq!(
        spec.extra_apis[0].default_base_url,
        "https://meet.googleapis.com/v2"
    );
    assert_eq!(
        spec.extra_apis[0].base_url_var,
        "GOOGLE_MEET_REST_API_BASE_URL"
    );
    assert_eq!(
        spec.env_aliases,
        &[("GOOGLE_MEET_REST_API_BASE_URL", "MEET_API_BASE")]
    );
}
