//! The catalog's audience tools, on segments (Resend replaced audiences with segments in
//! November 2025; an audience's id is its segment's id): `POST|GET /segments`,
//! `GET|DELETE /segments/{id}`. The `/audiences` endpoints are deprecated in Resend's API.

use crate::api::{list, paged};
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "resend_create_audience",
            "Create audience (segment)",
            Effect::Write,
            create_audience,
        )
        .toolset("audiences"),
        tool(
            "resend_get_audience",
            "Get audience (segment)",
            Effect::Read,
            get_audience,
        )
        .toolset("audiences"),
        tool(
            "resend_delete_audience",
            "Delete audience (segment)",
            Effect::Destructive,
            delete_audience,
        )
        .toolset("audiences"),
        tool(
            "resend_list_audiences",
            "List audiences (segments)",
            Effect::Read,
            list_audiences,
        )
        .toolset("audiences"),
    ]
}

fn segment(s: &Value) -> Value {
    pick(s, &["id", "name", "created_at"])
}

/// Create an audience, which Resend now calls a segment: a named group of contacts that
/// broadcasts are sent to. Returns its `id` (the `audienceId` other tools take).
#[derive(Deserialize, JsonSchema)]
pub struct CreateAudience {
    name: String,
}

async fn create_audience(ctx: Ctx, a: CreateAudience) -> Result<Value, ToolError> {
    let name = non_empty(&a.name, "name")?;
    let v: Value = ctx
        .authorized(Method::POST, "/segments")?
        .json(&json!({ "name": name }))
        .send_json()
        .await?;
    let mut out = pick(&v, &["id"]);
    if let Some(m) = out.as_object_mut() {
        m.insert("name".into(), json!(name));
    }
    Ok(out)
}

/// Get an audience (segment): id, name, creation time.
#[derive(Deserialize, JsonSchema)]
pub struct GetAudience {
    /// Audience (segment) id
    id: String,
}

async fn get_audience(ctx: Ctx, a: GetAudience) -> Result<Value, ToolError> {
    let path = format!("/segments/{}", seg_id(&a.id, "id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(segment(&v))
}

/// Delete an audience (segment). Its contacts stay (contacts are global), only the group
/// goes.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteAudience {
    /// Audience (segment) id
    id: String,
}

async fn delete_audience(ctx: Ctx, a: DeleteAudience) -> Result<Value, ToolError> {
    let path = format!("/segments/{}", seg_id(&a.id, "id")?);
    let v: Value = ctx.authorized(Method::DELETE, &path)?.send_json().await?;
    Ok(pick(&v, &["id", "deleted"]))
}

/// List audiences (segments): id, name, creation time.
#[derive(Deserialize, JsonSchema)]
pub struct ListAudiences {
    /// 1-100
    #[schemars(extend("default" = 20))]
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_audiences(ctx: Ctx, a: ListAudiences) -> Result<Value, ToolError> {
    let v: Value = list(&ctx, "/segments", a.limit, &a.cursor)?
        .send_json()
        .await?;
    Ok(paged(&v, segment))
}
