//! Supabase MCP server: organizations, projects, SQL, migrations, branches, edge functions,
//! logs, advisors, type generation and API keys over Supabase's Management API
//! (`SUPABASE_API_BASE_URL` overrides `https://api.supabase.com`), with the personal access
//! token or OAuth token of each request as a Bearer token.

mod account;
mod api;
mod branching;
mod database;
mod debugging;
mod development;
mod functions;

use mcp_shared::{Auth, Base, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "account",
        description: "Organizations, projects (create, pause, restore) and the cost confirmation they need.",
        default: true,
    },
    Toolset {
        name: "database",
        description: "Tables, extensions, migrations and SQL through the project's query endpoint.",
        default: true,
    },
    Toolset {
        name: "debugging",
        description: "Service logs and the security and performance advisors.",
        default: true,
    },
    Toolset {
        name: "development",
        description: "Project URL, publishable (anon) keys and TypeScript types.",
        default: true,
    },
    Toolset {
        name: "functions",
        description: "Edge functions of a project.",
        default: true,
    },
    Toolset {
        name: "branching",
        description: "Development branches: create, list, delete, merge, reset, rebase.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = account::tools();
    t.extend(database::tools());
    t.extend(debugging::tools());
    t.extend(development::tools());
    t.extend(functions::tools());
    t.extend(branching::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "supabase",
    display_name: "Supabase",
    binary: "supabase-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Supabase projects, SQL, migrations, branches, logs and keys for AI agents.",
    instructions: "Projects are named by their ref (`project_id`, 20 lowercase letters). Creating a project or a branch costs money: call supabase_get_cost, show it to the user, then supabase_confirm_cost and pass its id. In read-only mode supabase_execute_sql runs read-only.",
    base: Base::Fixed("https://api.supabase.com"),
    auth: Auth::BEARER,
    credential_env: &[("SUPABASE_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_shape: Some(&api::ERRORS),
    // Only scopes Supabase's client registration accepts (it refuses e.g. secrets:write, auth:*).
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://api.supabase.com",
        metadata: mcp_shared::OAuthMetadata::Rfc8414,
        scopes: &[
            "organizations:read",
            "projects:read",
            "projects:write",
            "database:read",
            "database:write",
            "analytics:read",
            "secrets:read",
            "edge_functions:read",
            "edge_functions:write",
            "environment:read",
            "environment:write",
        ],
        more_scopes: &["storage:read", "storage:write"],
        docs: "https://supabase.com/docs/guides/integrations/build-a-supabase-oauth-integration/oauth-scopes",
    }),
    ..ServerSpec::DEFAULT
};
