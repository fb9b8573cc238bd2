//! The credential (Klavis's `api_key`, a bare key as a Bearer token, a missing key) and the
//! web services' error bodies on an HTTP error status.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, settings_for};
use serde_json::json;

use crate::common::{KEY, setup, status_body, web};

#[tokio::test]
async fn a_bare_key_as_bearer_token_is_the_api_key() {
    let fake = MockServer::start().await;
    let settings = settings_for(&format!("{}/maps/api", fake.uri()));
    let server = TestServer::start(&google_maps_mcp_server::SPEC, settings).await;
    web("/geocode/json", &[("address", "Paris")])
        .respond(&fake, 200, json!({"results": [], "status": "ZERO_RESULTS"}))
        .await;
    let client = server
        .client_with(&[("authorization", &format!("Bearer {KEY}"))])
        .await;
    let v = client
        .call_ok("maps_geocode", json!({"address": "Paris"}))
        .await;
    assert_eq!(v, json!({"results": []}));
}

#[tokio::test]
async fn a_missing_key_names_the_field() {
    let s = setup().await;
    let client = s.server.client_with(&[]).await;
    let err = client
        .call_err(
            "maps_directions",
            json!({"origin": "a", "destination": "b"}),
        )
        .await;
    assert!(err.contains("api_key"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn web_service_error_status_on_http_error() {
    let s = setup().await;
    web("/elevation/json", &[("locations", "1,2")])
        .respond(
            &s.fake,
            400,
            status_body(
                "INVALID_REQUEST",
                "Invalid request. Missing the 'locations' parameter.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "maps_elevation",
            json!({"locations": [{"latitude": 1, "longitude": 2}]}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("(INVALID_REQUEST)"),
        "{err}"
    );
    assert!(err.contains("Missing the 'locations' parameter"), "{err}");
    assert!(err.contains("check the arguments"), "{err}");
}
