//! Updating an event's fields.

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::edits::{add_remove, edit_attendees, patch};
use super::times::{check_range, event_time, zone_arg};
use super::{FULL_DESCRIPTION, non_empty};
use crate::api::{SendUpdates, Visibility, calendar_zone, emails, event, event_path, recurrence};
use crate::time::{Moment, parse_moment};

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

pub(super) async fn update_event(ctx: Ctx, a: UpdateEvent) -> Result<Value, ToolError> {
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
