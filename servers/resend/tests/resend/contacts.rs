use crate::{req, resend_error, setup};
use serde_json::{Value, json};

const SEG: &str = "78261eea-8f8b-4381-83c6-79fa7120f1cf";
const CID: &str = "479e3145-dd38-476b-932c-529ceb705947";

fn contact() -> Value {
    json!({
        "object": "contact", "id": CID, "email": "steve.wozniak@gmail.com",
        "first_name": "Steve", "last_name": "Wozniak",
        "created_at": "2023-10-06 23:47:56.678+00", "unsubscribed": false,
        "properties": {"company": "Apple"}
    })
}

#[tokio::test]
async fn create_contact_in_the_audience_segment() {
    let s = setup().await;
    req("POST", "/contacts")
        .json_body(json!({
            "email": "steve.wozniak@gmail.com", "first_name": "Steve", "last_name": "Wozniak",
            "unsubscribed": false, "properties": {"company": "Apple"}, "segments": [SEG]
        }))
        .respond(&s.fake, 201, json!({"object": "contact", "id": CID}))
        .await;
    let v = s
        .client
        .call_ok(
            "resend_create_contact",
            json!({"email": "steve.wozniak@gmail.com", "audienceId": SEG, "firstName": "Steve",
                   "lastName": "Wozniak", "unsubscribed": false, "properties": {"company": "Apple"}}),
        )
        .await;
    assert_eq!(v, json!({"id": CID}));
}

#[tokio::test]
async fn create_contact_without_segment_and_error() {
    let s = setup().await;
    req("POST", "/contacts")
        .json_body(json!({"email": "dup@example.com"}))
        .respond(
            &s.fake,
            409,
            resend_error(409, "validation_error", "Contact already exists."),
        )
        .await;
    let err = s
        .client
        .call_err("resend_create_contact", json!({"email": "dup@example.com"}))
        .await;
    assert!(err.contains("409"), "{err}");
    assert!(err.contains("Contact already exists"), "{err}");
    let err = s
        .client
        .call_err("resend_create_contact", json!({"email": " "}))
        .await;
    assert!(err.contains("`email`"), "{err}");
}

#[tokio::test]
async fn get_contact_by_id_or_email() {
    let s = setup().await;
    req("GET", &format!("/contacts/{CID}"))
        .respond(&s.fake, 200, contact())
        .await;
    let v = s
        .client
        .call_ok("resend_get_contact", json!({"audienceId": SEG, "id": CID}))
        .await;
    assert_eq!(v["email"], "steve.wozniak@gmail.com");
    assert_eq!(v["first_name"], "Steve");
    assert_eq!(v["properties"]["company"], "Apple");
    assert!(v.get("object").is_none());
    req("GET", "/contacts/steve.wozniak%40gmail.com")
        .respond(&s.fake, 200, contact())
        .await;
    let v = s
        .client
        .call_ok(
            "resend_get_contact",
            json!({"email": "steve.wozniak@gmail.com"}),
        )
        .await;
    assert_eq!(v["id"], CID);
}

#[tokio::test]
async fn get_contact_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("resend_get_contact", json!({"audienceId": SEG}))
        .await;
    assert!(err.contains("`id` or `email`"), "{err}");
    req("GET", "/contacts/nobody%40example.com")
        .respond(
            &s.fake,
            404,
            resend_error(404, "not_found", "Contact not found"),
        )
        .await;
    let err = s
        .client
        .call_err("resend_get_contact", json!({"email": "nobody@example.com"}))
        .await;
    assert!(err.contains("Contact not found"), "{err}");
}

#[tokio::test]
async fn update_contact_by_id_sets_a_new_email() {
    let s = setup().await;
    req("PATCH", &format!("/contacts/{CID}"))
        .json_body(
            json!({"email": "new@example.com", "first_name": "Stephen", "unsubscribed": true}),
        )
        .respond(&s.fake, 200, json!({"object": "contact", "id": CID}))
        .await;
    let v = s
        .client
        .call_ok(
            "resend_update_contact",
            json!({"audienceId": SEG, "id": CID, "email": "new@example.com", "firstName": "Stephen", "unsubscribed": true}),
        )
        .await;
    assert_eq!(v, json!({"id": CID}));
}

#[tokio::test]
async fn update_contact_by_email_and_errors() {
    let s = setup().await;
    req("PATCH", "/contacts/steve%40example.com")
        .json_body(json!({"last_name": "W", "properties": {"plan": "pro"}}))
        .respond(
            &s.fake,
            404,
            resend_error(404, "not_found", "Contact not found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "resend_update_contact",
            json!({"email": "steve@example.com", "lastName": "W", "properties": {"plan": "pro"}}),
        )
        .await;
    assert!(err.contains("Contact not found"), "{err}");
    let err = s
        .client
        .call_err(
            "resend_update_contact",
            json!({"email": "steve@example.com"}),
        )
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    let err = s
        .client
        .call_err("resend_update_contact", json!({"firstName": "X"}))
        .await;
    assert!(err.contains("`id` or `email`"), "{err}");
}

#[tokio::test]
async fn delete_contact_from_the_audience_segment() {
    let s = setup().await;
    req("DELETE", &format!("/contacts/{CID}/segments/{SEG}"))
        .respond(
            &s.fake,
            200,
            json!({"object": "contact_segment", "contact_id": CID, "segment_id": SEG, "deleted": true}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "resend_delete_contact",
            json!({"audienceId": SEG, "id": CID}),
        )
        .await;
    assert_eq!(v["contact_id"], CID);
    assert_eq!(v["segment_id"], SEG);
    assert_eq!(v["deleted"], true);
    assert_eq!(v["result"], "removed from the segment");
}

#[tokio::test]
async fn delete_contact_everywhere_without_audience_and_error() {
    let s = setup().await;
    req("DELETE", "/contacts/steve%40example.com")
        .respond(
            &s.fake,
            200,
            json!({"object": "contact", "id": CID, "deleted": true}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "resend_delete_contact",
            json!({"email": "steve@example.com"}),
        )
        .await;
    assert_eq!(v["id"], CID);
    assert_eq!(v["result"], "contact deleted");
    req("DELETE", &format!("/contacts/{CID}/segments/nope"))
        .respond(
            &s.fake,
            404,
            resend_error(404, "not_found", "Segment not found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "resend_delete_contact",
            json!({"audienceId": "nope", "id": CID}),
        )
        .await;
    assert!(err.contains("Segment not found"), "{err}");
}

#[tokio::test]
async fn list_contacts_of_a_segment() {
    let s = setup().await;
    req("GET", "/contacts")
        .query("limit", "1")
        .query("after", "c0")
        .query("segment_id", SEG)
        .respond(
            &s.fake,
            200,
            json!({"object": "list", "has_more": true, "data": [contact()]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "resend_list_contacts",
            json!({"audienceId": SEG, "limit": 1, "cursor": "c0"}),
        )
        .await;
    assert_eq!(v["items"][0]["email"], "steve.wozniak@gmail.com");
    assert_eq!(v["next_cursor"], CID);
}

#[tokio::test]
async fn list_all_contacts_and_error() {
    let s = setup().await;
    req("GET", "/contacts")
        .query("limit", "20")
        .respond(&s.fake, 200, json!({"object": "list", "data": [contact()]}))
        .await;
    let v = s.client.call_ok("resend_list_contacts", json!({})).await;
    assert_eq!(v["items"][0]["id"], CID);
    assert_eq!(v["has_more"], false);
    assert_eq!(v["next_cursor"], Value::Null);
    req("GET", "/contacts")
        .query("limit", "20")
        .query("segment_id", "bad")
        .respond(
            &s.fake,
            422,
            resend_error(
                422,
                "validation_error",
                "The `segment_id` must be a valid UUID.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("resend_list_contacts", json!({"audienceId": "bad"}))
        .await;
    assert!(err.contains("must be a valid UUID"), "{err}");
}

#[tokio::test]
async fn add_contact_to_segment_contract_and_error() {
    let s = setup().await;
    req(
        "POST",
        &format!("/contacts/steve%40example.com/segments/{SEG}"),
    )
    .respond(
        &s.fake,
        200,
        json!({"object": "contact_segment", "contact_id": CID, "segment_id": SEG}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "resend_add_contact_to_segment",
            json!({"segment_id": SEG, "email": "steve@example.com"}),
        )
        .await;
    assert_eq!(v, json!({"contact_id": CID, "segment_id": SEG}));
    let err = s
        .client
        .call_err("resend_add_contact_to_segment", json!({"segment_id": SEG}))
        .await;
    assert!(err.contains("`id` or `email`"), "{err}");
    req("POST", &format!("/contacts/{CID}/segments/missing"))
        .respond(
            &s.fake,
            404,
            resend_error(404, "not_found", "Segment not found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "resend_add_contact_to_segment",
            json!({"segment_id": "missing", "id": CID}),
        )
        .await;
    assert!(err.contains("Segment not found"), "{err}");
}
