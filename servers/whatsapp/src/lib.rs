//! WhatsApp MCP server: send text and template messages, mark messages read, and read a sent
//! message's delivery status, over the WhatsApp Cloud API on Meta's Graph host
//! (`WHATSAPP_API_BASE_URL` overrides `https://graph.facebook.com`) at a configurable Graph
//! version, acting with the access token of each request.

mod api;
mod messages;

use mcp_shared::{Auth, ServerOption, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "messages",
    description: "Send text and template messages, mark messages read, read a message's status.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    messages::tools()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "whatsapp",
    display_name: "WhatsApp",
    binary: "whatsapp-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "WhatsApp Cloud API messages (text, templates, read receipts, status) for AI agents.",
    instructions: "Tools act on the WhatsApp Cloud API with the request's access token. \
        `phone_number_id` is the numeric id of the business phone number (WhatsApp Manager → API Setup), not the number itself. \
        Free-form text reaches a customer only within 24 hours of their last message; \
        outside that window send an approved template with whatsapp_send_template.",
    base: mcp_shared::Base::Fixed("https://graph.facebook.com"),
    // Graph takes `Authorization: Bearer <token>`; Klavis reads the token from `token` or
    // `api_key`.
    auth: Auth::Bearer(&["access_token", "token", "api_key"]),
    credential_env: &[
        ("WHATSAPP_ACCESS_TOKEN", "access_token"),
        ("API_KEY", "api_key"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    options: &[ServerOption {
        name: "graph-version",
        env: "WHATSAPP_GRAPH_VERSION",
        help: "Graph API version in every request path, e.g. v23.0 (the default)",
    }],
    // Facebook Login: authorize at www.facebook.com/{version}/dialog/oauth, token at
    // graph.facebook.com/{version}/oauth/access_token; its OpenID document is implicit-only.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://www.facebook.com",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &["whatsapp_business_messaging"],
        more_scopes: &["whatsapp_business_management", "business_management"],
        docs: "https://developers.facebook.com/docs/permissions",
    }),
    ..ServerSpec::DEFAULT
};
