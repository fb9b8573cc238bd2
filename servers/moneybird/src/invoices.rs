//! Sales invoices: `GET|POST /{administration_id}/sales_invoices.json`,
//! `GET /{administration_id}/sales_invoices/{id}.json`. Amounts stay Moneybird's decimal
//! strings.

use crate::api::{admin_path, body, filter, id, list_page, page, send_one};
use mcp_shared::json::{map_array, pick};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "moneybird_list_sales_invoices",
            "List sales invoices",
            Effect::Read,
            list_sales_invoices,
        )
        .toolset("sales_invoices"),
        tool(
            "moneybird_get_sales_invoice",
            "Get sales invoice",
            Effect::Read,
            get_sales_invoice,
        )
        .toolset("sales_invoices"),
        tool(
            "moneybird_create_sales_invoice",
            "Create sales invoice",
            Effect::Write,
            create_sales_invoice,
        )
        .toolset("sales_invoices"),
    ]
}

/// The fields of `POST /sales_invoices` (Moneybird's OpenAPI description).
const INVOICE_FIELDS: &[&str] = &[
    "contact_id",
    "contact_person_id",
    "original_estimate_id",
    "document_style_id",
    "workflow_id",
    "reference",
    "invoice_sequence_id",
    "invoice_date",
    "first_due_interval",
    "currency",
    "prices_are_incl_tax",
    "payment_conditions",
    "discount",
    "time_entry_ids",
    "details_attributes",
    "custom_fields_attributes",
];

const BRIEF: &[&str] = &[
    "id",
    "invoice_id",
    "contact_id",
    "contact_company=contact.company_name",
    "contact_firstname=contact.firstname",
    "contact_lastname=contact.lastname",
    "state",
    "invoice_date",
    "due_date",
    "reference",
    "currency",
    "total_price_excl_tax",
    "total_price_incl_tax",
    "total_unpaid",
    "paid_at",
    "url",
];

fn invoice_brief(i: &Value) -> Value {
    pick(i, BRIEF)
}

fn line(d: &Value) -> Value {
    pick(
        d,
        &[
            "id",
            "description",
            "amount",
            "price",
            "period",
            "tax_rate_id",
            "ledger_account_id",
            "product_id",
            "project_id",
            "total_price_excl_tax_with_discount",
        ],
    )
}

fn payment(p: &Value) -> Value {
    pick(
        p,
        &[
            "id",
            "payment_date",
            "price",
            "financial_account_id",
            "transaction_identifier",
        ],
    )
}

fn invoice(i: &Value) -> Value {
    let mut v = pick(i, BRIEF);
    let more = pick(
        i,
        &[
            "contact_person_id",
            "workflow_id",
            "payment_reference",
            "prices_are_incl_tax",
            "discount",
            "total_paid",
            "total_discount",
            "tax_totals",
            "sent_at",
            "payment_url",
        ],
    );
    if let (Value::Object(m), Value::Object(extra)) = (&mut v, more) {
        m.extend(extra);
        if let Some(d) = i.get("details") {
            m.insert("details".into(), map_array(d, line));
        }
        if let Some(p) = i.get("payments") {
            m.insert("payments".into(), map_array(p, payment));
        }
    }
    v
}

/// List sales invoices by state, period, contact or change time. Returns
/// `items` (totals as decimal strings) and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListSalesInvoices {
    /// Digits, as a string (from moneybird_list_administrations)
    administration_id: String,
    /// all, draft, open, scheduled, pending_payment, late, reminded, paid or uncollectible;
    /// several with `|` (`open|late`)
    state: Option<String>,
    /// this_month, prev_month, this_quarter, this_year (Moneybird's default), prev_year...
    /// or a range `20260101..20260331`
    period: Option<String>,
    /// Digits, as a string
    contact_id: Option<String>,
    /// ISO 8601 time (UTC), exclusive
    created_after: Option<String>,
    /// ISO 8601 time (UTC), exclusive
    updated_after: Option<String>,
    /// Page number, from 1 (Klavis's paging; `cursor` wins)
    page: Option<Count>,
    /// Per page, 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_sales_invoices(ctx: Ctx, a: ListSalesInvoices) -> Result<Value, ToolError> {
    let (per_page, page) = page(a.limit, a.cursor.as_deref(), a.page)?;
    let path = admin_path(&a.administration_id, "sales_invoices")?;
    let contact = a
        .contact_id
        .as_deref()
        .map(|c| id(c, "contact_id"))
        .transpose()?;
    let f = filter(&[
        ("state", a.state.as_deref()),
        ("period", a.period.as_deref()),
        ("contact_id", contact.as_deref()),
        ("created_after", a.created_after.as_deref()),
        ("updated_after", a.updated_after.as_deref()),
    ])?;
    let req = ctx.authorized(Method::GET, &path)?.query_opt("filter", f);
    list_page(req, per_page, page, invoice_brief).await
}

/// Get one sales invoice with its lines, payments and totals (decimal strings).
#[derive(Deserialize, JsonSchema)]
pub struct GetSalesInvoice {
    /// Digits, as a string
    administration_id: String,
    /// The invoice's Moneybird `id` (digits, as a string), not its invoice number
    invoice_id: String,
}

async fn get_sales_invoice(ctx: Ctx, a: GetSalesInvoice) -> Result<Value, ToolError> {
    let rest = format!("sales_invoices/{}", id(&a.invoice_id, "invoice_id")?);
    let path = admin_path(&a.administration_id, &rest)?;
    let v = send_one(ctx.authorized(Method::GET, &path)?).await?;
    Ok(invoice(&v))
}

/// Create a draft sales invoice (not sent). Returns the invoice with its id and totals.
/// Never retried once sent: check with moneybird_list_sales_invoices before trying again.
#[derive(Deserialize, JsonSchema)]
pub struct CreateSalesInvoice {
    /// Digits, as a string
    administration_id: String,
    /// Moneybird sales_invoice fields: "contact_id", "reference", "invoice_date",
    /// "currency", "prices_are_incl_tax", "details_attributes": [{"description",
    /// "amount": "2", "price": "150.00", "tax_rate_id", "ledger_account_id",
    /// "product_id"}]... Ids and amounts as strings.
    invoice_data: Map<String, Value>,
}

async fn create_sales_invoice(ctx: Ctx, a: CreateSalesInvoice) -> Result<Value, ToolError> {
    let path = admin_path(&a.administration_id, "sales_invoices")?;
    let body = body(
        a.invoice_data,
        "sales_invoice",
        "invoice_data",
        INVOICE_FIELDS,
    )?;
    if let Some(d) = body.pointer("/sales_invoice/details_attributes")
        && !(d.is_array() || d.is_object())
    {
        return Err(ToolError::invalid_input(
            "`details_attributes` must be a list of invoice lines",
        ));
    }
    let v = send_one(ctx.authorized(Method::POST, &path)?.json(&body)).await?;
    Ok(invoice(&v))
}
