//! Prices from the chart endpoint (`/v8/finance/chart/{symbol}`): history, the price on a
//! date, dividends and splits.

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, ErrorKind, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, day, epoch, instant};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "get_historical_stock_prices",
            "Price history",
            Effect::Read,
            history,
        )
        .toolset("prices"),
        tool(
            "get_stock_price_by_date",
            "Price on a date",
            Effect::Read,
            by_date,
        )
        .toolset("prices"),
        tool(
            "get_stock_actions",
            "Dividends and splits",
            Effect::Read,
            actions,
        )
        .toolset("prices"),
    ]
}

const PERIODS: &[&str] = &[
    "1d", "5d", "1mo", "3mo", "6mo", "1y", "2y", "5y", "10y", "ytd", "max",
];
const INTERVALS: &[&str] = &[
    "1m", "2m", "5m", "15m", "30m", "60m", "90m", "1h", "1d", "5d", "1wk", "1mo", "3mo",
];
/// Most bars returned (the latest ones are kept).
const MAX_ROWS: usize = 1000;

/// Daily/weekly/intraday OHLCV bars of a ticker: date, open, high, low, close, volume.
/// `start_date`/`end_date` (end exclusive) replace `period`.
#[derive(Deserialize, JsonSchema)]
pub struct History {
    ticker: String,
    /// 1d, 5d, 1mo, 3mo, 6mo, 1y, 2y, 5y, 10y, ytd, max
    #[schemars(extend("default" = "1mo"))]
    period: Option<String>,
    /// 1m, 2m, 5m, 15m, 30m, 60m, 90m, 1h, 1d, 5d, 1wk, 1mo, 3mo (1m: last 7 days only)
    #[schemars(extend("default" = "1d"))]
    interval: Option<String>,
    /// YYYY-MM-DD
    start_date: Option<String>,
    /// YYYY-MM-DD
    end_date: Option<String>,
    /// Adjust open/high/low/close for splits and dividends; false adds `adj_close`
    #[schemars(extend("default" = true))]
    auto_adjust: Option<bool>,
}

fn one_of(v: &str, allowed: &[&str], name: &str) -> Result<String, ToolError> {
    let v = v.trim().to_ascii_lowercase();
    if allowed.contains(&v.as_str()) {
        Ok(v)
    } else {
        Err(ToolError::invalid_input(format!(
            "`{name}` must be one of {}, not `{v}`.",
            allowed.join(", ")
        )))
    }
}

/// The end of today (UTC), as yfinance asks for open-ended ranges.
fn end_of_today() -> i64 {
    (chrono::Utc::now().timestamp() / 86_400 + 1) * 86_400
}

async fn chart(ctx: &Ctx, symbol: &str, query: Vec<(&str, String)>) -> Result<Value, ToolError> {
    let v = api::get_json(ctx, &format!("/v8/finance/chart/{}", seg(symbol)), &query).await?;
    Ok(api::first_result(&v, "chart", symbol)?.clone())
}

fn round(x: f64) -> Value {
    json!((x * 10_000.0).round() / 10_000.0)
}

/// The chart's bars as rows (null bars, which Yahoo sends for halts, left out).
fn rows(r: &Value, auto_adjust: bool) -> Vec<Value> {
    let intraday = at(r, "meta.dataGranularity")
        .and_then(Value::as_str)
        .is_some_and(|g| g.ends_with('m') && !g.ends_with("mo") || g.ends_with('h'));
    let offset = at(r, "meta.gmtoffset").and_then(Value::as_i64).unwrap_or(0);
    let ts = at(r, "timestamp")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let q = at(r, "indicators.quote.0").cloned().unwrap_or(Value::Null);
    let adj = at(r, "indicators.adjclose.0.adjclose")
        .cloned()
        .unwrap_or(Value::Null);
    let col =
        |v: &Value, k: &str, i: usize| v.get(k).and_then(|a| a.get(i)).and_then(Value::as_f64);
    let mut out = Vec::new();
    for (i, t) in ts.iter().enumerate() {
        let Some(t) = t.as_i64() else { continue };
        let (Some(o), Some(h), Some(l), Some(c)) = (
            col(&q, "open", i),
            col(&q, "high", i),
            col(&q, "low", i),
            col(&q, "close", i),
        ) else {
            continue;
        };
        let a = adj.get(i).and_then(Value::as_f64);
        let ratio = match (auto_adjust, a) {
            (true, Some(a)) if c != 0.0 => a / c,
            _ => 1.0,
        };
        let mut row = Map::new();
        let date = if intraday {
            instant(t)
        } else {
            day(t + offset)
        };
        row.insert("date".into(), json!(date));
        row.insert("open".into(), round(o * ratio));
        row.insert("high".into(), round(h * ratio));
        row.insert("low".into(), round(l * ratio));
        row.insert("close".into(), round(c * ratio));
        if !auto_adjust && let Some(a) = a {
            row.insert("adj_close".into(), round(a));
        }
        if let Some(v) = q
            .get("volume")
            .and_then(|a| a.get(i))
            .and_then(Value::as_i64)
        {
            row.insert("volume".into(), json!(v));
        }
        out.push(Value::Object(row));
    }
    out
}

fn meta(r: &Value) -> Value {
    mcp_shared::json::pick(
        r,
        &[
            "symbol=meta.symbol",
            "currency=meta.currency",
            "exchange=meta.exchangeName",
        ],
    )
}

async fn history(ctx: Ctx, a: History) -> Result<Value, ToolError> {
    let symbol = api::ticker(&a.ticker)?;
    let interval = one_of(a.interval.as_deref().unwrap_or("1d"), INTERVALS, "interval")?;
    let mut q: Vec<(&str, String)> = Vec::new();
    match (&a.start_date, &a.end_date) {
        (None, None) => {
            let period = one_of(a.period.as_deref().unwrap_or("1mo"), PERIODS, "period")?;
            q.push(("range", period));
        }
        (start, end) => {
            let p1 = match start {
                Some(s) => epoch(api::date(s, "start_date")?),
                None => 0,
            };
            let p2 = match end {
                Some(e) => epoch(api::date(e, "end_date")?),
                None => end_of_today(),
            };
            if p2 <= p1 {
                return Err(ToolError::invalid_input(
                    "`end_date` must be after `start_date` (the end is exclusive).",
                ));
            }
            q.push(("period1", p1.to_string()));
            q.push(("period2", p2.to_string()));
        }
    }
    q.push(("interval", interval));
    q.push(("includePrePost", "false".into()));
    q.push(("events", "div,splits,capitalGains".into()));
    let r = chart(&ctx, &symbol, q).await?;
    let mut bars = rows(&r, a.auto_adjust.unwrap_or(true));
    let mut out = meta(&r);
    if bars.len() > MAX_ROWS {
        let cut = bars.len() - MAX_ROWS;
        bars.drain(..cut);
        out["note"] = json!(format!(
            "{cut} earlier bars left out: narrow the range or use a longer interval."
        ));
    }
    out["prices"] = Value::Array(bars);
    Ok(out)
}

/// The open/high/low/close/volume of a ticker on one trading day; with `find_nearest`, the
/// nearest trading day within a week when that day had no trading.
#[derive(Deserialize, JsonSchema)]
pub struct ByDate {
    ticker: String,
    /// YYYY-MM-DD
    date: String,
    #[schemars(extend("default" = true))]
    find_nearest: Option<bool>,
    #[schemars(extend("default" = true))]
    auto_adjust: Option<bool>,
}

async fn by_date(ctx: Ctx, a: ByDate) -> Result<Value, ToolError> {
    let symbol = api::ticker(&a.ticker)?;
    let d = api::date(&a.date, "date")?;
    let t = epoch(d);
    let week = 7 * 86_400;
    let q = vec![
        ("period1", (t - week).to_string()),
        ("period2", (t + week + 86_400).to_string()),
        ("interval", "1d".to_owned()),
        ("includePrePost", "false".to_owned()),
        ("events", "div,splits,capitalGains".to_owned()),
    ];
    let r = chart(&ctx, &symbol, q).await?;
    let bars = rows(&r, a.auto_adjust.unwrap_or(true));
    let want = d.format("%Y-%m-%d").to_string();
    let exact = bars.iter().find(|b| b["date"] == want.as_str());
    let found = match exact {
        Some(b) => Some(b.clone()),
        None if a.find_nearest.unwrap_or(true) => bars
            .iter()
            .filter_map(|b| {
                let bd = api::date(b["date"].as_str()?, "date").ok()?;
                Some(((bd - d).num_days().abs(), b))
            })
            .min_by_key(|(dist, _)| *dist)
            .map(|(_, b)| b.clone()),
        None => None,
    };
    let Some(bar) = found else {
        return Err(ToolError::new(
            ErrorKind::Upstream,
            format!("{symbol} did not trade on {want}."),
        )
        .with_status(404)
        .with_hint("pick a trading day, or set find_nearest to true."));
    };
    let mut out = meta(&r);
    out["requested_date"] = json!(want);
    out["exact"] = json!(bar["date"] == want.as_str());
    if let (Some(o), Some(b)) = (out.as_object_mut(), bar.as_object()) {
        o.extend(b.clone());
    }
    Ok(out)
}

/// All dividends and stock splits of a ticker, oldest first.
#[derive(Deserialize, JsonSchema)]
pub struct Actions {
    ticker: String,
}

async fn actions(ctx: Ctx, a: Actions) -> Result<Value, ToolError> {
    let symbol = api::ticker(&a.ticker)?;
    let q = vec![
        ("range", "max".to_owned()),
        ("interval", "1d".to_owned()),
        ("includePrePost", "false".to_owned()),
        ("events", "div,splits,capitalGains".to_owned()),
    ];
    let r = chart(&ctx, &symbol, q).await?;
    let offset = at(&r, "meta.gmtoffset")
        .and_then(Value::as_i64)
        .unwrap_or(0);
    let mut events: Vec<(i64, Value)> = Vec::new();
    for d in at(&r, "events.dividends")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|m| m.values())
    {
        if let (Some(t), Some(amt)) = (d["date"].as_i64(), d["amount"].as_f64()) {
            events.push((t, json!({"date": day(t + offset), "dividend": amt})));
        }
    }
    for s in at(&r, "events.splits")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|m| m.values())
    {
        if let Some(t) = s["date"].as_i64() {
            let ratio = s["splitRatio"]
                .as_str()
                .map(str::to_owned)
                .unwrap_or_else(|| format!("{}:{}", s["numerator"], s["denominator"]));
            events.push((t, json!({"date": day(t + offset), "split": ratio})));
        }
    }
    events.sort_by_key(|(t, _)| *t);
    let mut out = meta(&r);
    out["actions"] = Value::Array(events.into_iter().map(|(_, v)| v).collect());
    Ok(out)
}
