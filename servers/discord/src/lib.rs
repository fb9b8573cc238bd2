//! Discord MCP server: servers (guilds) and their members and channels, messages and
//! reactions, and users, over Discord's REST API v10 (`DISCORD_API_BASE_URL` overrides
//! `https://discord.com/api/v10`), acting with the bot token (or OAuth token) of each request,
//! so that one process serves many bots.

mod api;
mod guilds;
mod messages;
mod users;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "servers",
        description: "Servers (guilds): info, members, channels, creating a text channel.",
        default: true,
    },
    Toolset {
        name: "messages",
        description: "Messages of a channel: read, send, add and remove reactions.",
        default: true,
    },
    Toolset {
        name: "users",
        description: "Users: a user's profile, the bot's own profile and servers.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = guilds::tools();
    t.extend(messages::tools());
    t.extend(users::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "discord",
    display_name: "Discord",
    binary: "discord-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Discord servers, channels, messages, reactions and users for AI agents.",
    instructions: "Tools act on Discord (REST API v10) as the request's bot. \
        Servers, channels, messages and users are named by their numeric ids (snowflakes, as strings); \
        discord_list_servers and discord_list_channels find them. \
        List tools take `limit` and `cursor` and return `next_cursor` (null on the last page). \
        Emojis are Unicode (`👍`) or custom ones as `name:id`.",
    base: mcp_shared::Base::Fixed("https://discord.com/api/v10"),
    // Bot tokens go as `Authorization: Bot <token>`, OAuth2 user tokens as `Bearer <token>`.
    auth: Auth::FirstOf(&[
        Auth::Header {
            name: "authorization",
            prefix: "Bot ",
            fields: &["bot_token", "token"],
        },
        Auth::Bearer(&["access_token"]),
    ]),
    // Klavis's single-tenant variable: the bot token.
    credential_env: &[("DISCORD_TOKEN", "bot_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    ..ServerSpec::DEFAULT
};
