//! Pull requests themselves: get, list, create, update (draft state through GraphQL) and merge
//! them, and bring a head branch up to date.

use mcp_shared::json::{enum_str, insert_opt, pick, update_body};
use mcp_shared::{Ctx, Int, Method, Output, ToolError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{self, each, page_of, paged, repo_path};
use crate::issues::Order;
use crate::{atlas, lockdown};

use super::{pr_get, pr_read, pull_path};

/// Get one pull request: number, title, state, draft, body, author, head and base branches and
/// SHAs, merge state (merged, mergeable, mergeable_state), labels, assignees, requested
/// reviewers, change counts, dates and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequest {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
}

pub(super) async fn get_pull_request(ctx: Ctx, a: GetPullRequest) -> Result<Value, ToolError> {
    let v = pr_read(&ctx, &a.owner, &a.repo, a.pull_number).await?;
    Ok(api::pull_request(&v))
}

#[derive(Deserialize, JsonSchema, Serialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum OpenClosed {
    Open,
    Closed,
}

/// Update a pull request: title, body, state (close or reopen), base branch, whether
/// maintainers may push to its head branch, draft or ready for review, and reviewers to
/// request. Returns the updated pull request.
#[derive(Deserialize, JsonSchema)]
pub struct UpdatePullRequest {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
    #[serde(flatten)]
    changes: PullRequestChanges,
    /// true: convert to a draft; false: mark ready for review
    draft: Option<bool>,
    /// Logins of users to request a review from (added to those already requested)
    reviewers: Option<Vec<String>>,
}

/// Draft state changes exist only in GitHub's GraphQL API.
const CONVERT_TO_DRAFT: &str = "mutation ConvertToDraft($id: ID!) {
  convertPullRequestToDraft(input: {pullRequestId: $id}) { pullRequest { number isDraft } }
}";
const MARK_READY_FOR_REVIEW: &str = "mutation MarkReadyForReview($id: ID!) {
  markPullRequestReadyForReview(input: {pullRequestId: $id}) { pullRequest { number isDraft } }
}";

/// The fields of a pull request an update may set; only those given are sent.
#[derive(Deserialize, Serialize, JsonSchema)]
pub struct PullRequestChanges {
    /// New title
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    /// New body (Markdown)
    #[serde(skip_serializing_if = "Option::is_none")]
    body: Option<String>,
    /// New state
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<OpenClosed>,
    /// New base branch (in the same repository)
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<String>,
    /// Whether maintainers of the base repository may push to the head branch
    #[serde(skip_serializing_if = "Option::is_none")]
    maintainer_can_modify: Option<bool>,
}

pub(super) async fn update_pull_request(
    ctx: Ctx,
    a: UpdatePullRequest,
) -> Result<Value, ToolError> {
    let reviewers = a.reviewers.filter(|r| !r.is_empty());
    let changes = update_body(&a.changes);
    if changes.is_err() && a.draft.is_none() && reviewers.is_none() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of title, body, state, base, maintainer_can_modify, draft, reviewers",
        ));
    }
    let path = pull_path(&a.owner, &a.repo, a.pull_number);
    let mut pr = match changes {
        Ok(body) => Some(
            api::req(&ctx, Method::PATCH, &path)?
                .json(&body)
                .idempotent(true)
                .send_json::<Value>()
                .await?,
        ),
        Err(_) => None,
    };
    if let Some(draft) = a.draft {
        let current = match pr.take() {
            Some(v) => v,
            None => pr_get(&ctx, &a.owner, &a.repo, a.pull_number).await?,
        };
        if current["draft"].as_bool() != Some(draft) {
            let id = current["node_id"].as_str().ok_or_else(|| {
                ToolError::transport("GitHub's pull request answer has no node_id.")
            })?;
            let (op, query) = if draft {
                ("ConvertToDraft", CONVERT_TO_DRAFT)
            } else {
                ("MarkReadyForReview", MARK_READY_FOR_REVIEW)
            };
            api::graphql(&ctx, op, query, json!({ "id": id })).await?;
        }
        pr = Some(current);
    }
    if let Some(reviewers) = reviewers {
        pr = Some(
            api::req(&ctx, Method::POST, &format!("{path}/requested_reviewers"))?
                .json(&json!({ "reviewers": reviewers }))
                .idempotent(true)
                .send_json()
                .await?,
        );
    }
    let pr = match pr {
        Some(v) => v,
        None => pr_get(&ctx, &a.owner, &a.repo, a.pull_number).await?,
    };
    let mut out = api::pull_request(&pr);
    if let Some(draft) = a.draft {
        out["draft"] = json!(draft);
    }
    Ok(out)
}

#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "lowercase")]
enum PullState {
    Open,
    Closed,
    All,
}

#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "kebab-case")]
enum PullSort {
    Created,
    Updated,
    Popularity,
    LongRunning,
}

/// List pull requests of a repository, filtered by state, head and base branch. Returns pull
/// requests (number, title, state, draft, author, head and base, labels, dates, URL) and
/// `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListPullRequests {
    owner: String,
    repo: String,
    /// State filter (default open)
    state: Option<PullState>,
    /// Only pull requests from this head, as `user:branch` or `org:branch`
    head: Option<String>,
    /// Only pull requests into this base branch
    base: Option<String>,
    /// Sort field (default created); popularity = comment count, long-running = open the
    /// longest with recent activity
    sort: Option<PullSort>,
    /// Sort direction (default desc for created or no sort, asc otherwise)
    direction: Option<Order>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

pub(super) async fn list_pull_requests(ctx: Ctx, a: ListPullRequests) -> Result<Output, ToolError> {
    let path = format!("{}/pulls", repo_path(&a.owner, &a.repo));
    let r = api::req(&ctx, Method::GET, &path)?
        .query_opt("state", a.state.as_ref().map(enum_str))
        .query_opt("head", a.head.as_deref())
        .query_opt("base", a.base.as_deref())
        .query_opt("sort", a.sort.as_ref().map(enum_str))
        .query_opt("direction", a.direction.as_ref().map(enum_str));
    let (page, per_page) = api::page_defaults(&ctx, a.page, a.per_page);
    let resp = paged(r, page, per_page).send().await?;
    let v: Value = resp.json()?;
    let mut out = page_of(&resp, each(&v, api::pull_request));
    lockdown::filter_page(&ctx, &a.owner, &a.repo, &mut out, "user").await;
    let page = page.map_or(1, Int::get);
    Ok(atlas::shaped(&ctx, out, |v| {
        atlas::pull_list(&a.owner, &a.repo, page, v)
    }))
}

#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "lowercase")]
enum MergeMethod {
    Merge,
    Squash,
    Rebase,
}

/// Merge a pull request into its base branch (merge commit, squash or rebase). Returns whether
/// it merged, the resulting commit SHA and GitHub's message. Fails when the pull request is
/// not mergeable (405) or, with `sha`, when its head has moved (409).
#[derive(Deserialize, JsonSchema)]
pub struct MergePullRequest {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
    /// Title of the merge or squash commit (default: GitHub's)
    commit_title: Option<String>,
    /// Extra detail for the merge or squash commit message
    commit_message: Option<String>,
    /// How to merge (default merge)
    merge_method: Option<MergeMethod>,
    /// Merge only if the pull request's head is still this commit SHA
    sha: Option<String>,
}

pub(super) async fn merge_pull_request(ctx: Ctx, a: MergePullRequest) -> Result<Value, ToolError> {
    let mut body = Map::new();
    insert_opt(&mut body, "commit_title", a.commit_title);
    insert_opt(&mut body, "commit_message", a.commit_message);
    insert_opt(&mut body, "merge_method", a.merge_method);
    insert_opt(&mut body, "sha", a.sha);
    let path = format!("{}/merge", pull_path(&a.owner, &a.repo, a.pull_number));
    let v: Value = api::req(&ctx, Method::PUT, &path)?
        .json(&body)
        .idempotent(false)
        .send_json()
        .await
        .map_err(|e| match e.status {
            Some(405) => e.with_hint(
                "the pull request cannot be merged as it is (conflicts, failing required checks or reviews, a merge method the repository disallows, or already merged): check github_get_pull_request and github_get_pull_request_status.",
            ),
            _ => e,
        })?;
    Ok(pick(&v, &["merged", "sha", "message"]))
}

/// Bring a pull request's head branch up to date by merging its base branch into it.
/// GitHub does this asynchronously and answers at once (202). Returns GitHub's message and URL.
#[derive(Deserialize, JsonSchema)]
pub struct UpdatePullRequestBranch {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
    /// Update only if the head branch is still at this commit SHA (else 422)
    #[serde(rename = "expectedHeadSha")]
    expected_head_sha: Option<String>,
}

pub(super) async fn update_pull_request_branch(
    ctx: Ctx,
    a: UpdatePullRequestBranch,
) -> Result<Value, ToolError> {
    let path = format!(
        "{}/update-branch",
        pull_path(&a.owner, &a.repo, a.pull_number)
    );
    let mut r = api::req(&ctx, Method::PUT, &path)?.idempotent(false);
    if let Some(sha) = &a.expected_head_sha {
        r = r.json(&json!({ "expected_head_sha": sha }));
    }
    let v: Value = r.send_json().await?;
    Ok(pick(&v, &["message", "url"]))
}

/// Open a pull request to merge `head` into `base`. Returns the new pull request (number and
/// URL among its fields).
#[derive(Deserialize, JsonSchema)]
pub struct CreatePullRequest {
    /// Repository owner (of the base repository)
    owner: String,
    /// Repository name (of the base repository)
    repo: String,
    /// Pull request title
    title: String,
    /// Pull request description (Markdown)
    body: Option<String>,
    /// Branch with the changes; `user:branch` for a branch of a fork
    head: String,
    /// Branch to merge into
    base: String,
    /// Open it as a draft
    draft: Option<bool>,
    /// Let maintainers of the base repository push to the head branch
    maintainer_can_modify: Option<bool>,
}

pub(super) async fn create_pull_request(
    ctx: Ctx,
    a: CreatePullRequest,
) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("title".into(), json!(a.title));
    body.insert("head".into(), json!(a.head));
    body.insert("base".into(), json!(a.base));
    insert_opt(&mut body, "body", a.body);
    insert_opt(&mut body, "draft", a.draft);
    insert_opt(&mut body, "maintainer_can_modify", a.maintainer_can_modify);
    let path = format!("{}/pulls", repo_path(&a.owner, &a.repo));
    let v: Value = api::req(&ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::pull_request(&v))
}
