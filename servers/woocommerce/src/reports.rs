//! Reports: `/reports/sales`, `/reports/top_sellers`, `/reports/{customers,orders,products}/totals`,
//! and stock reports read from `/products` (WooCommerce's v3 API has no stock report route).

use crate::api::{self, Call};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("reports");
    vec![
        t(tool(
            "woo_reports_sales",
            "Sales report",
            Effect::Read,
            sales,
        )),
        t(tool(
            "woo_reports_top_sellers",
            "Top sellers report",
            Effect::Read,
            top_sellers,
        )),
        t(tool(
            "woo_reports_customers",
            "Customer totals",
            Effect::Read,
            customers,
        )),
        t(tool(
            "woo_reports_orders",
            "Order totals",
            Effect::Read,
            orders,
        )),
        t(tool(
            "woo_reports_products",
            "Product totals",
            Effect::Read,
            products,
        )),
        t(tool(
            "woo_reports_stock",
            "Stock report",
            Effect::Read,
            stock,
        )),
        t(tool(
            "woo_reports_low_stock",
            "Low stock report",
            Effect::Read,
            low_stock,
        )),
    ]
}

crate::str_enum!(
    /// Report period.
    Period { Week = "week", Month = "month", LastMonth = "last_month", Year = "year" }
);

fn date(v: Option<String>, what: &str) -> Result<Option<String>, ToolError> {
    let Some(v) = v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    let b = v.as_bytes();
    let ok = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            _ => c.is_ascii_digit(),
        });
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a date as YYYY-MM-DD, got `{v}`"
        )));
    }
    Ok(Some(v))
}

fn window(
    call: Call,
    period: Option<Period>,
    min: Option<String>,
    max: Option<String>,
) -> Result<Call, ToolError> {
    let min = date(min, "dateMin")?;
    let max = date(max, "dateMax")?;
    Ok(call
        .q_opt("period", period)
        .q_opt("date_min", min)
        .q_opt("date_max", max))
}

/// Sales report (GET /reports/sales) for a `period` or a `dateMin`..`dateMax` window
/// (YYYY-MM-DD): total_sales, net_sales, average_sales, total_orders, total_items, total_tax,
/// total_shipping, total_refunds, total_discount, totals by day or month.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Window {
    period: Option<Period>,
    /// Start date, YYYY-MM-DD
    date_min: Option<String>,
    /// End date, YYYY-MM-DD
    date_max: Option<String>,
}

async fn sales(ctx: Ctx, a: Window) -> Result<Value, ToolError> {
    let call = window(
        Call::get("/reports/sales"),
        a.period,
        a.date_min,
        a.date_max,
    )?;
    let v = api::value(&ctx, call).await?;
    // WooCommerce answers a one-element list.
    Ok(match v {
        Value::Array(mut items) if items.len() == 1 => items.remove(0),
        other => other,
    })
}

/// A report's rows paged here (WooCommerce returns them all at once).
fn paged(
    rows: Value,
    key: &str,
    page: Option<Count>,
    per_page: Option<Count>,
) -> Result<Value, ToolError> {
    let rows = match rows {
        Value::Array(r) => r,
        other => vec![other],
    };
    let mut out = Map::new();
    if page.is_none() && per_page.is_none() {
        out.insert(key.to_owned(), Value::Array(rows));
        return Ok(Value::Object(out));
    }
    let page = page.map_or(1, Count::get);
    if page == 0 {
        return Err(ToolError::invalid_input("`page` starts at 1"));
    }
    let size = per_page.map_or(10, Count::get);
    if !(1..=100).contains(&size) {
        return Err(ToolError::invalid_input(format!(
            "`perPage` must be 1 to 100, got {size}"
        )));
    }
    let total = rows.len() as u64;
    let pages = total.div_ceil(size);
    let start = usize::try_from((page - 1).saturating_mul(size)).unwrap_or(usize::MAX);
    let slice: Vec<Value> = rows.into_iter().skip(start).take(size as usize).collect();
    out.insert(key.to_owned(), Value::Array(slice));
    out.insert("page".into(), json!(page));
    out.insert("per_page".into(), json!(size));
    out.insert("total".into(), json!(total));
    out.insert("total_pages".into(), json!(pages));
    if page < pages {
        out.insert("next_page".into(), json!(page + 1));
    }
    Ok(Value::Object(out))
}

/// Best sellers (GET /reports/top_sellers) for a `period` (default: the week) or a
/// `dateMin`..`dateMax` window: rows of title, product_id, quantity. `perPage`/`page` page
/// the rows here.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopSellers {
    period: Option<Period>,
    /// Start date, YYYY-MM-DD
    date_min: Option<String>,
    /// End date, YYYY-MM-DD
    date_max: Option<String>,
    /// Rows per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
}

async fn top_sellers(ctx: Ctx, a: TopSellers) -> Result<Value, ToolError> {
    let call = window(
        Call::get("/reports/top_sellers"),
        a.period,
        a.date_min,
        a.date_max,
    )?;
    let rows = api::value(&ctx, call).await?;
    paged(rows, "top_sellers", a.page, a.per_page)
}

const ALL_TIME: &str = "WooCommerce's totals reports count everything in the store; they take no period or dates, so those were not applied.";

/// A totals report (all time) as `totals`, paged here; with a `note` when a period or dates
/// were asked for (`asked`), since they are not applied.
async fn totals(
    ctx: &Ctx,
    path: &str,
    page: Option<Count>,
    per_page: Option<Count>,
    asked: bool,
) -> Result<Value, ToolError> {
    let rows = api::value(ctx, Call::get(path)).await?;
    let mut out = paged(rows, "totals", page, per_page)?;
    if asked && let Value::Object(m) = &mut out {
        m.insert("note".into(), json!(ALL_TIME));
    }
    Ok(out)
}

/// Customer totals (GET /reports/customers/totals): rows of slug (paying, non_paying), name,
/// total. The report covers all time: `period` and dates are not applied.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomersTotals {
    period: Option<Period>,
    /// Not applied (all time)
    date_min: Option<String>,
    /// Not applied (all time)
    date_max: Option<String>,
}

async fn customers(ctx: Ctx, a: CustomersTotals) -> Result<Value, ToolError> {
    let asked = a.period.is_some() || a.date_min.is_some() || a.date_max.is_some();
    totals(&ctx, "/reports/customers/totals", None, None, asked).await
}

/// Order totals by status (GET /reports/orders/totals): rows of slug, name, total. The report
/// covers all time: `period` and dates are not applied.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrdersTotals {
    period: Option<Period>,
    /// Not applied (all time)
    date_min: Option<String>,
    /// Not applied (all time)
    date_max: Option<String>,
}

async fn orders(ctx: Ctx, a: OrdersTotals) -> Result<Value, ToolError> {
    let asked = a.period.is_some() || a.date_min.is_some() || a.date_max.is_some();
    totals(&ctx, "/reports/orders/totals", None, None, asked).await
}

/// Product totals by type (GET /reports/products/totals): rows of slug, name, total; paged
/// here with `perPage`/`page`. The report covers all time: `period` and dates are not
/// applied.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductsTotals {
    period: Option<Period>,
    /// Not applied (all time)
    date_min: Option<String>,
    /// Not applied (all time)
    date_max: Option<String>,
    /// Rows per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
}

async fn products(ctx: Ctx, a: ProductsTotals) -> Result<Value, ToolError> {
    let asked = a.period.is_some() || a.date_min.is_some() || a.date_max.is_some();
    totals(&ctx, "/reports/products/totals", a.page, a.per_page, asked).await
}

fn stock_row(p: &Value) -> Value {
    mcp_shared::json::pick(
        p,
        &[
            "id",
            "name",
            "sku",
            "type",
            "status",
            "manage_stock",
            "stock_quantity",
            "stock_status",
            "low_stock_amount",
            "backorders",
        ],
    )
}

/// Stock levels of the store's products (GET /products, a page at a time): id, name, sku,
/// type, manage_stock, stock_quantity, stock_status, low_stock_amount. Returns `products`,
/// `page`, `per_page`, `total`, `total_pages` and `next_page`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stock {
    /// Products per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
}

async fn stock(ctx: Ctx, a: Stock) -> Result<Value, ToolError> {
    let mut out = api::list(&ctx, Call::get("/products"), "products", a.page, a.per_page).await?;
    if let Some(Value::Array(items)) = out.get_mut("products") {
        *items = items.iter().map(stock_row).collect();
    }
    Ok(out)
}

/// Products low in stock, on one page of the store's products (GET /products, and the store's
/// threshold from GET /settings/products/woocommerce_notify_low_stock_amount): products that
/// manage stock with a quantity at or under their own `low_stock_amount` or the store's
/// threshold. Returns `low_stock`, `threshold`, and the page's `page`, `per_page`, `total`,
/// `total_pages`, `next_page` (read every page to see all).
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LowStock {
    /// Products per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
}

async fn low_stock(ctx: Ctx, a: LowStock) -> Result<Value, ToolError> {
    let setting = api::value(
        &ctx,
        Call::get("/settings/products/woocommerce_notify_low_stock_amount"),
    )
    .await?;
    let threshold = match setting.get("value") {
        Some(Value::String(s)) => s.trim().parse::<i64>().ok(),
        Some(Value::Number(n)) => n.as_i64(),
        _ => None,
    }
    .unwrap_or(2);
    let mut out = api::list(&ctx, Call::get("/products"), "products", a.page, a.per_page).await?;
    let items = match out.as_object_mut().and_then(|m| m.remove("products")) {
        Some(Value::Array(items)) => items,
        _ => Vec::new(),
    };
    let low: Vec<Value> = items
        .iter()
        .filter(|p| p.get("manage_stock").and_then(Value::as_bool) == Some(true))
        .filter(|p| {
            let limit = p
                .get("low_stock_amount")
                .and_then(Value::as_i64)
                .unwrap_or(threshold);
            p.get("stock_quantity")
                .and_then(Value::as_i64)
                .is_some_and(|q| q <= limit)
        })
        .map(stock_row)
        .collect();
    if let Value::Object(m) = &mut out {
        m.insert("low_stock".into(), Value::Array(low));
        m.insert("threshold".into(), json!(threshold));
    }
    Ok(out)
}
