//! Company information (`/companyinfo/{realm_id}`) and financial reports
//! (`/reports/{ReportName}`), flattened to rows of cells.

use crate::api;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, json::pick, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// Rows a report result holds at most.
const MAX_ROWS: usize = 2000;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "quickbooks_get_company_info",
            "Get company info",
            Effect::Read,
            company_info,
        )
        .toolset("reports"),
        tool("quickbooks_get_report", "Get report", Effect::Read, report).toolset("reports"),
    ]
}

/// The connected company: name, legal name, address, country, email, fiscal year start.
#[derive(Deserialize, JsonSchema)]
pub struct CompanyInfo {}

async fn company_info(ctx: Ctx, _: CompanyInfo) -> Result<Value, ToolError> {
    let realm = api::realm(&ctx)?;
    let v = api::send(api::request(
        &ctx,
        Method::GET,
        &format!("/companyinfo/{realm}"),
    )?)
    .await?;
    Ok(pick(
        v.get("CompanyInfo").unwrap_or(&Value::Null),
        &[
            "Id",
            "CompanyName",
            "LegalName",
            "Country",
            "CompanyAddr",
            "Email=Email.Address",
            "Phone=PrimaryPhone.FreeFormNumber",
            "FiscalYearStartMonth",
            "CompanyStartDate",
            "SupportedLanguages",
        ],
    ))
}

// Intuit's report names.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
pub enum ReportName {
    ProfitAndLoss,
    ProfitAndLossDetail,
    BalanceSheet,
    CashFlow,
    TrialBalance,
    GeneralLedger,
    AgedReceivables,
    AgedReceivableDetail,
    AgedPayables,
    AgedPayableDetail,
    CustomerBalance,
    CustomerIncome,
    VendorBalance,
    VendorExpenses,
    TransactionList,
}

// Cash or Accrual
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
pub enum Basis {
    Cash,
    Accrual,
}

/// A financial report for a period. Returns its header, column titles and rows (`depth`,
/// `kind` header/data/summary, `cells` as text).
#[derive(Deserialize, JsonSchema)]
pub struct Report {
    report: ReportName,
    /// YYYY-MM-DD
    start_date: Option<String>,
    /// YYYY-MM-DD
    end_date: Option<String>,
    /// Instead of dates: This Month, Last Fiscal Year, ...
    date_macro: Option<String>,
    accounting_method: Option<Basis>,
    /// Total, Month, Quarter, Year, Customers, Vendors, Classes, ...
    summarize_column_by: Option<String>,
    /// Customer ids, comma-separated
    customer: Option<String>,
    /// Vendor ids, comma-separated
    vendor: Option<String>,
    /// Aging reports: the as-of date, YYYY-MM-DD
    report_date: Option<String>,
}

fn trimmed(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

async fn report(ctx: Ctx, a: Report) -> Result<Value, ToolError> {
    let name = mcp_shared::json::enum_str(&a.report);
    let method = a.accounting_method.map(|m| mcp_shared::json::enum_str(&m));
    let v = api::send(
        api::request(&ctx, Method::GET, &format!("/reports/{name}"))?
            .query_opt("start_date", trimmed(&a.start_date))
            .query_opt("end_date", trimmed(&a.end_date))
            .query_opt("date_macro", trimmed(&a.date_macro))
            .query_opt("accounting_method", method)
            .query_opt("summarize_column_by", trimmed(&a.summarize_column_by))
            .query_opt("customer", trimmed(&a.customer))
            .query_opt("vendor", trimmed(&a.vendor))
            .query_opt("report_date", trimmed(&a.report_date)),
    )
    .await?;
    let columns: Vec<Value> = v
        .pointer("/Columns/Column")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|c| c.get("ColTitle").cloned().unwrap_or(Value::Null))
        .collect();
    let mut rows = Vec::new();
    let mut truncated = false;
    if let Some(r) = v.pointer("/Rows/Row").and_then(Value::as_array) {
        flatten(r, 0, &mut rows, &mut truncated);
    }
    let mut out = json!({
        "header": pick(
            v.get("Header").unwrap_or(&Value::Null),
            &["ReportName", "StartPeriod", "EndPeriod", "ReportBasis", "Currency", "Time", "Option"],
        ),
        "columns": columns,
        "rows": rows,
    });
    if truncated {
        out["note"] = Value::String(format!(
            "the report has more than {MAX_ROWS} rows; only the first {MAX_ROWS} are shown: narrow the period or the filters"
        ));
    }
    Ok(out)
}

fn cells(v: Option<&Value>) -> Value {
    Value::Array(
        v.and_then(|c| c.get("ColData"))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|c| c.get("value").cloned().unwrap_or(Value::Null))
            .collect(),
    )
}

fn flatten(rows: &[Value], depth: usize, out: &mut Vec<Value>, truncated: &mut bool) {
    for r in rows {
        if out.len() >= MAX_ROWS || depth > 32 {
            *truncated = true;
            return;
        }
        let group = r.get("group").cloned().unwrap_or(Value::Null);
        if r.get("ColData").is_some() {
            out.push(json!({"depth": depth, "kind": "data", "cells": cells(Some(r))}));
            continue;
        }
        if let Some(h) = r.get("Header") {
            out.push(
                json!({"depth": depth, "kind": "header", "group": group, "cells": cells(Some(h))}),
            );
        }
        if let Some(inner) = r.pointer("/Rows/Row").and_then(Value::as_array) {
            flatten(inner, depth + 1, out, truncated);
        }
        if let Some(s) = r.get("Summary") {
            out.push(
                json!({"depth": depth, "kind": "summary", "group": group, "cells": cells(Some(s))}),
            );
        }
    }
}
