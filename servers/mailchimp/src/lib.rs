//! Mailchimp MCP server: the account, audiences (lists), their members and tags, and
//! campaigns over the Marketing API 3.0, on the account's data-centre host
//! `https://{dc}.api.mailchimp.com/3.0` (the API key's suffix, or the OAuth token's metadata).

mod account;
mod api;
mod audiences;
mod campaigns;
mod members;

pub use api::{check_dc, dc_from_key, subscriber_hash};

use mcp_shared::{Auth, Base, Part, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "account",
        description: "The account: ping and account details (/ping, /).",
        default: true,
    },
    Toolset {
        name: "audiences",
        description: "Audiences (lists): list, get, create, update, delete (/lists).",
        default: true,
    },
    Toolset {
        name: "members",
        description: "Audience members: list, add, get, update, archive or delete permanently, tags, activity.",
        default: true,
    },
    Toolset {
        name: "campaigns",
        description: "Campaigns: list, get, create, content, send, schedule, unschedule, delete (/campaigns).",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = account::tools();
    t.extend(audiences::tools());
    t.extend(members::tools());
    t.extend(campaigns::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "mailchimp",
    display_name: "Mailchimp",
    binary: "mailchimp-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Mailchimp audiences, members, tags and campaigns (Marketing API 3.0) for AI agents.",
    instructions: "Mailchimp Marketing API. An audience is a list (`list_id`); members are found by e-mail address. \
        List tools take `limit` (1-1000) and `cursor` and return `total_items` and `next_cursor` while there are more. \
        mailchimp_delete_member archives (the contact can be re-added); mailchimp_delete_member_permanently erases it for good.",
    base: Base::Tenant(api::BASES),
    auth: Auth::FirstOf(&[
        Auth::Basic {
            user: Part::Fixed("anystring"),
            password: Part::Field(&["api_key"]),
        },
        Auth::Bearer(&["access_token"]),
    ]),
    credential_env: &[
        ("MAILCHIMP_API_KEY", "api_key"),
        ("MAILCHIMP_ACCESS_TOKEN", "access_token"),
        ("MAILCHIMP_DC", "dc"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    extra_apis: &[api::LOGIN],
    // No scopes; the token's data centre comes from login.mailchimp.com/oauth2/metadata.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://login.mailchimp.com/oauth2",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &[],
        more_scopes: &[],
        docs: "https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/",
    }),
    ..ServerSpec::DEFAULT
};
