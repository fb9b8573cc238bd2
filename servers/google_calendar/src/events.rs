//! Events: create (all-day, timed, recurring, with guests and a Meet link), list, get,
//! update, delete, attendees, invitation responses, quick add, move between calendars, and
//! the instances of a recurring event.

mod attendees;
mod create;
mod delete_move;
mod edits;
mod read;
mod times;
mod update;

use attendees::{add_attendees_to_event, respond_to_event};
use create::{create_event, quick_add_event};
use delete_move::{delete_event, move_event};
use mcp_shared::{Effect, ToolDef, tool};
use read::{get_event, list_event_instances, list_events};
use update::update_event;

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

fn non_empty(s: Option<&str>) -> Option<&str> {
    s.map(str::trim).filter(|s| !s.is_empty())
}
