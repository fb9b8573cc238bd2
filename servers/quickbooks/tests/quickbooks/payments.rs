//! Payments: create, get, list, search, sparse update, delete, void (Intuit's
//! `operation=update&include=void`), send.

use crate::common::{fault, one, query, query_response, req, setup};
use serde_json::{Value, json};

fn payment(id: &str, token: &str, total: f64, unapplied: f64) -> Value {
    json!({
        "SyncToken": token, "domain": "QBO", "DepositToAccountRef": {"value": "4"},
        "UnappliedAmt": unapplied, "TxnDate": "2026-01-16", "TotalAmt": total,
        "ProcessPayment": false, "sparse": false, "Line": [],
        "CustomerRef": {"name": "Red Rock Diner", "value": "20"},
        "PaymentMethodRef": {"value": "2"}, "Id": id,
        "MetaData": {"CreateTime": "2026-01-16T14:58:32-08:00", "LastUpdatedTime": "2026-01-16T14:58:32-08:00"}
    })
}

#[tokio::test]
async fn create_payment_exact_amount() {
    let s = setup().await;
    req("POST", "/payment", &[("requestid", "pay-2026-0001")])
        .json_body(json!({"TotalAmt": 125.5, "CustomerRef": {"value": "20"}}))
        .respond(
            &s.fake,
            200,
            one("Payment", payment("154", "0", 125.5, 125.5)),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_create_payment",
            json!({"amount": "125.50", "customer_id": "20", "request_id": "pay-2026-0001"}),
        )
        .await;
    assert_eq!(v["Id"], "154");
    assert_eq!(v["TotalAmt"], 125.5);
    assert_eq!(v["CustomerId"], "20");
    req("POST", "/payment", &[])
        .json_body(json!({"TotalAmt": 9999999999.99999f64, "CustomerRef": {"value": "20"}}))
        .respond(&s.fake, 200, one("Payment", payment("155", "0", 1.0, 1.0)))
        .await;
    s.client
        .call_ok(
            "quickbooks_create_payment",
            json!({"amount": 9999999999.99999f64, "customer_id": "20"}),
        )
        .await;
}

#[tokio::test]
async fn create_payment_failures_are_not_retried() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "quickbooks_create_payment",
            json!({"amount": "12.345678901234567", "customer_id": "20"}),
        )
        .await;
    assert!(err.contains("15 significant digits"), "{err}");
    let err = s
        .client
        .call_err(
            "quickbooks_create_payment",
            json!({"amount": 1e21, "customer_id": "20"}),
        )
        .await;
    assert!(
        err.contains("decimal amount") || err.contains("significant"),
        "{err}"
    );
    let err = s
        .client
        .call_err("quickbooks_create_payment", json!({"amount": 10}))
        .await;
    assert!(err.contains("customer_id"), "{err}");
    req("POST", "/payment", &[])
        .json_body(json!({"TotalAmt": 10, "CustomerRef": {"value": "20"}}))
        .times(1)
        .respond(&s.fake, 500, json!({"Fault": {"Error": [{"Message": "An application error has occurred while processing your request", "Detail": "System Failure Error: Unknown error", "code": "10000"}], "type": "SystemFault"}}))
        .await;
    let err = s
        .client
        .call_err(
            "quickbooks_create_payment",
            json!({"amount": 10, "customer_id": "20"}),
        )
        .await;
    assert!(
        err.contains("10000") && err.contains("SystemFault"),
        "{err}"
    );
}

#[tokio::test]
async fn get_list_and_search_payments() {
    let s = setup().await;
    req("GET", "/payment/163", &[])
        .respond(
            &s.fake,
            200,
            one("Payment", payment("163", "0", 65.0, 10.0)),
        )
        .await;
    let v = s
        .client
        .call_ok("quickbooks_get_payment", json!({"id": "163"}))
        .await;
    assert_eq!(v["UnappliedAmt"], 10.0);
    assert_eq!(v["DepositToAccountId"], "4");
    query("SELECT * FROM Payment STARTPOSITION 1 MAXRESULTS 100")
        .respond(
            &s.fake,
            200,
            query_response("Payment", vec![payment("161", "0", 55.0, 55.0)], 1),
        )
        .await;
    let v = s
        .client
        .call_ok("quickbooks_list_payments", json!({}))
        .await;
    assert_eq!(v["items"][0]["Id"], "161");
    query(concat!(
        "SELECT * FROM Payment WHERE CustomerRef = '20' AND PaymentRefNum = '1886'",
        " AND TxnDate >= '2026-01-01' AND TotalAmt <= 300 STARTPOSITION 1 MAXRESULTS 50"
    ))
    .respond(
        &s.fake,
        200,
        query_response(
            "Payment",
            vec![
                payment("161", "0", 55.0, 55.0),
                payment("163", "0", 65.0, 10.0),
                payment("170", "0", 15.0, 0.0),
            ],
            1,
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_search_payments",
            json!({"customer_id": "20", "reference_number": "1886", "date_from": "2026-01-01",
                "max_amount": 300, "min_unapplied": "10.00", "max_unapplied": 54.99, "payment_method_id": "2",
                "limit": 50}),
        )
        .await;
    let ids: Vec<&str> = v["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["Id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["163"], "{v}");
    assert!(v["note"].as_str().unwrap().contains("min_unapplied"));
    let err = s
        .client
        .call_err(
            "quickbooks_search_payments",
            json!({"date_to": "01/31/2026"}),
        )
        .await;
    assert!(err.contains("date_to must be a date"), "{err}");
}

#[tokio::test]
async fn update_payment_sparse() {
    let s = setup().await;
    req("GET", "/payment/163", &[])
        .respond(
            &s.fake,
            200,
            one("Payment", payment("163", "2", 65.0, 10.0)),
        )
        .await;
    req("POST", "/payment", &[])
        .json_body(json!({"TotalAmt": 70.25, "PaymentRefNum": "123456", "DepositToAccountRef": {"value": "35"},
            "ExchangeRate": 1.2345, "PrivateNote": "Corrected", "Id": "163", "SyncToken": "2", "sparse": true}))
        .respond(&s.fake, 200, one("Payment", payment("163", "3", 70.25, 15.25)))
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_update_payment",
            json!({"id": "163", "amount": "70.25", "reference_number": "123456", "deposit_account_id": "35",
                "exchange_rate": 1.2345, "private_note": "Corrected"}),
        )
        .await;
    assert_eq!(v["TotalAmt"], 70.25);
    assert_eq!(v["SyncToken"], "3");
    let err = s
        .client
        .call_err("quickbooks_update_payment", json!({"id": "163"}))
        .await;
    assert!(err.contains("nothing to change"), "{err}");
}

#[tokio::test]
async fn delete_payment() {
    let s = setup().await;
    req("GET", "/payment/73", &[])
        .respond(&s.fake, 200, one("Payment", payment("73", "2", 5.0, 5.0)))
        .await;
    req("POST", "/payment", &[("operation", "delete")])
        .json_body(json!({"Id": "73", "SyncToken": "2"}))
        .respond(
            &s.fake,
            200,
            one(
                "Payment",
                json!({"status": "Deleted", "domain": "QBO", "Id": "73"}),
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("quickbooks_delete_payment", json!({"id": "73"}))
        .await;
    assert_eq!(v["status"], "Deleted");
    req("GET", "/payment/74", &[])
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
        .call_err("quickbooks_delete_payment", json!({"id": "74"}))
        .await;
    assert!(
        err.contains("reading Payment 74 for its SyncToken") && err.contains("610"),
        "{err}"
    );
}

#[tokio::test]
async fn void_payment_is_a_sparse_update_with_include_void() {
    let s = setup().await;
    req("GET", "/payment/33", &[])
        .respond(&s.fake, 200, one("Payment", payment("33", "1", 65.0, 0.0)))
        .await;
    let mut voided = payment("33", "2", 0.0, 0.0);
    voided["PrivateNote"] = json!("Voided");
    req(
        "POST",
        "/payment",
        &[("operation", "update"), ("include", "void")],
    )
    .json_body(json!({"Id": "33", "SyncToken": "1", "sparse": true}))
    .respond(&s.fake, 200, one("Payment", voided))
    .await;
    let v = s
        .client
        .call_ok("quickbooks_void_payment", json!({"id": "33"}))
        .await;
    assert_eq!(v["PrivateNote"], "Voided");
    assert_eq!(v["TotalAmt"], 0.0);
    req("POST", "/payment", &[("operation", "update"), ("include", "void")])
        .json_body(json!({"Id": "34", "SyncToken": "0", "sparse": true}))
        .respond(&s.fake, 400, fault("ValidationFault", "6540", "Deposited Transaction cannot be changed", "This transaction has been deposited. If you want to change or delete it, you must edit the deposit it appears on and remove it first.", ""))
        .await;
    let err = s
        .client
        .call_err(
            "quickbooks_void_payment",
            json!({"id": "34", "sync_token": "0"}),
        )
        .await;
    assert!(err.contains("6540") && err.contains("deposit"), "{err}");
}

#[tokio::test]
async fn send_payment() {
    let s = setup().await;
    req(
        "POST",
        "/payment/163/send",
        &[("sendTo", "owner@reddiner.example")],
    )
    .respond(
        &s.fake,
        200,
        one("Payment", payment("163", "0", 65.0, 10.0)),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_send_payment",
            json!({"id": "163", "send_to": "owner@reddiner.example"}),
        )
        .await;
    assert_eq!(v["Id"], "163");
    let err = s
        .client
        .call_err(
            "quickbooks_send_payment",
            json!({"id": "163", "send_to": " "}),
        )
        .await;
    assert!(err.contains("send_to"), "{err}");
}
