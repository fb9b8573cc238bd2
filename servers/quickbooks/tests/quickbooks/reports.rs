//! Company info and reports.

use crate::common::{REALM, fault, req, setup};
use serde_json::json;

#[tokio::test]
async fn company_info() {
    let s = setup().await;
    req("GET", &format!("/companyinfo/{REALM}"), &[])
        .respond(
            &s.fake,
            200,
            json!({"CompanyInfo": {
                "SyncToken": "4", "domain": "QBO", "LegalAddr": {"City": "Mountain View"},
                "SupportedLanguages": "en", "CompanyName": "Larry's Bakery", "Country": "US",
                "CompanyAddr": {"City": "Mountain View", "Line1": "123 Main St", "PostalCode": "94043", "CountrySubDivisionCode": "CA", "Id": "1"},
                "Email": {"Address": "donotreply@intuit.com"}, "FiscalYearStartMonth": "January",
                "LegalName": "Larry's Bakery", "CompanyStartDate": "2015-06-05", "Id": "1",
                "PrimaryPhone": {"FreeFormNumber": "(650)944-4444"}
            }, "time": "2026-01-15T10:00:00.000-08:00"}),
        )
        .await;
    let v = s
        .client
        .call_ok("quickbooks_get_company_info", json!({}))
        .await;
    assert_eq!(v["CompanyName"], "Larry's Bakery");
    assert_eq!(v["Email"], "donotreply@intuit.com");
    assert!(v.get("LegalAddr").is_none());
}

#[tokio::test]
async fn profit_and_loss_report_is_flattened() {
    let s = setup().await;
    req(
        "GET",
        "/reports/ProfitAndLoss",
        &[("start_date", "2026-01-01"), ("end_date", "2026-01-31"), ("accounting_method", "Cash"), ("summarize_column_by", "Month")],
    )
    .respond(
        &s.fake,
        200,
        json!({
            "Header": {"Time": "2026-02-01T10:00:00-08:00", "ReportName": "ProfitAndLoss", "ReportBasis": "Cash",
                "StartPeriod": "2026-01-01", "EndPeriod": "2026-01-31", "Currency": "USD"},
            "Columns": {"Column": [{"ColType": "Account", "ColTitle": ""}, {"ColType": "Money", "ColTitle": "Total"}]},
            "Rows": {"Row": [
                {"Header": {"ColData": [{"value": "Income"}, {"value": ""}]},
                 "Rows": {"Row": [{"ColData": [{"value": "Design income", "id": "82"}, {"value": "2250.00"}], "type": "Data"}]},
                 "Summary": {"ColData": [{"value": "Total Income"}, {"value": "2250.00"}]},
                 "type": "Section", "group": "Income"},
                {"Summary": {"ColData": [{"value": "Net Income"}, {"value": "1642.12"}]}, "type": "Section", "group": "NetIncome"}
            ]}
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_get_report",
            json!({"report": "ProfitAndLoss", "start_date": "2026-01-01", "end_date": "2026-01-31",
                "accounting_method": "Cash", "summarize_column_by": "Month"}),
        )
        .await;
    assert_eq!(v["header"]["ReportBasis"], "Cash");
    assert_eq!(v["columns"], json!(["", "Total"]));
    assert_eq!(
        v["rows"],
        json!([
            {"depth": 0, "kind": "header", "group": "Income", "cells": ["Income", ""]},
            {"depth": 1, "kind": "data", "cells": ["Design income", "2250.00"]},
            {"depth": 0, "kind": "summary", "group": "Income", "cells": ["Total Income", "2250.00"]},
            {"depth": 0, "kind": "summary", "group": "NetIncome", "cells": ["Net Income", "1642.12"]}
        ])
    );
}

#[tokio::test]
async fn report_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("quickbooks_get_report", json!({"report": "Nope"}))
        .await;
    assert!(err.contains("report") || err.contains("variant"), "{err}");
    req(
        "GET",
        "/reports/AgedReceivables",
        &[("report_date", "2026-13-01")],
    )
    .respond(
        &s.fake,
        400,
        fault(
            "ValidationFault",
            "2020",
            "Required param missing, need to supply the required value for the API",
            "Required parameter report_date is invalid",
            "report_date",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "quickbooks_get_report",
            json!({"report": "AgedReceivables", "report_date": "2026-13-01"}),
        )
        .await;
    assert!(err.contains("2020") && err.contains("report_date"), "{err}");
}
