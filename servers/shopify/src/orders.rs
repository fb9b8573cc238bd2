//! Orders and draft orders.

use mcp_shared::graphql::relay_page;
use mcp_shared::json::{at, insert_opt};
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{
    address, address_out, created, decimal_value, found, gid, gql, list, page_vars, payload,
    put_money, reference, shape,
};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("orders");
    vec![
        t(tool(
            "shopify_list_orders",
            "List orders",
            Effect::Read,
            list_orders,
        )),
        t(tool(
            "shopify_get_order",
            "Get order",
            Effect::Read,
            get_order,
        )),
        t(tool(
            "shopify_create_order",
            "Create order",
            Effect::Write,
            create_order,
        )),
        t(tool(
            "shopify_list_draft_orders",
            "List draft orders",
            Effect::Read,
            list_draft_orders,
        )),
        t(tool(
            "shopify_get_draft_order",
            "Get draft order",
            Effect::Read,
            get_draft_order,
        )),
        t(tool(
            "shopify_create_draft_order",
            "Create draft order",
            Effect::Write,
            create_draft_order,
        )),
    ]
}

pub const DOCS: &[(&str, &str)] = &[
    ("Orders", ORDERS),
    ("Order", ORDER),
    ("OrderCreate", ORDER_CREATE),
    ("DraftOrders", DRAFT_ORDERS),
    ("DraftOrder", DRAFT_ORDER),
    ("DraftOrderCreate", DRAFT_ORDER_CREATE),
];

fn line_item(v: &Value) -> Value {
    let mut o = shape(
        v,
        &[
            "title",
            "variant_title=variantTitle",
            "quantity",
            "sku",
            "variant_gid=variant.id",
        ],
    );
    if let Some(n) = at(v, "variant.legacyResourceId") {
        o["variant_id"] = json!(n.as_str().map_or_else(|| n.to_string(), str::to_owned));
    }
    put_money(&mut o, "unit_price", v, "originalUnitPriceSet");
    put_money(&mut o, "total", v, "discountedTotalSet");
    o
}

fn order(v: &Value) -> Value {
    let mut o = shape(
        v,
        &[
            "name",
            "email",
            "phone",
            "created_at=createdAt",
            "processed_at=processedAt",
            "cancelled_at=cancelledAt",
            "closed",
            "financial_status=displayFinancialStatus",
            "fulfillment_status=displayFulfillmentStatus",
            "currency=currencyCode",
            "note",
            "tags",
        ],
    );
    put_money(&mut o, "total_price", v, "totalPriceSet");
    put_money(&mut o, "subtotal_price", v, "subtotalPriceSet");
    put_money(&mut o, "total_tax", v, "totalTaxSet");
    put_money(&mut o, "total_shipping", v, "totalShippingPriceSet");
    put_money(&mut o, "total_discounts", v, "totalDiscountsSet");
    let c = reference(v.get("customer"), "displayName");
    if !c.is_null() {
        o["customer"] = c;
    }
    for (key, path) in [
        ("shipping_address", "shippingAddress"),
        ("billing_address", "billingAddress"),
    ] {
        let a = address_out(v.get(path));
        if !a.is_null() {
            o[key] = a;
        }
    }
    if let Some(items) = v.get("lineItems") {
        let (items, _) = relay_page(items);
        o["line_items"] = items.iter().map(line_item).collect();
    }
    o
}

// Order status filter, as the REST API's `status` took it.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum OrderStatus {
    Open,
    Closed,
    Cancelled,
    Any,
}

const ORDERS: &str = "query Orders($first: Int!, $after: String, $query: String) { orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) { nodes { id legacyResourceId name email createdAt processedAt cancelledAt closed displayFinancialStatus displayFulfillmentStatus currencyCode tags totalPriceSet { shopMoney { amount currencyCode } } customer { id legacyResourceId displayName } } pageInfo { hasNextPage endCursor } } }";

/// List orders, newest first: name (#1001), customer, financial and fulfillment status,
/// total. Orders older than 60 days need the read_all_orders scope. Returns `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListOrders {
    /// At most this many (default 50, max 250)
    limit: Option<Int>,
    #[schemars(extend("default" = "any"))]
    status: Option<OrderStatus>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_orders(ctx: Ctx, a: ListOrders) -> Result<Value, ToolError> {
    let mut vars = page_vars(a.limit.map(Int::get), a.cursor.as_deref(), 50);
    let status = match a.status.unwrap_or(OrderStatus::Any) {
        OrderStatus::Open => Some("status:open"),
        OrderStatus::Closed => Some("status:closed"),
        OrderStatus::Cancelled => Some("status:cancelled"),
        OrderStatus::Any => None,
    };
    insert_opt(&mut vars, "query", status);
    let data = gql(&ctx, "Orders", ORDERS, Value::Object(vars)).await?;
    Ok(list(data.get("orders"), "orders", order))
}

const ORDER: &str = "query Order($id: ID!) { order(id: $id) { id legacyResourceId name email phone createdAt processedAt cancelledAt closed displayFinancialStatus displayFulfillmentStatus currencyCode note tags totalPriceSet { shopMoney { amount currencyCode } } subtotalPriceSet { shopMoney { amount currencyCode } } totalTaxSet { shopMoney { amount currencyCode } } totalShippingPriceSet { shopMoney { amount currencyCode } } totalDiscountsSet { shopMoney { amount currencyCode } } customer { id legacyResourceId displayName } shippingAddress { name firstName lastName company address1 address2 city province provinceCode country countryCodeV2 zip phone } billingAddress { name firstName lastName company address1 address2 city province provinceCode country countryCodeV2 zip phone } lineItems(first: 100) { nodes { id title variantTitle quantity sku variant { id legacyResourceId } originalUnitPriceSet { shopMoney { amount currencyCode } } discountedTotalSet { shopMoney { amount currencyCode } } } } } }";

/// Get one order: totals, addresses, customer and up to 100 line items.
#[derive(Deserialize, JsonSchema)]
pub struct GetOrder {
    /// Numeric id or gid://shopify/Order/…
    order_id: String,
}

async fn get_order(ctx: Ctx, a: GetOrder) -> Result<Value, ToolError> {
    let id = gid("Order", &a.order_id, "order_id")?;
    let data = gql(&ctx, "Order", ORDER, json!({ "id": id })).await?;
    Ok(order(found(&data, "order", "order", &a.order_id)?))
}

/// Which input a REST-style line item becomes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Order,
    Draft,
}

/// A REST-style line item (`variant_id`, `quantity`, `title`, `price`, `sku`, `taxable`,
/// `requires_shipping`) as an `OrderCreateLineItemInput` or `DraftOrderLineItemInput`.
fn line_item_input(
    item: &Map<String, Value>,
    i: usize,
    currency: Option<&str>,
    target: Target,
) -> Result<Value, ToolError> {
    let arg = format!("line_items[{i}]");
    let mut m = Map::new();
    let quantity = match item.get("quantity") {
        Some(Value::Number(n)) => n.as_u64().filter(|q| *q > 0),
        Some(Value::String(s)) => s.trim().parse::<u64>().ok().filter(|q| *q > 0),
        None => Some(1),
        _ => None,
    }
    .ok_or_else(|| {
        ToolError::invalid_input(format!("`{arg}.quantity` must be a whole number above 0."))
    })?;
    m.insert("quantity".into(), json!(quantity));
    let text = |k: &str| -> Option<String> {
        match item.get(k) {
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        }
    };
    let variant = text("variant_id")
        .map(|v| gid("ProductVariant", &v, &format!("{arg}.variant_id")))
        .transpose()?;
    let title = text("title");
    if variant.is_none() && title.is_none() {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` needs a `variant_id`, or a `title` and `price` for a custom item."
        )));
    }
    insert_opt(&mut m, "variantId", variant.as_ref());
    insert_opt(&mut m, "title", title.as_ref());
    insert_opt(&mut m, "sku", text("sku"));
    insert_opt(
        &mut m,
        "taxable",
        item.get("taxable").and_then(Value::as_bool),
    );
    insert_opt(
        &mut m,
        "requiresShipping",
        item.get("requires_shipping").and_then(Value::as_bool),
    );
    if target == Target::Order
        && let Some(p) = text("product_id")
    {
        m.insert(
            "productId".into(),
            json!(gid("Product", &p, &format!("{arg}.product_id"))?),
        );
    }
    if let Some(price) = item.get("price").filter(|p| !p.is_null()) {
        let amount = decimal_value(price, &format!("{arg}.price"))?;
        let Some(cur) = currency else {
            return Err(ToolError::invalid_input(format!(
                "`{arg}.price` needs `currency` (the shop's currency code, e.g. USD): Shopify takes prices with their currency."
            )));
        };
        let money = json!({"amount": amount, "currencyCode": cur});
        match (target, variant.is_some()) {
            (Target::Order, _) => {
                m.insert("priceSet".into(), json!({ "shopMoney": money }));
            }
            (Target::Draft, true) => {
                m.insert("priceOverride".into(), money);
            }
            (Target::Draft, false) => {
                m.insert("originalUnitPriceWithCurrency".into(), money);
            }
        }
    } else if variant.is_none() {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` is a custom item (no variant_id): give its `price`."
        )));
    }
    Ok(Value::Object(m))
}

fn line_items(
    items: &[Map<String, Value>],
    currency: Option<&str>,
    target: Target,
) -> Result<Vec<Value>, ToolError> {
    if items.is_empty() {
        return Err(ToolError::invalid_input(
            "`line_items` must name at least one item.",
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, it)| line_item_input(it, i, currency, target))
        .collect()
}

fn currency(c: Option<&String>) -> Result<Option<String>, ToolError> {
    c.map(|c| {
        let c = c.trim().to_ascii_uppercase();
        if c.len() == 3 && c.bytes().all(|b| b.is_ascii_uppercase()) {
            Ok(c)
        } else {
            Err(ToolError::invalid_input(format!(
                "`currency` must be a three-letter ISO 4217 code (USD, EUR), not `{c}`."
            )))
        }
    })
    .transpose()
}

fn tag_list(tags: Option<&String>) -> Option<Vec<String>> {
    tags.map(|t| {
        t.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()
    })
}

const ORDER_CREATE: &str = "mutation OrderCreate($order: OrderCreateOrderInput!) { orderCreate(order: $order) { order { id legacyResourceId name email createdAt processedAt displayFinancialStatus displayFulfillmentStatus currencyCode tags totalPriceSet { shopMoney { amount currencyCode } } customer { id legacyResourceId displayName } lineItems(first: 100) { nodes { id title variantTitle quantity sku variant { id legacyResourceId } originalUnitPriceSet { shopMoney { amount currencyCode } } discountedTotalSet { shopMoney { amount currencyCode } } } } } userErrors { field message code } } }";

/// Create an order (e.g. imported from elsewhere; no payment is captured). Line items are
/// REST-style: `variant_id` and `quantity`, or `title`, `price` and `quantity` for a
/// custom item. `customer` is `{"id": ...}` or `{"email", "first_name", "last_name"}`.
#[derive(Deserialize, JsonSchema)]
pub struct CreateOrder {
    customer: Option<Map<String, Value>>,
    line_items: Vec<Map<String, Value>>,
    /// first_name, last_name, address1, address2, city, province_code, country_code, zip, phone
    shipping_address: Option<Map<String, Value>>,
    /// Currency of `price` values (e.g. USD); required when an item has a price
    currency: Option<String>,
    email: Option<String>,
    note: Option<String>,
    /// Comma-separated
    tags: Option<String>,
}

fn order_customer(c: &Map<String, Value>) -> Result<Value, ToolError> {
    if let Some(id) = c.get("id").filter(|v| !v.is_null()) {
        let id = id.as_str().map_or_else(|| id.to_string(), str::to_owned);
        return Ok(json!({"toAssociate": {"id": gid("Customer", &id, "customer.id")?}}));
    }
    let mut m = Map::new();
    for (from, to) in [
        ("email", "email"),
        ("first_name", "firstName"),
        ("last_name", "lastName"),
        ("phone", "phone"),
    ] {
        insert_opt(&mut m, to, c.get(from).and_then(Value::as_str));
    }
    if m.is_empty() {
        return Err(ToolError::invalid_input(
            "`customer` needs an `id`, or an `email` (with first_name, last_name, phone).",
        ));
    }
    Ok(json!({ "toUpsert": m }))
}

async fn create_order(ctx: Ctx, a: CreateOrder) -> Result<Value, ToolError> {
    let cur = currency(a.currency.as_ref())?;
    let mut o = Map::new();
    o.insert(
        "lineItems".into(),
        json!(line_items(&a.line_items, cur.as_deref(), Target::Order)?),
    );
    if let Some(c) = &a.customer {
        o.insert("customer".into(), order_customer(c)?);
    }
    if let Some(s) = &a.shipping_address {
        o.insert("shippingAddress".into(), address(s, "shipping_address")?);
    }
    insert_opt(&mut o, "email", a.email.as_ref());
    insert_opt(&mut o, "note", a.note.as_ref());
    insert_opt(&mut o, "tags", tag_list(a.tags.as_ref()));
    let data = gql(&ctx, "OrderCreate", ORDER_CREATE, json!({ "order": o })).await?;
    let p = payload(&data, "orderCreate")?;
    Ok(order(created(p, "orderCreate", "order")?))
}

fn draft_order(v: &Value) -> Value {
    let mut o = shape(
        v,
        &[
            "name",
            "status",
            "email",
            "note=note2",
            "tags",
            "currency=currencyCode",
            "invoice_url=invoiceUrl",
            "created_at=createdAt",
            "updated_at=updatedAt",
            "completed_at=completedAt",
        ],
    );
    put_money(&mut o, "total_price", v, "totalPriceSet");
    put_money(&mut o, "subtotal_price", v, "subtotalPriceSet");
    put_money(&mut o, "total_tax", v, "totalTaxSet");
    let c = reference(v.get("customer"), "displayName");
    if !c.is_null() {
        o["customer"] = c;
    }
    let ord = reference(v.get("order"), "name");
    if !ord.is_null() {
        o["order"] = ord;
    }
    for (key, path) in [
        ("shipping_address", "shippingAddress"),
        ("billing_address", "billingAddress"),
    ] {
        let a = address_out(v.get(path));
        if !a.is_null() {
            o[key] = a;
        }
    }
    if let Some(items) = v.get("lineItems") {
        let (items, _) = relay_page(items);
        o["line_items"] = items.iter().map(line_item).collect();
    }
    o
}

// Draft order status filter.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum DraftStatus {
    Open,
    InvoiceSent,
    Completed,
}

const DRAFT_ORDERS: &str = "query DraftOrders($first: Int!, $after: String, $query: String) { draftOrders(first: $first, after: $after, query: $query, sortKey: ID, reverse: true) { nodes { id legacyResourceId name status email tags currencyCode invoiceUrl createdAt updatedAt completedAt totalPriceSet { shopMoney { amount currencyCode } } customer { id legacyResourceId displayName } order { id legacyResourceId name } } pageInfo { hasNextPage endCursor } } }";

/// List draft orders, newest first: name (#D1), status, customer, total, invoice URL.
#[derive(Deserialize, JsonSchema)]
pub struct ListDraftOrders {
    /// At most this many (default 50, max 250)
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
    status: Option<DraftStatus>,
}

async fn list_draft_orders(ctx: Ctx, a: ListDraftOrders) -> Result<Value, ToolError> {
    let mut vars = page_vars(a.limit.map(Int::get), a.cursor.as_deref(), 50);
    let status = a.status.map(|s| match s {
        DraftStatus::Open => "status:open",
        DraftStatus::InvoiceSent => "status:invoice_sent",
        DraftStatus::Completed => "status:completed",
    });
    insert_opt(&mut vars, "query", status);
    let data = gql(&ctx, "DraftOrders", DRAFT_ORDERS, Value::Object(vars)).await?;
    Ok(list(data.get("draftOrders"), "draft_orders", draft_order))
}

const DRAFT_ORDER: &str = "query DraftOrder($id: ID!) { draftOrder(id: $id) { id legacyResourceId name status email note2 tags currencyCode invoiceUrl createdAt updatedAt completedAt totalPriceSet { shopMoney { amount currencyCode } } subtotalPriceSet { shopMoney { amount currencyCode } } totalTaxSet { shopMoney { amount currencyCode } } customer { id legacyResourceId displayName } order { id legacyResourceId name } shippingAddress { name firstName lastName company address1 address2 city province provinceCode country countryCodeV2 zip phone } billingAddress { name firstName lastName company address1 address2 city province provinceCode country countryCodeV2 zip phone } lineItems(first: 100) { nodes { id title variantTitle quantity sku variant { id legacyResourceId } originalUnitPriceSet { shopMoney { amount currencyCode } } discountedTotalSet { shopMoney { amount currencyCode } } } } } }";

/// Get one draft order: totals, addresses, customer, invoice URL and up to 100 line items.
#[derive(Deserialize, JsonSchema)]
pub struct GetDraftOrder {
    /// Numeric id or gid://shopify/DraftOrder/…
    draft_order_id: String,
}

async fn get_draft_order(ctx: Ctx, a: GetDraftOrder) -> Result<Value, ToolError> {
    let id = gid("DraftOrder", &a.draft_order_id, "draft_order_id")?;
    let data = gql(&ctx, "DraftOrder", DRAFT_ORDER, json!({ "id": id })).await?;
    Ok(draft_order(found(
        &data,
        "draftOrder",
        "draft order",
        &a.draft_order_id,
    )?))
}

const DRAFT_ORDER_CREATE: &str = "mutation DraftOrderCreate($input: DraftOrderInput!) { draftOrderCreate(input: $input) { draftOrder { id legacyResourceId name status email note2 tags currencyCode invoiceUrl createdAt updatedAt totalPriceSet { shopMoney { amount currencyCode } } customer { id legacyResourceId displayName } lineItems(first: 100) { nodes { id title variantTitle quantity sku variant { id legacyResourceId } originalUnitPriceSet { shopMoney { amount currencyCode } } discountedTotalSet { shopMoney { amount currencyCode } } } } } userErrors { field message } } }";

/// Create a draft order. Line items as for shopify_create_order (a `price` on a variant
/// overrides its price). `customer` is `{"id": ...}`; addresses are REST-style.
#[derive(Deserialize, JsonSchema)]
pub struct CreateDraftOrder {
    line_items: Vec<Map<String, Value>>,
    customer: Option<Map<String, Value>>,
    shipping_address: Option<Map<String, Value>>,
    billing_address: Option<Map<String, Value>>,
    note: Option<String>,
    email: Option<String>,
    /// Comma-separated
    tags: Option<String>,
    /// Currency of `price` values (e.g. USD); required when an item has a price
    currency: Option<String>,
}

async fn create_draft_order(ctx: Ctx, a: CreateDraftOrder) -> Result<Value, ToolError> {
    let cur = currency(a.currency.as_ref())?;
    let mut input = Map::new();
    input.insert(
        "lineItems".into(),
        json!(line_items(&a.line_items, cur.as_deref(), Target::Draft)?),
    );
    let mut email = a.email.clone();
    if let Some(c) = &a.customer {
        match c.get("id").filter(|v| !v.is_null()) {
            Some(id) => {
                let id = id.as_str().map_or_else(|| id.to_string(), str::to_owned);
                input.insert(
                    "purchasingEntity".into(),
                    json!({"customerId": gid("Customer", &id, "customer.id")?}),
                );
            }
            None => {
                let e = c.get("email").and_then(Value::as_str).ok_or_else(|| {
                    ToolError::invalid_input("`customer` needs an `id` (or an `email`).")
                })?;
                email.get_or_insert_with(|| e.to_owned());
            }
        }
    }
    for (key, arg, v) in [
        ("shippingAddress", "shipping_address", &a.shipping_address),
        ("billingAddress", "billing_address", &a.billing_address),
    ] {
        if let Some(addr) = v {
            input.insert(key.into(), address(addr, arg)?);
        }
    }
    insert_opt(&mut input, "email", email.as_ref());
    insert_opt(&mut input, "note", a.note.as_ref());
    insert_opt(&mut input, "tags", tag_list(a.tags.as_ref()));
    let data = gql(
        &ctx,
        "DraftOrderCreate",
        DRAFT_ORDER_CREATE,
        json!({ "input": input }),
    )
    .await?;
    let p = payload(&data, "draftOrderCreate")?;
    Ok(draft_order(created(p, "draftOrderCreate", "draftOrder")?))
}
