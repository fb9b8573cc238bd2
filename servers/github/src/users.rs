//! User search (the `users` toolset), and GitHub's account search that organization search
//! shares.

use mcp_shared::json::enum_str;
use mcp_shared::{Ctx, Effect, Int, Method, Output, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::api::{self, each, page_of, paged};
use crate::atlas;
use crate::issues::Order;
use crate::profiles::Names;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "github_search_users",
            "Search users",
            Effect::Read,
            search_users,
        )
        .toolset("users")
        .atlas_list("search_users"),
        tool(
            "search_users",
            "Search users",
            Effect::Read,
            official_search_users,
        )
        .toolset("users")
        .github_only(),
    ]
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum UserSort {
    Followers,
    Repositories,
    Joined,
}

/// Search GitHub users and organizations with GitHub's user search syntax (e.g.
/// `tom in:login type:user`, `location:berlin language:rust followers:>100`). Returns the
/// total count, matching accounts (login, id, type, profile URL) and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchUsers {
    /// Search query in GitHub user search syntax
    q: String,
    /// Default: best match
    sort: Option<UserSort>,
    /// Default desc; with `sort`
    order: Option<Order>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn search_users(ctx: Ctx, a: SearchUsers) -> Result<Output, ToolError> {
    let v = account_search(&ctx, &a.q, a.sort, a.order, a.page, a.per_page).await?;
    Ok(atlas::shaped(&ctx, v, atlas::user_search))
}

/// GitHub's user search (`GET /search/users`), which also finds organizations.
pub async fn account_search(
    ctx: &Ctx,
    q: &str,
    sort: Option<UserSort>,
    order: Option<Order>,
    page: Option<Int>,
    per_page: Option<Int>,
) -> Result<Value, ToolError> {
    let r = api::req(ctx, Method::GET, "/search/users")?
        .query("q", q)
        .query_opt("sort", sort.as_ref().map(enum_str))
        .query_opt("order", order.as_ref().map(enum_str));
    let (page, per_page) = api::page_defaults(ctx, page, per_page);
    let resp = paged(r, page, per_page).send().await?;
    let v: Value = resp.json()?;
    let mut out = page_of(&resp, each(&v["items"], api::user));
    out["total_count"] = v["total_count"].clone();
    out["incomplete_results"] = v["incomplete_results"].clone();
    Ok(out)
}

/// Search GitHub users with GitHub's user search syntax (e.g. `tom in:login`,
/// `location:berlin language:rust followers:>100`); `type:user` is added unless the query
/// names a type. Returns the total count, matching users (login, id, type, profile URL) and
/// `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct OfficialSearchUsers {
    /// Search query in GitHub user search syntax
    query: String,
    /// Default: best match
    sort: Option<UserSort>,
    /// Default desc; with `sort`
    order: Option<Order>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

/// `query` with `type:{kind}` added unless it already names a type.
pub fn typed_query(query: &str, kind: &str) -> String {
    if query.contains("type:") {
        query.to_owned()
    } else {
        format!("type:{kind} {query}")
    }
}

async fn official_search_users(ctx: Ctx, a: OfficialSearchUsers) -> Result<Value, ToolError> {
    let q = typed_query(&a.query, "user");
    account_search(&ctx, &q, a.sort, a.order, a.page, a.per_page).await
}
