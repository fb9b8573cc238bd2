//! MongoDB MCP server: the database tools on the official driver (one client per tenant
//! connection string) and the Atlas Administration API tools over HTTP.

mod atlas;
mod connect;
mod db;
mod metadata;
mod read;
mod write;

use mcp_shared::{Auth, ExtraApi, Part, ServerOption, ServerSpec, ToolDef, Toolset};

pub use db::make_state;

/// The database toolset, on by default.
const DATABASE: Toolset = Toolset {
    name: "database",
    description: "Databases, collections, documents and indexes, over a connection string.",
    default: true,
};

/// Every toolset on by default: the full tool surface (docs, tests, an operator who opts in).
pub const TOOLSETS: &[Toolset] = &[
    DATABASE,
    Toolset {
        name: "atlas",
        description: "Atlas Administration API: organizations, projects, clusters, access lists, database users, alerts.",
        default: true,
    },
];

/// Atlas off by default: what the binary runs with when its environment has no Atlas service
/// account (as Klavis registers the Atlas tools only then); `--toolsets database,atlas`
/// turns them on.
pub const TOOLSETS_WITHOUT_ATLAS: &[Toolset] = &[
    DATABASE,
    Toolset {
        name: "atlas",
        description: "Atlas Administration API: organizations, projects, clusters, access lists, database users, alerts.",
        default: false,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut all = connect::tools();
    all.extend(read::tools());
    all.extend(write::tools());
    all.extend(metadata::tools());
    all.extend(atlas::tools());
    all
}

/// Accepted names of the connection string in the request's credentials.
pub const CONNECTION_FIELDS: &[&str] = &["connection_string", "connectionString"];

const SPEC_BASE: ServerSpec = ServerSpec {
    service: "mongodb",
    display_name: "MongoDB",
    binary: "mongodb-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "MongoDB databases and the MongoDB Atlas Administration API for AI agents.",
    instructions: "Database tools act on the MongoDB deployment of the request's connection string; atlas-* tools on MongoDB Atlas with the request's service account. Documents are relaxed Extended JSON.",
    base: mcp_shared::Base::None,
    auth: Auth::Connection(CONNECTION_FIELDS),
    credential_env: &[
        ("MONGODB_CONNECTION_STRING", "connection_string"),
        ("MDB_MCP_CONNECTION_STRING", "connection_string"),
        ("MDB_MCP_API_CLIENT_ID", "api_client_id"),
        ("MDB_MCP_API_CLIENT_SECRET", "api_client_secret"),
    ],
    state: Some(db::make_state),
    toolsets: TOOLSETS,
    tools,
    error_parser: atlas::error_parser,
    extra_apis: &[ExtraApi {
        name: "atlas",
        display_name: "MongoDB Atlas",
        default_base_url: "https://cloud.mongodb.com",
        base_url_var: "MONGODB_ATLAS_API_BASE_URL",
        auth: Some(Auth::Basic {
            user: Part::Field(atlas::CLIENT_ID_FIELDS),
            password: Part::Field(atlas::CLIENT_SECRET_FIELDS),
        }),
    }],
    options: &[ServerOption {
        name: "server-selection-timeout-ms",
        env: "MONGODB_SERVER_SELECTION_TIMEOUT_MS",
        help: "how long a database call waits for a reachable server, in ms (default 5000)",
    }],
    ..ServerSpec::DEFAULT
};

/// The whole server, every toolset on by default (tests, docs, and the binary when its
/// environment has an Atlas service account).
pub static SPEC: ServerSpec = SPEC_BASE;

/// The same server with the atlas toolset off unless `--toolsets` names it.
pub static SPEC_WITHOUT_ATLAS: ServerSpec = ServerSpec {
    toolsets: TOOLSETS_WITHOUT_ATLAS,
    ..SPEC_BASE
};

/// Which spec the binary runs: the Atlas tools are listed by default only when the process
/// has Atlas service-account credentials (`MDB_MCP_API_CLIENT_ID` and
/// `MDB_MCP_API_CLIENT_SECRET`, or both fields in `AUTH_DATA`), as Klavis does.
pub fn spec_for(lookup: impl Fn(&str) -> Option<String>) -> &'static ServerSpec {
    let set = |k: &str| lookup(k).is_some_and(|v| !v.trim().is_empty());
    let in_env = set("MDB_MCP_API_CLIENT_ID") && set("MDB_MCP_API_CLIENT_SECRET");
    let in_auth_data = lookup("AUTH_DATA")
        .and_then(|a| serde_json::from_str::<serde_json::Value>(&a).ok())
        .is_some_and(|v| {
            let has = |names: &[&str]| {
                names.iter().any(|n| {
                    v.get(n)
                        .and_then(|x| x.as_str())
                        .is_some_and(|s| !s.is_empty())
                })
            };
            has(atlas::CLIENT_ID_FIELDS) && has(atlas::CLIENT_SECRET_FIELDS)
        });
    if in_env || in_auth_data {
        &SPEC
    } else {
        &SPEC_WITHOUT_ATLAS
    }
}
