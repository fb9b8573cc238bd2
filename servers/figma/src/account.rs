//! The token's user: `GET /v1/me`.

use crate::api::{request, user};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "figma_test_connection",
            "Test connection",
            Effect::Read,
            test_connection,
        )
        .toolset("account"),
        tool(
            "figma_get_current_user",
            "Get current user",
            Effect::Read,
            get_current_user,
        )
        .toolset("account"),
    ]
}

/// Check that the token works: returns `ok` and the user it acts as.
#[derive(Deserialize, JsonSchema)]
pub struct TestConnection {}

async fn test_connection(ctx: Ctx, _a: TestConnection) -> Result<Value, ToolError> {
    let v: Value = request(&ctx, Method::GET, "/v1/me")?.send_json().await?;
    Ok(json!({ "ok": true, "user": user(&v) }))
}

/// The user the token acts as: id, handle, email, avatar URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetCurrentUser {}

async fn get_current_user(ctx: Ctx, _a: GetCurrentUser) -> Result<Value, ToolError> {
    let v: Value = request(&ctx, Method::GET, "/v1/me")?.send_json().await?;
    Ok(mcp_shared::json::pick(
        &v,
        &["id", "handle", "email", "img_url"],
    ))
}
