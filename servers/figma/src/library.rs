//! A file's published library: `GET /v1/files/{key}/components`, `GET /v1/files/{key}/styles`.

use crate::api::{file_key, request};
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "figma_get_file_components",
            "Get published components",
            Effect::Read,
            get_file_components,
        )
        .toolset("library"),
        tool(
            "figma_get_file_styles",
            "Get published styles",
            Effect::Read,
            get_file_styles,
        )
        .toolset("library"),
    ]
}

fn meta_list(v: &Value, k: &str, fields: &[&str]) -> Vec<Value> {
    v.pointer(&format!("/meta/{k}"))
        .and_then(Value::as_array)
        .map(|a| a.iter().map(|x| pick(x, fields)).collect())
        .unwrap_or_default()
}

/// The components a library file publishes: key, node id, name, description, the frame and
/// page they sit on, last update.
#[derive(Deserialize, JsonSchema)]
pub struct GetFileComponents {
    /// Main file key (not a branch), or the file's URL
    file_key: String,
}

async fn get_file_components(ctx: Ctx, a: GetFileComponents) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let v: Value = request(&ctx, Method::GET, &format!("/v1/files/{key}/components"))?
        .send_json()
        .await?;
    let list = meta_list(
        &v,
        "components",
        &[
            "key",
            "node_id",
            "name",
            "description",
            "frame=containing_frame.name",
            "page=containing_frame.pageName",
            "component_set=containing_frame.containingComponentSet.name",
            "updated_at",
        ],
    );
    Ok(json!({ "components": list }))
}

/// The styles a library file publishes: key, node id, name, type (`FILL`, `TEXT`, `EFFECT`,
/// `GRID`), description. Read a style's values with figma_get_file_nodes on its node id.
#[derive(Deserialize, JsonSchema)]
pub struct GetFileStyles {
    /// Main file key (not a branch), or the file's URL
    file_key: String,
}

async fn get_file_styles(ctx: Ctx, a: GetFileStyles) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let v: Value = request(&ctx, Method::GET, &format!("/v1/files/{key}/styles"))?
        .send_json()
        .await?;
    let list = meta_list(
        &v,
        "styles",
        &[
            "key",
            "node_id",
            "name",
            "style_type",
            "description",
            "updated_at",
        ],
    );
    Ok(json!({ "styles": list }))
}
