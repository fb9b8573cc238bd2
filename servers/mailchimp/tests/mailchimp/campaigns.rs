//! Campaigns: list with filters, create, get, content, send, schedule (batch delivery),
//! unschedule, delete; problem+json errors.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn get_all_campaigns_sends_every_filter() {
    let s = setup().await;
    expect("GET", "/campaigns")
        .header("authorization", &basic())
        .queries(&[
            ("count", "10"),
            ("offset", "20"),
            ("type", "regular"),
            ("status", "sent"),
            ("before_send_time", "2026-03-01T00:00:00+00:00"),
            ("since_send_time", "2026-01-01T00:00:00+00:00"),
            ("before_create_time", "2026-03-01T00:00:00+00:00"),
            ("since_create_time", "2025-12-01T00:00:00+00:00"),
            ("list_id", "a1b2c3d4e5"),
            ("folder_id", "f1"),
            ("sort_field", "send_time"),
            ("sort_dir", "DESC"),
            ("exclude_fields", "_links,campaigns._links"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"campaigns": [campaign_json("c1", "sent")], "total_items": 21}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_get_all_campaigns",
            json!({
                "offset": 20, "type": "regular", "status": "sent",
                "before_send_time": "2026-03-01T00:00:00+00:00", "since_send_time": "2026-01-01T00:00:00+00:00",
                "before_create_time": "2026-03-01T00:00:00+00:00", "since_create_time": "2025-12-01T00:00:00+00:00",
                "list_id": "a1b2c3d4e5", "folder_id": "f1", "sort_field": "send_time", "sort_dir": "DESC"
            }),
        )
        .await;
    assert_eq!(v["campaigns"][0]["subject_line"], "Spring sale");
    assert_eq!(v["campaigns"][0]["list_id"], "a1b2c3d4e5");
    assert_eq!(v["campaigns"][0]["open_rate"], 0.4);
    assert!(v.get("next_cursor").is_none(), "{v}");
}

#[tokio::test]
async fn get_all_campaigns_rejects_a_bad_sort_dir() {
    let s = setup().await;
    let err = s
        .client
        .call_err("mailchimp_get_all_campaigns", json!({"sort_dir": "up"}))
        .await;
    assert!(err.contains("sort_dir"), "{err}");
}

#[tokio::test]
async fn create_campaign_nests_recipients_and_settings() {
    let s = setup().await;
    expect("POST", "/campaigns")
        .header("authorization", &basic())
        .json_body(json!({
            "type": "regular",
            "recipients": {"list_id": "a1b2c3d4e5"},
            "settings": {
                "subject_line": "Spring sale", "from_name": "Acme", "reply_to": "news@acme.com",
                "title": "Spring", "auto_footer": false, "template_id": 42
            }
        }))
        .respond(&s.fake, 200, campaign_json("c1", "save"))
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_create_campaign",
            json!({
                "type": "regular", "list_id": "a1b2c3d4e5", "subject_line": "Spring sale",
                "from_name": "Acme", "reply_to": "news@acme.com", "title": "Spring",
                "auto_footer": false, "template_id": 42, "timewarp": true, "drag_and_drop": true
            }),
        )
        .await;
    assert_eq!(v["id"], "c1");
    assert_eq!(v["status"], "save");
}

#[tokio::test]
async fn create_campaign_field_errors() {
    let s = setup().await;
    expect("POST", "/campaigns")
        .any_body()
        .respond_with(
            &s.fake,
            problem(
                400,
                "Invalid Resource",
                "The resource submitted could not be validated.",
                json!([{"field": "recipients.list_id", "message": "The list does not exist."}]),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "mailchimp_create_campaign",
            json!({"type": "regular", "list_id": "zz", "subject_line": "S", "from_name": "A", "reply_to": "a@acme.com"}),
        )
        .await;
    assert!(
        err.contains("recipients.list_id: The list does not exist."),
        "{err}"
    );
}

#[tokio::test]
async fn get_campaign_info_is_concise() {
    let s = setup().await;
    expect("GET", "/campaigns/c1")
        .header("authorization", &basic())
        .query("exclude_fields", "_links")
        .respond(&s.fake, 200, campaign_json("c1", "schedule"))
        .await;
    let v = s
        .client
        .call_ok("mailchimp_get_campaign_info", json!({"campaign_id": "c1"}))
        .await;
    assert_eq!(v["status"], "schedule");
    assert_eq!(v["recipient_count"], 42);
    assert!(v.get("tracking").is_none());
}

#[tokio::test]
async fn get_campaign_info_not_found() {
    let s = setup().await;
    expect("GET", "/campaigns/zz")
        .query("exclude_fields", "_links")
        .respond_with(
            &s.fake,
            problem(
                404,
                "Resource Not Found",
                "The requested resource could not be found.",
                serde_json::Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err("mailchimp_get_campaign_info", json!({"campaign_id": "zz"}))
        .await;
    assert!(err.contains("Resource Not Found"), "{err}");
}

#[tokio::test]
async fn set_campaign_content_puts_the_html() {
    let s = setup().await;
    expect("PUT", "/campaigns/c1/content")
        .header("authorization", &basic())
        .json_body(json!({"html": "<p>Hello</p>", "plain_text": "Hello"}))
        .respond(
            &s.fake,
            200,
            json!({"plain_text": "Hello", "html": "<p>Hello</p>", "archive_html": "<html>…</html>", "_links": []}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_set_campaign_content",
            json!({"campaign_id": "c1", "html": "<p>Hello</p>", "plain_text": "Hello"}),
        )
        .await;
    assert_eq!(v["html_chars"], 12);
    assert_eq!(v["plain_text_chars"], 5);
}

#[tokio::test]
async fn set_campaign_content_needs_content() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "mailchimp_set_campaign_content",
            json!({"campaign_id": "c1"}),
        )
        .await;
    assert!(err.contains("give the content"), "{err}");
}

#[tokio::test]
async fn send_campaign_posts_the_action() {
    let s = setup().await;
    expect("POST", "/campaigns/c1/actions/send")
        .header("authorization", &basic())
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok("mailchimp_send_campaign", json!({"campaign_id": "c1"}))
        .await;
    assert_eq!(v["sent"], true);
}

#[tokio::test]
async fn send_campaign_not_ready() {
    let s = setup().await;
    expect("POST", "/campaigns/c1/actions/send")
        .respond_with(
            &s.fake,
            problem(
                400,
                "Bad Request",
                "Your Campaign is not ready to send.",
                serde_json::Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err("mailchimp_send_campaign", json!({"campaign_id": "c1"}))
        .await;
    assert!(err.contains("not ready to send"), "{err}");
}

#[tokio::test]
async fn schedule_campaign_with_batch_delivery() {
    let s = setup().await;
    expect("POST", "/campaigns/c1/actions/schedule")
        .header("authorization", &basic())
        .json_body(json!({
            "schedule_time": "2026-12-01T15:00:00Z",
            "timewarp": false,
            "batch_delivery": {"batch_delay": 15, "batch_count": 4}
        }))
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_schedule_campaign",
            json!({"campaign_id": "c1", "schedule_time": "2026-12-01T15:00:00Z", "timewarp": false, "batch_delay": 15, "batch_count": 4}),
        )
        .await;
    assert_eq!(v["scheduled"], true);
}

#[tokio::test]
async fn schedule_campaign_needs_both_batch_fields() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "mailchimp_schedule_campaign",
            json!({"campaign_id": "c1", "schedule_time": "2026-12-01T15:00:00Z", "batch_delay": 15}),
        )
        .await;
    assert!(err.contains("batch_count"), "{err}");
}

#[tokio::test]
async fn unschedule_campaign_posts_the_action() {
    let s = setup().await;
    expect("POST", "/campaigns/c1/actions/unschedule")
        .header("authorization", &basic())
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_unschedule_campaign",
            json!({"campaign_id": "c1"}),
        )
        .await;
    assert_eq!(v["unscheduled"], true);
}

#[tokio::test]
async fn unschedule_campaign_that_is_not_scheduled() {
    let s = setup().await;
    expect("POST", "/campaigns/c1/actions/unschedule")
        .respond_with(
            &s.fake,
            problem(
                400,
                "Bad Request",
                "This campaign is not scheduled.",
                serde_json::Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "mailchimp_unschedule_campaign",
            json!({"campaign_id": "c1"}),
        )
        .await;
    assert!(err.contains("not scheduled"), "{err}");
}

#[tokio::test]
async fn delete_campaign_deletes() {
    let s = setup().await;
    expect("DELETE", "/campaigns/c1")
        .header("authorization", &basic())
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok("mailchimp_delete_campaign", json!({"campaign_id": "c1"}))
        .await;
    assert_eq!(v["deleted"], true);
}

#[tokio::test]
async fn delete_campaign_not_found() {
    let s = setup().await;
    expect("DELETE", "/campaigns/zz")
        .respond_with(
            &s.fake,
            problem(
                404,
                "Resource Not Found",
                "The requested resource could not be found.",
                serde_json::Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err("mailchimp_delete_campaign", json!({"campaign_id": "zz"}))
        .await;
    assert!(err.contains("could not be found"), "{err}");
}
