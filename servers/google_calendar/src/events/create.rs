//! Creating events: from arguments (with a Meet link) or from a line of text (quick add).

use std::hash::{BuildHasher, Hasher};

use mcp_shared::{Ctx, Method, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::FULL_DESCRIPTION;
use super::times::{check_range, event_time, zone_arg};
use crate::api::{
    EVENT_FIELDS, SendUpdates, Visibility, calendar_path, calendar_zone, emails, event, recurrence,
    req,
};
use crate::time::{Moment, parse_moment};

/// A `requestId` for a Meet conference: unique per request (random, from the standard
/// library's per-process random keys and the clock).
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

// ---- create

/// Create an event, optionally recurring, with guests and a Meet link. Times: RFC 3339, local
/// date-time (in `time_zone`, else the calendar's) or date (all-day; end date exclusive). Returns
/// the event.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateEvent {
    /// Title
    summary: String,
    start_datetime: String,
    end_datetime: String,
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// Plain text or simple HTML
    description: Option<String>,
    location: Option<String>,
    #[schemars(extend("default" = "default"))]
    visibility: Option<Visibility>,
    /// Emails
    attendees: Option<Vec<String>>,
    #[schemars(extend("default" = "all"))]
    send_updates: Option<SendUpdates>,
    #[schemars(extend("default" = false))]
    add_google_meet: Option<bool>,
    /// RFC 5545 lines (`RRULE:FREQ=WEEKLY;COUNT=5`)
    recurrence: Option<Vec<String>>,
    /// IANA zone; default the calendar's
    time_zone: Option<String>,
}

pub(super) async fn create_event(ctx: Ctx, a: CreateEvent) -> Result<Value, ToolError> {
    let summary = a.summary.trim();
    if summary.is_empty() {
        return Err(ToolError::invalid_input("`summary` must not be empty"));
    }
    let start = parse_moment(&a.start_datetime, "start_datetime")?;
    let end = parse_moment(&a.end_datetime, "end_datetime")?;
    let rules = a
        .recurrence
        .as_deref()
        .map(|r| recurrence(r, "recurrence"))
        .transpose()?
        .filter(|r| !r.is_empty());
    let guests = a
        .attendees
        .as_deref()
        .map(|l| emails(l, "attendees"))
        .transpose()?
        .filter(|l| !l.is_empty());
    let mut zone = zone_arg(a.time_zone.as_deref(), "time_zone")?;
    let timed = !matches!(start, Moment::Date(_));
    // Google needs a zone for local times and for recurring timed events.
    if timed && zone.is_none() && (start.needs_zone() || end.needs_zone() || rules.is_some()) {
        zone = Some(calendar_zone(&ctx, a.calendar_id.as_deref()).await?);
    }
    let end = check_range(start, end, zone)?;
    let mut body = Map::new();
    body.insert("summary".into(), json!(summary));
    if let Some(d) = a.description {
        body.insert("description".into(), json!(d));
    }
    if let Some(l) = a.location {
        body.insert("location".into(), json!(l));
    }
    body.insert("start".into(), event_time(start, zone, false));
    body.insert("end".into(), event_time(end, zone, false));
    if let Some(v) = a.visibility {
        body.insert("visibility".into(), json!(v));
    }
    if let Some(g) = guests {
        body.insert(
            "attendees".into(),
            Value::Array(g.iter().map(|e| json!({ "email": e })).collect()),
        );
    }
    if let Some(r) = rules {
        body.insert("recurrence".into(), json!(r));
    }
    let meet = a.add_google_meet.unwrap_or(false);
    if meet {
        body.insert(
            "conferenceData".into(),
            json!({ "createRequest": {
                "requestId": request_id(),
                "conferenceSolutionKey": { "type": "hangoutsMeet" }
            }}),
        );
    }
    let path = format!("{}/events", calendar_path(a.calendar_id.as_deref())?);
    let mut r = req(&ctx, Method::POST, &path)?
        .query("sendUpdates", SendUpdates::or_default(a.send_updates));
    if meet {
        r = r.query("conferenceDataVersion", 1);
    }
    let v: Value = r
        .query("fields", EVENT_FIELDS)
        .json(&body)
        .send_json()
        .await?;
    Ok(event(&v, FULL_DESCRIPTION))
}

/// Create an event from a line of text as Google's quick add reads it (`Lunch with Ann tomorrow
/// 12:30`); check the times it returns.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct QuickAddEvent {
    /// What, when and where
    text: String,
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    #[schemars(extend("default" = "all"))]
    send_updates: Option<SendUpdates>,
}

pub(super) async fn quick_add_event(ctx: Ctx, a: QuickAddEvent) -> Result<Value, ToolError> {
    let text = a.text.trim();
    if text.is_empty() {
        return Err(ToolError::invalid_input(
            "`text` must not be empty: describe the event, e.g. `Dentist Friday 3pm`",
        ));
    }
    let path = format!(
        "{}/events/quickAdd",
        calendar_path(a.calendar_id.as_deref())?
    );
    let v: Value = req(&ctx, Method::POST, &path)?
        .query("text", text)
        .query("sendUpdates", SendUpdates::or_default(a.send_updates))
        .query("fields", EVENT_FIELDS)
        .send_json()
        .await?;
    Ok(event(&v, FULL_DESCRIPTION))
}
