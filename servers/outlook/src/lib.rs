//! Outlook MCP server: the signed-in user's mail over Microsoft Graph (`/me/messages`,
//! `/me/mailFolders`; `OUTLOOK_API_BASE_URL` overrides `https://graph.microsoft.com/v1.0`),
//! acting with the delegated access token of each request. Paging, errors, batching and
//! throttling come from `mcp_vendor_microsoft`.

mod api;
mod attachments;
mod drafts;
mod folders;
mod messages;

use mcp_shared::{ServerSpec, ToolDef, Toolset};
use mcp_vendor_microsoft as microsoft;

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "folders",
        description: "Mail folders: list, read, create, rename, delete.",
        default: true,
    },
    Toolset {
        name: "messages",
        description: "Messages: list, read, move.",
        default: true,
    },
    Toolset {
        name: "drafts",
        description: "Drafts, replies and forwards: create, update, delete, send.",
        default: true,
    },
    Toolset {
        name: "attachments",
        description: "Attachments of messages: list, download, add to a draft.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = folders::tools();
    t.extend(messages::tools());
    t.extend(drafts::tools());
    t.extend(attachments::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "outlook",
    display_name: "Outlook",
    binary: "outlook-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Outlook mail for AI agents: messages, folders, drafts, replies, attachments.",
    instructions: "Tools act on the mailbox of the signed-in user of the request's Microsoft Graph token. Ids are long opaque \
        strings: pass them unchanged; folders also take well-known names (inbox, drafts, sentitems, deleteditems, archive, \
        junkemail). Replies and forwards are created as drafts: review or edit them, then outlookMail_send_draft. List tools \
        return `next_cursor` (null on the last page): pass it back as `cursor`.",
    base: microsoft::BASE,
    auth: microsoft::AUTH,
    credential_env: &[("OUTLOOK_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: microsoft::parse_error,
    // A 403 names the permissions the tool declares (`.scopes(..)`) in Graph's words.
    scope_hint: microsoft::with_scopes,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    oauth: Some(mcp_vendor_microsoft::oauth(
        &[
            "https://graph.microsoft.com/Mail.ReadWrite",
            "https://graph.microsoft.com/Mail.Send",
        ],
        &["https://graph.microsoft.com/Mail.Read", "offline_access"],
    )),
    ..ServerSpec::DEFAULT
};
