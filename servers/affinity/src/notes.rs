//! Notes (v1): `GET /notes`, `GET /notes/{id}`.

use crate::api::{id, page_size, page_v1, v1};
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("affinity_get_all_notes", "Get notes", Effect::Read, all).toolset("notes"),
        tool(
            "affinity_get_specific_note",
            "Get note",
            Effect::Read,
            single,
        )
        .toolset("notes"),
        tool("affinity_create_note", "Create note", Effect::Write, create).toolset("notes"),
    ]
}

const NOTE: &[&str] = &[
    "id",
    "content",
    "type",
    "creator_id",
    "person_ids",
    "organization_ids",
    "opportunity_ids",
    "parent_id",
    "is_meeting",
    "created_at",
    "updated_at",
];

/// Notes, newest first, optionally only those of a person, organization or opportunity.
/// `content` is HTML when `type` is 2. Returns `items` and `next_page_token`.
#[derive(Deserialize, JsonSchema)]
pub struct All {
    person_id: Option<Count>,
    organization_id: Option<Count>,
    opportunity_id: Option<Count>,
    /// 1-500
    page_size: Option<Count>,
    /// `next_page_token` of the previous page
    page_token: Option<String>,
}

async fn all(ctx: Ctx, a: All) -> Result<Value, ToolError> {
    let v: Value = v1(&ctx, "/notes")?
        .query_opt("person_id", a.person_id.map(Count::get))
        .query_opt("organization_id", a.organization_id.map(Count::get))
        .query_opt("opportunity_id", a.opportunity_id.map(Count::get))
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
    let mut page = page_v1(&v, "notes");
    if let Some(items) = page.get_mut("items").and_then(Value::as_array_mut) {
        for n in items.iter_mut() {
            *n = pick(n, NOTE);
        }
    }
    Ok(page)
}

/// One note: content, type, creator and the persons, organizations and opportunities it
/// is on.
#[derive(Deserialize, JsonSchema)]
pub struct Single {
    note_id: Count,
}

async fn single(ctx: Ctx, a: Single) -> Result<Value, ToolError> {
    let nid = id(a.note_id, "note_id")?;
    let v: Value = v1(&ctx, &format!("/notes/{nid}"))?.send_json().await?;
    Ok(if v.is_object() {
        pick(&v, NOTE)
    } else {
        json!(v)
    })
}

/// Add a note to persons, organizations and/or opportunities, or reply to a note (v1
/// `POST /notes`). Returns the new note.
#[derive(Deserialize, JsonSchema)]
pub struct Create {
    /// Plain text, or HTML with `html`
    content: String,
    person_ids: Option<Vec<Count>>,
    organization_ids: Option<Vec<Count>>,
    opportunity_ids: Option<Vec<Count>>,
    /// The note this one replies to
    parent_id: Option<Count>,
    /// `content` is HTML (`<p>`, `<strong>`, `<em>`, `<ul>`...)
    html: Option<bool>,
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    let mut body = Map::new();
    let mut linked = a.parent_id.is_some();
    for (k, ids) in [
        ("person_ids", a.person_ids),
        ("organization_ids", a.organization_ids),
        ("opportunity_ids", a.opportunity_ids),
    ] {
        let ids: Vec<u64> = ids
            .unwrap_or_default()
            .into_iter()
            .map(Count::get)
            .collect();
        if !ids.is_empty() {
            linked = true;
            body.insert(k.into(), json!(ids));
        }
    }
    if !linked {
        return Err(ToolError::invalid_input(
            "give person_ids, organization_ids or opportunity_ids (or parent_id for a reply): a note must be on something",
        ));
    }
    if let Some(p) = a.parent_id {
        body.insert("parent_id".into(), json!(id(p, "parent_id")?));
    }
    body.insert("content".into(), json!(non_empty(&a.content, "content")?));
    if a.html == Some(true) {
        body.insert("type".into(), json!(2));
    }
    let v: Value = ctx
        .api_authorized(crate::V1.name, Method::POST, "/notes")?
        .json(&body)
        .send_json()
        .await?;
    Ok(pick(&v, NOTE))
}
