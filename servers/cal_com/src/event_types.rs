//! Event types and their free slots: `GET /event-types` (`cal-api-version: 2024-06-14`) and
//! `GET /slots` (`cal-api-version: 2024-09-04`).

use crate::api::{EVENT_TYPES, SLOTS, call, data, opt};
use mcp_shared::json::{enum_str, map_array, pick};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "cal_list_event_types",
            "List event types",
            Effect::Read,
            list_event_types,
        )
        .toolset("event_types"),
        tool(
            "cal_get_available_slots",
            "Get available slots",
            Effect::Read,
            get_available_slots,
        )
        .toolset("event_types"),
    ]
}

fn event_type(e: &Value) -> Value {
    pick(
        e,
        &[
            "id",
            "title",
            "slug",
            "lengthInMinutes",
            "lengthInMinutesOptions",
            "description",
            "hidden",
            "scheduleId",
            "bookingUrl",
            "ownerId",
        ],
    )
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Asc,
    Desc,
}

/// List event types (what can be booked): id, title, slug, length, booking URL. Without
/// `username`, the authenticated user's own, hidden ones included.
#[derive(Deserialize, JsonSchema)]
pub struct ListEventTypes {
    /// Another user's public event types
    username: Option<String>,
    /// Only the event type with this slug; needs `username`
    event_slug: Option<String>,
    /// Order by creation
    sort_created_at: Option<Order>,
}

async fn list_event_types(ctx: Ctx, a: ListEventTypes) -> Result<Value, ToolError> {
    let username = opt(&a.username);
    let slug = opt(&a.event_slug);
    if slug.is_some() && username.is_none() {
        return Err(ToolError::invalid_input(
            "event_slug needs username (slugs are unique per user)",
        ));
    }
    let v: Value = call(&ctx, Method::GET, "/event-types", EVENT_TYPES)?
        .query_opt("username", username)
        .query_opt("eventSlug", slug)
        .query_opt("sortCreatedAt", a.sort_created_at.as_ref().map(enum_str))
        .send_json()
        .await?;
    Ok(json!({ "items": map_array(&data(v), event_type) }))
}

/// Free slots of an event type between two dates, by day, each with `start` and `end`.
/// Name the event type by `event_type_id`, or by `event_type_slug` with `username`.
#[derive(Deserialize, JsonSchema)]
pub struct GetAvailableSlots {
    /// From, ISO 8601 in UTC: `2026-05-01` (start of day) or `2026-05-01T09:00:00Z`
    start: String,
    /// Until, ISO 8601 in UTC: `2026-05-07` (end of day) or a time
    end: String,
    event_type_id: Option<Count>,
    event_type_slug: Option<String>,
    /// Owner of the event type named by slug
    username: Option<String>,
    /// IANA time zone of the returned times (default UTC)
    time_zone: Option<String>,
    /// Minutes, for event types with several lengths
    duration: Option<Count>,
    /// Uid of a booking being rescheduled: its own time shows as free
    booking_uid_to_reschedule: Option<String>,
}

async fn get_available_slots(ctx: Ctx, a: GetAvailableSlots) -> Result<Value, ToolError> {
    let start = non_empty(&a.start, "start")?;
    let end = non_empty(&a.end, "end")?;
    let slug = opt(&a.event_type_slug);
    let username = opt(&a.username);
    if a.event_type_id.is_none() && (slug.is_none() || username.is_none()) {
        return Err(ToolError::invalid_input(
            "name the event type: give event_type_id, or event_type_slug with username",
        ));
    }
    let v: Value = call(&ctx, Method::GET, "/slots", SLOTS)?
        .query("start", start)
        .query("end", end)
        .query_opt("eventTypeId", a.event_type_id.map(Count::get))
        .query_opt("eventTypeSlug", a.event_type_id.map_or(slug, |_| None))
        .query_opt("username", a.event_type_id.map_or(username, |_| None))
        .query_opt("timeZone", opt(&a.time_zone))
        .query_opt("duration", a.duration.map(Count::get))
        .query_opt("bookingUidToReschedule", opt(&a.booking_uid_to_reschedule))
        .query("format", "range")
        .send_json()
        .await?;
    let days: Vec<Value> = data(v)
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(date, slots)| {
                    json!({
                        "date": date,
                        "slots": map_array(slots, |s| match s {
                            Value::String(t) => json!({ "start": t }),
                            _ => pick(s, &["start", "end"]),
                        }),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let count: usize = days
        .iter()
        .filter_map(|d| d["slots"].as_array().map(Vec::len))
        .sum();
    Ok(json!({ "days": days, "slot_count": count }))
}
