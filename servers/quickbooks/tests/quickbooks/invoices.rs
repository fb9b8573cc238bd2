//! Invoices: create, get, list, search, sparse update, delete, void, send.

use crate::common::{CO, TOKEN, fault, one, query, query_response, req, setup};
use mcp_testkit::expect;
use serde_json::{Value, json};

fn invoice(id: &str, token: &str) -> Value {
    json!({
        "TxnDate": "2026-01-14", "domain": "QBO", "PrintStatus": "NeedToPrint",
        "TotalAmt": 362.07, "Line": [{"LineNum": 1, "Amount": 100.0, "Id": "1",
            "SalesItemLineDetail": {"TaxCodeRef": {"value": "TAX"}, "ItemRef": {"name": "Services", "value": "1"}},
            "DetailType": "SalesItemLineDetail"}],
        "DueDate": "2026-02-13", "DocNumber": "1069", "sparse": false, "Deposit": 0,
        "Balance": 362.07, "CustomerRef": {"name": "Amy's Bird Sanctuary", "value": "1"},
        "EmailStatus": "NotSet", "SyncToken": token, "Id": id,
        "MetaData": {"CreateTime": "2026-01-14T09:25:56-08:00", "LastUpdatedTime": "2026-01-14T09:25:56-08:00"},
        "BillEmail": {"Address": "birds@example.com"}
    })
}

#[tokio::test]
async fn create_invoice_with_each_line_type() {
    let s = setup().await;
    req("POST", "/invoice", &[])
        .json_body(json!({
            "CustomerRef": {"value": "1"},
            "Line": [
                {"Amount": 100, "Description": "Design", "DetailType": "SalesItemLineDetail",
                    "SalesItemLineDetail": {"ItemRef": {"value": "1", "name": "Services"}, "Qty": 2,
                        "UnitPrice": 50, "ServiceDate": "2026-01-10", "TaxCodeRef": {"value": "TAX"}}},
                {"Description": "Thanks!", "DetailType": "DescriptionOnly", "DescriptionLineDetail": {}},
                {"Amount": 0.3, "DetailType": "DiscountLineDetail",
                    "DiscountLineDetail": {"PercentBased": true, "DiscountPercent": 0.3}},
                {"DetailType": "SubTotalLineDetail", "SubTotalLineDetail": {}}
            ]
        }))
        .respond(&s.fake, 200, one("Invoice", invoice("130", "0")))
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_create_invoice",
            json!({"customer_id": "1", "line_items": [
                {"amount": "100.00", "description": "Design", "item_id": "1", "item_name": "Services",
                    "quantity": 2, "unit_price": 50, "service_date": "2026-01-10", "tax_code_id": "TAX"},
                {"type": "description_only", "description": "Thanks!"},
                {"type": "discount", "amount": 0.3, "is_percent": true, "discount_percent": "0.30"},
                {"type": "subtotal"}
            ]}),
        )
        .await;
    assert_eq!(v["Id"], "130");
    assert_eq!(v["TotalAmt"], 362.07);
    assert_eq!(v["CustomerName"], "Amy's Bird Sanctuary");
}

#[tokio::test]
async fn create_invoice_failures_and_no_retry() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "quickbooks_create_invoice",
            json!({"customer_id": "1", "line_items": []}),
        )
        .await;
    assert!(err.contains("at least one line"), "{err}");
    let err = s
        .client
        .call_err(
            "quickbooks_create_invoice",
            json!({"customer_id": "1", "line_items": [{"item_id": "1"}]}),
        )
        .await;
    assert!(err.contains("line_items[0]: amount is required"), "{err}");
    // A create that may have run is never repeated: one request, whatever the answer.
    req("POST", "/invoice", &[])
        .json_body(json!({"CustomerRef": {"value": "1"}, "Line": [{"Amount": 5, "DetailType": "SalesItemLineDetail", "SalesItemLineDetail": {}}]}))
        .times(1)
        .respond(&s.fake, 503, json!({"message": "Service Unavailable"}))
        .await;
    let err = s
        .client
        .call_err(
            "quickbooks_create_invoice",
            json!({"customer_id": "1", "line_items": [{"amount": 5}]}),
        )
        .await;
    assert!(err.contains("503"), "{err}");
}

#[tokio::test]
async fn get_and_list_invoices() {
    let s = setup().await;
    req("GET", "/invoice/130", &[])
        .respond(&s.fake, 200, one("Invoice", invoice("130", "0")))
        .await;
    let v = s
        .client
        .call_ok("quickbooks_get_invoice", json!({"id": "130"}))
        .await;
    assert_eq!(v["DocNumber"], "1069");
    assert_eq!(v["Line"][0]["Amount"], 100.0);
    query("SELECT * FROM Invoice STARTPOSITION 5 MAXRESULTS 2")
        .respond(
            &s.fake,
            200,
            query_response("Invoice", vec![invoice("130", "0"), invoice("131", "0")], 5),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_list_invoices",
            json!({"max_results": 2, "start_position": 5}),
        )
        .await;
    assert_eq!(v["next_cursor"], "7");
    let err = s
        .client
        .call_err("quickbooks_list_invoices", json!({"start_position": 0}))
        .await;
    assert!(err.contains("1-based"), "{err}");
}

#[tokio::test]
async fn search_invoices_by_customer_name_and_filters() {
    let s = setup().await;
    query(
        r"SELECT * FROM Customer WHERE DisplayName LIKE '%Amy\'s%' STARTPOSITION 1 MAXRESULTS 100",
    )
    .respond(
        &s.fake,
        200,
        query_response(
            "Customer",
            vec![
                json!({"Id": "1", "DisplayName": "Amy's Bird Sanctuary"}),
                json!({"Id": "58", "DisplayName": "Amy's Other"}),
            ],
            1,
        ),
    )
    .await;
    query(concat!(
        "SELECT * FROM Invoice WHERE DocNumber = '1069' AND TxnDate >= '2026-01-01' AND TxnDate <= '2026-01-31'",
        " AND DueDate <= '2026-03-01' AND TotalAmt >= 100 AND Balance <= 500.25",
        " AND CustomerRef IN ('1', '58') STARTPOSITION 1 MAXRESULTS 100"
    ))
    .respond(&s.fake, 200, query_response("Invoice", vec![invoice("130", "0")], 1))
    .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_search_invoices",
            json!({"customer_name": "Amy's", "invoice_number": "1069", "date_from": "2026-01-01",
                "date_to": "2026-01-31", "due_date_to": "2026-03-01", "min_amount": 100, "max_balance": "500.25"}),
        )
        .await;
    assert_eq!(v["items"][0]["Id"], "130");
    assert!(v.get("note").is_none());
    s.fake.reset().await;
    query(
        "SELECT * FROM Customer WHERE DisplayName LIKE '%Nobody%' STARTPOSITION 1 MAXRESULTS 100",
    )
    .respond(&s.fake, 200, query_response("Customer", vec![], 1))
    .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_search_invoices",
            json!({"customer_name": "Nobody"}),
        )
        .await;
    assert_eq!(v["items"], json!([]));
    assert!(v["note"].as_str().unwrap().contains("Nobody"));
    query("SELECT * FROM Invoice WHERE CustomerRef = '1' STARTPOSITION 1 MAXRESULTS 100")
        .respond(
            &s.fake,
            400,
            fault(
                "ValidationFault",
                "4000",
                "Error parsing query",
                "QueryParserError: Encountered \" <INTEGER> \"1 \"\" at line 1, column 35.",
                "",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "quickbooks_search_invoices",
            json!({"customer_id": "1", "shipping_city": "Reno"}),
        )
        .await;
    assert!(
        err.contains("4000") && err.contains("Error parsing query"),
        "{err}"
    );
}

#[tokio::test]
async fn update_invoice_sparse_with_lines() {
    let s = setup().await;
    req("GET", "/invoice/130", &[])
        .respond(&s.fake, 200, one("Invoice", invoice("130", "3")))
        .await;
    req("POST", "/invoice", &[])
        .json_body(json!({
            "Line": [{"Id": "1", "Amount": 120.5, "DetailType": "SalesItemLineDetail", "SalesItemLineDetail": {"ItemRef": {"value": "1"}}}],
            "DueDate": "2026-03-01", "CustomerMemo": {"value": "Thank you"},
            "BillEmail": {"Address": "birds@example.com"}, "Deposit": 20,
            "ShipAddr": {"City": "Reno", "CountrySubDivisionCode": "NV"},
            "Id": "130", "SyncToken": "3", "sparse": true
        }))
        .respond(&s.fake, 200, one("Invoice", invoice("130", "4")))
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_update_invoice",
            json!({"id": "130", "line_items": [{"line_id": "1", "amount": "120.50", "item_id": "1"}],
                "due_date": "2026-03-01", "customer_memo": "Thank you", "bill_email": "birds@example.com",
                "deposit": 20, "shipping_city": "Reno", "shipping_state": "NV"}),
        )
        .await;
    assert_eq!(v["SyncToken"], "4");
}

#[tokio::test]
async fn delete_and_void_invoice() {
    let s = setup().await;
    req("GET", "/invoice/129", &[])
        .respond(&s.fake, 200, one("Invoice", invoice("129", "0")))
        .await;
    req("POST", "/invoice", &[("operation", "delete")])
        .json_body(json!({"Id": "129", "SyncToken": "0"}))
        .respond(
            &s.fake,
            200,
            one(
                "Invoice",
                json!({"status": "Deleted", "domain": "QBO", "Id": "129"}),
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("quickbooks_delete_invoice", json!({"id": "129"}))
        .await;
    assert_eq!(v, json!({"Id": "129", "status": "Deleted"}));
    // With the caller's SyncToken there is no read.
    let mut voided = invoice("130", "2");
    voided["TotalAmt"] = json!(0);
    voided["PrivateNote"] = json!("Voided");
    req("POST", "/invoice", &[("operation", "void")])
        .json_body(json!({"Id": "130", "SyncToken": "1"}))
        .respond(&s.fake, 200, one("Invoice", voided))
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_void_invoice",
            json!({"id": "130", "sync_token": "1"}),
        )
        .await;
    assert_eq!(v["PrivateNote"], "Voided");
    assert_eq!(v["TotalAmt"], 0);
    req("POST", "/invoice", &[("operation", "void")])
        .json_body(json!({"Id": "131", "SyncToken": "0"}))
        .respond(&s.fake, 400, fault("ValidationFault", "6540", "Deposited Transaction cannot be changed", "This transaction has been deposited. If you want to change or delete it, you must edit the deposit it appears on and remove it first.", ""))
        .await;
    let err = s
        .client
        .call_err(
            "quickbooks_void_invoice",
            json!({"id": "131", "sync_token": "0"}),
        )
        .await;
    assert!(err.contains("6540") && err.contains("deposited"), "{err}");
    let err = s
        .client
        .call_err("quickbooks_delete_invoice", json!({"id": ""}))
        .await;
    assert!(err.contains("`id` must not be empty"), "{err}");
}

#[tokio::test]
async fn send_invoice() {
    let s = setup().await;
    let mut sent = invoice("130", "1");
    sent["EmailStatus"] = json!("EmailSent");
    sent["DeliveryInfo"] =
        json!({"DeliveryType": "Email", "DeliveryTime": "2026-01-15T10:00:00-08:00"});
    expect("POST", format!("{CO}/invoice/130/send"))
        .bearer(TOKEN)
        .header("content-type", "application/octet-stream")
        .query("minorversion", "75")
        .query("sendTo", "ap@example.com")
        .respond(&s.fake, 200, one("Invoice", sent.clone()))
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_send_invoice",
            json!({"id": "130", "send_to": "ap@example.com"}),
        )
        .await;
    assert_eq!(v["EmailStatus"], "EmailSent");
    assert_eq!(v["DeliveryInfo"]["DeliveryType"], "Email");
    req("POST", "/invoice/131/send", &[])
        .respond(&s.fake, 200, one("Invoice", sent))
        .await;
    s.client
        .call_ok("quickbooks_send_invoice", json!({"id": "131"}))
        .await;
    let err = s
        .client
        .call_err(
            "quickbooks_send_invoice",
            json!({"id": "130", "send_to": "nobody"}),
        )
        .await;
    assert!(err.contains("email address"), "{err}");
}
