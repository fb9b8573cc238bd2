//! Airtable MCP server: bases, table schemas (tables and fields with their types), and
//! records (listed by `offset` pages, written in batches of 10) over Airtable's Web API
//! (`AIRTABLE_API_BASE_URL` overrides `https://api.airtable.com/v0`), acting with the
//! personal access token or OAuth token of each request. Requests to one base are spaced to
//! Airtable's 5 per second per base.

mod api;
mod atlas;
mod bases;
mod records;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "bases",
        description: "Bases the token reaches, their tables and full schemas; the token's user.",
        default: true,
    },
    Toolset {
        name: "tables",
        description: "Create and update tables and fields.",
        default: true,
    },
    Toolset {
        name: "records",
        description: "List, get, create, update (or upsert) and delete records.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = bases::tools();
    t.extend(records::tools());
    t.extend(atlas::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "airtable",
    display_name: "Airtable",
    binary: "airtable-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Airtable bases, table schemas, fields and records for AI agents.",
    instructions: "Tools act on Airtable with the request's personal access token or OAuth token. \
        Start from airtable_list_bases_info (base ids `app...`), then airtable_list_tables_info (table ids `tbl...`, field names and types). \
        Record fields are keyed by field name (or id with return_fields_by_field_id) and keep Airtable's value types. \
        airtable_list_records returns one page and an `offset` for the next. \
        Writes of more than 10 records are sent in batches of 10. Airtable allows 5 requests per second per base: \
        the server spaces its requests, and after a 429 Airtable refuses requests for 30 s.",
    base: mcp_shared::Base::Fixed("https://api.airtable.com/v0"),
    // Klavis's MCP-Atlas copy also reads `token` and `api_key`, and `AIRTABLE_API_KEY`.
    auth: Auth::Bearer(&["access_token", "token", "api_key"]),
    credential_env: &[
        ("AIRTABLE_PERSONAL_ACCESS_TOKEN", "access_token"),
        ("AIRTABLE_API_KEY", "access_token"),
    ],
    state: Some(api::make_state),
    toolsets: TOOLSETS,
    tools,
    error_shape: Some(&api::ERRORS),
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // Metadata in the path-inserted form:
    // https://airtable.com/.well-known/oauth-authorization-server/oauth2/v1.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://airtable.com/oauth2/v1",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &[
            "data.records:read",
            "data.records:write",
            "schema.bases:read",
            "schema.bases:write",
        ],
        more_scopes: &["user.email:read"],
        docs: "https://airtable.com/developers/web/api/scopes",
    }),
    ..ServerSpec::DEFAULT
};
