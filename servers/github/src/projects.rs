//! GitHub Projects (the `projects` toolset): projects of a user or an organization, their
//! fields and items, adding, updating and removing items, over GitHub's REST API for
//! Projects (`/orgs/{org}/projectsV2`, `/users/{username}/projectsV2`). Lists page with the
//! cursors of GitHub's `Link` header (`after`/`before`).

use mcp_shared::json::{at, pick, pluck};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("projects");
    vec![
        t(tool(
            "github_list_projects",
            "List projects",
            Effect::Read,
            list_projects,
        )
        .official_name("list_projects")),
        t(tool(
            "github_get_project",
            "Get project",
            Effect::Read,
            get_project,
        )
        .official_name("get_project")),
        t(tool(
            "github_list_project_fields",
            "List project fields",
            Effect::Read,
            list_project_fields,
        )
        .official_name("list_project_fields")),
        t(tool(
            "github_get_project_field",
            "Get project field",
            Effect::Read,
            get_project_field,
        )
        .official_name("get_project_field")),
        t(tool(
            "github_list_project_items",
            "List project items",
            Effect::Read,
            list_project_items,
        )
        .official_name("list_project_items")),
        t(tool(
            "github_get_project_item",
            "Get project item",
            Effect::Read,
            get_project_item,
        )
        .official_name("get_project_item")),
        t(tool(
            "github_add_project_item",
            "Add project item",
            Effect::Write,
            add_project_item,
        )
        .official_name("add_project_item")),
        t(tool(
            "github_update_project_item",
            "Update project item",
            Effect::IdempotentWrite,
            update_project_item,
        )
        .official_name("update_project_item")),
        t(tool(
            "github_delete_project_item",
            "Delete project item",
            Effect::Destructive,
            delete_project_item,
        )
        .official_name("delete_project_item")),
        t(tool(
            "projects_list",
            "List GitHub Projects resources",
            Effect::Read,
            projects_list,
        )
        .official_only()),
        t(tool(
            "projects_get",
            "Get details of GitHub Projects resources",
            Effect::Read,
            projects_get,
        )
        .official_only()),
        t(tool(
            "projects_write",
            "Modify GitHub Project items",
            Effect::Destructive,
            projects_write,
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

/// `{"raw", "html"}` text objects as their raw text.
fn raw(v: &Value) -> Value {
    match v {
        Value::Object(o) if o.contains_key("raw") => o["raw"].clone(),
        other => other.clone(),
    }
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

fn iteration(v: &Value) -> Value {
    let mut x = pick(v, &["id", "start_date", "duration"]);
    if let Some(t) = at(v, "title") {
        x["title"] = raw(t);
    }
    x
}

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

// ---- requests shared by our tools and the official combined ones

async fn projects_page(
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

async fn project_get(
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

async fn fields_page(
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

async fn field_get(
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

async fn items_page(
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

async fn item_get(
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

async fn item_add(
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

async fn item_update(
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

async fn item_delete(
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

async fn list_projects(ctx: Ctx, a: ListProjects) -> Result<Value, ToolError> {
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

async fn get_project(ctx: Ctx, a: GetProject) -> Result<Value, ToolError> {
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

async fn list_project_fields(ctx: Ctx, a: ListProjectFields) -> Result<Value, ToolError> {
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

async fn get_project_field(ctx: Ctx, a: GetProjectField) -> Result<Value, ToolError> {
    field_get(&ctx, a.owner_type, &a.owner, a.project_number, a.field_id).await
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

async fn list_project_items(ctx: Ctx, a: ListProjectItems) -> Result<Value, ToolError> {
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

async fn get_project_item(ctx: Ctx, a: GetProjectItem) -> Result<Value, ToolError> {
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

/// Add an issue or a pull request to a Project, by the issue's or pull request's numeric id
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

async fn add_project_item(ctx: Ctx, a: AddProjectItem) -> Result<Value, ToolError> {
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

async fn update_project_item(ctx: Ctx, a: UpdateProjectItem) -> Result<Value, ToolError> {
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

async fn delete_project_item(ctx: Ctx, a: DeleteProjectItem) -> Result<Value, ToolError> {
    item_delete(&ctx, a.owner_type, &a.owner, a.project_number, a.item_id).await
}

// ---- GitHub's official server's combined tools

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

async fn projects_list(ctx: Ctx, a: ProjectsList) -> Result<Value, ToolError> {
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

async fn projects_get(ctx: Ctx, a: ProjectsGet) -> Result<Value, ToolError> {
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

async fn projects_write(ctx: Ctx, a: ProjectsWrite) -> Result<Value, ToolError> {
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
