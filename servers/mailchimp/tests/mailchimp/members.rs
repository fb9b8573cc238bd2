//! Members: the subscriber hash in every path, list with filters and paging, add, get,
//! update, archive (DELETE) and permanent deletion (its own action), tags, activity.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::*;

#[test]
fn subscriber_hash_is_md5_of_the_lower_cased_address() {
    use mailchimp_mcp_server::subscriber_hash;
    // Mailchimp's own documented example.
    assert_eq!(
        subscriber_hash("urist.mcvankab@freddiesjokes.com"),
        "62eeb292278cc15f5817cb78f7790b08"
    );
    assert_eq!(
        subscriber_hash(" Ann.Lee@Example.COM "),
        "ac22d1dff811ced3068af057a3ed7029"
    );
    assert_eq!(subscriber_hash(ANN), ANN);
}

#[tokio::test]
async fn get_audience_members_filters_and_pages() {
    let s = setup().await;
    expect("GET", "/lists/a1b2c3d4e5/members")
        .header("authorization", &basic())
        .queries(&[
            ("count", "1"),
            ("offset", "0"),
            ("status", "subscribed"),
            ("since_timestamp_opt", "2026-01-01T00:00:00+00:00"),
            ("exclude_fields", "_links,members._links"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"members": [member_json("ann@example.com", "subscribed")], "list_id": "a1b2c3d4e5", "total_items": 3}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_get_audience_members",
            json!({"list_id": "a1b2c3d4e5", "limit": 1, "status": "subscribed", "since_timestamp_opt": "2026-01-01T00:00:00+00:00"}),
        )
        .await;
    assert_eq!(v["members"][0]["email_address"], "ann@example.com");
    assert_eq!(v["members"][0]["tags"], json!(["vip-2026"]));
    assert!(v["members"][0].get("location").is_none());
    assert_eq!(v["next_cursor"], "1");
}

#[tokio::test]
async fn get_audience_members_rejects_an_unknown_status() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "mailchimp_get_audience_members",
            json!({"list_id": "l1", "status": "gone"}),
        )
        .await;
    assert!(err.contains("status"), "{err}");
}

#[tokio::test]
async fn add_member_posts_the_member() {
    let s = setup().await;
    expect("POST", "/lists/a1b2c3d4e5/members")
        .header("authorization", &basic())
        .json_body(json!({
            "email_address": "ann@example.com",
            "status": "pending",
            "merge_fields": {"FNAME": "Ann"},
            "interests": {"9143cf3bd1": true},
            "tags": ["vip-2026"],
            "vip": true
        }))
        .respond(&s.fake, 200, member_json("ann@example.com", "pending"))
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_add_member_to_audience",
            json!({
                "list_id": "a1b2c3d4e5", "email_address": "ann@example.com", "status": "pending",
                "merge_fields": {"FNAME": "Ann"}, "interests": {"9143cf3bd1": true},
                "tags": ["vip-2026"], "vip": true
            }),
        )
        .await;
    assert_eq!(v["status"], "pending");
    assert_eq!(v["id"], ANN);
}

#[tokio::test]
async fn add_member_defaults_to_subscribed_and_explains_member_exists() {
    let s = setup().await;
    expect("POST", "/lists/l1/members")
        .json_body(json!({"email_address": "ann@example.com", "status": "subscribed"}))
        .respond_with(
            &s.fake,
            problem(
                400,
                "Member Exists",
                "ann@example.com is already a list member. Use PUT to insert or update list members.",
                serde_json::Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "mailchimp_add_member_to_audience",
            json!({"list_id": "l1", "email_address": "ann@example.com"}),
        )
        .await;
    assert!(err.contains("already a list member"), "{err}");
    assert!(err.contains("mailchimp_update_member"), "{err}");
}

#[tokio::test]
async fn get_member_info_uses_the_hash_of_the_lower_cased_address() {
    let s = setup().await;
    expect("GET", format!("/lists/l1/members/{ANN}"))
        .header("authorization", &basic())
        .query("exclude_fields", "_links")
        .respond(&s.fake, 200, member_json("ann@example.com", "subscribed"))
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_get_member_info",
            json!({"list_id": "l1", "email_address": "Ann@Example.com"}),
        )
        .await;
    assert_eq!(v["merge_fields"]["FNAME"], "Ann");
    assert_eq!(v["avg_open_rate"], 0.5);
}

#[tokio::test]
async fn get_member_info_not_found() {
    let s = setup().await;
    expect("GET", format!("/lists/l1/members/{ANN}"))
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
        .call_err(
            "mailchimp_get_member_info",
            json!({"list_id": "l1", "email_address": "ann@example.com"}),
        )
        .await;
    assert!(err.contains("could not be found"), "{err}");
}

#[tokio::test]
async fn update_member_patches_the_given_fields() {
    let s = setup().await;
    expect("PATCH", format!("/lists/l1/members/{ANN}"))
        .header("authorization", &basic())
        .json_body(json!({"status": "unsubscribed", "merge_fields": {"LNAME": "Kim"}}))
        .respond(&s.fake, 200, member_json("ann@example.com", "unsubscribed"))
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_update_member",
            json!({"list_id": "l1", "email_address": "ann@example.com", "status": "unsubscribed", "merge_fields": {"LNAME": "Kim"}}),
        )
        .await;
    assert_eq!(v["status"], "unsubscribed");
}

#[tokio::test]
async fn update_member_compliance_state_is_explained() {
    let s = setup().await;
    expect("PATCH", format!("/lists/l1/members/{ANN}"))
        .json_body(json!({"status": "subscribed"}))
        .respond_with(
            &s.fake,
            problem(
                400,
                "Member In Compliance State",
                "ann@example.com is in a compliance state due to unsubscribe, bounce, or compliance review and cannot be subscribed.",
                serde_json::Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "mailchimp_update_member",
            json!({"list_id": "l1", "email_address": "ann@example.com", "status": "subscribed"}),
        )
        .await;
    assert!(err.contains("compliance state"), "{err}");
    assert!(err.contains("pending"), "{err}");
    let err = s
        .client
        .call_err(
            "mailchimp_update_member",
            json!({"list_id": "l1", "email_address": "ann@example.com"}),
        )
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn delete_member_archives_with_delete() {
    let s = setup().await;
    expect("DELETE", format!("/lists/l1/members/{ANN}"))
        .header("authorization", &basic())
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_delete_member",
            json!({"list_id": "l1", "email_address": "ann@example.com"}),
        )
        .await;
    assert_eq!(v["archived"], true);
}

#[tokio::test]
async fn delete_member_not_found() {
    let s = setup().await;
    expect("DELETE", format!("/lists/l1/members/{ANN}"))
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
            "mailchimp_delete_member",
            json!({"list_id": "l1", "email_address": "ann@example.com"}),
        )
        .await;
    assert!(err.contains("Resource Not Found"), "{err}");
}

#[tokio::test]
async fn delete_member_permanently_posts_the_action() {
    let s = setup().await;
    expect(
        "POST",
        format!("/lists/l1/members/{ANN}/actions/delete-permanent"),
    )
    .header("authorization", &basic())
    .respond_with(&s.fake, no_content())
    .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_delete_member_permanently",
            json!({"list_id": "l1", "email_address": "ann@example.com"}),
        )
        .await;
    assert_eq!(v["deleted_permanently"], true);
}

#[tokio::test]
async fn delete_member_permanently_failure() {
    let s = setup().await;
    expect(
        "POST",
        format!("/lists/l1/members/{ANN}/actions/delete-permanent"),
    )
    .respond_with(
        &s.fake,
        problem(
            405,
            "Method Not Allowed",
            "The requested method and resource are not compatible.",
            serde_json::Value::Null,
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "mailchimp_delete_member_permanently",
            json!({"list_id": "l1", "email_address": "ann@example.com"}),
        )
        .await;
    assert!(err.contains("not compatible"), "{err}");
}

#[tokio::test]
async fn add_member_tags_posts_active_tags() {
    let s = setup().await;
    expect("POST", format!("/lists/l1/members/{ANN}/tags"))
        .header("authorization", &basic())
        .json_body(json!({"tags": [{"name": "vip", "status": "active"}, {"name": "2026", "status": "active"}]}))
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_add_member_tags",
            json!({"list_id": "l1", "email_address": "ann@example.com", "tags": ["vip", " 2026 "]}),
        )
        .await;
    assert_eq!(v["tags_added"], json!(["vip", "2026"]));
}

#[tokio::test]
async fn add_member_tags_needs_a_tag() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "mailchimp_add_member_tags",
            json!({"list_id": "l1", "email_address": "ann@example.com", "tags": [" "]}),
        )
        .await;
    assert!(err.contains("at least one tag"), "{err}");
}

#[tokio::test]
async fn remove_member_tags_posts_inactive_tags() {
    let s = setup().await;
    expect("POST", format!("/lists/l1/members/{ANN}/tags"))
        .header("authorization", &basic())
        .json_body(json!({"tags": [{"name": "vip", "status": "inactive"}]}))
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_remove_member_tags",
            json!({"list_id": "l1", "email_address": "ann@example.com", "tags": ["vip"]}),
        )
        .await;
    assert_eq!(v["tags_removed"], json!(["vip"]));
}

#[tokio::test]
async fn remove_member_tags_of_an_unknown_member() {
    let s = setup().await;
    expect("POST", format!("/lists/l1/members/{ANN}/tags"))
        .any_body()
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
            "mailchimp_remove_member_tags",
            json!({"list_id": "l1", "email_address": "ann@example.com", "tags": ["vip"]}),
        )
        .await;
    assert!(err.contains("Resource Not Found"), "{err}");
}

#[tokio::test]
async fn get_member_activity_keeps_count_events() {
    let s = setup().await;
    expect("GET", format!("/lists/l1/members/{ANN}/activity"))
        .header("authorization", &basic())
        .query("exclude_fields", "_links")
        .respond(
            &s.fake,
            200,
            json!({
                "activity": [
                    {"action": "open", "timestamp": "2026-02-02T10:00:00+00:00", "type": "", "campaign_id": "c1", "title": "Spring"},
                    {"action": "click", "timestamp": "2026-02-02T10:01:00+00:00", "url": "https://acme.com", "type": "", "campaign_id": "c1", "title": "Spring"},
                    {"action": "sent", "timestamp": "2026-02-02T09:00:00+00:00", "type": "regular", "campaign_id": "c1", "title": "Spring"}
                ],
                "email_id": ANN, "list_id": "l1", "total_items": 3, "_links": []
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mailchimp_get_member_activity",
            json!({"list_id": "l1", "email_address": "ann@example.com", "count": 2}),
        )
        .await;
    let acts = v["activity"].as_array().unwrap();
    assert_eq!(acts.len(), 2);
    assert_eq!(acts[1]["url"], "https://acme.com");
    assert_eq!(v["total_items"], 3);
}

#[tokio::test]
async fn get_member_activity_count_is_bounded() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "mailchimp_get_member_activity",
            json!({"list_id": "l1", "email_address": "ann@example.com", "count": 51}),
        )
        .await;
    assert!(err.contains("1 to 50"), "{err}");
}
