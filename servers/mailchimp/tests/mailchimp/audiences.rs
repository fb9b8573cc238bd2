//! Audiences: list with count/offset paging behind limit + cursor, get, create, update,
//! delete; field errors from problem+json.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn get_all_audiences_pages_with_count_and_offset() {
    let s = setup().await;
    expect("GET", "/lists")
        .header("authorization", &basic())
        .queries(&[
            ("count", "2"),
            ("offset", "4"),
            ("exclude_fields", "_links,lists._links"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"lists": [list_json("l1"), list_json("l2")], "total_items": 9, "constraints": {}, "_links": []}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_get_all_audiences",
            json!({"limit": 2, "cursor": "4"}),
        )
        .await;
    assert_eq!(v["lists"][1]["id"], "l2");
    assert_eq!(v["lists"][0]["member_count"], 42);
    assert!(v["lists"][0].get("_links").is_none());
    assert_eq!(v["total_items"], 9);
    assert_eq!(v["next_cursor"], "6");
}

#[tokio::test]
async fn get_all_audiences_takes_klavis_count_and_offset_and_ends() {
    let s = setup().await;
    expect("GET", "/lists")
        .queries(&[
            ("count", "5"),
            ("offset", "1"),
            ("exclude_fields", "_links,lists._links"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"lists": [list_json("l1")], "total_items": 2}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_get_all_audiences",
            json!({"count": 5, "offset": 1}),
        )
        .await;
    assert_eq!(v["lists"][0]["name"], "Newsletter");
    assert!(v.get("next_cursor").is_none(), "{v}");
}

#[tokio::test]
async fn get_all_audiences_refuses_a_page_over_1000() {
    let s = setup().await;
    let err = s
        .client
        .call_err("mailchimp_get_all_audiences", json!({"limit": 1001}))
        .await;
    assert!(err.contains("1 to 1000"), "{err}");
    let err = s
        .client
        .call_err("mailchimp_get_all_audiences", json!({"cursor": "abc"}))
        .await;
    assert!(err.contains("next_cursor"), "{err}");
}

#[tokio::test]
async fn create_audience_builds_contact_and_campaign_defaults() {
    let s = setup().await;
    expect("POST", "/lists")
        .header("authorization", &basic())
        .json_body(json!({
            "name": "Newsletter",
            "contact": {"company": "Acme", "address1": "1 Main St", "city": "Atlanta", "state": "GA", "zip": "30308", "country": "US"},
            "permission_reminder": "You signed up on our site",
            "campaign_defaults": {"from_name": "Acme", "from_email": "news@acme.com", "subject": "News", "language": "en"},
            "email_type_option": false,
            "double_optin": true
        }))
        .respond(&s.fake, 200, list_json("l9"))
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_create_audience",
            json!({
                "name": "Newsletter",
                "contact": {"company": "Acme", "address1": "1 Main St", "city": "Atlanta", "state": "GA", "zip": "30308", "country": "US"},
                "permission_reminder": "You signed up on our site",
                "from_name": "Acme",
                "from_email": "news@acme.com",
                "subject": "News",
                "double_optin": true
            }),
        )
        .await;
    assert_eq!(v["id"], "l9");
    assert_eq!(v["campaign_defaults"]["from_email"], "news@acme.com");
}

#[tokio::test]
async fn create_audience_reports_field_errors() {
    let s = setup().await;
    expect("POST", "/lists")
        .any_body()
        .respond_with(
            &s.fake,
            problem(
                400,
                "Invalid Resource",
                "The resource submitted could not be validated. For field-specific details, see the 'errors' array.",
                json!([{"field": "contact.country", "message": "This value should not be blank."}]),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "mailchimp_create_audience",
            json!({
                "name": "N", "contact": {"company": "Acme"}, "permission_reminder": "p",
                "from_name": "A", "from_email": "a@acme.com", "subject": "S"
            }),
        )
        .await;
    assert!(err.contains("Invalid Resource"), "{err}");
    assert!(
        err.contains("contact.country: This value should not be blank."),
        "{err}"
    );
}

#[tokio::test]
async fn get_audience_info_excludes_links() {
    let s = setup().await;
    expect("GET", "/lists/a1b2c3d4e5")
        .header("authorization", &basic())
        .query("exclude_fields", "_links")
        .respond(&s.fake, 200, list_json("a1b2c3d4e5"))
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_get_audience_info",
            json!({"list_id": "a1b2c3d4e5"}),
        )
        .await;
    assert_eq!(v["id"], "a1b2c3d4e5");
    assert_eq!(v["unsubscribe_count"], 3);
}

#[tokio::test]
async fn get_audience_info_not_found() {
    let s = setup().await;
    expect("GET", "/lists/nope")
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
        .call_err("mailchimp_get_audience_info", json!({"list_id": "nope"}))
        .await;
    assert!(err.contains("Resource Not Found"), "{err}");
    assert!(err.contains("404"), "{err}");
}

/// What the update reads first: the fields Mailchimp's "Update lists" body requires.
const UPDATE_FIELDS: &str = "name,contact,permission_reminder,campaign_defaults,email_type_option";

#[tokio::test]
async fn update_audience_reads_then_patches_the_required_fields_merged() {
    let s = setup().await;
    // Mailchimp may ignore `fields`: the fake answers with the whole audience, read-only
    // fields (id, web_id, stats, date_created, _links...) included, none of which is sent back.
    expect("GET", "/lists/l1")
        .header("authorization", &basic())
        .query("fields", UPDATE_FIELDS)
        .respond(&s.fake, 200, list_json("l1"))
        .await;
    let mut updated = list_json("l1");
    updated["name"] = json!("Weekly");
    expect("PATCH", "/lists/l1")
        .header("authorization", &basic())
        .json_body(json!({
            "name": "Weekly",
            "contact": {"company": "Acme", "address1": "1 Main St", "address2": "", "city": "Boston", "state": "MA", "zip": "30308", "country": "US", "phone": ""},
            "permission_reminder": "You signed up on our site",
            "campaign_defaults": {"from_name": "Acme", "from_email": "weekly@acme.com", "subject": "News", "language": "en"},
            "email_type_option": true,
            "double_optin": false
        }))
        .respond(&s.fake, 200, updated)
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_update_audience",
            json!({
                "list_id": "l1",
                "name": "Weekly",
                "contact": {"city": "Boston", "state": "MA"},
                "from_email": "weekly@acme.com",
                "email_type_option": true,
                "double_optin": false
            }),
        )
        .await;
    assert_eq!(v["id"], "l1");
    assert_eq!(v["name"], "Weekly");
}

#[tokio::test]
async fn update_audience_keeps_every_required_field_for_one_change() {
    let s = setup().await;
    expect("GET", "/lists/l1")
        .query("fields", UPDATE_FIELDS)
        .respond(&s.fake, 200, list_json("l1"))
        .await;
    expect("PATCH", "/lists/l1")
        .json_body(json!({
            "name": "Newsletter",
            "contact": {"company": "Acme", "address1": "1 Main St", "address2": "", "city": "Atlanta", "state": "GA", "zip": "30308", "country": "US", "phone": ""},
            "permission_reminder": "You signed up on our site",
            "campaign_defaults": {"from_name": "Acme", "from_email": "news@acme.com", "subject": "News", "language": "en"},
            "email_type_option": false,
            "double_optin": true
        }))
        .respond(&s.fake, 200, list_json("l1"))
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_update_audience",
            json!({"list_id": "l1", "double_optin": true}),
        )
        .await;
    assert_eq!(v["id"], "l1");
}

#[tokio::test]
async fn update_audience_of_a_missing_audience_sends_no_patch() {
    let s = setup().await;
    expect("GET", "/lists/nope")
        .query("fields", UPDATE_FIELDS)
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
        .call_err(
            "mailchimp_update_audience",
            json!({"list_id": "nope", "name": "Weekly"}),
        )
        .await;
    assert!(err.contains("Reading audience `nope`"), "{err}");
    assert!(err.contains("nothing was changed"), "{err}");
    assert!(err.contains("Resource Not Found"), "{err}");
    assert!(err.contains("404"), "{err}");
    let patches = mcp_testkit::request_bodies(&s.fake, "PATCH", "/lists/nope").await;
    assert!(patches.is_empty(), "a PATCH was sent: {patches:?}");
}

#[tokio::test]
async fn update_audience_needs_a_change() {
    let s = setup().await;
    let err = s
        .client
        .call_err("mailchimp_update_audience", json!({"list_id": "l1"}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    mcp_testkit::assert_no_requests(&s.fake).await;
}

#[tokio::test]
async fn delete_audience_deletes() {
    let s = setup().await;
    expect("DELETE", "/lists/l1")
        .header("authorization", &basic())
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok("mailchimp_delete_audience", json!({"list_id": "l1"}))
        .await;
    assert_eq!(v, json!({"deleted": true, "list_id": "l1"}));
}

#[tokio::test]
async fn delete_audience_refuses_a_blank_id() {
    let s = setup().await;
    let err = s
        .client
        .call_err("mailchimp_delete_audience", json!({"list_id": "  "}))
        .await;
    assert!(err.contains("list_id"), "{err}");
}
