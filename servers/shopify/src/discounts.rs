//! Discounts: Shopify's GraphQL discounts, which replace the REST price rules.

use mcp_shared::graphql::relay_page;
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{
    created, decimal, found, gid, gid_of, gql, list, page_vars, payload, put_money, shape,
};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("discounts");
    vec![
        t(tool(
            "shopify_list_discounts",
            "List discounts",
            Effect::Read,
            list_discounts,
        )),
        t(tool(
            "shopify_get_discount",
            "Get discount",
            Effect::Read,
            get_discount,
        )),
        t(tool(
            "shopify_create_discount",
            "Create discount",
            Effect::Write,
            create_discount,
        )),
    ]
}

pub const DOCS: &[(&str, &str)] = &[
    ("DiscountNodes", DISCOUNTS),
    ("DiscountNode", DISCOUNT),
    ("DiscountCodeBasicCreate", CODE_BASIC_CREATE),
    ("DiscountCodeFreeShippingCreate", FREE_SHIPPING_CREATE),
];

/// The selection of a code discount (the `DiscountCode` union): what every kind has, its
/// codes, and the value of a basic one.
macro_rules! code_fields {
    () => {
        "__typename ... on DiscountCodeBasic { title status summary startsAt endsAt usageLimit appliesOncePerCustomer asyncUsageCount codes(first: 5) { nodes { code } } customerGets { value { __typename ... on DiscountPercentage { percentage } ... on DiscountAmount { amount { amount currencyCode } appliesOnEachItem } } } } ... on DiscountCodeFreeShipping { title status summary startsAt endsAt usageLimit appliesOncePerCustomer asyncUsageCount codes(first: 5) { nodes { code } } } ... on DiscountCodeBxgy { title status summary startsAt endsAt usageLimit appliesOncePerCustomer asyncUsageCount codes(first: 5) { nodes { code } } } ... on DiscountCodeApp { title status startsAt endsAt usageLimit appliesOncePerCustomer asyncUsageCount codes(first: 5) { nodes { code } } }"
    };
}

/// The same for an automatic discount (the `DiscountAutomatic` union).
macro_rules! automatic_fields {
    () => {
        "__typename ... on DiscountAutomaticBasic { title status summary startsAt endsAt asyncUsageCount customerGets { value { __typename ... on DiscountPercentage { percentage } ... on DiscountAmount { amount { amount currencyCode } appliesOnEachItem } } } } ... on DiscountAutomaticFreeShipping { title status summary startsAt endsAt asyncUsageCount } ... on DiscountAutomaticBxgy { title status summary startsAt endsAt asyncUsageCount } ... on DiscountAutomaticApp { title status startsAt endsAt asyncUsageCount }"
    };
}

const DISCOUNTS: &str = concat!(
    "query DiscountNodes($first: Int!, $after: String) { discountNodes(first: $first, after: $after, sortKey: CREATED_AT, reverse: true) { nodes { id discount { ",
    code_fields!(),
    " ",
    automatic_fields!(),
    " } } pageInfo { hasNextPage endCursor } } }"
);

/// Any discount by gid through `node`: `discountNode` takes only DiscountNode gids, and a
/// REST price rule id is a DiscountCodeNode's.
const DISCOUNT: &str = concat!(
    "query DiscountNode($id: ID!) { node(id: $id) { __typename ... on DiscountNode { id discount { ",
    code_fields!(),
    " ",
    automatic_fields!(),
    " } } ... on DiscountCodeNode { id codeDiscount { ",
    code_fields!(),
    " } } ... on DiscountAutomaticNode { id automaticDiscount { ",
    automatic_fields!(),
    " } } } }"
);

/// A discount node (`{id, discount}`, or `{id, codeDiscount}` from a create), flat.
fn discount(node: &Value) -> Value {
    let d = node
        .get("discount")
        .or_else(|| node.get("codeDiscount"))
        .or_else(|| node.get("automaticDiscount"))
        .unwrap_or(&Value::Null);
    let mut o = shape(&json!({ "id": node.get("id") }), &[]);
    let kind = d.get("__typename").and_then(Value::as_str).unwrap_or("");
    o["type"] = json!(kind.strip_prefix("Discount").unwrap_or(kind));
    let fields = shape(
        d,
        &[
            "title",
            "status",
            "summary",
            "starts_at=startsAt",
            "ends_at=endsAt",
            "usage_limit=usageLimit",
            "once_per_customer=appliesOncePerCustomer",
            "times_used=asyncUsageCount",
            "percentage=customerGets.value.percentage",
            "applies_on_each_item=customerGets.value.appliesOnEachItem",
        ],
    );
    if let (Value::Object(o), Value::Object(f)) = (&mut o, fields) {
        o.extend(f);
    }
    put_money(&mut o, "amount", d, "customerGets.value.amount");
    if let Some(codes) = d.get("codes") {
        let (items, _) = relay_page(codes);
        o["codes"] = items
            .iter()
            .filter_map(|c| c.get("code").cloned())
            .collect();
    }
    o
}

/// List discounts (code and automatic), newest first: title, type, status, codes, value,
/// dates, times used. Returns `next_cursor` when there are more.
#[derive(Deserialize, JsonSchema)]
pub struct ListDiscounts {
    /// At most this many (default 50, max 250)
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_discounts(ctx: Ctx, a: ListDiscounts) -> Result<Value, ToolError> {
    let vars = page_vars(a.limit.map(Int::get), a.cursor.as_deref(), 50);
    let data = gql(&ctx, "DiscountNodes", DISCOUNTS, Value::Object(vars)).await?;
    Ok(list(data.get("discountNodes"), "discounts", discount))
}

/// Get one discount. A REST price rule id is its code discount's id.
#[derive(Deserialize, JsonSchema)]
pub struct GetDiscount {
    /// Price rule / code discount id, or a discount gid (gid://shopify/DiscountCodeNode/…, DiscountAutomaticNode/…)
    price_rule_id: String,
}

async fn get_discount(ctx: Ctx, a: GetDiscount) -> Result<Value, ToolError> {
    let id = gid_of(
        &["DiscountCodeNode", "DiscountAutomaticNode", "DiscountNode"],
        &a.price_rule_id,
        "price_rule_id",
    )?;
    let data = gql(&ctx, "DiscountNode", DISCOUNT, json!({ "id": id })).await?;
    Ok(discount(found(
        &data,
        "node",
        "discount",
        &a.price_rule_id,
    )?))
}

const CODE_BASIC_CREATE: &str = concat!(
    "mutation DiscountCodeBasicCreate($discount: DiscountCodeBasicInput!) { discountCodeBasicCreate(basicCodeDiscount: $discount) { ",
    "codeDiscountNode { id codeDiscount { ",
    code_fields!(),
    " } } userErrors { field message code extraInfo }",
    " } }"
);

const FREE_SHIPPING_CREATE: &str = concat!(
    "mutation DiscountCodeFreeShippingCreate($discount: DiscountCodeFreeShippingInput!) { discountCodeFreeShippingCreate(freeShippingCodeDiscount: $discount) { ",
    "codeDiscountNode { id codeDiscount { ",
    code_fields!(),
    " } } userErrors { field message code extraInfo }",
    " } }"
);

// As the REST price rule named them.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ValueType {
    Percentage,
    FixedAmount,
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum TargetType {
    LineItem,
    ShippingLine,
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum TargetSelection {
    All,
    Entitled,
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Allocation {
    Across,
    Each,
}

/// Create a discount code customers enter at checkout (Shopify's replacement for a price
/// rule with its code): percentage or fixed amount off line items, or free shipping
/// (`shipping_line` with 100 percent). Returns the discount with its code.
#[derive(Deserialize, JsonSchema)]
pub struct CreateDiscount {
    title: String,
    value_type: ValueType,
    /// Amount off as a decimal string: "10" is 10% or 10.00 in the shop's currency (a REST-style "-10.0" is read the same)
    value: String,
    target_type: TargetType,
    /// `entitled` needs entitled_product_ids or entitled_collection_ids
    target_selection: TargetSelection,
    /// Fixed amounts: `each` item or `across` the order (default)
    allocation_method: Option<Allocation>,
    /// ISO 8601 (default now)
    starts_at: Option<String>,
    ends_at: Option<String>,
    #[schemars(extend("default" = false))]
    once_per_customer: Option<bool>,
    /// Total uses allowed
    usage_limit: Option<Int>,
    /// The code customers enter (default the title)
    code: Option<String>,
    /// Products (numeric ids or gids) the discount applies to
    entitled_product_ids: Option<Vec<String>>,
    /// Collections (numeric ids or gids) the discount applies to
    entitled_collection_ids: Option<Vec<String>>,
}

/// `pct` percent as the fraction Shopify takes (`"15"` → 0.15), shifted in decimal so the
/// number sent is exactly the one written.
fn fraction(pct: &str) -> Result<f64, ToolError> {
    let (int, frac) = pct.split_once('.').unwrap_or((pct, ""));
    let int = int.trim_start_matches('0');
    let padded = format!("{:0>3}{frac}", int);
    let split = padded.len().saturating_sub(2 + frac.len());
    let (a, b) = (
        padded.get(..split).unwrap_or("0"),
        padded.get(split..).unwrap_or(""),
    );
    let text = format!("{}.{}", if a.is_empty() { "0" } else { a }, b);
    text.parse::<f64>()
        .map_err(|_| ToolError::invalid_input(format!("`value` {pct} is not a percentage.")))
}

async fn create_discount(ctx: Ctx, a: CreateDiscount) -> Result<Value, ToolError> {
    let raw = decimal(&a.value, "value")?;
    let value = raw.strip_prefix('-').unwrap_or(&raw).to_owned();
    let zero = value.trim_matches(|c| c == '0' || c == '.').is_empty();
    if zero {
        return Err(ToolError::invalid_input("`value` must not be 0."));
    }
    let mut d = Map::new();
    d.insert("title".into(), json!(a.title));
    d.insert(
        "code".into(),
        json!(a.code.clone().unwrap_or_else(|| a.title.clone())),
    );
    d.insert(
        "startsAt".into(),
        json!(
            a.starts_at
                .clone()
                .unwrap_or_else(|| { chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string() })
        ),
    );
    insert_opt(&mut d, "endsAt", a.ends_at.as_ref());
    insert_opt(&mut d, "appliesOncePerCustomer", a.once_per_customer);
    insert_opt(&mut d, "usageLimit", a.usage_limit.map(Int::get));
    d.insert("context".into(), json!({"all": "ALL"}));
    let (op, doc, field) = if a.target_type == TargetType::ShippingLine {
        if a.value_type != ValueType::Percentage || fraction(&value)? != 1.0 {
            return Err(ToolError::invalid_input(
                "a shipping discount code is free shipping: use value_type percentage with value 100 (Shopify's GraphQL API has no partial shipping code discount).",
            ));
        }
        d.insert("destination".into(), json!({"all": true}));
        (
            "DiscountCodeFreeShippingCreate",
            FREE_SHIPPING_CREATE,
            "discountCodeFreeShippingCreate",
        )
    } else {
        let v = match a.value_type {
            ValueType::Percentage => {
                let f = fraction(&value)?;
                if f > 1.0 {
                    return Err(ToolError::invalid_input(format!(
                        "`value` {value} is more than 100 percent."
                    )));
                }
                json!({ "percentage": f })
            }
            ValueType::FixedAmount => json!({"discountAmount": {
                "amount": value,
                "appliesOnEachItem": a.allocation_method == Some(Allocation::Each),
            }}),
        };
        let items = match a.target_selection {
            TargetSelection::All => json!({"all": true}),
            TargetSelection::Entitled => {
                let products = a
                    .entitled_product_ids
                    .iter()
                    .flatten()
                    .map(|p| gid("Product", p, "entitled_product_ids"))
                    .collect::<Result<Vec<_>, _>>()?;
                let collections = a
                    .entitled_collection_ids
                    .iter()
                    .flatten()
                    .map(|c| gid("Collection", c, "entitled_collection_ids"))
                    .collect::<Result<Vec<_>, _>>()?;
                match (products.is_empty(), collections.is_empty()) {
                    (false, true) => json!({"products": {"productsToAdd": products}}),
                    (true, false) => json!({"collections": {"add": collections}}),
                    _ => {
                        return Err(ToolError::invalid_input(
                            "target_selection `entitled` needs entitled_product_ids or entitled_collection_ids (not both).",
                        ));
                    }
                }
            }
        };
        d.insert("customerGets".into(), json!({"value": v, "items": items}));
        (
            "DiscountCodeBasicCreate",
            CODE_BASIC_CREATE,
            "discountCodeBasicCreate",
        )
    };
    let data = gql(&ctx, op, doc, json!({ "discount": d })).await?;
    let p = payload(&data, field)?;
    Ok(discount(created(p, field, "codeDiscountNode")?))
}
