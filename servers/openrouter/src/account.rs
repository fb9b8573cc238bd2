//! The account: `GET /key` (the key's limits and usage), `GET /credits`, `GET /activity`
//! (the last 30 days' usage by day and model) and `GET /generation` (one request's stats).

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::non_empty;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("openrouter_get_usage", "Get usage", Effect::Read, get_usage).toolset("account"),
        tool(
            "openrouter_get_user_profile",
            "Get the key's owner",
            Effect::Read,
            get_user_profile,
        )
        .toolset("account"),
        tool(
            "openrouter_get_credits",
            "Get credits",
            Effect::Read,
            get_credits,
        )
        .toolset("account"),
        tool(
            "openrouter_get_api_key_info",
            "Get API key info",
            Effect::Read,
            get_api_key_info,
        )
        .toolset("account"),
        tool(
            "openrouter_get_generation",
            "Get generation stats",
            Effect::Read,
            get_generation,
        )
        .toolset("account"),
    ]
}

fn date(s: &Option<String>, what: &str) -> Result<Option<String>, ToolError> {
    let Some(s) = s.as_deref().map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    let b = s.as_bytes();
    let ok = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a UTC date YYYY-MM-DD (got `{s}`)"
        )));
    }
    Ok(Some(s.to_owned()))
}

/// Usage of the last 30 completed UTC days (OpenRouter keeps no more), by day, model and
/// provider: `totals` (usage in USD, requests, tokens) and the newest `rows`. Needs a
/// management key.
#[derive(Deserialize, JsonSchema)]
pub struct GetUsage {
    /// YYYY-MM-DD, inclusive
    #[schemars(length(max = 10))]
    start_date: Option<String>,
    /// YYYY-MM-DD, inclusive
    #[schemars(length(max = 10))]
    end_date: Option<String>,
    /// Rows to return, default 50
    #[schemars(range(min = 1, max = 1000))]
    limit: Option<u32>,
}

async fn get_usage(ctx: Ctx, a: GetUsage) -> Result<Value, ToolError> {
    let start = date(&a.start_date, "start_date")?;
    let end = date(&a.end_date, "end_date")?;
    if let (Some(s), Some(e)) = (&start, &end)
        && s > e
    {
        return Err(ToolError::invalid_input("`start_date` is after `end_date`"));
    }
    let limit = a.limit.unwrap_or(50).clamp(1, 1000) as usize;
    // One day is OpenRouter's own filter; a range is filtered here.
    let single = match (&start, &end) {
        (Some(s), Some(e)) if s == e => Some(s.clone()),
        _ => None,
    };
    let v: Value = ctx
        .authorized(Method::GET, "/activity")?
        .query_opt("date", single)
        .send_json()
        .await?;
    let mut rows: Vec<&Value> = at(&v, "data")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|r| {
            let d = at(r, "date").and_then(Value::as_str).unwrap_or("");
            start.as_deref().is_none_or(|s| d >= s) && end.as_deref().is_none_or(|e| d <= e)
        })
        .collect();
    rows.sort_by(|x, y| {
        let d = |r: &Value| {
            at(r, "date")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned()
        };
        d(y).cmp(&d(x))
    });
    let sum = |k: &str| -> f64 { rows.iter().filter_map(|r| at(r, k)?.as_f64()).sum() };
    let totals = json!({
        "usage": (sum("usage") * 1e9).round() / 1e9,
        "requests": sum("requests") as u64,
        "prompt_tokens": sum("prompt_tokens") as u64,
        "completion_tokens": sum("completion_tokens") as u64,
        "reasoning_tokens": sum("reasoning_tokens") as u64,
    });
    let out_rows: Vec<Value> = rows
        .iter()
        .take(limit)
        .map(|r| {
            pick(
                r,
                &[
                    "date",
                    "model",
                    "provider_name",
                    "requests",
                    "usage",
                    "prompt_tokens",
                    "completion_tokens",
                    "reasoning_tokens",
                ],
            )
        })
        .collect();
    let mut out = json!({"totals": totals, "rows": out_rows});
    if rows.len() > limit {
        out["truncated"] = json!(format!(
            "{} of {} rows shown; raise `limit` or narrow the dates",
            limit,
            rows.len()
        ));
    }
    Ok(out)
}

/// Who the API key belongs to and what kind it is: label, creator_user_id, free tier,
/// management key, expiry. (OpenRouter has no user profile endpoint; this reads `/key`.)
#[derive(Deserialize, JsonSchema)]
pub struct GetUserProfile {}

async fn get_user_profile(ctx: Ctx, _a: GetUserProfile) -> Result<Value, ToolError> {
    let v: Value = ctx.authorized(Method::GET, "/key")?.send_json().await?;
    Ok(pick(
        &v,
        &[
            "label=data.label",
            "creator_user_id=data.creator_user_id",
            "is_free_tier=data.is_free_tier",
            "is_management_key=data.is_management_key",
            "expires_at=data.expires_at",
        ],
    ))
}

/// The account's credits in USD: total_credits, total_usage, remaining. Needs a management
/// key; openrouter_get_api_key_info gives a normal key's own limit.
#[derive(Deserialize, JsonSchema)]
pub struct GetCredits {}

async fn get_credits(ctx: Ctx, _a: GetCredits) -> Result<Value, ToolError> {
    let v: Value = ctx.authorized(Method::GET, "/credits")?.send_json().await?;
    let total = at(&v, "data.total_credits").and_then(Value::as_f64);
    let used = at(&v, "data.total_usage").and_then(Value::as_f64);
    let mut out = json!({"total_credits": total, "total_usage": used});
    if let (Some(t), Some(u)) = (total, used) {
        out["remaining"] = json!(((t - u) * 1e6).round() / 1e6);
    }
    Ok(out)
}

/// The API key's spending limit and usage in USD (`limit` null: unlimited), its reset
/// period, usage today/this week/this month, BYOK usage and expiry.
#[derive(Deserialize, JsonSchema)]
pub struct GetApiKeyInfo {}

async fn get_api_key_info(ctx: Ctx, _a: GetApiKeyInfo) -> Result<Value, ToolError> {
    let v: Value = ctx.authorized(Method::GET, "/key")?.send_json().await?;
    let d = at(&v, "data").cloned().unwrap_or(Value::Null);
    let mut out = pick(
        &d,
        &[
            "label",
            "limit",
            "limit_remaining",
            "limit_reset",
            "usage",
            "usage_daily",
            "usage_weekly",
            "usage_monthly",
            "byok_usage",
            "include_byok_in_limit",
            "is_free_tier",
            "expires_at",
        ],
    );
    if d.get("limit").is_some_and(Value::is_null) {
        out["limit"] = Value::Null;
    }
    Ok(out)
}

/// Stats of one generation by the `id` a completion returned: model, provider, tokens,
/// cost in USD, latency and generation time (ms), finish reason. Available shortly after
/// the request ends.
#[derive(Deserialize, JsonSchema)]
pub struct GetGeneration {
    /// e.g. `gen-3bhGkxlo4XFrqiabUM7NDtwDzWwG`
    #[schemars(length(max = 200))]
    id: String,
}

async fn get_generation(ctx: Ctx, a: GetGeneration) -> Result<Value, ToolError> {
    let id = non_empty(&a.id, "id")?;
    let v: Value = ctx
        .authorized(Method::GET, "/generation")?
        .query("id", id)
        .send_json()
        .await?;
    Ok(pick(
        &v,
        &[
            "id=data.id",
            "model=data.model",
            "provider_name=data.provider_name",
            "created_at=data.created_at",
            "tokens_prompt=data.tokens_prompt",
            "tokens_completion=data.tokens_completion",
            "native_tokens_reasoning=data.native_tokens_reasoning",
            "native_tokens_cached=data.native_tokens_cached",
            "total_cost=data.total_cost",
            "latency_ms=data.latency",
            "generation_time_ms=data.generation_time",
            "finish_reason=data.finish_reason",
            "streamed=data.streamed",
            "cancelled=data.cancelled",
        ],
    ))
}
