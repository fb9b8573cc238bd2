//! Graph's error body with its request id, and throttling with `Retry-After`.

use std::time::{Duration, Instant};

use mcp_shared::reexports::http::HeaderMap;
use mcp_testkit::expect;
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use mcp_vendor_microsoft as microsoft;
use serde_json::json;

use crate::{G, TOKEN, graph_error};

#[tokio::test]
async fn graph_errors_keep_code_message_and_request_id() {
    let g = G::start().await;
    expect("GET", "/v1.0/me/messages/nope")
        .bearer(TOKEN)
        .respond(
            &g.fake,
            404,
            graph_error(
                "ErrorItemNotFound",
                "The specified object was not found in the store.",
            ),
        )
        .await;
    let err = g
        .client
        .call_err("ms_get", json!({"path": "/me/messages/nope"}))
        .await;
    assert!(
        err.contains("Microsoft Graph API error 404 Not Found (ErrorItemNotFound): The specified object was not found in the store [request-id a1b2c3d4-0000-4000-8000-000000000001, date 2026-12-03T08:00:00]."),
        "{err}"
    );
    assert!(
        err.contains("Hint: not found, or not visible to the signed-in user"),
        "{err}"
    );
    expect("GET", "/v1.0/me/mailFolders")
        .respond(
            &g.fake,
            403,
            graph_error(
                "ErrorAccessDenied",
                "Access is denied. Check credentials and try again.",
            ),
        )
        .await;
    let err = g
        .client
        .call_err(
            "ms_get",
            json!({"path": "/me/mailFolders", "scopes": "Mail.Read"}),
        )
        .await;
    assert!(
        err.contains("403 Forbidden (ErrorAccessDenied): Access is denied"),
        "{err}"
    );
    assert!(
        err.contains("needs the delegated permission Mail.Read"),
        "{err}"
    );
}

#[test]
fn parse_error_reads_graphs_shapes() {
    let h = HeaderMap::new();
    // The OpenAPI description's spelling: `innererror`, `Date`; details added.
    let v = microsoft::parse_error(
        400,
        &h,
        &json!({"error": {"code": "BadRequest", "message": "Invalid filter clause.", "details": [{"code": "x", "message": "Syntax error at position 7."}],
                 "innererror": {"Date": "2026-12-03T08:00:00", "request-id": "r-1"}}}),
    );
    assert_eq!(v.code.as_deref(), Some("BadRequest"));
    assert_eq!(
        v.message.as_deref(),
        Some(
            "Invalid filter clause; Syntax error at position 7 [request-id r-1, date 2026-12-03T08:00:00]"
        )
    );
    assert!(!v.rate_limited);
    let v = microsoft::parse_error(
        401,
        &h,
        &graph_error(
            "InvalidAuthenticationToken",
            "Lifetime validation failed, the token is expired.",
        ),
    );
    assert!(v.hint.unwrap_or_default().contains("invalid or expired"));
    // Throttling: 429, a throttling code, a 503 with Retry-After.
    assert!(
        microsoft::parse_error(
            429,
            &h,
            &graph_error("TooManyRequests", "Too many requests")
        )
        .rate_limited
    );
    assert!(
        microsoft::parse_error(400, &h, &graph_error("activityLimitReached", "Throttled"))
            .rate_limited
    );
    let mut ra = HeaderMap::new();
    ra.insert("retry-after", "5".parse().unwrap());
    assert!(
        microsoft::parse_error(503, &ra, &graph_error("serviceNotAvailable", "busy")).rate_limited
    );
    assert!(
        !microsoft::parse_error(503, &h, &graph_error("serviceNotAvailable", "busy")).rate_limited
    );
    // Not Graph's shape: the usual fields, and the request id header when there is one.
    let v = microsoft::parse_error(
        400,
        &h,
        &json!({"error": "invalid_grant", "error_description": "AADSTS70008: expired"}),
    );
    assert_eq!(v.message.as_deref(), Some("AADSTS70008: expired"));
    let mut rid = HeaderMap::new();
    rid.insert("request-id", "hdr-9".parse().unwrap());
    let v = microsoft::parse_error(
        500,
        &rid,
        &json!({"error": {"code": "generalException", "message": "General exception while processing."}}),
    );
    assert_eq!(
        v.message.as_deref(),
        Some("General exception while processing [request-id hdr-9]")
    );
}

#[tokio::test]
async fn throttled_reads_wait_for_retry_after_then_succeed() {
    let g = G::start().await;
    for status in [429u16, 503] {
        let path = format!("/v1.0/me/t{status}");
        Mock::given(matchers::method("GET"))
            .and(matchers::path(path.clone()))
            .respond_with(
                ResponseTemplate::new(status)
                    .insert_header("Retry-After", "1")
                    .set_body_json(graph_error(
                        "TooManyRequests",
                        "Please retry after 1 second.",
                    )),
            )
            .up_to_n_times(1)
            .expect(1)
            .mount(&g.fake)
            .await;
        expect("GET", path)
            .bearer(TOKEN)
            .respond(&g.fake, 200, json!({"id": "ok"}))
            .await;
        let t = Instant::now();
        let v = g
            .client
            .call_ok("ms_get", json!({"path": format!("/me/t{status}")}))
            .await;
        assert_eq!(v["id"], "ok");
        assert!(
            t.elapsed() >= Duration::from_millis(950),
            "{status}: waited {:?}",
            t.elapsed()
        );
    }
}

#[tokio::test]
async fn throttling_that_outlasts_the_retries_says_when_to_retry() {
    let g = G::start().await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/v1.0/me"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("Retry-After", "0")
                .set_body_json(graph_error("TooManyRequests", "Too many requests")),
        )
        .expect(3)
        .mount(&g.fake)
        .await;
    let err = g.client.call_err("ms_get", json!({"path": "/me"})).await;
    assert!(
        err.contains("429 Too Many Requests (TooManyRequests): Too many requests [request-id"),
        "{err}"
    );
    assert!(err.contains("rate limited by Microsoft Graph"), "{err}");
}
