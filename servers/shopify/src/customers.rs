//! Customers.

use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{address_out, found, gid, gql, list, page_vars, put_money, reference, shape};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("customers");
    vec![
        t(tool(
            "shopify_list_customers",
            "List customers",
            Effect::Read,
            list_customers,
        )),
        t(tool(
            "shopify_get_customer",
            "Get customer",
            Effect::Read,
            get_customer,
        )),
    ]
}

pub const DOCS: &[(&str, &str)] = &[("Customers", CUSTOMERS), ("Customer", CUSTOMER)];

fn customer(v: &Value) -> Value {
    let mut o = shape(
        v,
        &[
            "name=displayName",
            "first_name=firstName",
            "last_name=lastName",
            "email=defaultEmailAddress.emailAddress",
            "phone=defaultPhoneNumber.phoneNumber",
            "state",
            "orders_count=numberOfOrders",
            "tags",
            "note",
            "verified_email=verifiedEmail",
            "created_at=createdAt",
            "updated_at=updatedAt",
        ],
    );
    put_money(&mut o, "amount_spent", v, "amountSpent");
    let a = address_out(v.get("defaultAddress"));
    if !a.is_null() {
        o["default_address"] = a;
    }
    let last = reference(v.get("lastOrder"), "name");
    if !last.is_null() {
        o["last_order"] = last;
    }
    o
}

const CUSTOMERS: &str = "query Customers($first: Int!, $after: String) { customers(first: $first, after: $after, sortKey: ID) { nodes { id legacyResourceId displayName firstName lastName defaultEmailAddress { emailAddress } defaultPhoneNumber { phoneNumber } state numberOfOrders amountSpent { amount currencyCode } tags createdAt updatedAt } pageInfo { hasNextPage endCursor } } }";

/// List customers, oldest first: name, email, phone, order count, amount spent.
#[derive(Deserialize, JsonSchema)]
pub struct ListCustomers {
    /// At most this many (default 50, max 250)
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_customers(ctx: Ctx, a: ListCustomers) -> Result<Value, ToolError> {
    let vars = page_vars(a.limit.map(Int::get), a.cursor.as_deref(), 50);
    let data = gql(&ctx, "Customers", CUSTOMERS, Value::Object(vars)).await?;
    Ok(list(data.get("customers"), "customers", customer))
}

const CUSTOMER: &str = "query Customer($id: ID!) { customer(id: $id) { id legacyResourceId displayName firstName lastName defaultEmailAddress { emailAddress } defaultPhoneNumber { phoneNumber } state numberOfOrders amountSpent { amount currencyCode } tags note verifiedEmail createdAt updatedAt defaultAddress { name firstName lastName company address1 address2 city province provinceCode country countryCodeV2 zip phone } lastOrder { id legacyResourceId name } } }";

/// Get one customer: contact details, default address, note, order count, amount spent
/// and last order.
#[derive(Deserialize, JsonSchema)]
pub struct GetCustomer {
    /// Numeric id or gid://shopify/Customer/…
    customer_id: String,
}

async fn get_customer(ctx: Ctx, a: GetCustomer) -> Result<Value, ToolError> {
    let id = gid("Customer", &a.customer_id, "customer_id")?;
    let data = gql(&ctx, "Customer", CUSTOMER, json!({ "id": id })).await?;
    Ok(customer(found(
        &data,
        "customer",
        "customer",
        &a.customer_id,
    )?))
}
