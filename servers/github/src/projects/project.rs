//! Projects and their fields: list and get them.

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Int, Method, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api;

use super::{
    Cursor, OwnerType, cursor_page, cursor_request, hint, iteration, project_path, projects_path,
    raw,
};

// ---- shapers

fn project(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "number",
            "title",
            "short_description",
            "description",
            "public",
            "state",
            "closed_at",
            "is_template",
            "owner=owner.login",
            "creator=creator.login",
            "latest_status=latest_status_update.status",
            "created_at",
            "updated_at",
            "node_id",
        ],
    )
}

fn field(v: &Value) -> Value {
    let mut o = pick(v, &["id", "name", "data_type", "node_id"]);
    if o.get("data_type").is_none()
        && let Some(t) = at(v, "dataType")
    {
        o["data_type"] = t.clone();
    }
    if let Some(options) = v.get("options").and_then(Value::as_array) {
        o["options"] = options
            .iter()
            .map(|opt| {
                let mut x = pick(opt, &["id", "color"]);
                if let Some(n) = at(opt, "name") {
                    x["name"] = raw(n);
                }
                if let Some(d) = at(opt, "description") {
                    x["description"] = raw(d);
                }
                x
            })
            .collect();
    }
    if let Some(c) = at(v, "configuration") {
        o["iterations"] = mcp_shared::json::map_array(&c["iterations"], iteration);
        o["duration"] = c["duration"].clone();
    }
    o
}

// ---- requests shared by our tools and the official combined ones

pub(super) async fn projects_page(
    ctx: &Ctx,
    ot: OwnerType,
    owner: &str,
    query: Option<&str>,
    c: &Cursor,
) -> Result<Value, ToolError> {
    let r = api::req(ctx, Method::GET, &projects_path(ot, owner))?
        .query_opt("q", query.filter(|q| !q.trim().is_empty()));
    let resp = cursor_request(r, c)?.send().await.map_err(hint(false))?;
    let v: Value = resp.json()?;
    Ok(cursor_page(&resp, api::each(&v, project)))
}

pub(super) async fn project_get(
    ctx: &Ctx,
    ot: OwnerType,
    owner: &str,
    number: Int,
) -> Result<Value, ToolError> {
    let v: Value = api::req(ctx, Method::GET, &project_path(ot, owner, number))?
        .send_json()
        .await
        .map_err(hint(false))?;
    Ok(project(&v))
}

pub(super) async fn fields_page(
    ctx: &Ctx,
    ot: OwnerType,
    owner: &str,
    number: Int,
    c: &Cursor,
) -> Result<Value, ToolError> {
    let path = format!("{}/fields", project_path(ot, owner, number));
    let r = api::req(ctx, Method::GET, &path)?;
    let resp = cursor_request(r, c)?.send().await.map_err(hint(false))?;
    let v: Value = resp.json()?;
    Ok(cursor_page(&resp, api::each(&v, field)))
}

pub(super) async fn field_get(
    ctx: &Ctx,
    ot: OwnerType,
    owner: &str,
    number: Int,
    field_id: Int,
) -> Result<Value, ToolError> {
    let path = format!("{}/fields/{field_id}", project_path(ot, owner, number));
    let v: Value = api::req(ctx, Method::GET, &path)?
        .send_json()
        .await
        .map_err(hint(false))?;
    Ok(field(&v))
}

// ---- our tools (also GitHub's server's single tools: same parameters)

/// List the Projects of a user or an organization: number, title, descriptions, state,
/// visibility, owner, dates and latest status. Returns `items`, `next_cursor` (pass it as
/// `after` for the next page) and `prev_cursor` (pass it as `before`).
#[derive(Deserialize, JsonSchema)]
pub struct ListProjects {
    owner_type: OwnerType,
    /// The user's login (owner_type user) or the organization's name (owner_type org); not
    /// case sensitive
    owner: String,
    /// Filter projects by a search query (matches title and description, e.g. `roadmap is:open`)
    query: Option<String>,
    /// Max 100, default 30
    per_page: Option<Int>,
    after: Option<String>,
    before: Option<String>,
}

pub(super) async fn list_projects(ctx: Ctx, a: ListProjects) -> Result<Value, ToolError> {
    let c = Cursor {
        per_page: a.per_page,
        after: a.after,
        before: a.before,
    };
    projects_page(&ctx, a.owner_type, &a.owner, a.query.as_deref(), &c).await
}

/// Get a Project of a user or an organization by its number (the number in the project's
/// URL): title, descriptions, state, visibility, owner, dates and latest status.
#[derive(Deserialize, JsonSchema)]
pub struct GetProject {
    owner_type: OwnerType,
    owner: String,
    project_number: Int,
}

pub(super) async fn get_project(ctx: Ctx, a: GetProject) -> Result<Value, ToolError> {
    project_get(&ctx, a.owner_type, &a.owner, a.project_number).await
}

/// List the fields of a Project: id, name, data type, the options of single-select fields
/// and the iterations of iteration fields (their ids are the values `update_project_item`
/// takes). Returns `items`, `next_cursor` and `prev_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListProjectFields {
    owner_type: OwnerType,
    owner: String,
    project_number: Int,
    /// Max 100, default 30
    per_page: Option<Int>,
    after: Option<String>,
    before: Option<String>,
}

pub(super) async fn list_project_fields(
    ctx: Ctx,
    a: ListProjectFields,
) -> Result<Value, ToolError> {
    let c = Cursor {
        per_page: a.per_page,
        after: a.after,
        before: a.before,
    };
    fields_page(&ctx, a.owner_type, &a.owner, a.project_number, &c).await
}

/// Get one field of a Project: id, name, data type, and its options or iterations.
#[derive(Deserialize, JsonSchema)]
pub struct GetProjectField {
    owner_type: OwnerType,
    owner: String,
    project_number: Int,
    /// The field's id
    field_id: Int,
}

pub(super) async fn get_project_field(ctx: Ctx, a: GetProjectField) -> Result<Value, ToolError> {
    field_get(&ctx, a.owner_type, &a.owner, a.project_number, a.field_id).await
}
