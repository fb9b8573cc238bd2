//! Customers: `/customers` (list, get, create, update).

use crate::api::{self, Call, Order};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("customers");
    vec![
        t(tool(
            "woo_customers_list",
            "List customers",
            Effect::Read,
            list,
        )),
        t(tool("woo_customers_get", "Get customer", Effect::Read, get)),
        t(tool(
            "woo_customers_create",
            "Create customer",
            Effect::Write,
            create,
        )),
        t(tool(
            "woo_customers_update",
            "Update customer",
            Effect::IdempotentWrite,
            update,
        )),
    ]
}

crate::str_enum!(
    /// User role (WooCommerce's default: customer).
    Role { All = "all", Customer = "customer", Administrator = "administrator", ShopManager = "shop_manager" }
);
crate::str_enum!(
    /// Sort customers by.
    CustomerOrderBy { Id = "id", Include = "include", Name = "name", RegisteredDate = "registered_date" }
);

/// List customers (GET /customers). Returns `customers` (id, email, first_name, last_name,
/// username, role, billing, shipping, is_paying_customer, date_created...), `page`,
/// `per_page`, `total`, `total_pages` and `next_page`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct List {
    /// Customers per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
    /// Only customers matching this text
    search: Option<String>,
    /// Only the customer with this e-mail address
    email: Option<String>,
    role: Option<Role>,
    orderby: Option<CustomerOrderBy>,
    order: Option<Order>,
}

async fn list(ctx: Ctx, a: List) -> Result<Value, ToolError> {
    let call = Call::get("/customers")
        .q_opt("search", a.search)
        .q_opt("email", a.email)
        .q_opt("role", a.role)
        .q_opt("orderby", a.orderby)
        .q_opt("order", a.order);
    api::list(&ctx, call, "customers", a.page, a.per_page).await
}

/// Get one customer (GET /customers/<id>): WooCommerce's customer object.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Get {
    customer_id: Count,
}

async fn get(ctx: Ctx, a: Get) -> Result<Value, ToolError> {
    api::get_one(&ctx, "/customers", a.customer_id.get()).await
}

/// Create a customer (POST /customers). `customerData`: `email` (required), `first_name`,
/// `last_name`, `username`, `password`, `billing` and `shipping` addresses, `meta_data`.
/// Returns the customer.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Create {
    customer_data: Map<String, Value>,
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    api::require_text(
        &a.customer_data,
        "customerData",
        "email",
        "the customer's e-mail address",
    )?;
    api::create(&ctx, "/customers", a.customer_data, "customerData").await
}

/// Update a customer (PUT /customers/<id>) with the fields of `customerData`. Returns the
/// customer.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Update {
    customer_id: Count,
    customer_data: Map<String, Value>,
}

async fn update(ctx: Ctx, a: Update) -> Result<Value, ToolError> {
    api::update(
        &ctx,
        "/customers",
        a.customer_id.get(),
        a.customer_data,
        "customerData",
    )
    .await
}
