//! Memory MCP server: the nine tools of the reference memory server (Klavis's
//! `local/memory`): a knowledge graph of entities, relations and observations, kept in the
//! reference's JSON-lines file (`MEMORY_FILE_PATH`, default `memory.jsonl`) inside one
//! workspace. The file's path goes through the shared jail ([`mcp_shared::workspace`]) at
//! start-up; every change reads the file, changes the graph and writes a new file renamed
//! into place, under one lock per process, so concurrent calls lose nothing. No credentials.

mod graph;
mod store;
mod tools;

use mcp_shared::spec::MakeState;
use mcp_shared::{Auth, Base, ServerSpec, Toolset, workspace};

pub use store::{DEFAULT_FILE, FILE_OPTION, make_state, state_in};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "memory",
    description: "A knowledge graph of entities, relations and observations kept in a file.",
    default: true,
}];

/// The server's declaration, with `state` making its memory (tests give a scratch workspace).
pub const fn spec(state: MakeState) -> ServerSpec {
    ServerSpec {
        service: "memory",
        display_name: "Memory",
        binary: "memory-mcp-server",
        version: env!("CARGO_PKG_VERSION"),
        description: "A knowledge graph memory (entities, relations, observations) in a workspace file.",
        instructions: "A persistent knowledge graph: entities (a name, a type, observations) and directed relations \
            between them. Search or open nodes before creating them; entity names are unique. The graph is kept in \
            one JSON-lines file of the workspace, chosen by the operator (MEMORY_FILE_PATH).",
        base: Base::None,
        auth: Auth::None,
        state: Some(state),
        toolsets: TOOLSETS,
        tools: tools::tools,
        options: &[workspace::OPTION, FILE_OPTION],
        ..ServerSpec::DEFAULT
    }
}

pub static SPEC: ServerSpec = spec(make_state);
