//! Tickets and their conversations: `/tickets` (create, view, update, delete, restore, list,
//! merge, bulk delete, watch), `/tickets/{id}/notes|reply|forward|conversations`,
//! `/conversations/{id}`, `/tickets/archived/{id}`, `/attachments/{id}`, `/search/tickets`,
//! `/ticket_fields`.

mod conversations;
mod create;
mod manage;
mod read;

use conversations::{
    add_note, delete_attachment, delete_note, forward_ticket, list_conversations, reply,
    update_note,
};
use create::{create_ticket, create_ticket_with_attachments};
use manage::{
    delete_archived_ticket, delete_multiple_tickets, delete_ticket, get_archived_ticket,
    merge_tickets, restore_ticket, unwatch_ticket, update_ticket, watch_ticket,
};
use mcp_shared::{Effect, ToolDef, tool};
use read::{filter_tickets, get_ticket, list_ticket_fields, list_tickets};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("tickets");
    vec![
        t(tool(
            "freshdesk_create_ticket",
            "Create ticket",
            Effect::Write,
            create_ticket,
        )),
        t(tool(
            "freshdesk_create_ticket_with_attachments",
            "Create ticket with attachments",
            Effect::Write,
            create_ticket_with_attachments,
        )),
        t(tool(
            "freshdesk_get_ticket_by_id",
            "Get ticket",
            Effect::Read,
            get_ticket,
        )),
        t(tool(
            "freshdesk_list_tickets",
            "List tickets",
            Effect::Read,
            list_tickets,
        )),
        t(tool(
            "freshdesk_filter_tickets",
            "Search tickets",
            Effect::Read,
            filter_tickets,
        )),
        t(tool(
            "freshdesk_update_ticket",
            "Update ticket",
            Effect::IdempotentWrite,
            update_ticket,
        )),
        t(tool(
            "freshdesk_delete_ticket",
            "Delete ticket",
            Effect::Destructive,
            delete_ticket,
        )),
        t(tool(
            "freshdesk_restore_ticket",
            "Restore ticket",
            Effect::IdempotentWrite,
            restore_ticket,
        )),
        t(tool(
            "freshdesk_delete_multiple_tickets",
            "Delete tickets",
            Effect::Destructive,
            delete_multiple_tickets,
        )),
        t(tool(
            "freshdesk_merge_tickets",
            "Merge tickets",
            Effect::Destructive,
            merge_tickets,
        )),
        t(tool(
            "freshdesk_watch_ticket",
            "Watch ticket",
            Effect::IdempotentWrite,
            watch_ticket,
        )),
        t(tool(
            "freshdesk_unwatch_ticket",
            "Unwatch ticket",
            Effect::IdempotentWrite,
            unwatch_ticket,
        )),
        t(tool(
            "freshdesk_get_archived_ticket",
            "Get archived ticket",
            Effect::Read,
            get_archived_ticket,
        )),
        t(tool(
            "freshdesk_delete_archived_ticket",
            "Delete archived ticket",
            Effect::Destructive,
            delete_archived_ticket,
        )),
        t(tool(
            "freshdesk_add_note_to_ticket",
            "Add note",
            Effect::Write,
            add_note,
        )),
        t(tool(
            "freshdesk_reply_to_a_ticket",
            "Reply to ticket",
            Effect::Write,
            reply,
        )),
        t(tool(
            "freshdesk_forward_ticket",
            "Forward ticket",
            Effect::Write,
            forward_ticket,
        )),
        t(tool(
            "freshdesk_list_ticket_conversations",
            "List conversations",
            Effect::Read,
            list_conversations,
        )),
        t(tool(
            "freshdesk_update_note",
            "Update note",
            Effect::IdempotentWrite,
            update_note,
        )),
        t(tool(
            "freshdesk_delete_note",
            "Delete note",
            Effect::Destructive,
            delete_note,
        )),
        t(tool(
            "freshdesk_delete_attachment",
            "Delete attachment",
            Effect::Destructive,
            delete_attachment,
        )),
        t(tool(
            "freshdesk_list_ticket_fields",
            "List ticket fields",
            Effect::Read,
            list_ticket_fields,
        )),
    ]
}
