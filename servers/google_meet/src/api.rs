//! What the tools share: Calendar requests under `/calendar/v3`, Meet requests on the Meet
//! API, page sizes and page tokens, times, Meet resource names, and the concise shapes of
//! meetings (Calendar events with a conference), spaces and conference records.

use chrono::{DateTime, NaiveDateTime, SecondsFormat, Utc};
use mcp_shared::json::{at, pick};
pub use mcp_shared::pagination::{cursor, page_size};
use mcp_shared::{Ctx, Method, Request, ToolError, seg, seg_id};
pub use mcp_vendor_google::next_page_token as next_token;
use serde_json::{Map, Value, json};

/// The Calendar API's path prefix under the base URL.
pub const V3: &str = "/calendar/v3";

/// The user's primary calendar, where Klavis's tools schedule meetings.
pub const EVENTS: &str = "/calendars/primary/events";

/// An authenticated Calendar API request to `/calendar/v3{path}`.
pub fn calendar(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    ctx.authorized(method, &format!("{V3}{path}"))
}

/// An authenticated Meet REST API v2 request (`path` under `.../v2`).
pub fn meet(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    ctx.api_authorized("meet", method, path)
}

/// `/calendars/primary/events/{eventId}`.
pub fn event_path(event_id: &str) -> Result<String, ToolError> {
    Ok(format!("{EVENTS}/{}", seg_id(event_id, "event_id")?))
}

// ---- times

/// Now, as RFC 3339 in UTC with seconds.
pub fn now() -> String {
    Utc::now().to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// `days` days ago, as RFC 3339 in UTC.
pub fn days_ago(days: i64) -> String {
    (Utc::now() - chrono::Duration::days(days)).to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A list bound: RFC 3339 with an offset (as given), or a date (its midnight UTC).
pub use mcp_shared::types::time_bound as bound;

/// A meeting's start or end as the caller gave it.
pub enum When {
    /// RFC 3339 with an offset: sent as it is.
    Instant(String),
    /// A wall-clock time without offset: Google needs its `timeZone`.
    Local(String),
}

/// Parse a meeting time: RFC 3339 with an offset, or a local date-time (`2026-03-31T09:00`).
pub fn when(raw: &str, what: &str) -> Result<When, ToolError> {
    let s = raw.trim();
    if DateTime::parse_from_rfc3339(s).is_ok() {
        return Ok(When::Instant(s.to_owned()));
    }
    for f in [
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
    ] {
        if let Ok(t) = NaiveDateTime::parse_from_str(s, f) {
            return Ok(When::Local(t.format("%Y-%m-%dT%H:%M:%S").to_string()));
        }
    }
    Err(ToolError::invalid_input(format!(
        "`{what}` is {s:?}: give an RFC 3339 time (2026-03-31T09:00:00+02:00, ...Z) or a local time (2026-03-31T09:00:00) with `time_zone`"
    )))
}

impl When {
    pub fn is_local(&self) -> bool {
        matches!(self, When::Local(_))
    }

    /// Google's `start`/`end` object: `dateTime`, and `timeZone` when known.
    pub fn to_google(&self, zone: Option<&str>) -> Value {
        let (When::Instant(s) | When::Local(s)) = self;
        let mut o = Map::new();
        o.insert("dateTime".into(), json!(s));
        if let Some(z) = zone {
            o.insert("timeZone".into(), json!(z));
        }
        Value::Object(o)
    }
}

/// The time zone of the primary calendar (`calendars.get`, only `timeZone`), for local
/// times given without `time_zone`.
pub async fn calendar_zone(ctx: &Ctx) -> Result<String, ToolError> {
    let v: Value = calendar(ctx, Method::GET, "/calendars/primary")?
        .query("fields", "timeZone")
        .send_json()
        .await
        .map_err(|e| {
            e.context("reading the calendar's time zone for a time without offset")
                .with_specific_hint(
                    "give `time_zone` (an IANA name such as Europe/Berlin), or times with an offset, to skip this lookup.",
                )
        })?;
    v.get("timeZone")
        .and_then(Value::as_str)
        .filter(|z| !z.is_empty())
        .map(str::to_owned)
        .ok_or_else(|| {
            ToolError::transport("Google Calendar returned the calendar without its time zone")
                .with_hint("give `time_zone`, or times with an offset.")
        })
}

/// Attendee addresses: trimmed, checked, without duplicates (case-insensitive).
pub fn emails(list: &[String]) -> Result<Vec<Value>, ToolError> {
    let mut out: Vec<String> = Vec::new();
    for e in list {
        let e = e.trim();
        let ok = e
            .split_once('@')
            .is_some_and(|(l, d)| !l.is_empty() && d.contains('.') && !d.ends_with('.'))
            && !e.contains(char::is_whitespace)
            && !e.contains(['<', '>', ',', '"']);
        if !ok {
            return Err(ToolError::invalid_input(format!(
                "`attendees` has {e:?}, which is not an email address: give bare addresses such as ann@example.com"
            )));
        }
        if !out.iter().any(|x| x.eq_ignore_ascii_case(e)) {
            out.push(e.to_owned());
        }
    }
    Ok(out.into_iter().map(|e| json!({ "email": e })).collect())
}

/// `sendUpdates` from Klavis's `notify_attendees` (default: notify).
pub fn send_updates(notify: Option<bool>) -> &'static str {
    if notify.unwrap_or(true) {
        "all"
    } else {
        "none"
    }
}

// ---- meetings (Calendar events with a conference)

/// The event has a conference: a Meet link or conference data.
pub fn is_meeting(v: &Value) -> bool {
    at(v, "hangoutLink").is_some_and(|l| l.as_str() != Some(""))
        || at(v, "conferenceData").is_some_and(Value::is_object)
}

/// The event's Meet link: `hangoutLink`, else the conference's video entry point.
fn meet_link(v: &Value) -> Option<Value> {
    at(v, "hangoutLink").cloned().or_else(|| {
        at(v, "conferenceData.entryPoints")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .find(|e| e.get("entryPointType").and_then(Value::as_str) == Some("video"))
            .and_then(|e| e.get("uri").cloned())
    })
}

/// A meeting as the tools return it.
pub fn meeting(v: &Value) -> Value {
    let mut o = match pick(
        v,
        &[
            "event_id=id",
            "status",
            "summary",
            "description",
            "start",
            "end",
            "organizer=organizer.email",
            "htmlLink",
        ],
    ) {
        Value::Object(o) => o,
        _ => Map::new(),
    };
    for k in ["start", "end"] {
        // `dateTime` (or `date` for an all-day event), with the zone only when set.
        if let Some(t) = v.get(k) {
            let s = at(t, "dateTime").or_else(|| at(t, "date")).cloned();
            if let Some(s) = s {
                o.insert(k.into(), s);
            }
            if k == "start"
                && let Some(z) = at(t, "timeZone")
            {
                o.insert("time_zone".into(), z.clone());
            }
        }
    }
    if let Some(l) = meet_link(v) {
        o.insert("meet_link".into(), l);
    }
    if let Some(c) = at(v, "conferenceData.conferenceId") {
        o.insert("meeting_code".into(), c.clone());
    }
    if let Some(s) = at(v, "conferenceData.createRequest.status.statusCode") {
        o.insert("conference_status".into(), s.clone());
    }
    if let Some(list) = v.get("attendees").and_then(Value::as_array) {
        o.insert(
            "attendees".into(),
            Value::Array(list.iter().map(attendee).collect()),
        );
    }
    Value::Object(o)
}

/// An attendee: address, name, response and flags.
pub fn attendee(a: &Value) -> Value {
    pick(
        a,
        &[
            "email",
            "displayName",
            "responseStatus",
            "optional",
            "organizer",
            "self",
        ],
    )
}

/// The event `event_id`, refused when it has no conference (it is not a meeting).
pub async fn get_meeting_event(ctx: &Ctx, event_id: &str) -> Result<Value, ToolError> {
    let v: Value = calendar(ctx, Method::GET, &event_path(event_id)?)?
        .send_json()
        .await?;
    if !is_meeting(&v) {
        return Err(ToolError::invalid_input(format!(
            "event {:?} has no Google Meet conference, so it is not a meeting; use the Google Calendar tools for plain events",
            event_id.trim()
        )));
    }
    Ok(v)
}

// ---- Meet spaces and conference records

/// A space argument: `spaces/{id}`, a bare id, a meeting code or a Meet URL.
pub struct SpaceRef {
    /// The id or meeting code, as given (without `spaces/`).
    pub id: String,
    pub is_code: bool,
}

/// `abc-mnop-xyz`: letters in three dash-separated groups.
fn looks_like_code(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphabetic()))
}

/// Read a space argument; `what` names it in errors.
pub fn space_ref(raw: &str, what: &str) -> Result<SpaceRef, ToolError> {
    let s = raw.trim();
    let s = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"))
        .unwrap_or(s);
    let s = s.strip_prefix("meet.google.com/").unwrap_or(s);
    let s = s
        .split(['?', '#'])
        .next()
        .unwrap_or("")
        .trim_end_matches('/');
    let id = s.strip_prefix("spaces/").unwrap_or(s);
    if id.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must not be empty: give spaces/{{id}}, a meeting code (abc-mnop-xyz) or the Meet URL"
        )));
    }
    if !id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(ToolError::invalid_input(format!(
            "`{what}` {raw:?} is not a Meet space: give spaces/{{id}}, a meeting code (abc-mnop-xyz) or the Meet URL"
        )));
    }
    Ok(SpaceRef {
        id: id.to_owned(),
        is_code: looks_like_code(id),
    })
}

impl SpaceRef {
    /// `/spaces/{id or meeting code}` (spaces.get takes either).
    pub fn path(&self) -> String {
        format!("/spaces/{}", seg(&self.id))
    }

    /// The `conferenceRecords.list` filter for this space.
    pub fn filter(&self) -> String {
        if self.is_code {
            format!("space.meeting_code = \"{}\"", self.id.to_ascii_lowercase())
        } else {
            format!("space.name = \"spaces/{}\"", self.id)
        }
    }

    /// The space's resource name, `spaces/{id}`: a meeting code is resolved with spaces.get
    /// (patch and endActiveConference take only the id).
    pub async fn name(&self, ctx: &Ctx) -> Result<String, ToolError> {
        if !self.is_code {
            return Ok(format!("spaces/{}", self.id));
        }
        let v: Value = meet(ctx, Method::GET, &self.path())?.send_json().await?;
        v.get("name")
            .and_then(Value::as_str)
            .filter(|n| n.starts_with("spaces/"))
            .map(str::to_owned)
            .ok_or_else(|| {
                ToolError::transport(format!(
                    "Google Meet returned the space of meeting code {} without its name",
                    self.id
                ))
            })
    }
}

/// A Meet space as the tools return it.
pub fn space(v: &Value) -> Value {
    pick(
        v,
        &[
            "name",
            "meetingUri",
            "meetingCode",
            "accessType=config.accessType",
            "entryPointAccess=config.entryPointAccess",
            "moderation=config.moderation",
            "activeConference=activeConference.conferenceRecord",
        ],
    )
}

/// A path of Meet resource names (`conferenceRecords/{id}/transcripts/{id}`), each piece
/// encoded; `kinds` are the collection names expected in order.
pub fn resource_path(raw: &str, kinds: &[&str], what: &str) -> Result<String, ToolError> {
    let s = raw.trim().trim_matches('/');
    let parts: Vec<&str> = s.split('/').collect();
    let ok = parts.len() == kinds.len() * 2
        && parts.iter().enumerate().all(|(i, p)| {
            if i % 2 == 0 {
                kinds.get(i / 2) == Some(p)
            } else {
                !p.is_empty()
                    && p.chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
            }
        });
    if !ok {
        let example: Vec<String> = kinds.iter().map(|k| format!("{k}/{{id}}")).collect();
        return Err(ToolError::invalid_input(format!(
            "`{what}` is {raw:?}: give a resource name of the form {}",
            example.join("/")
        )));
    }
    Ok(parts
        .iter()
        .map(|p| format!("/{}", seg(p)))
        .collect::<String>())
}

/// A Meet resource name (`spaces/abc`) as a request path, each piece encoded.
pub fn seg_name(name: &str) -> String {
    name.split('/').map(|p| format!("/{}", seg(p))).collect()
}

/// A conference record as the tools return it.
pub fn conference_record(v: &Value) -> Value {
    pick(v, &["name", "space", "startTime", "endTime", "expireTime"])
}

/// The conference record a tool acts on: a `conferenceRecords/{id}` name as it is, or the
/// latest conference of a space (by id, meeting code or URL).
pub async fn resolve_record(ctx: &Ctx, raw: &str, what: &str) -> Result<String, ToolError> {
    let s = raw.trim();
    if s.starts_with("conferenceRecords/") {
        resource_path(s, &["conferenceRecords"], what)?;
        return Ok(s.trim_matches('/').to_owned());
    }
    let space = space_ref(s, what)?;
    // Records are listed newest first.
    let v: Value = meet(ctx, Method::GET, "/conferenceRecords")?
        .query("filter", space.filter())
        .query("pageSize", 1)
        .send_json()
        .await?;
    v.pointer("/conferenceRecords/0/name")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "no conference has been held in space {} (or its records expired: Meet keeps them 30 days); \
                 a scheduled meeting's space is its meeting_code",
                space.id
            ))
        })
}

// ---- output shapes (schemas only: clients get `outputSchema` and `structuredContent`)

/// An invitee of a meeting.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
pub struct AttendeeOut {
    email: Option<String>,
    #[serde(rename = "displayName")]
    display_name: Option<String>,
    #[serde(rename = "responseStatus")]
    response_status: Option<String>,
    optional: Option<bool>,
    organizer: Option<bool>,
    #[serde(rename = "self")]
    is_self: Option<bool>,
}

/// A meeting: a Calendar event with a Meet conference.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
pub struct MeetingOut {
    event_id: Option<String>,
    status: Option<String>,
    summary: Option<String>,
    description: Option<String>,
    start: Option<String>,
    end: Option<String>,
    time_zone: Option<String>,
    organizer: Option<String>,
    #[serde(rename = "htmlLink")]
    html_link: Option<String>,
    meet_link: Option<String>,
    meeting_code: Option<String>,
    conference_status: Option<String>,
    attendees: Option<Vec<AttendeeOut>>,
    note: Option<String>,
}

/// A Meet space.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
pub struct SpaceOut {
    name: Option<String>,
    #[serde(rename = "meetingUri")]
    meeting_uri: Option<String>,
    #[serde(rename = "meetingCode")]
    meeting_code: Option<String>,
    #[serde(rename = "accessType")]
    access_type: Option<String>,
    #[serde(rename = "entryPointAccess")]
    entry_point_access: Option<String>,
    moderation: Option<String>,
    #[serde(rename = "activeConference")]
    active_conference: Option<String>,
}
