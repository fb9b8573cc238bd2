//! Dynamic toolsets (`--dynamic-toolsets`), as GitHub's official server offers them: a
//! session starts with three tools that list the toolsets, show a toolset's tools and enable
//! a toolset, and the server announces each change with `notifications/tools/list_changed`.
//! Enabled toolsets belong to one MCP session (one stdio connection, or one `Mcp-Session-Id`):
//! tenants never see each other's.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::call::context::{Ctx, DynamicCtx, Toolsets};
use crate::error::ToolError;
use crate::tool::{Effect, ToolDef, tool};

/// The pseudo-toolset of the three dynamic tools.
pub const TOOLSET: &str = "dynamic";

/// The toolsets one MCP session has enabled.
#[derive(Debug, Default)]
pub(crate) struct Session {
    enabled: RwLock<BTreeSet<&'static str>>,
    /// Bumped on every change, so the server knows to send `tools/list_changed`.
    generation: AtomicU64,
    /// Held by every session's state, to count them (`McpServer::session_handlers`).
    _live: Option<Arc<()>>,
}

impl Session {
    pub(crate) fn new(initial: BTreeSet<&'static str>) -> Self {
        Self {
            enabled: RwLock::new(initial),
            generation: AtomicU64::new(0),
            _live: None,
        }
    }

    /// A session's state, counted by `live`'s strong count.
    pub(crate) fn counted(initial: BTreeSet<&'static str>, live: Arc<()>) -> Self {
        Self {
            _live: Some(live),
            ..Self::new(initial)
        }
    }

    pub(crate) fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    pub(crate) fn is_enabled(&self, toolset: &str) -> bool {
        self.enabled
            .read()
            .map(|s| s.contains(toolset))
            .unwrap_or(false)
    }

    /// Enable `toolset`; `true` when it was not enabled before.
    pub(crate) fn enable(&self, toolset: &'static str) -> bool {
        let changed = self
            .enabled
            .write()
            .map(|mut s| s.insert(toolset))
            .unwrap_or(false);
        if changed {
            self.generation.fetch_add(1, Ordering::SeqCst);
        }
        changed
    }
}

/// List the toolsets of this server: each with its description, whether it is enabled in this
/// session, and whether it can be enabled (it has tools this server allows). Enable one with
/// the enable_toolset tool; get_toolset_tools shows what a toolset contains.
#[derive(Deserialize, JsonSchema)]
pub struct ListAvailableToolsets {}

/// List the tools of one toolset (name and description), whether or not it is enabled, to
/// decide whether to enable it.
#[derive(Deserialize, JsonSchema)]
pub struct GetToolsetTools {
    /// The toolset's name, as list_available_toolsets gives it
    toolset: String,
}

/// Enable a toolset for the rest of this session: its tools are added to the tool list (the
/// server sends `notifications/tools/list_changed`) and can be called. Enabling an enabled
/// toolset changes nothing.
#[derive(Deserialize, JsonSchema)]
pub struct EnableToolset {
    /// The toolset's name, as list_available_toolsets gives it
    toolset: String,
}

/// The three dynamic tools, named `<service>_list_available_toolsets` (etc.) in our naming
/// and as GitHub's server names them in the official naming.
pub(crate) fn tools(service: &str) -> Vec<ToolDef> {
    let named = |mut t: ToolDef, suffix: &str| {
        t.name = format!("{service}_{suffix}").into();
        // They change only this session's tool list, never the vendor's data.
        t.annotations.open_world_hint = Some(false);
        t.toolset(TOOLSET)
    };
    vec![
        named(
            tool(
                "list_available_toolsets",
                "List available toolsets",
                Effect::Read,
                list_available_toolsets,
            ),
            "list_available_toolsets",
        )
        .official_name("list_available_toolsets")
        .profile(crate::tool::Profile::Mcpmark, "list_available_toolsets"),
        named(
            tool(
                "get_toolset_tools",
                "List a toolset's tools",
                Effect::Read,
                get_toolset_tools,
            ),
            "get_toolset_tools",
        )
        .official_name("get_toolset_tools")
        .profile(crate::tool::Profile::Mcpmark, "get_toolset_tools"),
        named(
            tool(
                "enable_toolset",
                "Enable a toolset",
                Effect::Read,
                enable_toolset,
            ),
            "enable_toolset",
        )
        .official_name("enable_toolset")
        .profile(crate::tool::Profile::Mcpmark, "enable_toolset"),
    ]
}

fn dynamic(ctx: &Ctx) -> Result<&DynamicCtx, ToolError> {
    ctx.dynamic.as_ref().ok_or_else(|| {
        ToolError::invalid_input(
            "dynamic toolsets are off: start the server with --dynamic-toolsets",
        )
    })
}

/// The declared toolset named `name` (a clear error listing them otherwise).
fn toolset(server: &dyn Toolsets, name: &str) -> Result<&'static str, ToolError> {
    let sets = server.toolsets();
    sets.iter()
        .find(|s| s.name == name.trim())
        .map(|s| s.name)
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "unknown toolset `{name}`; this server has: {}",
                sets.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
            ))
        })
}

async fn list_available_toolsets(ctx: Ctx, _a: ListAvailableToolsets) -> Result<Value, ToolError> {
    let d = dynamic(&ctx)?;
    let sets: Vec<Value> = d
        .server
        .toolsets()
        .iter()
        .map(|s| {
            let tools = d.server.allowed_tools(s.name).len();
            json!({
                "name": s.name,
                "description": s.description,
                "tools": tools,
                "can_enable": tools > 0,
                "currently_enabled": d.server.is_enabled(s.name),
            })
        })
        .collect();
    Ok(json!({ "toolsets": sets }))
}

async fn get_toolset_tools(ctx: Ctx, a: GetToolsetTools) -> Result<Value, ToolError> {
    let d = dynamic(&ctx)?;
    let name = toolset(d.server.as_ref(), &a.toolset)?;
    let tools: Vec<Value> = d
        .server
        .allowed_tools(name)
        .into_iter()
        .map(|t| {
            json!({
                "name": t.name,
                "description": t.description,
                "read_only": t.read_only,
            })
        })
        .collect();
    Ok(json!({
        "toolset": name,
        "currently_enabled": d.server.is_enabled(name),
        "tools": tools,
    }))
}

async fn enable_toolset(ctx: Ctx, a: EnableToolset) -> Result<Value, ToolError> {
    let d = dynamic(&ctx)?;
    let name = toolset(d.server.as_ref(), &a.toolset)?;
    if !d.persistent {
        return Err(ToolError::invalid_input(
            "dynamic toolsets need an MCP session: this request has no Mcp-Session-Id (stateless HTTP), so an enabled toolset would not outlive it. Connect with a session, or have the gateway send `X-MCP-Toolsets` with every request.",
        ));
    }
    let tools: Vec<String> = d
        .server
        .allowed_tools(name)
        .into_iter()
        .map(|t| t.name)
        .collect();
    if tools.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "toolset `{name}` has no tool this server allows (read-only mode or excluded tools)"
        )));
    }
    let changed = d.server.enable(name);
    Ok(json!({
        "toolset": name,
        "enabled": true,
        "already_enabled": !changed,
        "tools": tools,
    }))
}

/// A fresh session's enabled toolsets, from `--toolsets` (none when not given).
pub(crate) fn initial(
    spec_toolsets: &'static [crate::server::spec::Toolset],
    given: Option<&Vec<String>>,
) -> BTreeSet<&'static str> {
    match given {
        Some(list) if list.iter().any(|n| n == "all") => {
            spec_toolsets.iter().map(|s| s.name).collect()
        }
        Some(list) => spec_toolsets
            .iter()
            .filter(|s| list.iter().any(|n| n == s.name))
            .map(|s| s.name)
            .collect(),
        None => BTreeSet::new(),
    }
}
