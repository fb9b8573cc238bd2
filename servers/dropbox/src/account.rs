//! The signed-in account (`users/get_current_account`, `users/get_space_usage`; both take
//! no arguments, so their body is `null`).

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{read, tag};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "dropbox_get_current_account",
            "Get current account",
            Effect::Read,
            get_current_account,
        )
        .toolset("account"),
        tool(
            "dropbox_get_space_usage",
            "Get space usage",
            Effect::Read,
            get_space_usage,
        )
        .toolset("account"),
    ]
}

/// The account of the token: id, name, email, country, account type, team, root namespace.
#[derive(Deserialize, JsonSchema)]
pub struct NoArgs {}

async fn get_current_account(ctx: Ctx, _: NoArgs) -> Result<Value, ToolError> {
    let v = read(&ctx, "users/get_current_account", Value::Null).await?;
    let mut out = pick(
        &v,
        &[
            "account_id",
            "name=name.display_name",
            "email",
            "email_verified",
            "country",
            "locale",
            "disabled",
            "is_paired",
            "team=team.name",
            "team_member_id",
            "root_namespace_id=root_info.root_namespace_id",
            "home_namespace_id=root_info.home_namespace_id",
        ],
    );
    if let (Some(o), Some(t)) = (out.as_object_mut(), v.get("account_type").and_then(tag)) {
        o.insert("account_type".into(), json!(t));
    }
    Ok(out)
}

/// Space used and allocated, in bytes (for a team account, the team's allocation too).
#[derive(Deserialize, JsonSchema)]
pub struct SpaceUsage {}

async fn get_space_usage(ctx: Ctx, _: SpaceUsage) -> Result<Value, ToolError> {
    let v = read(&ctx, "users/get_space_usage", Value::Null).await?;
    let alloc = v.get("allocation").unwrap_or(&Value::Null);
    let mut out = json!({
        "used": v.get("used").cloned().unwrap_or(Value::Null),
        "allocation_type": tag(alloc),
        "allocated": alloc.get("allocated").cloned().unwrap_or(Value::Null),
    });
    if tag(alloc) == Some("team") {
        out["team_used"] = alloc.get("used").cloned().unwrap_or(Value::Null);
    }
    if let (Some(used), Some(total)) = (
        v.get("used").and_then(Value::as_f64),
        alloc.get("allocated").and_then(Value::as_f64),
    ) && total > 0.0
    {
        out["used_percent"] = json!((used / total * 1000.0).round() / 10.0);
    }
    Ok(out)
}
