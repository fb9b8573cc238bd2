//! Companies (v1: organizations): v2 reads, v1 term search.

use crate::api::{page_size, page_v1, v1};
use crate::entity;
use crate::lists::{Fields, Page};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "affinity_get_all_companies",
            "Get companies",
            Effect::Read,
            all,
        )
        .toolset("companies"),
        tool(
            "affinity_get_single_company",
            "Get company",
            Effect::Read,
            single,
        )
        .toolset("companies"),
        tool(
            "affinity_get_company_fields_metadata",
            "Get company fields",
            Effect::Read,
            fields,
        )
        .toolset("companies"),
        tool(
            "affinity_get_company_lists",
            "Get company's lists",
            Effect::Read,
            lists,
        )
        .toolset("companies"),
        tool(
            "affinity_get_company_list_entries",
            "Get company's list entries",
            Effect::Read,
            entries,
        )
        .toolset("companies"),
        tool(
            "affinity_search_organizations",
            "Search organizations",
            Effect::Read,
            search,
        )
        .toolset("companies"),
    ]
}

/// Companies (id, name, domains) with the fields asked for, optionally only these ids.
/// Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct All {
    #[serde(flatten)]
    page: Page,
    ids: Option<Vec<Count>>,
    #[serde(flatten)]
    fields: Fields,
}

async fn all(ctx: Ctx, a: All) -> Result<Value, ToolError> {
    entity::all(&ctx, "companies", a.page, a.ids, a.fields).await
}

/// One company with the fields asked for.
#[derive(Deserialize, JsonSchema)]
pub struct Single {
    company_id: Count,
    #[serde(flatten)]
    fields: Fields,
}

async fn single(ctx: Ctx, a: Single) -> Result<Value, ToolError> {
    entity::single(&ctx, "companies", a.company_id, "company_id", a.fields).await
}

/// The fields companies have (id, name, type, valueType), for `field_ids`. Returns `items`
/// and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct FieldsMeta {
    #[serde(flatten)]
    page: Page,
}

async fn fields(ctx: Ctx, a: FieldsMeta) -> Result<Value, ToolError> {
    entity::fields_meta(&ctx, "companies", a.page).await
}

/// A company and a page.
#[derive(Deserialize, JsonSchema)]
pub struct OfCompany {
    company_id: Count,
    #[serde(flatten)]
    page: Page,
}

async fn of_company(ctx: &Ctx, a: OfCompany, what: &str) -> Result<Value, ToolError> {
    entity::related(ctx, "companies", a.company_id, "company_id", what, a.page).await
}

/// The lists a company is on. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct Lists {
    #[serde(flatten)]
    of: OfCompany,
}

async fn lists(ctx: Ctx, a: Lists) -> Result<Value, ToolError> {
    of_company(&ctx, a.of, "lists").await
}

/// A company's entries across lists, with their list fields. Returns `items` and
/// `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct Entries {
    #[serde(flatten)]
    of: OfCompany,
}

async fn entries(ctx: Ctx, a: Entries) -> Result<Value, ToolError> {
    of_company(&ctx, a.of, "list-entries").await
}

/// Search organizations by part of a name or domain (v1). Returns `items` and `next_page_token`.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    term: Option<String>,
    /// Add last and next interaction dates; only those with interactions are returned
    with_interaction_dates: Option<bool>,
    /// With with_interaction_dates: the internal persons of each interaction
    with_interaction_persons: Option<bool>,
    /// Add opportunity ids
    with_opportunities: Option<bool>,
    /// 1-500
    page_size: Option<Count>,
    /// `next_page_token` of the previous page, with the same other arguments
    page_token: Option<String>,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let v: Value = v1(&ctx, "/organizations")?
        .query_opt(
            "term",
            a.term.as_deref().map(str::trim).filter(|t| !t.is_empty()),
        )
        .query_opt("with_interaction_dates", a.with_interaction_dates)
        .query_opt("with_interaction_persons", a.with_interaction_persons)
        .query_opt("with_opportunities", a.with_opportunities)
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
    Ok(page_v1(&v, "organizations"))
}
