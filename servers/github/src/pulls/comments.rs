//! Comments on a pull request's diff (review comments): list them, comment on lines of the
//! diff, reply in a thread; and the Atlas profile's merged list of a pull request's
//! conversation and review comments.

use mcp_shared::json::{enum_str, insert_opt};
use mcp_shared::{Ctx, Int, Method, Output, Profile, ToolError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api;
use crate::atlas;
use crate::issues::Order;

use super::reviews::Side;
use super::{PullItems, list_pull_items, list_pull_items_where, pull_path};

#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "lowercase")]
enum CommentSort {
    Created,
    Updated,
}

/// List the review comments of a pull request (comments on lines of its diff), oldest first:
/// author, body, file path, line and side, the diff hunk, reply threading and URL. Returns
/// comments and `next_page`. Conversation comments are issue comments (github_get_issue_comments).
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequestComments {
    #[serde(flatten)]
    p: PullItems,
    /// Sort by creation or last update (default created)
    sort: Option<CommentSort>,
    /// Sort direction, with `sort` (default asc)
    direction: Option<Order>,
    /// Only comments updated at or after this time (ISO 8601, e.g. 2024-01-31T00:00:00Z)
    since: Option<String>,
}

pub(super) async fn get_pull_request_comments(
    ctx: Ctx,
    a: GetPullRequestComments,
) -> Result<Output, ToolError> {
    let mut p = a.p;
    if ctx.profile() == Profile::Mcpmark && p.per_page.is_none() {
        // GitHub's server v0.15.0 reads up to 100 review comments.
        p.per_page = Some(Int(100));
    }
    let (number, page) = (p.pull_number.get(), p.page.map_or(1, Int::get));
    let query = [
        ("sort", a.sort.as_ref().map(enum_str)),
        ("direction", a.direction.as_ref().map(enum_str)),
        ("since", a.since),
    ];
    let v = list_pull_items_where(&ctx, p, "comments", &query, api::review_comment).await?;
    Ok(atlas::shaped(&ctx, v, |v| {
        atlas::review_comments(number, page, v)
    }))
}

/// List a pull request's comments, oldest first: a page of its conversation comments and a
/// page of its review comments (on lines of its diff, marked Code Review), with author, dates,
/// file and line, and text.
#[derive(Deserialize, JsonSchema)]
pub struct AtlasPullRequestComments {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
    /// Comments of each kind per page (default 10, max 100)
    per_page: Option<Int>,
    /// Page number (default 1)
    page: Option<Int>,
}

pub(super) async fn atlas_pull_request_comments(
    ctx: Ctx,
    a: AtlasPullRequestComments,
) -> Result<Output, ToolError> {
    let (page, per_page) = api::page_defaults(&ctx, a.page, a.per_page);
    let conversation = crate::issues::comments_page(
        &ctx,
        a.owner.clone(),
        a.repo.clone(),
        a.pull_number,
        page,
        per_page,
    )
    .await?;
    let items = PullItems {
        owner: a.owner,
        repo: a.repo,
        pull_number: a.pull_number,
        page,
        per_page,
    };
    let review = list_pull_items(&ctx, items, "comments", api::review_comment).await?;
    let mut all = Vec::new();
    for (kind, list) in [("issue", &conversation), ("review", &review)] {
        for item in list["items"].as_array().into_iter().flatten() {
            let mut item = item.clone();
            item["kind"] = json!(kind);
            all.push(item);
        }
    }
    // GitHub's timestamps (ISO 8601, UTC) sort as text.
    all.sort_by(|x, y| x["created_at"].as_str().cmp(&y["created_at"].as_str()));
    let page = page.map_or(1, Int::get);
    let more = !conversation["next_page"].is_null() || !review["next_page"].is_null();
    let withheld =
        conversation["withheld"].as_u64().unwrap_or(0) + review["withheld"].as_u64().unwrap_or(0);
    let mut v = json!({ "items": all, "next_page": more.then_some(page + 1) });
    if withheld > 0 {
        v["withheld"] = json!(withheld);
    }
    let number = a.pull_number.get();
    Ok(atlas::shaped(&ctx, v, |v| {
        atlas::pull_comments(number, page, v)
    }))
}

/// Comment on lines of a pull request's diff (a review comment outside a review), or reply
/// to a review comment with `in_reply_to` (GitHub then uses only `body`). Returns the comment.
#[derive(Deserialize, JsonSchema)]
pub struct CreatePullRequestReviewComment {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
    /// Markdown
    body: String,
    /// SHA of the commit to comment on (the pull request's head commit; an older one may leave
    /// the comment outdated)
    commit_id: String,
    /// Path of the file, relative to the repository root
    path: String,
    /// Line of the file in the diff to comment on (the last line of a range); needed unless
    /// `in_reply_to` is given
    line: Option<Int>,
    /// First line of a multi-line range (with `line` as its last)
    start_line: Option<Int>,
    /// Side of the diff: LEFT (deleted lines) or RIGHT (added or unchanged lines); GitHub's
    /// default is RIGHT
    #[schemars(extend("default" = "RIGHT"))]
    side: Option<Side>,
    /// Side of `start_line`, for a range that spans both sides
    start_side: Option<Side>,
    /// Id of the review comment to reply to
    in_reply_to: Option<Int>,
}

pub(super) async fn create_pull_request_review_comment(
    ctx: Ctx,
    a: CreatePullRequestReviewComment,
) -> Result<Output, ToolError> {
    if a.line.is_none() && a.in_reply_to.is_none() {
        return Err(ToolError::invalid_input(
            "give `line` (the line of the diff to comment on) or `in_reply_to` (the review comment to reply to)",
        ));
    }
    let mut body = Map::new();
    body.insert("body".into(), json!(a.body));
    body.insert("commit_id".into(), json!(a.commit_id));
    body.insert("path".into(), json!(a.path));
    insert_opt(&mut body, "line", a.line);
    insert_opt(&mut body, "start_line", a.start_line);
    insert_opt(&mut body, "side", a.side);
    insert_opt(&mut body, "start_side", a.start_side);
    insert_opt(&mut body, "in_reply_to", a.in_reply_to);
    let path = format!("{}/comments", pull_path(&a.owner, &a.repo, a.pull_number));
    let v: Value = api::req(&ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await
        .map_err(|e| match e.status {
            Some(422) => e.with_hint(
                "check that `path` and `line` are in the pull request's diff at `commit_id` (get_pull_request_files lists what it changes).",
            ),
            _ => e,
        })?;
    let number = a.pull_number.get();
    Ok(atlas::shaped(&ctx, api::review_comment(&v), |v| {
        atlas::review_comment(number, v)
    }))
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

pub(super) async fn add_reply_to_pull_request_comment(
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
