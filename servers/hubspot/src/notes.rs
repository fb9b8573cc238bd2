//! Notes (engagements), created with their associations in one call.

use crate::api;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::time::{SystemTime, UNIX_EPOCH};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "hubspot_create_note",
            "Create note",
            Effect::Write,
            create_note,
        )
        .toolset("notes"),
    ]
}

/// Create a note (shown on the timeline of the records it is associated with). Returns the
/// new note's id and properties.
#[derive(Deserialize, JsonSchema)]
pub struct CreateNote {
    /// Text of the note (HTML allowed)
    note_body: String,
    contact_ids: Option<Vec<String>>,
    company_ids: Option<Vec<String>>,
    deal_ids: Option<Vec<String>>,
    ticket_ids: Option<Vec<String>>,
    /// Owner (user) id, see hubspot_list_owners
    owner_id: Option<String>,
    /// When the note was taken: ISO 8601 or Unix milliseconds; default now
    timestamp: Option<String>,
}

/// HubSpot's default association type ids from a note to each object type.
const NOTE_TO: [(&str, u32); 4] = [
    ("contact_ids", 202),
    ("company_ids", 190),
    ("deal_ids", 214),
    ("ticket_ids", 228),
];

async fn create_note(ctx: Ctx, a: CreateNote) -> Result<Value, ToolError> {
    let text = non_empty(&a.note_body, "note_body")?;
    let timestamp = match a
        .timestamp
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        Some(t) => t.to_owned(),
        None => SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis())
            .unwrap_or_default()
            .to_string(),
    };
    let mut props = Map::new();
    props.insert("hs_note_body".into(), json!(text));
    props.insert("hs_timestamp".into(), json!(timestamp));
    if let Some(o) = a
        .owner_id
        .as_deref()
        .map(str::trim)
        .filter(|o| !o.is_empty())
    {
        props.insert("hubspot_owner_id".into(), json!(o));
    }
    let lists = [&a.contact_ids, &a.company_ids, &a.deal_ids, &a.ticket_ids];
    let mut associations = Vec::new();
    for ((_, type_id), ids) in NOTE_TO.iter().zip(lists) {
        for id in ids
            .iter()
            .flatten()
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
        {
            associations.push(json!({
                "to": {"id": id},
                "types": [{"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": type_id}],
            }));
        }
    }
    let v: Value = ctx
        .authorized(Method::POST, "/crm/v3/objects/notes")?
        .json(&json!({ "properties": props, "associations": associations }))
        .send_json()
        .await?;
    Ok(api::record(&v))
}
