//! Note activities.

use super::common::{filters, get_delete_search};
use crate::api::{self, Count, id};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, ToolError, non_empty};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

const NOTE: &[&str] = &[
    "id",
    "lead_id",
    "contact_id",
    "user_id",
    "user_name",
    "note",
    "date_created",
    "date_updated",
];

get_delete_search!(
    "/activity/note/",
    NOTE,
    note_id,
    GetNote,
    get_note,
    "Get a note activity.",
    DeleteNote,
    delete_note,
    "Delete a note activity.",
    SearchNotes,
    search_notes,
    "Find note activities containing `query`."
);

/// List note activities, newest first. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListNotes {
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// Items to skip (prefer `cursor`)
    skip: Option<Count>,
    lead_id: Option<String>,
    user_id: Option<String>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

pub(super) async fn list_notes(ctx: Ctx, a: ListNotes) -> Result<Value, ToolError> {
    let q = filters(vec![("lead_id", a.lead_id), ("user_id", a.user_id)]);
    api::list(
        &ctx,
        "/activity/note/",
        q,
        a.limit,
        a.skip,
        a.cursor.as_deref(),
        NOTE,
    )
    .await
}

/// Add a plain-text note to a lead. Returns the note.
#[derive(Deserialize, JsonSchema)]
pub struct CreateNote {
    lead_id: String,
    note: String,
    /// Author (`user_...`); the caller when omitted
    user_id: Option<String>,
}

pub(super) async fn create_note(ctx: Ctx, a: CreateNote) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    b.insert("note".into(), json!(non_empty(&a.note, "note")?));
    insert_opt(&mut b, "user_id", a.user_id);
    api::create(&ctx, "/activity/note/", &[], b, NOTE).await
}

/// Replace a note's text. Returns the note.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateNote {
    note_id: String,
    note: Option<String>,
}

pub(super) async fn update_note(ctx: Ctx, a: UpdateNote) -> Result<Value, ToolError> {
    let path = format!("/activity/note/{}/", id(&a.note_id, "note_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "note", a.note);
    api::update(&ctx, &path, b, NOTE).await
}
