//! Pull requests: read, create, update and merge them; their files, status, reviews and
//! review comments; pull request search.

use mcp_shared::json::{enum_str, insert_opt, pick, pluck, update_body};
use mcp_shared::{Ctx, Effect, Int, Method, Output, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{self, each, page_of, paged, repo_path};
use crate::issues::{self, Order, ScopedSearch};
use crate::lockdown;

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
        )
        .official_name("update_pull_request")),
        t(tool(
            "github_list_pull_requests",
            "List pull requests",
            Effect::Read,
            list_pull_requests,
        )
        .official_name("list_pull_requests")),
        t(tool(
            "github_merge_pull_request",
            "Merge pull request",
            Effect::Write,
            merge_pull_request,
        )
        .official_name("merge_pull_request")),
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
        )
        .official_name("update_pull_request_branch")),
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
        )
        .official_name("create_pull_request")),
        t(tool(
            "github_get_pull_request_diff",
            "Get pull request diff",
            Effect::Read,
            get_pull_request_diff,
        )),
        t(tool(
            "github_add_reply_to_pull_request_comment",
            "Reply to pull request review comment",
            Effect::Write,
            add_reply_to_pull_request_comment,
        )
        .official_name("add_reply_to_pull_request_comment")),
        t(tool(
            "github_request_copilot_review",
            "Request Copilot review",
            Effect::IdempotentWrite,
            request_copilot_review,
        )
        .official_name("request_copilot_review")),
        t(tool(
            "github_submit_pending_pull_request_review",
            "Submit pending review",
            Effect::Write,
            submit_pending_pull_request_review,
        )),
        t(tool(
            "github_delete_pending_pull_request_review",
            "Delete pending review",
            Effect::Destructive,
            delete_pending_pull_request_review,
        )),
        t(tool(
            "github_add_comment_to_pending_review",
            "Add comment to pending review",
            Effect::Write,
            add_comment_to_pending_review,
        )
        .official_name("add_comment_to_pending_review")),
        // GitHub's official server's tools whose parameters differ from ours.
        t(tool(
            "pull_request_read",
            "Read pull request",
            Effect::Read,
            pull_request_read,
        )
        .official_only()),
        t(tool(
            "pull_request_review_write",
            "Write pull request review",
            Effect::Write,
            pull_request_review_write,
        )
        .official_only()),
    ]
}

/// `github_search_pull_requests`, listed after the issue tools (see [`crate::tools`]).
pub fn search_tool() -> ToolDef {
    tool(
        "github_search_pull_requests",
        "Search pull requests",
        Effect::Read,
        search_pull_requests,
    )
    .toolset("pull_requests")
    .official_name("search_pull_requests")
}

/// A pull request and a page of its items (files, review comments, reviews).
#[derive(Deserialize, JsonSchema)]
pub struct PullItems {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
    page: Option<Int>,
    /// Max 100
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
    if what == "files" {
        // Patches are the pull request author's content.
        gate_pull(ctx, &p.owner, &p.repo, p.pull_number).await?;
    }
    let path = format!("{}/{what}", pull_path(&p.owner, &p.repo, p.pull_number));
    let resp = paged(api::req(ctx, Method::GET, &path)?, p.page, p.per_page)
        .send()
        .await?;
    let v: Value = resp.json()?;
    let mut out = page_of(&resp, each(&v, shape));
    if what != "files" {
        // Review comments and reviews: each by its own author.
        lockdown::filter_page(ctx, &p.owner, &p.repo, &mut out, "user").await;
    }
    Ok(out)
}

/// In lockdown mode, fail unless the pull request's author's content may be shown (one more
/// request: the pull request). Without lockdown mode: no request.
async fn gate_pull(ctx: &Ctx, owner: &str, repo: &str, number: Int) -> Result<(), ToolError> {
    if !lockdown::on(ctx) {
        return Ok(());
    }
    pr_read(ctx, owner, repo, number).await.map(|_| ())
}

/// A pull request to show: GitHub's whole object, unless lockdown mode withholds it.
async fn pr_read(ctx: &Ctx, owner: &str, repo: &str, number: Int) -> Result<Value, ToolError> {
    let v = pr_get(ctx, owner, repo, number).await?;
    let what = format!("Pull request #{number} of {owner}/{repo}");
    lockdown::require(ctx, owner, repo, v["user"]["login"].as_str(), &what).await?;
    Ok(v)
}

fn pull_path(owner: &str, repo: &str, number: Int) -> String {
    format!("{}/pulls/{number}", repo_path(owner, repo))
}

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

async fn get_pull_request(ctx: Ctx, a: GetPullRequest) -> Result<Value, ToolError> {
    let v = pr_read(&ctx, &a.owner, &a.repo, a.pull_number).await?;
    Ok(api::pull_request(&v))
}

/// GitHub's whole pull request object.
async fn pr_get(ctx: &Ctx, owner: &str, repo: &str, number: Int) -> Result<Value, ToolError> {
    api::req(ctx, Method::GET, &pull_path(owner, repo, number))?
        .send_json()
        .await
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

async fn update_pull_request(ctx: Ctx, a: UpdatePullRequest) -> Result<Value, ToolError> {
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

async fn list_pull_requests(ctx: Ctx, a: ListPullRequests) -> Result<Value, ToolError> {
    let path = format!("{}/pulls", repo_path(&a.owner, &a.repo));
    let r = api::req(&ctx, Method::GET, &path)?
        .query_opt("state", a.state.as_ref().map(enum_str))
        .query_opt("head", a.head.as_deref())
        .query_opt("base", a.base.as_deref())
        .query_opt("sort", a.sort.as_ref().map(enum_str))
        .query_opt("direction", a.direction.as_ref().map(enum_str));
    let resp = paged(r, a.page, a.per_page).send().await?;
    let v: Value = resp.json()?;
    let mut out = page_of(&resp, each(&v, api::pull_request));
    lockdown::filter_page(&ctx, &a.owner, &a.repo, &mut out, "user").await;
    Ok(out)
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

async fn merge_pull_request(ctx: Ctx, a: MergePullRequest) -> Result<Value, ToolError> {
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

/// List the files a pull request changes: filename, status (added, modified, removed,
/// renamed...), additions, deletions and the unified diff patch (cut at 20 KB per file).
/// Returns files and `next_page` (GitHub lists at most 3000 files).
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequestFiles {
    #[serde(flatten)]
    p: PullItems,
}

async fn get_pull_request_files(ctx: Ctx, a: GetPullRequestFiles) -> Result<Value, ToolError> {
    list_pull_items(&ctx, a.p, "files", api::pull_request_file).await
}

/// Get the combined commit status of a pull request's head commit: the overall state
/// (success, pending or failure) and each status context with its description and URL.
/// GitHub Actions report check runs, which this combined status does not include.
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequestStatus {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
}

async fn get_pull_request_status(ctx: Ctx, a: GetPullRequestStatus) -> Result<Value, ToolError> {
    pr_status(&ctx, &a.owner, &a.repo, a.pull_number).await
}

async fn pr_status(ctx: &Ctx, owner: &str, repo: &str, number: Int) -> Result<Value, ToolError> {
    let pr = pr_get(ctx, owner, repo, number).await?;
    let sha = pr["head"]["sha"]
        .as_str()
        .ok_or_else(|| ToolError::transport("GitHub's pull request answer has no head SHA."))?;
    let path = format!(
        "{}/commits/{}/status",
        repo_path(owner, repo),
        mcp_shared::seg(sha)
    );
    let v: Value = api::req(ctx, Method::GET, &path)?.send_json().await?;
    Ok(json!({
        "pull_number": number,
        "head_sha": sha,
        "state": v["state"],
        "total_count": v["total_count"],
        "statuses": each(&v["statuses"], api::status),
    }))
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

async fn update_pull_request_branch(
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
    list_pull_items(&ctx, a.p, "comments", api::review_comment).await
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
    list_pull_items(&ctx, a.p, "reviews", api::review).await
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
    /// Markdown
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

/// Review a pull request (approve, request changes or comment) with an optional summary and inline
/// diff comments. Without `event` the review stays PENDING, visible only to you. Returns its id,
/// state and URL.
#[derive(Deserialize, JsonSchema)]
pub struct CreatePullRequestReview {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
    /// Markdown; needed for REQUEST_CHANGES, and COMMENT without inline comments
    body: Option<String>,
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
    let p = PullRef {
        owner: a.owner,
        repo: a.repo,
        pull_number: a.pull_number,
    };
    review_create(&ctx, &p, a.body, a.event, a.commit_id, a.comments).await
}

async fn review_create(
    ctx: &Ctx,
    p: &PullRef,
    body_text: Option<String>,
    event: Option<ReviewEvent>,
    commit_id: Option<String>,
    comments: Option<Vec<ReviewComment>>,
) -> Result<Value, ToolError> {
    let has_body = body_text.as_deref().is_some_and(|b| !b.trim().is_empty());
    let has_comments = comments.as_ref().is_some_and(|c| !c.is_empty());
    match event {
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
    for (i, c) in comments.iter().flatten().enumerate() {
        if c.line.is_none() && c.position.is_none() {
            return Err(ToolError::invalid_input(format!(
                "comments[{i}] ({}): give `line` (with `side`) or `position` to place the comment",
                c.path
            )));
        }
    }
    let mut body = Map::new();
    insert_opt(&mut body, "commit_id", commit_id);
    insert_opt(&mut body, "body", body_text);
    insert_opt(&mut body, "event", event);
    insert_opt(&mut body, "comments", comments.filter(|c| !c.is_empty()));
    let path = format!("{}/reviews", pull_path(&p.owner, &p.repo, p.pull_number));
    let v: Value = api::req(ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::review(&v))
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
    let v: Value = api::req(&ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::pull_request(&v))
}

/// A pull request of a repository.
#[derive(Deserialize, JsonSchema)]
pub struct PullRef {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
}

/// The longest diff returned as text.
const MAX_DIFF_BYTES: usize = 200 * 1024;

/// Get the unified diff of a pull request (all files), as text. Large diffs are cut at 200 KB
/// with a marker saying how much was left out; github_get_pull_request_files pages through
/// the files instead.
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequestDiff {
    #[serde(flatten)]
    p: PullRef,
}

async fn get_pull_request_diff(ctx: Ctx, a: GetPullRequestDiff) -> Result<Output, ToolError> {
    pr_diff(&ctx, &a.p).await
}

async fn pr_diff(ctx: &Ctx, p: &PullRef) -> Result<Output, ToolError> {
    gate_pull(ctx, &p.owner, &p.repo, p.pull_number).await?;
    let resp = api::req(ctx, Method::GET, &pull_path(&p.owner, &p.repo, p.pull_number))?
        .header("accept", "application/vnd.github.diff")
        .send()
        .await
        .map_err(|e| match e.status {
            Some(406) => e.with_hint("the diff is too large for GitHub to render (over 20,000 lines or 1 MB): use github_get_pull_request_files to page through the files."),
            _ => e,
        })?;
    let (text, _) = mcp_shared::content::truncate(&resp.text(), MAX_DIFF_BYTES);
    Ok(Output::Text(text))
}

/// Reply to a review comment of a pull request (a comment on a line of its diff), in the
/// same thread. Replies to replies are not supported by GitHub: reply to the thread's first
/// comment. Returns the new comment.
#[derive(Deserialize, JsonSchema)]
pub struct AddReplyToPullRequestComment {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
    /// Id of the review comment to reply to
    #[serde(rename = "commentId")]
    comment_id: Int,
    /// Reply text (Markdown)
    body: String,
}

async fn add_reply_to_pull_request_comment(
    ctx: Ctx,
    a: AddReplyToPullRequestComment,
) -> Result<Value, ToolError> {
    let path = format!(
        "{}/comments/{}/replies",
        pull_path(&a.owner, &a.repo, a.pull_number),
        a.comment_id
    );
    let v: Value = api::req(&ctx, Method::POST, &path)?
        .json(&json!({ "body": a.body }))
        .send_json()
        .await?;
    Ok(api::review_comment(&v))
}

/// Ask GitHub Copilot to review a pull request (it posts its review as comments within a few
/// minutes). Needs Copilot code review available to the repository. Returns the pull request's
/// requested reviewers.
#[derive(Deserialize, JsonSchema)]
pub struct RequestCopilotReview {
    #[serde(flatten)]
    p: PullRef,
}

/// Copilot's reviewer login in GitHub's REST API.
const COPILOT_REVIEWER: &str = "copilot-pull-request-reviewer[bot]";

async fn request_copilot_review(ctx: Ctx, a: RequestCopilotReview) -> Result<Value, ToolError> {
    let path = format!(
        "{}/requested_reviewers",
        pull_path(&a.p.owner, &a.p.repo, a.p.pull_number)
    );
    let v: Value = api::req(&ctx, Method::POST, &path)?
        .json(&json!({ "reviewers": [COPILOT_REVIEWER] }))
        .idempotent(true)
        .send_json()
        .await
        .map_err(|e| match e.status {
            Some(422) => e.with_hint(
                "Copilot code review may not be available for this repository or your plan.",
            ),
            _ => e,
        })?;
    Ok(json!({
        "message": "Copilot review requested.",
        "pull_number": v["number"],
        "requested_reviewers": pluck(&v, "requested_reviewers", "login"),
        "html_url": v["html_url"],
    }))
}

/// The authenticated user's pending review of a pull request (GitHub shows a pending review
/// only to its author), read through the pages of its reviews.
async fn pending_review(ctx: &Ctx, p: &PullRef) -> Result<Value, ToolError> {
    let mut url = format!("{}/reviews", pull_path(&p.owner, &p.repo, p.pull_number));
    let mut first = true;
    let mut pages = mcp_shared::pagination::Pages::with_cap(10);
    loop {
        let mut r = api::req(ctx, Method::GET, &url)?;
        if first {
            r = r.query("per_page", 100);
            first = false;
        }
        let resp = r.send().await?;
        let reviews: Value = resp.json()?;
        if let Some(found) = reviews
            .as_array()
            .into_iter()
            .flatten()
            .find(|r| r["state"] == "PENDING")
        {
            return Ok(found.clone());
        }
        match pages.next(resp.next_link().as_deref()) {
            Some(next) => url = next,
            None => break,
        }
    }
    if let Some(note) = pages.note() {
        return Err(ToolError::transport(format!(
            "no pending review found on pull request #{} in the pages read ({note})",
            p.pull_number
        )));
    }
    Err(ToolError::invalid_input(format!(
        "you have no pending review on pull request #{}: create one first (a review without `event`)",
        p.pull_number
    )))
}

fn review_id(review: &Value) -> Result<u64, ToolError> {
    review["id"]
        .as_u64()
        .ok_or_else(|| ToolError::transport("GitHub's review answer has no id."))
}

/// Submit your pending review of a pull request (one created without `event`, possibly with
/// comments added since): approve, request changes or comment, with an optional summary.
/// Returns the submitted review.
#[derive(Deserialize, JsonSchema)]
pub struct SubmitPendingPullRequestReview {
    #[serde(flatten)]
    p: PullRef,
    /// The review action
    event: ReviewEvent,
    /// Review summary (Markdown); required for REQUEST_CHANGES
    body: Option<String>,
}

async fn submit_pending_pull_request_review(
    ctx: Ctx,
    a: SubmitPendingPullRequestReview,
) -> Result<Value, ToolError> {
    review_submit(&ctx, &a.p, a.event, a.body).await
}

async fn review_submit(
    ctx: &Ctx,
    p: &PullRef,
    event: ReviewEvent,
    body_text: Option<String>,
) -> Result<Value, ToolError> {
    if event == ReviewEvent::RequestChanges
        && body_text.as_deref().is_none_or(|b| b.trim().is_empty())
    {
        return Err(ToolError::invalid_input(
            "a REQUEST_CHANGES review needs a `body` saying what to change",
        ));
    }
    let review = pending_review(ctx, p).await?;
    let path = format!(
        "{}/reviews/{}/events",
        pull_path(&p.owner, &p.repo, p.pull_number),
        review_id(&review)?
    );
    let mut body = Map::new();
    body.insert("event".into(), json!(event));
    insert_opt(&mut body, "body", body_text);
    let v: Value = api::req(ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::review(&v))
}

/// Delete your pending (not yet submitted) review of a pull request, with its comments.
/// Returns the deleted review.
#[derive(Deserialize, JsonSchema)]
pub struct DeletePendingPullRequestReview {
    #[serde(flatten)]
    p: PullRef,
}

async fn delete_pending_pull_request_review(
    ctx: Ctx,
    a: DeletePendingPullRequestReview,
) -> Result<Value, ToolError> {
    review_delete_pending(&ctx, &a.p).await
}

async fn review_delete_pending(ctx: &Ctx, p: &PullRef) -> Result<Value, ToolError> {
    let review = pending_review(ctx, p).await?;
    let path = format!(
        "{}/reviews/{}",
        pull_path(&p.owner, &p.repo, p.pull_number),
        review_id(&review)?
    );
    let v: Value = api::req(ctx, Method::DELETE, &path)?
        .idempotent(false)
        .send_json()
        .await?;
    Ok(api::review(&v))
}

#[derive(Deserialize, JsonSchema, Serialize, Clone, Copy)]
#[serde(rename_all = "UPPERCASE")]
enum SubjectType {
    File,
    Line,
}

/// Comment on your pending review (create it with no `event`, submit it later): on diff lines
/// (`subjectType: LINE`) or a whole file (`FILE`). Returns the review thread.
#[derive(Deserialize, JsonSchema)]
pub struct AddCommentToPendingReview {
    #[serde(flatten)]
    p: PullRef,
    /// Path of the file, relative to the repository root
    path: String,
    /// Markdown
    body: String,
    /// Comment on a line (range) or on the whole file
    #[serde(rename = "subjectType")]
    subject_type: SubjectType,
    /// Line of the diff to comment on (the last line of a range); with LINE
    line: Option<Int>,
    /// Side of the diff: LEFT (old file) or RIGHT (new file)
    side: Option<Side>,
    /// First line of a multi-line range
    #[serde(rename = "startLine")]
    start_line: Option<Int>,
    /// Side of `startLine`
    #[serde(rename = "startSide")]
    start_side: Option<Side>,
}

/// Add a thread (a comment on the diff) to a pending review: only GraphQL can.
const ADD_REVIEW_THREAD: &str =
    "mutation AddReviewThread($input: AddPullRequestReviewThreadInput!) {
  addPullRequestReviewThread(input: $input) {
    thread { id isResolved comments(first: 1) { nodes { id body path line url } } }
  }
}";

async fn add_comment_to_pending_review(
    ctx: Ctx,
    a: AddCommentToPendingReview,
) -> Result<Value, ToolError> {
    if matches!(a.subject_type, SubjectType::Line) && a.line.is_none() {
        return Err(ToolError::invalid_input(
            "a LINE comment needs `line` (and `side`); use subjectType FILE to comment on the whole file",
        ));
    }
    let review = pending_review(&ctx, &a.p).await?;
    let review_node = review["node_id"]
        .as_str()
        .ok_or_else(|| ToolError::transport("GitHub's review answer has no node_id."))?;
    let mut input = Map::new();
    input.insert("pullRequestReviewId".into(), json!(review_node));
    input.insert("path".into(), json!(a.path));
    input.insert("body".into(), json!(a.body));
    input.insert("subjectType".into(), json!(a.subject_type));
    insert_opt(&mut input, "line", a.line);
    insert_opt(&mut input, "side", a.side);
    insert_opt(&mut input, "startLine", a.start_line);
    insert_opt(&mut input, "startSide", a.start_side);
    let data = api::graphql(
        &ctx,
        "AddReviewThread",
        ADD_REVIEW_THREAD,
        json!({ "input": input }),
    )
    .await?;
    let thread = &data["addPullRequestReviewThread"]["thread"];
    if thread.is_null() {
        return Err(ToolError::transport(
            "GitHub did not create the review thread: check `path` and `line` against the pull request's diff.",
        ));
    }
    Ok(json!({
        "review_id": review["id"],
        "thread_id": thread["id"],
        "comment": thread["comments"]["nodes"][0],
    }))
}

// ---- GitHub's official server's combined tools

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum PullReadMethod {
    Get,
    GetDiff,
    GetStatus,
    GetFiles,
    GetReviewComments,
    GetReviews,
    GetComments,
}

/// Read a pull request: `get` (the pull request), `get_diff` (its unified diff),
/// `get_status` (combined commit status of its head), `get_files`, `get_review_comments`,
/// `get_reviews` or `get_comments` (pages of them, with `next_page`).
#[derive(Deserialize, JsonSchema)]
pub struct PullRequestRead {
    /// What to read
    method: PullReadMethod,
    #[serde(flatten)]
    p: PullItems,
}

async fn pull_request_read(ctx: Ctx, a: PullRequestRead) -> Result<Output, ToolError> {
    let p = a.p;
    let v = match a.method {
        PullReadMethod::Get => {
            api::pull_request(&pr_read(&ctx, &p.owner, &p.repo, p.pull_number).await?)
        }
        PullReadMethod::GetDiff => {
            let r = PullRef {
                owner: p.owner,
                repo: p.repo,
                pull_number: p.pull_number,
            };
            return pr_diff(&ctx, &r).await;
        }
        PullReadMethod::GetStatus => pr_status(&ctx, &p.owner, &p.repo, p.pull_number).await?,
        PullReadMethod::GetFiles => {
            list_pull_items(&ctx, p, "files", api::pull_request_file).await?
        }
        PullReadMethod::GetReviewComments => {
            list_pull_items(&ctx, p, "comments", api::review_comment).await?
        }
        PullReadMethod::GetReviews => list_pull_items(&ctx, p, "reviews", api::review).await?,
        PullReadMethod::GetComments => {
            crate::issues::comments_page(&ctx, p.owner, p.repo, p.pull_number, p.page, p.per_page)
                .await?
        }
    };
    Ok(v.into())
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum ReviewWriteMethod {
    Create,
    SubmitPending,
    DeletePending,
}

/// Write a review of a pull request: `create` one (with `event` it is submitted at once;
/// without, it stays pending so comments can be added with add_comment_to_pending_review),
/// `submit_pending` your pending review with `event`, or `delete_pending` it. Returns the
/// review.
#[derive(Deserialize, JsonSchema)]
pub struct PullRequestReviewWrite {
    /// What to do
    method: ReviewWriteMethod,
    #[serde(flatten)]
    p: PullRef,
    /// Review summary (Markdown)
    body: Option<String>,
    /// The review action (create: leave out for a pending review; submit_pending: required)
    event: Option<ReviewEvent>,
    /// SHA of the commit to review (create only; default: the latest commit)
    #[serde(rename = "commitID")]
    commit_id: Option<String>,
}

async fn pull_request_review_write(
    ctx: Ctx,
    a: PullRequestReviewWrite,
) -> Result<Value, ToolError> {
    match a.method {
        ReviewWriteMethod::Create => {
            review_create(&ctx, &a.p, a.body, a.event, a.commit_id, None).await
        }
        ReviewWriteMethod::SubmitPending => {
            let Some(event) = a.event else {
                return Err(ToolError::invalid_input(
                    "method `submit_pending` needs `event` (APPROVE, REQUEST_CHANGES or COMMENT)",
                ));
            };
            review_submit(&ctx, &a.p, event, a.body).await
        }
        ReviewWriteMethod::DeletePending => review_delete_pending(&ctx, &a.p).await,
    }
}

// ---- github_search_pull_requests

/// Search pull requests with GitHub's issue search syntax (e.g. `is:open review:required
/// author:octocat`), optionally in one repository (`owner` and `repo`) or one owner's
/// repositories. Returns total count, matching pull requests and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchPullRequests {
    #[serde(flatten)]
    s: ScopedSearch,
}

async fn search_pull_requests(ctx: Ctx, a: SearchPullRequests) -> Result<Value, ToolError> {
    issues::scoped_search(&ctx, &a.s, "pr").await
}
