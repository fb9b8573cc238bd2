//! Scheduled meetings: events of the primary Google Calendar with a Meet conference
//! (Calendar API v3 `events.insert` with `conferenceData.createRequest`, `events.list`,
//! `events.get`, `events.patch`, `events.delete`).

use std::hash::{BuildHasher, Hasher};

use mcp_shared::pagination::Pages;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{
    EVENTS, MeetingOut, attendee, bound, calendar, calendar_zone, cursor, days_ago, emails,
    event_path, get_meeting_event, is_meeting, meeting, next_token, now, page_size, send_updates,
    when,
};

/// Most Calendar pages one list call reads while looking for meetings.
const MAX_SCAN_PAGES: usize = 10;
/// Longest description per meeting in lists (google_meet_get_meeting_details gives it all).
const LIST_DESCRIPTION: usize = 1000;

/// A meeting in a list: its description cut to [`LIST_DESCRIPTION`] bytes.
fn listed(v: &Value) -> Value {
    let mut m = meeting(v);
    if let Some(d) = m.get("description").and_then(Value::as_str) {
        let (d, cut) = mcp_shared::content::truncate(d, LIST_DESCRIPTION);
        if cut {
            m["description"] = json!(d);
        }
    }
    m
}

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_meet_create_meet",
            "Schedule meeting",
            Effect::Write,
            create_meet,
        )
        .toolset("meetings")
        .output::<MeetingOut>(),
        tool(
            "google_meet_list_meetings",
            "List upcoming meetings",
            Effect::Read,
            list_meetings,
        )
        .toolset("meetings"),
        tool(
            "google_meet_list_past_meetings",
            "List past meetings",
            Effect::Read,
            list_past_meetings,
        )
        .toolset("meetings"),
        tool(
            "google_meet_get_meeting_details",
            "Get meeting",
            Effect::Read,
            get_meeting_details,
        )
        .toolset("meetings")
        .output::<MeetingOut>(),
        tool(
            "google_meet_update_meeting",
            "Update meeting",
            Effect::IdempotentWrite,
            update_meeting,
        )
        .toolset("meetings")
        .output::<MeetingOut>(),
        tool(
            "google_meet_delete_meeting",
            "Delete meeting",
            Effect::Destructive,
            delete_meeting,
        )
        .toolset("meetings"),
        tool(
            "google_meet_get_past_meeting_attendees",
            "Get meeting attendees",
            Effect::Read,
            get_past_meeting_attendees,
        )
        .toolset("meetings"),
    ]
}

/// A `requestId` for a new conference: unique per request (the standard library's random
/// hasher keys and the clock).
fn request_id() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    let mut a = std::collections::hash_map::RandomState::new().build_hasher();
    a.write_u128(nanos);
    let a = a.finish();
    let mut b = std::collections::hash_map::RandomState::new().build_hasher();
    b.write_u64(a);
    format!("mcp-{a:016x}{:016x}", b.finish())
}

/// `start` and `end` for Google: local times get `time_zone`, else the event's zone, else
/// the calendar's (looked up only then).
async fn times(
    ctx: &Ctx,
    start: Option<&str>,
    end: Option<&str>,
    time_zone: Option<&str>,
    event_zone: Option<&str>,
) -> Result<(Option<Value>, Option<Value>), ToolError> {
    let start = start.map(|s| when(s, "start_time")).transpose()?;
    let end = end.map(|s| when(s, "end_time")).transpose()?;
    let given = time_zone.map(str::trim).filter(|z| !z.is_empty());
    let needs_zone = start.iter().chain(end.iter()).any(|w| w.is_local());
    let zone = match (given, event_zone) {
        (Some(z), _) => Some(z.to_owned()),
        (None, Some(z)) if needs_zone => Some(z.to_owned()),
        (None, _) if needs_zone => Some(calendar_zone(ctx).await?),
        _ => None,
    };
    Ok((
        start.map(|w| w.to_google(zone.as_deref())),
        end.map(|w| w.to_google(zone.as_deref())),
    ))
}

// ---- create

/// Schedule a meeting: a primary-calendar event with a new Meet link, inviting `attendees`.
/// Times: RFC 3339, or local in `time_zone` (else the calendar's).
#[derive(Deserialize, JsonSchema)]
pub struct CreateMeet {
    /// Title
    summary: String,
    start_time: String,
    end_time: String,
    /// Guests' emails (may be empty)
    attendees: Vec<String>,
    description: Option<String>,
    /// Email invitations to the guests
    #[schemars(extend("default" = true))]
    notify_attendees: Option<bool>,
    /// IANA zone (Europe/Berlin) for local times
    time_zone: Option<String>,
}

async fn create_meet(ctx: Ctx, a: CreateMeet) -> Result<Value, ToolError> {
    let summary = non_empty(&a.summary, "summary")?;
    let attendees = emails(&a.attendees)?;
    let (start, end) = times(
        &ctx,
        Some(&a.start_time),
        Some(&a.end_time),
        a.time_zone.as_deref(),
        None,
    )
    .await?;
    let mut body = Map::new();
    body.insert("summary".into(), json!(summary));
    if let Some(d) = a.description.as_deref().filter(|d| !d.trim().is_empty()) {
        body.insert("description".into(), json!(d));
    }
    body.insert("start".into(), start.unwrap_or(Value::Null));
    body.insert("end".into(), end.unwrap_or(Value::Null));
    body.insert("attendees".into(), Value::Array(attendees));
    body.insert(
        "conferenceData".into(),
        json!({"createRequest": {"requestId": request_id(), "conferenceSolutionKey": {"type": "hangoutsMeet"}}}),
    );
    let v: Value = calendar(&ctx, Method::POST, EVENTS)?
        .query("conferenceDataVersion", 1)
        .query("sendUpdates", send_updates(a.notify_attendees))
        .json(&Value::Object(body))
        .send_json()
        .await?;
    let mut out = meeting(&v);
    if out.get("conference_status").and_then(Value::as_str) == Some("pending") {
        out["note"] = json!(
            "Google is still creating the Meet link: read it with google_meet_get_meeting_details in a few seconds"
        );
    }
    Ok(out)
}

// ---- lists

/// Read Calendar pages from `cursor` until `want` meetings are found, the calendar ends or
/// the page cap is hit; each page asks for at most the meetings still missing, so nothing
/// read is dropped and `next_cursor` resumes right after the last event read.
async fn scan(
    ctx: &Ctx,
    time_min: &str,
    time_max: Option<&str>,
    want: u64,
    start: Option<&str>,
) -> Result<Value, ToolError> {
    let mut pages = Pages::with_cap(MAX_SCAN_PAGES);
    let mut token = start.map(str::to_owned);
    let mut found: Vec<Value> = Vec::new();
    let next = loop {
        let missing = want.saturating_sub(found.len() as u64).max(1);
        let v: Value = calendar(ctx, Method::GET, EVENTS)?
            .query("timeMin", time_min)
            .query_opt("timeMax", time_max)
            .query("singleEvents", "true")
            .query("orderBy", "startTime")
            .query("maxResults", missing)
            .query_opt("pageToken", token.as_deref())
            .send_json()
            .await?;
        found.extend(
            v.get("items")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter(|e| is_meeting(e))
                .map(listed),
        );
        let next = next_token(&v);
        if found.len() as u64 >= want {
            break next;
        }
        match pages.next(next.as_str()) {
            Some(t) => token = Some(t),
            None => break next,
        }
    };
    let mut out = json!({ "meetings_count": found.len(), "meetings": found, "next_cursor": next });
    if let Some(note) = pages.note() {
        out["note"] = json!(format!("{note}: call again with next_cursor for more"));
    }
    Ok(out)
}

/// List upcoming meetings (primary-calendar events with a Meet link), soonest first.
#[derive(Deserialize, JsonSchema)]
pub struct ListMeetings {
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 250))]
    max_results: Option<Count>,
    /// Meetings ending after this time (RFC 3339 or date); default now
    start_after: Option<String>,
    /// Meetings starting before this time
    end_before: Option<String>,
    cursor: Option<String>,
}

async fn list_meetings(ctx: Ctx, a: ListMeetings) -> Result<Value, ToolError> {
    let want = page_size(a.max_results.map(Count::get), 10, 250, "max_results")?;
    let min = match a.start_after.as_deref() {
        Some(s) => bound(s, "start_after")?,
        None => now(),
    };
    let max = a
        .end_before
        .as_deref()
        .map(|s| bound(s, "end_before"))
        .transpose()?;
    scan(
        &ctx,
        &min,
        max.as_deref(),
        want,
        cursor(a.cursor.as_deref()),
    )
    .await
}

/// List past meetings (primary-calendar events with a Meet link), oldest first.
#[derive(Deserialize, JsonSchema)]
pub struct ListPastMeetings {
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 250))]
    max_results: Option<Count>,
    /// Earliest time (RFC 3339 or date); default 7 days ago
    since: Option<String>,
    /// Latest start time; default now
    until: Option<String>,
    cursor: Option<String>,
}

async fn list_past_meetings(ctx: Ctx, a: ListPastMeetings) -> Result<Value, ToolError> {
    let want = page_size(a.max_results.map(Count::get), 10, 250, "max_results")?;
    let min = match a.since.as_deref() {
        Some(s) => bound(s, "since")?,
        None => days_ago(7),
    };
    let max = match a.until.as_deref() {
        Some(s) => bound(s, "until")?,
        None => now(),
    };
    scan(&ctx, &min, Some(&max), want, cursor(a.cursor.as_deref())).await
}

// ---- one meeting

/// Get a meeting: title, times, Meet link, meeting code, organizer, invitees and their
/// responses.
#[derive(Deserialize, JsonSchema)]
pub struct EventId {
    /// Calendar event id of the meeting
    event_id: String,
}

async fn get_meeting_details(ctx: Ctx, a: EventId) -> Result<Value, ToolError> {
    let v = get_meeting_event(&ctx, &a.event_id).await?;
    Ok(meeting(&v))
}

/// Update a meeting: only the fields given change; `attendees` replaces the guest list.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateMeeting {
    /// Calendar event id of the meeting
    event_id: String,
    summary: Option<String>,
    start_time: Option<String>,
    end_time: Option<String>,
    /// The complete new guest list (email addresses)
    attendees: Option<Vec<String>>,
    description: Option<String>,
    /// Email the guests about the change
    #[schemars(extend("default" = true))]
    notify_attendees: Option<bool>,
    /// IANA zone for local times; default the meeting's
    time_zone: Option<String>,
}

async fn update_meeting(ctx: Ctx, a: UpdateMeeting) -> Result<Value, ToolError> {
    if a.summary.is_none()
        && a.start_time.is_none()
        && a.end_time.is_none()
        && a.attendees.is_none()
        && a.description.is_none()
    {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of summary, start_time, end_time, attendees, description",
        ));
    }
    let current = get_meeting_event(&ctx, &a.event_id).await?;
    let event_zone = mcp_shared::json::at(&current, "start.timeZone").and_then(Value::as_str);
    let (start, end) = times(
        &ctx,
        a.start_time.as_deref(),
        a.end_time.as_deref(),
        a.time_zone.as_deref(),
        event_zone,
    )
    .await?;
    let mut body = Map::new();
    if let Some(s) = &a.summary {
        body.insert("summary".into(), json!(non_empty(s, "summary")?));
    }
    if let Some(d) = &a.description {
        body.insert("description".into(), json!(d));
    }
    if let Some(s) = start {
        body.insert("start".into(), s);
    }
    if let Some(e) = end {
        body.insert("end".into(), e);
    }
    if let Some(list) = &a.attendees {
        body.insert("attendees".into(), Value::Array(emails(list)?));
    }
    let v: Value = calendar(&ctx, Method::PATCH, &event_path(&a.event_id)?)?
        .query("sendUpdates", send_updates(a.notify_attendees))
        .json(&Value::Object(body))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(meeting(&v))
}

/// Delete a meeting's calendar event (guests get a cancellation by default). Events
/// without a Meet link are refused.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteMeeting {
    /// Calendar event id of the meeting
    event_id: String,
    /// Email the guests a cancellation
    #[schemars(extend("default" = true))]
    notify_attendees: Option<bool>,
}

async fn delete_meeting(ctx: Ctx, a: DeleteMeeting) -> Result<Value, ToolError> {
    let v = get_meeting_event(&ctx, &a.event_id).await?;
    calendar(&ctx, Method::DELETE, &event_path(&a.event_id)?)?
        .query("sendUpdates", send_updates(a.notify_attendees))
        .send()
        .await
        .map_err(|e| match e.status {
            Some(410) => e.with_hint("the meeting was already deleted."),
            _ => e,
        })?;
    Ok(json!({
        "deleted": true,
        "event_id": a.event_id.trim(),
        "summary": v.get("summary").cloned().unwrap_or(Value::Null),
    }))
}

/// A meeting's invitees and their responses. Who joined: google_meet_v2_get_participants
/// with its `meeting_code`.
#[derive(Deserialize, JsonSchema)]
pub struct Attendees {
    /// Calendar event id of the meeting
    event_id: String,
}

async fn get_past_meeting_attendees(ctx: Ctx, a: Attendees) -> Result<Value, ToolError> {
    let v = get_meeting_event(&ctx, &a.event_id).await?;
    let m = meeting(&v);
    let attendees: Vec<Value> = v
        .get("attendees")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(attendee)
        .collect();
    let mut out =
        mcp_shared::json::pick(&m, &["event_id", "summary", "start", "end", "meeting_code"]);
    out["attendees_count"] = json!(attendees.len());
    out["attendees"] = Value::Array(attendees);
    if v.get("attendeesOmitted").and_then(Value::as_bool) == Some(true) {
        out["note"] = json!("Google omitted some attendees from the event");
    }
    Ok(out)
}
