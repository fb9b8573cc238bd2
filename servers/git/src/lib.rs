//! Git MCP server: the 12 tools of the reference git server (Klavis's `local/git`, `git_*`),
//! on repositories inside one workspace directory, through libgit2 (git2, vendored build; no
//! git binary is ever run). Every `repo_path` goes through the shared jail
//! ([`mcp_shared::workspace`]) and is opened without searching upward; a repository whose
//! git directory, working tree or object alternates lie outside the workspace is refused.
//! No ref, revision, branch name or time bound may start with `-`. No credentials.

mod dates;
mod patch;
mod reading;
mod repo;
mod writing;

use mcp_shared::spec::MakeState;
use mcp_shared::{Auth, Base, ServerSpec, ToolDef, Toolset, workspace};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "git",
    description: "Status, diffs, log, show, branches, staging, commits and checkout of git repositories in the workspace.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    let mut t = reading::tools();
    t.extend(writing::tools());
    t
}

/// The server's declaration, with `state` making its workspace (tests give a scratch one).
pub const fn spec(state: MakeState) -> ServerSpec {
    ServerSpec {
        service: "git",
        display_name: "Git",
        binary: "git-mcp-server",
        version: env!("CARGO_PKG_VERSION"),
        description: "Git repositories in one workspace directory: status, diffs, log, commit, branches.",
        instructions: "Tools read and change git repositories inside one workspace directory. `repo_path` is the \
            repository's top directory (the one holding `.git`), relative to the workspace; absolute paths are \
            accepted only inside it, and no parent directory is searched. Refs, revisions, branch names and \
            dates must not start with `-`. Commits take their author from the repository's user.name and \
            user.email, or GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL of the server.",
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
