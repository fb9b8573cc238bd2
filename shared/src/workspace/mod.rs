//! The workspace jail: one directory that a local server's tools work in, and nothing outside
//! it. Every path an agent names goes through [`Workspace::path`] and every file operation
//! through the methods of [`Workspace`], for the local servers (filesystem, git, terminal,
//! memory, PDF tools) and any later tool that reads or writes local files.
//!
//! A server declares it with `options: &[workspace::OPTION]` (the flag `--workspace DIR` and
//! `MCP_WORKSPACE`; default: the current directory) and `state: Some(workspace::make_state)`;
//! its tools reach it with [`Workspace::of`]. A server whose state holds more keeps a
//! [`Workspace`] in it, made with [`Workspace::from_settings`].
//!
//! The rules ([`Rule`]; each refusal names its rule):
//! - a path is taken relative to the workspace; an absolute path is accepted only inside it
//!   (as configured, or with its symbolic links resolved);
//! - `..` that climbs out, NUL bytes, a leading `~`, URLs (`file://`) and Windows forms
//!   (`C:\`, `\\server`, backslashes) are refused before anything is opened; an empty path
//!   is the workspace itself, like `.` (as the reference filesystem server reads it);
//! - symbolic links are followed only while they stay inside: every open, listing, creation
//!   and rename resolves beneath a handle on the workspace directory with cap-std (`openat2`
//!   with `RESOLVE_BENEATH` on Linux 5.6 and later, a component-by-component walk with
//!   `O_NOFOLLOW` elsewhere), so a link that leads out, or one that a concurrent rename swaps
//!   in, is refused by the open itself rather than by a check made before it;
//! - hard links: a write to a regular file with more than one link is refused (another name,
//!   perhaps outside, shares its contents); every write goes to a new file renamed into
//!   place, so even a link made after that check is replaced, never written through. Reads
//!   of such files are allowed: whoever made the link could already read both names;
//! - only regular files and directories are read or written: a device, pipe or socket is
//!   refused (files are opened non-blocking and checked on the open handle);
//! - reads and listings are capped ([`Limits`]: bytes read, entries listed or walked, depth
//!   of a walk), and the message says the cap.
//!
//! Why cap-std: it is the Bytecode Alliance's capability library (used by Wasmtime's WASI),
//! maintained and fuzzed for exactly this property, and it uses the kernel's own
//! beneath-resolution where there is one. Hand-written `openat2` would need `unsafe` (which
//! the workspace forbids) or a second syscall crate, and still a fallback for other kernels.
//!
//! The root directory is opened again for each operation (one `open`), so a workspace that a
//! harness replaces between tasks (uploaded as a new directory at the same place) is seen.

mod io;
mod ops;
mod path;
mod walk;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use cap_std::ambient_authority;
use cap_std::fs::Dir;

use crate::call::context::Ctx;
use crate::call::declared::ServerOption;
use crate::call::state::State;
use crate::error::{ErrorKind, ToolError};
use crate::server::spec::Settings;

pub use io::human;
pub use ops::{Info, Kind, ListedEntry, Listing, Written};
pub use path::{Rule, WsPath};
pub use walk::{Walk, WalkEntry};

/// `--workspace DIR` / `MCP_WORKSPACE`: declared by the servers that work in a workspace.
pub const OPTION: ServerOption = ServerOption {
    name: "workspace",
    env: "MCP_WORKSPACE",
    help: "The directory the tools work in (DIR): every path is taken relative to it, and nothing outside it is read, listed, written or moved [default: the current directory]",
};

/// The caps of reads and listings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most bytes one read returns (a whole file, or the lines of a head or tail).
    pub max_read_bytes: u64,
    /// Most entries one directory listing returns.
    pub max_entries: usize,
    /// Most entries one recursive walk (tree, search) visits.
    pub max_walk_entries: usize,
    /// Deepest level a recursive walk descends to (1: the directory's own entries).
    pub max_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_read_bytes: 8 * 1024 * 1024,
            max_entries: 10_000,
            max_walk_entries: 100_000,
            max_depth: 64,
        }
    }
}

/// The workspace of a server: its directory and caps. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Workspace {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    /// As configured, made absolute (what agents are shown and may use as a prefix).
    root: PathBuf,
    /// With every symbolic link resolved (what is opened).
    real: PathBuf,
    limits: Limits,
}

impl Workspace {
    /// The workspace at `dir` (relative to the current directory), which must be a directory.
    pub fn open(dir: impl AsRef<Path>) -> Result<Self, String> {
        let dir = dir.as_ref();
        let cwd = std::env::current_dir()
            .map_err(|e| format!("cannot read the current directory: {e}"))?;
        let absolute = cwd.join(dir);
        let root = path::normalise(&absolute).unwrap_or(absolute);
        let real = std::fs::canonicalize(&root).map_err(|e| {
            format!(
                "the workspace {} cannot be opened ({e}); set --workspace or MCP_WORKSPACE to an existing directory",
                root.display()
            )
        })?;
        if !real.is_dir() {
            return Err(format!(
                "the workspace {} is not a directory; set --workspace or MCP_WORKSPACE to one",
                root.display()
            ));
        }
        Dir::open_ambient_dir(&real, ambient_authority())
            .map_err(|e| format!("the workspace {} cannot be opened: {e}", root.display()))?;
        Ok(Self {
            inner: Arc::new(Inner {
                root,
                real,
                limits: Limits::default(),
            }),
        })
    }

    /// The workspace the operator chose ([`OPTION`]), or the current directory.
    pub fn from_settings(settings: &Settings) -> Result<Self, String> {
        Self::open(settings.option(OPTION.name).unwrap_or("."))
    }

    /// The same workspace with other caps.
    pub fn with_limits(self, limits: Limits) -> Self {
        Self {
            inner: Arc::new(Inner {
                root: self.inner.root.clone(),
                real: self.inner.real.clone(),
                limits,
            }),
        }
    }

    /// The workspace of this call's server (its state, made by [`make_state`]).
    pub fn of(ctx: &Ctx) -> Result<&Workspace, ToolError> {
        ctx.state::<Workspace>()
    }

    /// The directory as configured (absolute): what agents are shown.
    pub fn root(&self) -> &Path {
        &self.inner.root
    }

    /// The caps of reads and listings.
    pub fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// Check the path `input` that an agent gave as the argument `arg` against the rules,
    /// without touching the disk; symbolic links are checked when it is opened.
    pub fn path(&self, arg: &str, input: &str) -> Result<WsPath, ToolError> {
        path::parse(arg, input, &[&self.inner.root, &self.inner.real])
    }

    /// A handle on the workspace directory, beneath which every path is resolved.
    pub fn dir(&self) -> Result<Dir, ToolError> {
        Dir::open_ambient_dir(&self.inner.real, ambient_authority()).map_err(|e| {
            ToolError::new(
                ErrorKind::Transport,
                format!(
                    "the workspace {} cannot be opened: {e}",
                    self.inner.root.display()
                ),
            )
            .with_hint("ask the server's operator to check --workspace / MCP_WORKSPACE.")
        })
    }

    /// The absolute path of `p` on this machine, for a library that only takes paths (git,
    /// PDF): its symbolic links resolved beneath the workspace (a link out is refused), and a
    /// path that does not exist yet under a parent that does. This is checked, then used by
    /// the library: prefer the methods of [`Workspace`], which resolve at the open itself.
    pub fn host_path(&self, arg: &str, p: &WsPath) -> Result<PathBuf, ToolError> {
        let dir = self.dir()?;
        match dir.canonicalize(p.rel()) {
            Ok(rel) => Ok(self.inner.real.join(rel)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let (parent, name) =
                    io::split(p).ok_or_else(|| Rule::Root.refuse(arg, p.shown()))?;
                let parent = dir
                    .canonicalize(parent)
                    .map_err(|e| io::error(arg, p, "resolve", e))?;
                Ok(self.inner.real.join(parent).join(name))
            }
            Err(e) => Err(io::error(arg, p, "resolve", e)),
        }
    }

    /// Run blocking file work off the async runtime.
    pub async fn run<T, F>(&self, f: F) -> Result<T, ToolError>
    where
        T: Send + 'static,
        F: FnOnce(&Workspace) -> Result<T, ToolError> + Send + 'static,
    {
        let ws = self.clone();
        tokio::task::spawn_blocking(move || f(&ws))
            .await
            .map_err(|e| {
                ToolError::new(
                    ErrorKind::Internal,
                    format!("the file operation did not finish: {e}"),
                )
            })?
    }
}

/// The state of a server whose state is its workspace (`state: Some(workspace::make_state)`).
pub fn make_state(settings: &Settings) -> Result<State, String> {
    Workspace::from_settings(settings).map(|w| Arc::new(w) as State)
}
