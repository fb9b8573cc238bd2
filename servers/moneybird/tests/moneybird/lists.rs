use crate::{ADMIN, CONTACT, link_next, req, setup};
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

#[tokio::test]
async fn list_products_by_name() {
    let s = setup().await;
    req("GET", "products")
        .query("query", "Apple")
        .query("page", "1")
        .query("per_page", "2")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link_next("products", 2, 2).as_str())
                .set_body_json(json!([{"id": "496081474423882821", "administration_id": 123, "description": "Apple",
                    "title": null, "identifier": null, "price": "100.0", "currency": "EUR", "frequency": null,
                    "frequency_type": null, "tax_rate_id": "496081347565061258", "ledger_account_id": "496081347348006010",
                    "created_at": "2026-08-21T13:49:42.723Z"}])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_list_products",
            json!({"administration_id": ADMIN, "query": "Apple", "limit": 2}),
        )
        .await;
    assert_eq!(
        v["items"][0],
        json!({"id": "496081474423882821", "description": "Apple", "price": "100.0", "currency": "EUR",
            "tax_rate_id": "496081347565061258", "ledger_account_id": "496081347348006010"})
    );
    assert_eq!(v["next_cursor"], "2");
}

#[tokio::test]
async fn list_products_errors() {
    let s = setup().await;
    req("GET", "products")
        .query("page", "7")
        .query("per_page", "50")
        .respond(
            &s.fake,
            400,
            json!({"error": "page is invalid", "symbolic": {"page": "invalid"}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_list_products",
            json!({"administration_id": ADMIN, "page": 7}),
        )
        .await;
    assert!(err.contains("page is invalid"), "{err}");
    let err = s
        .client
        .call_err(
            "moneybird_list_products",
            json!({"administration_id": ADMIN, "page": 0}),
        )
        .await;
    assert!(err.contains("page starts at 1"), "{err}");
}

#[tokio::test]
async fn list_projects_by_state() {
    let s = setup().await;
    req("GET", "projects")
        .query("filter", "state:archived")
        .query("page", "1")
        .query("per_page", "50")
        .respond(
            &s.fake,
            200,
            json!([{"id": "496081425746887870", "name": "Project Blackbird", "state": "archived", "budget": 10}]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_list_projects",
            json!({"administration_id": ADMIN, "state": "archived"}),
        )
        .await;
    assert_eq!(v["items"][0]["name"], "Project Blackbird");
    assert_eq!(v["items"][0]["id"], "496081425746887870");
    let err = s
        .client
        .call_err(
            "moneybird_list_projects",
            json!({"administration_id": ADMIN, "state": "done"}),
        )
        .await;
    assert!(err.contains("active, archived or all"), "{err}");
}

#[tokio::test]
async fn list_projects_without_scope() {
    let s = setup().await;
    req("GET", "projects")
        .query("page", "1")
        .query("per_page", "50")
        .respond(
            &s.fake,
            403,
            json!({"error": "Token has insufficient scope", "symbolic": {"scope": "settings"}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_list_projects",
            json!({"administration_id": ADMIN}),
        )
        .await;
    assert!(
        err.contains("insufficient scope") && err.contains("scope: settings"),
        "{err}"
    );
}

#[tokio::test]
async fn list_time_entries_by_contact_project_and_user() {
    let s = setup().await;
    req("GET", "time_entries")
        .query(
            "filter",
            format!("period:this_month,contact_id:{CONTACT},project_id:496081423532296179,user_id:496081346724103269"),
        )
        .query("page", "1")
        .query("per_page", "1")
        .respond(
            &s.fake,
            200,
            json!([{"id": "496081423541733365", "administration_id": 123, "contact_id": CONTACT,
                "project_id": "496081423532296179", "sales_invoice_id": null, "user_id": "496081346724103269",
                "started_at": "2026-08-21T13:48:00.000Z", "ended_at": "2026-08-21T14:48:00.000Z",
                "description": "Designing the website", "paused_duration": 0, "billable": true,
                "contact": {"id": CONTACT, "company_name": "Foobar Holding B.V."},
                "user": {"id": "496081346724103269", "name": "Moneybird"},
                "project": {"id": "496081423532296179", "name": "Project 1", "state": "active", "budget": 10},
                "events": [], "notes": []}]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_list_time_entries",
            json!({"administration_id": ADMIN, "period": "this_month", "contact_id": CONTACT,
                "project_id": "496081423532296179", "user_id": "496081346724103269", "limit": 1}),
        )
        .await;
    let t = &v["items"][0];
    assert_eq!(t["description"], "Designing the website");
    assert_eq!(t["project_name"], "Project 1");
    assert_eq!(t["user_name"], "Moneybird");
    assert_eq!(t["contact_company"], "Foobar Holding B.V.");
    // A full page without a Link header may have a next one.
    assert_eq!(v["next_cursor"], "2");
}

#[tokio::test]
async fn list_time_entries_errors() {
    let s = setup().await;
    req("GET", "time_entries")
        .query("filter", "contact_id:1")
        .query("page", "1")
        .query("per_page", "50")
        .respond(
            &s.fake,
            404,
            json!({"error": "Contact not found", "symbolic": {"contact_id": "not_found"}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_list_time_entries",
            json!({"administration_id": ADMIN, "contact_id": "1"}),
        )
        .await;
    assert!(err.contains("Contact not found"), "{err}");
    let err = s
        .client
        .call_err(
            "moneybird_list_time_entries",
            json!({"administration_id": ADMIN, "user_id": "me"}),
        )
        .await;
    assert!(err.contains("user_id"), "{err}");
}
