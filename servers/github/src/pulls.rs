//! Pull requests: the `pull_requests` toolset's tool list, and what its parts share: a pull
//! request's path, reading it under lockdown mode, a page of its items, `pull_request_read`
//! (which reads from all parts) and pull request search. The pull requests themselves are in
//! [`pull`], their files, diff and status in [`changes`], reviews in [`reviews`], review
//! comments in [`comments`].

use mcp_shared::{Ctx, Effect, Int, Method, Output, Profile, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api::{self, each, page_of, paged, repo_path};
use crate::issues::{self, ScopedSearch};
use crate::lockdown;
use crate::profiles::Names;

mod changes;
mod comments;
mod pull;
mod reviews;

use changes::{pr_diff, pr_status};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("pull_requests");
    vec![
        t(tool(
            "github_get_pull_request",
            "Get pull request",
            Effect::Read,
            pull::get_pull_request,
        )
        .profile(Profile::Atlas, "get_pull_request")
        .profile(Profile::Mcpmark, "get_pull_request")),
        t(tool(
            "github_update_pull_request",
            "Update pull request",
            Effect::IdempotentWrite,
            pull::update_pull_request,
        )
        .github_name("update_pull_request")
        .profile(Profile::Atlas, "update_pull_request")),
        t(tool(
            "github_list_pull_requests",
            "List pull requests",
            Effect::Read,
            pull::list_pull_requests,
        )
        .github_name("list_pull_requests")
        .atlas_list("list_pull_requests")),
        t(tool(
            "github_merge_pull_request",
            "Merge pull request",
            Effect::Write,
            pull::merge_pull_request,
        )
        .github_name("merge_pull_request")
        .profile(Profile::Atlas, "merge_pull_request")),
        t(tool(
            "github_get_pull_request_files",
            "Get pull request files",
            Effect::Read,
            changes::get_pull_request_files,
        )
        .atlas_list("get_pull_request_files")
        .profile(Profile::Mcpmark, "get_pull_request_files")),
        t(tool(
            "github_get_pull_request_status",
            "Get pull request status",
            Effect::Read,
            changes::get_pull_request_status,
        )
        .profile(Profile::Atlas, "get_pull_request_status")
        .profile(Profile::Mcpmark, "get_pull_request_status")),
        t(tool(
            "github_update_pull_request_branch",
            "Update pull request branch",
            Effect::Write,
            pull::update_pull_request_branch,
        )
        .github_name("update_pull_request_branch")
        .profile(Profile::Atlas, "update_pull_request_branch")),
        t(tool(
            "github_get_pull_request_comments",
            "Get pull request review comments",
            Effect::Read,
            comments::get_pull_request_comments,
        )
        .atlas_list("get_pull_request_review_comments")
        .profile(Profile::Mcpmark, "get_pull_request_review_comments")),
        t(tool(
            "github_get_pull_request_reviews",
            "Get pull request reviews",
            Effect::Read,
            reviews::get_pull_request_reviews,
        )
        .profile(Profile::Mcpmark, "get_pull_request_reviews")),
        t(tool(
            "github_create_pull_request_review",
            "Create pull request review",
            Effect::Write,
            reviews::create_pull_request_review,
        )),
        t(tool(
            "github_create_pull_request",
            "Create pull request",
            Effect::Write,
            pull::create_pull_request,
        )
        .github_name("create_pull_request")
        .profile(Profile::Atlas, "create_pull_request")),
        t(tool(
            "github_get_pull_request_diff",
            "Get pull request diff",
            Effect::Read,
            changes::get_pull_request_diff,
        )
        .profile(Profile::Mcpmark, "get_pull_request_diff")),
        t(tool(
            "github_add_reply_to_pull_request_comment",
            "Reply to pull request review comment",
            Effect::Write,
            comments::add_reply_to_pull_request_comment,
        )
        .official_name("add_reply_to_pull_request_comment")),
        t(tool(
            "github_request_copilot_review",
            "Request Copilot review",
            Effect::IdempotentWrite,
            reviews::request_copilot_review,
        )
        .github_name("request_copilot_review")),
        t(tool(
            "github_submit_pending_pull_request_review",
            "Submit pending review",
            Effect::Write,
            reviews::submit_pending_pull_request_review,
        )
        .profile(Profile::Mcpmark, "submit_pending_pull_request_review")),
        t(tool(
            "github_delete_pending_pull_request_review",
            "Delete pending review",
            Effect::Destructive,
            reviews::delete_pending_pull_request_review,
        )
        .profile(Profile::Mcpmark, "delete_pending_pull_request_review")),
        t(tool(
            "github_add_comment_to_pending_review",
            "Add comment to pending review",
            Effect::Write,
            reviews::add_comment_to_pending_review,
        )
        .github_name("add_comment_to_pending_review")),
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
            reviews::pull_request_review_write,
        )
        .official_only()),
        // The reviews tools of GitHub's server v0.15.0 (`--profile mcpmark`).
        t(tool(
            "create_pending_pull_request_review",
            "Create pending review",
            Effect::Write,
            reviews::create_pending_pull_request_review,
        )
        .only_in(&[Profile::Mcpmark])),
        t(tool(
            "create_and_submit_pull_request_review",
            "Create and submit review",
            Effect::Write,
            reviews::create_and_submit_pull_request_review,
        )
        .only_in(&[Profile::Mcpmark])),
        // The Smithery server's comment tools (`--profile atlas`).
        t(tool(
            "get_pull_request_comments",
            "Get pull request comments",
            Effect::Read,
            comments::atlas_pull_request_comments,
        )
        .only_in(&[Profile::Atlas])),
        t(tool(
            "create_pull_request_review_comment",
            "Create pull request review comment",
            Effect::Write,
            comments::create_pull_request_review_comment,
        )
        .only_in(&[Profile::Atlas])),
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
    .github_name("search_pull_requests")
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
    list_pull_items_where(ctx, p, what, &[], shape).await
}

/// [`list_pull_items`] with more query parameters (those given).
async fn list_pull_items_where(
    ctx: &Ctx,
    p: PullItems,
    what: &str,
    query: &[(&str, Option<String>)],
    shape: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    if what == "files" {
        // Patches are the pull request author's content.
        gate_pull(ctx, &p.owner, &p.repo, p.pull_number).await?;
    }
    let path = format!("{}/{what}", pull_path(&p.owner, &p.repo, p.pull_number));
    let mut r = api::req(ctx, Method::GET, &path)?;
    for (k, v) in query {
        r = r.query_opt(k, v.as_deref());
    }
    let (page, per_page) = api::page_defaults(ctx, p.page, p.per_page);
    let resp = paged(r, page, per_page).send().await?;
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

/// GitHub's whole pull request object.
async fn pr_get(ctx: &Ctx, owner: &str, repo: &str, number: Int) -> Result<Value, ToolError> {
    api::req(ctx, Method::GET, &pull_path(owner, repo, number))?
        .send_json()
        .await
}

/// A pull request of a repository.
#[derive(Deserialize, JsonSchema)]
pub struct PullRef {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
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
