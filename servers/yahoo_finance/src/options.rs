//! Options (`/v7/finance/options/{symbol}`): expiration dates and one expiration's chain.

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, ErrorKind, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, day, epoch, pick_raw};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "get_option_expiration_dates",
            "Option expiration dates",
            Effect::Read,
            expirations,
        )
        .toolset("options"),
        tool("get_option_chain", "Option chain", Effect::Read, chain).toolset("options"),
    ]
}

/// The expiration dates (YYYY-MM-DD) of a ticker's listed options.
#[derive(Deserialize, JsonSchema)]
pub struct Expirations {
    ticker: String,
}

async fn options(ctx: &Ctx, symbol: &str, date: Option<i64>) -> Result<Value, ToolError> {
    let q: Vec<(&str, String)> = date.map(|d| ("date", d.to_string())).into_iter().collect();
    let v = api::get_json(ctx, &format!("/v7/finance/options/{}", seg(symbol)), &q).await?;
    Ok(api::first_result(&v, "optionChain", symbol)?.clone())
}

async fn expirations(ctx: Ctx, a: Expirations) -> Result<Value, ToolError> {
    let symbol = api::ticker(&a.ticker)?;
    let r = options(&ctx, &symbol, None).await?;
    let dates: Vec<String> = r
        .get("expirationDates")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_i64)
        .map(day)
        .collect();
    Ok(json!({ "ticker": symbol, "expiration_dates": dates }))
}

/// The calls or puts of one expiration: contract, strike, last/bid/ask, change, volume, open
/// interest, implied volatility, in the money.
#[derive(Deserialize, JsonSchema)]
pub struct Chain {
    ticker: String,
    /// YYYY-MM-DD, one of get_option_expiration_dates
    expiration_date: String,
    /// calls or puts
    option_type: String,
}

async fn chain(ctx: Ctx, a: Chain) -> Result<Value, ToolError> {
    let symbol = api::ticker(&a.ticker)?;
    let d = api::date(&a.expiration_date, "expiration_date")?;
    let side = match a.option_type.trim().to_ascii_lowercase().as_str() {
        "calls" | "call" => "calls",
        "puts" | "put" => "puts",
        _ => {
            return Err(ToolError::invalid_input(format!(
                "`option_type` must be calls or puts, not `{}`.",
                a.option_type
            )));
        }
    };
    let r = options(&ctx, &symbol, Some(epoch(d))).await?;
    let Some(opts) = at(&r, "options.0").filter(|o| o.get(side).is_some()) else {
        return Err(ToolError::new(
            ErrorKind::Upstream,
            format!(
                "{symbol} has no options expiring on {}.",
                a.expiration_date.trim()
            ),
        )
        .with_status(404)
        .with_hint("list the dates with get_option_expiration_dates."));
    };
    let rows: Vec<Value> = opts[side]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            let mut o = pick_raw(
                c,
                &[
                    "contractSymbol",
                    "strike",
                    "lastPrice",
                    "bid",
                    "ask",
                    "change",
                    "percentChange",
                    "volume",
                    "openInterest",
                    "impliedVolatility",
                    "inTheMoney",
                ],
            );
            if let Some(t) = c
                .get("lastTradeDate")
                .map(api::raw)
                .and_then(|t| t.as_i64())
            {
                o.insert("lastTradeDate".into(), json!(day(t)));
            }
            Value::Object(o)
        })
        .collect();
    let mut out = json!({
        "ticker": symbol,
        "expiration_date": d.format("%Y-%m-%d").to_string(),
        "option_type": side,
        "contracts": rows,
    });
    if let Some(p) = at(&r, "quote.regularMarketPrice") {
        out["underlying_price"] = api::raw(p);
    }
    Ok(out)
}
