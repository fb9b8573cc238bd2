//! The account: its details (`GET /Accounts/{Sid}.json`), balance (`GET /Balance.json`) and
//! usage records (`GET /Usage/Records[/Daily|/Monthly|/Yearly|/AllTime].json`).

use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;
use serde_json::json;

use crate::api;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "twilio_get_account_info",
            "Get the account",
            Effect::Read,
            account_info,
        )
        .toolset("account"),
        tool(
            "twilio_get_balance",
            "Get the balance",
            Effect::Read,
            balance,
        )
        .toolset("account"),
        tool(
            "twilio_get_usage_records",
            "Get usage records",
            Effect::Read,
            usage,
        )
        .toolset("account"),
    ]
}

/// The account of the credentials: sid, name, status (active, suspended, closed), type
/// (Trial, Full), parent account, dates.
#[derive(Deserialize, JsonSchema)]
pub struct AccountInfo {}

async fn account_info(ctx: Ctx, _a: AccountInfo) -> Result<Value, ToolError> {
    let v = api::get(&ctx, "", &[]).await?;
    Ok(api::account(&v))
}

/// The account's balance: a decimal string (e.g. "-0.05") and its currency.
#[derive(Deserialize, JsonSchema)]
pub struct Balance {}

async fn balance(ctx: Ctx, _a: Balance) -> Result<Value, ToolError> {
    let v = api::get(&ctx, "/Balance.json", &[]).await?;
    let amount = match v.get("balance") {
        Some(Value::String(s)) => Value::String(s.clone()),
        Some(Value::Number(n)) => Value::String(n.to_string()),
        _ => Value::Null,
    };
    Ok(json!({
        "account_sid": v.get("account_sid").cloned().unwrap_or(Value::Null),
        "balance": amount,
        "currency": v.get("currency").cloned().unwrap_or(Value::Null),
    }))
}

// Usage periods.
#[derive(Deserialize, JsonSchema, Clone, Copy, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Granularity {
    #[default]
    Daily,
    Monthly,
    Yearly,
    AllTime,
}

/// Usage and cost per category and period: category, description, period, count, usage and
/// its unit, price; and next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct Usage {
    /// Usage category, e.g. sms, calls, phonenumbers, totalprice
    category: Option<String>,
    /// YYYY-MM-DD (GMT), or an offset such as -30days
    start_date: Option<String>,
    end_date: Option<String>,
    /// One record per day, month or year, or one for all time
    #[schemars(extend("default" = "daily"))]
    granularity: Option<Granularity>,
    /// Page size
    #[schemars(extend("default" = 50, "minimum" = 1, "maximum" = 1000))]
    limit: Option<Count>,
    /// next_cursor of the previous page (it keeps the filters)
    cursor: Option<String>,
}

async fn usage(ctx: Ctx, a: Usage) -> Result<Value, ToolError> {
    let size = api::page_size(a.limit, 50)?;
    let path = match a.granularity.unwrap_or_default() {
        Granularity::Daily => "/Usage/Records/Daily.json",
        Granularity::Monthly => "/Usage/Records/Monthly.json",
        Granularity::Yearly => "/Usage/Records/Yearly.json",
        Granularity::AllTime => "/Usage/Records/AllTime.json",
    };
    let q = api::filters(&[
        ("Category", a.category.as_deref()),
        ("StartDate", a.start_date.as_deref()),
        ("EndDate", a.end_date.as_deref()),
    ]);
    api::list(
        &ctx,
        path,
        q,
        size,
        a.cursor.as_deref(),
        "usage_records",
        api::usage_record,
    )
    .await
}
