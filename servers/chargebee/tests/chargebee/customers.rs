//! Customers: list with filters and offset paging, get, create (form body, idempotency key,
//! a retry with the same key), update, delete; Chargebee's error bodies.

use mcp_testkit::expect;
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn list_customers_filters_unwraps_and_returns_next_offset() {
    let s = setup().await;
    expect("GET", "/customers")
        .header("authorization", &basic())
        .queries(&[
            ("limit", "2"),
            ("offset", "[\"1700000000000\",\"230000000\"]"),
            ("email[is]", "jane@acme.com"),
            ("first_name[is]", "Jane"),
            ("last_name[is]", "Doe"),
        ])
        .respond(
            &s.fake,
            200,
            json!({
                "list": [
                    {"customer": customer_json("cust_1"), "card": {"status": "valid"}},
                    {"customer": customer_json("cust_2")}
                ],
                "next_offset": "[\"1700000000000\",\"240000000\"]"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_list_customers",
            json!({
                "limit": 2,
                "offset": "[\"1700000000000\",\"230000000\"]",
                "email": "jane@acme.com",
                "first_name": "Jane",
                "last_name": "Doe"
            }),
        )
        .await;
    assert_eq!(v["customers"].as_array().unwrap().len(), 2);
    assert_eq!(v["customers"][0]["id"], "cust_1");
    assert_eq!(v["customers"][1]["email"], "jane@acme.com");
    assert!(v["customers"][0].get("resource_version").is_none());
    assert_eq!(v["next_offset"], "[\"1700000000000\",\"240000000\"]");
}

#[tokio::test]
async fn list_customers_last_page_has_no_next_offset() {
    let s = setup().await;
    expect("GET", "/customers")
        .header("authorization", &basic())
        .query("limit", "10")
        .respond(
            &s.fake,
            200,
            json!({"list": [{"customer": customer_json("cust_1")}]}),
        )
        .await;
    let v = s
        .client
        .call_ok("chargebee_list_customers", json!({}))
        .await;
    assert_eq!(v["customers"][0]["first_name"], "Jane");
    assert!(v.get("next_offset").is_none(), "{v}");
}

#[tokio::test]
async fn list_customers_refuses_a_limit_over_100() {
    let s = setup().await;
    let err = s
        .client
        .call_err("chargebee_list_customers", json!({"limit": 500}))
        .await;
    assert!(err.contains("`limit` must be 1 to 100"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn get_customer_contract() {
    let s = setup().await;
    expect("GET", "/customers/cust_1")
        .header("authorization", &basic())
        .respond(
            &s.fake,
            200,
            json!({"customer": customer_json("cust_1"), "card": {"status": "valid"}}),
        )
        .await;
    let v = s
        .client
        .call_ok("chargebee_get_customer", json!({"customer_id": "cust_1"}))
        .await;
    assert_eq!(v["id"], "cust_1");
    assert_eq!(v["company"], "Acme");
    assert_eq!(v["preferred_currency_code"], "USD");
}

#[tokio::test]
async fn get_customer_not_found_is_a_clear_error() {
    let s = setup().await;
    expect("GET", "/customers/nope")
        .respond(
            &s.fake,
            404,
            cb_error(
                404,
                "invalid_request",
                "resource_not_found",
                None,
                "Sorry, we couldn't find that resource",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("chargebee_get_customer", json!({"customer_id": "nope"}))
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(err.contains("resource_not_found"), "{err}");
    assert!(err.contains("couldn't find that resource"), "{err}");
}

#[tokio::test]
async fn create_customer_sends_a_form_with_bracketed_address_and_an_idempotency_key() {
    let s = setup().await;
    expect("POST", "/customers")
        .header("authorization", &basic())
        .form_body(&[
            ("id", "cust_new"),
            ("first_name", "Jane"),
            ("last_name", "Doe"),
            ("email", "jane@acme.com"),
            ("phone", "+1 555 0100"),
            ("company", "Acme"),
            ("billing_address[line1]", "PO Box 9999"),
            ("billing_address[city]", "Walnut"),
            ("billing_address[state_code]", "CA"),
            ("billing_address[zip]", "91789"),
            ("billing_address[country]", "US"),
        ])
        .respond(&s.fake, 200, json!({"customer": customer_json("cust_new")}))
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_create_customer",
            json!({
                "id": "cust_new",
                "first_name": "Jane",
                "last_name": "Doe",
                "email": "jane@acme.com",
                "phone": "+1 555 0100",
                "company": "Acme",
                "billing_address": {
                    "line1": "PO Box 9999", "city": "Walnut", "state_code": "CA",
                    "zip": "91789", "country": "US", "line2": ""
                }
            }),
        )
        .await;
    assert_eq!(v["id"], "cust_new");
    assert_eq!(idempotency_keys(&s.fake).await.len(), 1);
}

#[tokio::test]
async fn create_customer_is_retried_after_a_gateway_error_with_the_same_key() {
    let s = setup().await;
    Mock::given(matchers::method("POST"))
        .and(matchers::path("/customers"))
        .respond_with(ResponseTemplate::new(503).set_body_json(cb_error(
            503,
            "",
            "internal_temporary_error",
            None,
            "Temporary error, please retry",
        )))
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    Mock::given(matchers::method("POST"))
        .and(matchers::path("/customers"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"customer": customer_json("c9")})),
        )
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok("chargebee_create_customer", json!({"email": "a@b.co"}))
        .await;
    assert_eq!(v["id"], "c9");
    let keys = idempotency_keys(&s.fake).await;
    assert_eq!(keys.len(), 2, "one retry");
    assert_eq!(
        keys[0], keys[1],
        "the retry repeats the key, so Chargebee replays"
    );
}

#[tokio::test]
async fn each_call_gets_its_own_idempotency_key() {
    let s = setup().await;
    expect("POST", "/customers")
        .form_body(&[("email", "a@b.co")])
        .times(2)
        .respond(&s.fake, 200, json!({"customer": customer_json("c1")}))
        .await;
    for _ in 0..2 {
        s.client
            .call_ok("chargebee_create_customer", json!({"email": "a@b.co"}))
            .await;
    }
    let keys = idempotency_keys(&s.fake).await;
    assert_eq!(keys.len(), 2);
    assert_ne!(keys[0], keys[1]);
}

#[tokio::test]
async fn create_customer_error_names_the_parameter() {
    let s = setup().await;
    expect("POST", "/customers")
        .form_body(&[("email", "not-an-email")])
        .respond(
            &s.fake,
            400,
            cb_error(
                400,
                "invalid_request",
                "param_wrong_value",
                Some("email"),
                "email : invalid email",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "chargebee_create_customer",
            json!({"email": "not-an-email"}),
        )
        .await;
    assert!(err.contains("param_wrong_value"), "{err}");
    assert!(err.contains("parameter `email`"), "{err}");
    assert!(err.contains("fix `email`"), "{err}");
    // A 400 is an answer: never repeated.
    assert_eq!(idempotency_keys(&s.fake).await.len(), 1);
}

#[tokio::test]
async fn update_customer_contract() {
    let s = setup().await;
    expect("POST", "/customers/cust_1")
        .header("authorization", &basic())
        .form_body(&[("email", "new@acme.com"), ("company", "Acme Inc")])
        .respond(&s.fake, 200, json!({"customer": customer_json("cust_1")}))
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_update_customer",
            json!({"customer_id": "cust_1", "email": "new@acme.com", "company": "Acme Inc"}),
        )
        .await;
    assert_eq!(v["id"], "cust_1");
    assert_eq!(idempotency_keys(&s.fake).await.len(), 1);
}

#[tokio::test]
async fn update_customer_billing_address_goes_to_update_billing_info() {
    let s = setup().await;
    expect("POST", "/customers/cust_1/update_billing_info")
        .header("authorization", &basic())
        .form_body(&[
            ("billing_address[city]", "Berlin"),
            ("billing_address[country]", "DE"),
        ])
        .respond(&s.fake, 200, json!({"customer": customer_json("cust_1")}))
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_update_customer",
            json!({"customer_id": "cust_1", "billing_address": {"city": "Berlin", "country": "DE"}}),
        )
        .await;
    assert_eq!(v["id"], "cust_1");
}

#[tokio::test]
async fn update_customer_with_nothing_to_change_is_refused() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "chargebee_update_customer",
            json!({"customer_id": "cust_1"}),
        )
        .await;
    assert!(err.contains("Nothing to change"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn delete_customer_contract() {
    let s = setup().await;
    let mut deleted = customer_json("cust_1");
    deleted["deleted"] = json!(true);
    expect("POST", "/customers/cust_1/delete")
        .header("authorization", &basic())
        .form_body(&[])
        .respond(&s.fake, 200, json!({"customer": deleted}))
        .await;
    let v = s
        .client
        .call_ok(
            "chargebee_delete_customer",
            json!({"customer_id": "cust_1"}),
        )
        .await;
    assert_eq!(v["deleted"], true);
    assert_eq!(v["customer"]["id"], "cust_1");
    assert_eq!(idempotency_keys(&s.fake).await.len(), 1);
}

#[tokio::test]
async fn delete_customer_in_an_invalid_state_is_a_clear_error() {
    let s = setup().await;
    expect("POST", "/customers/cust_1/delete")
        .any_body()
        .respond(
            &s.fake,
            409,
            cb_error(
                409,
                "invalid_request",
                "invalid_state_for_request",
                None,
                "Customer has active subscriptions",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "chargebee_delete_customer",
            json!({"customer_id": "cust_1"}),
        )
        .await;
    assert!(err.contains("409"), "{err}");
    assert!(err.contains("invalid_state_for_request"), "{err}");
    assert!(err.contains("active subscriptions"), "{err}");
}
