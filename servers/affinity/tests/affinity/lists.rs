use crate::{paged, setup, v2, v2_error};
use serde_json::json;

#[tokio::test]
async fn current_user() {
    let s = setup().await;
    v2("/v2/auth/whoami", &[])
        .respond(
            &s.fake,
            200,
            json!({"grant": {"createdAt": "2023-01-01T00:00:00Z", "scopes": ["api"], "type": "api-key"},
                   "tenant": {"id": 1, "name": "Contoso Ltd.", "subdomain": "contoso"},
                   "user": {"emailAddress": "john.smith@contoso.com", "firstName": "John", "id": 1, "lastName": "Smith"}}),
        )
        .await;
    let v = s
        .client
        .call_ok("affinity_get_current_user", json!({}))
        .await;
    assert_eq!(v["user"]["emailAddress"], "john.smith@contoso.com");
    assert_eq!(v["tenant"]["subdomain"], "contoso");
}

#[tokio::test]
async fn list_entries_with_fields_and_cursor() {
    let s = setup().await;
    v2(
        "/v2/lists/42/list-entries",
        &[
            ("cursor", "ICAgICAgYmVmb3JlOjo6Nw"),
            ("limit", "1"),
            ("fieldIds", "field-1"),
            ("fieldIds", "affinity-data-location"),
            ("fieldTypes", "list"),
            ("fieldTypes", "relationship-intelligence"),
        ],
    )
    .respond(
        &s.fake,
        200,
        paged(
            json!([{
                "id": 7, "type": "company", "listId": 42, "createdAt": "2023-01-01T00:00:00Z", "creatorId": 1,
                "entity": {"id": 99, "name": "Acme", "domain": "acme.com", "domains": ["acme.com"], "isGlobal": false,
                    "fields": [{"id": "field-1", "name": "Status", "type": "list", "enrichmentSource": null,
                                "value": {"type": "ranked-dropdown", "data": {"dropdownOptionId": 3, "text": "Qualified", "rank": 2, "color": "blue"}}}]}
            }]),
            "/v2/lists/42/list-entries",
            Some("ICAgICAgYWZ0ZXI6Ojo4"),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_all_list_entries_on_a_list",
            json!({"list_id": 42, "cursor": "ICAgICAgYmVmb3JlOjo6Nw", "limit": 1,
                   "field_ids": ["field-1", "affinity-data-location"], "field_types": ["list", "relationship-intelligence"]}),
        )
        .await;
    assert_eq!(v["next_cursor"], "ICAgICAgYWZ0ZXI6Ojo4");
    let f = &v["items"][0]["entity"]["fields"][0];
    assert_eq!(f["name"], "Status");
    assert_eq!(f["value"]["text"], "Qualified");
    assert!(f.get("enrichmentSource").is_none());
    let err = s
        .client
        .call_err(
            "affinity_get_all_list_entries_on_a_list",
            json!({"list_id": 42, "limit": 101}),
        )
        .await;
    assert!(err.contains("limit must be between 1 and 100"), "{err}");
    let err = s
        .client
        .call_err(
            "affinity_get_all_list_entries_on_a_list",
            json!({"list_id": 42, "field_types": ["custom"]}),
        )
        .await;
    assert!(
        err.contains("custom") || err.contains("field_types"),
        "{err}"
    );
}

#[tokio::test]
async fn lists_and_last_page() {
    let s = setup().await;
    v2("/v2/lists", &[("limit", "2")])
        .respond(
            &s.fake,
            200,
            paged(
                json!([{"id": 42, "name": "Deals", "type": "opportunity", "isPublic": true, "ownerId": 1, "creatorId": 1}]),
                "/v2/lists",
                None,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("affinity_get_metadata_on_all_lists", json!({"limit": 2}))
        .await;
    assert_eq!(v["items"][0]["name"], "Deals");
    assert!(v["next_cursor"].is_null());
}

#[tokio::test]
async fn single_list_and_not_found() {
    let s = setup().await;
    v2("/v2/lists/42", &[])
        .respond(
            &s.fake,
            200,
            json!({"id": 42, "name": "Deals", "type": "opportunity", "isPublic": true, "ownerId": 1, "creatorId": 1}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_metadata_on_a_single_list",
            json!({"list_id": 42}),
        )
        .await;
    assert_eq!(v["type"], "opportunity");
    v2("/v2/lists/43", &[])
        .respond(&s.fake, 404, v2_error("not-found", "List 43 not found"))
        .await;
    let err = s
        .client
        .call_err(
            "affinity_get_metadata_on_a_single_list",
            json!({"list_id": 43}),
        )
        .await;
    assert!(err.contains("List 43 not found"), "{err}");
    assert!(err.contains("not-found"), "{err}");
    let err = s
        .client
        .call_err(
            "affinity_get_metadata_on_a_single_list",
            json!({"list_id": 0}),
        )
        .await;
    assert!(err.contains("positive"), "{err}");
}

#[tokio::test]
async fn list_fields() {
    let s = setup().await;
    v2("/v2/lists/42/fields", &[("cursor", "abc")])
        .respond(
            &s.fake,
            200,
            paged(
                json!([{"id": "field-1", "name": "Status", "type": "list", "valueType": "ranked-dropdown", "enrichmentSource": null}]),
                "/v2/lists/42/fields",
                None,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_metadata_on_a_single_list_fields",
            json!({"list_id": 42, "cursor": "abc"}),
        )
        .await;
    assert_eq!(v["items"][0]["valueType"], "ranked-dropdown");
    v2("/v2/lists/44/fields", &[])
        .respond(
            &s.fake,
            403,
            v2_error("authorization", "Insufficient permissions"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "affinity_get_metadata_on_a_single_list_fields",
            json!({"list_id": 44}),
        )
        .await;
    assert!(err.contains("Insufficient permissions"), "{err}");
}

#[tokio::test]
async fn single_list_entry() {
    let s = setup().await;
    v2("/v2/lists/42/list-entries/7", &[("fieldTypes", "list")])
        .respond(
            &s.fake,
            200,
            json!({"id": 7, "type": "opportunity", "listId": 42, "createdAt": "2023-01-01T00:00:00Z", "creatorId": 1,
                   "entity": {"id": 5, "name": "Series A", "listId": 42, "fields": []}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "affinity_get_a_single_list_entry_on_a_list",
            json!({"list_id": 42, "list_entry_id": 7, "field_types": ["list"]}),
        )
        .await;
    assert_eq!(v["entity"]["name"], "Series A");
    v2("/v2/lists/42/list-entries/8", &[])
        .respond(
            &s.fake,
            404,
            v2_error("not-found", "List entry 8 not found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "affinity_get_a_single_list_entry_on_a_list",
            json!({"list_id": 42, "list_entry_id": 8}),
        )
        .await;
    assert!(err.contains("List entry 8 not found"), "{err}");
}

#[tokio::test]
async fn monthly_quota_429_says_waiting_will_not_help() {
    use mcp_testkit::wiremock::matchers::{method, path};
    use mcp_testkit::wiremock::{Mock, ResponseTemplate};
    let s = setup().await;
    Mock::given(method("GET"))
        .and(path("/v2/lists"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("x-ratelimit-limit-org-remaining", "0")
                .insert_header("x-ratelimit-limit-org-reset", "7200")
                .set_body_json(
                    json!({"errors": [{"code": "rate-limit", "message": "Rate limit exceeded"}]}),
                ),
        )
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("affinity_get_metadata_on_all_lists", json!({}))
        .await;
    assert!(err.contains("monthly Affinity API quota"), "{err}");
    assert!(err.contains("resets in 2 h"), "{err}");
}
