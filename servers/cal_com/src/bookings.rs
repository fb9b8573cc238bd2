//! Bookings: `GET|POST /bookings`, `GET /bookings/{bookingUid}`,
//! `POST /bookings/{bookingUid}/cancel`, `POST /bookings/{bookingUid}/reschedule`
//! (`cal-api-version: 2024-08-13`).

use crate::api::{BOOKINGS, call, data, opt, page, paged};
use mcp_shared::json::{enum_str, insert_opt, map_array, pick};
use mcp_shared::{Count, Ctx, Effect, Int, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "cal_list_bookings",
            "List bookings",
            Effect::Read,
            list_bookings,
        )
        .toolset("bookings"),
        tool("cal_get_booking", "Get booking", Effect::Read, get_booking).toolset("bookings"),
        tool(
            "cal_create_booking",
            "Create booking",
            Effect::Write,
            create_booking,
        )
        .toolset("bookings"),
        tool(
            "cal_cancel_booking",
            "Cancel booking",
            Effect::Destructive,
            cancel_booking,
        )
        .toolset("bookings"),
        tool(
            "cal_reschedule_booking",
            "Reschedule booking",
            Effect::Write,
            reschedule_booking,
        )
        .toolset("bookings"),
    ]
}

/// A booking as the tools return it.
fn booking(b: &Value) -> Value {
    let mut v = pick(
        b,
        &[
            "uid",
            "id",
            "title",
            "status",
            "start",
            "end",
            "duration",
            "event_type_id=eventType.id",
            "event_type_slug=eventType.slug",
            "location",
            "guests",
            "cancellationReason",
            "reschedulingReason",
            "rescheduledToUid",
            "rescheduledFromUid",
            "recurringBookingUid",
            "createdAt",
        ],
    );
    let attendees = b.get("attendees").map_or(json!([]), |a| {
        map_array(a, |x| {
            pick(x, &["name", "email", "timeZone", "phoneNumber", "absent"])
        })
    });
    let hosts = b.get("hosts").map_or(json!([]), |a| {
        map_array(a, |x| pick(x, &["name", "email", "username"]))
    });
    if let Some(m) = v.as_object_mut() {
        m.insert("attendees".into(), attendees);
        m.insert("hosts".into(), hosts);
    }
    v
}

/// One booking, or the occurrences of a recurring one.
fn booking_or_list(d: &Value) -> Value {
    match d {
        Value::Array(_) => json!({ "occurrences": map_array(d, booking) }),
        _ => booking(d),
    }
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Upcoming,
    Recurring,
    Past,
    Cancelled,
    Unconfirmed,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Asc,
    Desc,
}

/// List the user's bookings, optionally by status, attendee, event type and time range.
/// Returns `items` (uid, title, status, start, end, attendees...) and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListBookings {
    /// Any of these statuses
    status: Option<Vec<Status>>,
    attendee_email: Option<String>,
    attendee_name: Option<String>,
    event_type_id: Option<Count>,
    /// Bookings starting after this ISO 8601 time
    after_start: Option<String>,
    /// Bookings ending before this ISO 8601 time
    before_end: Option<String>,
    /// Order by start time
    sort_start: Option<Order>,
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_bookings(ctx: Ctx, a: ListBookings) -> Result<Value, ToolError> {
    let (take, skip) = page(a.limit, a.cursor.as_deref(), 25, 100)?;
    let status = a
        .status
        .filter(|s| !s.is_empty())
        .map(|s| s.iter().map(enum_str).collect::<Vec<_>>().join(","));
    let v: Value = call(&ctx, Method::GET, "/bookings", BOOKINGS)?
        .query_opt("status", status)
        .query_opt("attendeeEmail", opt(&a.attendee_email))
        .query_opt("attendeeName", opt(&a.attendee_name))
        .query_opt("eventTypeId", a.event_type_id.map(Count::get))
        .query_opt("afterStart", opt(&a.after_start))
        .query_opt("beforeEnd", opt(&a.before_end))
        .query_opt("sortStart", a.sort_start.as_ref().map(enum_str))
        .query("take", take)
        .query("skip", skip)
        .send_json()
        .await?;
    let items: Vec<Value> = v
        .get("data")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(booking).collect())
        .unwrap_or_default();
    Ok(paged(items, v.get("pagination"), skip, take))
}

/// Get one booking by uid: title, status, times, event type, location, attendees and hosts.
/// A recurring booking's uid returns its `occurrences`.
#[derive(Deserialize, JsonSchema)]
pub struct GetBooking {
    /// The booking's `uid` (not its numeric id)
    booking_uid: String,
}

async fn get_booking(ctx: Ctx, a: GetBooking) -> Result<Value, ToolError> {
    let path = format!("/bookings/{}", seg_id(&a.booking_uid, "booking_uid")?);
    let v: Value = call(&ctx, Method::GET, &path, BOOKINGS)?
        .send_json()
        .await?;
    Ok(booking_or_list(&data(v)))
}

/// Book an event type at a free slot (see cal_get_available_slots) for an attendee; Cal.com
/// sends the confirmation emails. Name the event type by `event_type_id`, or by
/// `event_type_slug` with `username`. Returns the booking (with its `uid`).
#[derive(Deserialize, JsonSchema)]
pub struct CreateBooking {
    /// Start, ISO 8601 in UTC, e.g. `2026-05-01T09:00:00Z`
    start: String,
    attendee_name: String,
    /// Gets the confirmation email
    attendee_email: Option<String>,
    /// IANA time zone, e.g. `America/New_York`
    attendee_time_zone: String,
    /// International format, e.g. `+14155550123`
    attendee_phone_number: Option<String>,
    /// e.g. `en`
    attendee_language: Option<String>,
    event_type_id: Option<Count>,
    event_type_slug: Option<String>,
    /// Owner of the event type named by slug
    username: Option<String>,
    /// Guest emails
    guests: Option<Vec<String>>,
    /// For event types with several lengths
    length_in_minutes: Option<Count>,
    /// Answers to the event type's custom booking fields, by field slug
    booking_fields_responses: Option<Map<String, Value>>,
}

async fn create_booking(ctx: Ctx, a: CreateBooking) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("start".into(), json!(non_empty(&a.start, "start")?));
    match (a.event_type_id, opt(&a.event_type_slug), opt(&a.username)) {
        (Some(id), _, _) => {
            body.insert("eventTypeId".into(), json!(id.get()));
        }
        (None, Some(slug), Some(user)) => {
            body.insert("eventTypeSlug".into(), json!(slug));
            body.insert("username".into(), json!(user));
        }
        _ => {
            return Err(ToolError::invalid_input(
                "name the event type: give event_type_id, or event_type_slug with username",
            ));
        }
    }
    let mut attendee = Map::new();
    attendee.insert(
        "name".into(),
        json!(non_empty(&a.attendee_name, "attendee_name")?),
    );
    attendee.insert(
        "timeZone".into(),
        json!(non_empty(&a.attendee_time_zone, "attendee_time_zone")?),
    );
    insert_opt(&mut attendee, "email", opt(&a.attendee_email));
    insert_opt(&mut attendee, "phoneNumber", opt(&a.attendee_phone_number));
    insert_opt(&mut attendee, "language", opt(&a.attendee_language));
    body.insert("attendee".into(), Value::Object(attendee));
    insert_opt(&mut body, "guests", a.guests.filter(|g| !g.is_empty()));
    insert_opt(
        &mut body,
        "lengthInMinutes",
        a.length_in_minutes.map(Count::get),
    );
    insert_opt(
        &mut body,
        "bookingFieldsResponses",
        a.booking_fields_responses,
    );
    let v: Value = call(&ctx, Method::POST, "/bookings", BOOKINGS)?
        .json(&body)
        .send_json()
        .await?;
    Ok(booking_or_list(&data(v)))
}

/// Cancel a booking; Cal.com notifies the attendees. A recurring booking's uid cancels every
/// occurrence. Returns the cancelled booking.
#[derive(Deserialize, JsonSchema)]
pub struct CancelBooking {
    booking_uid: String,
    /// Shown to the attendees
    cancellation_reason: Option<String>,
    /// For one occurrence of a recurring booking: also cancel the later ones
    cancel_subsequent_bookings: Option<bool>,
}

async fn cancel_booking(ctx: Ctx, a: CancelBooking) -> Result<Value, ToolError> {
    let path = format!(
        "/bookings/{}/cancel",
        seg_id(&a.booking_uid, "booking_uid")?
    );
    let mut body = Map::new();
    insert_opt(&mut body, "cancellationReason", opt(&a.cancellation_reason));
    insert_opt(
        &mut body,
        "cancelSubsequentBookings",
        a.cancel_subsequent_bookings,
    );
    let v: Value = call(&ctx, Method::POST, &path, BOOKINGS)?
        .json(&body)
        .send_json()
        .await?;
    Ok(booking_or_list(&data(v)))
}

/// Move a booking to a new start time (check it with cal_get_available_slots first). Cal.com
/// creates a new booking and cancels the old one: the result is the new booking, with a new
/// `uid`.
#[derive(Deserialize, JsonSchema)]
pub struct RescheduleBooking {
    booking_uid: String,
    /// New start, ISO 8601 in UTC
    start: String,
    /// Shown to the attendees
    rescheduling_reason: Option<String>,
    /// Email of who reschedules; for bookings that need confirmation, the organizer's email
    /// keeps the new booking confirmed
    rescheduled_by: Option<String>,
}

async fn reschedule_booking(ctx: Ctx, a: RescheduleBooking) -> Result<Value, ToolError> {
    let path = format!(
        "/bookings/{}/reschedule",
        seg_id(&a.booking_uid, "booking_uid")?
    );
    let mut body = Map::new();
    body.insert("start".into(), json!(non_empty(&a.start, "start")?));
    insert_opt(&mut body, "reschedulingReason", opt(&a.rescheduling_reason));
    insert_opt(&mut body, "rescheduledBy", opt(&a.rescheduled_by));
    let v: Value = call(&ctx, Method::POST, &path, BOOKINGS)?
        .json(&body)
        .send_json()
        .await?;
    Ok(booking_or_list(&data(v)))
}
