//! The memory file: where it is (`MEMORY_FILE_PATH`, checked by the workspace jail at
//! start-up), reading it, and changing it under one lock per process so that concurrent
//! calls never lose each other's changes.

use std::sync::Arc;

use mcp_shared::workspace::{Workspace, WsPath};
use mcp_shared::{Ctx, ServerOption, Settings, State, ToolError};
use tokio::sync::Mutex;

use crate::graph::Graph;

/// `--memory-file-path FILE` / `MEMORY_FILE_PATH`: the reference server's variable.
pub const FILE_OPTION: ServerOption = ServerOption {
    name: "memory-file-path",
    env: "MEMORY_FILE_PATH",
    help: "The JSON-lines file the knowledge graph is kept in, inside the workspace (relative to it, or absolute inside it) [default: memory.jsonl]",
};

/// The default file, in the workspace (the reference keeps `memory.jsonl` beside its script).
pub const DEFAULT_FILE: &str = "memory.jsonl";

const ARG: &str = "MEMORY_FILE_PATH";

/// The server's state: the workspace, the memory file in it, and the lock every change holds
/// from reading the file to renaming the new one into place.
pub struct Memory {
    ws: Workspace,
    file: WsPath,
    lock: Mutex<()>,
}

impl Memory {
    /// The memory of `ws`, in the file `file` (default [`DEFAULT_FILE`]); the path is checked
    /// against the jail's rules now, so a file outside the workspace stops the start.
    pub fn open(ws: Workspace, file: Option<&str>) -> Result<Self, String> {
        let file = ws
            .path(ARG, file.unwrap_or(DEFAULT_FILE))
            .map_err(|e| e.to_string())?;
        if file.is_root() {
            return Err(format!(
                "{ARG} names the workspace itself: set it to a file, such as {DEFAULT_FILE}"
            ));
        }
        Ok(Self {
            ws,
            file,
            lock: Mutex::new(()),
        })
    }

    pub fn of(ctx: &Ctx) -> Result<&Memory, ToolError> {
        ctx.state::<Memory>()
    }

    /// The graph as the file holds it now (empty when there is no file).
    pub async fn read(&self) -> Result<Graph, ToolError> {
        let _held = self.lock.lock().await;
        let file = self.file.clone();
        self.ws.run(move |ws| load(ws, &file)).await
    }

    /// Read the graph, let `change` alter it, and write it back (a new file renamed into
    /// place) when `change` succeeds and says it changed something; all under the lock.
    pub async fn update<T, F>(&self, change: F) -> Result<T, ToolError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Graph) -> Result<(T, bool), ToolError> + Send + 'static,
    {
        let _held = self.lock.lock().await;
        let file = self.file.clone();
        self.ws
            .run(move |ws| {
                let mut graph = load(ws, &file)?;
                let (out, changed) = change(&mut graph)?;
                if changed {
                    save(ws, &file, &graph)?;
                }
                Ok(out)
            })
            .await
    }
}

fn load(ws: &Workspace, file: &WsPath) -> Result<Graph, ToolError> {
    if ws.kind(ARG, file)?.is_none() {
        return Ok(Graph::default());
    }
    let text = ws.read_text(ARG, file)?;
    Graph::parse(&text, file.shown())
}

fn save(ws: &Workspace, file: &WsPath, graph: &Graph) -> Result<(), ToolError> {
    if let Some(parent) = file.rel().parent().and_then(|p| p.to_str())
        && !parent.is_empty()
    {
        let dir = ws.path(ARG, parent)?;
        ws.create_dir_all(ARG, &dir)?;
    }
    ws.write(ARG, file, graph.to_jsonl()?.as_bytes())?;
    Ok(())
}

/// The state of the server: its workspace (`--workspace` / `MCP_WORKSPACE`) and memory file.
pub fn make_state(settings: &Settings) -> Result<State, String> {
    state_in(Workspace::from_settings(settings)?, settings)
}

/// The state for the workspace `ws`, with the memory file the settings name (tests).
pub fn state_in(ws: Workspace, settings: &Settings) -> Result<State, String> {
    Memory::open(ws, settings.option(FILE_OPTION.name)).map(|m| Arc::new(m) as State)
}
