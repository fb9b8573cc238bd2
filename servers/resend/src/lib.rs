//! Resend MCP server: send emails (one, a batch, scheduled; status and cancellation), segments
//! (the catalog's audiences), global contacts and their segment memberships, broadcasts and
//! domains over Resend's REST API (`RESEND_API_BASE_URL` overrides `https://api.resend.com`),
//! acting with the API key of each request.

mod api;
mod audiences;
mod broadcasts;
mod contacts;
mod emails;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "emails",
        description: "Transactional emails: send one or a batch, schedule, get status, cancel, list; sending domains.",
        default: true,
    },
    Toolset {
        name: "audiences",
        description: "Segments (Resend's former audiences): create, get, list, delete.",
        default: true,
    },
    Toolset {
        name: "contacts",
        description: "Global contacts and their segment memberships.",
        default: true,
    },
    Toolset {
        name: "broadcasts",
        description: "Broadcasts to a segment: create, get, list, send or schedule, delete.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = emails::tools();
    t.extend(audiences::tools());
    t.extend(contacts::tools());
    t.extend(broadcasts::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "resend",
    display_name: "Resend",
    binary: "resend-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Resend emails, batches, segments, contacts, broadcasts and domains for AI agents.",
    instructions: "Tools act on Resend with the request's API key (`re_...`). \
        Audience tools work on segments (Resend replaced audiences with segments: an audience id is a segment id); \
        contacts are global and named by id or email. \
        List tools take `limit` and `cursor` and return `items`, `has_more` and `next_cursor`. \
        Sends carry an idempotency key, so a send is never delivered twice by a retry.",
    base: mcp_shared::Base::Fixed("https://api.resend.com"),
    // Resend takes `Authorization: Bearer re_...`; Klavis reads the key from `token` or
    // `api_key`.
    auth: Auth::Bearer(&["api_key", "token", "access_token"]),
    credential_env: &[("RESEND_API_KEY", "api_key"), ("API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://api.resend.com",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &["full_access"],
        more_scopes: &["emails:send"],
        docs: "https://resend.com/docs/guides/building-a-resend-oauth-client",
    }),
    ..ServerSpec::DEFAULT
};
