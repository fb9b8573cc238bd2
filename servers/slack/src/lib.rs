//! Slack MCP server: channels, messages, threads, reactions, users, files and search over
//! Slack's Web API (`SLACK_API_BASE_URL` overrides `https://slack.com/api`), acting with the
//! bot token (`access_token`) or the user token (`authed_user.access_token`) of each request.

mod api;
mod atlas;
mod channels;
mod files;
mod messages;
mod reactions;
mod search;
mod users;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

/// Slack's toolsets, one per area of its Web API.
pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "channels",
        description: "Channels, DMs and their members, topic and purpose (conversations.*).",
        default: true,
    },
    Toolset {
        name: "messages",
        description: "Read, post, reply to, edit, delete and schedule messages (chat.*, conversations.history/replies).",
        default: true,
    },
    Toolset {
        name: "reactions",
        description: "Emoji reactions on messages (reactions.*).",
        default: true,
    },
    Toolset {
        name: "users",
        description: "Workspace users and their profiles (users.*).",
        default: true,
    },
    Toolset {
        name: "files",
        description: "File uploads (files.getUploadURLExternal / completeUploadExternal).",
        default: true,
    },
    Toolset {
        name: "search",
        description: "Message search (search.messages, user token).",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = Vec::new();
    t.extend(channels::tools());
    t.extend(messages::tools());
    t.extend(reactions::tools());
    t.extend(users::tools());
    t.extend(files::tools());
    t.extend(search::tools());
    t.extend(atlas::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "slack",
    display_name: "Slack",
    binary: "slack-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Slack channels, messages, threads, reactions, users, files and search for AI agents.",
    instructions: "Tools act on Slack with the request's tokens: slack_user_* tools with the user token (authed_user.access_token), slack_bot_* tools and the others with the bot token (access_token) unless they say otherwise or take act_as. \
        Channels, users and messages are named by ID (C..., U..., message ts such as 1712345678.123456); list tools take `limit` and `cursor` and return `next_cursor` (null on the last page). \
        Message text is Slack mrkdwn: *bold*, _italic_, <@U123> mentions, <#C123> channel links.",
    base: mcp_shared::Base::Fixed("https://slack.com/api"),
    credential_env: &[
        ("SLACK_BOT_TOKEN", "access_token"),
        ("SLACK_USER_TOKEN", "authed_user.access_token"),
        // The `atlas` profile's user token, as korotovsky's server reads it.
        ("SLACK_MCP_XOXP_TOKEN", "xoxp_token"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // Slack's RFC 8414 metadata for user tokens: authorize at slack.com/oauth/v2_user/authorize,
    // token at slack.com/api/oauth.v2.user.access; the scopes are user-token scopes.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://mcp.slack.com",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &[
            "channels:history",
            "channels:read",
            "channels:write",
            "chat:write",
            "files:write",
            "groups:history",
            "groups:read",
            "groups:write",
            "im:history",
            "im:read",
            "im:write",
            "mpim:history",
            "mpim:read",
            "mpim:write",
            "reactions:read",
            "reactions:write",
            "search:read",
            "users:read",
            "users:read.email",
        ],
        more_scopes: &[
            "users.profile:read",
            "files:read",
            "pins:read",
            "pins:write",
            "emoji:read",
        ],
        docs: "https://docs.slack.dev/reference/scopes",
    }),
    ..ServerSpec::DEFAULT
};
