//! Issues: search (JQL), get, create, update, delete, comments, fields, link types,
//! transitions and assignable users (`/rest/api/3`).

use mcp_shared::{Count, Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, csv, issue, jql_quote, key};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("jira_search", "Search issues", Effect::Read, search).toolset("issues"),
        tool("jira_get_issue", "Get issue", Effect::Read, get_issue).toolset("issues"),
        tool(
            "jira_get_project_issues",
            "Get project issues",
            Effect::Read,
            get_project_issues,
        )
        .toolset("issues"),
        tool(
            "jira_get_epic_issues",
            "Get epic issues",
            Effect::Read,
            get_epic_issues,
        )
        .toolset("issues"),
        tool(
            "jira_create_issue",
            "Create issue",
            Effect::Write,
            create_issue,
        )
        .toolset("issues"),
        tool(
            "jira_update_issue",
            "Update issue",
            Effect::IdempotentWrite,
            update_issue,
        )
        .toolset("issues"),
        tool(
            "jira_delete_issue",
            "Delete issue",
            Effect::Destructive,
            delete_issue,
        )
        .toolset("issues"),
        tool(
            "jira_add_comment",
            "Add comment",
            Effect::Write,
            add_comment,
        )
        .toolset("issues"),
        tool(
            "jira_get_transitions",
            "Get transitions",
            Effect::Read,
            get_transitions,
        )
        .toolset("issues"),
        tool(
            "jira_transition_issue",
            "Transition issue",
            Effect::Write,
            transition_issue,
        )
        .toolset("issues"),
        tool(
            "jira_get_assignable_users",
            "Get assignable users",
            Effect::Read,
            get_assignable_users,
        )
        .toolset("issues"),
        tool(
            "jira_search_fields",
            "Search fields",
            Effect::Read,
            search_fields,
        )
        .toolset("fields"),
        tool(
            "jira_get_link_types",
            "Get link types",
            Effect::Read,
            get_link_types,
        )
        .toolset("fields"),
    ]
}

const LIST_FIELDS: &str = "summary,status,assignee,priority,issuetype,updated";
const ISSUE_FIELDS: &str = "summary,status,issuetype,priority,assignee,reporter,created,updated,duedate,resolution,labels,components,fixVersions,parent,subtasks,issuelinks,description";

/// One page of `/rest/api/3/search/jql`: `{issues, next_page_token}` (null on the last page).
/// `startAt` is emulated within the first 100 issues (Jira's search pages by token only).
async fn run_search(
    ctx: &Ctx,
    jql: &str,
    fields: Option<&str>,
    limit: Option<Int>,
    start_at: Option<Int>,
    token: Option<&str>,
) -> Result<Value, ToolError> {
    let limit = api::page_size(limit, 10, 100)?;
    let skip = start_at.map(Int::get).unwrap_or(0);
    let token = token.map(str::trim).filter(|t| !t.is_empty());
    if skip > 0 && token.is_some() {
        return Err(ToolError::invalid_input(
            "give startAt or next_page_token, not both",
        ));
    }
    if skip + limit > 100 {
        return Err(ToolError::invalid_input(format!(
            "startAt + limit may reach 100 at most (got {}): Jira's search pages by token; pass the next_page_token of the previous result instead",
            skip + limit
        )));
    }
    let fields = match csv(fields).join(",") {
        f if f.is_empty() => LIST_FIELDS.to_owned(),
        f => f,
    };
    let v: Value = ctx
        .authorized(Method::GET, "/rest/api/3/search/jql")?
        .query("jql", jql)
        .query("maxResults", skip + limit)
        .query("fields", &fields)
        .query_opt("nextPageToken", token)
        .send_json()
        .await?;
    let issues: Vec<Value> = v
        .get("issues")
        .and_then(Value::as_array)
        .map(|a| a.iter().skip(skip as usize).map(issue).collect())
        .unwrap_or_default();
    let next = match v.get("isLast").and_then(Value::as_bool) {
        Some(true) => Value::Null,
        _ => v.get("nextPageToken").cloned().unwrap_or(Value::Null),
    };
    Ok(json!({"issues": issues, "next_page_token": next}))
}

/// Put `project IN (...)` in front of a JQL query that names no project.
fn with_projects(jql: &str, projects: &[String]) -> String {
    if projects.is_empty() || jql.to_ascii_lowercase().contains("project") {
        return jql.to_owned();
    }
    let list = projects
        .iter()
        .map(|p| jql_quote(p))
        .collect::<Vec<_>>()
        .join(", ");
    let filter = format!("project IN ({list})");
    let lower = jql.to_ascii_lowercase();
    let (cond, order) = match lower.find("order by") {
        // ASCII lower-casing keeps byte offsets: `i` is a boundary of `jql` too.
        Some(i) => match jql.split_at_checked(i) {
            Some((cond, order)) => (cond.trim(), order.trim()),
            None => (jql.trim(), ""),
        },
        None => (jql.trim(), ""),
    };
    let mut out = if cond.is_empty() {
        filter
    } else {
        format!("{filter} AND ({cond})")
    };
    if !order.is_empty() {
        out.push(' ');
        out.push_str(order);
    }
    out
}

/// Search issues with JQL. Returns `issues` (key, id, the fields, descriptions as Markdown)
/// and `next_page_token` (null on the last page).
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    /// e.g. `project = PROJ AND status = "In Progress" ORDER BY updated DESC`
    jql: String,
    /// Comma-separated field ids, `*all` for every field
    #[schemars(extend("default" = LIST_FIELDS))]
    fields: Option<String>,
    /// 1-100
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
    /// Issues to skip, within the first 100 (prefer next_page_token)
    #[serde(rename = "startAt")]
    start_at: Option<Int>,
    /// From the previous page
    next_page_token: Option<String>,
    /// Comma-separated project keys added to a query that names no project (default: the server's JIRA_PROJECTS_FILTER)
    projects_filter: Option<String>,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    if a.jql.trim().is_empty() {
        return Err(ToolError::invalid_input("jql must not be empty"));
    }
    let filter = a
        .projects_filter
        .clone()
        .or_else(|| ctx.option("projects-filter").map(str::to_owned));
    let jql = with_projects(a.jql.trim(), &csv(filter.as_deref()));
    run_search(
        &ctx,
        &jql,
        a.fields.as_deref(),
        a.limit,
        a.start_at,
        a.next_page_token.as_deref(),
    )
    .await
}

/// List a project's issues, newest first, like jira_search.
#[derive(Deserialize, JsonSchema)]
pub struct GetProjectIssues {
    /// e.g. `PROJ`
    project_key: String,
    /// 1-100
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
    /// Issues to skip, within the first 100 (prefer next_page_token)
    #[serde(rename = "startAt")]
    start_at: Option<Int>,
    next_page_token: Option<String>,
}

async fn get_project_issues(ctx: Ctx, a: GetProjectIssues) -> Result<Value, ToolError> {
    let p = a.project_key.trim();
    if p.is_empty() {
        return Err(ToolError::invalid_input("project_key must not be empty"));
    }
    let jql = format!("project = {} ORDER BY created DESC", jql_quote(p));
    run_search(
        &ctx,
        &jql,
        None,
        a.limit,
        a.start_at,
        a.next_page_token.as_deref(),
    )
    .await
}

/// List the issues of an epic (its child issues, `parent = EPIC`), like jira_search.
#[derive(Deserialize, JsonSchema)]
pub struct GetEpicIssues {
    /// e.g. `PROJ-12`
    epic_key: String,
    /// 1-100
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
    /// Issues to skip, within the first 100 (prefer next_page_token)
    #[serde(rename = "startAt")]
    start_at: Option<Int>,
    next_page_token: Option<String>,
}

async fn get_epic_issues(ctx: Ctx, a: GetEpicIssues) -> Result<Value, ToolError> {
    let e = a.epic_key.trim();
    if e.is_empty() {
        return Err(ToolError::invalid_input("epic_key must not be empty"));
    }
    let jql = format!("parent = {} ORDER BY rank", jql_quote(e));
    run_search(
        &ctx,
        &jql,
        None,
        a.limit,
        a.start_at,
        a.next_page_token.as_deref(),
    )
    .await
}

/// Get one issue: its fields (description as Markdown) and latest comments.
#[derive(Deserialize, JsonSchema)]
pub struct GetIssue {
    /// e.g. `PROJ-123`
    issue_key: String,
    /// Comma-separated field ids, `*all` for every field (default: the usual ones)
    fields: Option<String>,
    /// e.g. `renderedFields,changelog`
    expand: Option<String>,
    /// Newest comments to include; 0 for none
    #[schemars(extend("default" = 10))]
    comment_limit: Option<Count>,
    /// Comma-separated issue property keys
    properties: Option<String>,
    /// Add the issue to the user's recently viewed
    #[schemars(extend("default" = true))]
    update_history: Option<bool>,
}

async fn get_issue(ctx: Ctx, a: GetIssue) -> Result<Value, ToolError> {
    let k = key(&a.issue_key, "issue_key")?;
    let fields = match csv(a.fields.as_deref()).join(",") {
        f if f.is_empty() => ISSUE_FIELDS.to_owned(),
        f => f,
    };
    let v: Value = ctx
        .authorized(Method::GET, &format!("/rest/api/3/issue/{k}"))?
        .query("fields", &fields)
        .query_opt("expand", a.expand.as_deref().filter(|s| !s.is_empty()))
        .query_opt(
            "properties",
            a.properties.as_deref().filter(|s| !s.is_empty()),
        )
        .query("updateHistory", a.update_history.unwrap_or(true))
        .send_json()
        .await?;
    let mut out = issue(&v);
    for extra in ["renderedFields", "changelog", "properties"] {
        if let Some(x) = v.get(extra) {
            out[extra] = api::simplify(x);
        }
    }
    let n = a.comment_limit.map(Count::get).unwrap_or(10);
    if n > 0 {
        let c: Value = ctx
            .authorized(Method::GET, &format!("/rest/api/3/issue/{k}/comment"))?
            .query("maxResults", n.min(100))
            .query("orderBy", "-created")
            .send_json()
            .await?;
        let list: Vec<Value> = c
            .get("comments")
            .and_then(Value::as_array)
            .map(|a| a.iter().map(api::comment).collect())
            .unwrap_or_default();
        out["comments"] = json!(list);
    }
    Ok(out)
}

/// Create an issue. Returns its id and key.
#[derive(Deserialize, JsonSchema)]
pub struct CreateIssue {
    /// e.g. `PROJ`
    project_key: String,
    summary: String,
    /// Issue type name, e.g. `Task`, `Bug`, `Story`, `Epic`, `Subtask`
    issue_type: String,
    /// Account id (see jira_get_assignable_users)
    assignee: Option<String>,
    /// Markdown (converted to Atlassian Document Format); mention with `[@Name](accountid:<id>)`
    description: Option<String>,
    /// Comma-separated component names
    components: Option<String>,
    /// JSON object of more fields, e.g. `{"priority": {"name": "High"}, "labels": ["x"], "parent": {"key": "PROJ-1"}}`
    additional_fields: Option<String>,
}

async fn create_issue(ctx: Ctx, a: CreateIssue) -> Result<Value, ToolError> {
    let mut fields = api::json_object(a.additional_fields.as_deref(), "additional_fields")?;
    let project = a.project_key.trim();
    if project.is_empty() || a.summary.trim().is_empty() || a.issue_type.trim().is_empty() {
        return Err(ToolError::invalid_input(
            "project_key, summary and issue_type must not be empty",
        ));
    }
    fields.insert("project".into(), json!({ "key": project }));
    fields.insert("summary".into(), json!(a.summary));
    fields.insert("issuetype".into(), json!({ "name": a.issue_type.trim() }));
    if let Some(d) = a.description.filter(|d| !d.trim().is_empty()) {
        fields.insert("description".into(), json!(d));
    }
    if let Some(who) = a.assignee.filter(|s| !s.trim().is_empty()) {
        fields.insert("assignee".into(), json!(who.trim()));
    }
    let comps = csv(a.components.as_deref());
    if !comps.is_empty() {
        let list: Vec<Value> = comps.iter().map(|c| json!({ "name": c })).collect();
        fields.insert("components".into(), json!(list));
    }
    api::normalize_fields(&mut fields);
    let v: Value = ctx
        .authorized(Method::POST, "/rest/api/3/issue")?
        .json(&json!({ "fields": fields }))
        .send_json()
        .await?;
    Ok(json!({"id": v.get("id"), "key": v.get("key")}))
}

/// Update an issue's fields. `description` is Markdown; `assignee` an account id.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateIssue {
    /// e.g. `PROJ-123`
    issue_key: String,
    /// JSON object of fields to set, e.g. `{"summary": "New", "description": "**Markdown**", "labels": ["x"]}`
    fields: String,
    /// JSON object merged into fields
    additional_fields: Option<String>,
    /// Not supported: upload files in Jira itself; must be empty
    attachments: Option<String>,
}

async fn update_issue(ctx: Ctx, a: UpdateIssue) -> Result<Value, ToolError> {
    let k = key(&a.issue_key, "issue_key")?;
    if a.attachments
        .as_deref()
        .is_some_and(|s| !s.trim().is_empty() && s.trim() != "[]")
    {
        return Err(ToolError::invalid_input(
            "attachments cannot be uploaded through this server (it has no access to your files); leave attachments empty",
        ));
    }
    let mut fields = api::json_object(Some(&a.fields), "fields")?;
    fields.extend(api::json_object(
        a.additional_fields.as_deref(),
        "additional_fields",
    )?);
    if fields.is_empty() {
        return Err(ToolError::invalid_input(
            "fields must name at least one field to set",
        ));
    }
    api::normalize_fields(&mut fields);
    ctx.authorized(Method::PUT, &format!("/rest/api/3/issue/{k}"))?
        .json(&json!({ "fields": fields }))
        .idempotent(true)
        .send()
        .await?;
    let names: Vec<&String> = fields.keys().collect();
    Ok(json!({"updated": a.issue_key.trim(), "fields": names}))
}

/// Delete an issue (it must have no subtasks). Cannot be undone.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteIssue {
    /// e.g. `PROJ-123`
    issue_key: String,
}

async fn delete_issue(ctx: Ctx, a: DeleteIssue) -> Result<Value, ToolError> {
    let k = key(&a.issue_key, "issue_key")?;
    ctx.authorized(Method::DELETE, &format!("/rest/api/3/issue/{k}"))?
        .send()
        .await?;
    Ok(json!({"deleted": a.issue_key.trim()}))
}

/// Add a comment to an issue. Returns the comment's id and date.
#[derive(Deserialize, JsonSchema)]
pub struct AddComment {
    /// e.g. `PROJ-123`
    issue_key: String,
    /// Markdown (converted to Atlassian Document Format); mention with `[@Name](accountid:<id>)`
    comment: String,
}

async fn add_comment(ctx: Ctx, a: AddComment) -> Result<Value, ToolError> {
    let k = key(&a.issue_key, "issue_key")?;
    if a.comment.trim().is_empty() {
        return Err(ToolError::invalid_input("comment must not be empty"));
    }
    let v: Value = ctx
        .authorized(Method::POST, &format!("/rest/api/3/issue/{k}/comment"))?
        .json(&json!({ "body": api::to_adf(&json!(a.comment)) }))
        .send_json()
        .await?;
    Ok(
        json!({"id": v.get("id"), "created": v.get("created"), "author": v.get("author").and_then(|x| x.get("displayName"))}),
    )
}

/// List the transitions an issue can take now (id, name, target status); do one with jira_transition_issue.
#[derive(Deserialize, JsonSchema)]
pub struct GetTransitions {
    /// e.g. `PROJ-123`
    issue_key: String,
}

async fn get_transitions(ctx: Ctx, a: GetTransitions) -> Result<Value, ToolError> {
    let k = key(&a.issue_key, "issue_key")?;
    let v: Value = ctx
        .authorized(Method::GET, &format!("/rest/api/3/issue/{k}/transitions"))?
        .send_json()
        .await?;
    let list: Vec<Value> = v
        .get("transitions")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|t| {
                    json!({
                        "id": t.get("id"),
                        "name": t.get("name"),
                        "to": t.get("to").and_then(|s| s.get("name")),
                        "category": t.get("to").and_then(|s| s.get("statusCategory")).and_then(|c| c.get("name")),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({ "transitions": list }))
}

/// Move an issue to another status with a transition id from jira_get_transitions, optionally commenting.
#[derive(Deserialize, JsonSchema)]
pub struct TransitionIssue {
    /// e.g. `PROJ-123`
    issue_key: String,
    transition_id: String,
    /// Markdown comment added with the transition
    comment: Option<String>,
    /// JSON object of fields the transition screen takes, e.g. `{"resolution": {"name": "Done"}}`
    fields: Option<String>,
}

async fn transition_issue(ctx: Ctx, a: TransitionIssue) -> Result<Value, ToolError> {
    let k = key(&a.issue_key, "issue_key")?;
    let id = a.transition_id.trim();
    if id.is_empty() {
        return Err(ToolError::invalid_input(
            "transition_id must not be empty (see jira_get_transitions)",
        ));
    }
    let mut body = Map::new();
    body.insert("transition".into(), json!({ "id": id }));
    let mut fields = api::json_object(a.fields.as_deref(), "fields")?;
    if !fields.is_empty() {
        api::normalize_fields(&mut fields);
        body.insert("fields".into(), Value::Object(fields));
    }
    if let Some(c) = a.comment.filter(|c| !c.trim().is_empty()) {
        body.insert(
            "update".into(),
            json!({"comment": [{"add": {"body": api::to_adf(&json!(c))}}]}),
        );
    }
    ctx.authorized(Method::POST, &format!("/rest/api/3/issue/{k}/transitions"))?
        .json(&body)
        .send()
        .await?;
    Ok(json!({"transitioned": a.issue_key.trim(), "transition_id": id}))
}

/// Find users who can be assigned issues of a project or one issue: account id, name, email.
#[derive(Deserialize, JsonSchema)]
pub struct GetAssignableUsers {
    /// Project key (this or issue_key)
    project_key: Option<String>,
    /// Issue key (this or project_key)
    issue_key: Option<String>,
    /// Part of a name or email
    query: Option<String>,
    /// 1-1000
    #[schemars(extend("default" = 50))]
    limit: Option<Int>,
}

async fn get_assignable_users(ctx: Ctx, a: GetAssignableUsers) -> Result<Value, ToolError> {
    let project = a
        .project_key
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let issue_key = a
        .issue_key
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    if project.is_none() && issue_key.is_none() {
        return Err(ToolError::invalid_input("give project_key or issue_key"));
    }
    let v: Value = ctx
        .authorized(Method::GET, "/rest/api/3/user/assignable/search")?
        .query_opt("project", project)
        .query_opt("issueKey", issue_key)
        .query_opt("query", a.query.as_deref().filter(|s| !s.trim().is_empty()))
        .query("maxResults", api::page_size(a.limit, 50, 1000)?)
        .send_json()
        .await?;
    let users: Vec<Value> = v
        .as_array()
        .map(|a| {
            a.iter()
                .map(|u| {
                    mcp_shared::json::pick(
                        u,
                        &["accountId", "displayName", "emailAddress", "active"],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({ "users": users }))
}

/// Find fields (system and custom) by name or id, e.g. the custom field id of "Story Points".
#[derive(Deserialize, JsonSchema)]
pub struct SearchFields {
    /// Part of the name or id; empty for all
    keyword: Option<String>,
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
    /// Accepted for compatibility; fields are always read fresh
    refresh: Option<bool>,
}

async fn search_fields(ctx: Ctx, a: SearchFields) -> Result<Value, ToolError> {
    let _ = a.refresh;
    let limit = a.limit.map(Int::get).unwrap_or(10).max(1) as usize;
    let needle = a.keyword.unwrap_or_default().trim().to_lowercase();
    let v: Value = ctx
        .authorized(Method::GET, "/rest/api/3/field")?
        .send_json()
        .await?;
    let all = v.as_array().cloned().unwrap_or_default();
    let matching: Vec<Value> = all
        .iter()
        .filter(|f| {
            needle.is_empty()
                || ["id", "name", "key"].iter().any(|k| {
                    f.get(*k)
                        .and_then(Value::as_str)
                        .is_some_and(|s| s.to_lowercase().contains(&needle))
                })
        })
        .take(limit)
        .map(|f| {
            json!({
                "id": f.get("id"),
                "name": f.get("name"),
                "custom": f.get("custom"),
                "type": f.get("schema").and_then(|s| s.get("type")),
                "items": f.get("schema").and_then(|s| s.get("items")),
            })
        })
        .collect();
    Ok(json!({ "fields": matching }))
}

/// List the issue link types (e.g. Blocks: "blocks" / "is blocked by").
#[derive(Deserialize, JsonSchema)]
pub struct GetLinkTypes {}

async fn get_link_types(ctx: Ctx, _a: GetLinkTypes) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/rest/api/3/issueLinkType")?
        .send_json()
        .await?;
    let list: Vec<Value> = v
        .get("issueLinkTypes")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|t| mcp_shared::json::pick(t, &["id", "name", "inward", "outward"]))
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({ "link_types": list }))
}
