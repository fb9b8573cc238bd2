//! Issues and their comments.

use mcp_shared::json::{enum_str, insert_opt, pick, pluck, update_body};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{self, each, page_of, paged, repo_path};
use crate::lockdown;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("github_get_issue", "Get issue", Effect::Read, get_issue).toolset("issues"),
        tool(
            "github_add_issue_comment",
            "Add issue comment",
            Effect::Write,
            add_issue_comment,
        )
        .toolset("issues")
        .official_name("add_issue_comment"),
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
        tool(
            "github_list_sub_issues",
            "List sub-issues",
            Effect::Read,
            list_sub_issues,
        )
        .toolset("issues"),
        tool(
            "github_list_issue_labels",
            "List labels of an issue",
            Effect::Read,
            list_issue_labels,
        )
        .toolset("issues"),
        tool("github_get_label", "Get label", Effect::Read, get_label)
            .toolset("issues")
            .official_name("get_label"),
        tool(
            "github_list_issue_types",
            "List issue types",
            Effect::Read,
            list_issue_types,
        )
        .toolset("issues")
        .official_name("list_issue_types"),
        tool(
            "github_add_sub_issue",
            "Add sub-issue",
            Effect::IdempotentWrite,
            add_sub_issue,
        )
        .toolset("issues"),
        tool(
            "github_remove_sub_issue",
            "Remove sub-issue",
            Effect::IdempotentWrite,
            remove_sub_issue,
        )
        .toolset("issues"),
        tool(
            "github_reprioritize_sub_issue",
            "Reorder sub-issue",
            Effect::IdempotentWrite,
            reprioritize_sub_issue,
        )
        .toolset("issues"),
        tool(
            "github_assign_copilot_to_issue",
            "Assign Copilot to issue",
            Effect::IdempotentWrite,
            assign_copilot_to_issue,
        )
        .toolset("issues")
        .official_name("assign_copilot_to_issue"),
    ]
}

/// GitHub's official server's issue tools whose parameters differ from ours (listed after
/// [`crate::pulls::search_tool`], as tools.json orders them).
pub fn official_tools() -> Vec<ToolDef> {
    vec![
        tool("issue_read", "Read issue", Effect::Read, issue_read)
            .toolset("issues")
            .official_only(),
        tool(
            "issue_write",
            "Create or update issue",
            Effect::Write,
            issue_write,
        )
        .toolset("issues")
        .official_only(),
        tool(
            "sub_issue_write",
            "Change sub-issues",
            Effect::IdempotentWrite,
            sub_issue_write,
        )
        .toolset("issues")
        .official_only(),
        tool(
            "list_issues",
            "List issues",
            Effect::Read,
            official_list_issues,
        )
        .toolset("issues")
        .official_only(),
        tool(
            "search_issues",
            "Search issues",
            Effect::Read,
            official_search_issues,
        )
        .toolset("issues")
        .official_only(),
    ]
}

fn issue_path(owner: &str, repo: &str, number: Int) -> String {
    format!("{}/issues/{number}", repo_path(owner, repo))
}

/// Get one issue of a repository: number, title, state, body, author, labels, assignees,
/// milestone, comment count, dates and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetIssue {
    owner: String,
    repo: String,
    issue_number: Int,
}

async fn get_issue(ctx: Ctx, a: GetIssue) -> Result<Value, ToolError> {
    issue_get(&ctx, &a.owner, &a.repo, a.issue_number).await
}

async fn issue_get(ctx: &Ctx, owner: &str, repo: &str, number: Int) -> Result<Value, ToolError> {
    let v: Value = api::req(ctx, Method::GET, &issue_path(owner, repo, number))?
        .send_json()
        .await?;
    let what = format!("Issue #{number} of {owner}/{repo}");
    lockdown::require(ctx, owner, repo, v["user"]["login"].as_str(), &what).await?;
    Ok(api::issue(&v))
}

/// Add a comment to an issue or pull request. Returns the new comment's id and URL.
#[derive(Deserialize, JsonSchema)]
pub struct AddIssueComment {
    owner: String,
    repo: String,
    /// Issue or pull request number
    issue_number: Int,
    /// Markdown
    body: String,
}

async fn add_issue_comment(ctx: Ctx, a: AddIssueComment) -> Result<Value, ToolError> {
    let path = format!(
        "{}/issues/{}/comments",
        repo_path(&a.owner, &a.repo),
        a.issue_number
    );
    let v: Value = api::req(&ctx, Method::POST, &path)?
        .json(&json!({ "body": a.body }))
        .send_json()
        .await?;
    Ok(api::comment(&v))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
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
    /// Default: best match
    sort: Option<IssueSort>,
    /// Sort order
    order: Option<Order>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn search_issues(ctx: Ctx, a: SearchIssues) -> Result<Value, ToolError> {
    issue_search(&ctx, &a.q, a.sort, a.order, a.page, a.per_page).await
}

/// Search issues or pull requests (`kind`: `issue` or `pr`) with GitHub's search syntax,
/// optionally in one repository or one owner's repositories.
#[derive(Deserialize, JsonSchema)]
pub struct ScopedSearch {
    /// Search query in GitHub issue search syntax (e.g. `is:open label:bug author:octocat`)
    query: String,
    /// Only in repositories of this owner (with `repo`: only in that repository)
    owner: Option<String>,
    /// Only in this repository (with `owner`)
    repo: Option<String>,
    /// Default: best match
    sort: Option<IssueSort>,
    /// Default desc; with `sort`
    order: Option<Order>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

/// The query of a scoped search: `is:{kind}` and the repository or owner qualifier added
/// unless the query has them.
fn scoped_query(a: &ScopedSearch, kind: &str) -> String {
    let mut q = a.query.trim().to_owned();
    let is = format!("is:{kind}");
    if !q.split_whitespace().any(|w| w == is) {
        q = format!("{is} {q}");
    }
    match (&a.owner, &a.repo) {
        (Some(o), Some(r)) if !q.contains("repo:") => q = format!("repo:{o}/{r} {q}"),
        (Some(o), None) if !q.contains("user:") && !q.contains("org:") => {
            q = format!("user:{o} {q}")
        }
        _ => {}
    }
    q
}

/// Search issues (pull requests excluded) with GitHub's issue search syntax, optionally in one
/// repository (`owner` and `repo`) or one owner's repositories. Returns total count, matching
/// issues and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct OfficialSearchIssues {
    #[serde(flatten)]
    s: ScopedSearch,
}

async fn official_search_issues(ctx: Ctx, a: OfficialSearchIssues) -> Result<Value, ToolError> {
    scoped_search(&ctx, &a.s, "issue").await
}

/// A scoped search for `is:{kind}` items (`issue` or `pr`) with GitHub's issue search.
pub async fn scoped_search(ctx: &Ctx, s: &ScopedSearch, kind: &str) -> Result<Value, ToolError> {
    let q = scoped_query(s, kind);
    issue_search(ctx, &q, s.sort, s.order, s.page, s.per_page).await
}

async fn issue_search(
    ctx: &Ctx,
    q: &str,
    sort: Option<IssueSort>,
    order: Option<Order>,
    page: Option<Int>,
    per_page: Option<Int>,
) -> Result<Value, ToolError> {
    let r = api::req(ctx, Method::GET, "/search/issues")?
        .query("q", q)
        .query_opt("sort", sort.as_ref().map(enum_str))
        .query_opt("order", order.as_ref().map(enum_str));
    let resp = paged(r, page, per_page).send().await?;
    let v: Value = resp.json()?;
    let mut out = page_of(&resp, each(&v["items"], api::issue));
    out["total_count"] = v["total_count"].clone();
    if let Some(mut gate) = lockdown::Gate::new(ctx) {
        // Results come from many repositories: each item is judged in its own.
        let targets: Vec<lockdown::Target> = v["items"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|i| lockdown::Target {
                repo: i["repository_url"].as_str().and_then(lockdown::repo_of_url),
                author: i["user"]["login"].as_str().map(str::to_owned),
            })
            .collect();
        let n = gate.apply(&mut out["items"], &targets).await;
        lockdown::mark(&mut out, n);
    }
    Ok(out)
}

/// Create an issue in a repository. Returns the new issue (number and URL among its fields).
#[derive(Deserialize, JsonSchema)]
pub struct CreateIssue {
    owner: String,
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
    /// Issue type name (organizations with issue types; see github_list_issue_types)
    #[serde(rename = "type")]
    issue_type: Option<String>,
}

async fn create_issue(ctx: Ctx, a: CreateIssue) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("title".into(), json!(a.title));
    insert_opt(&mut body, "body", a.body);
    insert_opt(&mut body, "assignees", a.assignees);
    insert_opt(&mut body, "labels", a.labels);
    insert_opt(&mut body, "milestone", a.milestone);
    insert_opt(&mut body, "type", a.issue_type);
    issue_create(&ctx, &a.owner, &a.repo, body).await
}

async fn issue_create(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    body: Map<String, Value>,
) -> Result<Value, ToolError> {
    let path = format!("{}/issues", repo_path(owner, repo));
    let v: Value = api::req(ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::issue(&v))
}

#[derive(Deserialize, JsonSchema, Serialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum ListState {
    Open,
    Closed,
    All,
}

#[derive(Deserialize, JsonSchema, Serialize, Clone, Copy)]
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
    owner: String,
    repo: String,
    /// Issue state (default open)
    state: Option<ListState>,
    /// Only issues with all of these labels
    labels: Option<Vec<String>>,
    /// Sort field (default created)
    sort: Option<ListSort>,
    /// Default desc
    direction: Option<Order>,
    /// Only issues updated at or after this time (ISO 8601, e.g. 2024-01-31T00:00:00Z)
    since: Option<String>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_issues(ctx: Ctx, a: ListIssues) -> Result<Value, ToolError> {
    issues_list(&ctx, a).await
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "UPPERCASE")]
enum UpperState {
    Open,
    Closed,
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum OrderBy {
    CreatedAt,
    UpdatedAt,
    Comments,
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "UPPERCASE")]
enum UpperDirection {
    Asc,
    Desc,
}

/// List issues of a repository (pull requests excluded), filtered by state, labels and date.
/// Returns issues and `pageInfo` (`hasNextPage`, `endCursor`: pass it as `after` for the next
/// page).
#[derive(Deserialize, JsonSchema)]
pub struct OfficialListIssues {
    owner: String,
    repo: String,
    /// Issue state (default: open and closed)
    state: Option<UpperState>,
    /// Only issues with all of these labels
    labels: Option<Vec<String>>,
    /// Order issues by this field (default CREATED_AT)
    #[serde(rename = "orderBy")]
    order_by: Option<OrderBy>,
    /// Order direction (default DESC)
    direction: Option<UpperDirection>,
    /// Only issues updated at or after this time (ISO 8601)
    since: Option<String>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
    /// Cursor from a previous call's `pageInfo.endCursor`
    after: Option<String>,
}

async fn official_list_issues(ctx: Ctx, a: OfficialListIssues) -> Result<Value, ToolError> {
    let page = match a.after.as_deref().filter(|c| !c.is_empty()) {
        None => None,
        Some(c) => Some(c.parse::<u64>().map(Int).map_err(|_| {
            ToolError::invalid_input(format!(
                "`after` = `{c}` is not a cursor this tool returned: pass `pageInfo.endCursor` of the previous page"
            ))
        })?),
    };
    let mut out = issues_list(
        &ctx,
        ListIssues {
            owner: a.owner,
            repo: a.repo,
            state: Some(match a.state {
                None => ListState::All,
                Some(UpperState::Open) => ListState::Open,
                Some(UpperState::Closed) => ListState::Closed,
            }),
            labels: a.labels,
            sort: a.order_by.map(|o| match o {
                OrderBy::CreatedAt => ListSort::Created,
                OrderBy::UpdatedAt => ListSort::Updated,
                OrderBy::Comments => ListSort::Comments,
            }),
            direction: a.direction.map(|d| match d {
                UpperDirection::Asc => Order::Asc,
                UpperDirection::Desc => Order::Desc,
            }),
            since: a.since,
            page,
            per_page: a.per_page,
        },
    )
    .await?;
    let next = out["next_page"].as_u64();
    out["pageInfo"] = json!({
        "hasNextPage": next.is_some(),
        "endCursor": next.map(|n| n.to_string()),
    });
    Ok(out)
}

async fn issues_list(ctx: &Ctx, a: ListIssues) -> Result<Value, ToolError> {
    let path = format!("{}/issues", repo_path(&a.owner, &a.repo));
    let r = api::req(ctx, Method::GET, &path)?
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
                .map(api::issue)
                .collect()
        })
        .unwrap_or_default();
    let mut out = page_of(&resp, Value::Array(items));
    lockdown::filter_page(ctx, &a.owner, &a.repo, &mut out, "user").await;
    Ok(out)
}

#[derive(Deserialize, JsonSchema, Serialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum OpenClosed {
    Open,
    Closed,
}

/// Update an issue: title, body, state, labels, assignees or milestone. Labels and assignees
/// replace the current ones. Returns the updated issue.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateIssue {
    owner: String,
    repo: String,
    issue_number: Int,
    #[serde(flatten)]
    changes: IssueChanges,
    /// Close the issue as a duplicate of this issue number (same repository)
    duplicate_of: Option<Int>,
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
    /// Why the issue is closed (with state `closed`)
    #[serde(skip_serializing_if = "Option::is_none")]
    state_reason: Option<StateReason>,
    /// New issue type name (organizations with issue types)
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    issue_type: Option<String>,
}

#[derive(Deserialize, JsonSchema, Serialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum StateReason {
    Completed,
    NotPlanned,
    Duplicate,
}

async fn update_issue(ctx: Ctx, a: UpdateIssue) -> Result<Value, ToolError> {
    issue_update(
        &ctx,
        &a.owner,
        &a.repo,
        a.issue_number,
        a.changes,
        a.duplicate_of,
    )
    .await
}

/// The node IDs of an issue and of the issue it duplicates.
const ISSUE_IDS: &str =
    "query IssueIds($owner: String!, $repo: String!, $number: Int!, $duplicateOf: Int!) {
  repository(owner: $owner, name: $repo) {
    issue(number: $number) { id }
    duplicate: issue(number: $duplicateOf) { id }
  }
}";

/// Close an issue as a duplicate of another (REST cannot link the duplicate).
const CLOSE_AS_DUPLICATE: &str = "mutation CloseAsDuplicate($issueId: ID!, $duplicateIssueId: ID!) {
  closeIssue(input: {issueId: $issueId, stateReason: DUPLICATE, duplicateIssueId: $duplicateIssueId}) {
    issue { number state stateReason url }
  }
}";

async fn issue_update(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    number: Int,
    mut changes: IssueChanges,
    duplicate_of: Option<Int>,
) -> Result<Value, ToolError> {
    let Some(dup) = duplicate_of else {
        let body = update_body(&changes)?;
        let v: Value = api::req(ctx, Method::PATCH, &issue_path(owner, repo, number))?
            .json(&body)
            .idempotent(true)
            .send_json()
            .await?;
        return Ok(api::issue(&v));
    };
    if matches!(changes.state, Some(OpenClosed::Open))
        || changes
            .state_reason
            .is_some_and(|r| r != StateReason::Duplicate)
    {
        return Err(ToolError::invalid_input(
            "`duplicate_of` closes the issue as a duplicate: leave out `state` open and other `state_reason`s",
        ));
    }
    changes.state = None;
    changes.state_reason = None;
    let mut out = Value::Null;
    if let Ok(body) = update_body(&changes) {
        let v: Value = api::req(ctx, Method::PATCH, &issue_path(owner, repo, number))?
            .json(&body)
            .idempotent(true)
            .send_json()
            .await?;
        out = api::issue(&v);
    }
    let ids = api::graphql(
        ctx,
        "IssueIds",
        ISSUE_IDS,
        json!({ "owner": owner, "repo": repo, "number": number, "duplicateOf": dup }),
    )
    .await?;
    let id = |k: &str| {
        ids["repository"][k]["id"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "no issue #{} in {owner}/{repo}",
                    if k == "issue" { number } else { dup }
                ))
            })
    };
    let (issue_id, duplicate_id) = (id("issue")?, id("duplicate")?);
    let closed = api::graphql(
        ctx,
        "CloseAsDuplicate",
        CLOSE_AS_DUPLICATE,
        json!({ "issueId": issue_id, "duplicateIssueId": duplicate_id }),
    )
    .await?;
    let issue = &closed["closeIssue"]["issue"];
    if out.is_null() {
        out = json!({ "number": issue["number"], "html_url": issue["url"] });
    }
    out["state"] = json!(issue["state"].as_str().map(str::to_ascii_lowercase));
    out["state_reason"] = json!(issue["stateReason"].as_str().map(str::to_ascii_lowercase));
    out["duplicate_of"] = json!(dup);
    Ok(out)
}

/// List the comments of an issue or pull request, oldest first. Returns comments and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct GetIssueComments {
    owner: String,
    repo: String,
    issue_number: Int,
    page: Option<Int>,
    /// Max 100
    per_page: Option<Int>,
}

async fn get_issue_comments(ctx: Ctx, a: GetIssueComments) -> Result<Value, ToolError> {
    comments_page(&ctx, a.owner, a.repo, a.issue_number, a.page, a.per_page).await
}

/// One page of the comments of an issue or pull request.
pub async fn comments_page(
    ctx: &Ctx,
    owner: String,
    repo: String,
    issue_number: Int,
    page: Option<Int>,
    per_page: Option<Int>,
) -> Result<Value, ToolError> {
    let n = IssueRef {
        owner,
        repo,
        issue_number,
        page,
        per_page,
    };
    issue_items(ctx, &n, "comments", api::comment).await
}

/// An issue and a page of its items (comments, sub-issues, labels).
#[derive(Deserialize, JsonSchema)]
pub struct IssueRef {
    owner: String,
    repo: String,
    issue_number: Int,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

/// One page of an issue's `comments`, `sub_issues` or `labels`, shaped, with `next_page`.
pub async fn issue_items(
    ctx: &Ctx,
    n: &IssueRef,
    what: &str,
    shape: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let path = format!("{}/{what}", issue_path(&n.owner, &n.repo, n.issue_number));
    let mut out = api::list(ctx, &path, &[], n.page, n.per_page, shape).await?;
    if what != "labels" {
        // Comments and sub-issues are judged in the parent issue's repository.
        lockdown::filter_page(ctx, &n.owner, &n.repo, &mut out, "user").await;
    }
    Ok(out)
}

/// List the sub-issues of an issue, in their order: number, title, state, labels, assignees,
/// URL and `id` (the id that github_add_sub_issue and friends take). Returns sub-issues and
/// `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListSubIssues {
    #[serde(flatten)]
    n: IssueRef,
}

fn sub_issue(v: &Value) -> Value {
    let mut o = api::issue(v);
    o["id"] = v["id"].clone();
    o
}

async fn list_sub_issues(ctx: Ctx, a: ListSubIssues) -> Result<Value, ToolError> {
    issue_items(&ctx, &a.n, "sub_issues", sub_issue).await
}

/// List the labels of an issue or pull request: name, color, description. Returns labels
/// and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListIssueLabels {
    #[serde(flatten)]
    n: IssueRef,
}

async fn list_issue_labels(ctx: Ctx, a: ListIssueLabels) -> Result<Value, ToolError> {
    issue_items(&ctx, &a.n, "labels", api::label).await
}

/// Get one label of a repository by name: name, color, description and id.
#[derive(Deserialize, JsonSchema)]
pub struct GetLabel {
    owner: String,
    repo: String,
    /// Label name
    name: String,
}

async fn get_label(ctx: Ctx, a: GetLabel) -> Result<Value, ToolError> {
    let path = format!(
        "{}/labels/{}",
        repo_path(&a.owner, &a.repo),
        mcp_shared::seg(&a.name)
    );
    let v: Value = api::req(&ctx, Method::GET, &path)?.send_json().await?;
    Ok(api::label(&v))
}

/// List the issue types of an organization (e.g. Bug, Feature, Task): name, description,
/// color and whether each is enabled. Use a type's name as `type` when creating or updating
/// issues in the organization's repositories.
#[derive(Deserialize, JsonSchema)]
pub struct ListIssueTypes {
    owner: String,
}

async fn list_issue_types(ctx: Ctx, a: ListIssueTypes) -> Result<Value, ToolError> {
    let path = format!("/orgs/{}/issue-types", mcp_shared::seg(&a.owner));
    let v: Value = api::req(&ctx, Method::GET, &path)?
        .send_json()
        .await
        .map_err(|e| match e.status {
            Some(404) => e.with_hint(
                "issue types exist only for organizations that have set them up; a user account has none.",
            ),
            _ => e,
        })?;
    Ok(json!({
        "owner": a.owner,
        "types": each(&v, |t| pick(t, &["id", "name", "description", "color", "is_enabled"])),
    }))
}

/// A parent issue and the sub-issue to change.
#[derive(Deserialize, JsonSchema)]
pub struct SubIssue {
    owner: String,
    repo: String,
    /// Number of the parent issue
    issue_number: Int,
    /// The sub-issue's `id` (not its number: github_get_issue and github_list_sub_issues give
    /// it)
    sub_issue_id: Int,
}

/// Make an issue a sub-issue of another. With `replace_parent`, an issue that already has a
/// parent moves under this one. Returns the parent issue.
#[derive(Deserialize, JsonSchema)]
pub struct AddSubIssue {
    #[serde(flatten)]
    s: SubIssue,
    /// Move the sub-issue here if it already has another parent
    replace_parent: Option<bool>,
}

async fn add_sub_issue(ctx: Ctx, a: AddSubIssue) -> Result<Value, ToolError> {
    sub_issue_add(&ctx, &a.s, a.replace_parent).await
}

async fn sub_issue_add(
    ctx: &Ctx,
    s: &SubIssue,
    replace_parent: Option<bool>,
) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("sub_issue_id".into(), json!(s.sub_issue_id));
    insert_opt(&mut body, "replace_parent", replace_parent);
    let path = format!(
        "{}/sub_issues",
        issue_path(&s.owner, &s.repo, s.issue_number)
    );
    let v: Value = api::req(ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::issue(&v))
}

/// Remove a sub-issue from its parent (the issue itself stays). Returns the parent issue.
#[derive(Deserialize, JsonSchema)]
pub struct RemoveSubIssue {
    #[serde(flatten)]
    s: SubIssue,
}

async fn remove_sub_issue(ctx: Ctx, a: RemoveSubIssue) -> Result<Value, ToolError> {
    sub_issue_remove(&ctx, &a.s).await
}

async fn sub_issue_remove(ctx: &Ctx, s: &SubIssue) -> Result<Value, ToolError> {
    let path = format!(
        "{}/sub_issue",
        issue_path(&s.owner, &s.repo, s.issue_number)
    );
    let v: Value = api::req(ctx, Method::DELETE, &path)?
        .json(&json!({ "sub_issue_id": s.sub_issue_id }))
        .send_json()
        .await?;
    Ok(api::issue(&v))
}

/// Move a sub-issue within its parent's list: right after `after_id` or right before
/// `before_id` (one of them). Returns the parent issue.
#[derive(Deserialize, JsonSchema)]
pub struct ReprioritizeSubIssue {
    #[serde(flatten)]
    s: SubIssue,
    /// Place it after the sub-issue with this id
    after_id: Option<Int>,
    /// Place it before the sub-issue with this id
    before_id: Option<Int>,
}

async fn reprioritize_sub_issue(ctx: Ctx, a: ReprioritizeSubIssue) -> Result<Value, ToolError> {
    sub_issue_reprioritize(&ctx, &a.s, a.after_id, a.before_id).await
}

async fn sub_issue_reprioritize(
    ctx: &Ctx,
    s: &SubIssue,
    after_id: Option<Int>,
    before_id: Option<Int>,
) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("sub_issue_id".into(), json!(s.sub_issue_id));
    match (after_id, before_id) {
        (Some(a), None) => body.insert("after_id".into(), json!(a)),
        (None, Some(b)) => body.insert("before_id".into(), json!(b)),
        _ => {
            return Err(ToolError::invalid_input(
                "give exactly one of `after_id` and `before_id`",
            ));
        }
    };
    let path = format!(
        "{}/sub_issues/priority",
        issue_path(&s.owner, &s.repo, s.issue_number)
    );
    let v: Value = api::req(ctx, Method::PATCH, &path)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(api::issue(&v))
}

/// Assign the Copilot coding agent to an issue: Copilot starts working on it and opens a pull
/// request. Optionally say which branch to start from and give it instructions beyond the
/// issue body. Needs Copilot coding agent enabled for the repository. Returns the issue's
/// number, URL and assignees.
#[derive(Deserialize, JsonSchema)]
pub struct AssignCopilotToIssue {
    owner: String,
    repo: String,
    issue_number: Int,
    /// Branch the agent starts from (default: the repository's default branch)
    base_ref: Option<String>,
    /// Extra instructions for the agent, beyond the issue body
    custom_instructions: Option<String>,
}

/// The Copilot coding agent's assignee login in GitHub's REST API.
const COPILOT_AGENT: &str = "copilot-swe-agent[bot]";

async fn assign_copilot_to_issue(ctx: Ctx, a: AssignCopilotToIssue) -> Result<Value, ToolError> {
    let mut assignment = Map::new();
    assignment.insert(
        "target_repo".into(),
        json!(format!("{}/{}", a.owner, a.repo)),
    );
    insert_opt(&mut assignment, "base_branch", a.base_ref);
    insert_opt(
        &mut assignment,
        "custom_instructions",
        a.custom_instructions,
    );
    let path = format!(
        "{}/assignees",
        issue_path(&a.owner, &a.repo, a.issue_number)
    );
    let v: Value = api::req(&ctx, Method::POST, &path)?
        .json(&json!({ "assignees": [COPILOT_AGENT], "agent_assignment": assignment }))
        .idempotent(true)
        .send_json()
        .await
        .map_err(|e| match e.status {
            Some(403 | 404 | 422) => e.with_hint(
                "Copilot coding agent may not be enabled for this repository or your plan; see https://docs.github.com/en/copilot/concepts/agents/coding-agent/about-coding-agent",
            ),
            _ => e,
        })?;
    let assignees = pluck(&v, "assignees", "login");
    let assigned = assignees.as_array().is_some_and(|l| {
        l.iter().any(|x| {
            x.as_str()
                .is_some_and(|s| s.to_ascii_lowercase().contains("copilot"))
        })
    });
    Ok(json!({
        "message": if assigned { "Copilot is assigned and will open a pull request for the issue." } else { "GitHub did not add Copilot as an assignee: check that Copilot coding agent is enabled for this repository." },
        "issue_number": v["number"],
        "issue_url": v["html_url"],
        "assignees": assignees,
    }))
}

// ---- GitHub's official server's combined tools

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum IssueReadMethod {
    Get,
    GetComments,
    GetSubIssues,
    GetLabels,
}

/// Read an issue: `get` (the issue), `get_comments`, `get_sub_issues` or `get_labels`
/// (pages of them, with `next_page`).
#[derive(Deserialize, JsonSchema)]
pub struct IssueRead {
    /// What to read
    method: IssueReadMethod,
    #[serde(flatten)]
    n: IssueRef,
}

async fn issue_read(ctx: Ctx, a: IssueRead) -> Result<Value, ToolError> {
    match a.method {
        IssueReadMethod::Get => issue_get(&ctx, &a.n.owner, &a.n.repo, a.n.issue_number).await,
        IssueReadMethod::GetComments => issue_items(&ctx, &a.n, "comments", api::comment).await,
        IssueReadMethod::GetSubIssues => issue_items(&ctx, &a.n, "sub_issues", sub_issue).await,
        IssueReadMethod::GetLabels => issue_items(&ctx, &a.n, "labels", api::label).await,
    }
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum IssueWriteMethod {
    Create,
    Update,
}

/// Create an issue (`method: create`, with `title`) or update one (`method: update`, with
/// `issue_number`): title, body, labels and assignees (replacing the current ones), milestone,
/// issue type, state and why it was closed; `duplicate_of` closes it as a duplicate of another
/// issue. Returns the issue.
#[derive(Deserialize, JsonSchema)]
pub struct IssueWrite {
    /// Create or update
    method: IssueWriteMethod,
    owner: String,
    repo: String,
    /// Issue number (update only)
    issue_number: Option<Int>,
    #[serde(flatten)]
    changes: IssueChanges,
    /// Close the issue as a duplicate of this issue number (update only)
    duplicate_of: Option<Int>,
}

async fn issue_write(ctx: Ctx, a: IssueWrite) -> Result<Value, ToolError> {
    match a.method {
        IssueWriteMethod::Create => {
            if a.issue_number.is_some()
                || a.duplicate_of.is_some()
                || a.changes.state.is_some()
                || a.changes.state_reason.is_some()
            {
                return Err(ToolError::invalid_input(
                    "`issue_number`, `state`, `state_reason` and `duplicate_of` apply to method `update`; a new issue is open",
                ));
            }
            let c = a.changes;
            let Some(title) = c.title.filter(|t| !t.trim().is_empty()) else {
                return Err(ToolError::invalid_input("method `create` needs a `title`"));
            };
            let mut body = Map::new();
            body.insert("title".into(), json!(title));
            insert_opt(&mut body, "body", c.body);
            insert_opt(&mut body, "assignees", c.assignees);
            insert_opt(&mut body, "labels", c.labels);
            insert_opt(&mut body, "milestone", c.milestone);
            insert_opt(&mut body, "type", c.issue_type);
            issue_create(&ctx, &a.owner, &a.repo, body).await
        }
        IssueWriteMethod::Update => {
            let Some(n) = a.issue_number else {
                return Err(ToolError::invalid_input(
                    "method `update` needs the `issue_number` to update",
                ));
            };
            issue_update(&ctx, &a.owner, &a.repo, n, a.changes, a.duplicate_of).await
        }
    }
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum SubIssueMethod {
    Add,
    Remove,
    Reprioritize,
}

/// Change the sub-issues of an issue: `add` one (optionally `replace_parent`), `remove` one,
/// or `reprioritize` one (move it after `after_id` or before `before_id`). `sub_issue_id` is
/// the sub-issue's id, not its number. Returns the parent issue.
#[derive(Deserialize, JsonSchema)]
pub struct SubIssueWrite {
    /// add, remove or reprioritize
    method: SubIssueMethod,
    #[serde(flatten)]
    s: SubIssue,
    /// With `add`: move the sub-issue here if it has another parent
    replace_parent: Option<bool>,
    /// With `reprioritize`: place it after the sub-issue with this id
    after_id: Option<Int>,
    /// With `reprioritize`: place it before the sub-issue with this id
    before_id: Option<Int>,
}

async fn sub_issue_write(ctx: Ctx, a: SubIssueWrite) -> Result<Value, ToolError> {
    match a.method {
        SubIssueMethod::Add => sub_issue_add(&ctx, &a.s, a.replace_parent).await,
        SubIssueMethod::Remove => sub_issue_remove(&ctx, &a.s).await,
        SubIssueMethod::Reprioritize => {
            sub_issue_reprioritize(&ctx, &a.s, a.after_id, a.before_id).await
        }
    }
}
