//! Microsoft Teams MCP server: teams, channels, chats, messages, users and online meetings
//! over Microsoft Graph (`MSTEAMS_API_BASE_URL` overrides `https://graph.microsoft.com/v1.0`),
//! acting with the delegated access token of each request. Paging, errors and throttling come
//! from `mcp_vendor_microsoft`.

mod api;
mod chats;
mod meetings;
mod teams;
mod users;

use mcp_shared::{ServerSpec, ToolDef, Toolset};
use mcp_vendor_microsoft as microsoft;

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "teams",
        description: "Teams and their channels: list, read, create channels, post messages.",
        default: true,
    },
    Toolset {
        name: "chats",
        description: "Chats of the signed-in user: list, send messages.",
        default: true,
    },
    Toolset {
        name: "users",
        description: "Users of the organization: list, search, read.",
        default: true,
    },
    Toolset {
        name: "meetings",
        description: "Online meetings: create, look up.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = teams::tools();
    t.extend(chats::tools());
    t.extend(users::tools());
    t.extend(meetings::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "msteams",
    display_name: "Microsoft Teams",
    binary: "msteams-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Microsoft Teams for AI agents: teams, channels, chats, messages, meetings.",
    instructions: "Tools act as the signed-in user of the request's Microsoft Graph token. Ids are opaque strings (team ids \
        are GUIDs, channel and chat ids look like 19:...@thread.tacv2): pass them unchanged. `user_id` takes a user id, a \
        user principal name, or `me`. List tools return `next_cursor` (null on the last page): pass it back as `cursor`.",
    base: microsoft::BASE,
    auth: microsoft::AUTH,
    credential_env: &[],
    toolsets: TOOLSETS,
    tools,
    error_parser: microsoft::parse_error,
    scope_hint: microsoft::with_scopes,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // ChannelMessage.Read.All needs an administrator's consent.
    oauth: Some(mcp_vendor_microsoft::oauth(
        &[
            "https://graph.microsoft.com/Team.ReadBasic.All",
            "https://graph.microsoft.com/Channel.ReadBasic.All",
            "https://graph.microsoft.com/Channel.Create",
            "https://graph.microsoft.com/ChannelMessage.Read.All",
            "https://graph.microsoft.com/ChannelMessage.Send",
            "https://graph.microsoft.com/Chat.Read",
            "https://graph.microsoft.com/ChatMessage.Send",
            "https://graph.microsoft.com/OnlineMeetings.ReadWrite",
            "https://graph.microsoft.com/User.ReadBasic.All",
        ],
        &[
            "https://graph.microsoft.com/Chat.ReadBasic",
            "https://graph.microsoft.com/Chat.ReadWrite",
            "https://graph.microsoft.com/OnlineMeetings.Read",
            "https://graph.microsoft.com/User.Read.All",
            "offline_access",
        ],
    )),
    ..ServerSpec::DEFAULT
};
