//! The `toolathlon` profile (Klavis's `google_calendar_toolathlon`, gongrzhe's
//! `server-calendar-autoauth-mcp`): five tools on the user's primary calendar, with that
//! server's parameter names (`eventId`, `timeMin`, `start.dateTime`) and its text results.

use chrono::DateTime;
use mcp_shared::pagination::Pages;
use mcp_shared::upstream::seg_id;
use mcp_shared::{Ctx, Effect, Int, Method, Profile, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::req;

pub fn tools() -> Vec<ToolDef> {
    let only = |t: ToolDef| t.toolset("events").only_in(&[Profile::Toolathlon]);
    vec![
        only(tool("create_event", "Create event", Effect::Write, create)),
        only(tool("get_event", "Get event", Effect::Read, get)),
        only(tool(
            "update_event",
            "Update event",
            Effect::IdempotentWrite,
            update,
        )),
        only(tool(
            "delete_event",
            "Delete event",
            Effect::Destructive,
            delete,
        )),
        only(tool("list_events", "List events", Effect::Read, list)),
    ]
}

/// The events of the user's primary calendar.
const EVENTS: &str = "/calendars/primary/events";
/// Google's cap on `maxResults` of events.list.
const MAX_RESULTS: u64 = 2500;

/// A start or end time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
pub struct When {
    /// RFC 3339 (2025-03-31T09:00:00+02:00), or a local time with `timeZone`
    #[serde(rename = "dateTime")]
    date_time: String,
    /// IANA time zone (Europe/Berlin)
    #[serde(rename = "timeZone", skip_serializing_if = "Option::is_none")]
    time_zone: Option<String>,
}

/// Create an event in the primary calendar. Returns its ID, title, start and end as text.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Create {
    /// Event title
    summary: String,
    start: When,
    end: When,
    description: Option<String>,
    location: Option<String>,
}

/// `/calendars/primary/events/{eventId}`.
fn event_path(id: &str) -> Result<String, ToolError> {
    Ok(format!("{EVENTS}/{}", seg_id(id, "eventId")?))
}

fn insert_opt(body: &mut Map<String, Value>, key: &str, v: Option<impl Serialize>) {
    if let Some(v) = v {
        body.insert(key.to_owned(), json!(v));
    }
}

async fn create(ctx: Ctx, a: Create) -> Result<String, ToolError> {
    let mut body = Map::new();
    body.insert("summary".into(), json!(a.summary));
    body.insert("start".into(), json!(a.start));
    body.insert("end".into(), json!(a.end));
    insert_opt(&mut body, "description", a.description.as_ref());
    insert_opt(&mut body, "location", a.location.as_ref());
    let v: Value = req(&ctx, Method::POST, EVENTS)?
        .json(&body)
        .send_json()
        .await?;
    let id = v.get("id").and_then(Value::as_str).unwrap_or_default();
    Ok(format!(
        "Event created with ID: {id}\nTitle: {}\nStart: {}\nEnd: {}",
        a.summary, a.start.date_time, a.end.date_time
    ))
}

/// Get an event of the primary calendar: Google's whole event resource as indented JSON.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Get {
    /// The event's ID
    #[serde(rename = "eventId")]
    event_id: String,
}

/// JSON indented by two spaces, as `JSON.stringify(v, null, 2)` writes it.
fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

async fn get(ctx: Ctx, a: Get) -> Result<String, ToolError> {
    let v: Value = req(&ctx, Method::GET, &event_path(&a.event_id)?)?
        .send_json()
        .await?;
    Ok(pretty(&v))
}

/// Change an event of the primary calendar: only the fields given (a patch). Returns the new
/// title, start and end as text.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Update {
    /// The event's ID
    #[serde(rename = "eventId")]
    event_id: String,
    /// New title
    summary: Option<String>,
    start: Option<When>,
    end: Option<When>,
    description: Option<String>,
    location: Option<String>,
}

async fn update(ctx: Ctx, a: Update) -> Result<String, ToolError> {
    let path = event_path(&a.event_id)?;
    let mut body = Map::new();
    insert_opt(&mut body, "summary", a.summary.as_ref());
    insert_opt(&mut body, "start", a.start.as_ref());
    insert_opt(&mut body, "end", a.end.as_ref());
    insert_opt(&mut body, "description", a.description.as_ref());
    insert_opt(&mut body, "location", a.location.as_ref());
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of summary, start, end, description, location",
        ));
    }
    req(&ctx, Method::PATCH, &path)?
        .json(&body)
        .send_json::<Value>()
        .await?;
    let unchanged = || "(unchanged)".to_owned();
    Ok(format!(
        "Event updated: {}\nNew title: {}\nNew start: {}\nNew end: {}",
        a.event_id.trim(),
        a.summary.unwrap_or_else(unchanged),
        a.start.map_or_else(unchanged, |w| w.date_time),
        a.end.map_or_else(unchanged, |w| w.date_time),
    ))
}

/// Delete an event of the primary calendar for good. Guests are not notified.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Delete {
    /// The event's ID
    #[serde(rename = "eventId")]
    event_id: String,
}

async fn delete(ctx: Ctx, a: Delete) -> Result<String, ToolError> {
    req(&ctx, Method::DELETE, &event_path(&a.event_id)?)?
        .send()
        .await
        .map_err(|e| match e.status {
            Some(410) => e.with_hint("the event was already deleted."),
            _ => e,
        })?;
    Ok(format!("Event deleted: {}", a.event_id.trim()))
}

// How events are ordered.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
pub enum OrderBy {
    #[default]
    #[serde(rename = "startTime")]
    StartTime,
    #[serde(rename = "updated")]
    Updated,
}

/// List the events of the primary calendar in a time range, recurring events expanded into
/// their occurrences. Returns `Found N events:` and Google's event resources as indented JSON.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct List {
    /// Events ending after this, RFC 3339 with an offset (2025-03-01T00:00:00Z)
    #[serde(rename = "timeMin")]
    time_min: String,
    /// Events starting before this, RFC 3339 with an offset
    #[serde(rename = "timeMax")]
    time_max: String,
    /// At most this many events, 1 to 2500
    #[serde(rename = "maxResults")]
    #[schemars(extend("default" = 10))]
    max_results: Option<Int>,
    /// `startTime` (the default) or `updated`
    #[serde(rename = "orderBy")]
    #[schemars(extend("default" = "startTime"))]
    order_by: Option<OrderBy>,
}

/// An RFC 3339 time with an offset, as events.list requires; a clear error naming the argument.
fn instant<'a>(v: &'a str, name: &str) -> Result<&'a str, ToolError> {
    let v = v.trim();
    DateTime::parse_from_rfc3339(v).map(|_| v).map_err(|_| {
        ToolError::invalid_input(format!(
            "`{name}` must be an RFC 3339 time with an offset, such as 2025-03-01T00:00:00Z or 2025-03-01T09:00:00+02:00, not {v:?}"
        ))
    })
}

async fn list(ctx: Ctx, a: List) -> Result<String, ToolError> {
    let min = instant(&a.time_min, "timeMin")?;
    let max = instant(&a.time_max, "timeMax")?;
    let want = match a.max_results.map(Int::get) {
        None => 10,
        Some(n @ 1..=MAX_RESULTS) => n,
        Some(n) => {
            return Err(ToolError::invalid_input(format!(
                "`maxResults` must be between 1 and {MAX_RESULTS}, not {n}"
            )));
        }
    };
    let order = match a.order_by.unwrap_or_default() {
        OrderBy::StartTime => "startTime",
        OrderBy::Updated => "updated",
    };
    // Google may answer fewer events than asked with a next page: read on up to `want`.
    let mut items: Vec<Value> = Vec::new();
    let mut pages = Pages::new();
    let mut token: Option<String> = None;
    loop {
        let left = want.saturating_sub(items.len() as u64);
        let mut r = req(&ctx, Method::GET, EVENTS)?
            .query("timeMin", min)
            .query("timeMax", max)
            .query("maxResults", left)
            .query("orderBy", order)
            .query("singleEvents", "true");
        if let Some(t) = &token {
            r = r.query("pageToken", t);
        }
        let v: Value = r.send_json().await?;
        if let Some(list) = v.get("items").and_then(Value::as_array) {
            items.extend(list.iter().take(left as usize).cloned());
        }
        if items.len() as u64 >= want {
            break;
        }
        match pages.next(v.get("nextPageToken").and_then(Value::as_str)) {
            Some(t) => token = Some(t),
            None => break,
        }
    }
    let mut out = format!(
        "Found {} events:\n{}",
        items.len(),
        pretty(&Value::Array(items))
    );
    if let Some(note) = pages.note() {
        out.push_str(&format!("\n({note})"));
    }
    Ok(out)
}
