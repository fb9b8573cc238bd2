use crate::common::{call, field_errors, not_found, page, setup};
use mcp_testkit::{Setup, expect};
use serde_json::json;

fn lead() -> serde_json::Value {
    json!({
        "id": "lead_IIDHIStmFcFQZZP0BRe99V1MCoXWz2PGCm6EDmR9v2O", "display_name": "Wayne Enterprises",
        "name": "Wayne Enterprises", "status_id": "stat_1ZdiZqcSIkoGVnNOyxiEY58eTGQmFNG3LPlEVQ4V7Nk",
        "status_label": "Potential", "description": "Gotham", "url": "https://wayne.example",
        "organization_id": "orga_bwwWG475zqWiQGur0thQshwVXo8rIYecQHDWFanqhen",
        "contacts": [], "addresses": [], "opportunities": [], "tasks": [], "custom": {},
        "date_created": "2013-02-01T00:02:33.598000+00:00", "date_updated": "2013-02-20T05:30:24.854000+00:00",
        "html_url": "https://app.close.com/lead/lead_IIDHIStmFcFQZZP0BRe99V1MCoXWz2PGCm6EDmR9v2O/"
    })
}

#[tokio::test]
async fn create_get_update_delete_lead() {
    let s = setup().await;
    call("POST", "/lead/")
        .json_body(json!({"name": "Wayne Enterprises", "url": "https://wayne.example",
            "contacts": [{"name": "Bruce", "emails": [{"email": "b@wayne.example", "type": "office"}]}]}))
        .respond(&s.fake, 200, lead())
        .await;
    let v = s
        .client
        .call_ok(
            "close_create_lead",
            json!({"name": "Wayne Enterprises", "url": "https://wayne.example",
                "contacts": [{"name": "Bruce", "emails": [{"email": "b@wayne.example", "type": "office"}]}]}),
        )
        .await;
    assert_eq!(v["status_label"], "Potential");
    assert!(v.get("organization_id").is_none(), "{v}");

    call("GET", "/lead/lead_1/")
        .respond(&s.fake, 200, lead())
        .await;
    let v = s
        .client
        .call_ok("close_get_lead", json!({"lead_id": "lead_1"}))
        .await;
    assert_eq!(v["name"], "Wayne Enterprises");
    assert!(v.get("custom").is_none());
    call("GET", "/lead/lead_2/")
        .query("_fields", "id,custom")
        .respond(
            &s.fake,
            200,
            json!({"id": "lead_2", "custom": {"cf_1": "x"}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "close_get_lead",
            json!({"lead_id": "lead_2", "fields": "id,custom"}),
        )
        .await;
    assert_eq!(v, json!({"id": "lead_2", "custom": {"cf_1": "x"}}));

    call("PUT", "/lead/lead_1/")
        .json_body(json!({"status_id": "stat_2", "description": "New"}))
        .respond(&s.fake, 200, lead())
        .await;
    let v = s
        .client
        .call_ok(
            "close_update_lead",
            json!({"lead_id": "lead_1", "status_id": "stat_2", "description": "New"}),
        )
        .await;
    assert_eq!(v["id"], lead()["id"]);
    let err = s
        .client
        .call_err("close_update_lead", json!({"lead_id": "lead_1"}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");

    call("DELETE", "/lead/lead_1/")
        .respond(&s.fake, 200, json!({}))
        .await;
    let v = s
        .client
        .call_ok("close_delete_lead", json!({"lead_id": "lead_1"}))
        .await;
    assert_eq!(v, json!({"deleted": "lead_1"}));
    call("DELETE", "/lead/lead_9/")
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err("close_delete_lead", json!({"lead_id": "lead_9"}))
        .await;
    assert!(err.contains("Object does not exist"), "{err}");
}

#[tokio::test]
async fn create_lead_validation_error() {
    let s = setup().await;
    call("POST", "/lead/")
        .json_body(json!({"name": "X", "status_id": "bogus"}))
        .respond(
            &s.fake,
            400,
            field_errors("status_id", "Invalid lead status."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "close_create_lead",
            json!({"name": "X", "status_id": "bogus"}),
        )
        .await;
    assert!(err.contains("status_id: Invalid lead status."), "{err}");
    let err = s
        .client
        .call_err("close_create_lead", json!({"name": " "}))
        .await;
    assert!(err.contains("name"), "{err}");
}

#[tokio::test]
async fn list_leads_pages_and_searches() {
    let s = setup().await;
    call("GET", "/lead/")
        .query("_limit", "2")
        .query("_skip", "4")
        .respond(&s.fake, 200, page(json!([lead(), lead()]), true))
        .await;
    let v = s
        .client
        .call_ok("close_list_leads", json!({"limit": 2, "skip": 4}))
        .await;
    assert_eq!(v["next_cursor"], "6");
    assert_eq!(v["items"][0]["display_name"], "Wayne Enterprises");
    assert!(v["items"][0].get("contacts").is_none());
    call("GET", "/lead/")
        .query("_limit", "25")
        .query("_skip", "6")
        .respond(&s.fake, 200, page(json!([lead()]), false))
        .await;
    let v = s
        .client
        .call_ok("close_list_leads", json!({"cursor": "6"}))
        .await;
    assert_eq!(v["next_cursor"], json!(null));
    let err = s
        .client
        .call_err("close_list_leads", json!({"cursor": "abc"}))
        .await;
    assert!(err.contains("cursor"), "{err}");
    let err = s
        .client
        .call_err("close_list_leads", json!({"limit": 500}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");

    // With a status: Advanced Filtering.
    call("POST", "/data/search/")
        .json_body(json!({"query": {"type": "and", "queries": [
            {"type": "object_type", "object_type": "lead"},
            {"type": "field_condition", "field": {"type": "regular_field", "object_type": "lead", "field_name": "status_id"},
             "condition": {"type": "reference", "reference_type": "status.lead", "object_ids": ["stat_1"]}}]},
            "_limit": 25, "_fields": {"lead": ["id", "display_name", "status_label", "url", "date_updated"]}}))
        .respond(&s.fake, 200, json!({"data": [{"__object_type": "lead", "id": "lead_1", "display_name": "Wayne"}], "cursor": null}))
        .await;
    let v = s
        .client
        .call_ok("close_list_leads", json!({"status_id": "stat_1"}))
        .await;
    assert_eq!(
        v,
        json!({"items": [{"id": "lead_1", "display_name": "Wayne"}], "next_cursor": null})
    );
}

#[tokio::test]
async fn search_leads_by_name() {
    let s = setup().await;
    call("POST", "/data/search/")
        .json_body(json!({"query": {"type": "and", "queries": [
            {"type": "object_type", "object_type": "lead"},
            {"type": "text", "mode": "beginning_of_words", "value": "wayne"}]},
            "_limit": 5, "cursor": "c1",
            "_fields": {"lead": ["id", "display_name", "status_label", "url", "date_updated"]}}))
        .respond(&s.fake, 200, json!({"data": [{"__object_type": "lead", "id": "lead_1", "display_name": "Wayne", "status_label": "Potential"}], "cursor": "c2"}))
        .await;
    let v = s
        .client
        .call_ok(
            "close_search_leads",
            json!({"query": "wayne", "limit": 5, "cursor": "c1"}),
        )
        .await;
    assert_eq!(v["next_cursor"], "c2");
    assert_eq!(v["items"][0]["status_label"], "Potential");
    let err = s
        .client
        .call_err("close_search_leads", json!({"query": ""}))
        .await;
    assert!(err.contains("query"), "{err}");
}

fn contact() -> serde_json::Value {
    json!({"id": "cont_1", "lead_id": "lead_1", "name": "Bruce Wayne", "display_name": "Bruce Wayne",
        "title": "CEO", "emails": [{"type": "office", "email": "b@wayne.example"}],
        "phones": [{"type": "office", "phone": "+16503334444", "phone_formatted": "+1 650-333-4444"}],
        "urls": [], "organization_id": "orga_1", "created_by": "user_1",
        "date_created": "2013-02-01T00:02:33.598000+00:00", "date_updated": "2013-02-20T05:30:24.854000+00:00"})
}

#[tokio::test]
async fn contacts() {
    let s = setup().await;
    call("POST", "/contact/")
        .json_body(
            json!({"lead_id": "lead_1", "name": "Bruce Wayne", "title": "CEO",
            "phones": [{"type": "office", "phone": "+16503334444"}]}),
        )
        .respond(&s.fake, 200, contact())
        .await;
    let v = s
        .client
        .call_ok(
            "close_create_contact",
            json!({"lead_id": "lead_1", "name": "Bruce Wayne", "title": "CEO",
                "phones": [{"type": "office", "phone": "+16503334444"}]}),
        )
        .await;
    assert_eq!(v["title"], "CEO");
    assert!(v.get("created_by").is_none());

    call("GET", "/contact/cont_1/")
        .respond(&s.fake, 200, contact())
        .await;
    let v = s
        .client
        .call_ok("close_get_contact", json!({"contact_id": "cont_1"}))
        .await;
    assert_eq!(v["emails"][0]["email"], "b@wayne.example");

    call("PUT", "/contact/cont_1/")
        .json_body(json!({"emails": [{"type": "home", "email": "bruce@example.com"}]}))
        .respond(&s.fake, 200, contact())
        .await;
    s.client
        .call_ok(
            "close_update_contact",
            json!({"contact_id": "cont_1", "emails": [{"type": "home", "email": "bruce@example.com"}]}),
        )
        .await;

    call("DELETE", "/contact/cont_1/")
        .respond(&s.fake, 200, json!({}))
        .await;
    let v = s
        .client
        .call_ok("close_delete_contact", json!({"contact_id": "cont_1"}))
        .await;
    assert_eq!(v["deleted"], "cont_1");

    call("POST", "/data/search/")
        .json_body(json!({"query": {"type": "and", "queries": [
            {"type": "object_type", "object_type": "contact"},
            {"type": "text", "mode": "beginning_of_words", "value": "bruce"}]},
            "_limit": 25, "_fields": {"contact": ["id", "lead_id", "display_name", "title", "emails", "phones"]}}))
        .respond(&s.fake, 200, json!({"data": [{"__object_type": "contact", "id": "cont_1", "lead_id": "lead_1", "display_name": "Bruce Wayne"}], "cursor": "n2"}))
        .await;
    let v = s
        .client
        .call_ok("close_search_contacts", json!({"query": "bruce"}))
        .await;
    assert_eq!(v["items"][0]["id"], "cont_1");
    assert_eq!(v["next_cursor"], "n2");

    let mut alfred = contact();
    alfred["id"] = json!("cont_2");
    alfred["name"] = json!("Alfred");
    alfred["display_name"] = json!("Alfred");
    alfred["title"] = json!("Butler");
    alfred["emails"] = json!([]);
    alfred["phones"] = json!([]);
    call("GET", "/contact/")
        .query("lead_id", "lead_1")
        .query("_limit", "100")
        .respond(&s.fake, 200, page(json!([contact(), alfred]), false))
        .await;
    let v = s
        .client
        .call_ok(
            "close_search_contacts",
            json!({"query": "BUTLER", "lead_id": "lead_1"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"items": [{"id": "cont_2", "lead_id": "lead_1", "display_name": "Alfred", "title": "Butler", "emails": [], "phones": []}], "next_cursor": null})
    );

    call("GET", "/contact/cont_9/")
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err("close_get_contact", json!({"contact_id": "cont_9"}))
        .await;
    assert!(
        err.contains("404") && err.contains("does not exist"),
        "{err}"
    );
}

#[tokio::test]
async fn oauth_token_goes_as_bearer() {
    let s = Setup::start(
        &close_mcp_server::SPEC,
        json!({"access_token": "oauth_abc123"}),
    )
    .await;
    expect("GET", "/contact/cont_1/")
        .bearer("oauth_abc123")
        .respond(&s.fake, 200, contact())
        .await;
    let v = s
        .client
        .call_ok("close_get_contact", json!({"contact_id": "cont_1"}))
        .await;
    assert_eq!(v["id"], "cont_1");
}

#[tokio::test]
async fn rate_limit_says_when() {
    let s = setup().await;
    call("GET", "/contact/cont_1/")
        .times(3)
        .respond_with(
            &s.fake,
            mcp_testkit::wiremock::ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .set_body_json(json!({"error": {"rate_reset": 0.2, "message": "API call count exceeded for this 60 second window"}})),
        )
        .await;
    let err = s
        .client
        .call_err("close_get_contact", json!({"contact_id": "cont_1"}))
        .await;
    assert!(err.contains("API call count exceeded"), "{err}");
}
