//! Meeting activities.

use super::common::{ListCommon, filters, get_delete_search};
use crate::api::{self, Count, id};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

const MEETING: &[&str] = &[
    "id",
    "lead_id",
    "contact_id",
    "user_id",
    "title",
    "status",
    "starts_at",
    "ends_at",
    "duration",
    "attendees",
    "location",
    "user_note_html",
    "outcome_id",
    "date_created",
];

get_delete_search!(
    "/activity/meeting/",
    MEETING,
    meeting_id,
    GetMeeting,
    get_meeting,
    "Get a meeting activity: times, attendees, status, notes.",
    DeleteMeeting,
    delete_meeting,
    "Delete a meeting activity.",
    SearchMeetings,
    search_meetings,
    "Find meeting activities containing `query` (title, notes, attendees)."
);

/// List meeting activities, newest first. Times are ISO 8601; `starts_at__*` is the same
/// filter as `date_created__*`; `status` filters the page read. Returns `items` and
/// `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListMeetings {
    #[serde(flatten)]
    common: ListCommon,
    /// e.g. `upcoming`, `completed`, `canceled`
    status: Option<String>,
    date_created__gte: Option<String>,
    date_created__lte: Option<String>,
    starts_at__gte: Option<String>,
    starts_at__lte: Option<String>,
}

pub(super) async fn list_meetings(ctx: Ctx, a: ListMeetings) -> Result<Value, ToolError> {
    // A meeting's date_created is its start time in Close.
    let both = |x: &Option<String>, y: &Option<String>, n: &str| match (x, y) {
        (Some(x), Some(y)) if x.trim() != y.trim() => Err(ToolError::invalid_input(format!(
            "date_created{n} and starts_at{n} are the same filter in Close (a meeting's date_created is its start); give one"
        ))),
        _ => Ok(()),
    };
    both(&a.date_created__gte, &a.starts_at__gte, "__gte")?;
    both(&a.date_created__lte, &a.starts_at__lte, "__lte")?;
    let extra = filters(vec![
        (
            "date_created__gte",
            a.date_created__gte.or(a.starts_at__gte),
        ),
        (
            "date_created__lte",
            a.date_created__lte.or(a.starts_at__lte),
        ),
    ]);
    let keep = filters(vec![("status", a.status)]);
    a.common
        .run(&ctx, "/activity/meeting/", extra, keep, MEETING)
        .await
}

/// Close's API cannot create meetings: they come from synced Google or Microsoft
/// calendars. This tool only says so; log the meeting with close_create_note_activity.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)] // Klavis's arguments, accepted and unused.
pub struct CreateMeeting {
    lead_id: String,
    starts_at: String,
    ends_at: String,
    status: Option<String>,
    attendees: Option<Vec<Map<String, Value>>>,
    user_note_html: Option<String>,
    outcome_id: Option<String>,
    user_id: Option<String>,
    date_created: Option<String>,
}

pub(super) async fn create_meeting(_ctx: Ctx, _a: CreateMeeting) -> Result<Value, ToolError> {
    Err(ToolError::invalid_input(
        "Close's API has no way to create a meeting: meetings are synced from connected Google or Microsoft calendars. \
         Schedule it in a synced calendar, or record it with close_create_note_activity (and close_update_meeting_activity to add notes to a synced one).",
    ))
}

/// Update a meeting: times, status, attendees, notes or outcome. Returns the meeting.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateMeeting {
    meeting_id: String,
    starts_at: Option<String>,
    ends_at: Option<String>,
    status: Option<String>,
    attendees: Option<Vec<Map<String, Value>>>,
    user_note_html: Option<String>,
    outcome_id: Option<String>,
}

pub(super) async fn update_meeting(ctx: Ctx, a: UpdateMeeting) -> Result<Value, ToolError> {
    let path = format!("/activity/meeting/{}/", id(&a.meeting_id, "meeting_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "starts_at", a.starts_at);
    insert_opt(&mut b, "ends_at", a.ends_at);
    insert_opt(&mut b, "status", a.status);
    insert_opt(&mut b, "attendees", a.attendees);
    insert_opt(&mut b, "user_note_html", a.user_note_html);
    insert_opt(&mut b, "outcome_id", a.outcome_id);
    api::update(&ctx, &path, b, MEETING).await
}
