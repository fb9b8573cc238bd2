//! HowToCook MCP server: the recipes of the HowToCook project (Anduin2017/HowToCook, public
//! domain), bundled in the binary and searched in memory; no network, no credentials.

mod recipes;
mod tools;

use mcp_shared::{Auth, Base, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "recipes",
    description: "Bundled HowToCook recipes: list, look up, by category, meal plans.",
    default: true,
}];

fn tool_list() -> Vec<ToolDef> {
    tools::tools()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "howtocook",
    display_name: "HowToCook",
    binary: "howtocook-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "HowToCook's Chinese home-cooking recipes (bundled, offline) and meal plans for AI agents.",
    instructions: "Offline tools over 322 bundled HowToCook recipes (Chinese). Recipes are named by id (e.g. `dishes-aquatic-咖喱炒蟹`) or by name; categories are Chinese (荤菜, 素菜, 水产...). \
        Random picks take an optional `seed` to repeat a result.",
    base: Base::None,
    auth: Auth::None,
    state: Some(recipes::make_state),
    toolsets: TOOLSETS,
    tools: tool_list,
    ..ServerSpec::DEFAULT
};
