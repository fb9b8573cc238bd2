//! Affinity MCP server: lists and list entries, persons, companies and opportunities over
//! Affinity's API v2 (Bearer), and notes and term search over API v1 (HTTP Basic with the
//! key as password), which v2 lacks. One API key serves both (`AFFINITY_API_BASE_URL`
//! overrides `https://api.affinity.co` for v2, `AFFINITY_V1_API_BASE_URL` for v1).

mod api;
mod companies;
mod entity;
mod lists;
mod notes;
mod opportunities;
mod persons;

use mcp_shared::vendor_auth::{Auth, Part};
use mcp_shared::{ExtraApi, ServerSpec, ToolDef, Toolset};

/// The credential fields an Affinity API key may come in.
pub const KEY_FIELDS: &[&str] = &["access_token", "api_key", "token"];

/// API v1: HTTP Basic, empty user, the key as password; paths without `/v1`.
pub const V1: ExtraApi = ExtraApi {
    name: "v1",
    display_name: "Affinity API v1",
    default_base_url: "https://api.affinity.co",
    base_url_var: "AFFINITY_V1_API_BASE_URL",
    auth: Some(Auth::Basic {
        user: Part::Fixed(""),
        password: Part::Field(KEY_FIELDS),
    }),
};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "lists",
        description: "Lists, their fields and entries; the current user.",
        default: true,
    },
    Toolset {
        name: "persons",
        description: "Persons: list, get, search, their lists and entries.",
        default: true,
    },
    Toolset {
        name: "companies",
        description: "Companies (organizations): list, get, search, their lists and entries.",
        default: true,
    },
    Toolset {
        name: "opportunities",
        description: "Opportunities: list, get, search.",
        default: true,
    },
    Toolset {
        name: "notes",
        description: "Notes on persons, organizations and opportunities.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = lists::tools();
    t.extend(persons::tools());
    t.extend(companies::tools());
    t.extend(opportunities::tools());
    t.extend(notes::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "affinity",
    display_name: "Affinity",
    binary: "affinity-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Affinity CRM lists, persons, companies, opportunities and notes for AI agents.",
    instructions: "Tools act on Affinity with the request's API key. Everything is named by a numeric id. \
        v2 list tools take `limit` (1-100) and `cursor` and return `items` and `next_cursor`; search and note tools take `page_size` and `page_token` and return `next_page_token` (null on the last page).",
    base: mcp_shared::Base::Fixed("https://api.affinity.co"),
    auth: Auth::Bearer(KEY_FIELDS),
    credential_env: &[("AFFINITY_API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[V1],
    flags: &[],
    ..ServerSpec::DEFAULT
};
