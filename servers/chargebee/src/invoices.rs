//! Invoices (`GET /invoices`, `GET /invoices/{id}`) and transactions (`GET /transactions`).

use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api::{self, Query};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "chargebee_list_invoices",
            "List invoices",
            Effect::Read,
            list_invoices,
        )
        .toolset("invoices"),
        tool(
            "chargebee_get_invoice",
            "Get an invoice",
            Effect::Read,
            get_invoice,
        )
        .toolset("invoices"),
        tool(
            "chargebee_list_transactions",
            "List transactions",
            Effect::Read,
            list_transactions,
        )
        .toolset("invoices"),
    ]
}

const INVOICE_STATUSES: &[&str] = &[
    "paid",
    "posted",
    "payment_due",
    "not_paid",
    "voided",
    "pending",
];

const TRANSACTION_STATUSES: &[&str] = &[
    "in_progress",
    "success",
    "voided",
    "failure",
    "timeout",
    "needs_attention",
    "late_failure",
];

/// List invoices: id, customer, subscription, status, date, total, amount paid and due
/// (integers in the currency's minor unit); and next_offset.
#[derive(Deserialize, JsonSchema)]
pub struct ListInvoices {
    /// Page size
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 100))]
    limit: Option<Count>,
    /// next_offset of the previous page
    offset: Option<String>,
    customer_id: Option<String>,
    subscription_id: Option<String>,
    /// paid, posted, payment_due, not_paid, voided or pending; several separated by commas
    status: Option<String>,
    /// Paid after this time (Unix seconds)
    paid_at_after: Option<Count>,
    /// Paid before this time (Unix seconds)
    paid_at_before: Option<Count>,
}

async fn list_invoices(ctx: Ctx, a: ListInvoices) -> Result<Value, ToolError> {
    let mut q = Query::page(a.limit, a.offset.as_deref())?;
    q.filter("customer_id", "is", a.customer_id.as_deref());
    q.filter("subscription_id", "is", a.subscription_id.as_deref());
    q.one_of("status", "status", a.status.as_deref(), INVOICE_STATUSES)?;
    q.time("paid_at", "after", a.paid_at_after);
    q.time("paid_at", "before", a.paid_at_before);
    api::list(&ctx, "/invoices", q, "invoice", "invoices", api::invoice).await
}

/// One invoice: status, dates, totals, tax, amounts paid and due, line items and payments.
/// Amounts are integers in the currency's minor unit.
#[derive(Deserialize, JsonSchema)]
pub struct GetInvoice {
    invoice_id: String,
}

async fn get_invoice(ctx: Ctx, a: GetInvoice) -> Result<Value, ToolError> {
    let id = api::id(&a.invoice_id, "invoice_id")?;
    let v = api::get(&ctx, &format!("/invoices/{id}"), &[]).await?;
    Ok(api::one(&v, "invoice", api::invoice_detail))
}

/// List payment transactions: id, type, status, amount (minor unit), currency, method,
/// gateway, date, linked invoices; and next_offset.
#[derive(Deserialize, JsonSchema)]
pub struct ListTransactions {
    /// Page size
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 100))]
    limit: Option<Count>,
    /// next_offset of the previous page
    offset: Option<String>,
    customer_id: Option<String>,
    subscription_id: Option<String>,
    payment_source_id: Option<String>,
    /// card, bank_transfer, direct_debit, paypal_express_checkout, ...
    payment_method: Option<String>,
    /// in_progress, success, voided, failure, timeout, needs_attention or late_failure;
    /// several separated by commas
    status: Option<String>,
    /// After this time (Unix seconds)
    date_after: Option<Count>,
    /// Before this time (Unix seconds)
    date_before: Option<Count>,
}

async fn list_transactions(ctx: Ctx, a: ListTransactions) -> Result<Value, ToolError> {
    let mut q = Query::page(a.limit, a.offset.as_deref())?;
    q.filter("customer_id", "is", a.customer_id.as_deref());
    q.filter("subscription_id", "is", a.subscription_id.as_deref());
    q.filter("payment_source_id", "is", a.payment_source_id.as_deref());
    q.one_of(
        "payment_method",
        "payment_method",
        a.payment_method.as_deref(),
        &[],
    )?;
    q.one_of(
        "status",
        "status",
        a.status.as_deref(),
        TRANSACTION_STATUSES,
    )?;
    q.time("date", "after", a.date_after);
    q.time("date", "before", a.date_before);
    api::list(
        &ctx,
        "/transactions",
        q,
        "transaction",
        "transactions",
        api::transaction,
    )
    .await
}
