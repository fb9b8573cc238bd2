//! Lists, their fields and entries (v2), and the current user.

use crate::api::{FieldType, Query, id, one_v2, page_v2};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "affinity_get_current_user",
            "Get current user",
            Effect::Read,
            current_user,
        )
        .toolset("lists"),
        tool(
            "affinity_get_all_list_entries_on_a_list",
            "Get list entries",
            Effect::Read,
            list_entries,
        )
        .toolset("lists"),
        tool(
            "affinity_get_metadata_on_all_lists",
            "Get lists",
            Effect::Read,
            lists,
        )
        .toolset("lists"),
        tool(
            "affinity_get_metadata_on_a_single_list",
            "Get list",
            Effect::Read,
            list,
        )
        .toolset("lists"),
        tool(
            "affinity_get_metadata_on_a_single_list_fields",
            "Get list fields",
            Effect::Read,
            list_fields,
        )
        .toolset("lists"),
        tool(
            "affinity_get_a_single_list_entry_on_a_list",
            "Get list entry",
            Effect::Read,
            list_entry,
        )
        .toolset("lists"),
    ]
}

/// The user, tenant and grant of the API key (`GET /v2/auth/whoami`).
#[derive(Deserialize, JsonSchema)]
pub struct CurrentUser {}

async fn current_user(ctx: Ctx, _a: CurrentUser) -> Result<Value, ToolError> {
    one_v2(&ctx, "/v2/auth/whoami", Query::default()).await
}

/// A page of v2 results.
#[derive(Deserialize, JsonSchema)]
pub struct Page {
    /// `next_cursor` of the previous page
    pub cursor: Option<String>,
    /// 1-100
    #[schemars(extend("default" = 100))]
    pub limit: Option<Count>,
}

impl Page {
    /// A query for this page and nothing else.
    pub fn into_query(self) -> Query {
        Query {
            cursor: self.cursor,
            limit: self.limit,
            ..Query::default()
        }
    }
}

/// Ids to send as repeated `ids` parameters.
pub fn ids(v: Option<Vec<Count>>) -> Vec<u64> {
    v.unwrap_or_default().into_iter().map(Count::get).collect()
}

/// The fields to return with each row: none unless asked.
#[derive(Deserialize, JsonSchema)]
pub struct Fields {
    /// Field ids (`field-1234`, `affinity-data-location`)
    pub field_ids: Option<Vec<String>>,
    pub field_types: Option<Vec<FieldType>>,
}

impl Fields {
    pub fn into_query(self, page: Option<Page>) -> Query {
        let (cursor, limit) = page.map_or((None, None), |p| (p.cursor, p.limit));
        Query {
            cursor,
            limit,
            field_ids: self.field_ids.unwrap_or_default(),
            field_types: self.field_types.unwrap_or_default(),
            ..Query::default()
        }
    }
}

/// The entries of a list (persons, companies or opportunities) with the fields asked for.
/// Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListEntries {
    list_id: Count,
    #[serde(flatten)]
    page: Page,
    #[serde(flatten)]
    fields: Fields,
}

async fn list_entries(ctx: Ctx, a: ListEntries) -> Result<Value, ToolError> {
    let lid = id(a.list_id, "list_id")?;
    let path = format!("/v2/lists/{lid}/list-entries");
    page_v2(&ctx, &path, a.fields.into_query(Some(a.page))).await
}

/// The lists the user can see: id, name, type, isPublic, ownerId. Returns `items` and
/// `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct Lists {
    #[serde(flatten)]
    page: Page,
}

async fn lists(ctx: Ctx, a: Lists) -> Result<Value, ToolError> {
    page_v2(&ctx, "/v2/lists", a.page.into_query()).await
}

/// One list's metadata.
#[derive(Deserialize, JsonSchema)]
pub struct List {
    list_id: Count,
}

async fn list(ctx: Ctx, a: List) -> Result<Value, ToolError> {
    let lid = id(a.list_id, "list_id")?;
    one_v2(&ctx, &format!("/v2/lists/{lid}"), Query::default()).await
}

/// A list's fields: id, name, type, valueType. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListFields {
    list_id: Count,
    #[serde(flatten)]
    page: Page,
}

async fn list_fields(ctx: Ctx, a: ListFields) -> Result<Value, ToolError> {
    let lid = id(a.list_id, "list_id")?;
    page_v2(
        &ctx,
        &format!("/v2/lists/{lid}/fields"),
        a.page.into_query(),
    )
    .await
}

/// One entry of a list, with its entity and the fields asked for.
#[derive(Deserialize, JsonSchema)]
pub struct ListEntry {
    list_id: Count,
    list_entry_id: Count,
    #[serde(flatten)]
    fields: Fields,
}

async fn list_entry(ctx: Ctx, a: ListEntry) -> Result<Value, ToolError> {
    let lid = id(a.list_id, "list_id")?;
    let eid = id(a.list_entry_id, "list_entry_id")?;
    let path = format!("/v2/lists/{lid}/list-entries/{eid}");
    one_v2(&ctx, &path, a.fields.into_query(None)).await
}
