//! Edge functions (`/v1/projects/{ref}/functions`).

use mcp_shared::json::{map_array, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::project_path;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "supabase_list_edge_functions",
            "List edge functions",
            Effect::Read,
            list_edge_functions,
        )
        .toolset("functions")
        .official_name("list_edge_functions"),
        tool(
            "supabase_get_edge_function",
            "Get edge function",
            Effect::Read,
            get_edge_function,
        )
        .toolset("functions")
        .official_name("get_edge_function"),
    ]
}

const FIELDS: &[&str] = &[
    "id",
    "slug",
    "name",
    "status",
    "version",
    "verify_jwt",
    "entrypoint_path",
    "import_map_path",
    "created_at",
    "updated_at",
];

/// List the project's edge functions: id, slug, name, status, version, verify_jwt,
/// entrypoint and timestamps (epoch ms).
#[derive(Deserialize, JsonSchema)]
pub struct ListEdgeFunctions {
    /// Project ref
    #[schemars(length(max = 64))]
    project_id: String,
}

async fn list_edge_functions(ctx: Ctx, a: ListEdgeFunctions) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(
            Method::GET,
            &format!("{}/functions", project_path(&a.project_id)?),
        )?
        .send_json()
        .await?;
    Ok(json!({ "functions": map_array(&v, |f| pick(f, FIELDS)) }))
}

/// Get one edge function by slug: the fields of supabase_list_edge_functions.
#[derive(Deserialize, JsonSchema)]
pub struct GetEdgeFunction {
    /// Project ref
    #[schemars(length(max = 64))]
    project_id: String,
    /// Function slug, e.g. hello-world
    #[schemars(length(max = 128))]
    function_slug: String,
}

async fn get_edge_function(ctx: Ctx, a: GetEdgeFunction) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(
            Method::GET,
            &format!(
                "{}/functions/{}",
                project_path(&a.project_id)?,
                seg_id(&a.function_slug, "function_slug")?
            ),
        )?
        .send_json()
        .await?;
    Ok(pick(&v, FIELDS))
}
