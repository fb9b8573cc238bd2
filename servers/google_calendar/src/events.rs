//! Events: create (all-day, timed, recurring, with guests and a Meet link), list, get,
//! update, delete, attendees, invitation responses, quick add, move between calendars, and
//! the instances of a recurring event.

use std::hash::{BuildHasher, Hasher};

use chrono::Duration;
use chrono_tz::Tz;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{
    EVENT_FIELDS, SendUpdates, Visibility, calendar_path, calendar_zone, changed_meanwhile, emails,
    event, event_list, event_path, id_arg, list_fields, recurrence, req,
};
use crate::time::{
    Moment, date_string, local_string, parse_moment, parse_zone, rfc3339, to_instant,
};

/// Longest description returned per event by list tools (the get tool returns more).
const LIST_DESCRIPTION: usize = 1000;
/// Longest description returned by single-event tools.
const FULL_DESCRIPTION: usize = 50 * 1024;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_calendar_create_event",
            "Create event",
            Effect::Write,
            create_event,
        )
        .toolset("events"),
        tool(
            "google_calendar_list_events",
            "List events",
            Effect::Read,
            list_events,
        )
        .toolset("events"),
        tool(
            "google_calendar_get_event",
            "Get event",
            Effect::Read,
            get_event,
        )
        .toolset("events"),
        tool(
            "google_calendar_list_event_instances",
            "List recurring event instances",
            Effect::Read,
            list_event_instances,
        )
        .toolset("events"),
        tool(
            "google_calendar_update_event",
            "Update event",
            Effect::IdempotentWrite,
            update_event,
        )
        .toolset("events"),
        tool(
            "google_calendar_add_attendees_to_event",
            "Add attendees to event",
            Effect::IdempotentWrite,
            add_attendees_to_event,
        )
        .toolset("events"),
        tool(
            "google_calendar_respond_to_event",
            "Respond to invitation",
            Effect::IdempotentWrite,
            respond_to_event,
        )
        .toolset("events"),
        tool(
            "google_calendar_quick_add_event",
            "Quick-add event from text",
            Effect::Write,
            quick_add_event,
        )
        .toolset("events"),
        tool(
            "google_calendar_move_event",
            "Move event to another calendar",
            Effect::Write,
            move_event,
        )
        .toolset("events"),
        tool(
            "google_calendar_delete_event",
            "Delete event",
            Effect::Destructive,
            delete_event,
        )
        .toolset("events"),
    ]
}

// ---- start and end

/// The time zone argument, checked.
fn zone_arg(tz: Option<&str>, what: &str) -> Result<Option<Tz>, ToolError> {
    tz.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| parse_zone(s, what))
        .transpose()
}

/// Google's `start`/`end` object for a moment. `zone` goes into `timeZone` for timed events
/// (required with a local time, and for recurring events). With `clear_other`, the other form
/// is set to null, so that a PATCH can turn a timed event into an all-day one and back.
fn event_time(m: Moment, zone: Option<Tz>, clear_other: bool) -> Value {
    let mut o = Map::new();
    match m {
        Moment::Date(d) => {
            o.insert("date".into(), json!(date_string(&d)));
            if clear_other {
                o.insert("dateTime".into(), Value::Null);
            }
        }
        Moment::Instant(_) | Moment::Local(_) => {
            let s = match m {
                Moment::Local(l) => local_string(&l),
                Moment::Instant(i) => rfc3339(&i),
                Moment::Date(_) => String::new(),
            };
            o.insert("dateTime".into(), json!(s));
            if let Some(z) = zone {
                o.insert("timeZone".into(), json!(z.name()));
            }
            if clear_other {
                o.insert("date".into(), Value::Null);
            }
        }
    }
    Value::Object(o)
}

/// Check a start/end pair and settle the all-day end: Google's end date is exclusive, so an
/// end date equal to the start date is read as a one-day event.
fn check_range(start: Moment, end: Moment, zone: Option<Tz>) -> Result<Moment, ToolError> {
    match (start, end) {
        (Moment::Date(s), Moment::Date(e)) => {
            if e < s {
                return Err(ToolError::invalid_input(format!(
                    "the end date {} is before the start date {}",
                    date_string(&e),
                    date_string(&s)
                )));
            }
            Ok(Moment::Date(if e == s { s + Duration::days(1) } else { e }))
        }
        (Moment::Date(_), _) | (_, Moment::Date(_)) => Err(ToolError::invalid_input(
            "give start and end in the same form: both dates (YYYY-MM-DD) for an all-day event, or both date-times",
        )),
        (s, e) => {
            let ordered = match (s, e, zone) {
                (Moment::Local(a), Moment::Local(b), _) => Some(a < b),
                (Moment::Instant(a), Moment::Instant(b), _) => Some(a < b),
                (a, b, Some(z)) => Some(to_instant(a, z, false) < to_instant(b, z, false)),
                _ => None,
            };
            if ordered == Some(false) {
                return Err(ToolError::invalid_input(
                    "the end must be after the start (check the dates, the AM/PM and the offsets)",
                ));
            }
            Ok(e)
        }
    }
}

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

async fn create_event(ctx: Ctx, a: CreateEvent) -> Result<Value, ToolError> {
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

// ---- list

/// A list's time bounds as RFC 3339: local times and dates in `time_zone` or else the
/// calendar's zone (asked only when needed); a date as the lower bound is the start of that
/// day, as the upper bound the end of it.
async fn bounds(
    ctx: &Ctx,
    calendar_id: Option<&str>,
    time_zone: Option<Tz>,
    min: Option<(&str, &str)>,
    max: Option<(&str, &str)>,
) -> Result<(Option<String>, Option<String>), ToolError> {
    let min = min.map(|(v, n)| parse_moment(v, n)).transpose()?;
    let max = max.map(|(v, n)| parse_moment(v, n)).transpose()?;
    let needs = min.is_some_and(|m| m.needs_zone()) || max.is_some_and(|m| m.needs_zone());
    let zone = match (time_zone, needs) {
        (Some(z), _) => Some(z),
        (None, true) => Some(calendar_zone(ctx, calendar_id).await?),
        (None, false) => None,
    };
    let place = |m: Moment, end: bool| match (m, zone) {
        (Moment::Instant(i), _) => (rfc3339(&i), i.timestamp()),
        (m, Some(z)) => {
            let t = to_instant(m, z, end);
            (rfc3339(&t), t.timestamp())
        }
        (_, None) => (String::new(), 0), // unreachable: a zone is fetched when needed
    };
    let min = min.map(|m| place(m, false));
    let max = max.map(|m| place(m, true));
    if let (Some((a, ta)), Some((b, tb))) = (&min, &max)
        && ta >= tb
    {
        return Err(ToolError::invalid_input(format!(
            "the time range is empty: {a} is not before {b}"
        )));
    }
    Ok((min.map(|m| m.0), max.map(|m| m.0)))
}

/// List events overlapping a time range, recurring ones expanded, by start time. Bounds: RFC 3339,
/// local date-time or date. Returns events and `next_page_token`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListEvents {
    /// Events ending after this
    min_end_datetime: String,
    /// Events starting before this (a date: its end)
    max_start_datetime: String,
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    #[schemars(extend("default" = 10), range(min = 1, max = 2500))]
    max_results: Option<u32>,
    query: Option<String>,
    /// IANA zone
    time_zone: Option<String>,
    next_page_token: Option<String>,
}

fn non_empty(s: Option<&str>) -> Option<&str> {
    s.map(str::trim).filter(|s| !s.is_empty())
}

async fn list_events(ctx: Ctx, a: ListEvents) -> Result<Value, ToolError> {
    let zone = zone_arg(a.time_zone.as_deref(), "time_zone")?;
    let (min, max) = bounds(
        &ctx,
        a.calendar_id.as_deref(),
        zone,
        Some((&a.min_end_datetime, "min_end_datetime")),
        Some((&a.max_start_datetime, "max_start_datetime")),
    )
    .await?;
    let path = format!("{}/events", calendar_path(a.calendar_id.as_deref())?);
    let v: Value = req(&ctx, Method::GET, &path)?
        .query_opt("timeMin", min)
        .query_opt("timeMax", max)
        .query("maxResults", a.max_results.unwrap_or(10).clamp(1, 2500))
        .query("singleEvents", true)
        .query("orderBy", "startTime")
        .query_opt("q", non_empty(a.query.as_deref()))
        .query_opt("timeZone", zone.map(|z| z.name()))
        .query_opt("pageToken", non_empty(a.next_page_token.as_deref()))
        .query("fields", list_fields())
        .send_json()
        .await?;
    Ok(event_list(&v, LIST_DESCRIPTION))
}

/// List the occurrences of a recurring event; each has its own id for the event tools. Returns them
/// and `next_page_token`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListEventInstances {
    /// The series' id
    event_id: String,
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// Occurrences ending after this
    time_min: Option<String>,
    /// Occurrences starting before this
    time_max: Option<String>,
    /// IANA zone
    time_zone: Option<String>,
    #[schemars(extend("default" = 25), range(min = 1, max = 2500))]
    max_results: Option<u32>,
    next_page_token: Option<String>,
}

async fn list_event_instances(ctx: Ctx, a: ListEventInstances) -> Result<Value, ToolError> {
    let path = format!(
        "{}/instances",
        event_path(a.calendar_id.as_deref(), &a.event_id)?
    );
    let zone = zone_arg(a.time_zone.as_deref(), "time_zone")?;
    let (min, max) = bounds(
        &ctx,
        a.calendar_id.as_deref(),
        zone,
        non_empty(a.time_min.as_deref()).map(|v| (v, "time_min")),
        non_empty(a.time_max.as_deref()).map(|v| (v, "time_max")),
    )
    .await?;
    let v: Value = req(&ctx, Method::GET, &path)?
        .query_opt("timeMin", min)
        .query_opt("timeMax", max)
        .query("maxResults", a.max_results.unwrap_or(25).clamp(1, 2500))
        .query_opt("timeZone", zone.map(|z| z.name()))
        .query_opt("pageToken", non_empty(a.next_page_token.as_deref()))
        .query("fields", list_fields())
        .send_json()
        .await?;
    Ok(event_list(&v, LIST_DESCRIPTION))
}

/// Get one event with its description, recurrence, guests' responses, Meet link and attachments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetEvent {
    event_id: String,
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// IANA zone
    time_zone: Option<String>,
}

async fn get_event(ctx: Ctx, a: GetEvent) -> Result<Value, ToolError> {
    let zone = zone_arg(a.time_zone.as_deref(), "time_zone")?;
    let v: Value = req(
        &ctx,
        Method::GET,
        &event_path(a.calendar_id.as_deref(), &a.event_id)?,
    )?
    .query_opt("timeZone", zone.map(|z| z.name()))
    .query("fields", EVENT_FIELDS)
    .send_json()
    .await?;
    Ok(event(&v, FULL_DESCRIPTION))
}

// ---- changes

/// PATCH an event with `body`; with `etag`, only if it is still that version (If-Match).
async fn patch(
    ctx: &Ctx,
    path: &str,
    send_updates: &str,
    body: &Map<String, Value>,
    etag: Option<&str>,
) -> Result<Value, ToolError> {
    let mut r = req(ctx, Method::PATCH, path)?
        .query("sendUpdates", send_updates)
        .query("fields", EVENT_FIELDS)
        .json(body);
    match etag {
        Some(tag) => r = r.header("if-match", tag),
        // Setting fields twice sets them once: safe to retry after a gateway error.
        None => r = r.idempotent(true),
    }
    r.send_json().await.map_err(changed_meanwhile)
}

/// What an attendee edit did, and the new list.
struct Edit {
    attendees: Vec<Value>,
    report: Map<String, Value>,
    changed: bool,
}

/// Read the event's attendees (and version), edit them, and PATCH them back with `extra`
/// fields, conditional on the version read, so a concurrent change is never overwritten
/// (Google answers 412; the edit is then redone once on the new version).
async fn edit_attendees(
    ctx: &Ctx,
    path: &str,
    send_updates: &str,
    extra: &Map<String, Value>,
    edit: impl Fn(Vec<Value>) -> Result<Edit, ToolError>,
) -> Result<(Option<Value>, Map<String, Value>), ToolError> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let current: Value = req(ctx, Method::GET, path)?
            .query("fields", "etag,attendees")
            .send_json()
            .await?;
        let list = current
            .get("attendees")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let e = edit(list)?;
        if !e.changed && extra.is_empty() {
            return Ok((None, e.report));
        }
        let mut body = extra.clone();
        if e.changed {
            body.insert("attendees".into(), Value::Array(e.attendees));
        }
        let etag = current.get("etag").and_then(Value::as_str);
        match patch(ctx, path, send_updates, &body, etag).await {
            Err(err) if err.status == Some(412) && attempt < 2 => continue,
            Err(err) => return Err(err),
            Ok(v) => return Ok((Some(v), e.report)),
        }
    }
}

fn email_of(a: &Value) -> String {
    a.get("email")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_ascii_lowercase()
}

/// Add and remove guests (case-insensitive), keeping everything Google knows about the others.
fn add_remove(list: Vec<Value>, add: &[String], remove: &[String]) -> Edit {
    let before = list.len();
    let mut removed = Vec::new();
    let mut attendees: Vec<Value> = list
        .into_iter()
        .filter(|a| {
            let gone = remove.iter().any(|r| r.eq_ignore_ascii_case(&email_of(a)));
            if gone {
                removed.push(json!(email_of(a)));
            }
            !gone
        })
        .collect();
    let mut added = Vec::new();
    let mut already = Vec::new();
    for e in add {
        if attendees
            .iter()
            .any(|a| email_of(a) == e.to_ascii_lowercase())
        {
            already.push(json!(e));
        } else {
            attendees.push(json!({ "email": e }));
            added.push(json!(e));
        }
    }
    let changed = !added.is_empty() || attendees.len() != before;
    let mut report = Map::new();
    if !add.is_empty() {
        report.insert("added".into(), Value::Array(added));
        if !already.is_empty() {
            report.insert("already_attendees".into(), Value::Array(already));
        }
    }
    if !remove.is_empty() {
        let not_found: Vec<Value> = remove
            .iter()
            .filter(|r| {
                !removed
                    .iter()
                    .any(|x| x.as_str().is_some_and(|x| x.eq_ignore_ascii_case(r)))
            })
            .map(|r| json!(r))
            .collect();
        report.insert("removed".into(), Value::Array(removed));
        if !not_found.is_empty() {
            report.insert("not_attendees".into(), Value::Array(not_found));
        }
    }
    Edit {
        attendees,
        report,
        changed,
    }
}

/// Change the given fields of an event (times as in google_calendar_create_event); other guests
/// keep their responses. A series id changes all occurrences, an instance id one. Returns the
/// event.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct UpdateEvent {
    event_id: String,
    updated_start_datetime: Option<String>,
    updated_end_datetime: Option<String>,
    updated_summary: Option<String>,
    updated_description: Option<String>,
    updated_location: Option<String>,
    updated_visibility: Option<Visibility>,
    /// Emails
    attendees_to_add: Option<Vec<String>>,
    /// Emails
    attendees_to_remove: Option<Vec<String>>,
    /// RFC 5545 lines, replacing the old
    updated_recurrence: Option<Vec<String>>,
    #[schemars(extend("default" = "all"))]
    send_updates: Option<SendUpdates>,
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// IANA zone
    time_zone: Option<String>,
}

async fn update_event(ctx: Ctx, a: UpdateEvent) -> Result<Value, ToolError> {
    let path = event_path(a.calendar_id.as_deref(), &a.event_id)?;
    let start = non_empty(a.updated_start_datetime.as_deref())
        .map(|s| parse_moment(s, "updated_start_datetime"))
        .transpose()?;
    let end = non_empty(a.updated_end_datetime.as_deref())
        .map(|s| parse_moment(s, "updated_end_datetime"))
        .transpose()?;
    let add = emails(
        a.attendees_to_add.as_deref().unwrap_or_default(),
        "attendees_to_add",
    )?;
    let remove = emails(
        a.attendees_to_remove.as_deref().unwrap_or_default(),
        "attendees_to_remove",
    )?;
    if let Some(both) = add
        .iter()
        .find(|e| remove.iter().any(|r| r.eq_ignore_ascii_case(e)))
    {
        return Err(ToolError::invalid_input(format!(
            "`{both}` is both in attendees_to_add and attendees_to_remove"
        )));
    }
    let mut zone = zone_arg(a.time_zone.as_deref(), "time_zone")?;
    let local = start.is_some_and(|m| matches!(m, Moment::Local(_)))
        || end.is_some_and(|m| matches!(m, Moment::Local(_)));
    if zone.is_none() && local {
        zone = Some(calendar_zone(&ctx, a.calendar_id.as_deref()).await?);
    }
    let end = match (start, end) {
        (Some(s), Some(e)) => Some(check_range(s, e, zone)?),
        (_, e) => e,
    };
    let mut body = Map::new();
    if let Some(s) = start {
        body.insert("start".into(), event_time(s, zone, true));
    }
    if let Some(e) = end {
        body.insert("end".into(), event_time(e, zone, true));
    }
    for (k, v) in [
        ("summary", a.updated_summary),
        ("description", a.updated_description),
        ("location", a.updated_location),
    ] {
        if let Some(v) = v {
            body.insert(k.into(), json!(v));
        }
    }
    if let Some(v) = a.updated_visibility {
        body.insert("visibility".into(), json!(v));
    }
    if let Some(r) = &a.updated_recurrence {
        body.insert(
            "recurrence".into(),
            json!(recurrence(r, "updated_recurrence")?),
        );
    }
    let send = SendUpdates::or_default(a.send_updates);
    if add.is_empty() && remove.is_empty() {
        if body.is_empty() {
            return Err(ToolError::invalid_input(
                "nothing to update: give at least one of updated_start_datetime, updated_end_datetime, \
                 updated_summary, updated_description, updated_location, updated_visibility, \
                 attendees_to_add, attendees_to_remove, updated_recurrence",
            ));
        }
        let v = patch(&ctx, &path, send, &body, None).await?;
        return Ok(json!({ "updated": true, "event": event(&v, FULL_DESCRIPTION) }));
    }
    let (v, report) = edit_attendees(&ctx, &path, send, &body, |list| {
        Ok(add_remove(list, &add, &remove))
    })
    .await?;
    let mut out = Map::new();
    out.insert("updated".into(), json!(v.is_some()));
    out.extend(report);
    if let Some(v) = v {
        out.insert("event".into(), event(&v, FULL_DESCRIPTION));
    }
    Ok(Value::Object(out))
}

/// Invite guests to an event, keeping the others and their responses. Returns who was added and the
/// event.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddAttendees {
    event_id: String,
    /// Emails
    attendees: Vec<String>,
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    #[schemars(extend("default" = "all"))]
    send_updates: Option<SendUpdates>,
}

async fn add_attendees_to_event(ctx: Ctx, a: AddAttendees) -> Result<Value, ToolError> {
    let path = event_path(a.calendar_id.as_deref(), &a.event_id)?;
    let add = emails(&a.attendees, "attendees")?;
    if add.is_empty() {
        return Err(ToolError::invalid_input(
            "`attendees` is empty: give at least one email address",
        ));
    }
    let send = SendUpdates::or_default(a.send_updates);
    let (v, report) = edit_attendees(&ctx, &path, send, &Map::new(), |list| {
        Ok(add_remove(list, &add, &[]))
    })
    .await?;
    let mut out = Map::new();
    out.insert("updated".into(), json!(v.is_some()));
    out.extend(report);
    match v {
        Some(v) => {
            out.insert("notified".into(), json!(send));
            out.insert("event".into(), event(&v, FULL_DESCRIPTION));
        }
        None => {
            out.insert(
                "message".into(),
                json!("every address is already a guest: nothing changed"),
            );
        }
    }
    Ok(Value::Object(out))
}

/// Delete an event: a series by its id, one occurrence by its instance id. Guests get a
/// cancellation per `send_updates`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteEvent {
    event_id: String,
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    #[schemars(extend("default" = "all"))]
    send_updates: Option<SendUpdates>,
}

async fn delete_event(ctx: Ctx, a: DeleteEvent) -> Result<Value, ToolError> {
    let path = event_path(a.calendar_id.as_deref(), &a.event_id)?;
    let send = SendUpdates::or_default(a.send_updates);
    req(&ctx, Method::DELETE, &path)?
        .query("sendUpdates", send)
        .send()
        .await
        .map_err(|e| match e.status {
            Some(410) => e.with_hint("the event was already deleted."),
            _ => e,
        })?;
    Ok(json!({
        "deleted": true,
        "event_id": a.event_id.trim(),
        "calendar_id": non_empty(a.calendar_id.as_deref()).unwrap_or("primary"),
        "notified": send,
    }))
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

async fn quick_add_event(ctx: Ctx, a: QuickAddEvent) -> Result<Value, ToolError> {
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

// An answer to an invitation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Response {
    Accepted,
    Declined,
    Tentative,
}

/// Set your response to an invitation, with an optional note. On a series it answers every
/// occurrence; an instance id answers one.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct RespondToEvent {
    event_id: String,
    response: Response,
    /// Note for the organizer
    comment: Option<String>,
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    #[schemars(extend("default" = "all"))]
    send_updates: Option<SendUpdates>,
}

async fn respond_to_event(ctx: Ctx, a: RespondToEvent) -> Result<Value, ToolError> {
    let path = event_path(a.calendar_id.as_deref(), &a.event_id)?;
    let send = SendUpdates::or_default(a.send_updates);
    let status = json!(a.response);
    let (v, _) = edit_attendees(&ctx, &path, send, &Map::new(), |mut list| {
        let me = list
            .iter_mut()
            .find(|x| x.get("self").and_then(Value::as_bool) == Some(true))
            .ok_or_else(|| {
                ToolError::invalid_input(
                    "you are not a guest of this event, so there is no invitation to answer \
                     (the organizer's own events need no response)",
                )
            })?;
        let same = me.get("responseStatus") == Some(&status)
            && a.comment
                .as_ref()
                .is_none_or(|c| me.get("comment") == Some(&json!(c)));
        me["responseStatus"] = status.clone();
        if let Some(c) = &a.comment {
            me["comment"] = json!(c);
        }
        Ok(Edit {
            attendees: list,
            report: Map::new(),
            changed: !same,
        })
    })
    .await?;
    let mut out = json!({ "response": a.response, "updated": v.is_some() });
    if let Some(v) = v {
        out["event"] = event(&v, FULL_DESCRIPTION);
    }
    Ok(out)
}

/// Move an event to another calendar, keeping its id (not birthdays, focus time, out-of-office or
/// working location). Returns the event.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct MoveEvent {
    event_id: String,
    destination_calendar_id: String,
    /// The calendar it is in
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    #[schemars(extend("default" = "all"))]
    send_updates: Option<SendUpdates>,
}

async fn move_event(ctx: Ctx, a: MoveEvent) -> Result<Value, ToolError> {
    let path = format!(
        "{}/move",
        event_path(a.calendar_id.as_deref(), &a.event_id)?
    );
    let dest = id_arg(&a.destination_calendar_id, "destination_calendar_id")?;
    let v: Value = req(&ctx, Method::POST, &path)?
        .query("destination", dest)
        .query("sendUpdates", SendUpdates::or_default(a.send_updates))
        .query("fields", EVENT_FIELDS)
        .send_json()
        .await
        .map_err(|e| match e.status {
            Some(400) => e.with_hint(
                "only ordinary events can be moved, and you need write access to both calendars.",
            ),
            _ => e,
        })?;
    let mut out = event(&v, FULL_DESCRIPTION);
    out["calendar_id"] = json!(dest);
    Ok(out)
}
