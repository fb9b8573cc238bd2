//! The account: `GET /ping` and `GET /` (account details).

use crate::api::{get, request};
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("mailchimp_ping", "Ping Mailchimp", Effect::Read, ping).toolset("account"),
        tool(
            "mailchimp_get_account_info",
            "Get account info",
            Effect::Read,
            get_account_info,
        )
        .toolset("account"),
    ]
}

/// Check that the credentials work and Mailchimp answers (`health_status`).
#[derive(Deserialize, JsonSchema)]
pub struct Ping {}

async fn ping(ctx: Ctx, _: Ping) -> Result<Value, ToolError> {
    let v: Value = request(&ctx, Method::GET, "/ping")?.send_json().await?;
    Ok(pick(&v, &["health_status"]))
}

/// The account: id, name, owner, e-mail, plan, role, time zone, member count and
/// industry stats.
#[derive(Deserialize, JsonSchema)]
pub struct GetAccountInfo {}

async fn get_account_info(ctx: Ctx, _: GetAccountInfo) -> Result<Value, ToolError> {
    let v: Value = get(&ctx, "/", "_links")?.send_json().await?;
    Ok(pick(
        &v,
        &[
            "account_id",
            "login_id",
            "account_name",
            "email",
            "first_name",
            "last_name",
            "username",
            "role",
            "member_since",
            "pricing_plan_type",
            "first_payment",
            "account_timezone",
            "account_industry",
            "contact",
            "pro_enabled",
            "last_login",
            "total_subscribers",
            "industry_stats",
        ],
    ))
}
