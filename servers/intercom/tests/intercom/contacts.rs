use crate::{req, setup};
use serde_json::{Value, json};

const CT: &str = "6762f0d01bb69f9f2193bb7d";

pub fn contact() -> Value {
    json!({"type": "contact", "id": CT, "workspace_id": "this_is_an_id283_that_should_be_at_least_", "external_id": "70",
           "role": "user", "email": "joe@bloggs.com", "phone": null, "name": "Joe Bloggs", "avatar": null, "owner_id": null,
           "social_profiles": {"type": "list", "data": []}, "has_hard_bounced": false, "unsubscribed_from_emails": false,
           "created_at": 1734537424, "updated_at": 1734537424, "signed_up_at": 1734537424, "last_seen_at": null,
           "location": {"type": "location", "country": "Ireland", "region": null, "city": "Dublin"},
           "custom_attributes": {"plan": "pro"},
           "tags": {"type": "list", "data": [], "url": "/contacts/x/tags", "total_count": 0, "has_more": false}})
}

fn note(id: &str) -> Value {
    json!({"type": "note", "id": id, "created_at": 1733932587, "contact": {"type": "contact", "id": CT},
           "author": {"type": "admin", "id": "991267581", "name": "Ciaran122 Lee", "email": "admin122@email.com"},
           "body": "<p>This is a note.</p>"})
}

fn tag() -> Value {
    json!({"type": "tag", "id": "80", "name": "Manual tag", "applied_at": 1663597223, "applied_by": {"type": "admin", "id": "456"}})
}

#[tokio::test]
async fn list_contacts_with_a_cursor() {
    let s = setup().await;
    req("GET", "/contacts")
        .queries(&[("per_page", "50")])
        .respond(&s.fake, 200, json!({"type": "list", "data": [contact()], "total_count": 120,
            "pages": {"type": "pages", "page": 1, "per_page": 50, "total_pages": 3,
                      "next": {"page": 2, "starting_after": "WzE3MzQ1Mzc0MjQwMDAsIjY3NjJmMGQwIiwyXQ=="}}}))
        .await;
    let v = s.client.call_ok("intercom_list_contacts", json!({})).await;
    assert_eq!(v["items"][0]["email"], "joe@bloggs.com");
    assert_eq!(v["items"][0]["country"], "Ireland");
    assert_eq!(v["next_cursor"], "WzE3MzQ1Mzc0MjQwMDAsIjY3NjJmMGQwIiwyXQ==");
    req("GET", "/contacts")
        .queries(&[("per_page", "2"), ("starting_after", "WzE3MzQ1Mzc0MjQwMDAsIjY3NjJmMGQwIiwyXQ==")])
        .respond(&s.fake, 200, json!({"type": "list", "data": [], "total_count": 120, "pages": {"type": "pages", "page": 3, "per_page": 2, "total_pages": 3}}))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_list_contacts",
            json!({"per_page": 2, "starting_after": "WzE3MzQ1Mzc0MjQwMDAsIjY3NjJmMGQwIiwyXQ=="}),
        )
        .await;
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn get_create_update_delete_contact() {
    let s = setup().await;
    req("GET", &format!("/contacts/{CT}"))
        .respond(&s.fake, 200, contact())
        .await;
    let v = s
        .client
        .call_ok("intercom_get_contact", json!({"id": CT}))
        .await;
    assert_eq!(v["custom_attributes"]["plan"], "pro");
    assert!(v.get("social_profiles").is_none());
    req("POST", "/contacts")
        .json_body(json!({"role": "lead", "email": "joebloggs@intercom.io", "name": "Joe", "signed_up_at": 1734537424,
                          "owner_id": 991267581, "unsubscribed_from_emails": false, "custom_attributes": {"plan": "pro"}}))
        .respond(&s.fake, 200, contact())
        .await;
    s.client
        .call_ok(
            "intercom_create_contact",
            json!({"role": "lead", "email": "joebloggs@intercom.io", "name": "Joe", "signed_up_at": 1734537424,
                   "owner_id": 991267581, "unsubscribed_from_emails": false, "custom_attributes": {"plan": "pro"}}),
        )
        .await;
    let err = s
        .client
        .call_err("intercom_create_contact", json!({"name": "Joe"}))
        .await;
    assert!(err.contains("email, external_id or role"), "{err}");
    req("PUT", &format!("/contacts/{CT}"))
        .json_body(json!({"role": "user", "external_id": "70", "phone": "+353 1 234 5678"}))
        .respond(&s.fake, 200, contact())
        .await;
    s.client
        .call_ok(
            "intercom_update_contact",
            json!({"id": CT, "role": "user", "external_id": "70", "phone": "+353 1 234 5678"}),
        )
        .await;
    let err = s
        .client
        .call_err("intercom_update_contact", json!({"id": CT}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    req("DELETE", &format!("/contacts/{CT}"))
        .respond(
            &s.fake,
            200,
            json!({"id": CT, "external_id": "70", "type": "contact", "deleted": true}),
        )
        .await;
    let v = s
        .client
        .call_ok("intercom_delete_contact", json!({"id": CT}))
        .await;
    assert_eq!(v["deleted"], true);
}

#[tokio::test]
async fn search_contacts_posts_the_query_and_pagination() {
    let s = setup().await;
    let query = json!({"operator": "AND", "value": [{"field": "created_at", "operator": ">", "value": "1306054154"}]});
    req("POST", "/contacts/search")
        .json_body(json!({"query": query, "pagination": {"per_page": 5, "starting_after": "WzE2MzU4NjA2NDgwMDAsIjYxODRmMDg5Il0="}}))
        .respond(&s.fake, 200, json!({"type": "list", "data": [contact()], "total_count": 6,
            "pages": {"type": "pages", "page": 1, "per_page": 5, "total_pages": 2, "next": {"page": 2, "starting_after": "WzE3MzQ1Mzc0MjQwMDBd"}}}))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_search_contacts",
            json!({"query": query, "pagination": {"per_page": 5, "starting_after": "WzE2MzU4NjA2NDgwMDAsIjYxODRmMDg5Il0="}}),
        )
        .await;
    assert_eq!(v["total_count"], 6);
    assert_eq!(v["next_cursor"], "WzE3MzQ1Mzc0MjQwMDBd");
    let err = s
        .client
        .call_err("intercom_search_contacts", json!({"query": {}}))
        .await;
    assert!(err.contains("query must be a filter"), "{err}");
    let err = s
        .client
        .call_err(
            "intercom_search_contacts",
            json!({"query": query, "pagination": {"per_page": 500}}),
        )
        .await;
    assert!(err.contains("between 1 and 150"), "{err}");
}

#[tokio::test]
async fn merge_a_lead_into_a_user() {
    let s = setup().await;
    req("POST", "/contacts/merge")
        .json_body(json!({"from": "6762f0d51bb69f9f2193bb7f", "into": CT}))
        .respond(&s.fake, 200, contact())
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_merge_contact",
            json!({"from": "6762f0d51bb69f9f2193bb7f", "into": CT}),
        )
        .await;
    assert_eq!(v["id"], CT);
}

#[tokio::test]
async fn contact_notes() {
    let s = setup().await;
    let list = json!({"type": "list", "data": [note("26"), note("25")], "total_count": 2,
                      "pages": {"type": "pages", "next": null, "page": 1, "per_page": 50, "total_pages": 1}});
    req("GET", &format!("/contacts/{CT}/notes"))
        .respond(&s.fake, 200, list.clone())
        .await;
    let v = s
        .client
        .call_ok("intercom_list_contact_notes", json!({"id": CT}))
        .await;
    assert_eq!(
        v["items"][0],
        json!({"id": "26", "body": "<p>This is a note.</p>", "created_at": 1733932587, "contact_id": CT,
                                     "author": {"type": "admin", "id": "991267581", "name": "Ciaran122 Lee"}})
    );
    req("GET", &format!("/contacts/{CT}/notes"))
        .queries(&[("page", "2"), ("per_page", "10")])
        .respond(&s.fake, 200, list)
        .await;
    s.client
        .call_ok(
            "intercom_list_notes",
            json!({"contact_id": CT, "starting_after": "2", "per_page": 10}),
        )
        .await;
    req("POST", &format!("/contacts/{CT}/notes"))
        .json_body(json!({"body": "Hello", "admin_id": "991267581"}))
        .respond(&s.fake, 200, note("34"))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_create_contact_note",
            json!({"id": CT, "body": "Hello", "contact_id": CT, "admin_id": "991267581"}),
        )
        .await;
    assert_eq!(v["id"], "34");
    let err = s
        .client
        .call_err(
            "intercom_create_contact_note",
            json!({"id": CT, "body": "Hello", "contact_id": "other"}),
        )
        .await;
    assert!(err.contains("different contacts"), "{err}");
    req("POST", &format!("/contacts/{CT}/notes"))
        .json_body(json!({"body": "New note", "admin_id": "123"}))
        .respond(&s.fake, 200, note("35"))
        .await;
    s.client
        .call_ok(
            "intercom_create_note",
            json!({"body": "New note", "contact_id": CT, "admin_id": "123"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "intercom_create_note",
            json!({"body": " ", "contact_id": CT, "admin_id": "123"}),
        )
        .await;
    assert!(err.contains("`body`"), "{err}");
    req("GET", "/notes/34")
        .respond(&s.fake, 200, note("34"))
        .await;
    let v = s
        .client
        .call_ok("intercom_get_note", json!({"id": "34"}))
        .await;
    assert_eq!(v["contact_id"], CT);
}

#[tokio::test]
async fn contact_tags() {
    let s = setup().await;
    req("GET", &format!("/contacts/{CT}/tags"))
        .respond(&s.fake, 200, json!({"type": "list", "data": [tag()]}))
        .await;
    let v = s
        .client
        .call_ok("intercom_list_contact_tags", json!({"contact_id": CT}))
        .await;
    assert_eq!(
        v["items"][0]["applied_by"],
        json!({"type": "admin", "id": "456"})
    );
    assert_eq!(v["next_cursor"], Value::Null);
    req("POST", &format!("/contacts/{CT}/tags"))
        .json_body(json!({"id": "80"}))
        .respond(&s.fake, 200, tag())
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_add_contact_tag",
            json!({"contact_id": CT, "id": "80"}),
        )
        .await;
    assert_eq!(v["name"], "Manual tag");
    req("DELETE", &format!("/contacts/{CT}/tags/80"))
        .respond(&s.fake, 200, tag())
        .await;
    s.client
        .call_ok(
            "intercom_remove_contact_tag",
            json!({"contact_id": CT, "id": "80"}),
        )
        .await;
}
