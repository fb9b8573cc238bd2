//! Repository search and code search (ours and the official `search_code`).

use mcp_shared::json::{enum_str, pick};
use mcp_shared::{Ctx, Int, Method, Output, ToolError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::api::{self, each, page_of, paged};
use crate::atlas;
use crate::issues::Order;

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
enum RepoSort {
    Stars,
    Forks,
    HelpWantedIssues,
    Updated,
}

/// Search repositories with GitHub's repository search syntax (e.g.
/// `language:rust topic:mcp stars:>100`). Returns the total count, matching repositories and
/// `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchRepositories {
    /// Search query in GitHub repository search syntax
    query: String,
    /// Return the concise fields only (default true); false returns GitHub's full repository
    /// objects
    minimal_output: Option<bool>,
    /// Default: best match
    sort: Option<RepoSort>,
    /// Default desc; with `sort`
    order: Option<Order>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

pub(super) async fn search_repositories(
    ctx: Ctx,
    a: SearchRepositories,
) -> Result<Output, ToolError> {
    let r = api::req(&ctx, Method::GET, "/search/repositories")?
        .query("q", &a.query)
        .query_opt("sort", a.sort.as_ref().map(enum_str))
        .query_opt("order", a.order.as_ref().map(enum_str));
    let (page, per_page) = api::page_defaults(&ctx, a.page, a.per_page);
    let resp = paged(r, page, per_page).send().await?;
    let v: Value = resp.json()?;
    let items = if a.minimal_output.unwrap_or(true) {
        each(&v["items"], api::repo)
    } else {
        v["items"].clone()
    };
    let mut out = page_of(&resp, items);
    out["total_count"] = v["total_count"].clone();
    out["incomplete_results"] = v["incomplete_results"].clone();
    Ok(atlas::shaped(&ctx, out, atlas::repo_search))
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum CodeSort {
    Indexed,
}

/// Search code across GitHub's default branches with GitHub's code search syntax (e.g.
/// `addClass in:file language:js repo:jquery/jquery`; the query needs at least one search term).
/// Returns the total count, matching files (repository, path, URL and the matching fragments)
/// and `next_page`. GitHub allows about 10 code searches a minute.
#[derive(Deserialize, JsonSchema)]
pub struct SearchCode {
    /// Search query in GitHub code search syntax
    q: String,
    /// Sort by when the file was last indexed (default: best match)
    sort: Option<CodeSort>,
    /// Default desc; with `sort`
    order: Option<Order>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

fn code_result(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "name",
            "path",
            "sha",
            "repository=repository.full_name",
            "html_url",
        ],
    );
    o["fragments"] = mcp_shared::json::pluck(v, "text_matches", "fragment");
    o
}

pub(super) async fn search_code(ctx: Ctx, a: SearchCode) -> Result<Output, ToolError> {
    let sort = a.sort.as_ref().map(enum_str);
    let v = code_search(&ctx, &a.q, sort, a.order, a.page, a.per_page).await?;
    Ok(atlas::shaped(&ctx, v, atlas::code_search))
}

/// Search code across GitHub with GitHub's code search syntax (e.g.
/// `content:Skill language:Java org:github`, `repo:owner/name path:src/ fn main`). Returns the
/// total count, matching files (repository, path, URL and matching fragments) and `next_page`.
/// GitHub allows about 10 code searches a minute.
#[derive(Deserialize, JsonSchema)]
pub struct OfficialSearchCode {
    /// Search query in GitHub code search syntax
    query: String,
    /// Sort field (`indexed` is the only one GitHub supports; default: best match)
    sort: Option<String>,
    /// Sort order (only with `sort`)
    order: Option<Order>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

pub(super) async fn official_search_code(
    ctx: Ctx,
    a: OfficialSearchCode,
) -> Result<Value, ToolError> {
    code_search(&ctx, &a.query, a.sort, a.order, a.page, a.per_page).await
}

async fn code_search(
    ctx: &Ctx,
    q: &str,
    sort: Option<String>,
    order: Option<Order>,
    page: Option<Int>,
    per_page: Option<Int>,
) -> Result<Value, ToolError> {
    let r = api::req(ctx, Method::GET, "/search/code")?
        .header("accept", "application/vnd.github.text-match+json")
        .query("q", q)
        .query_opt("sort", sort)
        .query_opt("order", order.as_ref().map(enum_str));
    let (page, per_page) = api::page_defaults(ctx, page, per_page);
    let resp = paged(r, page, per_page).send().await?;
    let v: Value = resp.json()?;
    let mut out = page_of(&resp, each(&v["items"], code_result));
    out["total_count"] = v["total_count"].clone();
    out["incomplete_results"] = v["incomplete_results"].clone();
    Ok(out)
}
