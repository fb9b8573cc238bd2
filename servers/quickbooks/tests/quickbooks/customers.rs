//! Customers: create, get, list, sparse update, (de)activate, search.

use crate::common::{fault, one, query, query_response, req, setup};
use serde_json::{Value, json};

fn customer(id: &str, name: &str, token: &str) -> Value {
    json!({
        "domain": "QBO", "PrimaryEmailAddr": {"Address": "surf@example.com"},
        "DisplayName": name, "PreferredDeliveryMethod": "Print", "GivenName": "Bill",
        "FullyQualifiedName": name, "BillWithParent": false, "Job": false,
        "BalanceWithJobs": 85.0, "PrimaryPhone": {"FreeFormNumber": "(415) 444-6538"},
        "Active": true, "MetaData": {"CreateTime": "2026-01-11T16:49:28-08:00", "LastUpdatedTime": "2026-01-12T11:18:37-08:00"},
        "BillAddr": {"City": "Half Moon Bay", "Line1": "12 Ocean Dr.", "PostalCode": "94213", "CountrySubDivisionCode": "CA", "Id": "3"},
        "Taxable": false, "Balance": 85.0, "SyncToken": token, "CompanyName": "Bill's Windsurf Shop",
        "FamilyName": "Lucchini", "sparse": false, "Id": id
    })
}

#[tokio::test]
async fn create_customer_maps_every_field() {
    let s = setup().await;
    req("POST", "/customer", &[])
        .json_body(json!({
            "DisplayName": "Bill's Windsurf Shop", "GivenName": "Bill", "MiddleName": "M",
            "FamilyName": "Lucchini", "CompanyName": "Bill's Windsurf Shop",
            "PrimaryEmailAddr": {"Address": "surf@example.com"},
            "PrimaryPhone": {"FreeFormNumber": "(415) 444-6538"},
            "WebAddr": {"URI": "https://surf.example.com"}, "Notes": "Prefers email",
            "Taxable": true, "BillWithParent": false, "CurrencyRef": {"value": "USD"},
            "PaymentMethodRef": {"value": "2"}, "DefaultTaxCodeRef": {"value": "TAX"},
            "Balance": 1500.1, "OpenBalanceDate": "2026-01-01",
            "BillAddr": {"Line1": "12 Ocean Dr.", "Line2": "Suite 4", "City": "Half Moon Bay",
                "CountrySubDivisionCode": "CA", "PostalCode": "94213", "Country": "USA"},
            "ShipAddr": {"Line1": "1 Pier", "City": "Pacifica"}
        }))
        .respond(
            &s.fake,
            200,
            one("Customer", customer("67", "Bill's Windsurf Shop", "0")),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_create_customer",
            json!({
                "display_name": "Bill's Windsurf Shop", "first_name": "Bill", "middle_name": "M",
                "last_name": "Lucchini", "company": "Bill's Windsurf Shop", "email": "surf@example.com",
                "phone": "(415) 444-6538", "website": "https://surf.example.com", "notes": "Prefers email",
                "is_taxable": true, "bill_with_parent": false, "currency": "USD", "payment_method_id": "2",
                "tax_code_id": "TAX", "balance": "1500.10", "open_balance_date": "2026-01-01",
                "billing_street": "12 Ocean Dr.", "billing_street2": "Suite 4", "billing_city": "Half Moon Bay",
                "billing_state": "CA", "billing_postal_code": "94213", "billing_country": "USA",
                "shipping_street": "1 Pier", "shipping_city": "Pacifica"
            }),
        )
        .await;
    assert_eq!(v["Id"], "67");
    assert_eq!(v["Email"], "surf@example.com");
    assert_eq!(v["Phone"], "(415) 444-6538");
    assert_eq!(v["Balance"], 85.0);
}

#[tokio::test]
async fn create_customer_needs_a_name_and_exact_amounts() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "quickbooks_create_customer",
            json!({"email": "a@example.com"}),
        )
        .await;
    assert!(err.contains("display_name"), "{err}");
    let err = s
        .client
        .call_err(
            "quickbooks_create_customer",
            json!({"display_name": "X", "balance": "1,500.00"}),
        )
        .await;
    assert!(err.contains("not a decimal amount"), "{err}");
    let err = s
        .client
        .call_err(
            "quickbooks_create_customer",
            json!({"display_name": "X", "balance": "12345678901.123456"}),
        )
        .await;
    assert!(err.contains("15 significant digits"), "{err}");
}

#[tokio::test]
async fn get_and_list_customers() {
    let s = setup().await;
    req("GET", "/customer/2", &[])
        .respond(
            &s.fake,
            200,
            one("Customer", customer("2", "Bill's Windsurf Shop", "4")),
        )
        .await;
    let v = s
        .client
        .call_ok("quickbooks_get_customer", json!({"id": "2"}))
        .await;
    assert_eq!(v["DisplayName"], "Bill's Windsurf Shop");
    assert_eq!(v["BillAddr"]["City"], "Half Moon Bay");
    query("SELECT * FROM Customer WHERE Active IN (true, false) STARTPOSITION 1 MAXRESULTS 1")
        .respond(
            &s.fake,
            200,
            query_response("Customer", vec![customer("2", "B", "4")], 1),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_list_customers",
            json!({"active_only": false, "max_results": 1}),
        )
        .await;
    assert_eq!(v["items"][0]["Id"], "2");
    assert_eq!(v["next_cursor"], "2");
    req("GET", "/customer/404", &[])
        .respond(&s.fake, 400, fault("ValidationFault", "610", "Object Not Found", "Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.", ""))
        .await;
    let err = s
        .client
        .call_err("quickbooks_get_customer", json!({"id": "404"}))
        .await;
    assert!(
        err.contains("610") && err.contains("Object Not Found"),
        "{err}"
    );
    let err = s
        .client
        .call_err("quickbooks_list_customers", json!({"max_results": 1001}))
        .await;
    assert!(err.contains("between 1 and 1000"), "{err}");
}

#[tokio::test]
async fn update_customer_reads_the_sync_token_first() {
    let s = setup().await;
    req("GET", "/customer/2", &[])
        .respond(&s.fake, 200, one("Customer", customer("2", "B", "4")))
        .await;
    req("POST", "/customer", &[])
        .json_body(
            json!({"MiddleName": "Mark", "PrimaryEmailAddr": {"Address": "new@example.com"},
            "Id": "2", "SyncToken": "4", "sparse": true}),
        )
        .respond(&s.fake, 200, one("Customer", customer("2", "B", "5")))
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_update_customer",
            json!({"id": "2", "middle_name": "Mark", "email": "new@example.com"}),
        )
        .await;
    assert_eq!(v["SyncToken"], "5");
}

#[tokio::test]
async fn update_customer_with_a_given_sync_token_and_failures() {
    let s = setup().await;
    // No read: the caller's SyncToken is sent.
    req("POST", "/customer", &[])
        .json_body(json!({"Notes": "VIP", "Id": "2", "SyncToken": "7", "sparse": true}))
        .respond(&s.fake, 200, one("Customer", customer("2", "B", "8")))
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_update_customer",
            json!({"id": "2", "notes": "VIP", "sync_token": "7"}),
        )
        .await;
    assert_eq!(v["SyncToken"], "8");
    let err = s
        .client
        .call_err(
            "quickbooks_update_customer",
            json!({"id": "2", "balance": 10}),
        )
        .await;
    assert!(err.contains("only be given when creating"), "{err}");
    let err = s
        .client
        .call_err("quickbooks_update_customer", json!({"id": "2"}))
        .await;
    assert!(err.contains("nothing to change"), "{err}");
}

#[tokio::test]
async fn deactivate_and_activate_customer() {
    let s = setup().await;
    for (tool, active, token) in [
        ("quickbooks_deactivate_customer", false, "4"),
        ("quickbooks_activate_customer", true, "9"),
    ] {
        req("GET", "/customer/2", &[])
            .respond(&s.fake, 200, one("Customer", customer("2", "B", token)))
            .await;
        let mut answer = customer("2", "B", "10");
        answer["Active"] = json!(active);
        req("POST", "/customer", &[])
            .json_body(json!({"Active": active, "Id": "2", "SyncToken": token, "sparse": true}))
            .respond(&s.fake, 200, one("Customer", answer))
            .await;
        let v = s.client.call_ok(tool, json!({"id": "2"})).await;
        assert_eq!(v["Active"], active, "{tool}");
        s.fake.reset().await;
    }
    req("GET", "/customer/3", &[])
        .respond(&s.fake, 401, json!({"warnings": null, "intuitObject": null, "fault": {"error": [{"message": "message=AuthenticationFailed; errorCode=003200; statusCode=401", "detail": "Token expired: ABC", "code": "3200", "element": null}], "type": "AUTHENTICATION"}, "report": null, "queryResponse": null, "batchItemResponse": [], "attachableResponse": [], "syncErrorResponse": null, "requestId": null, "time": 1700000000000i64, "status": null, "cdcresponse": []}))
        .await;
    let err = s
        .client
        .call_err("quickbooks_deactivate_customer", json!({"id": "3"}))
        .await;
    assert!(
        err.contains("3200") && err.contains("Token expired"),
        "{err}"
    );
    assert!(err.contains("SyncToken"), "{err}");
}

#[tokio::test]
async fn search_customers_filters_in_the_query_and_on_the_page() {
    let s = setup().await;
    query(concat!(
        "SELECT * FROM Customer WHERE DisplayName LIKE '%Surf%' AND FamilyName LIKE '%Lucc%'",
        " AND PrimaryEmailAddr LIKE '%example.com%' AND Active = true AND Balance >= 10.5 AND Balance <= 100",
        " STARTPOSITION 1 MAXRESULTS 100"
    ))
    .respond(
        &s.fake,
        200,
        query_response("Customer", vec![customer("2", "Surf A", "0"), {
            let mut c = customer("3", "Surf B", "0");
            c["BillAddr"]["City"] = json!("Pacifica");
            c
        }], 1),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_search_customers",
            json!({"display_name": "Surf", "last_name": "Lucc", "email": "example.com", "is_active": true,
                "min_balance": 10.5, "max_balance": "100.00", "billing_city": "half moon bay", "phone": "444"}),
        )
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["items"][0]["Id"], "2");
    let note = v["note"].as_str().unwrap();
    assert!(
        note.contains("phone") && note.contains("billing_city"),
        "{note}"
    );
    let err = s
        .client
        .call_err("quickbooks_search_customers", json!({"min_balance": "ten"}))
        .await;
    assert!(err.contains("not a decimal amount"), "{err}");
}
