//! The primary Google Calendar: `events.list` (occurrences of recurring events expanded, by
//! start time), `events.insert`, `events.patch`, `events.delete`.

use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use mcp_shared::json::pick;
use mcp_shared::upstream::seg_id;
use mcp_shared::{Ctx, Effect, Int, Method, Output, Profile, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{atlas_noop, events};

pub fn tools() -> Vec<ToolDef> {
    let atlas =
        |t: ToolDef, name: &'static str| t.toolset("calendar").profile(Profile::Atlas, name);
    vec![
        atlas(
            tool(
                "google_workspace_list_events",
                "List events",
                Effect::Read,
                list_events,
            ),
            "list_events",
        )
        .profile_param(Profile::Atlas, "max_results", "maxResults")
        .profile_param(Profile::Atlas, "time_min", "timeMin")
        .profile_param(Profile::Atlas, "time_max", "timeMax"),
        atlas(
            tool(
                "google_workspace_create_event",
                "Create event",
                Effect::Write,
                create_event,
            ),
            "create_event",
        ),
        atlas(
            tool(
                "google_workspace_update_event",
                "Update event",
                Effect::IdempotentWrite,
                update_event,
            ),
            "update_event",
        )
        .profile_param(Profile::Atlas, "event_id", "eventId"),
        atlas(
            tool(
                "google_workspace_delete_event",
                "Delete event",
                Effect::Destructive,
                delete_event,
            ),
            "delete_event",
        )
        .profile_param(Profile::Atlas, "event_id", "eventId"),
    ]
}

/// Google's cap on `maxResults` of events.list.
const MAX_RESULTS: u64 = 2500;

/// List the events of the primary calendar from a start time (default: now), recurring events
/// as their occurrences, by start time. Returns a JSON array of {id, summary, start, end,
/// location, ...}.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListEvents {
    /// At most this many events, 1 to 2500
    #[schemars(extend("default" = 10))]
    max_results: Option<Int>,
    /// Events ending after this, RFC 3339 (2025-03-01T00:00:00Z) or a date; default now
    time_min: Option<String>,
    /// Events starting before this, RFC 3339 or a date
    time_max: Option<String>,
}

/// An RFC 3339 time with an offset as events.list takes it; a date is its midnight UTC.
fn instant(v: &str, name: &str) -> Result<String, ToolError> {
    let v = v.trim();
    if DateTime::parse_from_rfc3339(v).is_ok() {
        return Ok(v.to_owned());
    }
    if NaiveDate::parse_from_str(v, "%Y-%m-%d").is_ok() {
        return Ok(format!("{v}T00:00:00Z"));
    }
    Err(ToolError::invalid_input(format!(
        "`{name}` must be an RFC 3339 time with an offset, such as 2025-03-01T00:00:00Z or 2025-03-01T09:00:00+02:00, or a date (2025-03-01), not {v:?}"
    )))
}

async fn list_events(ctx: Ctx, a: ListEvents) -> Result<Value, ToolError> {
    let n = match a.max_results.map(Int::get) {
        None | Some(0) => 10,
        Some(n @ 1..=MAX_RESULTS) => n,
        Some(n) => {
            return Err(ToolError::invalid_input(format!(
                "`max_results` (maxResults) must be between 1 and {MAX_RESULTS}, not {n}"
            )));
        }
    };
    let min = match a.time_min.as_deref().map(str::trim) {
        None | Some("") => Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true),
        Some(v) => instant(v, "time_min")?,
    };
    let max = match a.time_max.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(v) => Some(instant(v, "time_max")?),
    };
    let v: Value = events(&ctx, Method::GET, "")?
        .query("timeMin", &min)
        .query_opt("timeMax", max.as_ref())
        .query("maxResults", n)
        .query("singleEvents", "true")
        .query("orderBy", "startTime")
        .send_json()
        .await?;
    Ok(Value::Array(
        v.get("items")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(event)
            .collect(),
    ))
}

/// An event as the tools return it.
fn event(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "id",
            "summary",
            "start",
            "end",
            "location",
            "description",
            "status",
            "htmlLink",
        ],
    );
    if let (Some(o), Some(list)) = (
        o.as_object_mut(),
        v.get("attendees").and_then(Value::as_array),
    ) {
        o.insert(
            "attendees".into(),
            Value::Array(
                list.iter()
                    .map(|a| pick(a, &["email", "responseStatus"]))
                    .collect(),
            ),
        );
    }
    o
}

/// Google's `start`/`end`: `{"date"}` for a date, `{"dateTime"}` for a time with an offset.
fn when(v: &str, name: &str) -> Result<Value, ToolError> {
    let v = v.trim();
    if NaiveDate::parse_from_str(v, "%Y-%m-%d").is_ok() {
        return Ok(json!({ "date": v }));
    }
    if DateTime::parse_from_rfc3339(v).is_ok() {
        return Ok(json!({ "dateTime": v }));
    }
    Err(ToolError::invalid_input(format!(
        "`{name}` must be an RFC 3339 time with an offset (2025-03-31T09:00:00+02:00 or 2025-03-31T07:00:00Z), or a date (2025-03-31) for an all-day event, not {v:?}"
    )))
}

/// Attendees as Google takes them: `[{"email"}]`, checked.
fn attendees(list: &[String]) -> Result<Value, ToolError> {
    let mut out: Vec<Value> = Vec::new();
    for e in list {
        let e = e.trim();
        let ok = e
            .split_once('@')
            .is_some_and(|(l, d)| !l.is_empty() && d.contains('.') && !d.ends_with('.'))
            && !e.contains(|c: char| c.is_whitespace() || "<>,;".contains(c));
        if !ok {
            return Err(ToolError::invalid_input(format!(
                "`attendees` has {e:?}, which is not an email address: give bare addresses like ann@example.com"
            )));
        }
        out.push(json!({ "email": e }));
    }
    Ok(Value::Array(out))
}

/// The fields of an event body that were given.
fn fields(
    summary: Option<&str>,
    location: Option<&str>,
    description: Option<&str>,
) -> Map<String, Value> {
    let mut body = Map::new();
    for (k, v) in [
        ("summary", summary),
        ("location", location),
        ("description", description),
    ] {
        if let Some(v) = v.filter(|v| !v.trim().is_empty()) {
            body.insert(k.into(), json!(v));
        }
    }
    body
}

/// Create an event in the primary calendar; attendees are invited by Google's defaults.
/// Returns the event's id, link, title, start and end. Under --profile atlas (the MCP-Atlas
/// benchmark) nothing is sent and the answer is `ok`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateEvent {
    /// Event title
    summary: String,
    /// Event location
    location: Option<String>,
    /// Event description
    description: Option<String>,
    /// Start: RFC 3339 with an offset (2025-03-31T09:00:00+02:00), or a date for an all-day event
    start: String,
    /// End: RFC 3339 with an offset, or a date (exclusive: the day after the last day)
    end: String,
    /// Attendee email addresses
    attendees: Option<Vec<String>>,
}

async fn create_event(ctx: Ctx, a: CreateEvent) -> Result<Output, ToolError> {
    if let Some(ok) = atlas_noop(&ctx) {
        return Ok(ok);
    }
    let summary = mcp_shared::non_empty(&a.summary, "summary")?;
    let mut body = fields(
        Some(summary),
        a.location.as_deref(),
        a.description.as_deref(),
    );
    body.insert("start".into(), when(&a.start, "start")?);
    body.insert("end".into(), when(&a.end, "end")?);
    if let Some(list) = a.attendees.as_deref().filter(|l| !l.is_empty()) {
        body.insert("attendees".into(), attendees(list)?);
    }
    let v: Value = events(&ctx, Method::POST, "")?
        .json(&body)
        .send_json()
        .await?;
    Ok(Output::Json(event(&v)))
}

/// Change an event of the primary calendar: only the fields given (a patch); `attendees`
/// replaces the whole list. Returns the updated event. Under --profile atlas (the MCP-Atlas
/// benchmark) nothing is sent and the answer is `ok`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct UpdateEvent {
    /// The event's id (from the event list)
    event_id: String,
    /// New title
    summary: Option<String>,
    /// New location
    location: Option<String>,
    /// New description
    description: Option<String>,
    /// New start: RFC 3339 with an offset, or a date for an all-day event
    start: Option<String>,
    /// New end: RFC 3339 with an offset, or a date
    end: Option<String>,
    /// New attendee list (email addresses)
    attendees: Option<Vec<String>>,
}

async fn update_event(ctx: Ctx, a: UpdateEvent) -> Result<Output, ToolError> {
    if let Some(ok) = atlas_noop(&ctx) {
        return Ok(ok);
    }
    let path = format!("/{}", seg_id(&a.event_id, "event_id")?);
    let mut body = fields(
        a.summary.as_deref(),
        a.location.as_deref(),
        a.description.as_deref(),
    );
    if let Some(s) = a.start.as_deref() {
        body.insert("start".into(), when(s, "start")?);
    }
    if let Some(e) = a.end.as_deref() {
        body.insert("end".into(), when(e, "end")?);
    }
    if let Some(list) = a.attendees.as_deref() {
        body.insert("attendees".into(), attendees(list)?);
    }
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of summary, location, description, start, end, attendees",
        ));
    }
    let v: Value = events(&ctx, Method::PATCH, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(Output::Json(event(&v)))
}

/// Delete an event of the primary calendar for good. Under --profile atlas (the MCP-Atlas
/// benchmark) nothing is sent and the answer is `ok`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteEvent {
    /// The event's id (from the event list)
    event_id: String,
}

async fn delete_event(ctx: Ctx, a: DeleteEvent) -> Result<Output, ToolError> {
    if let Some(ok) = atlas_noop(&ctx) {
        return Ok(ok);
    }
    let id = seg_id(&a.event_id, "event_id")?;
    events(&ctx, Method::DELETE, &format!("/{id}"))?
        .send()
        .await
        .map_err(|e| match e.status {
            Some(410) => e.with_hint("the event was already deleted."),
            _ => e,
        })?;
    Ok(Output::Json(
        json!({ "deleted": true, "eventId": a.event_id.trim() }),
    ))
}
