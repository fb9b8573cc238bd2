//! Intercom MCP server: help-center articles and collections, companies, contacts with their
//! notes and tags, conversations (reply, assign, close, snooze, open, tag, redact, convert),
//! messages, tags, teams and admins over Intercom's REST API, pinned to `Intercom-Version`
//! 2.14, on the host of the workspace's region (US `api.intercom.io`, EU
//! `api.eu.intercom.io`, AU `api.au.intercom.io`).

mod admins;
mod api;
mod articles;
mod companies;
mod contacts;
mod conversations;
mod messages;
mod tags;

pub use api::{AU, EU, Region, US, VERSION};

use mcp_shared::{Auth, ExtraApi, ServerOption, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "articles",
        description: "Help-center articles and collections: list, search, get, create, update, delete.",
        default: true,
    },
    Toolset {
        name: "companies",
        description: "Companies: list, find, create or update, delete, their contacts, segments and tags.",
        default: true,
    },
    Toolset {
        name: "contacts",
        description: "Contacts (users and leads): list, search, create, update, merge, delete; notes and tags.",
        default: true,
    },
    Toolset {
        name: "conversations",
        description: "Conversations: list, search, get, create, reply, assign, close, snooze, open, tag, redact, convert.",
        default: true,
    },
    Toolset {
        name: "messages",
        description: "Outbound admin messages and messages from contacts.",
        default: true,
    },
    Toolset {
        name: "tags",
        description: "Tags: list, get, create or rename, delete; tag companies and users.",
        default: true,
    },
    Toolset {
        name: "admins",
        description: "Admins, teams, away mode and the admin activity log.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = articles::tools();
    t.extend(companies::tools());
    t.extend(contacts::tools());
    t.extend(conversations::tools());
    t.extend(messages::tools());
    t.extend(tags::tools());
    t.extend(admins::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "intercom",
    display_name: "Intercom",
    binary: "intercom-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Intercom conversations, contacts, companies, articles, tags and admins for AI agents.",
    instructions: "Intercom REST API 2.14. A workspace hosted in the EU or Australia needs the credential field `region` (eu, au) or INTERCOM_REGION. \
        List and search tools return `items` and `next_cursor`: pass it back as `starting_after` (searches: `pagination.starting_after`). \
        Conversation ids are numeric strings; contact and company ids are Intercom's 24-character ids. \
        Replies, notes, assignment and closing act as the admin named by `admin_id` (see intercom_get_current_admin).",
    base: mcp_shared::Base::Fixed(api::US),
    auth: Auth::Bearer(&["access_token"]),
    credential_env: &[("INTERCOM_ACCESS_TOKEN", "access_token")],
    // Klavis's Intercom server reads the raw token from `x-auth-token`.
    token_headers: &[("x-auth-token", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[("Intercom-Version", api::VERSION)],
    extra_apis: &[
        ExtraApi {
            name: "eu",
            display_name: "Intercom (EU)",
            default_base_url: api::EU,
            base_url_var: "INTERCOM_EU_API_BASE_URL",
            auth: None,
        },
        ExtraApi {
            name: "au",
            display_name: "Intercom (AU)",
            default_base_url: api::AU,
            base_url_var: "INTERCOM_AU_API_BASE_URL",
            auth: None,
        },
    ],
    options: &[ServerOption {
        name: "region",
        env: "INTERCOM_REGION",
        help: "Where the workspace is hosted when the credentials name no `region`: us (default), eu or au.",
    }],
    // Permissions are chosen on the app, not requested per authorization; token at
    // api.intercom.io/auth/eagle/token.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://app.intercom.com/oauth",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &[],
        more_scopes: &[],
        docs: "https://developers.intercom.com/docs/build-an-integration/learn-more/authentication/setting-up-oauth",
    }),
    ..ServerSpec::DEFAULT
};
