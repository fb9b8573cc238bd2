//! Reading events: list (over a time range), the instances of a recurring event, get.

use chrono_tz::Tz;
use mcp_shared::{Ctx, Method, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use super::times::zone_arg;
use super::{FULL_DESCRIPTION, LIST_DESCRIPTION, non_empty};
use crate::api::{
    EVENT_FIELDS, calendar_path, calendar_zone, event, event_list, event_path, list_fields, req,
};
use crate::time::{Moment, parse_moment, rfc3339, to_instant};

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

pub(super) async fn list_events(ctx: Ctx, a: ListEvents) -> Result<Value, ToolError> {
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

pub(super) async fn list_event_instances(
    ctx: Ctx,
    a: ListEventInstances,
) -> Result<Value, ToolError> {
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

pub(super) async fn get_event(ctx: Ctx, a: GetEvent) -> Result<Value, ToolError> {
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
