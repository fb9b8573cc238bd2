//! GitHub Projects (the `projects` toolset): projects of a user or an organization, their
//! fields and items, adding, updating and removing items, over GitHub's REST API for
//! Projects (`/orgs/{org}/projectsV2`, `/users/{username}/projectsV2`). Lists page with the
//! cursors of GitHub's `Link` header (`after`/`before`).
//!
//! This file holds the tool list and what the parts share: owners, paths, error hints, cursor
//! pagination, text and iteration shapes, item types and field updates. Projects and their
//! fields are in [`project`], items in [`items`], GitHub's official server's combined tools in
//! [`official`].

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api;

mod items;
mod official;
mod project;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("projects");
    vec![
        t(tool(
            "github_list_projects",
            "List projects",
            Effect::Read,
            project::list_projects,
        )
        .official_name("list_projects")),
        t(tool(
            "github_get_project",
            "Get project",
            Effect::Read,
            project::get_project,
        )
        .official_name("get_project")),
        t(tool(
            "github_list_project_fields",
            "List project fields",
            Effect::Read,
            project::list_project_fields,
        )
        .official_name("list_project_fields")),
        t(tool(
            "github_get_project_field",
            "Get project field",
            Effect::Read,
            project::get_project_field,
        )
        .official_name("get_project_field")),
        t(tool(
            "github_list_project_items",
            "List project items",
            Effect::Read,
            items::list_project_items,
        )
        .official_name("list_project_items")),
        t(tool(
            "github_get_project_item",
            "Get project item",
            Effect::Read,
            items::get_project_item,
        )
        .official_name("get_project_item")),
        t(tool(
            "github_add_project_item",
            "Add project item",
            Effect::Write,
            items::add_project_item,
        )
        .official_name("add_project_item")),
        t(tool(
            "github_update_project_item",
            "Update project item",
            Effect::IdempotentWrite,
            items::update_project_item,
        )
        .official_name("update_project_item")),
        t(tool(
            "github_delete_project_item",
            "Delete project item",
            Effect::Destructive,
            items::delete_project_item,
        )
        .official_name("delete_project_item")),
        t(tool(
            "projects_list",
            "List GitHub Projects resources",
            Effect::Read,
            official::projects_list,
        )
        .official_only()),
        t(tool(
            "projects_get",
            "Get details of GitHub Projects resources",
            Effect::Read,
            official::projects_get,
        )
        .official_only()),
        t(tool(
            "projects_write",
            "Modify GitHub Project items",
            Effect::Destructive,
            official::projects_write,
        )
        .official_only()),
    ]
}

// ---- owners, paths, errors

/// Who owns a project: a user or an organization (their projects live under different paths).
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum OwnerType {
    User,
    Org,
}

/// `/orgs/{org}/projectsV2` or `/users/{username}/projectsV2`.
fn projects_path(ot: OwnerType, owner: &str) -> String {
    match ot {
        OwnerType::Org => format!("/orgs/{}/projectsV2", seg(owner)),
        OwnerType::User => format!("/users/{}/projectsV2", seg(owner)),
    }
}

fn project_path(ot: OwnerType, owner: &str, number: Int) -> String {
    format!("{}/{number}", projects_path(ot, owner))
}

/// The owner type given, or else GitHub's answer to `GET /users/{owner}` (`type` is
/// `Organization` for organizations), as GitHub's server detects it when `owner_type` is
/// left out.
async fn owner_type(
    ctx: &Ctx,
    owner: &str,
    given: Option<OwnerType>,
) -> Result<OwnerType, ToolError> {
    if let Some(t) = given {
        return Ok(t);
    }
    let v: Value = api::req(ctx, Method::GET, &format!("/users/{}", seg(owner)))?
        .send_json()
        .await
        .map_err(|e| {
            e.context("looking up whether `owner` is a user or an organization")
                .with_specific_hint("check `owner`, or give `owner_type` (user or org).")
        })?;
    Ok(match v.get("type").and_then(Value::as_str) {
        Some("Organization") => OwnerType::Org,
        _ => OwnerType::User,
    })
}

/// Hints for what GitHub's Projects statuses usually mean.
fn hint(write: bool) -> impl Fn(ToolError) -> ToolError {
    move |e: ToolError| {
        match e.status {
        Some(404) => e.with_specific_hint(
            "the project, field or item does not exist, or the token cannot see it: check `owner`, `owner_type` (user or org) and `project_number` (the number in the project's URL); item and field ids come from list_project_items and list_project_fields.",
        ),
        Some(403) if write => e.with_specific_hint(
            "changing project items needs the `project` scope on a classic token, or the Projects (write) permission on a fine-grained token.",
        ),
        Some(403) => e.with_specific_hint(
            "reading projects needs the `read:project` scope on a classic token, or the Projects (read) permission on a fine-grained token; projects owned by a user can only be read with a classic token or an OAuth token.",
        ),
        Some(422) => e.with_specific_hint(
            "GitHub rejected the values: a single-select or iteration field takes the option or iteration id (list_project_fields lists them), a date field `YYYY-MM-DD`, a number field a number; `null` clears a field.",
        ),
        _ => e,
    }
    }
}

// ---- pagination by cursor

/// Cursor pagination of the Projects REST API.
struct Cursor {
    per_page: Option<Int>,
    after: Option<String>,
    before: Option<String>,
}

/// A request with `per_page` (at most 100) and the `after` or `before` cursor.
fn cursor_request(r: mcp_shared::Request, c: &Cursor) -> Result<mcp_shared::Request, ToolError> {
    let after = c.after.as_deref().filter(|s| !s.trim().is_empty());
    let before = c.before.as_deref().filter(|s| !s.trim().is_empty());
    if after.is_some() && before.is_some() {
        return Err(ToolError::invalid_input(
            "give `after` (the next page) or `before` (the previous page), not both",
        ));
    }
    Ok(
        r.query_opt("per_page", c.per_page.map(|p| p.get().clamp(1, 100)))
            .query_opt("after", after)
            .query_opt("before", before),
    )
}

/// `{"items", "next_cursor", "prev_cursor"}`: the cursors come from the `after` and
/// `before` parameters of the `Link` header's `next` and `prev` URLs.
fn cursor_page(resp: &mcp_shared::Response, items: Value) -> Value {
    json!({
        "items": items,
        "next_cursor": resp.link_param("next", "after"),
        "prev_cursor": resp.link_param("prev", "before"),
    })
}

/// `fields` (numeric field ids) as GitHub's `fields=1,2,3`.
fn field_ids(fields: Option<&[String]>) -> Result<Option<String>, ToolError> {
    let Some(fields) = fields.filter(|f| !f.is_empty()) else {
        return Ok(None);
    };
    let ids: Vec<&str> = fields.iter().map(|f| f.trim()).collect();
    if let Some(bad) = ids
        .iter()
        .find(|f| f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(ToolError::invalid_input(format!(
            "`fields` takes numeric field ids (list_project_fields lists them), e.g. [\"102589\", \"985201\"]; got `{bad}`"
        )));
    }
    Ok(Some(ids.join(",")))
}

/// `{"raw", "html"}` text objects as their raw text.
fn raw(v: &Value) -> Value {
    match v {
        Value::Object(o) if o.contains_key("raw") => o["raw"].clone(),
        other => other.clone(),
    }
}

fn iteration(v: &Value) -> Value {
    let mut x = pick(v, &["id", "start_date", "duration"]);
    if let Some(t) = at(v, "title") {
        x["title"] = raw(t);
    }
    x
}

/// GitHub's item type for an issue or a pull request.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum ItemType {
    Issue,
    PullRequest,
}

impl ItemType {
    fn rest(self) -> &'static str {
        match self {
            ItemType::Issue => "Issue",
            ItemType::PullRequest => "PullRequest",
        }
    }
}

fn field_value_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": ["string", "number", "null"],
        "description": "The new value: text, a number, a date `YYYY-MM-DD`, the option id of a single-select field or the iteration id of an iteration field; null clears the field"
    })
}

/// The field to set on an item and its new value, e.g. `{"id": 123456, "value": "New Value"}`
/// (`value` is required: `null` clears the field).
#[derive(Deserialize, JsonSchema)]
pub struct UpdatedField {
    /// The field's id (list_project_fields lists them)
    id: Int,
    #[schemars(schema_with = "field_value_schema")]
    value: Value,
}
