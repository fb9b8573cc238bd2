//! Call activities.

use super::common::{Direction, ListCommon, dir, filters, get_delete_search};
use crate::api::{self, Count, id};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, ToolError, non_empty};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

const CALL: &[&str] = &[
    "id",
    "lead_id",
    "contact_id",
    "user_id",
    "direction",
    "status",
    "disposition",
    "phone",
    "duration",
    "note",
    "recording_url",
    "date_created",
];

get_delete_search!(
    "/activity/call/",
    CALL,
    call_id,
    GetCall,
    get_call,
    "Get a call activity: direction, phone, duration (s), disposition, note.",
    DeleteCall,
    delete_call,
    "Delete a call activity.",
    SearchCalls,
    search_calls,
    "Find call activities containing `query` (note, phone)."
);

/// List call activities, newest first. `direction` and `disposition` filter the page read.
/// Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListCalls {
    #[serde(flatten)]
    common: ListCommon,
    direction: Option<Direction>,
    /// e.g. `answered`, `no-answer`, `vm-left`, `busy`
    disposition: Option<String>,
}

pub(super) async fn list_calls(ctx: Ctx, a: ListCalls) -> Result<Value, ToolError> {
    let keep = filters(vec![
        ("direction", dir(a.direction)),
        ("disposition", a.disposition),
    ]);
    a.common
        .run(&ctx, "/activity/call/", Vec::new(), keep, CALL)
        .await
}

/// Log a call made outside Close on a lead. Returns the call.
#[derive(Deserialize, JsonSchema)]
pub struct CreateCall {
    lead_id: String,
    direction: Direction,
    /// The other party's number, E.164
    phone: Option<String>,
    /// e.g. `answered`, `no-answer`, `vm-left`, `busy`
    disposition: Option<String>,
    /// Seconds
    duration: Option<Count>,
    note: Option<String>,
    contact_id: Option<String>,
    user_id: Option<String>,
}

pub(super) async fn create_call(ctx: Ctx, a: CreateCall) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    b.insert("direction".into(), json!(a.direction));
    insert_opt(&mut b, "phone", a.phone);
    insert_opt(&mut b, "disposition", a.disposition);
    insert_opt(&mut b, "duration", a.duration.map(Count::get));
    insert_opt(&mut b, "note", a.note);
    insert_opt(&mut b, "contact_id", a.contact_id);
    insert_opt(&mut b, "user_id", a.user_id);
    api::create(&ctx, "/activity/call/", &[], b, CALL).await
}

/// Update a call's disposition, duration or note. Returns the call.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateCall {
    call_id: String,
    disposition: Option<String>,
    /// Seconds
    duration: Option<Count>,
    note: Option<String>,
}

pub(super) async fn update_call(ctx: Ctx, a: UpdateCall) -> Result<Value, ToolError> {
    let path = format!("/activity/call/{}/", id(&a.call_id, "call_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "disposition", a.disposition);
    insert_opt(&mut b, "duration", a.duration.map(Count::get));
    insert_opt(&mut b, "note", a.note);
    api::update(&ctx, &path, b, CALL).await
}
