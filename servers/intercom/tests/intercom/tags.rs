use crate::{req, setup};
use serde_json::json;

#[tokio::test]
async fn list_get_create_rename_and_delete_tags() {
    let s = setup().await;
    req("GET", "/tags")
        .respond(
            &s.fake,
            200,
            json!({"type": "list", "data": [{"type": "tag", "id": "102", "name": "Manual tag 1"}]}),
        )
        .await;
    let v = s.client.call_ok("intercom_list_tags", json!({})).await;
    assert_eq!(v["items"], json!([{"id": "102", "name": "Manual tag 1"}]));
    req("GET", "/tags/102")
        .respond(
            &s.fake,
            200,
            json!({"type": "tag", "id": "102", "name": "Manual tag 1"}),
        )
        .await;
    s.client
        .call_ok("intercom_get_tag", json!({"id": "102"}))
        .await;
    req("POST", "/tags")
        .json_body(json!({"name": "test"}))
        .respond(
            &s.fake,
            200,
            json!({"type": "tag", "id": "105", "name": "test"}),
        )
        .await;
    let v = s
        .client
        .call_ok("intercom_create_or_update_tag", json!({"name": "test"}))
        .await;
    assert_eq!(v["id"], "105");
    req("POST", "/tags")
        .json_body(json!({"name": "renamed", "id": "105"}))
        .respond(
            &s.fake,
            200,
            json!({"type": "tag", "id": "105", "name": "renamed"}),
        )
        .await;
    s.client
        .call_ok(
            "intercom_create_or_update_tag",
            json!({"name": "renamed", "id": "105"}),
        )
        .await;
    req("DELETE", "/tags/105")
        .respond_with(&s.fake, mcp_testkit::wiremock::ResponseTemplate::new(200))
        .await;
    let v = s
        .client
        .call_ok("intercom_delete_tag", json!({"id": "105"}))
        .await;
    assert_eq!(v, json!({"id": "105", "deleted": true}));
    req("DELETE", "/tags/106")
        .respond_with(
            &s.fake,
            crate::error_response(
                400,
                "tag_has_dependent_objects",
                "Unable to delete Tag with dependent objects. Segments: Seg 1.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("intercom_delete_tag", json!({"id": "106"}))
        .await;
    assert!(
        err.contains("tag_has_dependent_objects") && err.contains("Segments: Seg 1."),
        "{err}"
    );
}

#[tokio::test]
async fn tag_and_untag_companies_and_users() {
    let s = setup().await;
    let tag = json!({"type": "tag", "id": "105", "name": "Independent"});
    req("POST", "/tags")
        .json_body(json!({"name": "Independent", "companies": [{"company_id": "6"}]}))
        .respond(&s.fake, 200, tag.clone())
        .await;
    s.client
        .call_ok(
            "intercom_tag_companies",
            json!({"name": "Independent", "companies": [{"company_id": "6"}]}),
        )
        .await;
    req("POST", "/tags")
        .json_body(
            json!({"name": "Independent", "companies": [{"company_id": "6", "untag": true}]}),
        )
        .respond(&s.fake, 200, tag.clone())
        .await;
    s.client
        .call_ok(
            "intercom_untag_companies",
            json!({"name": "Independent", "companies": [{"company_id": "6"}], "untag": true}),
        )
        .await;
    req("POST", "/tags")
        .json_body(json!({"name": "Independent", "users": [{"id": "5f7f0d217289f8d2f4262080"}]}))
        .respond(&s.fake, 200, tag)
        .await;
    s.client
        .call_ok(
            "intercom_tag_users",
            json!({"name": "Independent", "users": [{"id": "5f7f0d217289f8d2f4262080"}]}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "intercom_tag_users",
            json!({"name": "Independent", "users": [{"email": "a@b.com"}]}),
        )
        .await;
    assert!(err.contains("users[0] needs `id`"), "{err}");
    let err = s
        .client
        .call_err(
            "intercom_tag_companies",
            json!({"name": "X", "companies": []}),
        )
        .await;
    assert!(err.contains("at least one company"), "{err}");
}
