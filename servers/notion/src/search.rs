//! Search by title.

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::api::{self, page_size, req};
use crate::jail;
use crate::shape;
use crate::variants::{self, Passthrough, shaped};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("notion_search", "Search", Effect::Read, search).toolset("search"),
        variants::official("API-post-search", "Search by title", Effect::Read, search)
            .toolset("search"),
        variants::legacy("API-post-search", "Search by title", Effect::Read, search)
            .toolset("search"),
    ]
}

/// Search the pages and data sources shared with the integration by title. Returns object type, id,
/// title, URL, parent (data sources: database and schema), and `next_cursor`, `has_more`.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    /// Omit to list everything
    query: Option<String>,
    /// {"direction": "ascending", "timestamp": "last_edited_time"}; default relevance
    sort: Option<Map<String, Value>>,
    /// {"property": "object", "value": "page"} or "data_source"
    filter: Option<Map<String, Value>>,
    start_cursor: Option<String>,
    /// At most 100
    page_size: Option<u32>,
}

impl Passthrough for Search {
    const DESCRIPTION: &'static str = "Search the pages and databases shared with the integration by title (omit `query` to list them all). Returns Notion's list: results (page and database objects), next_cursor, has_more.";
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let mut body = Map::new();
    api::put(&mut body, "query", a.query);
    api::put(&mut body, "sort", a.sort.map(Value::Object));
    if let Some(mut f) = a.filter {
        // Since 2025-09-03 Notion searches data sources, not databases.
        if f.get("value").and_then(Value::as_str) == Some("database") && api::data_sources(&ctx) {
            f.insert("value".into(), Value::String("data_source".into()));
        }
        f.entry("property".to_owned())
            .or_insert_with(|| Value::String("object".into()));
        body.insert("filter".into(), Value::Object(f));
    }
    api::put(&mut body, "start_cursor", a.start_cursor);
    api::put(&mut body, "page_size", page_size(a.page_size));
    let mut v: Value = req(&ctx, Method::POST, "/v1/search")?
        .json(&Value::Object(body))
        .idempotent(true)
        .send_json()
        .await?;
    jail::keep_inside(&ctx, &mut v).await?;
    Ok(shaped(&ctx, v, |v| {
        api::list(v, shape::page_or_data_source)
    }))
}
