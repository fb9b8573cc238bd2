//! Activities: all types, and emails, calls, SMS, meetings, WhatsApp messages and notes.
// Argument names such as `date_created__gte` are the catalog's (and Close's filters).
#![allow(non_snake_case)]

mod all;
mod calls;
mod common;
mod emails;
mod meetings;
mod notes;
mod sms;
mod whatsapp;

use all::{list_activities, search_activities};
use calls::{create_call, delete_call, get_call, list_calls, search_calls, update_call};
use emails::{
    create_email, delete_email, get_email, list_emails, search_emails, send_email, update_email,
};
use mcp_shared::{Effect, ToolDef, tool};
use meetings::{
    create_meeting, delete_meeting, get_meeting, list_meetings, search_meetings, update_meeting,
};
use notes::{create_note, delete_note, get_note, list_notes, search_notes, update_note};
use sms::{create_sms, delete_sms, get_sms, list_sms, search_sms, send_sms, update_sms};
use whatsapp::{
    create_whatsapp, delete_whatsapp, get_whatsapp, list_whatsapp, search_whatsapp, update_whatsapp,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "close_list_activities",
            "List activities",
            Effect::Read,
            list_activities,
        )
        .toolset("activities"),
        tool(
            "close_search_activities",
            "Search activities",
            Effect::Read,
            search_activities,
        )
        .toolset("activities"),
        tool(
            "close_list_email_activities",
            "List emails",
            Effect::Read,
            list_emails,
        )
        .toolset("activities"),
        tool(
            "close_get_email_activity",
            "Get email",
            Effect::Read,
            get_email,
        )
        .toolset("activities"),
        tool(
            "close_create_email_activity",
            "Create email",
            Effect::Write,
            create_email,
        )
        .toolset("activities"),
        tool(
            "close_update_email_activity",
            "Update email",
            Effect::IdempotentWrite,
            update_email,
        )
        .toolset("activities"),
        tool(
            "close_delete_email_activity",
            "Delete email",
            Effect::Destructive,
            delete_email,
        )
        .toolset("activities"),
        tool(
            "close_send_email_activity",
            "Send email",
            Effect::Write,
            send_email,
        )
        .toolset("activities"),
        tool(
            "close_search_email_activities",
            "Search emails",
            Effect::Read,
            search_emails,
        )
        .toolset("activities"),
        tool(
            "close_list_call_activities",
            "List calls",
            Effect::Read,
            list_calls,
        )
        .toolset("activities"),
        tool(
            "close_get_call_activity",
            "Get call",
            Effect::Read,
            get_call,
        )
        .toolset("activities"),
        tool(
            "close_create_call_activity",
            "Log call",
            Effect::Write,
            create_call,
        )
        .toolset("activities"),
        tool(
            "close_update_call_activity",
            "Update call",
            Effect::IdempotentWrite,
            update_call,
        )
        .toolset("activities"),
        tool(
            "close_delete_call_activity",
            "Delete call",
            Effect::Destructive,
            delete_call,
        )
        .toolset("activities"),
        tool(
            "close_search_call_activities",
            "Search calls",
            Effect::Read,
            search_calls,
        )
        .toolset("activities"),
        tool(
            "close_list_sms_activities",
            "List SMS",
            Effect::Read,
            list_sms,
        )
        .toolset("activities"),
        tool("close_get_sms_activity", "Get SMS", Effect::Read, get_sms).toolset("activities"),
        tool(
            "close_create_sms_activity",
            "Create SMS",
            Effect::Write,
            create_sms,
        )
        .toolset("activities"),
        tool(
            "close_update_sms_activity",
            "Update SMS",
            Effect::IdempotentWrite,
            update_sms,
        )
        .toolset("activities"),
        tool(
            "close_delete_sms_activity",
            "Delete SMS",
            Effect::Destructive,
            delete_sms,
        )
        .toolset("activities"),
        tool(
            "close_send_sms_activity",
            "Send SMS",
            Effect::Write,
            send_sms,
        )
        .toolset("activities"),
        tool(
            "close_search_sms_activities",
            "Search SMS",
            Effect::Read,
            search_sms,
        )
        .toolset("activities"),
        tool(
            "close_list_meeting_activities",
            "List meetings",
            Effect::Read,
            list_meetings,
        )
        .toolset("activities"),
        tool(
            "close_get_meeting_activity",
            "Get meeting",
            Effect::Read,
            get_meeting,
        )
        .toolset("activities"),
        tool(
            "close_create_meeting_activity",
            "Create meeting",
            Effect::Write,
            create_meeting,
        )
        .toolset("activities"),
        tool(
            "close_update_meeting_activity",
            "Update meeting",
            Effect::IdempotentWrite,
            update_meeting,
        )
        .toolset("activities"),
        tool(
            "close_delete_meeting_activity",
            "Delete meeting",
            Effect::Destructive,
            delete_meeting,
        )
        .toolset("activities"),
        tool(
            "close_search_meeting_activities",
            "Search meetings",
            Effect::Read,
            search_meetings,
        )
        .toolset("activities"),
        tool(
            "close_list_whatsapp_activities",
            "List WhatsApp messages",
            Effect::Read,
            list_whatsapp,
        )
        .toolset("activities"),
        tool(
            "close_get_whatsapp_activity",
            "Get WhatsApp message",
            Effect::Read,
            get_whatsapp,
        )
        .toolset("activities"),
        tool(
            "close_create_whatsapp_activity",
            "Log WhatsApp message",
            Effect::Write,
            create_whatsapp,
        )
        .toolset("activities"),
        tool(
            "close_update_whatsapp_activity",
            "Update WhatsApp message",
            Effect::IdempotentWrite,
            update_whatsapp,
        )
        .toolset("activities"),
        tool(
            "close_delete_whatsapp_activity",
            "Delete WhatsApp message",
            Effect::Destructive,
            delete_whatsapp,
        )
        .toolset("activities"),
        tool(
            "close_search_whatsapp_activities",
            "Search WhatsApp messages",
            Effect::Read,
            search_whatsapp,
        )
        .toolset("activities"),
        tool(
            "close_list_note_activities",
            "List notes",
            Effect::Read,
            list_notes,
        )
        .toolset("activities"),
        tool(
            "close_get_note_activity",
            "Get note",
            Effect::Read,
            get_note,
        )
        .toolset("activities"),
        tool(
            "close_create_note_activity",
            "Create note",
            Effect::Write,
            create_note,
        )
        .toolset("activities"),
        tool(
            "close_update_note_activity",
            "Update note",
            Effect::IdempotentWrite,
            update_note,
        )
        .toolset("activities"),
        tool(
            "close_delete_note_activity",
            "Delete note",
            Effect::Destructive,
            delete_note,
        )
        .toolset("activities"),
        tool(
            "close_search_note_activities",
            "Search notes",
            Effect::Read,
            search_notes,
        )
        .toolset("activities"),
    ]
}
