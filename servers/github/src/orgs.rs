//! Organization search (the `orgs` toolset).

use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::issues::Order;
use crate::profiles::Names;
use crate::users::{UserSort, account_search, typed_query};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "github_search_orgs",
            "Search organizations",
            Effect::Read,
            search_orgs,
        )
        .toolset("orgs")
        .github_name("search_orgs"),
    ]
}

/// Search GitHub organizations with GitHub's user search syntax (e.g. `microsoft`,
/// `location:berlin repos:>10`); `type:org` is added unless the query names a type. Returns the
/// total count, matching organizations (login, id, profile URL) and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchOrgs {
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

async fn search_orgs(ctx: Ctx, a: SearchOrgs) -> Result<Value, ToolError> {
    let q = typed_query(&a.query, "org");
    account_search(&ctx, &q, a.sort, a.order, a.page, a.per_page).await
}
