//! Guests: adding and removing attendees, and answering an invitation.

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::FULL_DESCRIPTION;
use super::edits::{Edit, add_remove, edit_attendees};
use crate::api::{SendUpdates, emails, event, event_path};

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

pub(super) async fn add_attendees_to_event(ctx: Ctx, a: AddAttendees) -> Result<Value, ToolError> {
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

pub(super) async fn respond_to_event(ctx: Ctx, a: RespondToEvent) -> Result<Value, ToolError> {
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
