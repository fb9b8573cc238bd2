//! Filesystem MCP server: the 14 tools of the reference filesystem server (Klavis's
//! `local/filesystem`, `filesystem_*`), on one workspace directory. Every path goes through
//! the shared jail ([`mcp_shared::workspace`]): relative to the workspace, nothing outside it
//! read, listed, written or moved, symbolic links resolved beneath the workspace's handle.
//! No credentials.

mod edit;
mod glob;
mod listing;
mod reading;
mod writing;

use mcp_shared::spec::MakeState;
use mcp_shared::{Auth, Base, ServerSpec, ToolDef, Toolset, workspace};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "filesystem",
    description: "Read, write, edit, list, search and move files in the workspace.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    let mut t = reading::tools();
    t.extend(writing::tools());
    t.extend(listing::tools());
    t
}

/// The server's declaration, with `state` making its workspace (tests give a scratch one).
pub const fn spec(state: MakeState) -> ServerSpec {
    ServerSpec {
        service: "filesystem",
        display_name: "Filesystem",
        binary: "filesystem-mcp-server",
        version: env!("CARGO_PKG_VERSION"),
        description: "Files in one workspace directory: read, write, edit, list, search, move.",
        instructions: "Tools read and change files in one workspace directory (see filesystem_list_allowed_directories). \
            Paths are relative to it; absolute paths are accepted only inside it. `..` out of it, symbolic links \
            that lead out, `~`, URLs and Windows paths are refused.",
        base: Base::None,
        auth: Auth::None,
        state: Some(state),
        toolsets: TOOLSETS,
        tools,
        options: &[workspace::OPTION],
        ..ServerSpec::DEFAULT
    }
}

pub static SPEC: ServerSpec = spec(workspace::make_state);
