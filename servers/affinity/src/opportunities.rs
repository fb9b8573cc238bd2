//! Opportunities: v2 reads, v1 term search.

use crate::api::{Query, id, one_v2, page_size, page_v1, page_v2, v1};
use crate::lists::{Page, ids};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "affinity_get_all_opportunities",
            "Get opportunities",
            Effect::Read,
            all,
        )
        .toolset("opportunities"),
        tool(
            "affinity_get_single_opportunity",
            "Get opportunity",
            Effect::Read,
            single,
        )
        .toolset("opportunities"),
        tool(
            "affinity_search_opportunities",
            "Search opportunities",
            Effect::Read,
            search,
        )
        .toolset("opportunities"),
    ]
}

/// Opportunities (id, name, listId), optionally only these ids. Returns `items` and
/// `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct All {
    #[serde(flatten)]
    page: Page,
    ids: Option<Vec<Count>>,
}

async fn all(ctx: Ctx, a: All) -> Result<Value, ToolError> {
    let mut q = a.page.into_query();
    q.ids = ids(a.ids);
    page_v2(&ctx, "/v2/opportunities", q).await
}

/// One opportunity: id, name, listId.
#[derive(Deserialize, JsonSchema)]
pub struct Single {
    opportunity_id: Count,
}

async fn single(ctx: Ctx, a: Single) -> Result<Value, ToolError> {
    let oid = id(a.opportunity_id, "opportunity_id")?;
    one_v2(&ctx, &format!("/v2/opportunities/{oid}"), Query::default()).await
}

/// Search opportunities by part of their name (v1): id, name, person and organization ids.
/// Returns `items` and `next_page_token`.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    term: Option<String>,
    /// 1-500
    page_size: Option<Count>,
    /// `next_page_token` of the previous page, with the same term
    page_token: Option<String>,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let v: Value = v1(&ctx, "/opportunities")?
        .query_opt(
            "term",
            a.term.as_deref().map(str::trim).filter(|t| !t.is_empty()),
        )
        .query_opt("page_size", page_size(a.page_size)?)
        .query_opt(
            "page_token",
            a.page_token
                .as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty()),
        )
        .send_json()
        .await?;
    Ok(page_v1(&v, "opportunities"))
}
