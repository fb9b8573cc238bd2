//! Customer payments (`/payment`): create, read, sparse update, delete
//! (`?operation=delete`), void (a sparse update with `?operation=update&include=void`, as
//! Intuit documents for Payment), send by email, list and search.

use crate::accounts::Page;
use crate::api::{self, Decimal, Entity, PageFilter, Select, Want};
use crate::invoices::send_entity;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, json::insert_opt, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub const PAYMENT: Entity = Entity {
    name: "Payment",
    path: "payment",
    fields: &[
        "Id",
        "CustomerId=CustomerRef.value",
        "CustomerName=CustomerRef.name",
        "TxnDate",
        "TotalAmt",
        "UnappliedAmt",
        "Currency=CurrencyRef.value",
        "ExchangeRate",
        "PaymentRefNum",
        "PaymentMethodId=PaymentMethodRef.value",
        "DepositToAccountId=DepositToAccountRef.value",
        "PrivateNote",
        "Line",
        "status",
        "SyncToken",
        "Created=MetaData.CreateTime",
        "Updated=MetaData.LastUpdatedTime",
    ],
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "quickbooks_create_payment",
            "Create payment",
            Effect::Write,
            create,
        )
        .toolset("payments"),
        tool("quickbooks_get_payment", "Get payment", Effect::Read, get).toolset("payments"),
        tool(
            "quickbooks_list_payments",
            "List payments",
            Effect::Read,
            list,
        )
        .toolset("payments"),
        tool(
            "quickbooks_search_payments",
            "Search payments",
            Effect::Read,
            search,
        )
        .toolset("payments"),
        tool(
            "quickbooks_update_payment",
            "Update payment",
            Effect::IdempotentWrite,
            update,
        )
        .toolset("payments"),
        tool(
            "quickbooks_delete_payment",
            "Delete payment",
            Effect::Destructive,
            delete,
        )
        .toolset("payments"),
        tool(
            "quickbooks_send_payment",
            "Send payment",
            Effect::Write,
            send,
        )
        .toolset("payments"),
        tool(
            "quickbooks_void_payment",
            "Void payment",
            Effect::Destructive,
            void,
        )
        .toolset("payments"),
    ]
}

/// Record a payment received from a customer (unapplied: a credit on the customer). Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct Create {
    /// Total amount, e.g. 125.50
    amount: Decimal,
    customer_id: String,
    /// Idempotency key, max 50 chars
    request_id: Option<String>,
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    let customer = mcp_shared::non_empty(&a.customer_id, "customer_id")?;
    let mut body = Map::new();
    insert_opt(&mut body, "TotalAmt", Some(a.amount));
    body.insert("CustomerRef".into(), api::reference(customer));
    api::create(&ctx, &PAYMENT, body, a.request_id.as_deref()).await
}

/// Get one payment by id.
#[derive(Deserialize, JsonSchema)]
pub struct Get {
    id: String,
}

async fn get(ctx: Ctx, a: Get) -> Result<Value, ToolError> {
    let v = api::read(&ctx, &PAYMENT, &a.id).await?;
    Ok(api::concise(&PAYMENT, &v))
}

/// List payments, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct List {
    /// 1-1000, default 100
    max_results: Option<Count>,
    /// 1-based, default 1
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
    api::query(&ctx, &PAYMENT, &Select::from("Payment"), page, &[]).await
}

/// Search payments. Dates are YYYY-MM-DD; customer_name is a partial match of the display name.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    customer_id: Option<String>,
    customer_name: Option<String>,
    /// PaymentRefNum (check number, ...)
    reference_number: Option<String>,
    date_from: Option<String>,
    date_to: Option<String>,
    min_amount: Option<Decimal>,
    max_amount: Option<Decimal>,
    /// Unapplied amount at least
    min_unapplied: Option<Decimal>,
    max_unapplied: Option<Decimal>,
    payment_method_id: Option<String>,
    deposit_account_id: Option<String>,
    /// 1-1000, default 100
    max_results: Option<Count>,
    /// 1-based, default 1
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
    let mut q = Select::from("Payment")
        .eq("CustomerRef", a.customer_id.as_deref())?
        .eq("PaymentRefNum", a.reference_number.as_deref())?
        .date("TxnDate", ">=", a.date_from.as_deref(), "date_from")?
        .date("TxnDate", "<=", a.date_to.as_deref(), "date_to")?
        .amount("TotalAmt", ">=", a.min_amount.as_ref())
        .amount("TotalAmt", "<=", a.max_amount.as_ref());
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
    api::page_filter(
        &mut f,
        "payment_method_id",
        "PaymentMethodRef.value",
        a.payment_method_id.as_deref(),
        false,
    );
    api::page_filter(
        &mut f,
        "deposit_account_id",
        "DepositToAccountRef.value",
        a.deposit_account_id.as_deref(),
        false,
    );
    if let Some(m) = a.min_unapplied {
        f.push(PageFilter {
            arg: "min_unapplied",
            path: "UnappliedAmt",
            want: Want::AtLeast(m),
        });
    }
    if let Some(m) = a.max_unapplied {
        f.push(PageFilter {
            arg: "max_unapplied",
            path: "UnappliedAmt",
            want: Want::AtMost(m),
        });
    }
    api::query(&ctx, &PAYMENT, &q, page, &f).await
}

/// Change the fields given of a payment (a sparse update).
#[derive(Deserialize, JsonSchema)]
pub struct Update {
    id: String,
    /// New total amount
    amount: Option<Decimal>,
    customer_id: Option<String>,
    /// TxnDate, YYYY-MM-DD
    date: Option<String>,
    /// PaymentRefNum
    reference_number: Option<String>,
    payment_method_id: Option<String>,
    deposit_account_id: Option<String>,
    /// ISO 4217 code
    currency: Option<String>,
    exchange_rate: Option<Decimal>,
    private_note: Option<String>,
    /// Read first when left out
    sync_token: Option<String>,
}

async fn update(ctx: Ctx, a: Update) -> Result<Value, ToolError> {
    let mut m = Map::new();
    insert_opt(&mut m, "TotalAmt", a.amount);
    api::insert_ref(&mut m, "CustomerRef", a.customer_id.as_deref());
    insert_opt(&mut m, "TxnDate", a.date);
    insert_opt(&mut m, "PaymentRefNum", a.reference_number);
    api::insert_ref(&mut m, "PaymentMethodRef", a.payment_method_id.as_deref());
    api::insert_ref(
        &mut m,
        "DepositToAccountRef",
        a.deposit_account_id.as_deref(),
    );
    api::insert_ref(&mut m, "CurrencyRef", a.currency.as_deref());
    insert_opt(&mut m, "ExchangeRate", a.exchange_rate);
    insert_opt(&mut m, "PrivateNote", a.private_note);
    api::sparse_update(&ctx, &PAYMENT, &a.id, a.sync_token.as_deref(), m).await
}

/// Delete a payment permanently (voiding keeps a record instead).
#[derive(Deserialize, JsonSchema)]
pub struct Delete {
    id: String,
    /// Read first when left out
    sync_token: Option<String>,
}

async fn delete(ctx: Ctx, a: Delete) -> Result<Value, ToolError> {
    api::operation(&ctx, &PAYMENT, &a.id, a.sync_token.as_deref(), "delete").await
}

/// Void a payment: it stays, with its amounts zeroed and "Voided" in its note. A deposited
/// payment's deposit must be deleted first.
#[derive(Deserialize, JsonSchema)]
pub struct Void {
    id: String,
    /// Read first when left out
    sync_token: Option<String>,
}

async fn void(ctx: Ctx, a: Void) -> Result<Value, ToolError> {
    api::id(&a.id, "id")?;
    let token = api::current_sync_token(&ctx, &PAYMENT, &a.id, a.sync_token.as_deref()).await?;
    let v = api::send(
        api::request(&ctx, Method::POST, "/payment")?
            .query("operation", "update")
            .query("include", "void")
            .json(&json!({"Id": a.id.trim(), "SyncToken": token, "sparse": true})),
    )
    .await?;
    Ok(api::concise(
        &PAYMENT,
        v.get("Payment").unwrap_or(&Value::Null),
    ))
}

/// Email a payment receipt to send_to. Returns the payment.
#[derive(Deserialize, JsonSchema)]
pub struct Send {
    id: String,
    send_to: String,
}

async fn send(ctx: Ctx, a: Send) -> Result<Value, ToolError> {
    let to = mcp_shared::non_empty(&a.send_to, "send_to")?;
    send_entity(&ctx, &PAYMENT, &a.id, Some(to)).await
}
