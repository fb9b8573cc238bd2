//! GitHub's official server's combined tools: `projects_list`, `projects_get` and `projects_write`.

use mcp_shared::{Ctx, Int, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use super::items::{item_add, item_delete, item_get, item_update, items_page};
use super::project::{field_get, fields_page, project_get, projects_page};
use super::{Cursor, ItemType, OwnerType, UpdatedField, field_ids, owner_type};

// The variants are the official tool's method names.
#[allow(clippy::enum_variant_names)]
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum ListMethod {
    ListProjects,
    ListProjectFields,
    ListProjectItems,
}

fn need<T>(v: Option<T>, what: &str, method: &str) -> Result<T, ToolError> {
    v.ok_or_else(|| ToolError::invalid_input(format!("`{what}` is required for '{method}'")))
}

/// List GitHub Projects resources: `list_projects` (the projects of a user or an
/// organization), `list_project_fields` or `list_project_items` (of the project
/// `project_number`; `fields` selects the field values of items). Returns `items`,
/// `next_cursor` (pass it as `after`) and `prev_cursor` (pass it as `before`). Without
/// `owner_type`, whether `owner` is a user or an organization is looked up first.
#[derive(Deserialize, JsonSchema)]
pub struct ProjectsList {
    /// The action to perform
    method: ListMethod,
    /// The owner (user or organization login); not case sensitive
    owner: String,
    /// Owner type (user or org); looked up when left out
    owner_type: Option<OwnerType>,
    /// The project's number; required for 'list_project_fields' and 'list_project_items'
    project_number: Option<Int>,
    /// Filter: for list_projects by title text and state (e.g. `roadmap is:open`), for
    /// list_project_items with GitHub's project filter syntax
    query: Option<String>,
    /// Field ids whose values to include when listing items (e.g. ["102589", "985201"]);
    /// without it only the title is returned
    fields: Option<Vec<String>>,
    /// Max 100, default 30
    per_page: Option<Int>,
    /// Forward pagination cursor: `next_cursor` of the previous result
    after: Option<String>,
    /// Backward pagination cursor: `prev_cursor` of the previous result
    before: Option<String>,
}

pub(super) async fn projects_list(ctx: Ctx, a: ProjectsList) -> Result<Value, ToolError> {
    let c = Cursor {
        per_page: a.per_page,
        after: a.after,
        before: a.before,
    };
    match a.method {
        ListMethod::ListProjects => {
            let ot = owner_type(&ctx, &a.owner, a.owner_type).await?;
            projects_page(&ctx, ot, &a.owner, a.query.as_deref(), &c).await
        }
        ListMethod::ListProjectFields => {
            let n = need(a.project_number, "project_number", "list_project_fields")?;
            let ot = owner_type(&ctx, &a.owner, a.owner_type).await?;
            fields_page(&ctx, ot, &a.owner, n, &c).await
        }
        ListMethod::ListProjectItems => {
            let n = need(a.project_number, "project_number", "list_project_items")?;
            field_ids(a.fields.as_deref())?;
            let ot = owner_type(&ctx, &a.owner, a.owner_type).await?;
            let (q, f) = (a.query.as_deref(), a.fields.as_deref());
            items_page(&ctx, ot, &a.owner, n, q, f, &c).await
        }
    }
}

// The variants are the official tool's method names.
#[allow(clippy::enum_variant_names)]
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum GetMethod {
    GetProject,
    GetProjectField,
    GetProjectItem,
}

/// Get one GitHub Projects resource: `get_project`, `get_project_field` (with `field_id`)
/// or `get_project_item` (with `item_id`; `fields` selects its field values). Without
/// `owner_type`, whether `owner` is a user or an organization is looked up first.
#[derive(Deserialize, JsonSchema)]
pub struct ProjectsGet {
    /// The method to execute
    method: GetMethod,
    /// The owner (user or organization login); not case sensitive
    owner: String,
    /// Owner type (user or org); looked up when left out
    owner_type: Option<OwnerType>,
    project_number: Int,
    /// The field's id; required for 'get_project_field'
    field_id: Option<Int>,
    /// The project item's id; required for 'get_project_item'
    item_id: Option<Int>,
    /// Field ids whose values to include for 'get_project_item' (e.g. ["102589"]); without
    /// it only the title is returned
    fields: Option<Vec<String>>,
}

pub(super) async fn projects_get(ctx: Ctx, a: ProjectsGet) -> Result<Value, ToolError> {
    let n = a.project_number;
    match a.method {
        GetMethod::GetProject => {
            let ot = owner_type(&ctx, &a.owner, a.owner_type).await?;
            project_get(&ctx, ot, &a.owner, n).await
        }
        GetMethod::GetProjectField => {
            let id = need(a.field_id, "field_id", "get_project_field")?;
            let ot = owner_type(&ctx, &a.owner, a.owner_type).await?;
            field_get(&ctx, ot, &a.owner, n, id).await
        }
        GetMethod::GetProjectItem => {
            let id = need(a.item_id, "item_id", "get_project_item")?;
            field_ids(a.fields.as_deref())?;
            let ot = owner_type(&ctx, &a.owner, a.owner_type).await?;
            item_get(&ctx, ot, &a.owner, n, id, a.fields.as_deref()).await
        }
    }
}

// The variants are the official tool's method names.
#[allow(clippy::enum_variant_names)]
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum WriteMethod {
    AddProjectItem,
    UpdateProjectItem,
    DeleteProjectItem,
}

/// Add, update or delete GitHub Project items. `add_project_item` adds an issue
/// (`issue_number`) or pull request (`pull_request_number`) of `item_owner`/`item_repo`, or
/// one given by its numeric `item_id` with `item_type`; `update_project_item` sets one field
/// (`updated_field`) of the item `item_id`; `delete_project_item` removes the item
/// `item_id`. Without `owner_type`, whether `owner` is a user or an organization is looked
/// up first.
#[derive(Deserialize, JsonSchema)]
pub struct ProjectsWrite {
    /// The method to execute
    method: WriteMethod,
    /// The project owner (user or organization login); not case sensitive
    owner: String,
    /// Owner type (user or org); looked up when left out
    owner_type: Option<OwnerType>,
    project_number: Int,
    /// The item's type, issue or pull_request ('add_project_item'; implied by
    /// `issue_number` or `pull_request_number`)
    item_type: Option<ItemType>,
    /// The owner of the repository holding the issue or pull request ('add_project_item')
    item_owner: Option<String>,
    /// The repository holding the issue or pull request ('add_project_item')
    item_repo: Option<String>,
    /// The issue's number ('add_project_item'); give this or `pull_request_number`
    issue_number: Option<Int>,
    /// The pull request's number ('add_project_item'); give this or `issue_number`
    pull_request_number: Option<Int>,
    /// The project item's id for 'update_project_item' and 'delete_project_item'; for
    /// 'add_project_item' (instead of a number) the numeric id of the issue or pull request
    item_id: Option<Int>,
    /// For 'update_project_item': the field's id and its new value, e.g.
    /// {"id": 123456, "value": "New Value"}; null clears the field
    updated_field: Option<UpdatedField>,
}

/// The body of `POST .../items`: `{type, owner, repo, number}` for an issue or pull request
/// named by its repository and number, `{type, id}` for one named by its id.
fn add_body(a: &ProjectsWrite) -> Result<Value, ToolError> {
    let by_number = match (a.issue_number, a.pull_request_number) {
        (Some(_), Some(_)) => {
            return Err(ToolError::invalid_input(
                "give `issue_number` or `pull_request_number`, not both",
            ));
        }
        (Some(n), None) => Some((ItemType::Issue, n)),
        (None, Some(n)) => Some((ItemType::PullRequest, n)),
        (None, None) => None,
    };
    match (by_number, a.item_id) {
        (Some((kind, number)), _) => {
            if a.item_type.is_some_and(|t| t != kind) {
                return Err(ToolError::invalid_input(
                    "`item_type` does not match: `issue_number` adds an issue, `pull_request_number` a pull request",
                ));
            }
            let (Some(owner), Some(repo)) = (
                a.item_owner.as_deref().filter(|s| !s.trim().is_empty()),
                a.item_repo.as_deref().filter(|s| !s.trim().is_empty()),
            ) else {
                return Err(ToolError::invalid_input(
                    "'add_project_item' needs `item_owner` and `item_repo`: the repository of the issue or pull request",
                ));
            };
            Ok(json!({ "type": kind.rest(), "owner": owner, "repo": repo, "number": number.get() }))
        }
        (None, Some(id)) => {
            let kind = a.item_type.ok_or_else(|| {
                ToolError::invalid_input(
                    "`item_type` (issue or pull_request) is required with `item_id`",
                )
            })?;
            Ok(json!({ "type": kind.rest(), "id": id.get() }))
        }
        (None, None) => Err(ToolError::invalid_input(
            "'add_project_item' needs `item_owner`, `item_repo` and `issue_number` or `pull_request_number` (or the numeric `item_id` with `item_type`)",
        )),
    }
}

pub(super) async fn projects_write(ctx: Ctx, a: ProjectsWrite) -> Result<Value, ToolError> {
    let n = a.project_number;
    match a.method {
        WriteMethod::AddProjectItem => {
            let body = add_body(&a)?;
            let ot = owner_type(&ctx, &a.owner, a.owner_type).await?;
            item_add(&ctx, ot, &a.owner, n, body).await
        }
        WriteMethod::UpdateProjectItem => {
            let id = need(a.item_id, "item_id", "update_project_item")?;
            let change = need(
                a.updated_field.as_ref(),
                "updated_field",
                "update_project_item",
            )?;
            let ot = owner_type(&ctx, &a.owner, a.owner_type).await?;
            item_update(&ctx, ot, &a.owner, n, id, change).await
        }
        WriteMethod::DeleteProjectItem => {
            let id = need(a.item_id, "item_id", "delete_project_item")?;
            let ot = owner_type(&ctx, &a.owner, a.owner_type).await?;
            item_delete(&ctx, ot, &a.owner, n, id).await
        }
    }
}
