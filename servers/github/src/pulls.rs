//! Pull requests: read, create, update and merge them; their files, status, reviews and
//! review comments.

use mcp_shared::json::{enum_str, insert_opt, pick, update_body};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::gh::{self, each, page_of, paged, repo_path};
use crate::issues::Order;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("pull_requests");
    vec![
        t(tool(
            "github_get_pull_request",
            "Get pull request",
            Effect::Read,
            get_pull_request,
        )),
        t(tool(
            "github_update_pull_request",
            "Update pull request",
            Effect::IdempotentWrite,
            update_pull_request,
        )),
        t(tool(
            "github_list_pull_requests",
            "List pull requests",
            Effect::Read,
            list_pull_requests,
        )),
        t(tool(
            "github_merge_pull_request",
            "Merge pull request",
            Effect::Write,
            merge_pull_request,
        )),
        t(tool(
            "github_get_pull_request_files",
            "Get pull request files",
            Effect::Read,
            get_pull_request_files,
        )),
        t(tool(
            "github_get_pull_request_status",
            "Get pull request status",
            Effect::Read,
            get_pull_request_status,
        )),
        t(tool(
            "github_update_pull_request_branch",
            "Update pull request branch",
            Effect::Write,
            update_pull_request_branch,
        )),
        t(tool(
            "github_get_pull_request_comments",
            "Get pull request review comments",
            Effect::Read,
            get_pull_request_comments,
        )),
        t(tool(
            "github_get_pull_request_reviews",
            "Get pull request reviews",
            Effect::Read,
            get_pull_request_reviews,
        )),
        t(tool(
            "github_create_pull_request_review",
            "Create pull request review",
            Effect::Write,
            create_pull_request_review,
        )),
        t(tool(
            "github_create_pull_request",
            "Create pull request",
            Effect::Write,
            create_pull_request,
        )),
    ]
}

/// A pull request and a page of its items (files, review comments, reviews).
#[derive(Deserialize, JsonSchema)]
pub struct PullItems {
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Pull request number
    #[serde(rename = "pullNumber")]
    pull_number: Int,
    /// Page number (from 1)
    page: Option<Int>,
    /// Results per page (max 100)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

/// One page of a pull request's `files`, `comments` or `reviews`, shaped, with `next_page`.
async fn list_pull_items(
    ctx: &Ctx,
    p: PullItems,
    what: &str,
    shape: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let path = format!("{}/{what}", pull_path(&p.owner, &p.repo, p.pull_number));
    let resp = paged(gh::req(ctx, Method::GET, &path)?, p.page, p.per_page)
        .send()
        .await?;
    let v: Value = resp.json()?;
    Ok(page_of(&resp, each(&v, shape)))
}

fn pull_path(owner: &str, repo: &str, number: Int) -> String {
    format!("{}/pulls/{number}", repo_path(owner, repo))
}

/// Get one pull request: number, title, state, draft, body, author, head and base branches and
/// SHAs, merge state (merged, mergeable, mergeable_state), labels, assignees, requested
/// reviewers, change counts, dates and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequest {
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Pull request number
    #[serde(rename = "pullNumber")]
    pull_number: Int,
}

async fn get_pull_request(ctx: Ctx, a: GetPullRequest) -> Result<Value, ToolError> {
    let v: Value = gh::req(
        &ctx,
        Method::GET,
        &pull_path(&a.owner, &a.repo, a.pull_number),
    )?
    .send_json()
    .await?;
    Ok(gh::pull_request(&v))
}

#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "lowercase")]
enum OpenClosed {
    Open,
    Closed,
}

/// Update a pull request: title, body, state (close or reopen), base branch, or whether
/// maintainers may push to its head branch. Returns the updated pull request.
#[derive(Deserialize, JsonSchema)]
pub struct UpdatePullRequest {
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Pull request number
    #[serde(rename = "pullNumber")]
    pull_number: Int,
    #[serde(flatten)]
    changes: PullRequestChanges,
}

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

async fn update_pull_request(ctx: Ctx, a: UpdatePullRequest) -> Result<Value, ToolError> {
    let body = update_body(&a.changes)?;
    let v: Value = gh::req(
        &ctx,
        Method::PATCH,
        &pull_path(&a.owner, &a.repo, a.pull_number),
    )?
    .json(&body)
    .idempotent(true)
    .send_json()
    .await?;
    Ok(gh::pull_request(&v))
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
    /// Repository owner
    owner: String,
    /// Repository name
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
    /// Page number (from 1)
    page: Option<Int>,
    /// Results per page (max 100)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_pull_requests(ctx: Ctx, a: ListPullRequests) -> Result<Value, ToolError> {
    let path = format!("{}/pulls", repo_path(&a.owner, &a.repo));
    let r = gh::req(&ctx, Method::GET, &path)?
        .query_opt("state", a.state.as_ref().map(enum_str))
        .query_opt("head", a.head.as_deref())
        .query_opt("base", a.base.as_deref())
        .query_opt("sort", a.sort.as_ref().map(enum_str))
        .query_opt("direction", a.direction.as_ref().map(enum_str));
    let resp = paged(r, a.page, a.per_page).send().await?;
    let v: Value = resp.json()?;
    Ok(page_of(&resp, each(&v, gh::pull_request)))
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
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Pull request number
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

async fn merge_pull_request(ctx: Ctx, a: MergePullRequest) -> Result<Value, ToolError> {
    let mut body = Map::new();
    insert_opt(&mut body, "commit_title", a.commit_title);
    insert_opt(&mut body, "commit_message", a.commit_message);
    insert_opt(&mut body, "merge_method", a.merge_method);
    insert_opt(&mut body, "sha", a.sha);
    let path = format!("{}/merge", pull_path(&a.owner, &a.repo, a.pull_number));
    let v: Value = gh::req(&ctx, Method::PUT, &path)?
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

/// List the files a pull request changes: filename, status (added, modified, removed,
/// renamed...), additions, deletions and the unified diff patch (cut at 20 KB per file).
/// Returns files and `next_page` (GitHub lists at most 3000 files).
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequestFiles {
    #[serde(flatten)]
    p: PullItems,
}

async fn get_pull_request_files(ctx: Ctx, a: GetPullRequestFiles) -> Result<Value, ToolError> {
    list_pull_items(&ctx, a.p, "files", gh::pull_request_file).await
}

/// Get the combined commit status of a pull request's head commit: the overall state
/// (success, pending or failure) and each status context with its description and URL.
/// GitHub Actions report check runs, which this combined status does not include.
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequestStatus {
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Pull request number
    #[serde(rename = "pullNumber")]
    pull_number: Int,
}

async fn get_pull_request_status(ctx: Ctx, a: GetPullRequestStatus) -> Result<Value, ToolError> {
    let pr: Value = gh::req(
        &ctx,
        Method::GET,
        &pull_path(&a.owner, &a.repo, a.pull_number),
    )?
    .send_json()
    .await?;
    let sha = pr["head"]["sha"]
        .as_str()
        .ok_or_else(|| ToolError::transport("GitHub's pull request answer has no head SHA."))?;
    let path = format!(
        "{}/commits/{}/status",
        repo_path(&a.owner, &a.repo),
        mcp_shared::seg(sha)
    );
    let v: Value = gh::req(&ctx, Method::GET, &path)?.send_json().await?;
    Ok(json!({
        "pull_number": a.pull_number,
        "head_sha": sha,
        "state": v["state"],
        "total_count": v["total_count"],
        "statuses": each(&v["statuses"], gh::status),
    }))
}

/// Bring a pull request's head branch up to date by merging its base branch into it.
/// GitHub does this asynchronously and answers at once (202). Returns GitHub's message and URL.
#[derive(Deserialize, JsonSchema)]
pub struct UpdatePullRequestBranch {
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Pull request number
    #[serde(rename = "pullNumber")]
    pull_number: Int,
    /// Update only if the head branch is still at this commit SHA (else 422)
    #[serde(rename = "expectedHeadSha")]
    expected_head_sha: Option<String>,
}

async fn update_pull_request_branch(
    ctx: Ctx,
    a: UpdatePullRequestBranch,
) -> Result<Value, ToolError> {
    let path = format!(
        "{}/update-branch",
        pull_path(&a.owner, &a.repo, a.pull_number)
    );
    let mut r = gh::req(&ctx, Method::PUT, &path)?.idempotent(false);
    if let Some(sha) = &a.expected_head_sha {
        r = r.json(&json!({ "expected_head_sha": sha }));
    }
    let v: Value = r.send_json().await?;
    Ok(pick(&v, &["message", "url"]))
}

/// List the review comments of a pull request (comments on lines of its diff), oldest first:
/// author, body, file path, line and side, the diff hunk, reply threading and URL. Returns
/// comments and `next_page`. Conversation comments are issue comments (github_get_issue_comments).
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequestComments {
    #[serde(flatten)]
    p: PullItems,
}

async fn get_pull_request_comments(
    ctx: Ctx,
    a: GetPullRequestComments,
) -> Result<Value, ToolError> {
    list_pull_items(&ctx, a.p, "comments", gh::review_comment).await
}

/// List the reviews of a pull request, oldest first: reviewer, state (APPROVED,
/// CHANGES_REQUESTED, COMMENTED, DISMISSED, PENDING), body, commit and date. Returns reviews
/// and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequestReviews {
    #[serde(flatten)]
    p: PullItems,
}

async fn get_pull_request_reviews(ctx: Ctx, a: GetPullRequestReviews) -> Result<Value, ToolError> {
    list_pull_items(&ctx, a.p, "reviews", gh::review).await
}

#[derive(Deserialize, JsonSchema, Serialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum ReviewEvent {
    Approve,
    RequestChanges,
    Comment,
}

#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "UPPERCASE")]
enum Side {
    Left,
    Right,
}

/// An inline comment of a review, on one line (or a range of lines) of the diff.
#[derive(Deserialize, JsonSchema, Serialize)]
pub struct ReviewComment {
    /// Path of the file to comment on, relative to the repository root
    path: String,
    /// Comment text (Markdown)
    body: String,
    /// Line of the file in the diff to comment on (the last line of a range); give `line` or `position`
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Int>,
    /// Side of the diff: LEFT (deleted or unchanged lines, old file) or RIGHT (added or
    /// unchanged lines, new file); default RIGHT
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<Side>,
    /// First line of a multi-line comment range (with `line` as its last line)
    #[serde(skip_serializing_if = "Option::is_none")]
    start_line: Option<Int>,
    /// Side of `start_line` for a range that spans both sides
    #[serde(skip_serializing_if = "Option::is_none")]
    start_side: Option<Side>,
    /// Legacy alternative to `line`: the position in the diff, counted in lines below the
    /// file's first `@@` hunk header
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<Int>,
}

/// Review a pull request: approve it, request changes or comment, with an optional summary
/// and inline comments on diff lines. Without `event` the review is left PENDING (visible only
/// to you until submitted on GitHub). Returns the review (id, state, URL).
#[derive(Deserialize, JsonSchema)]
pub struct CreatePullRequestReview {
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Pull request number
    #[serde(rename = "pullNumber")]
    pull_number: Int,
    /// Review summary (Markdown); required for REQUEST_CHANGES and for COMMENT without inline comments
    body: Option<String>,
    /// The review action; leave it out to create a PENDING review
    event: Option<ReviewEvent>,
    /// SHA of the commit to review (default: the pull request's latest commit)
    #[serde(rename = "commitId")]
    commit_id: Option<String>,
    /// Inline comments on lines of the diff
    comments: Option<Vec<ReviewComment>>,
}

async fn create_pull_request_review(
    ctx: Ctx,
    a: CreatePullRequestReview,
) -> Result<Value, ToolError> {
    let has_body = a.body.as_deref().is_some_and(|b| !b.trim().is_empty());
    let has_comments = a.comments.as_ref().is_some_and(|c| !c.is_empty());
    match a.event {
        Some(ReviewEvent::RequestChanges) if !has_body => {
            return Err(ToolError::invalid_input(
                "a REQUEST_CHANGES review needs a `body` saying what to change",
            ));
        }
        Some(ReviewEvent::Comment) if !has_body && !has_comments => {
            return Err(ToolError::invalid_input(
                "a COMMENT review needs a `body` or at least one inline comment",
            ));
        }
        _ => {}
    }
    for (i, c) in a.comments.iter().flatten().enumerate() {
        if c.line.is_none() && c.position.is_none() {
            return Err(ToolError::invalid_input(format!(
                "comments[{i}] ({}): give `line` (with `side`) or `position` to place the comment",
                c.path
            )));
        }
    }
    let mut body = Map::new();
    insert_opt(&mut body, "commit_id", a.commit_id);
    insert_opt(&mut body, "body", a.body);
    insert_opt(&mut body, "event", a.event);
    insert_opt(&mut body, "comments", a.comments.filter(|c| !c.is_empty()));
    let path = format!("{}/reviews", pull_path(&a.owner, &a.repo, a.pull_number));
    let v: Value = gh::req(&ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(gh::review(&v))
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

async fn create_pull_request(ctx: Ctx, a: CreatePullRequest) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("title".into(), json!(a.title));
    body.insert("head".into(), json!(a.head));
    body.insert("base".into(), json!(a.base));
    insert_opt(&mut body, "body", a.body);
    insert_opt(&mut body, "draft", a.draft);
    insert_opt(&mut body, "maintainer_can_modify", a.maintainer_can_modify);
    let path = format!("{}/pulls", repo_path(&a.owner, &a.repo));
    let v: Value = gh::req(&ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(gh::pull_request(&v))
}
