//! Persons: v2 reads, v1 term search.

use crate::api::{page_size, page_v1, v1};
use crate::entity;
use crate::lists::{Fields, Page};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("affinity_get_all_persons", "Get persons", Effect::Read, all).toolset("persons"),
        tool(
            "affinity_get_single_person",
            "Get person",
            Effect::Read,
            single,
        )
        .toolset("persons"),
        tool(
            "affinity_get_person_fields_metadata",
            "Get person fields",
            Effect::Read,
            fields,
        )
        .toolset("persons"),
        tool(
            "affinity_get_person_lists",
            "Get person's lists",
            Effect::Read,
            lists,
        )
        .toolset("persons"),
        tool(
            "affinity_get_person_list_entries",
            "Get person's list entries",
            Effect::Read,
            entries,
        )
        .toolset("persons"),
        tool(
            "affinity_search_persons",
            "Search persons",
            Effect::Read,
            search,
        )
        .toolset("persons"),
    ]
}

/// Persons (id, names, emails) with the fields asked for, optionally only these ids.
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
    entity::all(&ctx, "persons", a.page, a.ids, a.fields).await
}

/// One person with the fields asked for.
#[derive(Deserialize, JsonSchema)]
pub struct Single {
    person_id: Count,
    #[serde(flatten)]
    fields: Fields,
}

async fn single(ctx: Ctx, a: Single) -> Result<Value, ToolError> {
    entity::single(&ctx, "persons", a.person_id, "person_id", a.fields).await
}

/// The fields persons have (id, name, type, valueType), for `field_ids`. Returns `items`
/// and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct FieldsMeta {
    #[serde(flatten)]
    page: Page,
}

async fn fields(ctx: Ctx, a: FieldsMeta) -> Result<Value, ToolError> {
    entity::fields_meta(&ctx, "persons", a.page).await
}

/// A person and a page.
#[derive(Deserialize, JsonSchema)]
pub struct OfPerson {
    person_id: Count,
    #[serde(flatten)]
    page: Page,
}

async fn of_person(ctx: &Ctx, a: OfPerson, what: &str) -> Result<Value, ToolError> {
    entity::related(ctx, "persons", a.person_id, "person_id", what, a.page).await
}

/// The lists a person is on. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct Lists {
    #[serde(flatten)]
    of: OfPerson,
}

async fn lists(ctx: Ctx, a: Lists) -> Result<Value, ToolError> {
    of_person(&ctx, a.of, "lists").await
}

/// A person's entries across lists, with their list fields. Returns `items` and
/// `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct Entries {
    #[serde(flatten)]
    of: OfPerson,
}

async fn entries(ctx: Ctx, a: Entries) -> Result<Value, ToolError> {
    of_person(&ctx, a.of, "list-entries").await
}

/// Search persons by part of a name or email (v1). Returns `items` and `next_page_token`.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    term: Option<String>,
    /// Add last and next interaction dates; only persons with interactions are returned
    with_interaction_dates: Option<bool>,
    /// With with_interaction_dates: the internal persons of each interaction
    with_interaction_persons: Option<bool>,
    /// Add opportunity ids
    with_opportunities: Option<bool>,
    /// Add current organization ids
    with_current_organizations: Option<bool>,
    /// 1-500
    page_size: Option<Count>,
    /// `next_page_token` of the previous page, with the same other arguments
    page_token: Option<String>,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let v: Value = v1(&ctx, "/persons")?
        .query_opt(
            "term",
            a.term.as_deref().map(str::trim).filter(|t| !t.is_empty()),
        )
        .query_opt("with_interaction_dates", a.with_interaction_dates)
        .query_opt("with_interaction_persons", a.with_interaction_persons)
        .query_opt("with_opportunities", a.with_opportunities)
        .query_opt("with_current_organizations", a.with_current_organizations)
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
    Ok(page_v1(&v, "persons"))
}
