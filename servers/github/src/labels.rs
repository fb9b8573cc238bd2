//! Repository labels: list, create, update and delete (the `labels` toolset).

use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{self, repo_path};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("labels");
    vec![
        t(tool(
            "github_list_labels",
            "List labels",
            Effect::Read,
            list_labels,
        )),
        t(tool(
            "github_create_label",
            "Create label",
            Effect::Write,
            create_label,
        )),
        t(tool(
            "github_update_label",
            "Update label",
            Effect::IdempotentWrite,
            update_label,
        )),
        t(tool(
            "github_delete_label",
            "Delete label",
            Effect::Destructive,
            delete_label,
        )),
        t(tool("list_label", "List labels", Effect::Read, list_label).official_only()),
        t(tool(
            "label_write",
            "Write operations on repository labels",
            Effect::Destructive,
            label_write,
        )
        .official_only()),
    ]
}

fn labels_path(owner: &str, repo: &str) -> String {
    format!("{}/labels", repo_path(owner, repo))
}

fn label_path(owner: &str, repo: &str, name: &str) -> String {
    format!("{}/{}", labels_path(owner, repo), mcp_shared::seg(name))
}

/// GitHub wants the color as six hex digits without `#`.
fn color(c: Option<String>) -> Option<String> {
    c.map(|c| c.trim().trim_start_matches('#').to_owned())
}

fn not_found(e: ToolError) -> ToolError {
    match e.status {
        Some(404) => e.with_specific_hint(
            "the repository or label does not exist, or the token cannot see it (label names are matched exactly; github_list_labels lists them).",
        ),
        Some(422) => e.with_specific_hint(
            "a label with this name may already exist, or `color` is not six hex digits (e.g. `f29513`).",
        ),
        _ => e,
    }
}

// ---- requests shared by our tools and the official combined ones

async fn labels_page(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    page: Option<Int>,
    per_page: Option<Int>,
) -> Result<Value, ToolError> {
    let path = labels_path(owner, repo);
    api::list(ctx, &path, &[], page, per_page, api::label)
        .await
        .map_err(not_found)
}

async fn label_create(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    body: Map<String, Value>,
) -> Result<Value, ToolError> {
    let v: Value = api::req(ctx, Method::POST, &labels_path(owner, repo))?
        .json(&body)
        .send_json()
        .await
        .map_err(not_found)?;
    Ok(api::label(&v))
}

async fn label_update(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    name: &str,
    body: Map<String, Value>,
) -> Result<Value, ToolError> {
    let v: Value = api::req(ctx, Method::PATCH, &label_path(owner, repo, name))?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await
        .map_err(not_found)?;
    Ok(api::label(&v))
}

async fn label_delete(ctx: &Ctx, owner: &str, repo: &str, name: &str) -> Result<Value, ToolError> {
    api::req(ctx, Method::DELETE, &label_path(owner, repo, name))?
        .idempotent(true)
        .send()
        .await
        .map_err(not_found)?;
    Ok(json!({ "deleted": true, "name": name }))
}

fn create_body(
    name: &str,
    color_hex: Option<String>,
    description: Option<String>,
) -> Map<String, Value> {
    let mut body = Map::new();
    body.insert("name".into(), Value::String(name.to_owned()));
    if let Some(c) = color(color_hex) {
        body.insert("color".into(), Value::String(c));
    }
    if let Some(d) = description {
        body.insert("description".into(), Value::String(d));
    }
    body
}

// ---- our tools

/// List the labels of a repository: id, name, color, description and whether it is a default
/// label. Returns labels and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListLabels {
    owner: String,
    repo: String,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_labels(ctx: Ctx, a: ListLabels) -> Result<Value, ToolError> {
    labels_page(&ctx, &a.owner, &a.repo, a.page, a.per_page).await
}

/// Create a label in a repository. Returns the label (id, name, color, description).
#[derive(Deserialize, JsonSchema)]
pub struct CreateLabel {
    owner: String,
    repo: String,
    /// Label name (emoji allowed, e.g. `:bug:`)
    name: String,
    /// Color as six hex digits, with or without a leading `#` (e.g. `f29513`; GitHub picks
    /// one when omitted)
    color: Option<String>,
    /// Short description (max 100 characters)
    description: Option<String>,
}

async fn create_label(ctx: Ctx, a: CreateLabel) -> Result<Value, ToolError> {
    let body = create_body(&a.name, a.color, a.description);
    label_create(&ctx, &a.owner, &a.repo, body).await
}

/// What to change in a label.
#[derive(Deserialize, Serialize, JsonSchema)]
pub struct LabelChanges {
    /// New name
    #[serde(skip_serializing_if = "Option::is_none")]
    new_name: Option<String>,
    /// New color: six hex digits, with or without a leading `#`
    #[serde(skip_serializing_if = "Option::is_none")]
    color: Option<String>,
    /// New description
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<String>,
}

/// Update a label of a repository: rename it, change its color or description. Returns the
/// label.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateLabel {
    owner: String,
    repo: String,
    /// Current label name
    name: String,
    #[serde(flatten)]
    changes: LabelChanges,
}

async fn update_label(ctx: Ctx, mut a: UpdateLabel) -> Result<Value, ToolError> {
    a.changes.color = color(a.changes.color);
    let body = mcp_shared::json::update_body(&a.changes)?;
    label_update(&ctx, &a.owner, &a.repo, &a.name, body).await
}

/// Delete a label from a repository; it is removed from every issue and pull request that has
/// it.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteLabel {
    owner: String,
    repo: String,
    /// Label name
    name: String,
}

async fn delete_label(ctx: Ctx, a: DeleteLabel) -> Result<Value, ToolError> {
    label_delete(&ctx, &a.owner, &a.repo, &a.name).await
}

// ---- GitHub's official server's tools

/// List labels from a repository (the first 100): id, name, color, description.
#[derive(Deserialize, JsonSchema)]
pub struct ListLabel {
    owner: String,
    repo: String,
}

async fn list_label(ctx: Ctx, a: ListLabel) -> Result<Value, ToolError> {
    let page = labels_page(&ctx, &a.owner, &a.repo, None, Some(Int::from(100))).await?;
    let total = page["items"].as_array().map_or(0, Vec::len);
    Ok(json!({ "labels": page["items"], "totalCount": total, "next_page": page["next_page"] }))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum LabelMethod {
    Create,
    Update,
    Delete,
}

/// Perform write operations on repository labels. To set labels on issues, use issue_write.
/// `create` needs `name` and `color`; `update` needs `name` and at least one of `new_name`,
/// `color`, `description`; `delete` needs `name`.
#[derive(Deserialize, JsonSchema)]
pub struct LabelWrite {
    /// Operation to perform: 'create', 'update', or 'delete'
    method: LabelMethod,
    owner: String,
    repo: String,
    /// Label name: the new label's for 'create', the existing label's for 'update' and 'delete'
    name: String,
    /// New name for the label (update only)
    new_name: Option<String>,
    /// Label color as 6-character hex code without '#' prefix (e.g., 'f29513'); required for
    /// 'create', optional for 'update'
    color: Option<String>,
    /// Label description text
    description: Option<String>,
}

async fn label_write(ctx: Ctx, a: LabelWrite) -> Result<Value, ToolError> {
    match a.method {
        LabelMethod::Create => {
            if a.color.as_deref().is_none_or(|c| c.trim().is_empty()) {
                return Err(ToolError::invalid_input(
                    "`color` is required for 'create': six hex digits such as `f29513`",
                ));
            }
            let body = create_body(&a.name, a.color, a.description);
            label_create(&ctx, &a.owner, &a.repo, body).await
        }
        LabelMethod::Update => {
            let changes = LabelChanges {
                new_name: a.new_name,
                color: color(a.color),
                description: a.description,
            };
            let body = mcp_shared::json::update_body(&changes)?;
            label_update(&ctx, &a.owner, &a.repo, &a.name, body).await
        }
        LabelMethod::Delete => label_delete(&ctx, &a.owner, &a.repo, &a.name).await,
    }
}
