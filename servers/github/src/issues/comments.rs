//! Comments of an issue or pull request: add one, list them.

use mcp_shared::{Ctx, Int, Method, Output, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, repo_path};
use crate::atlas;

use super::{IssueRef, issue_items};

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

pub(super) async fn add_issue_comment(ctx: Ctx, a: AddIssueComment) -> Result<Value, ToolError> {
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

pub(super) async fn get_issue_comments(ctx: Ctx, a: GetIssueComments) -> Result<Output, ToolError> {
    let (number, page) = (a.issue_number.get(), a.page.map_or(1, Int::get));
    let v = comments_page(&ctx, a.owner, a.repo, a.issue_number, a.page, a.per_page).await?;
    Ok(atlas::shaped(&ctx, v, |v| {
        atlas::issue_comments(number, page, v)
    }))
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
