use crate::{ADMIN, CONTACT, req, setup};
use serde_json::{Value, json};

const INVOICE: &str = "496081540407625376";

/// A sales invoice as Moneybird returns it (OpenAPI example `ReturnsInvoiceByGivenId`).
fn invoice_json() -> Value {
    json!({
        "id": INVOICE, "administration_id": 123, "contact_id": CONTACT,
        "contact": {"id": CONTACT, "administration_id": 123, "company_name": "Foobar Holding B.V.", "firstname": null, "lastname": null},
        "contact_person_id": "496081540358342301", "invoice_id": "2026-0001", "recurring_sales_invoice_id": null,
        "workflow_id": "496081347889071247", "state": "open", "invoice_date": "2026-08-21", "due_date": "2026-09-04",
        "payment_reference": "RF350000000000000Z2JXZF65", "reference": "Project X", "language": "nl", "currency": "EUR",
        "discount": "0.0", "paid_at": null, "sent_at": "2026-08-21", "version": 1787320245,
        "details": [{"id": "496081540410771105", "administration_id": 123, "tax_rate_id": "496081347565061258",
            "ledger_account_id": "496081347348006010", "project_id": null, "product_id": null, "amount": "1 x",
            "amount_decimal": "1.0", "description": "Project X", "price": "300.0", "period": "20260801..20260831",
            "row_order": 1, "total_price_excl_tax_with_discount": "300.0", "tax_report_reference": ["NL/1a"]}],
        "payments": [{"id": "496081540600000001", "payment_date": "2026-08-25", "price": "63.0", "financial_account_id": null}],
        "total_paid": "63.0", "total_unpaid": "300.0", "prices_are_incl_tax": false,
        "total_price_excl_tax": "300.0", "total_price_incl_tax": "363.0", "total_discount": "0.0",
        "url": "https://moneybird.com/123/external/0001/sales_invoice",
        "tax_totals": [{"tax_rate_id": "496081347565061258", "taxable_amount": "300.0", "tax_amount": "63.0"}],
        "events": [{"action": "sales_invoice_created"}]
    })
}

#[tokio::test]
async fn list_sales_invoices_builds_moneybirds_filter() {
    let s = setup().await;
    req("GET", "sales_invoices")
        .query("filter", format!("state:open|late,period:20260101..20260331,contact_id:{CONTACT},updated_after:2026-02-01T00:00:00Z"))
        .query("page", "1")
        .query("per_page", "10")
        .respond(&s.fake, 200, json!([invoice_json()]))
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_list_sales_invoices",
            json!({"administration_id": ADMIN, "state": "open|late", "period": "20260101..20260331",
                "contact_id": CONTACT, "updated_after": "2026-02-01T00:00:00Z", "limit": 10}),
        )
        .await;
    let i = &v["items"][0];
    assert_eq!(i["id"], INVOICE);
    assert_eq!(i["invoice_id"], "2026-0001");
    assert_eq!(i["contact_company"], "Foobar Holding B.V.");
    assert_eq!(i["total_price_incl_tax"], "363.0");
    assert_eq!(i["total_unpaid"], "300.0");
    assert!(i.get("details").is_none());
    // No Link header and a page shorter than per_page: the last page.
    assert!(v["next_cursor"].is_null());
}

#[tokio::test]
async fn list_sales_invoices_errors() {
    let s = setup().await;
    req("GET", "sales_invoices")
        .query("filter", "period:20260101..")
        .query("page", "1")
        .query("per_page", "50")
        .respond(&s.fake, 400, json!({"error": "Date range until the end of time is not allowed", "symbolic": {"filter": "invalid"}}))
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_list_sales_invoices",
            json!({"administration_id": ADMIN, "period": "20260101.."}),
        )
        .await;
    assert!(err.contains("end of time"), "{err}");
    assert!(err.contains("filter: invalid"), "{err}");
    let err = s
        .client
        .call_err(
            "moneybird_list_sales_invoices",
            json!({"administration_id": ADMIN, "state": "open,period:prev_year"}),
        )
        .await;
    assert!(err.contains("comma"), "{err}");
    let err = s
        .client
        .call_err(
            "moneybird_list_sales_invoices",
            json!({"administration_id": ADMIN, "contact_id": "Foobar"}),
        )
        .await;
    assert!(err.contains("contact_id"), "{err}");
}

#[tokio::test]
async fn get_sales_invoice_with_lines_and_payments() {
    let s = setup().await;
    req("GET", &format!("sales_invoices/{INVOICE}"))
        .respond(&s.fake, 200, invoice_json())
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_get_sales_invoice",
            json!({"administration_id": ADMIN, "invoice_id": INVOICE}),
        )
        .await;
    assert_eq!(v["state"], "open");
    assert_eq!(v["details"][0]["price"], "300.0");
    assert_eq!(v["details"][0]["amount"], "1 x");
    assert_eq!(v["payments"][0]["price"], "63.0");
    assert_eq!(v["tax_totals"][0]["tax_amount"], "63.0");
    assert_eq!(v["total_paid"], "63.0");
    assert!(v.get("events").is_none());
}

#[tokio::test]
async fn get_sales_invoice_by_invoice_number_is_refused_and_404_is_clear() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "moneybird_get_sales_invoice",
            json!({"administration_id": ADMIN, "invoice_id": "2026-0001"}),
        )
        .await;
    assert!(
        err.contains("invoice_id") && err.contains("digits"),
        "{err}"
    );
    req("GET", "sales_invoices/42")
        .respond(
            &s.fake,
            404,
            json!({"error": "record not found", "symbolic": {"id": "not_found"}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_get_sales_invoice",
            json!({"administration_id": ADMIN, "invoice_id": "42"}),
        )
        .await;
    assert!(err.contains("record not found"), "{err}");
}

#[tokio::test]
async fn create_sales_invoice_keeps_amounts_and_ids_exact() {
    let s = setup().await;
    req("POST", "sales_invoices")
        .json_body(json!({"sales_invoice": {
            "contact_id": CONTACT,
            "reference": "Project X",
            "prices_are_incl_tax": false,
            "details_attributes": [
                {"description": "Project X", "amount": "1", "price": "300.00",
                 "tax_rate_id": "496081347565061258", "ledger_account_id": "496081347348006010"},
                {"description": "Hosting", "amount": "3", "price": "19.95"}
            ]
        }}))
        .respond(&s.fake, 201, invoice_json())
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_create_sales_invoice",
            json!({"administration_id": ADMIN, "invoice_data": {
                // A numeric contact id above 2^53 and a fractional price number: sent as
                // exact strings.
                "contact_id": 496081411808167496u64,
                "reference": "Project X",
                "prices_are_incl_tax": false,
                "details_attributes": [
                    {"description": "Project X", "amount": "1", "price": "300.00",
                     "tax_rate_id": "496081347565061258", "ledger_account_id": "496081347348006010"},
                    {"description": "Hosting", "amount": "3", "price": 19.95}
                ]
            }}),
        )
        .await;
    assert_eq!(v["id"], INVOICE);
    assert_eq!(v["total_price_incl_tax"], "363.0");
    assert_eq!(v["details"][0]["tax_rate_id"], "496081347565061258");
}

#[tokio::test]
async fn create_sales_invoice_errors_and_plan_limit() {
    let s = setup().await;
    req("POST", "sales_invoices")
        .json_body(json!({"sales_invoice": {"contact_id": CONTACT}}))
        .respond(&s.fake, 402, json!({"error": "Monthly sales invoice limit reached", "symbolic": {"sales_invoice": "limit_reached"}}))
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_create_sales_invoice",
            json!({"administration_id": ADMIN, "invoice_data": {"contact_id": CONTACT}}),
        )
        .await;
    assert!(err.contains("Monthly sales invoice limit reached"), "{err}");
    assert!(err.contains("plan"), "{err}");
    req("POST", "sales_invoices")
        .json_body(json!({"sales_invoice": {"contact_id": "1"}}))
        .respond(&s.fake, 422, json!({"error": {"contact_id": ["is invalid"]}, "details": {"contact_id": [{"error": "invalid"}]}}))
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_create_sales_invoice",
            json!({"administration_id": ADMIN, "invoice_data": {"contact_id": "1"}}),
        )
        .await;
    assert!(err.contains("contact_id is invalid"), "{err}");
    let err = s
        .client
        .call_err(
            "moneybird_create_sales_invoice",
            json!({"administration_id": ADMIN, "invoice_data": {"contact_id": CONTACT, "details": []}}),
        )
        .await;
    assert!(
        err.contains("`details`") && err.contains("details_attributes"),
        "{err}"
    );
}
