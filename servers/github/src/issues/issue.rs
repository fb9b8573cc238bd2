//! One issue and a repository's issues: get, create, list (ours and the official
//! `list_issues`), update (closing as a duplicate through GraphQL), `issue_write`, and
//! assigning the Copilot agent.

use mcp_shared::json::{enum_str, insert_opt, pluck, update_body};
use mcp_shared::{Ctx, Int, Method, Output, ToolError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{self, page_of, paged, repo_path};
use crate::{atlas, lockdown};

use super::{Order, issue_path};

/// Get one issue of a repository: number, title, state, body, author, labels, assignees,
/// milestone, comment count, dates and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetIssue {
    owner: String,
    repo: String,
    issue_number: Int,
}

pub(super) async fn get_issue(ctx: Ctx, a: GetIssue) -> Result<Value, ToolError> {
    issue_get(&ctx, &a.owner, &a.repo, a.issue_number).await
}

pub(super) async fn issue_get(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    number: Int,
) -> Result<Value, ToolError> {
    let v: Value = api::req(ctx, Method::GET, &issue_path(owner, repo, number))?
        .send_json()
        .await?;
    let what = format!("Issue #{number} of {owner}/{repo}");
    lockdown::require(ctx, owner, repo, v["user"]["login"].as_str(), &what).await?;
    Ok(api::issue(&v))
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

pub(super) async fn create_issue(ctx: Ctx, a: CreateIssue) -> Result<Value, ToolError> {
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

pub(super) async fn list_issues(ctx: Ctx, a: ListIssues) -> Result<Output, ToolError> {
    let (owner, repo) = (a.owner.clone(), a.repo.clone());
    let page = a.page.map_or(1, Int::get);
    let v = issues_list(&ctx, a).await?;
    Ok(atlas::shaped(&ctx, v, |v| {
        atlas::issue_list(&owner, &repo, page, v)
    }))
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

pub(super) async fn official_list_issues(
    ctx: Ctx,
    a: OfficialListIssues,
) -> Result<Value, ToolError> {
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
    let (page, per_page) = api::page_defaults(ctx, a.page, a.per_page);
    let resp = paged(r, page, per_page).send().await?;
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

pub(super) async fn update_issue(ctx: Ctx, a: UpdateIssue) -> Result<Value, ToolError> {
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

pub(super) async fn assign_copilot_to_issue(
    ctx: Ctx,
    a: AssignCopilotToIssue,
) -> Result<Value, ToolError> {
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

pub(super) async fn issue_write(ctx: Ctx, a: IssueWrite) -> Result<Value, ToolError> {
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
