//! Issue search: across GitHub, and scoped to a repository or owner (issues or pull requests).

use mcp_shared::json::enum_str;
use mcp_shared::{Ctx, Int, Method, Output, ToolError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::api::{self, each, page_of, paged};
use crate::{atlas, lockdown};

use super::Order;

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

pub(super) async fn search_issues(ctx: Ctx, a: SearchIssues) -> Result<Output, ToolError> {
    let v = issue_search(&ctx, &a.q, a.sort, a.order, a.page, a.per_page).await?;
    Ok(atlas::shaped(&ctx, v, |v| atlas::issue_search(&a.q, v)))
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

pub(super) async fn official_search_issues(
    ctx: Ctx,
    a: OfficialSearchIssues,
) -> Result<Value, ToolError> {
    scoped_search(&ctx, &a.s, "issue").await
}

/// A scoped search for `is:{kind}` items (`issue` or `pr`) with GitHub's issue search.
pub async fn scoped_search(ctx: &Ctx, s: &ScopedSearch, kind: &str) -> Result<Value, ToolError> {
    let q = scoped_query(s, kind);
    issue_search(ctx, &q, s.sort, s.order, s.page, s.per_page).await
}

/// An issue or pull request found by a search, with its repository (`owner/name`).
fn found_issue(v: &Value) -> Value {
    let mut o = api::issue(v);
    if let Some((owner, repo)) = v["repository_url"].as_str().and_then(lockdown::repo_of_url) {
        o["repository"] = Value::String(format!("{owner}/{repo}"));
    }
    o
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
    let (page, per_page) = api::page_defaults(ctx, page, per_page);
    let resp = paged(r, page, per_page).send().await?;
    let v: Value = resp.json()?;
    let mut out = page_of(&resp, each(&v["items"], found_issue));
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
