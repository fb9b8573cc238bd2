//! Fulfillments of orders: listed on the order, created from its fulfillment orders.

use mcp_shared::graphql::relay_page;
use mcp_shared::json::{at, insert_opt};
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{created, found, gid, gql, payload, reference, shape};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("fulfillments");
    vec![
        t(tool(
            "shopify_list_fulfillments",
            "List fulfillments",
            Effect::Read,
            list_fulfillments,
        )),
        t(tool(
            "shopify_create_fulfillment",
            "Create fulfillment",
            Effect::Write,
            create_fulfillment,
        )),
    ]
}

pub const DOCS: &[(&str, &str)] = &[
    ("OrderFulfillments", FULFILLMENTS),
    ("FulfillmentOrders", FULFILLMENT_ORDERS),
    ("FulfillmentCreate", FULFILLMENT_CREATE),
];

fn fulfillment(v: &Value) -> Value {
    let mut o = shape(
        v,
        &[
            "name",
            "status",
            "display_status=displayStatus",
            "created_at=createdAt",
            "updated_at=updatedAt",
            "delivered_at=deliveredAt",
            "total_quantity=totalQuantity",
        ],
    );
    let loc = reference(v.get("location"), "name");
    if !loc.is_null() {
        o["location"] = loc;
    }
    if let Some(t) = v.get("trackingInfo").and_then(Value::as_array) {
        o["tracking"] = t
            .iter()
            .map(|t| mcp_shared::json::pick(t, &["company", "number", "url"]))
            .collect();
    }
    if let Some(items) = v.get("fulfillmentLineItems") {
        let (items, _) = relay_page(items);
        o["line_items"] = items
            .iter()
            .map(|i| {
                let mut li = shape(i.get("lineItem").unwrap_or(&Value::Null), &["title", "sku"]);
                li["quantity"] = i.get("quantity").cloned().unwrap_or(Value::Null);
                li
            })
            .collect();
    }
    o
}

const FULFILLMENTS: &str = "query OrderFulfillments($id: ID!) { order(id: $id) { id legacyResourceId name fulfillments(first: 50) { id legacyResourceId name status displayStatus createdAt updatedAt deliveredAt totalQuantity location { id legacyResourceId name } trackingInfo(first: 10) { company number url } fulfillmentLineItems(first: 100) { nodes { quantity lineItem { id title sku } } } } } }";

/// List an order's fulfillments: status, tracking (company, number, URL), location and
/// the line items each shipped.
#[derive(Deserialize, JsonSchema)]
pub struct ListFulfillments {
    /// Numeric id or gid://shopify/Order/…
    order_id: String,
}

async fn list_fulfillments(ctx: Ctx, a: ListFulfillments) -> Result<Value, ToolError> {
    let id = gid("Order", &a.order_id, "order_id")?;
    let data = gql(&ctx, "OrderFulfillments", FULFILLMENTS, json!({ "id": id })).await?;
    let order = found(&data, "order", "order", &a.order_id)?;
    let list: Vec<Value> = order
        .get("fulfillments")
        .and_then(Value::as_array)
        .map(|f| f.iter().map(fulfillment).collect())
        .unwrap_or_default();
    Ok(json!({ "order": order.get("name"), "fulfillments": list }))
}

const FULFILLMENT_ORDERS: &str = "query FulfillmentOrders($id: ID!) { order(id: $id) { id name fulfillmentOrders(first: 50) { nodes { id status assignedLocation { name location { id legacyResourceId name } } lineItems(first: 100) { nodes { id remainingQuantity lineItem { id } } } } } } }";

const FULFILLMENT_CREATE: &str = "mutation FulfillmentCreate($fulfillment: FulfillmentInput!) { fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id legacyResourceId name status displayStatus createdAt updatedAt totalQuantity location { id legacyResourceId name } trackingInfo(first: 10) { company number url } fulfillmentLineItems(first: 100) { nodes { quantity lineItem { id title sku } } } } userErrors { field message } } }";

/// Fulfill an order's open items (all of them, or `line_items`), with tracking. Shopify
/// fulfills through fulfillment orders: this reads the order's open ones, picks those at
/// `location_id` (needed when items ship from several locations) and fulfills them.
#[derive(Deserialize, JsonSchema)]
pub struct CreateFulfillment {
    /// Numeric id or gid
    order_id: String,
    /// Location the items ship from (numeric id or gid)
    location_id: Option<String>,
    tracking_number: Option<String>,
    /// Carrier name, e.g. UPS, USPS, DHL Express
    tracking_company: Option<String>,
    tracking_url: Option<String>,
    #[schemars(extend("default" = false))]
    notify_customer: Option<bool>,
    /// Order line items to ship, `[{"id": <line item id>, "quantity": n}]`; default all open
    line_items: Option<Vec<Map<String, Value>>>,
}

/// Open fulfillment-order line items: (fulfillment order id, its line item id, the order
/// line item id, remaining quantity).
type OpenItem = (String, String, String, u64);

fn open_items(order: &Value, location: Option<&str>) -> Result<Vec<OpenItem>, ToolError> {
    let (fos, _) = order
        .get("fulfillmentOrders")
        .map(relay_page)
        .unwrap_or_default();
    let mut out = Vec::new();
    let mut locations: Vec<String> = Vec::new();
    for fo in &fos {
        let status = fo.get("status").and_then(Value::as_str).unwrap_or("");
        if !matches!(status, "OPEN" | "IN_PROGRESS") {
            continue;
        }
        let loc = at(fo, "assignedLocation.location.id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        if location.is_some_and(|l| l != loc) {
            continue;
        }
        let Some(fo_id) = fo.get("id").and_then(Value::as_str) else {
            continue;
        };
        let (items, _) = fo.get("lineItems").map(relay_page).unwrap_or_default();
        let mut any = false;
        for it in &items {
            let remaining = it
                .get("remainingQuantity")
                .and_then(Value::as_u64)
                .unwrap_or(0);
            if let (Some(id), Some(li), true) = (
                it.get("id").and_then(Value::as_str),
                at(it, "lineItem.id").and_then(Value::as_str),
                remaining > 0,
            ) {
                out.push((fo_id.to_owned(), id.to_owned(), li.to_owned(), remaining));
                any = true;
            }
        }
        if any && !locations.contains(&loc) {
            locations.push(loc);
        }
    }
    if locations.len() > 1 {
        return Err(ToolError::invalid_input(format!(
            "this order's open items ship from {} locations: give `location_id` (one of {}).",
            locations.len(),
            locations.join(", ")
        )));
    }
    Ok(out)
}

async fn create_fulfillment(ctx: Ctx, a: CreateFulfillment) -> Result<Value, ToolError> {
    let order_id = gid("Order", &a.order_id, "order_id")?;
    let location = a
        .location_id
        .as_deref()
        .map(|l| gid("Location", l, "location_id"))
        .transpose()?;
    let wanted: Option<Vec<(String, Option<u64>)>> = a
        .line_items
        .as_ref()
        .map(|items| {
            items
                .iter()
                .enumerate()
                .map(|(i, it)| {
                    let id = match it.get("id") {
                        Some(Value::String(s)) => s.clone(),
                        Some(Value::Number(n)) => n.to_string(),
                        _ => String::new(),
                    };
                    let id = gid("LineItem", &id, &format!("line_items[{i}].id"))?;
                    Ok((id, it.get("quantity").and_then(Value::as_u64)))
                })
                .collect::<Result<Vec<_>, ToolError>>()
        })
        .transpose()?;
    let data = gql(
        &ctx,
        "FulfillmentOrders",
        FULFILLMENT_ORDERS,
        json!({ "id": order_id }),
    )
    .await?;
    let order = found(&data, "order", "order", &a.order_id)?;
    let open = open_items(order, location.as_deref())?;
    if open.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "order {} has no open items to fulfill{}.",
            a.order_id,
            if location.is_some() {
                " at that location"
            } else {
                ""
            }
        )));
    }
    // Fulfillment orders in the order they came, each with its chosen items (None: all).
    let mut groups: Vec<(String, Option<Vec<Value>>)> = Vec::new();
    match &wanted {
        None => {
            for (fo, ..) in &open {
                if !groups.iter().any(|(g, _)| g == fo) {
                    groups.push((fo.clone(), None));
                }
            }
        }
        Some(list) => {
            for (li, qty) in list {
                let Some((fo, foli, _, remaining)) = open.iter().find(|(_, _, l, _)| l == li)
                else {
                    return Err(ToolError::invalid_input(format!(
                        "line item {li} has nothing left to fulfill in this order (or is not in it)."
                    )));
                };
                let q = qty.unwrap_or(*remaining);
                if q == 0 || q > *remaining {
                    return Err(ToolError::invalid_input(format!(
                        "line item {li}: quantity {q} is not between 1 and the {remaining} left to fulfill."
                    )));
                }
                let item = json!({"id": foli, "quantity": q});
                match groups.iter_mut().find(|(g, _)| g == fo) {
                    Some((_, Some(items))) => items.push(item),
                    _ => groups.push((fo.clone(), Some(vec![item]))),
                }
            }
        }
    }
    let by_fo: Vec<Value> = groups
        .into_iter()
        .map(|(fo, items)| {
            let mut m = Map::new();
            m.insert("fulfillmentOrderId".into(), json!(fo));
            insert_opt(&mut m, "fulfillmentOrderLineItems", items);
            Value::Object(m)
        })
        .collect();
    let mut input = Map::new();
    input.insert("lineItemsByFulfillmentOrder".into(), json!(by_fo));
    input.insert(
        "notifyCustomer".into(),
        json!(a.notify_customer.unwrap_or(false)),
    );
    let mut tracking = Map::new();
    insert_opt(&mut tracking, "number", a.tracking_number.as_ref());
    insert_opt(&mut tracking, "company", a.tracking_company.as_ref());
    insert_opt(&mut tracking, "url", a.tracking_url.as_ref());
    if !tracking.is_empty() {
        input.insert("trackingInfo".into(), Value::Object(tracking));
    }
    let data = gql(
        &ctx,
        "FulfillmentCreate",
        FULFILLMENT_CREATE,
        json!({ "fulfillment": input }),
    )
    .await?;
    let p = payload(&data, "fulfillmentCreate")?;
    Ok(fulfillment(created(p, "fulfillmentCreate", "fulfillment")?))
}
