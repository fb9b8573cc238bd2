//! Snowflake MCP server: databases, schemas, tables and SQL over Snowflake's SQL API v2
//! (`https://<account>.snowflakecomputing.com/api/v2/statements`), with key-pair JWT,
//! programmatic access token or OAuth authentication; the tools of Klavis's
//! `snowflake_toolathlon` variant (`--profile toolathlon`).

mod api;
mod auth;
mod ddl;
mod memo;
mod output;
mod query;
mod schema;
pub mod sql;

pub use auth::{fingerprint, jwt_account, keypair_jwt, parse_key, spki_der};
pub use output::yaml;

use mcp_shared::{Auth, Base, ServerOption, ServerSpec, TenantUrl, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "catalog",
        description: "Databases, schemas, tables and their columns (INFORMATION_SCHEMA).",
        default: true,
    },
    Toolset {
        name: "query",
        description: "SQL: read queries, writes, CREATE TABLE.",
        default: true,
    },
    Toolset {
        name: "ddl",
        description: "Create and drop databases, schemas and tables in bulk.",
        default: true,
    },
    Toolset {
        name: "insights",
        description: "The insights memo (memo://insights) an agent builds while it analyses.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = schema::tools();
    t.extend(query::tools());
    t.extend(memo::tools());
    t.extend(ddl::tools());
    t
}

/// The account's host (`{snowflake_account_host}` is derived from `SNOWFLAKE_ACCOUNT`).
const BASES: &[TenantUrl] = &[TenantUrl {
    template: "https://{snowflake_account_host}.snowflakecomputing.com",
    hosts: &["*.snowflakecomputing.com"],
    derive: Some(auth::derive_host),
    requires: &[],
}];

pub static SPEC: ServerSpec = ServerSpec {
    service: "snowflake",
    display_name: "Snowflake",
    binary: "snowflake-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Snowflake SQL for AI agents: databases, schemas, tables, queries and DDL over the SQL API v2.",
    instructions: "Snowflake through its SQL API v2, on the account `SNOWFLAKE_ACCOUNT` as `SNOWFLAKE_USER` \
        (key-pair `SNOWFLAKE_PRIVATE_KEY`, or a programmatic access or OAuth token), in the \
        credentials' warehouse, role, database and schema. Name tables fully (`db.schema.table`). \
        read_query runs only statements that read; writes go through write_query, create_table and \
        the create_*/drop_* tools. Results are YAML with a JSON copy, capped at 10,000 rows.",
    base: Base::Tenant(BASES),
    // The credential is turned into a bearer token by the server itself (a JWT it signs with
    // the private key, or a token passed on): see `auth.rs`.
    auth: Auth::Connection(auth::CREDENTIAL_FIELDS),
    credential_env: &[
        ("SNOWFLAKE_ACCOUNT", "SNOWFLAKE_ACCOUNT"),
        ("SNOWFLAKE_USER", "SNOWFLAKE_USER"),
        ("SNOWFLAKE_ROLE", "SNOWFLAKE_ROLE"),
        ("SNOWFLAKE_DATABASE", "SNOWFLAKE_DATABASE"),
        ("SNOWFLAKE_SCHEMA", "SNOWFLAKE_SCHEMA"),
        ("SNOWFLAKE_WAREHOUSE", "SNOWFLAKE_WAREHOUSE"),
        ("SNOWFLAKE_PRIVATE_KEY", "SNOWFLAKE_PRIVATE_KEY"),
        (
            "SNOWFLAKE_PROGRAMMATIC_ACCESS_TOKEN",
            "SNOWFLAKE_PROGRAMMATIC_ACCESS_TOKEN",
        ),
        ("SNOWFLAKE_OAUTH_TOKEN", "SNOWFLAKE_OAUTH_TOKEN"),
    ],
    state: Some(memo::make_state),
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    options: &[ServerOption {
        name: "statement-timeout",
        env: "SNOWFLAKE_STATEMENT_TIMEOUT",
        help: "Seconds a statement may run before it is cancelled (default 300).",
    }],
    ..ServerSpec::DEFAULT
};
