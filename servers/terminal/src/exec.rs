//! Checking and running a command line: every argument that names a path checked through
//! the workspace jail, redirections opened beneath the workspace's handle and given to the
//! child as its standard streams, pipelines built from processes connected by pipes, each
//! child in its own process group, one timeout for the line that kills every group, output
//! capped per stream.

use std::os::fd::OwnedFd;
use std::os::unix::process::ExitStatusExt as _;
use std::path::{Component, Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::sync::{Arc, Mutex};

use cap_std::fs::{Dir, MetadataExt as _, OpenOptions, OpenOptionsExt as _};
use mcp_shared::workspace::{Rule, Workspace};
use mcp_shared::{ErrorKind, ToolError};
use tokio::io::AsyncReadExt as _;
use tokio::net::unix::pipe;

use crate::line::{Command, Connector, Line, Target};
use crate::rules::Rules;

/// The server's state: its workspace and the rules in force.
#[derive(Debug, Clone)]
pub struct Terminal {
    pub ws: Workspace,
    /// The workspace with its symbolic links resolved: the children's working directory.
    pub real: PathBuf,
    pub rules: Arc<Rules>,
}

/// Whether cap-std refused a path because it led outside the directory (no OS error code).
fn is_escape(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::PermissionDenied && e.raw_os_error().is_none()
}

fn shown(s: &str) -> String {
    let cut: String = s.chars().take(200).collect();
    cut.escape_default().to_string()
}

/// Whether a word is taken as a path: it has a `/`, starts with `.` or `~`, or names
/// something in the workspace.
fn looks_like_path(dir: &Dir, word: &str) -> bool {
    word.contains('/')
        || word.starts_with('.')
        || word.starts_with('~')
        || (!word.is_empty()
            && Path::new(word).components().count() == 1
            && dir.symlink_metadata(word).is_ok())
}

/// Check one path a command will open by itself: inside the workspace (the jail's lexical
/// rules), no `..` at all (the program resolves it after symbolic links), and the deepest
/// part that exists resolved beneath the workspace (a symbolic link out is refused).
fn check_path(ws: &Workspace, dir: &Dir, word: &str) -> Result<(), ToolError> {
    if Path::new(word)
        .components()
        .any(|c| c == Component::ParentDir)
    {
        return Err(ToolError::invalid_input(format!(
            "`command`: the argument `{}` is refused (workspace rule: {}): arguments may not contain `..`, which the program would resolve after symbolic links; name the path from the workspace.",
            shown(word),
            Rule::DotDot.name()
        )));
    }
    let p = ws.path("command", word)?;
    for anc in p.rel().ancestors() {
        let anc = if anc.as_os_str().is_empty() {
            Path::new(".")
        } else {
            anc
        };
        match dir.canonicalize(anc) {
            Ok(_) => return Ok(()),
            Err(e) if is_escape(&e) => return Err(Rule::Symlink.refuse("command", word)),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) => {}
            Err(e) => {
                return Err(ToolError::invalid_input(format!(
                    "`command`: the argument `{}` cannot be checked: {e}.",
                    shown(word)
                )));
            }
        }
    }
    Ok(())
}

/// Check a word and the parts of it after `=`, `:` and `,` that look like paths
/// (`if=/etc/passwd`, `host:/path`).
fn check_word(ws: &Workspace, dir: &Dir, word: &str) -> Result<(), ToolError> {
    if looks_like_path(dir, word) {
        check_path(ws, dir, word)?;
    }
    for piece in word.split(['=', ':', ',']).skip(1) {
        if piece.contains('/') || piece.starts_with('~') || piece.starts_with('.') {
            check_path(ws, dir, piece)?;
        }
    }
    Ok(())
}

/// Check the arguments of one command.
fn check_args(ws: &Workspace, dir: &Dir, argv: &[String]) -> Result<(), ToolError> {
    let mut options = true;
    for a in argv.iter().skip(1) {
        if options && a == "--" {
            options = false;
            continue;
        }
        if options && a.starts_with('-') && a.len() > 1 {
            if let Some(value) = a
                .strip_prefix("--")
                .and_then(|f| f.split_once('='))
                .map(|(_, v)| v)
            {
                check_word(ws, dir, value)?;
            } else if a.contains('/') || a.contains("..") || a.contains('~') {
                return Err(ToolError::invalid_input(format!(
                    "`command`: the flag `{}` carries a path: give the path as a separate argument, so that it is checked.",
                    shown(a)
                )));
            }
            continue;
        }
        check_word(ws, dir, a)?;
    }
    Ok(())
}

/// Check everything about a line before anything runs.
pub fn check(t: &Terminal, line: &Line) -> Result<(), ToolError> {
    if line.uses_operators() && !t.rules.operators {
        return Err(ToolError::invalid_input(
            "`command`: shell operators (`&&`, `||`, `;`, `|`) and redirections (`>`, `>>`, `<`, `2>`) are not allowed here (ALLOW_SHELL_OPERATORS is off); run one command per call.",
        ));
    }
    let dir = t.ws.dir()?;
    for c in line.commands() {
        let name = c.argv.first().map(String::as_str).unwrap_or_default();
        t.rules.program(name)?;
        t.rules.check_flags(&c.argv)?;
        check_args(&t.ws, &dir, &c.argv)?;
        let targets = [
            c.stdin.as_deref(),
            c.stdout.as_ref().map(|x| x.path.as_str()),
            c.stderr.as_ref().map(|x| x.path.as_str()),
        ];
        for target in targets.into_iter().flatten() {
            let p = t.ws.path("command", target)?;
            if p.is_root() {
                return Err(Rule::Root.refuse("command", target));
            }
        }
    }
    Ok(())
}

fn open_error(path: &str, e: std::io::Error) -> ToolError {
    if is_escape(&e) {
        return Rule::Symlink.refuse("command", path);
    }
    ToolError::invalid_input(format!(
        "`command`: the redirection to `{}` cannot be opened: {e}.",
        shown(path)
    ))
}

/// Open a redirection's file beneath the workspace's handle: a regular file only; a write
/// never goes through a hard link.
fn open_target(t: &Terminal, path: &str, write: Option<bool>) -> Result<std::fs::File, ToolError> {
    let p = t.ws.path("command", path)?;
    if p.is_root() {
        return Err(Rule::Root.refuse("command", path));
    }
    let mut o = OpenOptions::new();
    match write {
        None => o.read(true),
        Some(append) => o.write(true).create(true).append(append),
    };
    o.custom_flags(libc::O_NONBLOCK);
    let f =
        t.ws.dir()?
            .open_with(p.rel(), &o)
            .map_err(|e| open_error(path, e))?;
    let m = f.metadata().map_err(|e| open_error(path, e))?;
    if m.is_dir() {
        return Err(ToolError::invalid_input(format!(
            "`command`: the redirection to `{}` names a directory.",
            shown(path)
        )));
    }
    if !m.is_file() {
        return Err(Rule::Special.refuse("command", path));
    }
    if write.is_some() && m.nlink() > 1 {
        return Err(Rule::HardLink.refuse("command", path));
    }
    if write == Some(false) {
        f.set_len(0).map_err(|e| open_error(path, e))?;
    }
    Ok(f.into_std())
}

/// What one stream gave: its first bytes up to the cap, and how many more there were.
#[derive(Debug, Default)]
pub struct Captured {
    pub bytes: Vec<u8>,
    pub dropped: u64,
}

impl Captured {
    fn add(&mut self, other: Captured, cap: usize) {
        let room = cap.saturating_sub(self.bytes.len());
        let take = other.bytes.len().min(room);
        self.bytes.extend(other.bytes.iter().take(take));
        self.dropped += (other.bytes.len() - take) as u64 + other.dropped;
    }
}

async fn read_capped(mut rx: pipe::Receiver, cap: usize) -> Captured {
    let mut c = Captured::default();
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        match rx.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let chunk = buf.get(..n).unwrap_or_default();
                let room = cap.saturating_sub(c.bytes.len());
                let take = n.min(room);
                c.bytes.extend(chunk.iter().take(take));
                c.dropped += (n - take) as u64;
            }
        }
    }
    c
}

/// The process groups of a line's children (each child leads its own).
#[derive(Debug, Default, Clone)]
struct Groups(Arc<Mutex<Vec<u32>>>);

impl Groups {
    fn add(&self, id: u32) {
        let mut g = self.0.lock().unwrap_or_else(|e| e.into_inner());
        g.push(id);
    }

    /// SIGKILL to every group (a group already gone is fine).
    fn kill_all(&self) {
        let g = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for id in g.iter() {
            let pid = i32::try_from(*id)
                .ok()
                .and_then(rustix::process::Pid::from_raw);
            if let Some(pid) = pid {
                let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
            }
        }
    }
}

fn io_error(what: &str, e: std::io::Error) -> ToolError {
    ToolError::new(ErrorKind::Transport, format!("cannot {what}: {e}."))
}

/// What a finished line gave.
#[derive(Debug, Default)]
pub struct Outcome {
    pub stdout: Captured,
    pub stderr: Captured,
    pub status: Option<ExitStatus>,
}

async fn run_pipeline(
    t: &Terminal,
    cmds: &[Command],
    groups: &Groups,
    out: &mut Outcome,
) -> Result<ExitStatus, ToolError> {
    let cap = t.rules.max_output;
    let path = t.rules.child_path();
    let mut prev: Option<OwnedFd> = None;
    let mut children = Vec::new();
    let mut out_readers = Vec::new();
    let mut err_readers = Vec::new();
    let count = cmds.len();
    for (i, c) in cmds.iter().enumerate() {
        let last = i + 1 == count;
        let (name, args) = c
            .argv
            .split_first()
            .ok_or_else(|| ToolError::invalid_input("`command`: an empty command."))?;
        let program = t.rules.program(name)?;
        let mut cmd = tokio::process::Command::new(&program);
        cmd.arg0(name)
            .args(args)
            .env_clear()
            .env("PATH", &path)
            .env("LANG", "C.UTF-8")
            .current_dir(&t.real)
            .process_group(0)
            .kill_on_drop(true);
        let piped_in = prev.take();
        match (&c.stdin, piped_in) {
            (Some(p), _) => cmd.stdin(Stdio::from(open_target(t, p, None)?)),
            (None, Some(fd)) => cmd.stdin(Stdio::from(fd)),
            (None, None) => cmd.stdin(Stdio::null()),
        };
        let out_fd: OwnedFd = match &c.stdout {
            Some(Target { path, append }) => OwnedFd::from(open_target(t, path, Some(*append))?),
            None => {
                let (tx, rx) = pipe::pipe().map_err(|e| io_error("make a pipe", e))?;
                if last {
                    out_readers.push(tokio::spawn(read_capped(rx, cap)));
                } else {
                    prev = Some(
                        rx.into_blocking_fd()
                            .map_err(|e| io_error("make a pipe", e))?,
                    );
                }
                tx.into_blocking_fd()
                    .map_err(|e| io_error("make a pipe", e))?
            }
        };
        let err_stdio = if c.merge_stderr {
            Stdio::from(
                out_fd
                    .try_clone()
                    .map_err(|e| io_error("share a pipe", e))?,
            )
        } else if let Some(Target { path, append }) = &c.stderr {
            Stdio::from(open_target(t, path, Some(*append))?)
        } else {
            let (tx, rx) = pipe::pipe().map_err(|e| io_error("make a pipe", e))?;
            err_readers.push(tokio::spawn(read_capped(rx, cap)));
            Stdio::from(
                tx.into_blocking_fd()
                    .map_err(|e| io_error("make a pipe", e))?,
            )
        };
        cmd.stdout(Stdio::from(out_fd)).stderr(err_stdio);
        let child = cmd
            .spawn()
            .map_err(|e| io_error(&format!("start `{name}`"), e))?;
        // The command (and the pipe ends it holds for the child) closes here, so that
        // readers see the end of their streams when the children end.
        drop(cmd);
        if let Some(id) = child.id() {
            groups.add(id);
        }
        children.push(child);
    }
    let mut status = None;
    for mut child in children {
        status = Some(
            child
                .wait()
                .await
                .map_err(|e| io_error("wait for a command", e))?,
        );
    }
    for r in out_readers {
        if let Ok(c) = r.await {
            out.stdout.add(c, cap);
        }
    }
    for r in err_readers {
        if let Ok(c) = r.await {
            out.stderr.add(c, cap);
        }
    }
    status.ok_or_else(|| ToolError::invalid_input("`command`: an empty pipeline."))
}

async fn run_all(t: &Terminal, line: &Line, groups: &Groups) -> Result<Outcome, ToolError> {
    let mut out = Outcome::default();
    for (connector, pipeline) in &line.pipelines {
        let ok = out.status.is_none_or(|s| s.success());
        let go = match connector {
            Connector::Always => true,
            Connector::IfOk => ok,
            Connector::IfFailed => !ok,
        };
        if go {
            out.status = Some(run_pipeline(t, pipeline, groups, &mut out).await?);
        }
    }
    Ok(out)
}

/// Run a checked line within the timeout; every process group of the line is killed when it
/// ends, whether it finished or timed out.
pub async fn run(t: &Terminal, line: &Line) -> Result<Outcome, ToolError> {
    let groups = Groups::default();
    let result = tokio::time::timeout(t.rules.timeout, run_all(t, line, &groups)).await;
    groups.kill_all();
    match result {
        Ok(r) => r,
        Err(_) => Err(ToolError::new(
            ErrorKind::Transport,
            format!(
                "the command did not finish within {} s (COMMAND_TIMEOUT): it was stopped and its process groups were killed.",
                t.rules.timeout.as_secs()
            ),
        )),
    }
}

/// The status as text: the exit code, or the signal that ended it.
pub fn status_text(s: Option<ExitStatus>) -> String {
    match s {
        Some(s) => match (s.code(), s.signal()) {
            (Some(code), _) => format!("Command completed with return code: {code}"),
            (None, Some(sig)) => format!("Command was terminated by signal {sig}"),
            _ => "Command completed with an unknown status".to_owned(),
        },
        None => "Command completed with return code: 0".to_owned(),
    }
}
