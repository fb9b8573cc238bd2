use crate::{ADMIN, CONTACT, contact_json, link_next, req, setup};
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

#[tokio::test]
async fn list_contacts_query_page_and_next_cursor() {
    let s = setup().await;
    req("GET", "contacts")
        .query("query", "Foobar")
        .query("page", "2")
        .query("per_page", "50")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link_next("contacts", 3, 50).as_str())
                .set_body_json(json!([contact_json()])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_list_contacts",
            json!({"administration_id": ADMIN, "query": "Foobar", "page": 2}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], CONTACT);
    assert_eq!(v["items"][0]["company_name"], "Foobar Holding B.V.");
    assert!(v["items"][0].get("sepa_iban").is_none());
    assert_eq!(v["next_cursor"], "3");
}

#[tokio::test]
async fn list_contacts_last_page_and_errors() {
    let s = setup().await;
    // The last page: a Link header without rel="next".
    req("GET", "contacts")
        .query("include_archived", "true")
        .query("page", "3")
        .query("per_page", "2")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header(
                    "link",
                    format!("<https://moneybird.com/api/v2/{ADMIN}/contacts.json?page=2&per_page=2>; rel=\"prev\"").as_str(),
                )
                .set_body_json(json!([contact_json(), contact_json()])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_list_contacts",
            json!({"administration_id": ADMIN, "include_archived": true, "limit": 2, "cursor": "3", "page": 9}),
        )
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 2);
    assert!(v["next_cursor"].is_null());
    req("GET", "contacts")
        .query("page", "1")
        .query("per_page", "50")
        .respond(
            &s.fake,
            400,
            json!({"error": "per_page does not have a valid value"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_list_contacts",
            json!({"administration_id": ADMIN}),
        )
        .await;
    assert!(
        err.contains("per_page does not have a valid value"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "moneybird_list_contacts",
            json!({"administration_id": ADMIN, "cursor": "abc"}),
        )
        .await;
    assert!(err.contains("next_cursor"), "{err}");
}

#[tokio::test]
async fn get_contact_with_people_and_numeric_ids() {
    let s = setup().await;
    req("GET", &format!("contacts/{CONTACT}"))
        .respond(&s.fake, 200, contact_json())
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_get_contact",
            json!({"administration_id": ADMIN, "contact_id": CONTACT}),
        )
        .await;
    assert_eq!(v["id"], CONTACT);
    assert_eq!(v["city"], "Amsterdam");
    assert_eq!(v["contact_people"][0]["id"], "496081411813410378");
    assert_eq!(v["contact_people"][0]["firstname"], "John");
    assert!(v.get("events").is_none());
}

#[tokio::test]
async fn get_contact_not_found_and_bad_id() {
    let s = setup().await;
    req("GET", "contacts/1")
        .respond(
            &s.fake,
            404,
            json!({"error": "record not found", "symbolic": {"id": "not_found"}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_get_contact",
            json!({"administration_id": ADMIN, "contact_id": "1"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("record not found"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "moneybird_get_contact",
            json!({"administration_id": ADMIN, "contact_id": "4.96e17"}),
        )
        .await;
    assert!(
        err.contains("contact_id") && err.contains("digits"),
        "{err}"
    );
}

#[tokio::test]
async fn create_contact_sends_the_contact_object_once() {
    let s = setup().await;
    req("POST", "contacts")
        .json_body(json!({"contact": {
            "company_name": "Foobar Holding B.V.", "address1": "Hoofdstraat 12", "zipcode": "1234 AB",
            "city": "Amsterdam", "country": "NL", "send_invoices_to_email": "info@example.com",
            "invoice_workflow_id": "496081347889071247",
            "contact_person": {"firstname": "John", "lastname": "Appleseed"}
        }}))
        .respond(&s.fake, 201, contact_json())
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_create_contact",
            json!({"administration_id": ADMIN, "contact_data": {
                "company_name": "Foobar Holding B.V.", "address1": "Hoofdstraat 12", "zipcode": "1234 AB",
                "city": "Amsterdam", "country": "NL", "send_invoices_to_email": "info@example.com",
                "invoice_workflow_id": 496081347889071247u64,
                "contact_person": {"firstname": "John", "lastname": "Appleseed"}
            }}),
        )
        .await;
    assert_eq!(v["id"], CONTACT);
    assert_eq!(v["contact_people"][0]["lastname"], "Appleseed");
}

#[tokio::test]
async fn create_contact_validation_errors_are_not_retried() {
    let s = setup().await;
    // Already wrapped in {"contact": ...} is accepted as well.
    req("POST", "contacts")
        .json_body(json!({"contact": {"firstname": "Jan", "sepa_mandate_date": "2099-01-01"}}))
        .respond(
            &s.fake,
            422,
            json!({"error": {"sepa_mandate_date": ["cannot be in the future"]},
                "details": {"sepa_mandate_date": [{"error": "not_in_future"}]}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_create_contact",
            json!({"administration_id": ADMIN, "contact_data": {"contact": {"firstname": "Jan", "sepa_mandate_date": "2099-01-01"}}}),
        )
        .await;
    assert!(
        err.contains("sepa_mandate_date cannot be in the future"),
        "{err}"
    );
    assert!(err.contains("not_in_future"), "{err}");
    let err = s
        .client
        .call_err(
            "moneybird_create_contact",
            json!({"administration_id": ADMIN, "contact_data": {"name": "Acme"}}),
        )
        .await;
    assert!(
        err.contains("`name`") && err.contains("company_name"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "moneybird_create_contact",
            json!({"administration_id": ADMIN, "contact_data": {"city": "Utrecht"}}),
        )
        .await;
    assert!(err.contains("company_name, firstname or lastname"), "{err}");
}

#[tokio::test]
async fn create_contact_is_not_repeated_after_a_gateway_error() {
    let s = setup().await;
    req("POST", "contacts")
        .json_body(json!({"contact": {"company_name": "Acme"}}))
        .respond(&s.fake, 502, json!({"error": "Bad gateway"}))
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_create_contact",
            json!({"administration_id": ADMIN, "contact_data": {"company_name": "Acme"}}),
        )
        .await;
    assert!(err.contains("502"), "{err}");
    // `expect(1)`: the fake fails the test on a second POST when it is dropped.
}

#[tokio::test]
async fn create_contact_person_contract_and_error() {
    let s = setup().await;
    req("POST", &format!("contacts/{CONTACT}/contact_people"))
        .json_body(json!({"contact_person": {"firstname": "John", "lastname": "Doe", "email": "johndoe@moneybird.com", "department": "Sales"}}))
        .respond(
            &s.fake,
            201,
            json!({"id": "496081402931971388", "contact_id": CONTACT, "administration_id": 123,
                "firstname": "John", "lastname": "Doe", "phone": "123456789", "email": "johndoe@moneybird.com",
                "department": "Sales", "created_at": "2026-08-21T13:48:34.543Z", "version": 1787320114}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_create_contact_person",
            json!({"administration_id": ADMIN, "contact_id": CONTACT, "contact_person_data": {"firstname": "John", "lastname": "Doe", "email": "johndoe@moneybird.com", "department": "Sales"}}),
        )
        .await;
    assert_eq!(v["id"], "496081402931971388");
    assert_eq!(v["contact_id"], CONTACT);
    req("POST", &format!("contacts/{CONTACT}/contact_people"))
        .json_body(json!({"contact_person": {"email": "nope"}}))
        .respond(&s.fake, 422, json!({"error": {"email": ["is invalid"]}}))
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_create_contact_person",
            json!({"administration_id": ADMIN, "contact_id": CONTACT, "contact_person_data": {"email": "nope"}}),
        )
        .await;
    assert!(err.contains("email is invalid"), "{err}");
    let err = s
        .client
        .call_err(
            "moneybird_create_contact_person",
            json!({"administration_id": ADMIN, "contact_id": CONTACT, "contact_person_data": {}}),
        )
        .await;
    assert!(err.contains("no fields"), "{err}");
}
