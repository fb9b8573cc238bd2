//! What every Calendar tool shares: authenticated requests under `/calendar/v3`, ids in
//! paths, the argument enums Google defines, the `fields` masks, and the concise event shape.

use chrono::{Duration, NaiveDate};
use chrono_tz::Tz;
use mcp_shared::json::{at, pick};
use mcp_shared::upstream::seg_id;
use mcp_shared::{Ctx, Method, Request, ToolError, seg};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::time::parse_zone;

/// The Calendar API's path prefix under the base URL.
pub const V3: &str = "/calendar/v3";

/// The event fields the tools return (a `fields` mask: Google sends only these).
pub const EVENT_FIELDS: &str = "id,status,htmlLink,updated,summary,description,location,\
start,end,recurrence,recurringEventId,originalStartTime,visibility,eventType,transparency,\
organizer(email,displayName,self),creator(email),\
attendees(email,displayName,responseStatus,optional,organizer,self,comment),attendeesOmitted,\
hangoutLink,conferenceData(conferenceId,entryPoints(entryPointType,uri),createRequest(status)),\
attachments(title,fileUrl)";

/// `fields` for a list of events (events.list, events.instances).
pub fn list_fields() -> String {
    format!("nextPageToken,timeZone,items({EVENT_FIELDS})")
}

/// An authenticated Calendar API request to `/calendar/v3{path}`.
pub fn req(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    ctx.authorized(method, &format!("{V3}{path}"))
}

/// A trimmed, non-empty id argument.
pub use mcp_shared::non_empty as id_arg;

/// `/calendars/{calendarId}` (`primary` when not given).
pub fn calendar_path(calendar_id: Option<&str>) -> Result<String, ToolError> {
    let id = match calendar_id.map(str::trim) {
        None | Some("") => "primary",
        Some(id) => id,
    };
    Ok(format!("/calendars/{}", seg(id)))
}

/// `/calendars/{calendarId}/events/{eventId}`.
pub fn event_path(calendar_id: Option<&str>, event_id: &str) -> Result<String, ToolError> {
    Ok(format!(
        "{}/events/{}",
        calendar_path(calendar_id)?,
        seg_id(event_id, "event_id")?
    ))
}

// Who Google notifies (a plain comment: it would become the description of every
// argument of this type).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum SendUpdates {
    #[serde(rename = "all")]
    All,
    #[serde(rename = "externalOnly")]
    ExternalOnly,
    #[serde(rename = "none")]
    None,
}

impl SendUpdates {
    pub fn as_str(self) -> &'static str {
        match self {
            SendUpdates::All => "all",
            SendUpdates::ExternalOnly => "externalOnly",
            SendUpdates::None => "none",
        }
    }

    /// The catalog's default: notify everyone.
    pub fn or_default(v: Option<Self>) -> &'static str {
        v.unwrap_or(SendUpdates::All).as_str()
    }
}

// Who sees an event's details.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Visibility {
    Default,
    Public,
    Private,
}

/// The time zone of a calendar (`calendars.get`, only its `timeZone`), for local times the
/// caller gave without `time_zone`.
pub async fn calendar_zone(ctx: &Ctx, calendar_id: Option<&str>) -> Result<Tz, ToolError> {
    let v: Value = req(ctx, Method::GET, &calendar_path(calendar_id)?)?
        .query("fields", "timeZone")
        .send_json()
        .await
        .map_err(|e| match e.status {
            // A token with only event scopes cannot read the calendar itself.
            Some(403) => {
                let hint = e.hint.clone().unwrap_or_default();
                e.with_hint(format!(
                    "{hint} Reading the calendar's time zone failed: give `time_zone`, or times with an offset, to skip this lookup."
                ).trim_start().to_owned())
            }
            _ => e,
        })?;
    let name = v.get("timeZone").and_then(Value::as_str).ok_or_else(|| {
        ToolError::transport("Google Calendar returned the calendar without its time zone")
            .with_hint("give `time_zone` explicitly, or times with an offset.")
    })?;
    parse_zone(name, "the calendar's timeZone")
}

/// Email addresses of attendees: trimmed, checked, without duplicates (case-insensitive).
pub fn emails(list: &[String], what: &str) -> Result<Vec<String>, ToolError> {
    let mut out: Vec<String> = Vec::new();
    for e in list {
        let e = e.trim();
        let ok = e
            .split_once('@')
            .is_some_and(|(l, d)| !l.is_empty() && d.contains('.') && !d.ends_with('.'))
            && !e.contains(char::is_whitespace)
            && !e.contains(['<', '>', ',']);
        if !ok {
            return Err(ToolError::invalid_input(format!(
                "`{what}` has `{e}`, which is not an email address: give bare addresses like ann@example.com (look people up with google_calendar_search_contacts)"
            )));
        }
        if !out.iter().any(|x| x.eq_ignore_ascii_case(e)) {
            out.push(e.to_owned());
        }
    }
    Ok(out)
}

/// Event attendees as the tools show them.
fn attendee(a: &Value) -> Value {
    pick(
        a,
        &[
            "email",
            "displayName",
            "responseStatus",
            "optional",
            "organizer",
            "self",
            "comment",
        ],
    )
}

/// The Meet link of an event and, while Google is still creating it, the request's status.
fn meet(v: &Value) -> Option<Value> {
    let link = at(v, "hangoutLink").cloned().or_else(|| {
        at(v, "conferenceData.entryPoints")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .find(|e| e.get("entryPointType").and_then(Value::as_str) == Some("video"))
            .and_then(|e| e.get("uri").cloned())
    });
    let status = at(v, "conferenceData.createRequest.status.statusCode").cloned();
    match (link, status) {
        (None, None) => None,
        (link, status) => {
            let mut o = Map::new();
            if let Some(l) = link {
                o.insert("link".into(), l);
            }
            if let Some(s) = status {
                o.insert("status".into(), s);
            }
            if let Some(id) = at(v, "conferenceData.conferenceId") {
                o.insert("conferenceId".into(), id.clone());
            }
            Some(Value::Object(o))
        }
    }
}

/// An event as the tools return it: what an agent needs, nothing of Google's bookkeeping.
/// All-day events say so, and give their last day (Google's `end.date` is exclusive).
/// Descriptions longer than `max_description` bytes are cut.
pub fn event(v: &Value, max_description: usize) -> Value {
    let mut o = match pick(
        v,
        &[
            "id",
            "status",
            "summary",
            "description",
            "location",
            "start",
            "end",
            "recurrence",
            "recurringEventId",
            "originalStartTime",
            "visibility",
            "eventType",
            "transparency",
            "organizer=organizer.email",
            "creator=creator.email",
            "attendeesOmitted",
            "htmlLink",
            "updated",
        ],
    ) {
        Value::Object(o) => o,
        _ => Map::new(),
    };
    if let Some(Value::String(d)) = o.get("description") {
        let (d, cut) = mcp_shared::content::truncate(d, max_description);
        if cut {
            o.insert("description".into(), Value::String(d));
        }
    }
    if let Some(date) = at(v, "start.date").and_then(Value::as_str) {
        o.insert("allDay".into(), json!(true));
        let last = at(v, "end.date")
            .and_then(Value::as_str)
            .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
            .map(|d| d - Duration::days(1));
        if let Some(last) = last {
            o.insert("lastDay".into(), json!(crate::time::date_string(&last)));
        } else {
            o.insert("lastDay".into(), json!(date));
        }
    }
    if let Some(list) = v.get("attendees").and_then(Value::as_array) {
        o.insert(
            "attendees".into(),
            Value::Array(list.iter().map(attendee).collect()),
        );
    }
    if let Some(m) = meet(v) {
        o.insert("meet".into(), m);
    }
    if let Some(list) = v.get("attachments").and_then(Value::as_array) {
        o.insert(
            "attachments".into(),
            Value::Array(
                list.iter()
                    .map(|a| pick(a, &["title", "fileUrl"]))
                    .collect(),
            ),
        );
    }
    Value::Object(o)
}

/// The events of a list answer (events.list, events.instances) and its page token.
pub fn event_list(v: &Value, max_description: usize) -> Value {
    let events: Vec<Value> = v
        .get("items")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|e| event(e, max_description))
        .collect();
    let mut out = json!({ "events_count": events.len(), "events": events });
    for (from, to) in [
        ("nextPageToken", "next_page_token"),
        ("timeZone", "time_zone"),
    ] {
        if let Some(x) = v.get(from) {
            out[to] = x.clone();
        }
    }
    out
}

/// A recurrence rule list: RFC 5545 `RRULE:`, `EXRULE:`, `RDATE:` or `EXDATE:` lines. A bare
/// rule (`FREQ=WEEKLY;BYDAY=MO`) gets its `RRULE:` prefix.
pub fn recurrence(list: &[String], what: &str) -> Result<Vec<String>, ToolError> {
    list.iter()
        .map(|r| {
            let r = r.trim();
            let upper = r.to_ascii_uppercase();
            if upper.starts_with("FREQ=") {
                Ok(format!("RRULE:{r}"))
            } else if ["RRULE:", "EXRULE:", "RDATE", "EXDATE"]
                .iter()
                .any(|p| upper.starts_with(p))
            {
                Ok(r.to_owned())
            } else {
                Err(ToolError::invalid_input(format!(
                    "`{what}` has `{r}`: give RFC 5545 lines such as RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10, \
                     RRULE:FREQ=DAILY;UNTIL=20250131T000000Z, EXDATE;TZID=Europe/Berlin:20250106T090000 or RDATE:20250110"
                )))
            }
        })
        .collect()
}

/// The 412 hint for a conditional write that lost a race.
pub fn changed_meanwhile(e: ToolError) -> ToolError {
    match e.status {
        Some(412) => e.with_hint(
            "the event changed while this tool was updating it: call the tool again to apply the change to the new version.",
        ),
        _ => e,
    }
}
