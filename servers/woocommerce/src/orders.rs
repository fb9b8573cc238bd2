//! Orders, their notes and refunds: `/orders` (list, get, create, update, delete, batch),
//! `/orders/<id>/notes`, `/orders/<id>/refunds`.

use crate::api::{self, Call, Order};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("orders");
    vec![
        t(tool("woo_orders_list", "List orders", Effect::Read, list)),
        t(tool("woo_orders_get", "Get order", Effect::Read, get)),
        t(tool(
            "woo_orders_create",
            "Create order",
            Effect::Write,
            create,
        )),
        t(tool(
            "woo_orders_update",
            "Update order",
            Effect::IdempotentWrite,
            update,
        )),
        t(tool(
            "woo_orders_delete",
            "Delete order",
            Effect::Destructive,
            delete,
        )),
        t(tool(
            "woo_orders_batch_update",
            "Create, update and delete orders in one batch",
            Effect::Destructive,
            batch,
        )),
        t(tool(
            "woo_orders_notes_create",
            "Add order note",
            Effect::Write,
            note,
        )),
        t(tool(
            "woo_orders_refunds_create",
            "Refund order",
            Effect::Destructive,
            refund,
        )),
    ]
}

crate::str_enum!(
    /// Order status.
    OrderStatus {
        Pending = "pending", Processing = "processing", OnHold = "on-hold",
        Completed = "completed", Cancelled = "cancelled", Refunded = "refunded", Failed = "failed",
    }
);
crate::str_enum!(
    /// Sort orders by.
    OrderOrderBy { Date = "date", Id = "id", Include = "include", Title = "title", Slug = "slug" }
);

/// List orders (GET /orders), filtered and sorted. Returns `orders` (WooCommerce's order
/// objects: status, totals, billing, shipping, line_items...), `page`, `per_page`, `total`,
/// `total_pages` and `next_page`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct List {
    /// Orders per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
    /// Only orders with one of these statuses
    status: Option<Vec<OrderStatus>>,
    /// Only orders of this customer id
    customer: Option<Count>,
    /// Only orders containing this product id
    product: Option<Count>,
    /// Only orders created after this ISO 8601 date-time (2026-01-31T00:00:00)
    date_after: Option<String>,
    /// Only orders created before this ISO 8601 date-time
    date_before: Option<String>,
    orderby: Option<OrderOrderBy>,
    order: Option<Order>,
}

async fn list(ctx: Ctx, a: List) -> Result<Value, ToolError> {
    // WooCommerce's `status` is a list; the REST API reads a comma-separated one.
    let status = a
        .status
        .filter(|s| !s.is_empty())
        .map(|s| s.iter().map(|x| x.as_str()).collect::<Vec<_>>().join(","));
    let call = Call::get("/orders")
        .q_opt("status", status)
        .q_opt("customer", a.customer.map(Count::get))
        .q_opt("product", a.product.map(Count::get))
        .q_opt("after", a.date_after)
        .q_opt("before", a.date_before)
        .q_opt("orderby", a.orderby)
        .q_opt("order", a.order);
    api::list(&ctx, call, "orders", a.page, a.per_page).await
}

/// Get one order (GET /orders/<id>): WooCommerce's order object.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Get {
    order_id: Count,
}

async fn get(ctx: Ctx, a: Get) -> Result<Value, ToolError> {
    api::get_one(&ctx, "/orders", a.order_id.get()).await
}

/// Create an order (POST /orders). `orderData` is WooCommerce's order object: `status`,
/// `customer_id`, `payment_method`, `payment_method_title`, `set_paid`, `billing`,
/// `shipping`, `line_items` ([{"product_id", "variation_id", "quantity"}]), `shipping_lines`,
/// `fee_lines`, `coupon_lines`, `customer_note`, `meta_data`... Returns the created order.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Create {
    order_data: Map<String, Value>,
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    api::create(&ctx, "/orders", a.order_data, "orderData").await
}

/// Update an order (PUT /orders/<id>) with the fields of `orderData` (e.g. `{"status":
/// "completed"}`). Returns the updated order.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Update {
    order_id: Count,
    order_data: Map<String, Value>,
}

async fn update(ctx: Ctx, a: Update) -> Result<Value, ToolError> {
    api::update(&ctx, "/orders", a.order_id.get(), a.order_data, "orderData").await
}

/// Delete an order (DELETE /orders/<id>): to the trash, or for good with `force: true`.
/// Returns the deleted order.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delete {
    order_id: Count,
    /// Delete permanently instead of moving to the trash
    #[serde(default)]
    #[schemars(extend("default" = false))]
    force: bool,
}

async fn delete(ctx: Ctx, a: Delete) -> Result<Value, ToolError> {
    api::delete(&ctx, "/orders", a.order_id.get(), a.force).await
}

/// Create, update and delete up to 100 orders in one request (POST /orders/batch).
/// `create`: order objects; `update`: order objects with their `id`; `delete`: order ids.
/// Returns WooCommerce's `create`, `update` and `delete` lists.
#[derive(Deserialize, JsonSchema)]
pub struct Batch {
    create: Option<Vec<Map<String, Value>>>,
    update: Option<Vec<Map<String, Value>>>,
    delete: Option<Vec<Count>>,
}

async fn batch(ctx: Ctx, a: Batch) -> Result<Value, ToolError> {
    let body = api::batch(a.create, a.update, a.delete)?;
    api::value(&ctx, Call::post("/orders/batch", body)).await
}

/// Add a note to an order (POST /orders/<id>/notes): private, or sent to the customer by
/// e-mail with `customerNote: true`. Returns the note (id, author, date_created, note,
/// customer_note).
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    order_id: Count,
    /// The note's text
    note: String,
    /// Also show the note to the customer and e-mail it
    #[serde(default)]
    #[schemars(extend("default" = false))]
    customer_note: bool,
}

async fn note(ctx: Ctx, a: Note) -> Result<Value, ToolError> {
    let body = json!({"note": non_empty(&a.note, "note")?, "customer_note": a.customer_note});
    api::value(
        &ctx,
        Call::post(format!("/orders/{}/notes", a.order_id.get()), body),
    )
    .await
}

/// Refund an order, in whole or in part (POST /orders/<id>/refunds). `amount`: the total to
/// refund as a string ("10.00"); `lineItems`: [{"id": <order line item id>, "quantity",
/// "refund_total", "refund_tax": [{"id", "refund_total"}]}]. With `refundPayment: true` the
/// payment gateway returns the money (WooCommerce's `api_refund`); otherwise the refund is
/// only recorded. Returns the refund.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Refund {
    order_id: Count,
    /// Amount to refund, e.g. "10.00"
    amount: Option<String>,
    /// Why
    reason: Option<String>,
    /// Refund the payment through the payment gateway
    #[serde(default)]
    #[schemars(extend("default" = false))]
    refund_payment: bool,
    /// The order's line items to refund
    line_items: Option<Vec<Map<String, Value>>>,
}

async fn refund(ctx: Ctx, a: Refund) -> Result<Value, ToolError> {
    let mut b = Map::new();
    insert_opt(&mut b, "amount", a.amount.filter(|s| !s.trim().is_empty()));
    insert_opt(&mut b, "reason", a.reason.filter(|s| !s.trim().is_empty()));
    b.insert("api_refund".into(), json!(a.refund_payment));
    insert_opt(&mut b, "line_items", a.line_items.filter(|l| !l.is_empty()));
    if !b.contains_key("amount") && !b.contains_key("line_items") {
        return Err(ToolError::invalid_input(
            "give `amount` or `lineItems`: what to refund",
        ));
    }
    api::value(
        &ctx,
        Call::post(
            format!("/orders/{}/refunds", a.order_id.get()),
            Value::Object(b),
        ),
    )
    .await
}
