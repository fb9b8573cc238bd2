//! PostgreSQL MCP server: schemas and objects, EXPLAIN, index advice from the workload
//! (pg_stat_statements, hypopg), health checks, top queries and SQL, on the database whose
//! connection string comes with each request. Not an HTTP API: a connector with one bounded
//! pool per connection string.

mod db;
mod health;
mod schema;
mod sql;
mod tls;
mod tuning;
mod values;

use mcp_shared::{Auth, Base, ServerOption, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "schema",
        description: "Schemas, tables, views, sequences and extensions, and their details.",
        default: true,
    },
    Toolset {
        name: "sql",
        description: "Run SQL and explain query plans.",
        default: true,
    },
    Toolset {
        name: "tuning",
        description: "Index advice (pg_stat_statements, hypopg) and the top queries.",
        default: true,
    },
    Toolset {
        name: "health",
        description: "Database health checks.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = schema::tools();
    t.extend(sql::tools());
    t.extend(tuning::tools());
    t.extend(health::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "postgres",
    display_name: "PostgreSQL",
    binary: "postgres-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "PostgreSQL for AI agents: schemas, SQL, EXPLAIN, index advice, health checks.",
    instructions: "Tools act on the PostgreSQL database of the request's connection string (x-auth-data `api_key`). \
        Start with list_schemas, list_objects and get_object_details; execute_sql runs one statement per call, \
        read-only when the server or request is read-only, with a statement timeout and a row cap.",
    base: Base::None,
    auth: Auth::Connection(&["api_key", "connection_string", "database_url"]),
    credential_env: &[("DATABASE_URI", "api_key")],
    state: Some(db::make_state),
    options: &[
        ServerOption {
            name: db::STATEMENT_TIMEOUT,
            env: "POSTGRES_STATEMENT_TIMEOUT",
            help: "Seconds a statement may run before PostgreSQL cancels it (default 30)",
        },
        ServerOption {
            name: db::MAX_ROWS,
            env: "POSTGRES_MAX_ROWS",
            help: "Rows execute_sql returns at most; a longer result is cut and says so (default 500)",
        },
        ServerOption {
            name: db::POOL_SIZE,
            env: "POSTGRES_POOL_SIZE",
            help: "Connections per connection string (default 5)",
        },
    ],
    toolsets: TOOLSETS,
    tools,
    ..ServerSpec::DEFAULT
};
