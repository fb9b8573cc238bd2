//! The shop, its locations, inventory items, inventory levels and adjustments.

use mcp_shared::graphql::relay_page;
use mcp_shared::json::{at, insert_opt, pick};
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{
    Delta, created, found, gid, gid_list, gql, list, numeric_id, page_vars, payload, put_ids,
    put_money, shape,
};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("inventory");
    vec![
        t(tool("shopify_get_shop", "Get shop", Effect::Read, get_shop)),
        t(tool(
            "shopify_list_locations",
            "List locations",
            Effect::Read,
            list_locations,
        )),
        t(tool(
            "shopify_get_location",
            "Get location",
            Effect::Read,
            get_location,
        )),
        t(tool(
            "shopify_list_inventory_items",
            "List inventory items",
            Effect::Read,
            list_inventory_items,
        )),
        t(tool(
            "shopify_get_inventory_levels",
            "Get inventory levels",
            Effect::Read,
            get_inventory_levels,
        )),
        t(tool(
            "shopify_list_location_inventory",
            "List location inventory",
            Effect::Read,
            list_location_inventory,
        )),
        t(tool(
            "shopify_adjust_inventory",
            "Adjust inventory",
            Effect::Write,
            adjust_inventory,
        )),
    ]
}

pub const DOCS: &[(&str, &str)] = &[
    ("Shop", SHOP),
    ("Locations", LOCATIONS),
    ("Location", LOCATION),
    ("InventoryItems", INVENTORY_ITEMS),
    ("InventoryLevelsByItem", LEVELS_BY_ITEM),
    ("InventoryLevelsByLocation", LEVELS_BY_LOCATION),
    ("LocationInventory", LOCATION_INVENTORY),
    ("InventoryAdjustQuantities", ADJUST),
];

const SHOP: &str = "query Shop { shop { id name email myshopifyDomain currencyCode ianaTimezone weightUnit primaryDomain { host url } plan { publicDisplayName shopifyPlus } } }";

/// Get the shop: name, myshopify domain, primary domain, currency, time zone, plan. A cheap
/// check that the credentials work.
#[derive(Deserialize, JsonSchema)]
pub struct GetShop {}

async fn get_shop(ctx: Ctx, _a: GetShop) -> Result<Value, ToolError> {
    let data = gql(&ctx, "Shop", SHOP, json!({})).await?;
    let s = found(&data, "shop", "shop", "")?;
    let mut o = shape(
        s,
        &[
            "name",
            "email",
            "myshopify_domain=myshopifyDomain",
            "primary_domain=primaryDomain.host",
            "url=primaryDomain.url",
            "currency=currencyCode",
            "timezone=ianaTimezone",
            "weight_unit=weightUnit",
            "plan=plan.publicDisplayName",
            "shopify_plus=plan.shopifyPlus",
        ],
    );
    o["api_version"] = json!(ctx.option("api-version").unwrap_or(crate::API_VERSION));
    Ok(o)
}

fn location(v: &Value) -> Value {
    let mut o = shape(
        v,
        &[
            "name",
            "active=isActive",
            "fulfills_online_orders=fulfillsOnlineOrders",
            "ships_inventory=shipsInventory",
        ],
    );
    if let Some(a) = v.get("address").filter(|a| a.is_object()) {
        o["address"] = pick(
            a,
            &[
                "address1",
                "address2",
                "city",
                "province",
                "province_code=provinceCode",
                "country",
                "country_code=countryCode",
                "zip",
                "phone",
            ],
        );
    }
    o
}

const LOCATIONS: &str = "query Locations($first: Int!, $after: String) { locations(first: $first, after: $after, includeInactive: true) { nodes { id legacyResourceId name isActive fulfillsOnlineOrders shipsInventory address { address1 address2 city province provinceCode country countryCode zip phone } } pageInfo { hasNextPage endCursor } } }";

/// List the shop's locations (warehouses, stores, inactive ones too): id, name, address,
/// whether active and fulfilling online orders.
#[derive(Deserialize, JsonSchema)]
pub struct ListLocations {
    /// At most this many (default 100, max 250)
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_locations(ctx: Ctx, a: ListLocations) -> Result<Value, ToolError> {
    let vars = page_vars(a.limit.map(Int::get), a.cursor.as_deref(), 100);
    let data = gql(&ctx, "Locations", LOCATIONS, Value::Object(vars)).await?;
    Ok(list(data.get("locations"), "locations", location))
}

const LOCATION: &str = "query Location($id: ID!) { location(id: $id) { id legacyResourceId name isActive fulfillsOnlineOrders shipsInventory address { address1 address2 city province provinceCode country countryCode zip phone } } }";

/// Get one location: name, address, whether active and fulfilling online orders.
#[derive(Deserialize, JsonSchema)]
pub struct GetLocation {
    /// Numeric id or gid://shopify/Location/…
    location_id: String,
}

async fn get_location(ctx: Ctx, a: GetLocation) -> Result<Value, ToolError> {
    let id = gid("Location", &a.location_id, "location_id")?;
    let data = gql(&ctx, "Location", LOCATION, json!({ "id": id })).await?;
    Ok(location(found(
        &data,
        "location",
        "location",
        &a.location_id,
    )?))
}

fn inventory_item(v: &Value) -> Value {
    let mut o = shape(
        v,
        &[
            "sku",
            "tracked",
            "requires_shipping=requiresShipping",
            "created_at=createdAt",
            "updated_at=updatedAt",
        ],
    );
    put_money(&mut o, "cost", v, "unitCost");
    if let Some(vars) = v.get("variants") {
        let (items, _) = relay_page(vars);
        if let Some(first) = items.first() {
            let mut var = json!({});
            put_ids(&mut var, first);
            var["name"] = first.get("displayName").cloned().unwrap_or(Value::Null);
            o["variant"] = var;
            if let Some(p) = first.get("product").filter(|p| p.is_object()) {
                let mut prod = json!({});
                put_ids(&mut prod, p);
                prod["title"] = p.get("title").cloned().unwrap_or(Value::Null);
                o["product"] = prod;
            }
        }
    }
    o
}

const INVENTORY_ITEMS: &str = "query InventoryItems($first: Int!, $after: String, $query: String) { inventoryItems(first: $first, after: $after, query: $query) { nodes { id legacyResourceId sku tracked requiresShipping createdAt updatedAt unitCost { amount currencyCode } variants(first: 1) { nodes { id legacyResourceId displayName product { id legacyResourceId title } } } } pageInfo { hasNextPage endCursor } } }";

/// List inventory items (one per variant): SKU, tracked, unit cost, variant and product.
/// `query` is Shopify search syntax, e.g. `sku:ABC-1` or `updated_at:>2026-01-01`.
#[derive(Deserialize, JsonSchema)]
pub struct ListInventoryItems {
    /// At most this many (default 50, max 250)
    limit: Option<Int>,
    query: Option<String>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_inventory_items(ctx: Ctx, a: ListInventoryItems) -> Result<Value, ToolError> {
    let mut vars = page_vars(a.limit.map(Int::get), a.cursor.as_deref(), 50);
    insert_opt(
        &mut vars,
        "query",
        a.query.as_deref().map(str::trim).filter(|q| !q.is_empty()),
    );
    let data = gql(&ctx, "InventoryItems", INVENTORY_ITEMS, Value::Object(vars)).await?;
    Ok(list(
        data.get("inventoryItems"),
        "inventory_items",
        inventory_item,
    ))
}

/// One inventory level, flat: item, location and its quantities by name.
fn level(v: &Value, item: Option<&Value>, loc: Option<&Value>) -> Value {
    let mut o = json!({});
    let item = item.or_else(|| v.get("item")).unwrap_or(&Value::Null);
    let loc = loc.or_else(|| v.get("location")).unwrap_or(&Value::Null);
    for (prefix, node) in [("inventory_item", item), ("location", loc)] {
        if let Some(g) = node.get("id").and_then(Value::as_str) {
            o[format!("{prefix}_id")] = json!(numeric_id(g).unwrap_or_else(|| g.to_owned()));
            o[format!("{prefix}_gid")] = json!(g);
        }
    }
    if let Some(s) = item.get("sku").filter(|s| !s.is_null()) {
        o["sku"] = s.clone();
    }
    if let Some(n) = loc.get("name") {
        o["location_name"] = n.clone();
    }
    if let Some(qs) = v.get("quantities").and_then(Value::as_array) {
        for q in qs {
            if let Some(name) = q.get("name").and_then(Value::as_str) {
                o[name] = q.get("quantity").cloned().unwrap_or(Value::Null);
            }
        }
    }
    if let Some(u) = v.get("updatedAt") {
        o["updated_at"] = u.clone();
    }
    o
}

const LEVELS_BY_ITEM: &str = "query InventoryLevelsByItem($ids: [ID!]!, $first: Int!) { nodes(ids: $ids) { ... on InventoryItem { id sku inventoryLevels(first: $first) { nodes { id updatedAt location { id name } quantities(names: [\"available\", \"on_hand\", \"committed\", \"incoming\"]) { name quantity } } } } } }";

const LEVELS_BY_LOCATION: &str = "query InventoryLevelsByLocation($ids: [ID!]!, $first: Int!) { nodes(ids: $ids) { ... on Location { id name inventoryLevels(first: $first) { nodes { id updatedAt item { id sku } quantities(names: [\"available\", \"on_hand\", \"committed\", \"incoming\"]) { name quantity } } } } } }";

/// Inventory levels (available, on_hand, committed, incoming) of items at locations. Give
/// `inventory_item_ids`, `location_ids` or both (comma-separated numeric ids or gids, at
/// most 50 each).
#[derive(Deserialize, JsonSchema)]
pub struct GetInventoryLevels {
    inventory_item_ids: Option<String>,
    location_ids: Option<String>,
    /// At most this many levels per item or location (default 50, max 250)
    limit: Option<Int>,
}

async fn get_inventory_levels(ctx: Ctx, a: GetInventoryLevels) -> Result<Value, ToolError> {
    let items = a
        .inventory_item_ids
        .as_deref()
        .map(|s| gid_list("InventoryItem", s, "inventory_item_ids"))
        .transpose()?
        .filter(|v| !v.is_empty());
    let locations = a
        .location_ids
        .as_deref()
        .map(|s| gid_list("Location", s, "location_ids"))
        .transpose()?
        .filter(|v| !v.is_empty());
    if items
        .as_ref()
        .or(locations.as_ref())
        .is_some_and(|v| v.len() > 50)
    {
        return Err(ToolError::invalid_input(
            "at most 50 ids per call: split the list.",
        ));
    }
    let first = a.limit.map(Int::get).unwrap_or(50).clamp(1, 250);
    let mut out = Vec::new();
    match (&items, &locations) {
        (Some(ids), _) => {
            let data = gql(
                &ctx,
                "InventoryLevelsByItem",
                LEVELS_BY_ITEM,
                json!({"ids": ids, "first": first}),
            )
            .await?;
            for item in data
                .get("nodes")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let (levels, _) = item
                    .get("inventoryLevels")
                    .map(relay_page)
                    .unwrap_or_default();
                for l in &levels {
                    let loc = at(l, "location.id").and_then(Value::as_str).unwrap_or("");
                    if locations
                        .as_ref()
                        .is_none_or(|ls| ls.iter().any(|x| x == loc))
                    {
                        out.push(level(l, Some(item), None));
                    }
                }
            }
        }
        (None, Some(ids)) => {
            let data = gql(
                &ctx,
                "InventoryLevelsByLocation",
                LEVELS_BY_LOCATION,
                json!({"ids": ids, "first": first}),
            )
            .await?;
            for loc in data
                .get("nodes")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let (levels, _) = loc
                    .get("inventoryLevels")
                    .map(relay_page)
                    .unwrap_or_default();
                out.extend(levels.iter().map(|l| level(l, None, Some(loc))));
            }
        }
        (None, None) => {
            return Err(ToolError::invalid_input(
                "give `inventory_item_ids`, `location_ids` or both.",
            ));
        }
    }
    Ok(json!({ "inventory_levels": out }))
}

const LOCATION_INVENTORY: &str = "query LocationInventory($id: ID!, $first: Int!, $after: String) { location(id: $id) { id name inventoryLevels(first: $first, after: $after) { nodes { id updatedAt item { id sku } quantities(names: [\"available\", \"on_hand\", \"committed\", \"incoming\"]) { name quantity } } pageInfo { hasNextPage endCursor } } } }";

/// Inventory at one location, page by page: each item's SKU and its available, on_hand,
/// committed and incoming quantities. Returns `next_cursor` when there are more.
#[derive(Deserialize, JsonSchema)]
pub struct ListLocationInventory {
    /// Numeric id or gid
    location_id: String,
    /// At most this many (default 50, max 250)
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_location_inventory(ctx: Ctx, a: ListLocationInventory) -> Result<Value, ToolError> {
    let mut vars = page_vars(a.limit.map(Int::get), a.cursor.as_deref(), 50);
    vars.insert(
        "id".into(),
        json!(gid("Location", &a.location_id, "location_id")?),
    );
    let data = gql(
        &ctx,
        "LocationInventory",
        LOCATION_INVENTORY,
        Value::Object(vars),
    )
    .await?;
    let loc = found(&data, "location", "location", &a.location_id)?;
    let (levels, next) = loc
        .get("inventoryLevels")
        .map(relay_page)
        .unwrap_or_default();
    let mut out = json!({
        "location": loc.get("name"),
        "inventory_levels": levels.iter().map(|l| level(l, None, Some(loc))).collect::<Vec<_>>(),
    });
    if let Some(n) = next {
        out["next_cursor"] = json!(n);
    }
    Ok(out)
}

const ADJUST: &str = "mutation InventoryAdjustQuantities($input: InventoryAdjustQuantitiesInput!, $key: String!) { inventoryAdjustQuantities(input: $input) @idempotent(key: $key) { inventoryAdjustmentGroup { id createdAt reason changes { name delta quantityAfterChange item { id sku } location { id name } } } userErrors { field message code } } }";

/// Change an item's available quantity at a location by a delta (negative to remove). Sent
/// with an idempotency key, so Shopify applies it once even if the request is repeated.
/// Returns the change and the quantity after it.
#[derive(Deserialize, JsonSchema)]
pub struct AdjustInventory {
    /// Numeric id or gid
    location_id: String,
    /// Numeric id or gid (a variant's inventory_item_id)
    inventory_item_id: String,
    /// Whole number to add (negative subtracts)
    available_adjustment: Delta,
    /// Shopify's reason code, e.g. correction (default), received, damaged, shrinkage, restock, cycle_count_available
    reason: Option<String>,
    /// Reuse to make a retried call apply once; default a new random key
    idempotency_key: Option<String>,
}

async fn adjust_inventory(ctx: Ctx, a: AdjustInventory) -> Result<Value, ToolError> {
    if a.available_adjustment.0 == 0 {
        return Err(ToolError::invalid_input(
            "`available_adjustment` is 0: nothing to change.",
        ));
    }
    let key = match a.idempotency_key.as_deref().map(str::trim) {
        Some(k) if !k.is_empty() => k.to_owned(),
        Some(_) => {
            return Err(ToolError::invalid_input(
                "`idempotency_key` must not be blank.",
            ));
        }
        None => format!("mcp-{:032x}", fastrand::u128(..)),
    };
    let change = json!({
        "inventoryItemId": gid("InventoryItem", &a.inventory_item_id, "inventory_item_id")?,
        "locationId": gid("Location", &a.location_id, "location_id")?,
        "delta": a.available_adjustment.0,
        "changeFromQuantity": null,
    });
    let mut input = Map::new();
    input.insert("name".into(), json!("available"));
    input.insert(
        "reason".into(),
        json!(
            a.reason
                .as_deref()
                .map(str::trim)
                .filter(|r| !r.is_empty())
                .unwrap_or("correction")
        ),
    );
    input.insert("changes".into(), json!([change]));
    let data = gql(
        &ctx,
        "InventoryAdjustQuantities",
        ADJUST,
        json!({ "input": input, "key": key }),
    )
    .await?;
    let p = payload(&data, "inventoryAdjustQuantities")?;
    let group = created(p, "inventoryAdjustQuantities", "inventoryAdjustmentGroup")?;
    let changes: Vec<Value> = group
        .get("changes")
        .and_then(Value::as_array)
        .map(|cs| {
            cs.iter()
                .map(|c| {
                    let mut o = level(c, None, None);
                    for (k, f) in [
                        ("name", "name"),
                        ("delta", "delta"),
                        ("quantity_after_change", "quantityAfterChange"),
                    ] {
                        o[k] = c.get(f).cloned().unwrap_or(Value::Null);
                    }
                    o
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({
        "adjustment_group": group.get("id"),
        "created_at": group.get("createdAt"),
        "reason": group.get("reason"),
        "idempotency_key": key,
        "changes": changes,
    }))
}
