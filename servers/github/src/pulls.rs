//! (in progress)

use mcp_shared::ToolDef;

pub fn tools() -> Vec<ToolDef> {
    vec![]
}
