//! Customers: list (`GET /customers`), get (`GET /customers/{id}`), create
//! (`POST /customers`), update (`POST /customers/{id}`), delete (`POST /customers/{id}/delete`).

use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{self, Query};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "chargebee_list_customers",
            "List customers",
            Effect::Read,
            list_customers,
        )
        .toolset("customers"),
        tool(
            "chargebee_get_customer",
            "Get a customer",
            Effect::Read,
            get_customer,
        )
        .toolset("customers"),
        tool(
            "chargebee_create_customer",
            "Create a customer",
            Effect::Write,
            create_customer,
        )
        .toolset("customers"),
        tool(
            "chargebee_update_customer",
            "Update a customer",
            Effect::IdempotentWrite,
            update_customer,
        )
        .toolset("customers"),
        tool(
            "chargebee_delete_customer",
            "Delete a customer",
            Effect::Destructive,
            delete_customer,
        )
        .toolset("customers"),
    ]
}

/// List customers, optionally by exact email or name: id, name, email,
/// company, credits, created_at; and next_offset.
#[derive(Deserialize, JsonSchema)]
pub struct ListCustomers {
    /// Page size
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 100))]
    limit: Option<Count>,
    /// next_offset of the previous page
    offset: Option<String>,
    email: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
}

async fn list_customers(ctx: Ctx, a: ListCustomers) -> Result<Value, ToolError> {
    let mut q = Query::page(a.limit, a.offset.as_deref())?;
    q.filter("email", "is", a.email.as_deref());
    q.filter("first_name", "is", a.first_name.as_deref());
    q.filter("last_name", "is", a.last_name.as_deref());
    api::list(
        &ctx,
        "/customers",
        q,
        "customer",
        "customers",
        api::customer,
    )
    .await
}

/// One customer: name, email, phone, company, billing address, payment and credit state.
#[derive(Deserialize, JsonSchema)]
pub struct GetCustomer {
    customer_id: String,
}

async fn get_customer(ctx: Ctx, a: GetCustomer) -> Result<Value, ToolError> {
    let id = api::id(&a.customer_id, "customer_id")?;
    let v = api::get(&ctx, &format!("/customers/{id}"), &[]).await?;
    Ok(api::one(&v, "customer", api::customer))
}

/// A postal address.
#[derive(Deserialize, Serialize, JsonSchema)]
pub struct BillingAddress {
    first_name: Option<String>,
    last_name: Option<String>,
    line1: Option<String>,
    line2: Option<String>,
    city: Option<String>,
    /// ISO 3166-2 code without the country prefix (AZ, TN)
    state_code: Option<String>,
    zip: Option<String>,
    /// ISO 3166 alpha-2 (US, DE)
    country: Option<String>,
}

fn address_value(a: Option<&BillingAddress>) -> Option<Value> {
    let v = serde_json::to_value(a?).ok()?;
    let m: Map<String, Value> = v
        .as_object()?
        .iter()
        .filter(|(_, v)| v.as_str().is_some_and(|s| !s.trim().is_empty()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    (!m.is_empty()).then_some(Value::Object(m))
}

/// Create a customer. Returns the new customer with its id (Chargebee's, unless `id` is
/// given).
#[derive(Deserialize, JsonSchema)]
pub struct CreateCustomer {
    first_name: Option<String>,
    last_name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    company: Option<String>,
    /// Id for the new customer (default: Chargebee generates one)
    id: Option<String>,
    billing_address: Option<BillingAddress>,
}

fn fields(
    first_name: Option<String>,
    last_name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    company: Option<String>,
) -> Map<String, Value> {
    let mut body = Map::new();
    for (k, v) in [
        ("first_name", first_name),
        ("last_name", last_name),
        ("email", email),
        ("phone", phone),
        ("company", company),
    ] {
        insert_opt(&mut body, k, v.filter(|s| !s.trim().is_empty()));
    }
    body
}

async fn create_customer(ctx: Ctx, a: CreateCustomer) -> Result<Value, ToolError> {
    let mut body = Map::new();
    insert_opt(&mut body, "id", a.id.filter(|s| !s.trim().is_empty()));
    body.extend(fields(
        a.first_name,
        a.last_name,
        a.email,
        a.phone,
        a.company,
    ));
    insert_opt(
        &mut body,
        "billing_address",
        address_value(a.billing_address.as_ref()),
    );
    let v = api::post(&ctx, "/customers", &body).await?;
    Ok(api::one(&v, "customer", api::customer))
}

/// Change a customer's name, email, phone, company or billing address; fields not given
/// stay. Returns the customer.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateCustomer {
    customer_id: String,
    first_name: Option<String>,
    last_name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    company: Option<String>,
    /// Changed with its own call (`POST /customers/{id}/update_billing_info`)
    billing_address: Option<BillingAddress>,
}

async fn update_customer(ctx: Ctx, a: UpdateCustomer) -> Result<Value, ToolError> {
    let id = api::id(&a.customer_id, "customer_id")?;
    let body = fields(a.first_name, a.last_name, a.email, a.phone, a.company);
    let address = address_value(a.billing_address.as_ref());
    if body.is_empty() && address.is_none() {
        return Err(ToolError::invalid_input(
            "Nothing to change: give at least one of first_name, last_name, email, phone, company, billing_address.",
        ));
    }
    let mut v = Value::Null;
    if !body.is_empty() {
        v = api::post(&ctx, &format!("/customers/{id}"), &body).await?;
    }
    if let Some(addr) = address {
        let mut b = Map::new();
        b.insert("billing_address".into(), addr);
        v = api::post(&ctx, &format!("/customers/{id}/update_billing_info"), &b).await?;
    }
    Ok(api::one(&v, "customer", api::customer))
}

/// Delete a customer (cannot be undone). Returns the deleted customer.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteCustomer {
    customer_id: String,
}

async fn delete_customer(ctx: Ctx, a: DeleteCustomer) -> Result<Value, ToolError> {
    let id = api::id(&a.customer_id, "customer_id")?;
    let v = api::post(&ctx, &format!("/customers/{id}/delete"), &Map::new()).await?;
    Ok(json!({"deleted": true, "customer": api::one(&v, "customer", api::customer)}))
}
