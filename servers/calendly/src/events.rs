//! Scheduled events, their invitees, event types and available times:
//! `GET /scheduled_events`, `GET /scheduled_events/{uuid}`,
//! `POST /scheduled_events/{uuid}/cancellation`, `GET /scheduled_events/{uuid}/invitees`,
//! `POST /invitee_no_shows`, `GET /event_types`, `GET /event_type_available_times`.

use crate::api::{count, opt, paged, user_or_me, uuid};
use mcp_shared::json::{insert_opt, map_array, pick};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "calendly_list_events",
            "List scheduled events",
            Effect::Read,
            list_events,
        )
        .toolset("events"),
        tool(
            "calendly_get_event_details",
            "Get scheduled event",
            Effect::Read,
            get_event_details,
        )
        .toolset("events"),
        tool(
            "calendly_list_event_types",
            "List event types",
            Effect::Read,
            list_event_types,
        )
        .toolset("events"),
        tool(
            "calendly_list_event_invitees",
            "List event invitees",
            Effect::Read,
            list_event_invitees,
        )
        .toolset("events"),
        tool(
            "calendly_cancel_event",
            "Cancel scheduled event",
            Effect::Destructive,
            cancel_event,
        )
        .toolset("events"),
        tool(
            "calendly_mark_no_show",
            "Mark invitee no-show",
            Effect::Write,
            mark_no_show,
        )
        .toolset("events"),
        tool(
            "calendly_list_available_times",
            "List available times",
            Effect::Read,
            list_available_times,
        )
        .toolset("events"),
    ]
}

/// The UUID at the end of a resource's `uri`.
fn uuid_of(v: &Value) -> Option<Value> {
    v.get("uri")
        .and_then(Value::as_str)
        .and_then(|u| u.trim_end_matches('/').rsplit('/').next())
        .map(|s| json!(s))
}

fn event(e: &Value) -> Value {
    let mut v = pick(
        e,
        &[
            "uri",
            "name",
            "status",
            "start_time",
            "end_time",
            "event_type",
            "invitees_counter",
            "cancellation",
            "created_at",
        ],
    );
    if let Some(m) = v.as_object_mut() {
        if let Some(id) = uuid_of(e) {
            m.insert("uuid".into(), id);
        }
        if let Some(l) = e.get("location") {
            m.insert(
                "location".into(),
                pick(l, &["type", "location", "join_url", "status"]),
            );
        }
        if let Some(h) = e.get("event_memberships") {
            m.insert(
                "hosts".into(),
                map_array(h, |x| {
                    pick(x, &["user", "name=user_name", "email=user_email"])
                }),
            );
        }
        if let Some(g) = e
            .get("event_guests")
            .filter(|g| g.as_array().is_some_and(|a| !a.is_empty()))
        {
            m.insert("guests".into(), map_array(g, |x| pick(x, &["email"])));
        }
    }
    v
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Active,
    Canceled,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Canceled => "canceled",
        }
    }
}

/// List scheduled events (meetings): name, status, times, location, hosts, invitee counts and
/// `uuid`. Without `user` or `organization`, the token's own user's events. Returns `items`
/// and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListEvents {
    status: Option<Status>,
    /// Page size, 1-100
    #[schemars(extend("default" = 20))]
    #[serde(alias = "limit")]
    count: Option<Count>,
    /// User URI
    user: Option<String>,
    /// Organization URI: every member's events (admins and owners)
    organization: Option<String>,
    invitee_email: Option<String>,
    /// Events starting at or after this ISO 8601 UTC time
    min_start_time: Option<String>,
    /// Events starting before this ISO 8601 UTC time
    max_start_time: Option<String>,
    /// `start_time:asc` or `start_time:desc`
    sort: Option<String>,
    /// `next_cursor` of the previous page
    #[serde(alias = "page_token")]
    cursor: Option<String>,
}

async fn list_events(ctx: Ctx, a: ListEvents) -> Result<Value, ToolError> {
    let n = count(a.count)?;
    let organization = opt(&a.organization);
    let user = match (opt(&a.user), organization) {
        (Some(u), _) => Some(u.to_owned()),
        (None, Some(_)) => None,
        (None, None) => Some(user_or_me(&ctx, None).await?),
    };
    let v: Value = ctx
        .authorized(Method::GET, "/scheduled_events")?
        .query_opt("user", user.as_deref())
        .query_opt("organization", organization)
        .query_opt("status", a.status.map(Status::as_str))
        .query_opt("invitee_email", opt(&a.invitee_email))
        .query_opt("min_start_time", opt(&a.min_start_time))
        .query_opt("max_start_time", opt(&a.max_start_time))
        .query_opt("sort", opt(&a.sort))
        .query("count", n)
        .query_opt("page_token", opt(&a.cursor))
        .send_json()
        .await?;
    Ok(paged(&v, event))
}

/// Get one scheduled event: name, status, times, event type, location (with join URL),
/// hosts, invitee counts and cancellation.
#[derive(Deserialize, JsonSchema)]
pub struct GetEventDetails {
    /// Event UUID, or its URI
    event_uuid: String,
}

async fn get_event_details(ctx: Ctx, a: GetEventDetails) -> Result<Value, ToolError> {
    let path = format!("/scheduled_events/{}", uuid(&a.event_uuid, "event_uuid")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(event(v.get("resource").unwrap_or(&Value::Null)))
}

fn event_type(t: &Value) -> Value {
    let mut v = pick(
        t,
        &[
            "uri",
            "name",
            "slug",
            "active",
            "duration",
            "kind",
            "type",
            "scheduling_url",
            "description_plain",
            "owner=profile.name",
        ],
    );
    if let (Some(m), Some(id)) = (v.as_object_mut(), uuid_of(t)) {
        m.insert("uuid".into(), id);
    }
    v
}

/// List event types (what invitees can book): name, duration, scheduling URL, URI. Without
/// `user` or `organization`, the token's own user's. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListEventTypes {
    /// Only active (true) or only inactive (false) ones
    #[schemars(extend("default" = true))]
    active: Option<bool>,
    /// Page size, 1-100
    #[schemars(extend("default" = 20))]
    #[serde(alias = "limit")]
    count: Option<Count>,
    /// User URI
    user: Option<String>,
    /// Organization URI: every member's event types
    organization: Option<String>,
    /// e.g. `name:asc`
    sort: Option<String>,
    /// `next_cursor` of the previous page
    #[serde(alias = "page_token")]
    cursor: Option<String>,
}

async fn list_event_types(ctx: Ctx, a: ListEventTypes) -> Result<Value, ToolError> {
    let n = count(a.count)?;
    let organization = opt(&a.organization);
    let user = match (opt(&a.user), organization) {
        (Some(u), _) => Some(u.to_owned()),
        (None, Some(_)) => None,
        (None, None) => Some(user_or_me(&ctx, None).await?),
    };
    let v: Value = ctx
        .authorized(Method::GET, "/event_types")?
        .query_opt("user", user.as_deref())
        .query_opt("organization", organization)
        .query("active", a.active.unwrap_or(true))
        .query_opt("sort", opt(&a.sort))
        .query("count", n)
        .query_opt("page_token", opt(&a.cursor))
        .send_json()
        .await?;
    Ok(paged(&v, event_type))
}

fn invitee(i: &Value) -> Value {
    let mut v = pick(
        i,
        &[
            "uri",
            "name",
            "email",
            "status",
            "timezone",
            "created_at",
            "rescheduled",
            "cancel_url",
            "reschedule_url",
            "cancellation",
            "no_show",
        ],
    );
    if let (Some(m), Some(q)) = (v.as_object_mut(), i.get("questions_and_answers")) {
        m.insert(
            "questions_and_answers".into(),
            map_array(q, |x| pick(x, &["question", "answer"])),
        );
    }
    v
}

/// List the invitees of a scheduled event: name, email, status, time zone, answers to the
/// booking questions, cancel and reschedule links. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListEventInvitees {
    /// Event UUID, or its URI
    event_uuid: String,
    /// Page size, 1-100
    #[schemars(extend("default" = 20))]
    #[serde(alias = "limit")]
    count: Option<Count>,
    email: Option<String>,
    status: Option<Status>,
    /// `created_at:asc` (default) or `created_at:desc`
    sort: Option<String>,
    /// `next_cursor` of the previous page
    #[serde(alias = "page_token")]
    cursor: Option<String>,
}

async fn list_event_invitees(ctx: Ctx, a: ListEventInvitees) -> Result<Value, ToolError> {
    let n = count(a.count)?;
    let path = format!(
        "/scheduled_events/{}/invitees",
        uuid(&a.event_uuid, "event_uuid")?
    );
    let v: Value = ctx
        .authorized(Method::GET, &path)?
        .query_opt("status", a.status.map(Status::as_str))
        .query_opt("email", opt(&a.email))
        .query_opt("sort", opt(&a.sort))
        .query("count", n)
        .query_opt("page_token", opt(&a.cursor))
        .send_json()
        .await?;
    Ok(paged(&v, invitee))
}

/// Cancel a scheduled event for every invitee; Calendly emails them the reason. Returns the
/// cancellation (by whom, reason, when).
#[derive(Deserialize, JsonSchema)]
pub struct CancelEvent {
    /// Event UUID, or its URI
    event_uuid: String,
    /// Shown to the invitees; up to 10,000 characters
    reason: Option<String>,
}

async fn cancel_event(ctx: Ctx, a: CancelEvent) -> Result<Value, ToolError> {
    let id = uuid(&a.event_uuid, "event_uuid")?;
    let reason = opt(&a.reason);
    if reason.is_some_and(|r| r.chars().count() > 10_000) {
        return Err(ToolError::invalid_input(
            "reason is longer than Calendly's 10,000 characters",
        ));
    }
    let mut body = Map::new();
    insert_opt(&mut body, "reason", reason);
    let path = format!("/scheduled_events/{id}/cancellation");
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    let mut out = pick(
        v.get("resource").unwrap_or(&Value::Null),
        &["canceled_by", "reason", "canceler_type", "created_at"],
    );
    if let Some(m) = out.as_object_mut() {
        m.insert("canceled".into(), json!(true));
        m.insert("event_uuid".into(), json!(id));
    }
    Ok(out)
}

/// Bookable start times of an event type between two times (at most 7 days apart, in the
/// future), each with its scheduling URL.
#[derive(Deserialize, JsonSchema)]
pub struct ListAvailableTimes {
    /// Event type URI (or its UUID), from calendly_list_event_types
    event_type: String,
    /// ISO 8601 UTC, e.g. `2026-05-01T00:00:00Z`
    start_time: String,
    /// ISO 8601 UTC
    end_time: String,
}

async fn list_available_times(ctx: Ctx, a: ListAvailableTimes) -> Result<Value, ToolError> {
    let given = non_empty(&a.event_type, "event_type")?;
    let event_type = if given.starts_with("https://") {
        given.to_owned()
    } else {
        format!(
            "https://api.calendly.com/event_types/{}",
            uuid(given, "event_type")?
        )
    };
    let v: Value = ctx
        .authorized(Method::GET, "/event_type_available_times")?
        .query("event_type", &event_type)
        .query("start_time", non_empty(&a.start_time, "start_time")?)
        .query("end_time", non_empty(&a.end_time, "end_time")?)
        .send_json()
        .await?;
    let items = v.get("collection").map_or(json!([]), |c| {
        map_array(c, |t| {
            pick(
                t,
                &[
                    "start_time",
                    "status",
                    "invitees_remaining",
                    "scheduling_url",
                ],
            )
        })
    });
    Ok(json!({ "items": items }))
}

/// Mark an invitee of a past event as a no-show. Returns the no-show record (its `uri`).
#[derive(Deserialize, JsonSchema)]
pub struct MarkNoShow {
    /// Invitee URI, from calendly_list_event_invitees
    invitee_uri: String,
}

async fn mark_no_show(ctx: Ctx, a: MarkNoShow) -> Result<Value, ToolError> {
    let invitee = non_empty(&a.invitee_uri, "invitee_uri")?;
    if !invitee.starts_with("https://") || !invitee.contains("/invitees/") {
        return Err(ToolError::invalid_input(
            "invitee_uri must be an invitee's URI (https://api.calendly.com/scheduled_events/<event>/invitees/<invitee>)",
        ));
    }
    let v: Value = ctx
        .authorized(Method::POST, "/invitee_no_shows")?
        .json(&json!({ "invitee": invitee }))
        .send_json()
        .await?;
    Ok(pick(
        v.get("resource").unwrap_or(&Value::Null),
        &["uri", "invitee", "created_at"],
    ))
}
