//! Issues and their comments.

use mcp_shared::json::{enum_str, insert_opt, update_body};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::gh::{self, each, page_of, paged, repo_path};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("github_get_issue", "Get issue", Effect::Read, get_issue).toolset("issues"),
        tool(
            "github_add_issue_comment",
            "Add issue comment",
            Effect::Write,
            add_issue_comment,
        )
        .toolset("issues"),
        tool(
            "github_search_issues",
            "Search issues and pull requests",
            Effect::Read,
            search_issues,
        )
        .toolset("issues"),
        tool(
            "github_create_issue",
            "Create issue",
            Effect::Write,
            create_issue,
        )
        .toolset("issues"),
        tool(
            "github_list_issues",
            "List issues",
            Effect::Read,
            list_issues,
        )
        .toolset("issues"),
        tool(
            "github_update_issue",
            "Update issue",
            Effect::IdempotentWrite,
            update_issue,
        )
        .toolset("issues"),
        tool(
            "github_get_issue_comments",
            "Get issue comments",
            Effect::Read,
            get_issue_comments,
        )
        .toolset("issues"),
    ]
}

/// Get one issue of a repository: number, title, state, body, author, labels, assignees,
/// milestone, comment count, dates and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetIssue {
    /// Repository owner (user or organization)
    owner: String,
    /// Repository name
    repo: String,
    /// Issue number
    issue_number: Int,
}

async fn get_issue(ctx: Ctx, a: GetIssue) -> Result<Value, ToolError> {
    let path = format!("{}/issues/{}", repo_path(&a.owner, &a.repo), a.issue_number);
    let v: Value = gh::req(&ctx, Method::GET, &path)?.send_json().await?;
    Ok(gh::issue(&v))
}

/// Add a comment to an issue or pull request. Returns the new comment's id and URL.
#[derive(Deserialize, JsonSchema)]
pub struct AddIssueComment {
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Issue or pull request number
    issue_number: Int,
    /// Comment text (Markdown)
    body: String,
}

async fn add_issue_comment(ctx: Ctx, a: AddIssueComment) -> Result<Value, ToolError> {
    let path = format!(
        "{}/issues/{}/comments",
        repo_path(&a.owner, &a.repo),
        a.issue_number
    );
    let v: Value = gh::req(&ctx, Method::POST, &path)?
        .json(&json!({ "body": a.body }))
        .send_json()
        .await?;
    Ok(gh::comment(&v))
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
enum IssueSort {
    Comments,
    Reactions,
    #[serde(rename = "reactions-+1")]
    ReactionsPlus1,
    #[serde(rename = "reactions--1")]
    ReactionsMinus1,
    ReactionsSmile,
    #[serde(rename = "reactions-thinking_face")]
    ReactionsThinkingFace,
    ReactionsHeart,
    ReactionsTada,
    Interactions,
    Created,
    Updated,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Asc,
    Desc,
}

/// Search issues and pull requests across GitHub with GitHub's search syntax
/// (e.g. `repo:owner/name is:open label:bug`). Returns total count, matching issues and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchIssues {
    /// Search query in GitHub issue search syntax
    q: String,
    /// Sort field (default: best match)
    sort: Option<IssueSort>,
    /// Sort order
    order: Option<Order>,
    /// Page number (from 1)
    page: Option<Int>,
    /// Results per page (max 100)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn search_issues(ctx: Ctx, a: SearchIssues) -> Result<Value, ToolError> {
    let r = gh::req(&ctx, Method::GET, "/search/issues")?
        .query("q", &a.q)
        .query_opt("sort", a.sort.as_ref().map(enum_str))
        .query_opt("order", a.order.as_ref().map(enum_str));
    let resp = paged(r, a.page, a.per_page).send().await?;
    let v: Value = resp.json()?;
    let mut out = page_of(&resp, each(&v["items"], gh::issue));
    out["total_count"] = v["total_count"].clone();
    Ok(out)
}

/// Create an issue in a repository. Returns the new issue (number and URL among its fields).
#[derive(Deserialize, JsonSchema)]
pub struct CreateIssue {
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Issue title
    title: String,
    /// Issue body (Markdown)
    body: Option<String>,
    /// Logins to assign
    assignees: Option<Vec<String>>,
    /// Label names to apply
    labels: Option<Vec<String>>,
    /// Milestone number
    milestone: Option<Int>,
}

async fn create_issue(ctx: Ctx, a: CreateIssue) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("title".into(), json!(a.title));
    insert_opt(&mut body, "body", a.body);
    insert_opt(&mut body, "assignees", a.assignees);
    insert_opt(&mut body, "labels", a.labels);
    insert_opt(&mut body, "milestone", a.milestone);
    let path = format!("{}/issues", repo_path(&a.owner, &a.repo));
    let v: Value = gh::req(&ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(gh::issue(&v))
}

#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "lowercase")]
enum ListState {
    Open,
    Closed,
    All,
}

#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "lowercase")]
enum ListSort {
    Created,
    Updated,
    Comments,
}

/// List issues of a repository (pull requests excluded), filtered by state, labels and date.
/// Returns issues and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListIssues {
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Issue state (default open)
    state: Option<ListState>,
    /// Only issues with all of these labels
    labels: Option<Vec<String>>,
    /// Sort field (default created)
    sort: Option<ListSort>,
    /// Sort direction (default desc)
    direction: Option<Order>,
    /// Only issues updated at or after this time (ISO 8601, e.g. 2024-01-31T00:00:00Z)
    since: Option<String>,
    /// Page number (from 1)
    page: Option<Int>,
    /// Results per page (max 100)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_issues(ctx: Ctx, a: ListIssues) -> Result<Value, ToolError> {
    let path = format!("{}/issues", repo_path(&a.owner, &a.repo));
    let r = gh::req(&ctx, Method::GET, &path)?
        .query_opt("state", a.state.as_ref().map(enum_str))
        .query_opt(
            "labels",
            a.labels
                .as_ref()
                .filter(|l| !l.is_empty())
                .map(|l| l.join(",")),
        )
        .query_opt("sort", a.sort.as_ref().map(enum_str))
        .query_opt("direction", a.direction.as_ref().map(enum_str))
        .query_opt("since", a.since.as_deref());
    let resp = paged(r, a.page, a.per_page).send().await?;
    let v: Value = resp.json()?;
    let items: Vec<Value> = v
        .as_array()
        .map(|a| {
            a.iter()
                .filter(|i| i.get("pull_request").is_none())
                .map(gh::issue)
                .collect()
        })
        .unwrap_or_default();
    Ok(page_of(&resp, Value::Array(items)))
}

#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "lowercase")]
enum OpenClosed {
    Open,
    Closed,
}

/// Update an issue: title, body, state, labels, assignees or milestone. Labels and assignees
/// replace the current ones. Returns the updated issue.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateIssue {
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Issue number
    issue_number: Int,
    #[serde(flatten)]
    changes: IssueChanges,
}

/// The fields of an issue an update may set; only those given are sent.
#[derive(Deserialize, Serialize, JsonSchema)]
pub struct IssueChanges {
    /// New title
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    /// New body (Markdown)
    #[serde(skip_serializing_if = "Option::is_none")]
    body: Option<String>,
    /// New state
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<OpenClosed>,
    /// New labels (replace the current ones)
    #[serde(skip_serializing_if = "Option::is_none")]
    labels: Option<Vec<String>>,
    /// New assignees (replace the current ones)
    #[serde(skip_serializing_if = "Option::is_none")]
    assignees: Option<Vec<String>>,
    /// New milestone number
    #[serde(skip_serializing_if = "Option::is_none")]
    milestone: Option<Int>,
}

async fn update_issue(ctx: Ctx, a: UpdateIssue) -> Result<Value, ToolError> {
    let body = update_body(&a.changes)?;
    let path = format!("{}/issues/{}", repo_path(&a.owner, &a.repo), a.issue_number);
    let v: Value = gh::req(&ctx, Method::PATCH, &path)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(gh::issue(&v))
}

/// List the comments of an issue or pull request, oldest first. Returns comments and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct GetIssueComments {
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Issue number
    issue_number: Int,
    /// Page number (from 1)
    page: Option<Int>,
    /// Results per page (max 100)
    per_page: Option<Int>,
}

async fn get_issue_comments(ctx: Ctx, a: GetIssueComments) -> Result<Value, ToolError> {
    let path = format!(
        "{}/issues/{}/comments",
        repo_path(&a.owner, &a.repo),
        a.issue_number
    );
    let resp = paged(gh::req(&ctx, Method::GET, &path)?, a.page, a.per_page)
        .send()
        .await?;
    let v: Value = resp.json()?;
    Ok(page_of(&resp, each(&v, gh::comment)))
}
