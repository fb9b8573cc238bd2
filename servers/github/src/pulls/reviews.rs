//! Reviews of a pull request: list and create them, request a Copilot review, and the pending
//! review (create, submit, delete, comment on).

use mcp_shared::json::{insert_opt, pluck};
use mcp_shared::{Ctx, Int, Method, ToolError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api;

use super::{PullItems, PullRef, list_pull_items, pull_path};

/// List the reviews of a pull request, oldest first: reviewer, state (APPROVED,
/// CHANGES_REQUESTED, COMMENTED, DISMISSED, PENDING), body, commit and date. Returns reviews
/// and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequestReviews {
    #[serde(flatten)]
    p: PullItems,
}

pub(super) async fn get_pull_request_reviews(
    ctx: Ctx,
    a: GetPullRequestReviews,
) -> Result<Value, ToolError> {
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
pub(super) enum Side {
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

pub(super) async fn create_pull_request_review(
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

pub(super) async fn request_copilot_review(
    ctx: Ctx,
    a: RequestCopilotReview,
) -> Result<Value, ToolError> {
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

pub(super) async fn submit_pending_pull_request_review(
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

pub(super) async fn delete_pending_pull_request_review(
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

pub(super) async fn add_comment_to_pending_review(
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

/// Start a pending review of a pull request (visible only to you): add comments to it with
/// add_comment_to_pending_review, then submit it with submit_pending_pull_request_review.
/// Returns the review.
#[derive(Deserialize, JsonSchema)]
pub struct CreatePendingPullRequestReview {
    #[serde(flatten)]
    p: PullRef,
    /// SHA of the commit to review (default: the pull request's latest commit)
    #[serde(rename = "commitID")]
    commit_id: Option<String>,
}

pub(super) async fn create_pending_pull_request_review(
    ctx: Ctx,
    a: CreatePendingPullRequestReview,
) -> Result<Value, ToolError> {
    review_create(&ctx, &a.p, None, None, a.commit_id, None).await
}

/// Review a pull request and submit the review at once: approve, request changes or comment,
/// with a summary. Returns the review.
#[derive(Deserialize, JsonSchema)]
pub struct CreateAndSubmitPullRequestReview {
    #[serde(flatten)]
    p: PullRef,
    /// Review summary (Markdown)
    body: String,
    /// The review action
    event: ReviewEvent,
    /// SHA of the commit to review (default: the pull request's latest commit)
    #[serde(rename = "commitID")]
    commit_id: Option<String>,
}

pub(super) async fn create_and_submit_pull_request_review(
    ctx: Ctx,
    a: CreateAndSubmitPullRequestReview,
) -> Result<Value, ToolError> {
    review_create(&ctx, &a.p, Some(a.body), Some(a.event), a.commit_id, None).await
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

pub(super) async fn pull_request_review_write(
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
