//! Companies.

use crate::common::*;
use serde_json::json;

#[tokio::test]
async fn create_company() {
    let s = setup().await;
    req("POST", "/companies")
        .json_body(json!({"name": "SuperNova", "domains": ["supernova.com"], "description": "Spaceship manufacturing", "note": "Big",
                          "health_score": "Happy", "account_tier": "Premium", "renewal_date": "2026-12-31", "industry": "Media",
                          "custom_fields": {"website": "https://supernova.com"}, "lookup_parameter": "primary_field_value"}))
        .respond(&s.fake, 201, company_json(8))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_create_company",
            json!({"name": "SuperNova", "domains": ["supernova.com", ""], "description": "Spaceship manufacturing", "note": "Big",
                   "health_score": "Happy", "account_tier": "Premium", "renewal_date": "2026-12-31", "industry": "Media",
                   "custom_fields": {"website": "https://supernova.com"}, "lookup_parameter": "primary_field_value"}),
        )
        .await;
    assert_eq!(v["id"], 8);
    assert_eq!(v["health_score"], "Happy");
}

#[tokio::test]
async fn get_company() {
    let s = setup().await;
    req("GET", "/companies/8")
        .respond(&s.fake, 200, company_json(8))
        .await;
    let v = s
        .client
        .call_ok("freshdesk_get_company_by_id", json!({"company_id": 8}))
        .await;
    assert_eq!(v["domains"], json!(["supernova.com"]));
}

#[tokio::test]
async fn list_companies_and_updated_since_by_search() {
    let s = setup().await;
    req("GET", "/companies")
        .queries(&[("page", "2"), ("per_page", "10")])
        .respond(&s.fake, 200, json!([company_json(8)]))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_list_companies",
            json!({"page": 2, "per_page": 10}),
        )
        .await;
    assert_eq!(v["companies"][0]["id"], 8);
    assert_eq!(v["page"], 2);
    req("GET", "/search/companies")
        .query("query", "\"updated_at:>'2026-08-01'\"")
        .respond(
            &s.fake,
            200,
            json!({"results": [company_json(9)], "total": 1}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_list_companies",
            json!({"updated_since": "2026-08-01T00:00:00Z"}),
        )
        .await;
    assert_eq!(v["companies"][0]["id"], 9);
    assert_eq!(v["total"], 1);
}

#[tokio::test]
async fn update_company() {
    let s = setup().await;
    req("PUT", "/companies/8")
        .json_body(json!({"account_tier": "Basic", "domains": ["nova.com"]}))
        .respond(&s.fake, 200, company_json(8))
        .await;
    s.client
        .call_ok(
            "freshdesk_update_company",
            json!({"company_id": 8, "account_tier": "Basic", "domains": ["nova.com"]}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "freshdesk_update_company",
            json!({"company_id": 8, "lookup_parameter": "display_id"}),
        )
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn delete_company() {
    let s = setup().await;
    req("DELETE", "/companies/8")
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok("freshdesk_delete_company", json!({"company_id": 8}))
        .await;
    assert_eq!(v, json!({"deleted": true, "company_id": 8}));
}

#[tokio::test]
async fn filter_companies() {
    let s = setup().await;
    req("GET", "/search/companies")
        .queries(&[("query", "\"domain:'supernova.com'\""), ("page", "1")])
        .respond(
            &s.fake,
            200,
            json!({"results": [company_json(8)], "total": 1}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_filter_companies",
            json!({"query": "domain:'supernova.com'", "page": 1, "per_page": 30}),
        )
        .await;
    assert_eq!(v["companies"][0]["name"], "SuperNova");
    assert!(!v["note"].as_str().unwrap().contains("per_page"));
}

#[tokio::test]
async fn search_companies_by_name() {
    let s = setup().await;
    req("GET", "/companies/autocomplete")
        .query("name", "Super")
        .respond(
            &s.fake,
            200,
            json!({"companies": [{"id": 8, "name": "SuperNova"}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_search_companies_by_name",
            json!({"name": "Super"}),
        )
        .await;
    assert_eq!(v["companies"], json!([{"id": 8, "name": "SuperNova"}]));
}
