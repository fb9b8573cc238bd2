//! Public market data: spot prices and exchange rates (Coinbase App API v2,
//! `GET /v2/prices/{pair}/spot`, `GET /v2/exchange-rates`), and products and candles
//! (Coinbase Exchange, `GET /products/{id}`, `GET /products/{id}/candles`). No key needed.

use crate::api::{code_ok, data, pair, public_get, send};
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "coinbase_get_prices",
            "Get spot prices",
            Effect::Read,
            get_prices,
        )
        .toolset("market"),
        tool(
            "coinbase_get_current_exchange_rate",
            "Get exchange rates",
            Effect::Read,
            get_current_exchange_rate,
        )
        .toolset("market"),
        tool(
            "coinbase_get_historical_prices",
            "Get historical prices",
            Effect::Read,
            get_historical_prices,
        )
        .toolset("market"),
        tool(
            "coinbase_get_product_details",
            "Get product details",
            Effect::Read,
            get_product_details,
        )
        .toolset("market"),
    ]
}

/// Most symbols one call looks up (one request each).
const MAX_SYMBOLS: usize = 25;

fn symbols(list: &[String]) -> Result<&[String], ToolError> {
    if list.is_empty() || list.len() > MAX_SYMBOLS {
        return Err(ToolError::invalid_input(format!(
            "give 1 to {MAX_SYMBOLS} symbols (got {})",
            list.len()
        )));
    }
    Ok(list)
}

/// The items, or the first error when every symbol failed (a failure is never a result).
fn gathered(
    items: Vec<Value>,
    errors: Vec<Value>,
    first: Option<ToolError>,
) -> Result<Value, ToolError> {
    match first {
        Some(e) if items.is_empty() => Err(e),
        _ if errors.is_empty() => Ok(json!({ "items": items })),
        _ => Ok(json!({ "items": items, "errors": errors })),
    }
}

/// Current spot prices of currency pairs. Returns `items` of {symbol, amount (decimal
/// string), base, currency}; symbols that failed are listed in `errors`.
#[derive(Deserialize, JsonSchema)]
pub struct GetPrices {
    /// Currency pairs, e.g. ["BTC-USD", "ETH-EUR"] (at most 25)
    symbols: Vec<String>,
}

async fn get_prices(ctx: Ctx, a: GetPrices) -> Result<Value, ToolError> {
    let list = symbols(&a.symbols)?;
    let pairs = list
        .iter()
        .map(|s| pair(s, "symbols"))
        .collect::<Result<Vec<_>, _>>()?;
    let (mut items, mut errors, mut first) = (Vec::new(), Vec::new(), None);
    for p in pairs {
        match public_get(&ctx, &format!("/prices/{}/spot", seg(&p)), &[]).await {
            Ok(v) => {
                let mut o = pick(data(&v), &["amount", "base", "currency"]);
                if let Value::Object(m) = &mut o {
                    m.insert("symbol".into(), json!(p));
                }
                items.push(o);
            }
            Err(e) => {
                errors.push(json!({"symbol": p, "error": e.to_string()}));
                first.get_or_insert(e);
            }
        }
    }
    gathered(items, errors, first)
}

/// Exchange rates from Coinbase: for `BTC`, every rate of 1 BTC; for a pair `BTC-USD`, only
/// the USD rate. Returns `items` of {currency, rates} (decimal strings).
#[derive(Deserialize, JsonSchema)]
pub struct GetExchangeRate {
    /// Currency codes or pairs, e.g. ["BTC", "ETH-EUR"] (at most 25)
    symbols: Vec<String>,
}

async fn get_current_exchange_rate(ctx: Ctx, a: GetExchangeRate) -> Result<Value, ToolError> {
    let list = symbols(&a.symbols)?;
    let mut wanted = Vec::new();
    for s in list {
        let s = s.trim().to_ascii_uppercase();
        let (base, quote) = match s.split_once('-') {
            Some((b, q)) => (b.to_owned(), Some(q.to_owned())),
            None => (s.clone(), None),
        };
        if !code_ok(&base) || quote.as_deref().is_some_and(|q| !code_ok(q)) {
            return Err(ToolError::invalid_input(format!(
                "`symbols` must be currency codes (BTC) or pairs (BTC-USD), got {s:?}"
            )));
        }
        wanted.push((base, quote));
    }
    let (mut items, mut errors, mut first) = (Vec::new(), Vec::new(), None);
    for (base, quote) in wanted {
        match public_get(&ctx, "/exchange-rates", &[("currency", &base)]).await {
            Ok(v) => {
                let all = data(&v)
                    .get("rates")
                    .and_then(Value::as_object)
                    .cloned()
                    .unwrap_or_default();
                let rates: Map<String, Value> = match &quote {
                    Some(q) => all.into_iter().filter(|(k, _)| k == q).collect(),
                    None => all,
                };
                if let (Some(q), true) = (&quote, rates.is_empty()) {
                    errors.push(json!({"symbol": format!("{base}-{q}"), "error": format!("Coinbase has no {q} rate for {base}")}));
                    continue;
                }
                items.push(json!({"currency": data(&v).get("currency").cloned().unwrap_or(json!(base)), "rates": rates}));
            }
            Err(e) => {
                errors.push(json!({"symbol": base, "error": e.to_string()}));
                first.get_or_insert(e);
            }
        }
    }
    if items.is_empty() && first.is_none() {
        return Err(ToolError::invalid_input(format!(
            "Coinbase has none of the requested rates: {}",
            errors
                .iter()
                .filter_map(|e| e["error"].as_str())
                .collect::<Vec<_>>()
                .join("; ")
        )));
    }
    gathered(items, errors, first)
}

const GRANULARITIES: &[u64] = &[60, 300, 900, 3600, 21600, 86400];

/// Historical price candles of a product from Coinbase Exchange (at most 300 per call).
/// Returns `candles` of {time, low, high, open, close, volume}, newest first, prices as
/// decimal strings.
#[derive(Deserialize, JsonSchema)]
pub struct GetHistoricalPrices {
    /// Product (pair), e.g. BTC-USD
    symbol: String,
    /// ISO 8601, e.g. 2026-01-01T00:00:00Z
    start: String,
    /// ISO 8601
    end: String,
    /// Candle length in seconds: 60, 300, 900, 3600, 21600 or 86400
    #[schemars(extend("default" = 3600))]
    granularity: Option<Count>,
}

/// A JSON number as its decimal text (Exchange candles are numbers).
fn num_text(v: &Value) -> Value {
    match v {
        Value::Number(n) => Value::String(n.to_string()),
        other => other.clone(),
    }
}

fn candle(c: &Value) -> Option<Value> {
    let a = c.as_array()?;
    let time = a.first()?.as_i64()?;
    let iso = chrono::DateTime::from_timestamp(time, 0)?
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let f = |i: usize| a.get(i).map(num_text).unwrap_or(Value::Null);
    Some(
        json!({"time": iso, "low": f(1), "high": f(2), "open": f(3), "close": f(4), "volume": f(5)}),
    )
}

async fn get_historical_prices(ctx: Ctx, a: GetHistoricalPrices) -> Result<Value, ToolError> {
    let product = pair(&a.symbol, "symbol")?;
    let granularity = a.granularity.map_or(3600, Count::get);
    if !GRANULARITIES.contains(&granularity) {
        return Err(ToolError::invalid_input(format!(
            "granularity must be one of 60, 300, 900, 3600, 21600, 86400 seconds (got {granularity})"
        )));
    }
    for (k, v) in [("start", &a.start), ("end", &a.end)] {
        if chrono::DateTime::parse_from_rfc3339(v.trim()).is_err()
            && chrono::NaiveDate::parse_from_str(v.trim(), "%Y-%m-%d").is_err()
        {
            return Err(ToolError::invalid_input(format!(
                "`{k}` must be an ISO 8601 time such as 2026-01-01T00:00:00Z (got {v:?})"
            )));
        }
    }
    let req = ctx
        .api("exchange")?
        .request(Method::GET, &format!("/products/{}/candles", seg(&product)))
        .query("start", a.start.trim())
        .query("end", a.end.trim())
        .query("granularity", granularity);
    let v = send(&ctx, req).await?;
    let candles: Vec<Value> = v
        .as_array()
        .map(|a| a.iter().filter_map(candle).collect())
        .unwrap_or_default();
    Ok(json!({"symbol": product, "granularity": granularity, "candles": candles}))
}

/// A Coinbase Exchange product (trading pair): currencies, increments, minimum funds,
/// status and trading flags.
#[derive(Deserialize, JsonSchema)]
pub struct GetProductDetails {
    /// e.g. BTC-USD
    product_id: String,
}

async fn get_product_details(ctx: Ctx, a: GetProductDetails) -> Result<Value, ToolError> {
    let product = pair(&a.product_id, "product_id")?;
    let req = ctx
        .api("exchange")?
        .request(Method::GET, &format!("/products/{}", seg(&product)));
    let v = send(&ctx, req).await?;
    Ok(pick(
        &v,
        &[
            "id",
            "display_name",
            "base_currency",
            "quote_currency",
            "base_increment",
            "quote_increment",
            "min_market_funds",
            "status",
            "status_message",
            "trading_disabled",
            "cancel_only",
            "limit_only",
            "post_only",
            "auction_mode",
            "fx_stablecoin",
        ],
    ))
}
