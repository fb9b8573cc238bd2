//! The names a tool has in the profiles beyond our own, where several tools share a pattern:
//! GitHub's server's names (today's, `--profile official`, and v0.15.0's, which MCPMark
//! pins, `--profile mcpmark`) and the MCP-Atlas names of list tools (`--profile atlas`).

use mcp_shared::{Profile, ToolDef};

/// Declares a tool's names in the profiles that share GitHub's server's or Atlas's naming.
pub(crate) trait Names: Sized {
    /// GitHub's own server's name for this tool, with our parameters: the same in today's
    /// server (`official`) and in v0.15.0 (`mcpmark`).
    fn github_name(self, name: &'static str) -> Self;

    /// A tool of GitHub's own server whose parameters differ from ours (defined with its
    /// name and parameters), in today's server and in v0.15.0.
    fn github_only(self) -> Self;

    /// The Smithery server's name for this list tool under `--profile atlas`, where
    /// `perPage` is called `per_page`.
    fn atlas_list(self, name: &'static str) -> Self;
}

impl Names for ToolDef {
    fn github_name(self, name: &'static str) -> Self {
        self.official_name(name).profile(Profile::Mcpmark, name)
    }

    fn github_only(self) -> Self {
        self.only_in(&[Profile::Official, Profile::Mcpmark])
    }

    fn atlas_list(self, name: &'static str) -> Self {
        self.profile(Profile::Atlas, name)
            .profile_param(Profile::Atlas, "perPage", "per_page")
    }
}
