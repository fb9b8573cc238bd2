//! Vendors: create, get, list, search, full update, (de)activate.

use crate::common::{fault, one, query, query_response, req, setup};
use serde_json::{Value, json};

fn vendor(id: &str, token: &str, active: bool) -> Value {
    json!({
        "PrimaryEmailAddr": {"Address": "books@example.com"}, "Vendor1099": false, "domain": "QBO",
        "GivenName": "Bessie", "DisplayName": "Books by Bessie",
        "BillAddr": {"City": "Palo Alto", "Line1": "15 Main St.", "PostalCode": "94303", "CountrySubDivisionCode": "CA", "Id": "31"},
        "SyncToken": token, "PrintOnCheckName": "Books by Bessie", "FamilyName": "Williams",
        "PrimaryPhone": {"FreeFormNumber": "(650) 555-7745"}, "AcctNum": "1345",
        "CompanyName": "Books by Bessie", "WebAddr": {"URI": "http://www.booksbybessie.co"},
        "sparse": false, "Active": active, "Balance": 0, "Id": id,
        "MetaData": {"CreateTime": "2026-01-12T10:07:56-08:00", "LastUpdatedTime": "2026-01-17T11:13:46-08:00"}
    })
}

#[tokio::test]
async fn create_vendor() {
    let s = setup().await;
    req("POST", "/vendor", &[])
        .json_body(json!({
            "DisplayName": "Dianne's Auto Shop", "GivenName": "Dianne", "FamilyName": "Bradley",
            "CompanyName": "Dianne's Auto Shop", "PrimaryEmailAddr": {"Address": "dbradley@example.com"},
            "PrimaryPhone": {"FreeFormNumber": "(650) 555-2342"}, "WebAddr": {"URI": "http://www.diannesautoshop.example"},
            "PrintOnCheckName": "Dianne's Auto Shop", "Vendor1099": true, "CostRate": 42.5, "BillRate": 60,
            "TaxIdentifier": "99-5688293", "AcctNum": "35372649", "CurrencyRef": {"value": "USD"},
            "BillAddr": {"Line1": "29834 Mustang Ave.", "City": "Millbrae", "CountrySubDivisionCode": "CA", "PostalCode": "94030", "Country": "U.S.A"}
        }))
        .respond(&s.fake, 200, one("Vendor", vendor("30", "0", true)))
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_create_vendor",
            json!({"display_name": "Dianne's Auto Shop", "first_name": "Dianne", "last_name": "Bradley",
                "company": "Dianne's Auto Shop", "email": "dbradley@example.com", "phone": "(650) 555-2342",
                "website": "http://www.diannesautoshop.example", "check_name": "Dianne's Auto Shop",
                "is_1099_vendor": true, "cost_rate": "42.50", "bill_rate": 60, "tax_id": "99-5688293",
                "account_number": "35372649", "currency": "USD", "street": "29834 Mustang Ave.",
                "city": "Millbrae", "state": "CA", "postal_code": "94030", "country": "U.S.A"}),
        )
        .await;
    assert_eq!(v["Id"], "30");
    assert_eq!(v["Email"], "books@example.com");
    let err = s
        .client
        .call_err(
            "quickbooks_create_vendor",
            json!({"company": "Only a company"}),
        )
        .await;
    assert!(err.contains("display_name"), "{err}");
}

#[tokio::test]
async fn get_list_and_search_vendors() {
    let s = setup().await;
    req("GET", "/vendor/30", &[])
        .respond(&s.fake, 200, one("Vendor", vendor("30", "0", true)))
        .await;
    let v = s
        .client
        .call_ok("quickbooks_get_vendor", json!({"id": "30"}))
        .await;
    assert_eq!(v["AcctNum"], "1345");
    query("SELECT * FROM Vendor WHERE Active = true STARTPOSITION 1 MAXRESULTS 100")
        .respond(
            &s.fake,
            200,
            query_response("Vendor", vec![vendor("30", "0", true)], 1),
        )
        .await;
    let v = s.client.call_ok("quickbooks_list_vendors", json!({})).await;
    assert_eq!(v["items"][0]["DisplayName"], "Books by Bessie");
    query(concat!(
        "SELECT * FROM Vendor WHERE DisplayName LIKE '%Bessie%' AND CompanyName LIKE '%Books%'",
        " AND Active = true STARTPOSITION 1 MAXRESULTS 100"
    ))
    .respond(
        &s.fake,
        200,
        query_response(
            "Vendor",
            vec![vendor("30", "0", true), {
                let mut v = vendor("31", "0", true);
                v["Vendor1099"] = json!(true);
                v
            }],
            1,
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_search_vendors",
            json!({"name": "Bessie", "company": "Books", "is_active": true, "is_1099_vendor": true, "phone": "555-7745"}),
        )
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 1);
    assert_eq!(v["items"][0]["Id"], "31");
    req("GET", "/vendor/99", &[])
        .respond(
            &s.fake,
            400,
            fault(
                "ValidationFault",
                "610",
                "Object Not Found",
                "Object Not Found : Something you're trying to use has been made inactive.",
                "",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("quickbooks_get_vendor", json!({"id": "99"}))
        .await;
    assert!(err.contains("610"), "{err}");
    let err = s
        .client
        .call_err("quickbooks_search_vendors", json!({"max_results": 5000}))
        .await;
    assert!(err.contains("between 1 and 1000"), "{err}");
}

#[tokio::test]
async fn update_vendor_is_a_full_update() {
    let s = setup().await;
    req("GET", "/vendor/30", &[])
        .respond(&s.fake, 200, one("Vendor", vendor("30", "1", true)))
        .await;
    let mut want = vendor("30", "1", true);
    want["AcctNum"] = json!("9999");
    want["BillAddr"]["City"] = json!("Menlo Park");
    req("POST", "/vendor", &[])
        .json_body(want.clone())
        .respond(&s.fake, 200, one("Vendor", want))
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_update_vendor",
            json!({"id": "30", "account_number": "9999", "city": "Menlo Park"}),
        )
        .await;
    assert_eq!(v["AcctNum"], "9999");
    assert_eq!(v["BillAddr"]["Line1"], "15 Main St.");
    let err = s
        .client
        .call_err("quickbooks_update_vendor", json!({"id": "30"}))
        .await;
    assert!(err.contains("nothing to change"), "{err}");
}

#[tokio::test]
async fn activate_and_deactivate_vendor() {
    let s = setup().await;
    for (tool, active) in [
        ("quickbooks_deactivate_vendor", false),
        ("quickbooks_activate_vendor", true),
    ] {
        req("GET", "/vendor/30", &[])
            .respond(&s.fake, 200, one("Vendor", vendor("30", "4", !active)))
            .await;
        req("POST", "/vendor", &[])
            .json_body(vendor("30", "4", active))
            .respond(&s.fake, 200, one("Vendor", vendor("30", "5", active)))
            .await;
        let v = s.client.call_ok(tool, json!({"id": "30"})).await;
        assert_eq!(v["Active"], active, "{tool}");
        s.fake.reset().await;
    }
    req("GET", "/vendor/30", &[])
        .respond(&s.fake, 200, one("Vendor", vendor("30", "4", true)))
        .await;
    req("POST", "/vendor", &[])
        .json_body(vendor("30", "4", false))
        .respond(&s.fake, 400, fault("ValidationFault", "6000", "A business validation error has occurred while processing your request", "Business Validation Error: You can't make this vendor inactive because it has an open balance.", ""))
        .await;
    let err = s
        .client
        .call_err("quickbooks_deactivate_vendor", json!({"id": "30"}))
        .await;
    assert!(
        err.contains("6000") && err.contains("open balance"),
        "{err}"
    );
}
