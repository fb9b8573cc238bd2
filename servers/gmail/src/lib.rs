//! Gmail MCP server: search, read, send, reply, forward, drafts, labels, threads and
//! attachments over the Gmail API, and contact search over the Google People API.
//!
//! `GMAIL_API_BASE_URL` overrides `https://gmail.googleapis.com`; `PEOPLE_API_BASE_URL`
//! overrides `https://people.googleapis.com` (see [`contacts`]).

mod api;
pub mod contacts;
mod drafts;
mod labels;
mod messages;
mod mime;
mod sending;
mod threads;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

/// Gmail's toolsets, after the Gmail API's resources.
pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "messages",
        description: "Search, read, send, reply, forward, label, trash and delete messages; attachments; the mailbox profile.",
        default: true,
    },
    Toolset {
        name: "threads",
        description: "Conversations: list and read threads.",
        default: true,
    },
    Toolset {
        name: "labels",
        description: "List, create and delete labels.",
        default: true,
    },
    Toolset {
        name: "drafts",
        description: "Create, list, read, send and delete drafts.",
        default: true,
    },
    Toolset {
        name: "contacts",
        description: "Search contacts, other contacts and the domain directory (Google People API).",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = Vec::new();
    t.extend(messages::tools());
    t.extend(drafts::tools());
    t.extend(threads::tools());
    t.extend(labels::tools());
    t.extend(contacts::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "gmail",
    display_name: "Gmail",
    binary: "gmail-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Gmail for AI agents: search, read, send, reply, forward, drafts, labels and contacts.",
    instructions: "Tools act on the Gmail mailbox of the OAuth access token the request carries. \
        Search with Gmail's query syntax (gmail_search_emails), then read a message or thread by id. \
        Never guess recipients: look them up with gmail_search_contacts. \
        Label ids come from gmail_list_labels.",
    base: mcp_shared::Base::Fixed("https://gmail.googleapis.com"),
    credential_env: &[],
    toolsets: TOOLSETS,
    tools,
    error_parser: mcp_vendor_google::parse_error,
    default_headers: &[],
    extra_apis: &[mcp_vendor_google::PEOPLE_API],
    flags: &[],
    // The permanent deletes (messages.delete, batchDelete) need the full mail.google.com scope.
    credential_exchange: Some(mcp_vendor_google::refresh::REFRESH),
    oauth: Some(mcp_vendor_google::oauth(
        &[
            "https://mail.google.com/",
            "https://www.googleapis.com/auth/contacts.readonly",
            "https://www.googleapis.com/auth/contacts.other.readonly",
            "https://www.googleapis.com/auth/directory.readonly",
        ],
        &[
            "https://www.googleapis.com/auth/gmail.modify",
            "https://www.googleapis.com/auth/gmail.readonly",
            "https://www.googleapis.com/auth/gmail.send",
            "https://www.googleapis.com/auth/gmail.compose",
            "https://www.googleapis.com/auth/gmail.labels",
        ],
        "https://developers.google.com/identity/protocols/oauth2/scopes#gmail",
    )),
    ..ServerSpec::DEFAULT
};
