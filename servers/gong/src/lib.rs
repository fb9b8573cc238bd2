//! Gong MCP server: calls (list, get, extensive data, transcripts, add a call) and users
//! (list, get, settings history, filtered list) over Gong's API v2, with an access key and
//! secret as HTTP Basic (or an OAuth token as Bearer), on the company's own API host.

mod api;
mod calls;
mod users;

use mcp_shared::{Auth, Base, Part, ServerSpec, TenantUrl, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "calls",
        description: "Calls, their extensive data and transcripts, and adding a call (/v2/calls).",
        default: true,
    },
    Toolset {
        name: "users",
        description: "Users, their settings history and filtered lists (/v2/users).",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = calls::tools();
    t.extend(users::tools());
    t
}

/// The company's API host from the credentials (Gong's OAuth answer names it
/// `api_base_url_for_customer`), else Gong's shared host.
const BASES: &[TenantUrl] = &[
    TenantUrl {
        template: "{api_base_url|api_base_url_for_customer|base_url}",
        hosts: &["*.api.gong.io", "api.gong.io"],
        derive: None,
        requires: &[],
    },
    TenantUrl {
        template: "https://api.gong.io",
        hosts: &[],
        derive: None,
        requires: &[],
    },
];

pub static SPEC: ServerSpec = ServerSpec {
    service: "gong",
    display_name: "Gong",
    binary: "gong-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Gong calls, transcripts and users for AI agents.",
    instructions: "Dates are ISO-8601 (2024-05-01 or 2024-05-01T00:00:00Z). gong_list_calls finds call ids; gong_get_call_transcripts and gong_get_extensive_data read them. List tools return next_cursor: pass it as cursor for the next page.",
    base: Base::Tenant(BASES),
    auth: Auth::FirstOf(&[
        Auth::Basic {
            user: Part::Field(&["access_key"]),
            password: Part::Field(&["access_key_secret"]),
        },
        Auth::Bearer(&["access_token"]),
    ]),
    credential_env: &[
        ("GONG_ACCESS_KEY", "access_key"),
        ("GONG_ACCESS_KEY_SECRET", "access_key_secret"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    // No metadata document: authorize at https://app.gong.io/oauth2/authorize, token at
    // https://app.gong.io/oauth2/generate-customer-token, whose answer names the company's
    // API host (api_base_url_for_customer).
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://app.gong.io/oauth2",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &[
            "api:calls:read:basic",
            "api:calls:read:extensive",
            "api:calls:read:transcript",
            "api:calls:create",
            "api:users:read",
        ],
        more_scopes: &["api:calls:read:media-url"],
        docs: "https://help.gong.io/docs/create-an-app-for-gong",
    }),
    ..ServerSpec::DEFAULT
};
