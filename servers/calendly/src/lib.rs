//! Calendly MCP server: the current user, scheduled events (list, get, cancel), their
//! invitees, event types and their available times, availability schedules and organization
//! memberships over Calendly's API v2 (`CALENDLY_API_BASE_URL` overrides
//! `https://api.calendly.com`), acting with the personal access token or OAuth token of each
//! request.

mod api;
mod events;
mod users;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "users",
        description: "The current user, availability schedules, organization memberships.",
        default: true,
    },
    Toolset {
        name: "events",
        description: "Scheduled events and invitees, event types and available times.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = users::tools();
    t.extend(events::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "calendly",
    display_name: "Calendly",
    binary: "calendly-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Calendly events, invitees, event types and availability for AI agents.",
    instructions: "Tools act on Calendly (API v2) with the request's personal access token or OAuth token. \
        Calendly names resources by URIs (`https://api.calendly.com/users/...`); tools that take an event or \
        event type accept its URI or the UUID at its end. Without a `user`, tools act for the token's own user. \
        List tools take `count` and `cursor` and return `items` and `next_cursor` (null on the last page).",
    base: mcp_shared::Base::Fixed("https://api.calendly.com"),
    auth: Auth::Bearer(&["access_token", "token", "api_key"]),
    // Klavis's Calendly server reads the raw token from `x-auth-token`.
    token_headers: &[("x-auth-token", "access_token")],
    credential_env: &[("CALENDLY_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_shape: Some(&api::ERRORS),
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // A :write scope includes its :read scope (scheduled_events:write covers the event reads).
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://calendly.com/",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &[
            "users:read",
            "organizations:read",
            "event_types:read",
            "availability:read",
            "scheduled_events:write",
        ],
        more_scopes: &["scheduled_events:read"],
        docs: "https://developer.calendly.com/docs/authentication/scopes",
    }),
    ..ServerSpec::DEFAULT
};
