//! The account: `GET /v3/users/me` (v3's successor of `/v2/user/remaining_quota`).

use crate::api::data;
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "heygen_get_remaining_credits",
            "Get remaining credits",
            Effect::Read,
            get_remaining_credits,
        )
        .toolset("account"),
    ]
}

/// Get what the account has left to spend: `billing_type` (wallet, subscription or
/// usage_based) and that billing's balance (wallet balance, subscription credits and their
/// reset dates, or usage-based credits and spending cap), with the account's username and email.
#[derive(Deserialize, JsonSchema)]
pub struct GetRemainingCredits {}

async fn get_remaining_credits(ctx: Ctx, _a: GetRemainingCredits) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/v3/users/me")?
        .send_json()
        .await?;
    Ok(pick(
        data(&v),
        &[
            "billing_type",
            "wallet",
            "subscription",
            "usage_based",
            "username",
            "email",
        ],
    ))
}
