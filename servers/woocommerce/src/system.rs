//! System status and its tools: `/system_status`, `/system_status/tools`.

use crate::api::{self, Call};
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("system");
    vec![
        t(tool(
            "woo_system_status",
            "System status",
            Effect::Read,
            status,
        )),
        t(tool(
            "woo_system_tools_list",
            "List system tools",
            Effect::Read,
            tools_list,
        )),
        t(tool(
            "woo_system_tools_run",
            "Run system tool",
            Effect::Destructive,
            tools_run,
        )),
    ]
}

/// The store's system status (GET /system_status): environment, database, active_plugins,
/// theme, settings, security, pages.
#[derive(Deserialize, JsonSchema)]
pub struct Status {}

async fn status(ctx: Ctx, _a: Status) -> Result<Value, ToolError> {
    api::value(&ctx, Call::get("/system_status")).await
}

/// List the maintenance tools of system status (GET /system_status/tools): id, name,
/// action, description.
#[derive(Deserialize, JsonSchema)]
pub struct ToolsList {}

async fn tools_list(ctx: Ctx, _a: ToolsList) -> Result<Value, ToolError> {
    api::keyed(&ctx, Call::get("/system_status/tools"), "tools").await
}

crate::str_enum!(
    /// A system status tool.
    SystemTool {
        ClearTransients = "clear_transients",
        ClearExpiredTransients = "clear_expired_transients",
        ClearOrphanedVariations = "clear_orphaned_variations",
        AddOrderIndexes = "add_order_indexes",
        RecountTerms = "recount_terms",
        ResetRoles = "reset_roles",
        ClearSessions = "clear_sessions",
        ClearTemplateCache = "clear_template_cache",
        ClearSystemStatusThemeInfoCache = "clear_system_status_theme_info_cache",
    }
);

/// Run a maintenance tool (PUT /system_status/tools/<id> with `confirm: true`). Some cannot
/// be undone: reset_roles resets the shop roles, clear_sessions logs every customer out and
/// empties their carts. Returns the tool with `success` and `message`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToolsRun {
    tool_id: SystemTool,
}

async fn tools_run(ctx: Ctx, a: ToolsRun) -> Result<Value, ToolError> {
    api::value(
        &ctx,
        Call::put(
            format!("/system_status/tools/{}", a.tool_id),
            json!({"confirm": true}),
        ),
    )
    .await
}
