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

/// Create an event (meeting, call, reminder, all-day event, recurring series) in a calendar,
/// optionally with guests (who get invitations per `send_updates`) and a Google Meet link.
/// Times: RFC 3339 with an offset (`2025-03-31T09:00:00+02:00`), or local date-times
/// (`2025-03-31T09:00:00`) in `time_zone` or else the calendar's time zone; dates
/// (`2025-03-31`) make an all-day event, whose end date is exclusive (Google's rule: a
/// one-day event on March 31 ends 2025-04-01; an end equal to the start is taken as one day).
/// Returns the new event: id, times, guests, Meet link and its calendar link.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateEvent {
    /// The event's title
    summary: String,
    /// When it starts: `2025-03-31T09:00:00+02:00`, `2025-03-31T09:00:00` (local) or
    /// `2025-03-31` (all-day)
    start_datetime: String,
    /// When it ends, in the same form as the start (an all-day end date is exclusive)
    end_datetime: String,
    /// Calendar id (from google_calendar_list_calendars); default `primary`, the user's own
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// The event's description (plain text or simple HTML)
    description: Option<String>,
    /// Where it takes place (free text or an address)
    location: Option<String>,
    /// `default` (the calendar's setting), `public` or `private`
    #[schemars(extend("default" = "default"))]
    visibility: Option<Visibility>,
    /// Guests' email addresses (look them up with google_calendar_search_contacts)
    attendees: Option<Vec<String>>,
    /// Who gets an invitation email: `all` (default), `externalOnly` or `none`
    #[schemars(extend("default" = "all"))]
    send_updates: Option<SendUpdates>,
    /// Add a Google Meet video conference (default false); its link is in the result, or
    /// `meet.status: pending` while Google creates it
    #[schemars(extend("default" = false))]
    add_google_meet: Option<bool>,
    /// Make it recurring: RFC 5545 lines, e.g. `RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`,
    /// `RRULE:FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20251231T235959Z`, `EXDATE;TZID=Europe/Berlin:20250407T090000`.
    /// The series repeats in the start's time zone (so 09:00 stays 09:00 across DST changes)
    recurrence: Option<Vec<String>>,
    /// IANA time zone of the start and end (e.g. `Europe/Berlin`): local times are read in it
    /// and recurring events repeat in it. Default: the calendar's time zone
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

/// List the events of a calendar that overlap a time range, recurring events expanded into
/// their occurrences, in start-time order: id, title, start and end, all-day flag, location,
/// guests and their responses, organizer, Meet link. Bounds take RFC 3339, local date-times
/// (in `time_zone`, else the calendar's zone) or dates (a whole day). Pages with
/// `next_page_token`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListEvents {
    /// Only events that end after this (e.g. `2025-03-31T00:00:00+02:00`, `2025-03-31T08:00:00`, `2025-03-31`)
    min_end_datetime: String,
    /// Only events that start before this (a date means the end of that day)
    max_start_datetime: String,
    /// Calendar id (from google_calendar_list_calendars); default `primary`
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// Events per page, 1 to 2500 (default 10)
    #[schemars(extend("default" = 10), range(min = 1, max = 2500))]
    max_results: Option<u32>,
    /// Free-text search in title, description, location, guests
    query: Option<String>,
    /// IANA time zone for local-time bounds and for the times in the result (default: the calendar's)
    time_zone: Option<String>,
    /// `next_page_token` of the previous page (same other arguments)
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

/// List the occurrences of a recurring event (each with its own id, usable with the other
/// event tools to change or cancel just that occurrence), optionally within a time range.
/// Pages with `next_page_token`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListEventInstances {
    /// The recurring event's id (its `recurringEventId`, or the id of the series)
    event_id: String,
    /// Calendar id; default `primary`
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// Only occurrences that end after this (RFC 3339, local date-time or date)
    time_min: Option<String>,
    /// Only occurrences that start before this (a date means the end of that day)
    time_max: Option<String>,
    /// IANA time zone for local-time bounds and for the result (default: the calendar's)
    time_zone: Option<String>,
    /// Occurrences per page, 1 to 2500 (default 25)
    #[schemars(extend("default" = 25), range(min = 1, max = 2500))]
    max_results: Option<u32>,
    /// `next_page_token` of the previous page
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

/// Read one event: title, times, all-day flag, description, location, recurrence rules (or
/// the series it belongs to), guests and their responses, organizer, Meet link, attachments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetEvent {
    /// The event's id
    event_id: String,
    /// Calendar id; default `primary`
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// IANA time zone for the times in the result (default: the calendar's)
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

/// Change an event: times (RFC 3339, local date-times in `time_zone` or else the calendar's
/// zone, or dates to make it all-day; give both start and end to move it), title,
/// description, location, visibility, recurrence rules, and guests (added and removed without
/// touching the others' responses). Only the given fields change; guests are notified per
/// `send_updates`. On a recurring series this changes every occurrence; to change one, use its
/// instance id (google_calendar_list_event_instances). Returns the updated event.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct UpdateEvent {
    /// The event's id
    event_id: String,
    /// New start: `2025-03-31T09:00:00+02:00`, `2025-03-31T09:00:00` (local) or `2025-03-31` (all-day)
    updated_start_datetime: Option<String>,
    /// New end, in the same form as the start (an all-day end date is exclusive)
    updated_end_datetime: Option<String>,
    /// New title
    updated_summary: Option<String>,
    /// New description
    updated_description: Option<String>,
    /// New location
    updated_location: Option<String>,
    /// New visibility: `default`, `public` or `private`
    updated_visibility: Option<Visibility>,
    /// Guests to add (email addresses)
    attendees_to_add: Option<Vec<String>>,
    /// Guests to remove (email addresses)
    attendees_to_remove: Option<Vec<String>>,
    /// New recurrence rules, replacing the old ones (RFC 5545, e.g. `RRULE:FREQ=WEEKLY;COUNT=5`)
    updated_recurrence: Option<Vec<String>>,
    /// Who is notified: `all` (default), `externalOnly` or `none`
    #[schemars(extend("default" = "all"))]
    send_updates: Option<SendUpdates>,
    /// Calendar id; default `primary`
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// IANA time zone of the new start and end (default: the calendar's)
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

/// Add guests to an event, keeping the existing guests and their responses; addresses already
/// invited are reported and skipped. Guests are notified per `send_updates`. Returns who was
/// added and the updated event.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddAttendees {
    /// The event's id
    event_id: String,
    /// Email addresses to invite (look them up with google_calendar_search_contacts)
    attendees: Vec<String>,
    /// Calendar id; default `primary`
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// Who is notified: `all` (default), `externalOnly` or `none`
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

/// Delete an event (a whole recurring series by its id, or one occurrence by the instance's
/// id). Guests are sent a cancellation per `send_updates`. Cannot be undone from here.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteEvent {
    /// The event's id
    event_id: String,
    /// Calendar id; default `primary`
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// Who gets a cancellation: `all` (default), `externalOnly` or `none`
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

/// Create an event from one line of text, the way Google Calendar's quick add reads it
/// (`Lunch with Ann at Cafe Luna tomorrow 12:30-13:30`, `Dentist Friday 3pm`), in the
/// calendar's time zone. Returns the event Google made of it: check its times.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct QuickAddEvent {
    /// What, when (and where) in plain English
    text: String,
    /// Calendar id; default `primary`
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// Who is notified: `all` (default), `externalOnly` or `none`
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

/// An answer to an invitation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Response {
    Accepted,
    Declined,
    Tentative,
}

/// Answer an invitation: set your own response (accepted, declined or tentative, with an
/// optional note) on an event you are a guest of. The organizer is notified per
/// `send_updates`. For a recurring series this answers every occurrence; use an instance id
/// for one.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct RespondToEvent {
    /// The event's id
    event_id: String,
    /// `accepted`, `declined` or `tentative`
    response: Response,
    /// A note for the organizer (replaces your previous one)
    comment: Option<String>,
    /// Calendar id; default `primary`
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// Who is notified: `all` (default, includes the organizer), `externalOnly` or `none`
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

/// Move an event to another calendar (changing its organizer calendar); it keeps its id.
/// Only ordinary events can be moved (not birthdays, focus time, out-of-office or working
/// location entries). Returns the event in its new calendar.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct MoveEvent {
    /// The event's id
    event_id: String,
    /// The calendar to move it to (id from google_calendar_list_calendars)
    destination_calendar_id: String,
    /// The calendar it is in now; default `primary`
    #[schemars(extend("default" = "primary"))]
    calendar_id: Option<String>,
    /// Who is notified of the change of organizer: `all` (default), `externalOnly` or `none`
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
