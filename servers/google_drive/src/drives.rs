//! Shared drives: list the ones the user belongs to, create one.

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, Count, DRIVES, given, limit, req};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_drive_list_shared_drives",
            "List shared drives",
            Effect::Read,
            list_shared_drives,
        )
        .toolset("drives"),
        tool(
            "google_drive_create_shared_drive",
            "Create a shared drive",
            Effect::Write,
            create_shared_drive,
        )
        .toolset("drives"),
    ]
}

const DRIVE_FIELDS: &str = "id,name,createdTime,hidden";

/// List the user's shared drives (id, name, created time, hidden); their ids work as drive and
/// folder ids in the other tools.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListSharedDrives {
    /// e.g. `name contains 'finance'`
    query: Option<String>,
    /// At most 100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    page_token: Option<String>,
}

async fn list_shared_drives(ctx: Ctx, a: ListSharedDrives) -> Result<Value, ToolError> {
    let list: Value = req(&ctx, Method::GET, DRIVES)?
        .query("pageSize", limit(a.limit, 50, 100))
        .query("fields", format!("nextPageToken,drives({DRIVE_FIELDS})"))
        .query_opt("q", given(&a.query))
        .query_opt("pageToken", given(&a.page_token))
        .send_json()
        .await?;
    let drives: Vec<Value> = list
        .get("drives")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|d| pick(d, &["id", "name", "createdTime", "hidden"]))
        .collect();
    let mut out = Map::new();
    out.insert("drives".into(), Value::Array(drives));
    api::page_fields(&list, &mut out);
    Ok(Value::Object(out))
}

/// Create a shared drive (Workspace) that the user manages. Returns its id, name, time and
/// `request_id`; the same `request_id` never creates a second drive.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateSharedDrive {
    name: String,
    /// Idempotency key; default a new UUID
    request_id: Option<String>,
}

async fn create_shared_drive(ctx: Ctx, a: CreateSharedDrive) -> Result<Value, ToolError> {
    let name = a.name.trim();
    if name.is_empty() {
        return Err(ToolError::invalid_input("`name` must not be empty"));
    }
    let request_id = given(&a.request_id)
        .map(str::to_owned)
        .unwrap_or_else(api::uuid_v4);
    let v: Value = req(&ctx, Method::POST, DRIVES)?
        .query("requestId", &request_id)
        .query("fields", "id,name,createdTime")
        .json(&json!({ "name": name }))
        // The requestId makes a repeat safe: Drive never creates a second drive for it.
        .idempotent(true)
        .send_json()
        .await
        .map_err(|e| {
            if e.status == Some(409) {
                e.with_hint(format!(
                    "a shared drive was already created with request_id {request_id} (perhaps by an earlier attempt): find it with google_drive_list_shared_drives, or use a new request_id to create another."
                ))
            } else {
                e
            }
        })?;
    let mut out = pick(&v, &["id", "name", "createdTime"]);
    out["requestId"] = json!(request_id);
    Ok(out)
}
