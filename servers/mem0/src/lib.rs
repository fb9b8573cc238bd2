//! Mem0 MCP server: add, search, list, read, update and delete memories, and list and delete
//! entities, over Mem0's platform API (`MEM0_API_BASE_URL` overrides `https://api.mem0.ai`),
//! with the API key sent as `Authorization: Token <key>` and the user id taken from the
//! request's credentials.

mod api;
mod entities;
mod memories;

use mcp_shared::{Auth, ServerOption, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "memories",
        description: "Add, search, list, read, update and delete memories (v3 add/list/search, v1 by id).",
        default: true,
    },
    Toolset {
        name: "entities",
        description: "List and delete the users, agents, apps and runs memories belong to.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = memories::tools();
    t.extend(entities::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "mem0",
    display_name: "Mem0",
    binary: "mem0-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Mem0 long-term memory for AI agents: add, search, list, update and delete memories.",
    instructions: "Memories belong to the caller's user id (from the credentials' `user_id`, else the server default) unless a tool is given another user_id, agent_id, app_id or run_id. Adding is asynchronous: memories appear in search a few seconds later.",
    base: mcp_shared::Base::Fixed("https://api.mem0.ai"),
    auth: Auth::Header {
        name: "authorization",
        prefix: "Token ",
        fields: api::KEY_FIELDS,
    },
    credential_env: &[("MEM0_API_KEY", "api_key"), ("API_KEY", "api_key")],
    options: &[
        ServerOption {
            name: "default-user-id",
            env: "MEM0_DEFAULT_USER_ID",
            help: "User id for callers whose credentials carry none (default `user`).",
        },
        ServerOption {
            name: "enable-graph-default",
            env: "MEM0_ENABLE_GRAPH_DEFAULT",
            help: "`true` turns graph memory on for mem0_add_memory calls that do not say.",
        },
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    ..ServerSpec::DEFAULT
};
