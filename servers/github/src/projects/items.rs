//! Items of a project: list and get them, add an issue or pull request, set a field, remove one.

use mcp_shared::json::{at, pick, pluck};
use mcp_shared::{Ctx, Int, Method, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api;

use super::{
    Cursor, ItemType, OwnerType, UpdatedField, cursor_page, cursor_request, field_ids, hint,
    iteration, project_path, raw,
};

/// A field value of an item, reduced to what identifies it: text for text-like values, the
/// option or iteration with its id (which `update_project_item` takes), logins, label names.
fn field_value(data_type: &str, v: &Value) -> Value {
    if v.is_null() {
        return Value::Null;
    }
    match data_type {
        "single_select" => {
            let mut x = pick(v, &["id"]);
            if let Some(n) = at(v, "name") {
                x["name"] = raw(n);
            }
            x
        }
        "iteration" => iteration(v),
        "assignees" => pluck(&json!({ "a": v }), "a", "login"),
        "labels" => pluck(&json!({ "a": v }), "a", "name"),
        "reviewers" => pluck(&json!({ "a": v }), "a", "reviewer.login"),
        "milestone" => v.get("title").cloned().unwrap_or_else(|| v.clone()),
        "repository" => v.get("full_name").cloned().unwrap_or_else(|| v.clone()),
        "issue_type" => v.get("name").cloned().unwrap_or_else(|| v.clone()),
        "linked_pull_requests" | "parent_issue" => match v {
            Value::Array(a) => a.iter().map(content_ref).collect(),
            other => content_ref(other),
        },
        _ => raw(v),
    }
}

fn content_ref(v: &Value) -> Value {
    pick(v, &["number", "title", "state", "html_url", "url"])
}

/// `owner/repo` of an issue or pull request: from `repository_url` (issues) or
/// `base.repo.full_name` (pull requests).
fn repository_of(content: &Value) -> Option<Value> {
    if let Some(full) = at(content, "base.repo.full_name") {
        return Some(full.clone());
    }
    let url = at(content, "repository_url")?.as_str()?;
    let (_, rest) = url.split_once("/repos/")?;
    Some(Value::String(rest.trim_end_matches('/').to_owned()))
}

fn item_content(content_type: Option<&str>, c: &Value) -> Value {
    let mut o = pick(
        c,
        &[
            "id",
            "number",
            "title",
            "state",
            "state_reason",
            "draft",
            "merged_at",
            "closed_at",
            "user=user.login",
            "html_url",
        ],
    );
    if let Some(r) = repository_of(c) {
        o["repository"] = r;
    }
    if c.get("labels").is_some_and(Value::is_array) {
        o["labels"] = pluck(c, "labels", "name");
    }
    if c.get("assignees").is_some_and(Value::is_array) {
        o["assignees"] = pluck(c, "assignees", "login");
    }
    if content_type == Some("DraftIssue")
        && let Some(b) = at(c, "body")
    {
        o["body"] = b.clone();
    }
    o
}

/// A project item. GitHub's documented example for adding an item wraps it in `value`;
/// both forms are read.
fn item(v: &Value) -> Value {
    let v = match v.get("value") {
        Some(inner @ Value::Object(_)) if v.get("id").is_none() => inner,
        _ => v,
    };
    let mut o = pick(
        v,
        &[
            "id",
            "content_type",
            "creator=creator.login",
            "created_at",
            "updated_at",
            "archived_at",
            "node_id",
        ],
    );
    let content_type = v.get("content_type").and_then(Value::as_str);
    if let Some(c) = at(v, "content") {
        o["content"] = item_content(content_type, c);
    }
    if let Some(fields) = v.get("fields").and_then(Value::as_array) {
        o["fields"] = fields
            .iter()
            .map(|f| {
                let mut x = pick(f, &["id", "name", "data_type"]);
                let data_type = f.get("data_type").and_then(Value::as_str).unwrap_or("");
                x["value"] = field_value(data_type, &f["value"]);
                x
            })
            .collect();
    }
    o
}

pub(super) async fn items_page(
    ctx: &Ctx,
    ot: OwnerType,
    owner: &str,
    number: Int,
    query: Option<&str>,
    fields: Option<&[String]>,
    c: &Cursor,
) -> Result<Value, ToolError> {
    let fields = field_ids(fields)?;
    let path = format!("{}/items", project_path(ot, owner, number));
    let r = api::req(ctx, Method::GET, &path)?
        .query_opt("q", query.filter(|q| !q.trim().is_empty()))
        .query_opt("fields", fields);
    let resp = cursor_request(r, c)?.send().await.map_err(hint(false))?;
    let v: Value = resp.json()?;
    Ok(cursor_page(&resp, api::each(&v, item)))
}

pub(super) async fn item_get(
    ctx: &Ctx,
    ot: OwnerType,
    owner: &str,
    number: Int,
    item_id: Int,
    fields: Option<&[String]>,
) -> Result<Value, ToolError> {
    let fields = field_ids(fields)?;
    let path = format!("{}/items/{item_id}", project_path(ot, owner, number));
    let v: Value = api::req(ctx, Method::GET, &path)?
        .query_opt("fields", fields)
        .send_json()
        .await
        .map_err(hint(false))?;
    Ok(item(&v))
}

pub(super) async fn item_add(
    ctx: &Ctx,
    ot: OwnerType,
    owner: &str,
    number: Int,
    body: Value,
) -> Result<Value, ToolError> {
    let path = format!("{}/items", project_path(ot, owner, number));
    let v: Value = api::req(ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await
        .map_err(hint(true))?;
    Ok(item(&v))
}

pub(super) async fn item_update(
    ctx: &Ctx,
    ot: OwnerType,
    owner: &str,
    number: Int,
    item_id: Int,
    change: &UpdatedField,
) -> Result<Value, ToolError> {
    let path = format!("{}/items/{item_id}", project_path(ot, owner, number));
    let v: Value = api::req(ctx, Method::PATCH, &path)?
        .json(&json!({ "fields": [{ "id": change.id.get(), "value": change.value }] }))
        .idempotent(true)
        .send_json()
        .await
        .map_err(hint(true))?;
    Ok(item(&v))
}

pub(super) async fn item_delete(
    ctx: &Ctx,
    ot: OwnerType,
    owner: &str,
    number: Int,
    item_id: Int,
) -> Result<Value, ToolError> {
    let path = format!("{}/items/{item_id}", project_path(ot, owner, number));
    api::req(ctx, Method::DELETE, &path)?
        .idempotent(true)
        .send()
        .await
        .map_err(hint(true))?;
    Ok(json!({ "deleted": true, "item_id": item_id.get() }))
}

/// List the items of a Project: item id, content type, the issue, pull request or draft
/// issue (number, title, state, repository, labels, assignees, URL) and the values of the
/// fields named in `fields` (without `fields`, only the title). Returns `items`,
/// `next_cursor` and `prev_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListProjectItems {
    owner_type: OwnerType,
    owner: String,
    project_number: Int,
    /// Filter items with GitHub's project filter syntax (e.g. `status:"In Progress" assignee:octocat`)
    query: Option<String>,
    /// Field ids whose values to include (e.g. ["102589", "985201"]; list_project_fields
    /// lists them); without it only the title is returned
    fields: Option<Vec<String>>,
    /// Max 100, default 30
    per_page: Option<Int>,
    after: Option<String>,
    before: Option<String>,
}

pub(super) async fn list_project_items(ctx: Ctx, a: ListProjectItems) -> Result<Value, ToolError> {
    let c = Cursor {
        per_page: a.per_page,
        after: a.after,
        before: a.before,
    };
    items_page(
        &ctx,
        a.owner_type,
        &a.owner,
        a.project_number,
        a.query.as_deref(),
        a.fields.as_deref(),
        &c,
    )
    .await
}

/// Get one item of a Project: content type, the issue, pull request or draft issue, and the
/// values of the fields named in `fields` (without `fields`, only the title).
#[derive(Deserialize, JsonSchema)]
pub struct GetProjectItem {
    owner_type: OwnerType,
    owner: String,
    project_number: Int,
    /// The item's id (the project item's, from list_project_items; not the issue's)
    item_id: Int,
    /// Field ids whose values to include (e.g. ["102589", "985201"]); without it only the
    /// title is returned
    fields: Option<Vec<String>>,
}

pub(super) async fn get_project_item(ctx: Ctx, a: GetProjectItem) -> Result<Value, ToolError> {
    item_get(
        &ctx,
        a.owner_type,
        &a.owner,
        a.project_number,
        a.item_id,
        a.fields.as_deref(),
    )
    .await
}

/// Add an issue or a pull request to a Project, by the or pull request's numeric id
/// (the REST `id`, not its number). Returns the new project item (its `id` is what
/// update_project_item and delete_project_item take).
#[derive(Deserialize, JsonSchema)]
pub struct AddProjectItem {
    owner_type: OwnerType,
    owner: String,
    project_number: Int,
    /// `issue` or `pull_request`
    item_type: ItemType,
    /// The numeric id of the issue or pull request (the `id` of the REST issue or pull
    /// request, not its number)
    item_id: Int,
}

pub(super) async fn add_project_item(ctx: Ctx, a: AddProjectItem) -> Result<Value, ToolError> {
    let body = json!({ "type": a.item_type.rest(), "id": a.item_id.get() });
    item_add(&ctx, a.owner_type, &a.owner, a.project_number, body).await
}

/// Set the value of one field of a Project item (`updated_field`: the field's id and its new
/// value; `null` clears it). Returns the item.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateProjectItem {
    owner_type: OwnerType,
    owner: String,
    project_number: Int,
    /// The project item's id (from list_project_items; not the issue's)
    item_id: Int,
    /// The field to set and its new value, e.g. {"id": 123456, "value": "New Value"}; for a
    /// single-select field the value is the option's id, for an iteration field the
    /// iteration's id; null clears the field
    updated_field: UpdatedField,
}

pub(super) async fn update_project_item(
    ctx: Ctx,
    a: UpdateProjectItem,
) -> Result<Value, ToolError> {
    item_update(
        &ctx,
        a.owner_type,
        &a.owner,
        a.project_number,
        a.item_id,
        &a.updated_field,
    )
    .await
}

/// Remove an item from a Project (the issue or pull request itself is kept; a draft issue is
/// deleted with its item).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteProjectItem {
    owner_type: OwnerType,
    owner: String,
    project_number: Int,
    /// The project item's id (from list_project_items; not the issue's)
    item_id: Int,
}

pub(super) async fn delete_project_item(
    ctx: Ctx,
    a: DeleteProjectItem,
) -> Result<Value, ToolError> {
    item_delete(&ctx, a.owner_type, &a.owner, a.project_number, a.item_id).await
}
