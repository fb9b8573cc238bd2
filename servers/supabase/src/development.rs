//! Project URL, publishable keys (`/api-keys`) and TypeScript types (`/types/typescript`).

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Method, Output, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::project_path;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "supabase_get_project_url",
            "Get project URL",
            Effect::Read,
            get_project_url,
        )
        .toolset("development")
        .official_name("get_project_url"),
        tool(
            "supabase_get_anon_key",
            "Get publishable keys",
            Effect::Read,
            get_anon_key,
        )
        .toolset("development")
        .official_name("get_publishable_keys"),
        tool(
            "supabase_generate_typescript_types",
            "Generate TypeScript types",
            Effect::Read,
            generate_typescript_types,
        )
        .toolset("development")
        .official_name("generate_typescript_types"),
    ]
}

/// The project's API URL (`https://<ref>.supabase.co`), for supabase-js and REST calls.
#[derive(Deserialize, JsonSchema)]
pub struct GetProjectUrl {
    /// Project ref
    #[schemars(length(max = 64))]
    project_id: String,
}

/// A project ref: 20 lowercase letters (what Supabase's hosts are named by).
fn project_ref(id: &str) -> Result<&str, ToolError> {
    let id = id.trim();
    if id.is_empty() || id.len() > 40 || !id.bytes().all(|b| b.is_ascii_lowercase()) {
        return Err(ToolError::invalid_input(format!(
            "`project_id` must be a project ref (lowercase letters, e.g. abcdefghijklmnopqrst), not `{id}`; supabase_list_projects lists them"
        )));
    }
    Ok(id)
}

async fn get_project_url(_ctx: Ctx, a: GetProjectUrl) -> Result<Value, ToolError> {
    let id = project_ref(&a.project_id)?;
    Ok(json!({ "project_id": id, "url": format!("https://{id}.supabase.co") }))
}

/// The project's client-side keys: publishable keys (`sb_publishable_...`) and the legacy
/// `anon` key, each with name, type and api_key. Safe for browsers with RLS on; secret and
/// service_role keys are never returned.
#[derive(Deserialize, JsonSchema)]
pub struct GetAnonKey {
    /// Project ref
    #[schemars(length(max = 64))]
    project_id: String,
}

async fn get_anon_key(ctx: Ctx, a: GetAnonKey) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(
            Method::GET,
            &format!("{}/api-keys", project_path(&a.project_id)?),
        )?
        .query("reveal", "false")
        .send_json()
        .await?;
    let keys: Vec<Value> = v
        .as_array()
        .map(|a| {
            a.iter()
                .filter(|k| {
                    let kind = at(k, "type").and_then(Value::as_str);
                    let name = at(k, "name").and_then(Value::as_str);
                    kind == Some("publishable") || (kind == Some("legacy") && name == Some("anon"))
                })
                .map(|k| pick(k, &["name", "type", "api_key", "id"]))
                .collect()
        })
        .unwrap_or_default();
    let anon_key = keys
        .iter()
        .find(|k| k["name"] == "anon")
        .and_then(|k| k.get("api_key").cloned());
    let mut out = json!({ "keys": keys });
    if let Some(k) = anon_key {
        out["anon_key"] = k;
    }
    Ok(out)
}

/// TypeScript types of the project's database schemas, for supabase-js (returned as text).
#[derive(Deserialize, JsonSchema)]
pub struct GenerateTypescriptTypes {
    /// Project ref
    #[schemars(length(max = 64))]
    project_id: String,
    /// Schemas to include (default public)
    #[schemars(inner(length(max = 63)), length(max = 50))]
    schemas: Option<Vec<String>>,
}

async fn generate_typescript_types(
    ctx: Ctx,
    a: GenerateTypescriptTypes,
) -> Result<Output, ToolError> {
    let schemas = a
        .schemas
        .unwrap_or_default()
        .iter()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>();
    let v: Value = ctx
        .authorized(
            Method::GET,
            &format!("{}/types/typescript", project_path(&a.project_id)?),
        )?
        .query_opt(
            "included_schemas",
            (!schemas.is_empty()).then(|| schemas.join(",")),
        )
        .send_json()
        .await?;
    let types = at(&v, "types")
        .and_then(Value::as_str)
        .ok_or_else(|| ToolError::transport("Supabase answered without `types`; retry later."))?;
    Ok(Output::Text(types.to_owned()))
}
