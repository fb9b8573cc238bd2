//! Sub-issues of an issue: list, add, remove and reorder them, and `sub_issue_write`.

use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Int, Method, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api;

use super::{IssueRef, issue_items, issue_path};

/// List the sub-issues of an issue, in their order: number, title, state, labels, assignees,
/// URL and `id` (the id that github_add_sub_issue and friends take). Returns sub-issues and
/// `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListSubIssues {
    #[serde(flatten)]
    n: IssueRef,
}

pub(super) fn sub_issue(v: &Value) -> Value {
    let mut o = api::issue(v);
    o["id"] = v["id"].clone();
    o
}

pub(super) async fn list_sub_issues(ctx: Ctx, a: ListSubIssues) -> Result<Value, ToolError> {
    issue_items(&ctx, &a.n, "sub_issues", sub_issue).await
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

pub(super) async fn add_sub_issue(ctx: Ctx, a: AddSubIssue) -> Result<Value, ToolError> {
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

pub(super) async fn remove_sub_issue(ctx: Ctx, a: RemoveSubIssue) -> Result<Value, ToolError> {
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

pub(super) async fn reprioritize_sub_issue(
    ctx: Ctx,
    a: ReprioritizeSubIssue,
) -> Result<Value, ToolError> {
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

pub(super) async fn sub_issue_write(ctx: Ctx, a: SubIssueWrite) -> Result<Value, ToolError> {
    match a.method {
        SubIssueMethod::Add => sub_issue_add(&ctx, &a.s, a.replace_parent).await,
        SubIssueMethod::Remove => sub_issue_remove(&ctx, &a.s).await,
        SubIssueMethod::Reprioritize => {
            sub_issue_reprioritize(&ctx, &a.s, a.after_id, a.before_id).await
        }
    }
}
