//! Shipping zones and their methods: `/shipping/zones`, `/shipping/zones/<id>/methods`.

use crate::api::{self, Call};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("shipping");
    vec![
        t(tool(
            "woo_shipping_zones_list",
            "List shipping zones",
            Effect::Read,
            zones_list,
        )),
        t(tool(
            "woo_shipping_zones_get",
            "Get shipping zone",
            Effect::Read,
            zones_get,
        )),
        t(tool(
            "woo_shipping_zones_create",
            "Create shipping zone",
            Effect::Write,
            zones_create,
        )),
        t(tool(
            "woo_shipping_zones_update",
            "Update shipping zone",
            Effect::IdempotentWrite,
            zones_update,
        )),
        t(tool(
            "woo_shipping_zone_methods_list",
            "List shipping zone methods",
            Effect::Read,
            methods_list,
        )),
        t(tool(
            "woo_shipping_zone_methods_create",
            "Add shipping method to zone",
            Effect::Write,
            methods_create,
        )),
    ]
}

/// List the shipping zones (GET /shipping/zones): id, name, order. Zone 0 is "Locations not
/// covered by your other zones".
#[derive(Deserialize, JsonSchema)]
pub struct ZonesList {}

async fn zones_list(ctx: Ctx, _a: ZonesList) -> Result<Value, ToolError> {
    api::keyed(&ctx, Call::get("/shipping/zones"), "zones").await
}

/// Get one shipping zone (GET /shipping/zones/<id>): id, name, order.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZonesGet {
    zone_id: Count,
}

async fn zones_get(ctx: Ctx, a: ZonesGet) -> Result<Value, ToolError> {
    api::get_one(&ctx, "/shipping/zones", a.zone_id.get()).await
}

/// Create a shipping zone (POST /shipping/zones). Returns the zone.
#[derive(Deserialize, JsonSchema)]
pub struct ZonesCreate {
    /// The zone's name
    name: String,
    /// Sort order (lower first)
    order: Option<i64>,
}

async fn zones_create(ctx: Ctx, a: ZonesCreate) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("name".into(), json!(non_empty(&a.name, "name")?));
    insert_opt(&mut b, "order", a.order);
    api::value(&ctx, Call::post("/shipping/zones", Value::Object(b))).await
}

/// Rename or reorder a shipping zone (PUT /shipping/zones/<id>). Returns the zone.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZonesUpdate {
    zone_id: Count,
    /// New name
    name: Option<String>,
    /// New sort order
    order: Option<i64>,
}

async fn zones_update(ctx: Ctx, a: ZonesUpdate) -> Result<Value, ToolError> {
    let mut b = Map::new();
    insert_opt(&mut b, "name", a.name.filter(|n| !n.trim().is_empty()));
    insert_opt(&mut b, "order", a.order);
    api::update(&ctx, "/shipping/zones", a.zone_id.get(), b, "name or order").await
}

/// List the shipping methods of a zone (GET /shipping/zones/<id>/methods): instance_id,
/// method_id, title, enabled, order, settings.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MethodsList {
    zone_id: Count,
}

async fn methods_list(ctx: Ctx, a: MethodsList) -> Result<Value, ToolError> {
    let call = Call::get(format!("/shipping/zones/{}/methods", a.zone_id.get()));
    api::keyed(&ctx, call, "methods").await
}

/// Add a shipping method to a zone (POST /shipping/zones/<id>/methods). `methodId`:
/// flat_rate, free_shipping, local_pickup (or a plugin's method); `settings`: the method's
/// setting values by id, e.g. {"cost": "10.00", "title": "Standard"}. Returns the method.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MethodsCreate {
    zone_id: Count,
    /// The shipping method's id: flat_rate, free_shipping, local_pickup...
    method_id: String,
    /// Whether the method is enabled
    #[serde(default = "yes")]
    #[schemars(extend("default" = true))]
    enabled: bool,
    /// Setting values by setting id (strings), e.g. {"cost": "10.00"}
    settings: Option<Map<String, Value>>,
}

fn yes() -> bool {
    true
}

async fn methods_create(ctx: Ctx, a: MethodsCreate) -> Result<Value, ToolError> {
    seg_id(&a.method_id, "methodId")?;
    let mut b = Map::new();
    b.insert("method_id".into(), json!(a.method_id.trim()));
    b.insert("enabled".into(), json!(a.enabled));
    insert_opt(&mut b, "settings", a.settings.filter(|s| !s.is_empty()));
    api::value(
        &ctx,
        Call::post(
            format!("/shipping/zones/{}/methods", a.zone_id.get()),
            Value::Object(b),
        ),
    )
    .await
}
