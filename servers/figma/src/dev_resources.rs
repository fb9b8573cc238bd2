//! Dev resources: `GET /v1/files/{key}/dev_resources`, bulk `POST|PUT /v1/dev_resources`,
//! `DELETE /v1/files/{key}/dev_resources/{id}` (Klavis calls `POST
//! /v1/files/{key}/dev_resources` and `PUT|DELETE /v1/dev_resources/{id}`, which Figma does not
//! have).

use crate::api::{file_key, id, node_ids, opt, request};
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "figma_get_dev_resources",
            "Get dev resources",
            Effect::Read,
            get_dev_resources,
        )
        .toolset("dev_resources"),
        tool(
            "figma_post_dev_resources",
            "Create dev resources",
            Effect::Write,
            post_dev_resources,
        )
        .toolset("dev_resources"),
        tool(
            "figma_put_dev_resource",
            "Update dev resource",
            Effect::IdempotentWrite,
            put_dev_resource,
        )
        .toolset("dev_resources"),
        tool(
            "figma_delete_dev_resource",
            "Delete dev resource",
            Effect::Destructive,
            delete_dev_resource,
        )
        .toolset("dev_resources"),
    ]
}

fn resource(r: &Value) -> Value {
    pick(r, &["id", "name", "url", "file_key", "node_id"])
}

fn list(v: &Value, k: &str) -> Vec<Value> {
    v.get(k)
        .and_then(Value::as_array)
        .map(|a| a.iter().map(resource).collect())
        .unwrap_or_default()
}

/// A bulk answer: what was done, and Figma's per-item `errors` (it answers 200 even when
/// some fail); an error result when nothing was done.
fn bulk(v: &Value, done: &str) -> Result<Value, ToolError> {
    let items = list(v, done);
    let errors = v
        .get("errors")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if items.is_empty() && !errors.is_empty() {
        let msgs: Vec<&str> = errors
            .iter()
            .filter_map(|e| e.get("error").and_then(Value::as_str))
            .collect();
        return Err(ToolError::invalid_input(format!(
            "Figma refused every dev resource: {}",
            msgs.join("; ")
        )));
    }
    Ok(json!({ done: items, "errors": errors }))
}

/// The dev resources (links) attached to a file's nodes: id, name, URL, node id.
#[derive(Deserialize, JsonSchema)]
pub struct GetDevResources {
    /// Main file key (not a branch), or the file's URL
    file_key: String,
    /// Only those on these nodes (comma-separated ids)
    node_id: Option<String>,
}

async fn get_dev_resources(ctx: Ctx, a: GetDevResources) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let nodes = opt(&a.node_id)
        .map(|s| node_ids(s, "node_id"))
        .transpose()?;
    let v: Value = request(&ctx, Method::GET, &format!("/v1/files/{key}/dev_resources"))?
        .query_opt("node_ids", nodes)
        .send_json()
        .await?;
    Ok(json!({ "dev_resources": list(&v, "dev_resources") }))
}

/// Attach dev resources (links) to nodes: at most 10 per node, URLs unique per node.
/// Returns `links_created` and Figma's per-item `errors`.
#[derive(Deserialize, JsonSchema)]
pub struct PostDevResources {
    /// File key of the nodes, for items that do not name their own `file_key`
    file_key: String,
    /// Items `{"name":"Spec","url":"https://...","node_id":"1:2"}`, each may add `file_key`
    dev_resources: Vec<Value>,
}

async fn post_dev_resources(ctx: Ctx, a: PostDevResources) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    if a.dev_resources.is_empty() {
        return Err(ToolError::invalid_input(
            "`dev_resources` must list at least one `{name, url, node_id}`",
        ));
    }
    let mut items = Vec::new();
    for (i, r) in a.dev_resources.iter().enumerate() {
        let field = |k: &str| {
            r.get(k)
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .ok_or_else(|| {
                    ToolError::invalid_input(format!(
                        "`dev_resources[{i}]` needs a text `{k}` (each item is `{{name, url, node_id}}`)"
                    ))
                })
        };
        let file = match r.get("file_key").and_then(Value::as_str) {
            Some(k) if !k.trim().is_empty() => file_key(k)?,
            _ => key.clone(),
        };
        let node = node_ids(field("node_id")?, "node_id")?;
        if node.contains(',') {
            return Err(ToolError::invalid_input(format!(
                "`dev_resources[{i}].node_id` must be one node id"
            )));
        }
        items.push(json!({
            "name": field("name")?,
            "url": field("url")?,
            "file_key": file,
            "node_id": node,
        }));
    }
    let v: Value = request(&ctx, Method::POST, "/v1/dev_resources")?
        .json(&json!({ "dev_resources": items }))
        .send_json()
        .await?;
    bulk(&v, "links_created")
}

/// Rename a dev resource or change its URL. Returns `links_updated` and `errors`.
#[derive(Deserialize, JsonSchema)]
pub struct PutDevResource {
    dev_resource_id: String,
    /// New name
    name: Option<String>,
    /// New URL
    url: Option<String>,
}

async fn put_dev_resource(ctx: Ctx, a: PutDevResource) -> Result<Value, ToolError> {
    id(&a.dev_resource_id, "dev_resource_id")?;
    let mut item = Map::new();
    item.insert("id".into(), json!(a.dev_resource_id.trim()));
    if let Some(n) = opt(&a.name) {
        item.insert("name".into(), json!(n));
    }
    if let Some(u) = opt(&a.url) {
        item.insert("url".into(), json!(u));
    }
    if item.len() == 1 {
        return Err(ToolError::invalid_input(
            "give `name` or `url` (or both) to change",
        ));
    }
    let v: Value = request(&ctx, Method::PUT, "/v1/dev_resources")?
        .json(&json!({ "dev_resources": [item] }))
        .send_json()
        .await?;
    bulk(&v, "links_updated")
}

/// Delete a dev resource. Figma needs the `file_key` of its file.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteDevResource {
    dev_resource_id: String,
    /// Main file key of the resource's file (required by Figma)
    file_key: Option<String>,
}

async fn delete_dev_resource(ctx: Ctx, a: DeleteDevResource) -> Result<Value, ToolError> {
    let rid = id(&a.dev_resource_id, "dev_resource_id")?;
    let Some(fk) = opt(&a.file_key) else {
        return Err(ToolError::invalid_input(
            "`file_key` is required: Figma deletes a dev resource at /v1/files/{file_key}/dev_resources/{dev_resource_id}",
        ));
    };
    let key = file_key(fk)?;
    request(
        &ctx,
        Method::DELETE,
        &format!("/v1/files/{key}/dev_resources/{rid}"),
    )?
    .send()
    .await?;
    Ok(json!({ "deleted": true, "dev_resource_id": a.dev_resource_id.trim() }))
}
