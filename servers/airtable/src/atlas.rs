//! The MCP-Atlas view (`--profile atlas`, Klavis's `airtable_atlas`, a read-only fork of
//! `@felores/airtable-mcp-server` 0.3.0): `list_bases` and `list_tables` are our tools under
//! those names (bases.rs); `get_record`, `list_records` and `search_records` take that
//! server's parameters (`table_name`) and are defined here, on the requests of
//! airtable_get_record and airtable_list_records. Results are JSON arrays, as that server
//! prints them.

use mcp_shared::pagination::Pages;
use mcp_shared::reexports::rmcp::model::ContentBlock;
use mcp_shared::{Ctx, Effect, Int, Output, Profile, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api::{base, send};
use crate::records::{Page, fetch_record, page_request};

/// Most pages of records one call reads (Airtable's pages hold 100 records).
const MAX_PAGES: usize = 10;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("get_record", "Get record", Effect::Read, get_record)
            .toolset("records")
            .only_in(&[Profile::Atlas]),
        tool("list_records", "List records", Effect::Read, list_records)
            .toolset("records")
            .only_in(&[Profile::Atlas]),
        tool(
            "search_records",
            "Search records",
            Effect::Read,
            search_records,
        )
        .toolset("records")
        .only_in(&[Profile::Atlas]),
    ]
}

/// A result as that server prints it: the JSON array; when the list is incomplete, a second
/// text block says so.
pub fn array(items: Vec<Value>, note: Option<String>) -> Output {
    match note {
        None => Output::Json(Value::Array(items)),
        Some(note) => {
            // Serialising a `Value` cannot fail (its map keys are strings).
            let text = serde_json::to_string(&Value::Array(items)).unwrap_or_default();
            Output::Content(vec![ContentBlock::text(text), ContentBlock::text(note)])
        }
    }
}

/// Get one record by its id: id, createdTime and every non-empty field, values as Airtable
/// gives them.
#[derive(Deserialize, JsonSchema)]
pub struct GetRecord {
    /// Base id (`app...`)
    base_id: String,
    /// Table name (or id, `tbl...`)
    table_name: String,
    /// Record id (`rec...`)
    record_id: String,
}

async fn get_record(ctx: Ctx, a: GetRecord) -> Result<Value, ToolError> {
    fetch_record(
        &ctx,
        &a.base_id,
        (&a.table_name, "table_name"),
        &a.record_id,
    )
    .await
}

/// List the records of a table: a JSON array of records (id, createdTime, fields as Airtable
/// gives them; empty fields absent), every page up to `max_records` (1,000 at most a call).
#[derive(Deserialize, JsonSchema)]
pub struct ListRecords {
    /// Base id (`app...`)
    base_id: String,
    /// Table name (or id, `tbl...`)
    table_name: String,
    /// Most records to return
    max_records: Option<Int>,
}

async fn list_records(ctx: Ctx, a: ListRecords) -> Result<Output, ToolError> {
    if a.max_records.is_some_and(|n| n.get() == 0) {
        return Err(ToolError::invalid_input("`max_records` must be at least 1"));
    }
    let max = a.max_records.map(Int::get);
    records(&ctx, &a.base_id, &a.table_name, None, max).await
}

/// Find the records whose field equals a value exactly (Airtable formula
/// `{field_name} = "value"`, the value escaped): a JSON array of records (id, createdTime,
/// fields), every match up to 1,000.
#[derive(Deserialize, JsonSchema)]
pub struct SearchRecords {
    /// Base id (`app...`)
    base_id: String,
    /// Table name (or id, `tbl...`)
    table_name: String,
    /// Name of the field to search in
    field_name: String,
    /// Value to search for (exact match)
    value: String,
}

async fn search_records(ctx: Ctx, a: SearchRecords) -> Result<Output, ToolError> {
    let formula = equals(&a.field_name, &a.value)?;
    records(&ctx, &a.base_id, &a.table_name, Some(&formula), None).await
}

/// The records of a table that `formula` keeps (all without one), `max` at most, over every
/// page (`offset` followed), at most [`MAX_PAGES`] pages.
async fn records(
    ctx: &Ctx,
    base_id: &str,
    table: &str,
    formula: Option<&str>,
    max: Option<u64>,
) -> Result<Output, ToolError> {
    let (key, b) = base(base_id)?;
    let t = seg_id(table, "table_name")?;
    let mut pages = Pages::with_cap(MAX_PAGES);
    let mut offset: Option<String> = None;
    let mut out = Vec::new();
    loop {
        let q = Page {
            formula,
            max_records: max,
            offset: offset.as_deref(),
            ..Page::default()
        };
        let v = send(ctx, Some(&key), page_request(ctx, &b, &t, &q)?).await?;
        if let Some(found) = v.get("records").and_then(Value::as_array) {
            out.extend(found.iter().cloned());
        }
        match pages.next(v.get("offset").and_then(Value::as_str)) {
            Some(next) => offset = Some(next),
            None => break,
        }
    }
    Ok(array(out, pages.note()))
}

/// The formula `{field} = "value"` with the value escaped as an Airtable string literal (`\`,
/// `"` and line breaks), so that no value can end the literal and add formula code. A field
/// name cannot be escaped reliably in a `{...}` reference: one holding `}` or `\` is refused.
pub fn equals(field: &str, value: &str) -> Result<String, ToolError> {
    let field = non_empty(field, "field_name")?;
    if field.contains(['}', '\\']) {
        return Err(ToolError::invalid_input(
            "`field_name` must not contain `}` or `\\`: an Airtable formula cannot name such a field",
        ));
    }
    let mut literal = String::with_capacity(value.len() + 2);
    for c in value.chars() {
        match c {
            '\\' => literal.push_str("\\\\"),
            '"' => literal.push_str("\\\""),
            '\n' => literal.push_str("\\n"),
            c => literal.push(c),
        }
    }
    Ok(format!("{{{field}}} = \"{literal}\""))
}
