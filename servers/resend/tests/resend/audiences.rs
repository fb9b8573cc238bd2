use crate::{req, resend_error, setup};
use serde_json::{Value, json};

const SEG: &str = "78261eea-8f8b-4381-83c6-79fa7120f1cf";

#[tokio::test]
async fn create_audience_creates_a_segment() {
    let s = setup().await;
    req("POST", "/segments")
        .json_body(json!({"name": "Registered Users"}))
        .respond(&s.fake, 201, json!({"object": "segment", "id": SEG}))
        .await;
    let v = s
        .client
        .call_ok(
            "resend_create_audience",
            json!({"name": " Registered Users "}),
        )
        .await;
    assert_eq!(v, json!({"id": SEG, "name": "Registered Users"}));
}

#[tokio::test]
async fn create_audience_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("resend_create_audience", json!({"name": ""}))
        .await;
    assert!(err.contains("`name`"), "{err}");
    req("POST", "/segments")
        .json_body(json!({"name": "x"}))
        .respond(
            &s.fake,
            422,
            resend_error(
                422,
                "validation_error",
                "Segment limit reached for your plan.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("resend_create_audience", json!({"name": "x"}))
        .await;
    assert!(err.contains("validation_error"), "{err}");
    assert!(err.contains("Segment limit reached"), "{err}");
}

#[tokio::test]
async fn get_audience_reads_the_segment() {
    let s = setup().await;
    req("GET", &format!("/segments/{SEG}"))
        .respond(
            &s.fake,
            200,
            json!({"object": "segment", "id": SEG, "name": "Active Users", "filter": null, "created_at": "2023-10-06 23:47:56.678+00"}),
        )
        .await;
    let v = s
        .client
        .call_ok("resend_get_audience", json!({"id": SEG}))
        .await;
    assert_eq!(
        v,
        json!({"id": SEG, "name": "Active Users", "created_at": "2023-10-06 23:47:56.678+00"})
    );
}

#[tokio::test]
async fn get_audience_not_found() {
    let s = setup().await;
    req("GET", "/segments/missing")
        .respond(
            &s.fake,
            404,
            resend_error(404, "not_found", "Segment not found"),
        )
        .await;
    let err = s
        .client
        .call_err("resend_get_audience", json!({"id": "missing"}))
        .await;
    assert!(err.contains("Segment not found"), "{err}");
}

#[tokio::test]
async fn delete_audience_deletes_the_segment() {
    let s = setup().await;
    req("DELETE", &format!("/segments/{SEG}"))
        .respond(
            &s.fake,
            200,
            json!({"object": "segment", "id": SEG, "deleted": true}),
        )
        .await;
    let v = s
        .client
        .call_ok("resend_delete_audience", json!({"id": SEG}))
        .await;
    assert_eq!(v, json!({"id": SEG, "deleted": true}));
    let err = s
        .client
        .call_err("resend_delete_audience", json!({"id": ""}))
        .await;
    assert!(err.contains("`id`"), "{err}");
}

#[tokio::test]
async fn delete_audience_error() {
    let s = setup().await;
    req("DELETE", "/segments/gone")
        .respond(
            &s.fake,
            404,
            resend_error(404, "not_found", "Segment not found"),
        )
        .await;
    let err = s
        .client
        .call_err("resend_delete_audience", json!({"id": "gone"}))
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn list_audiences_lists_segments_with_cursor() {
    let s = setup().await;
    req("GET", "/segments")
        .query("limit", "20")
        .respond(
            &s.fake,
            200,
            json!({"object": "list", "has_more": true, "data": [
                {"id": "s1", "name": "Registered Users", "created_at": "2023-10-06 22:59:55.977+00"},
                {"id": "s2", "name": "Trials", "created_at": "2023-10-07 22:59:55.977+00"}
            ]}),
        )
        .await;
    let v = s.client.call_ok("resend_list_audiences", json!({})).await;
    assert_eq!(
        v["items"][1],
        json!({"id": "s2", "name": "Trials", "created_at": "2023-10-07 22:59:55.977+00"})
    );
    assert_eq!(v["next_cursor"], "s2");
    req("GET", "/segments")
        .query("limit", "2")
        .query("after", "s2")
        .respond(
            &s.fake,
            200,
            json!({"object": "list", "has_more": false, "data": [{"id": "s3", "name": "Last"}]}),
        )
        .await;
    let v = s
        .client
        .call_ok("resend_list_audiences", json!({"limit": 2, "cursor": "s2"}))
        .await;
    assert_eq!(v["items"][0]["id"], "s3");
    assert_eq!(v["has_more"], false);
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn list_audiences_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("resend_list_audiences", json!({"limit": 0}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
    req("GET", "/segments")
        .query("limit", "20")
        .times(3)
        .respond(
            &s.fake,
            500,
            resend_error(500, "application_error", "An unexpected error occurred."),
        )
        .await;
    let err = s.client.call_err("resend_list_audiences", json!({})).await;
    assert!(err.contains("500"), "{err}");
    assert!(err.contains("application_error"), "{err}");
}
