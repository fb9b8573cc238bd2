//! Deleting an event and moving it to another calendar.

use mcp_shared::{Ctx, Method, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use super::{FULL_DESCRIPTION, non_empty};
use crate::api::{EVENT_FIELDS, SendUpdates, event, event_path, id_arg, req};

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

pub(super) async fn delete_event(ctx: Ctx, a: DeleteEvent) -> Result<Value, ToolError> {
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

pub(super) async fn move_event(ctx: Ctx, a: MoveEvent) -> Result<Value, ToolError> {
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
