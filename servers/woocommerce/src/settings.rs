//! Settings groups (`/settings`) and payment gateways (`/payment_gateways`).

use crate::api::{self, Call};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("settings");
    vec![
        t(tool(
            "woo_settings_list",
            "List settings groups",
            Effect::Read,
            list,
        )),
        t(tool(
            "woo_settings_get",
            "Get settings group",
            Effect::Read,
            get,
        )),
        t(tool(
            "woo_payment_gateways_list",
            "List payment gateways",
            Effect::Read,
            gateways_list,
        )),
        t(tool(
            "woo_payment_gateways_get",
            "Get payment gateway",
            Effect::Read,
            gateways_get,
        )),
        t(tool(
            "woo_payment_gateways_update",
            "Update payment gateway",
            Effect::IdempotentWrite,
            gateways_update,
        )),
    ]
}

/// List the settings groups (GET /settings): id, label, description, parent_id, sub_groups.
#[derive(Deserialize, JsonSchema)]
pub struct List {}

async fn list(ctx: Ctx, _a: List) -> Result<Value, ToolError> {
    api::keyed(&ctx, Call::get("/settings"), "groups").await
}

crate::str_enum!(
    /// A settings group.
    Group {
        General = "general", Products = "products", Tax = "tax", Shipping = "shipping",
        Checkout = "checkout", Account = "account", Email = "email",
        Integration = "integration", Advanced = "advanced", RestApi = "rest-api",
    }
);

/// The settings of one group (GET /settings/<group>): each option's id, label, description,
/// type, default, value, options.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Get {
    group_id: Group,
}

async fn get(ctx: Ctx, a: Get) -> Result<Value, ToolError> {
    let options = api::value(&ctx, Call::get(format!("/settings/{}", a.group_id))).await?;
    Ok(json!({ "group": a.group_id.as_str(), "settings": options }))
}

/// List the payment gateways (GET /payment_gateways): id, title, description, order,
/// enabled, method_title, method_description, settings.
#[derive(Deserialize, JsonSchema)]
pub struct GatewaysList {}

async fn gateways_list(ctx: Ctx, _a: GatewaysList) -> Result<Value, ToolError> {
    api::keyed(&ctx, Call::get("/payment_gateways"), "gateways").await
}

/// Get one payment gateway (GET /payment_gateways/<id>), e.g. bacs, cheque, cod, paypal.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GatewaysGet {
    /// The gateway's id, e.g. bacs
    gateway_id: String,
}

async fn gateways_get(ctx: Ctx, a: GatewaysGet) -> Result<Value, ToolError> {
    let id = seg_id(&a.gateway_id, "gatewayId")?;
    api::get_one(&ctx, "/payment_gateways", id).await
}

/// Update a payment gateway (PUT /payment_gateways/<id>): turn it on or off, its title and
/// description at checkout, and its settings by id (e.g. {"instructions": "..."}). Returns
/// the gateway.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GatewaysUpdate {
    /// The gateway's id, e.g. bacs
    gateway_id: String,
    enabled: Option<bool>,
    /// Title shown at checkout
    title: Option<String>,
    /// Description shown at checkout
    description: Option<String>,
    /// Setting values by setting id
    settings: Option<Map<String, Value>>,
}

async fn gateways_update(ctx: Ctx, a: GatewaysUpdate) -> Result<Value, ToolError> {
    let id = seg_id(&a.gateway_id, "gatewayId")?;
    let mut b = Map::new();
    insert_opt(&mut b, "enabled", a.enabled);
    insert_opt(&mut b, "title", a.title);
    insert_opt(&mut b, "description", a.description);
    insert_opt(&mut b, "settings", a.settings.filter(|s| !s.is_empty()));
    api::update(
        &ctx,
        "/payment_gateways",
        id,
        b,
        "enabled, title, description or settings",
    )
    .await
}
