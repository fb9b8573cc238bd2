use crate::{req, setup};
use serde_json::{Value, json};

const CO: &str = "6762f0941bb69f9f2193bb25";
const CT: &str = "6762f0d01bb69f9f2193bb7d";

pub fn company() -> Value {
    json!({"type": "company", "company_id": "remote_companies_scroll_2", "id": CO,
           "app_id": "this_is_an_id189_that_should_be_at_least_", "name": "IntercomQATest1",
           "remote_created_at": 1734537364, "created_at": 1734537364, "updated_at": 1734537364,
           "monthly_spend": 0, "session_count": 0, "user_count": 4,
           "tags": {"type": "tag.list", "tags": [{"type": "tag", "id": "102", "name": "VIP"}]},
           "segments": {"type": "segment.list", "segments": []}, "plan": {"type": "plan", "id": "269315", "name": "Pro"},
           "custom_attributes": {"tier": "gold"}})
}

fn company_list(page: u64, total_pages: u64) -> Value {
    json!({"type": "list", "data": [company()],
           "pages": {"type": "pages", "next": null, "page": page, "per_page": 15, "total_pages": total_pages}, "total_count": 1})
}

#[tokio::test]
async fn list_companies_is_a_post_with_numbered_pages() {
    let s = setup().await;
    req("POST", "/companies/list")
        .queries(&[("page", "1"), ("per_page", "50"), ("order", "asc")])
        .respond(&s.fake, 200, company_list(1, 3))
        .await;
    let v = s
        .client
        .call_ok("intercom_list_companies", json!({"order": "asc"}))
        .await;
    assert_eq!(v["items"][0]["name"], "IntercomQATest1");
    assert_eq!(v["items"][0]["plan"], "Pro");
    assert_eq!(v["items"][0]["tags"], json!([{"id": "102", "name": "VIP"}]));
    assert_eq!(v["next_cursor"], "2");
    req("POST", "/companies/list")
        .queries(&[("page", "3"), ("per_page", "15")])
        .respond(&s.fake, 200, company_list(3, 3))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_list_companies",
            json!({"starting_after": "3", "per_page": 15}),
        )
        .await;
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn get_find_and_delete_company() {
    let s = setup().await;
    req("GET", &format!("/companies/{CO}"))
        .respond(&s.fake, 200, company())
        .await;
    let v = s
        .client
        .call_ok("intercom_get_company", json!({"id": CO}))
        .await;
    assert_eq!(v["custom_attributes"]["tier"], "gold");
    req("GET", "/companies")
        .query("company_id", "remote_companies_scroll_2")
        .respond(&s.fake, 200, company())
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_find_company",
            json!({"company_id": "remote_companies_scroll_2"}),
        )
        .await;
    assert_eq!(v["id"], CO);
    req("GET", "/companies")
        .query("company_id", "nobody")
        .respond(&s.fake, 200, json!({"type": "list", "data": [], "pages": {"type": "pages", "page": 1, "per_page": 15, "total_pages": 0}, "total_count": 0}))
        .await;
    let err = s
        .client
        .call_err("intercom_find_company", json!({"company_id": "nobody"}))
        .await;
    assert!(err.contains("no company has company_id `nobody`"), "{err}");
    req("DELETE", &format!("/companies/{CO}"))
        .respond(
            &s.fake,
            200,
            json!({"id": CO, "object": "company", "deleted": true}),
        )
        .await;
    let v = s
        .client
        .call_ok("intercom_delete_company", json!({"id": CO}))
        .await;
    assert_eq!(v["deleted"], true);
}

#[tokio::test]
async fn create_company_is_create_or_update() {
    let s = setup().await;
    req("POST", "/companies")
        .json_body(json!({"company_id": "company_remote_id", "name": "my company", "plan": "Enterprise", "size": 100,
                          "website": "https://acme.com", "industry": "Retail", "remote_created_at": 1374138000,
                          "monthly_spend": 1000, "custom_attributes": {"paid_subscriber": true}}))
        .respond(&s.fake, 200, company())
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_create_company",
            json!({"company_id": "company_remote_id", "name": "my company", "plan": "Enterprise", "size": 100,
                   "website": "https://acme.com", "industry": "Retail", "remote_created_at": 1374138000,
                   "monthly_spend": 1000, "custom_attributes": {"paid_subscriber": true}}),
        )
        .await;
    assert_eq!(v["id"], CO);
    let err = s
        .client
        .call_err("intercom_create_company", json!({}))
        .await;
    assert!(err.contains("company_id"), "{err}");
}

#[tokio::test]
async fn update_company_by_intercom_id() {
    let s = setup().await;
    req("PUT", &format!("/companies/{CO}"))
        .json_body(json!({"name": "my company", "monthly_spend": 50}))
        .respond(&s.fake, 200, company())
        .await;
    s.client
        .call_ok(
            "intercom_update_company",
            json!({"id": CO, "name": "my company", "monthly_spend": 50}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "intercom_update_company",
            json!({"id": CO, "remote_created_at": 1}),
        )
        .await;
    assert!(err.contains("intercom_create_company"), "{err}");
    let err = s
        .client
        .call_err("intercom_update_company", json!({"id": CO}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn company_contacts_segments_and_tags() {
    let s = setup().await;
    req("GET", &format!("/companies/{CO}/contacts"))
        .respond(&s.fake, 200, json!({"type": "list", "data": [{"type": "contact", "id": CT, "role": "user", "email": "joe@bloggs.com", "name": "Joe"}],
                                       "total_count": 1, "pages": {"type": "pages", "page": 1, "per_page": 50, "total_pages": 1}}))
        .await;
    let v = s
        .client
        .call_ok("intercom_list_company_users", json!({"id": CO}))
        .await;
    assert_eq!(v["items"][0]["email"], "joe@bloggs.com");
    assert_eq!(v["total_count"], 1);
    req("GET", &format!("/companies/{CO}/segments"))
        .respond(&s.fake, 200, json!({"type": "list", "data": [{"type": "segment", "id": "5d2f", "name": "Active", "created_at": 1, "updated_at": 2, "person_type": "user"}]}))
        .await;
    let v = s
        .client
        .call_ok("intercom_list_company_segments", json!({"company_id": CO}))
        .await;
    assert_eq!(v["items"][0]["name"], "Active");
    req("GET", &format!("/companies/{CO}"))
        .respond(&s.fake, 200, company())
        .await;
    let v = s
        .client
        .call_ok("intercom_list_company_tags", json!({"company_id": CO}))
        .await;
    assert_eq!(v, json!({"items": [{"id": "102", "name": "VIP"}]}));
}

#[tokio::test]
async fn attach_and_detach_a_contact() {
    let s = setup().await;
    req("POST", &format!("/contacts/{CT}/companies"))
        .json_body(json!({"id": CO}))
        .respond(&s.fake, 200, company())
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_attach_contact_to_company",
            json!({"id": CO, "contact_id": CT}),
        )
        .await;
    assert_eq!(v["id"], CO);
    req("DELETE", &format!("/contacts/{CT}/companies/{CO}"))
        .respond(&s.fake, 200, company())
        .await;
    s.client
        .call_ok(
            "intercom_detach_contact_from_company",
            json!({"id": CO, "contact_id": CT}),
        )
        .await;
}

#[tokio::test]
async fn tag_and_untag_companies_through_post_tags() {
    let s = setup().await;
    req("POST", "/tags")
        .json_body(json!({"name": "Independent", "companies": [{"id": CO}, {"company_id": "6"}]}))
        .respond(
            &s.fake,
            200,
            json!({"type": "tag", "id": "105", "name": "Independent"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_tag_company",
            json!({"name": "Independent", "companies": [{"id": CO}, {"company_id": 6}]}),
        )
        .await;
    assert_eq!(v, json!({"id": "105", "name": "Independent"}));
    req("POST", "/tags")
        .json_body(json!({"name": "Independent", "companies": [{"id": CO, "untag": true}]}))
        .respond(
            &s.fake,
            200,
            json!({"type": "tag", "id": "105", "name": "Independent"}),
        )
        .await;
    s.client
        .call_ok(
            "intercom_untag_company",
            json!({"name": "Independent", "companies": [{"id": CO}], "untag": true}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "intercom_untag_company",
            json!({"name": "X", "companies": [{"id": CO}], "untag": false}),
        )
        .await;
    assert!(err.contains("untag must be true"), "{err}");
    let err = s
        .client
        .call_err(
            "intercom_tag_company",
            json!({"name": "X", "companies": [{"name": "Acme"}]}),
        )
        .await;
    assert!(err.contains("companies[0]"), "{err}");
}
