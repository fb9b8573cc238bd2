//! Invoices (`/invoice`): create, read, sparse update, delete and void
//! (`?operation=delete|void` with the current SyncToken), send by email, list and search.

use crate::accounts::Page;
use crate::api::{self, Decimal, Entity, Select};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, json::insert_opt, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub const INVOICE: Entity = Entity {
    name: "Invoice",
    path: "invoice",
    fields: &[
        "Id",
        "DocNumber",
        "CustomerId=CustomerRef.value",
        "CustomerName=CustomerRef.name",
        "TxnDate",
        "DueDate",
        "ShipDate",
        "TotalAmt",
        "Balance",
        "Deposit",
        "Currency=CurrencyRef.value",
        "EmailStatus",
        "PrintStatus",
        "BillEmail=BillEmail.Address",
        "CustomerMemo=CustomerMemo.value",
        "PrivateNote",
        "TrackingNum",
        "Line",
        "BillAddr",
        "ShipAddr",
        "LinkedTxn",
        "InvoiceLink",
        "DeliveryInfo",
        "status",
        "SyncToken",
        "Created=MetaData.CreateTime",
        "Updated=MetaData.LastUpdatedTime",
    ],
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "quickbooks_create_invoice",
            "Create invoice",
            Effect::Write,
            create,
        )
        .toolset("invoices"),
        tool("quickbooks_get_invoice", "Get invoice", Effect::Read, get).toolset("invoices"),
        tool(
            "quickbooks_list_invoices",
            "List invoices",
            Effect::Read,
            list,
        )
        .toolset("invoices"),
        tool(
            "quickbooks_search_invoices",
            "Search invoices",
            Effect::Read,
            search,
        )
        .toolset("invoices"),
        tool(
            "quickbooks_update_invoice",
            "Update invoice",
            Effect::IdempotentWrite,
            update,
        )
        .toolset("invoices"),
        tool(
            "quickbooks_delete_invoice",
            "Delete invoice",
            Effect::Destructive,
            delete,
        )
        .toolset("invoices"),
        tool(
            "quickbooks_send_invoice",
            "Send invoice",
            Effect::Write,
            send,
        )
        .toolset("invoices"),
        tool(
            "quickbooks_void_invoice",
            "Void invoice",
            Effect::Destructive,
            void,
        )
        .toolset("invoices"),
    ]
}

// sales_item, description_only, discount, subtotal
#[derive(Deserialize, JsonSchema, Clone, Copy, Default, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum LineType {
    #[default]
    SalesItem,
    DescriptionOnly,
    Discount,
    Subtotal,
}

// One invoice line.
#[derive(Deserialize, JsonSchema)]
pub struct LineItem {
    /// Required for sales_item and discount lines
    amount: Option<Decimal>,
    #[serde(rename = "type", default)]
    #[schemars(extend("default" = "sales_item"))]
    kind: LineType,
    description: Option<String>,
    /// Id of an existing line (updates)
    line_id: Option<String>,
    /// Product or service id
    item_id: Option<String>,
    item_name: Option<String>,
    quantity: Option<Decimal>,
    unit_price: Option<Decimal>,
    discount_rate: Option<Decimal>,
    discount_amount: Option<Decimal>,
    /// YYYY-MM-DD
    service_date: Option<String>,
    tax_code_id: Option<String>,
    /// Discount lines: percent, e.g. 10 for 10%
    discount_percent: Option<Decimal>,
    /// Discount lines: percent-based
    is_percent: Option<bool>,
}

fn line(i: usize, l: LineItem) -> Result<Value, ToolError> {
    let mut m = Map::new();
    if let Some(id) = l
        .line_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        m.insert("Id".into(), Value::String(id.to_owned()));
    }
    if matches!(l.kind, LineType::SalesItem | LineType::Discount) && l.amount.is_none() {
        return Err(ToolError::invalid_input(format!(
            "line_items[{i}]: amount is required for a sales_item or discount line"
        )));
    }
    insert_opt(&mut m, "Amount", l.amount);
    insert_opt(&mut m, "Description", l.description);
    let mut d = Map::new();
    let (detail_type, detail_key) = match l.kind {
        LineType::SalesItem => {
            if let Some(item) = l
                .item_id
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
            {
                let mut r = json!({ "value": item });
                if let Some(n) = l.item_name {
                    r["name"] = Value::String(n);
                }
                d.insert("ItemRef".into(), r);
            }
            insert_opt(&mut d, "Qty", l.quantity);
            insert_opt(&mut d, "UnitPrice", l.unit_price);
            insert_opt(&mut d, "DiscountRate", l.discount_rate);
            insert_opt(&mut d, "DiscountAmt", l.discount_amount);
            insert_opt(&mut d, "ServiceDate", l.service_date);
            api::insert_ref(&mut d, "TaxCodeRef", l.tax_code_id.as_deref());
            ("SalesItemLineDetail", "SalesItemLineDetail")
        }
        LineType::DescriptionOnly => {
            insert_opt(&mut d, "ServiceDate", l.service_date);
            api::insert_ref(&mut d, "TaxCodeRef", l.tax_code_id.as_deref());
            ("DescriptionOnly", "DescriptionLineDetail")
        }
        LineType::Discount => {
            insert_opt(&mut d, "PercentBased", l.is_percent);
            insert_opt(&mut d, "DiscountPercent", l.discount_percent);
            ("DiscountLineDetail", "DiscountLineDetail")
        }
        LineType::Subtotal => ("SubTotalLineDetail", "SubTotalLineDetail"),
    };
    m.insert("DetailType".into(), Value::String(detail_type.into()));
    m.insert(detail_key.into(), Value::Object(d));
    Ok(Value::Object(m))
}

fn lines(items: Vec<LineItem>) -> Result<Value, ToolError> {
    if items.is_empty() {
        return Err(ToolError::invalid_input(
            "line_items must hold at least one line, e.g. [{\"amount\": 100, \"item_id\": \"1\", \"quantity\": 2, \"unit_price\": 50}]",
        ));
    }
    items
        .into_iter()
        .enumerate()
        .map(|(i, l)| line(i, l))
        .collect::<Result<Vec<_>, _>>()
        .map(Value::Array)
}

/// Create an invoice for a customer. Returns it (Id, DocNumber, TotalAmt, Balance, lines).
#[derive(Deserialize, JsonSchema)]
pub struct Create {
    customer_id: String,
    line_items: Vec<LineItem>,
    /// Idempotency key, max 50 chars
    request_id: Option<String>,
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    let customer = mcp_shared::non_empty(&a.customer_id, "customer_id")?;
    let mut body = Map::new();
    body.insert("CustomerRef".into(), api::reference(customer));
    body.insert("Line".into(), lines(a.line_items)?);
    api::create(&ctx, &INVOICE, body, a.request_id.as_deref()).await
}

/// Get one invoice by id.
#[derive(Deserialize, JsonSchema)]
pub struct Get {
    id: String,
}

async fn get(ctx: Ctx, a: Get) -> Result<Value, ToolError> {
    let v = api::read(&ctx, &INVOICE, &a.id).await?;
    Ok(api::concise(&INVOICE, &v))
}

/// List invoices, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct List {
    #[schemars(extend("default" = 100))]
    max_results: Option<Count>,
    /// 1-based
    #[schemars(extend("default" = 1))]
    start_position: Option<Count>,
    #[serde(flatten)]
    page: Page,
}

async fn list(ctx: Ctx, a: List) -> Result<Value, ToolError> {
    let page = api::page_args(
        a.page.limit,
        a.max_results,
        a.page.cursor.as_deref(),
        a.start_position,
    )?;
    api::query(&ctx, &INVOICE, &Select::from("Invoice"), page, &[]).await
}

/// Search invoices. Dates are YYYY-MM-DD; customer_name is a partial match of the display name.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    /// DocNumber
    invoice_number: Option<String>,
    customer_id: Option<String>,
    customer_name: Option<String>,
    date_from: Option<String>,
    date_to: Option<String>,
    due_date_from: Option<String>,
    due_date_to: Option<String>,
    /// Total amount at least
    min_amount: Option<Decimal>,
    max_amount: Option<Decimal>,
    /// Open balance at least
    min_balance: Option<Decimal>,
    max_balance: Option<Decimal>,
    billing_city: Option<String>,
    billing_state: Option<String>,
    shipping_city: Option<String>,
    shipping_state: Option<String>,
    #[schemars(extend("default" = 100))]
    max_results: Option<Count>,
    /// 1-based
    #[schemars(extend("default" = 1))]
    start_position: Option<Count>,
    #[serde(flatten)]
    page: Page,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let page = api::page_args(
        a.page.limit,
        a.max_results,
        a.page.cursor.as_deref(),
        a.start_position,
    )?;
    let mut q = Select::from("Invoice")
        .eq("DocNumber", a.invoice_number.as_deref())?
        .eq("CustomerRef", a.customer_id.as_deref())?
        .date("TxnDate", ">=", a.date_from.as_deref(), "date_from")?
        .date("TxnDate", "<=", a.date_to.as_deref(), "date_to")?
        .date("DueDate", ">=", a.due_date_from.as_deref(), "due_date_from")?
        .date("DueDate", "<=", a.due_date_to.as_deref(), "due_date_to")?
        .amount("TotalAmt", ">=", a.min_amount.as_ref())
        .amount("TotalAmt", "<=", a.max_amount.as_ref())
        .amount("Balance", ">=", a.min_balance.as_ref())
        .amount("Balance", "<=", a.max_balance.as_ref());
    if let Some(name) = a
        .customer_name
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let ids = api::customer_ids_named(&ctx, name).await?;
        if ids.is_empty() {
            return Ok(
                json!({"items": [], "start_position": page.start, "next_cursor": null,
                "note": format!("no customer's display name contains `{name}`")}),
            );
        }
        q = q.any_of("CustomerRef", &ids)?;
    }
    let mut f = Vec::new();
    for (arg, path, v) in [
        ("billing_city", "BillAddr.City", &a.billing_city),
        (
            "billing_state",
            "BillAddr.CountrySubDivisionCode",
            &a.billing_state,
        ),
        ("shipping_city", "ShipAddr.City", &a.shipping_city),
        (
            "shipping_state",
            "ShipAddr.CountrySubDivisionCode",
            &a.shipping_state,
        ),
    ] {
        api::page_filter(&mut f, arg, path, v.as_deref(), false);
    }
    api::query(&ctx, &INVOICE, &q, page, &f).await
}

/// Change the fields given of an invoice (a sparse update). line_items replaces all lines:
/// give every line to keep, with its line_id.
#[derive(Deserialize, JsonSchema)]
pub struct Update {
    id: String,
    customer_id: Option<String>,
    line_items: Option<Vec<LineItem>>,
    /// DocNumber
    invoice_number: Option<String>,
    /// TxnDate, YYYY-MM-DD
    date: Option<String>,
    ship_date: Option<String>,
    due_date: Option<String>,
    customer_memo: Option<String>,
    bill_email: Option<String>,
    bill_email_cc: Option<String>,
    /// ISO 4217 code
    currency: Option<String>,
    tracking_number: Option<String>,
    deposit: Option<Decimal>,
    ship_method_id: Option<String>,
    billing_street: Option<String>,
    billing_street2: Option<String>,
    billing_city: Option<String>,
    billing_state: Option<String>,
    billing_postal_code: Option<String>,
    billing_country: Option<String>,
    shipping_street: Option<String>,
    shipping_street2: Option<String>,
    shipping_city: Option<String>,
    shipping_state: Option<String>,
    shipping_postal_code: Option<String>,
    shipping_country: Option<String>,
    /// Read first when left out
    sync_token: Option<String>,
}

async fn update(ctx: Ctx, a: Update) -> Result<Value, ToolError> {
    let mut m = Map::new();
    api::insert_ref(&mut m, "CustomerRef", a.customer_id.as_deref());
    if let Some(l) = a.line_items {
        m.insert("Line".into(), lines(l)?);
    }
    insert_opt(&mut m, "DocNumber", a.invoice_number);
    insert_opt(&mut m, "TxnDate", a.date);
    insert_opt(&mut m, "ShipDate", a.ship_date);
    insert_opt(&mut m, "DueDate", a.due_date);
    if let Some(memo) = a.customer_memo {
        m.insert("CustomerMemo".into(), json!({ "value": memo }));
    }
    api::insert_wrapped(&mut m, "BillEmail", "Address", a.bill_email.as_deref());
    api::insert_wrapped(&mut m, "BillEmailCc", "Address", a.bill_email_cc.as_deref());
    api::insert_ref(&mut m, "CurrencyRef", a.currency.as_deref());
    insert_opt(&mut m, "TrackingNum", a.tracking_number);
    insert_opt(&mut m, "Deposit", a.deposit);
    api::insert_ref(&mut m, "ShipMethodRef", a.ship_method_id.as_deref());
    api::insert_address(
        &mut m,
        "BillAddr",
        [
            a.billing_street.as_ref(),
            a.billing_street2.as_ref(),
            a.billing_city.as_ref(),
            a.billing_state.as_ref(),
            a.billing_postal_code.as_ref(),
            a.billing_country.as_ref(),
        ],
    );
    api::insert_address(
        &mut m,
        "ShipAddr",
        [
            a.shipping_street.as_ref(),
            a.shipping_street2.as_ref(),
            a.shipping_city.as_ref(),
            a.shipping_state.as_ref(),
            a.shipping_postal_code.as_ref(),
            a.shipping_country.as_ref(),
        ],
    );
    api::sparse_update(&ctx, &INVOICE, &a.id, a.sync_token.as_deref(), m).await
}

/// Delete an invoice permanently (it cannot be restored; voiding keeps a record instead).
#[derive(Deserialize, JsonSchema)]
pub struct Delete {
    id: String,
    /// Read first when left out
    sync_token: Option<String>,
}

async fn delete(ctx: Ctx, a: Delete) -> Result<Value, ToolError> {
    api::operation(&ctx, &INVOICE, &a.id, a.sync_token.as_deref(), "delete").await
}

/// Void an invoice: it stays, with its amounts zeroed and "Voided" in its note.
#[derive(Deserialize, JsonSchema)]
pub struct Void {
    id: String,
    /// Read first when left out
    sync_token: Option<String>,
}

async fn void(ctx: Ctx, a: Void) -> Result<Value, ToolError> {
    api::operation(&ctx, &INVOICE, &a.id, a.sync_token.as_deref(), "void").await
}

/// Email an invoice to the customer (to send_to, or the invoice's BillEmail). Returns the
/// invoice with its EmailStatus and DeliveryInfo.
#[derive(Deserialize, JsonSchema)]
pub struct Send {
    id: String,
    send_to: Option<String>,
}

async fn send(ctx: Ctx, a: Send) -> Result<Value, ToolError> {
    send_entity(&ctx, &INVOICE, &a.id, a.send_to.as_deref()).await
}

/// `POST /{entity}/{id}/send[?sendTo=]` (Intuit's content type for it is octet-stream).
pub async fn send_entity(
    ctx: &Ctx,
    e: &Entity,
    id_arg: &str,
    send_to: Option<&str>,
) -> Result<Value, ToolError> {
    let id = api::id(id_arg, "id")?;
    let to = send_to.map(str::trim).filter(|s| !s.is_empty());
    if let Some(t) = to
        && !t.contains('@')
    {
        return Err(ToolError::invalid_input(format!(
            "send_to must be an email address (got `{t}`)"
        )));
    }
    let v = api::send(
        api::request(ctx, Method::POST, &format!("/{}/{id}/send", e.path))?
            .query_opt("sendTo", to)
            .header("content-type", "application/octet-stream"),
    )
    .await?;
    Ok(api::concise(e, v.get(e.name).unwrap_or(&Value::Null)))
}
