//! File requests (the `file_requests` namespace): create, get, list (`list_v2` +
//! `list/continue`), update, delete.

use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{folder, items, opt, path, read, text, write};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "dropbox_create_file_request",
            "Create file request",
            Effect::Write,
            create_file_request,
        )
        .toolset("file_requests"),
        tool(
            "dropbox_get_file_request",
            "Get file request",
            Effect::Read,
            get_file_request,
        )
        .toolset("file_requests"),
        tool(
            "dropbox_list_file_requests",
            "List file requests",
            Effect::Read,
            list_file_requests,
        )
        .toolset("file_requests"),
        tool(
            "dropbox_delete_file_request",
            "Delete file requests",
            Effect::Destructive,
            delete_file_request,
        )
        .toolset("file_requests"),
        tool(
            "dropbox_update_file_request",
            "Update file request",
            Effect::IdempotentWrite,
            update_file_request,
        )
        .toolset("file_requests"),
    ]
}

fn request(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "url",
            "title",
            "destination",
            "description",
            "is_open",
            "file_count",
            "created",
            "deadline",
        ],
    )
}

/// Create a file request: a link anyone can use to upload files into `destination`. Returns
/// its id and url.
#[derive(Deserialize, JsonSchema)]
pub struct CreateFileRequest {
    title: String,
    /// Folder the uploads go to, e.g. /File requests/Invoices
    destination: String,
    description: Option<String>,
}

async fn create_file_request(ctx: Ctx, a: CreateFileRequest) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("title".into(), json!(text(&a.title, "title")?));
    body.insert(
        "destination".into(),
        json!(path(&a.destination, "destination")?),
    );
    insert_opt(&mut body, "description", opt(&a.description));
    let v = write(&ctx, "file_requests/create", Value::Object(body)).await?;
    Ok(request(&v))
}

/// Get a file request: title, url, destination, open or closed, file count.
#[derive(Deserialize, JsonSchema)]
pub struct GetFileRequest {
    /// File request id
    id: String,
}

async fn get_file_request(ctx: Ctx, a: GetFileRequest) -> Result<Value, ToolError> {
    let id = text(&a.id, "id")?;
    let v = read(&ctx, "file_requests/get", json!({"id": id})).await?;
    Ok(request(&v))
}

/// The user's file requests, open and closed. Returns `cursor` while more remain.
#[derive(Deserialize, JsonSchema)]
pub struct ListFileRequests {
    /// Per page
    #[schemars(extend("default" = 1000))]
    limit: Option<Int>,
    cursor: Option<String>,
}

async fn list_file_requests(ctx: Ctx, a: ListFileRequests) -> Result<Value, ToolError> {
    let v = match opt(&a.cursor) {
        Some(c) => read(&ctx, "file_requests/list/continue", json!({"cursor": c})).await?,
        None => {
            let mut body = Map::new();
            if let Some(n) = a.limit {
                if n.get() == 0 {
                    return Err(ToolError::invalid_input("limit must be at least 1"));
                }
                body.insert("limit".into(), json!(n.get()));
            }
            read(&ctx, "file_requests/list_v2", Value::Object(body)).await?
        }
    };
    let has_more = v.get("has_more").and_then(Value::as_bool).unwrap_or(false);
    Ok(json!({
        "file_requests": items(&v, "file_requests", request),
        "has_more": has_more,
        "cursor": if has_more { v.get("cursor").cloned().unwrap_or(Value::Null) } else { Value::Null },
    }))
}

/// Delete file requests. Dropbox deletes only closed ones: close a request first with
/// dropbox_update_file_request (open false). Returns the deleted requests.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteFileRequest {
    /// File request ids
    ids: Vec<String>,
}

async fn delete_file_request(ctx: Ctx, a: DeleteFileRequest) -> Result<Value, ToolError> {
    let ids: Vec<&str> = a
        .ids
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    if ids.is_empty() {
        return Err(ToolError::invalid_input(
            "`ids` must name at least one file request",
        ));
    }
    let v = write(&ctx, "file_requests/delete", json!({"ids": ids})).await?;
    Ok(json!({"deleted": items(&v, "file_requests", request)}))
}

/// Change a file request's title, destination, description, or open it / close it (open
/// false). Returns the updated request.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateFileRequest {
    /// File request id
    id: String,
    title: Option<String>,
    /// Folder the uploads go to
    destination: Option<String>,
    description: Option<String>,
    open: Option<bool>,
}

async fn update_file_request(ctx: Ctx, a: UpdateFileRequest) -> Result<Value, ToolError> {
    let id = text(&a.id, "id")?;
    let mut body = Map::new();
    body.insert("id".into(), json!(id));
    insert_opt(&mut body, "title", opt(&a.title));
    if let Some(d) = opt(&a.destination) {
        let d = folder(Some(d));
        if d.is_empty() {
            return Err(ToolError::invalid_input(
                "`destination` must name a folder, not the root",
            ));
        }
        body.insert("destination".into(), json!(d));
    }
    insert_opt(&mut body, "description", a.description.as_deref());
    insert_opt(&mut body, "open", a.open);
    if body.len() == 1 {
        return Err(ToolError::invalid_input(
            "nothing to update: give title, destination, description or open",
        ));
    }
    let v = write(&ctx, "file_requests/update", Value::Object(body)).await?;
    Ok(request(&v))
}
