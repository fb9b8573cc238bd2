//! Workspaces and organizations.

use crate::api::{self, Count, gid};
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "asana_get_workspaces",
            "Get workspaces",
            Effect::Read,
            get_workspaces,
        )
        .toolset("workspaces"),
        tool(
            "asana_get_workspace",
            "Get workspace",
            Effect::Read,
            get_workspace,
        )
        .toolset("workspaces"),
    ]
}

/// List the workspaces and organizations the user belongs to, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct GetWorkspaces {
    /// 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_page_token` of the previous page
    next_page_token: Option<String>,
}

async fn get_workspaces(ctx: Ctx, a: GetWorkspaces) -> Result<Value, ToolError> {
    api::list(
        &ctx,
        "/workspaces",
        Vec::new(),
        a.limit,
        a.next_page_token.as_deref(),
        "name,is_organization",
    )
    .await
}

/// Get one workspace: name, whether it is an organization, and its email domains.
#[derive(Deserialize, JsonSchema)]
pub struct GetWorkspace {
    workspace_id: String,
}

async fn get_workspace(ctx: Ctx, a: GetWorkspace) -> Result<Value, ToolError> {
    let id = gid(&a.workspace_id, "workspace_id")?;
    api::get(
        &ctx,
        &format!("/workspaces/{id}"),
        &[(
            "opt_fields",
            "name,is_organization,email_domains".to_owned(),
        )],
    )
    .await
}
