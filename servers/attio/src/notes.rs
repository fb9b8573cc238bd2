//! Notes on records: `GET /notes`, `POST /notes`.

use crate::api::{data, page, paged};
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "attio_search_notes",
            "Search notes",
            Effect::Read,
            search_notes,
        )
        .toolset("notes"),
        tool(
            "attio_create_note",
            "Create note",
            Effect::Write,
            create_note,
        )
        .toolset("notes"),
    ]
}

fn note(n: &Value) -> Value {
    pick(
        n,
        &[
            "note_id=id.note_id",
            "parent_object",
            "parent_record_id",
            "title",
            "content_plaintext",
            "created_at",
        ],
    )
}

/// List notes, optionally of one record, keeping those whose title or text contains
/// `query` (matched within each fetched page). Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchNotes {
    /// Case-insensitive
    query: Option<String>,
    /// Notes fetched per page, 1-50
    #[schemars(extend("default" = 50))]
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
    /// Notes to skip (Klavis's paging; `cursor` wins)
    #[schemars(extend("default" = 0))]
    offset: Option<Int>,
    /// `people`, `companies` or `deals`; with parent_record_id
    parent_object: Option<String>,
    parent_record_id: Option<String>,
}

async fn search_notes(ctx: Ctx, a: SearchNotes) -> Result<Value, ToolError> {
    let (limit, offset) = page(a.limit, a.cursor.as_deref(), a.offset, 50, 50)?;
    let parent_object = a
        .parent_object
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let parent_id = a
        .parent_record_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    if parent_object.is_some() != parent_id.is_some() {
        return Err(ToolError::invalid_input(
            "give parent_object and parent_record_id together (e.g. people and the person's record_id)",
        ));
    }
    let v: Value = ctx
        .authorized(Method::GET, "/notes")?
        .query("limit", limit)
        .query("offset", offset)
        .query_opt("parent_object", parent_object)
        .query_opt("parent_record_id", parent_id)
        .send_json()
        .await?;
    let rows = data(v).as_array().cloned().unwrap_or_default();
    let q = a
        .query
        .as_deref()
        .map(|q| q.trim().to_lowercase())
        .filter(|q| !q.is_empty());
    let items = rows
        .iter()
        .filter(|n| {
            q.as_ref().is_none_or(|q| {
                ["title", "content_plaintext"].iter().any(|k| {
                    n.get(*k)
                        .and_then(Value::as_str)
                        .is_some_and(|t| t.to_lowercase().contains(q.as_str()))
                })
            })
        })
        .map(note)
        .collect();
    Ok(paged(items, rows.len(), limit, offset))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Parent {
    People,
    Companies,
    Deals,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, Default)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    #[default]
    Plaintext,
    Markdown,
}

/// Add a note to a person, company or deal. Returns the new note.
#[derive(Deserialize, JsonSchema)]
pub struct CreateNote {
    parent_object: Parent,
    parent_record_id: String,
    /// Plain text
    title: String,
    /// Markdown: headings, lists, bold, italic, links
    content: String,
    #[schemars(extend("default" = "plaintext"))]
    format: Option<Format>,
}

async fn create_note(ctx: Ctx, a: CreateNote) -> Result<Value, ToolError> {
    let body = json!({"data": {
        "parent_object": a.parent_object,
        "parent_record_id": non_empty(&a.parent_record_id, "parent_record_id")?,
        "title": a.title,
        "format": a.format.unwrap_or_default(),
        "content": a.content,
    }});
    let v: Value = ctx
        .authorized(Method::POST, "/notes")?
        .json(&body)
        .send_json()
        .await?;
    Ok(note(&data(v)))
}
