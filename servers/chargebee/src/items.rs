//! Product catalog 2.0: items (`GET /items`, `GET /items/{id}`) and item prices
//! (`GET /item_prices`).

use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api::{self, Query};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "chargebee_list_items",
            "List items",
            Effect::Read,
            list_items,
        )
        .toolset("catalog"),
        tool("chargebee_get_item", "Get an item", Effect::Read, get_item).toolset("catalog"),
        tool(
            "chargebee_list_item_prices",
            "List item prices",
            Effect::Read,
            list_item_prices,
        )
        .toolset("catalog"),
    ]
}

const STATUSES: &[&str] = &["active", "archived", "deleted"];
const TYPES: &[&str] = &["plan", "addon", "charge"];

/// List catalog items (plans, addons, charges): id, name, type, status, family; and
/// next_offset. Their prices: chargebee_list_item_prices.
#[derive(Deserialize, JsonSchema)]
pub struct ListItems {
    /// Page size
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 100))]
    limit: Option<Count>,
    /// next_offset of the previous page
    offset: Option<String>,
    /// active, archived or deleted
    status: Option<String>,
    /// plan, addon or charge
    item_type: Option<String>,
}

async fn list_items(ctx: Ctx, a: ListItems) -> Result<Value, ToolError> {
    let mut q = Query::page(a.limit, a.offset.as_deref())?;
    q.one_of("status", "status", a.status.as_deref(), STATUSES)?;
    q.one_of("type", "item_type", a.item_type.as_deref(), TYPES)?;
    api::list(&ctx, "/items", q, "item", "items", api::item).await
}

/// One catalog item: name, type, status, family, unit, checkout and portal settings.
#[derive(Deserialize, JsonSchema)]
pub struct GetItem {
    item_id: String,
}

async fn get_item(ctx: Ctx, a: GetItem) -> Result<Value, ToolError> {
    let id = api::id(&a.item_id, "item_id")?;
    let v = api::get(&ctx, &format!("/items/{id}"), &[]).await?;
    Ok(api::one(&v, "item", api::item))
}

/// List item prices (an item's price per currency and period; the item_price_id a
/// subscription takes): id, item_id, price (minor unit), currency, period, trial; and
/// next_offset.
#[derive(Deserialize, JsonSchema)]
pub struct ListItemPrices {
    /// Page size
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 100))]
    limit: Option<Count>,
    /// next_offset of the previous page
    offset: Option<String>,
    item_id: Option<String>,
    /// plan, addon or charge
    item_type: Option<String>,
    /// ISO 4217 (USD)
    currency_code: Option<String>,
    /// active, archived or deleted
    status: Option<String>,
}

async fn list_item_prices(ctx: Ctx, a: ListItemPrices) -> Result<Value, ToolError> {
    let mut q = Query::page(a.limit, a.offset.as_deref())?;
    q.filter("item_id", "is", a.item_id.as_deref());
    q.one_of("item_type", "item_type", a.item_type.as_deref(), TYPES)?;
    q.filter("currency_code", "is", a.currency_code.as_deref());
    q.one_of("status", "status", a.status.as_deref(), STATUSES)?;
    api::list(
        &ctx,
        "/item_prices",
        q,
        "item_price",
        "item_prices",
        api::item_price,
    )
    .await
}
