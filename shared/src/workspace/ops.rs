//! File operations beneath the workspace handle: metadata, reads (whole, first or last lines),
//! atomic writes, directories, renames, removal, and one directory's listing.

use std::ffi::OsString;
use std::io::{BufRead as _, BufReader, Read as _, Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use cap_std::fs::{
    Dir, File, FileType, Metadata, MetadataExt as _, OpenOptions, OpenOptionsExt as _,
};

use crate::error::ToolError;
use crate::workspace::Workspace;
use crate::workspace::io::{self, human};
use crate::workspace::path::{Rule, WsPath};

/// What a directory entry is (a symbolic link as itself, not its target).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    File,
    Dir,
    Symlink,
    /// A device, pipe or socket.
    Other,
}

impl Kind {
    pub(crate) fn of(t: FileType) -> Kind {
        if t.is_dir() {
            Kind::Dir
        } else if t.is_file() {
            Kind::File
        } else if t.is_symlink() {
            Kind::Symlink
        } else {
            Kind::Other
        }
    }
}

/// What [`Workspace::metadata`] tells of a path (its symbolic links followed, inside).
#[derive(Debug, Clone)]
pub struct Info {
    pub kind: Kind,
    pub len: u64,
    pub created: Option<SystemTime>,
    pub modified: Option<SystemTime>,
    pub accessed: Option<SystemTime>,
    /// The permission bits (`0o644`).
    pub permissions: u32,
    /// How many hard links the file has.
    pub links: u64,
}

impl Info {
    fn of(m: &Metadata) -> Self {
        Self {
            kind: Kind::of(m.file_type()),
            len: m.len(),
            created: m.created().ok().map(|t| t.into_std()),
            modified: m.modified().ok().map(|t| t.into_std()),
            accessed: m.accessed().ok().map(|t| t.into_std()),
            permissions: m.mode() & 0o7777,
            links: m.nlink(),
        }
    }
}

/// One entry of a directory listing.
#[derive(Debug, Clone)]
pub struct ListedEntry {
    pub name: OsString,
    /// The entry itself: a symbolic link is [`Kind::Symlink`], whatever it points at.
    pub kind: Kind,
    /// Its size (of the link itself, for a link: a link's target is never looked at here).
    pub len: u64,
    pub modified: Option<SystemTime>,
}

/// One directory's entries, sorted by name, at most [`Limits::max_entries`](super::Limits).
#[derive(Debug, Clone)]
pub struct Listing {
    pub entries: Vec<ListedEntry>,
    /// Entries beyond the cap, not listed.
    pub omitted: usize,
    /// The cap that applied.
    pub cap: usize,
}

/// What a write did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    /// The file did not exist before.
    pub created: bool,
    pub bytes: usize,
}

/// `O_NONBLOCK`: opening a pipe must not wait for its other end (it is refused on the handle).
fn nonblocking_read() -> OpenOptions {
    let mut o = OpenOptions::new();
    o.read(true).custom_flags(libc::O_NONBLOCK);
    o
}

impl Workspace {
    /// What `p` is, its symbolic links followed while they stay inside.
    pub fn metadata(&self, arg: &str, p: &WsPath) -> Result<Info, ToolError> {
        let m = self
            .dir()?
            .metadata(p.rel())
            .map_err(|e| io::error(arg, p, "read the information of", e))?;
        Ok(Info::of(&m))
    }

    /// What `p` itself is, a symbolic link not followed (`None`: nothing there).
    pub fn kind(&self, arg: &str, p: &WsPath) -> Result<Option<Kind>, ToolError> {
        match self.dir()?.symlink_metadata(p.rel()) {
            Ok(m) => Ok(Some(Kind::of(m.file_type()))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io::error(arg, p, "look at", e)),
        }
    }

    /// Open `p` for reading: a regular file (checked on the open handle).
    fn open_file(&self, arg: &str, p: &WsPath) -> Result<(File, Metadata), ToolError> {
        let f = self
            .dir()?
            .open_with(p.rel(), &nonblocking_read())
            .map_err(|e| io::error(arg, p, "read", e))?;
        let m = f.metadata().map_err(|e| io::error(arg, p, "read", e))?;
        if m.is_dir() {
            return Err(ToolError::invalid_input(format!(
                "`{arg}` {} is a directory, not a file.",
                p.shown()
            )));
        }
        if !m.is_file() {
            return Err(Rule::Special.refusal(arg, p.shown()));
        }
        Ok((f, m))
    }

    fn over_cap(&self, arg: &str, p: &WsPath, what: String) -> ToolError {
        let cap = self.limits().max_read_bytes;
        let shown = if cap < 1024 {
            human(cap)
        } else {
            format!("{} ({cap} bytes)", human(cap))
        };
        ToolError::invalid_input(format!(
            "`{arg}` {}: {what} over the read cap of {shown}.",
            p.shown()
        ))
    }

    /// The whole file `p`, at most [`Limits::max_read_bytes`](super::Limits).
    pub fn read(&self, arg: &str, p: &WsPath) -> Result<Vec<u8>, ToolError> {
        let (f, m) = self.open_file(arg, p)?;
        let cap = self.limits().max_read_bytes;
        if m.len() > cap {
            return Err(self.over_cap(arg, p, format!("the file is {},", human(m.len()))));
        }
        let mut buf = Vec::with_capacity(usize::try_from(m.len()).unwrap_or(0));
        f.take(cap.saturating_add(1))
            .read_to_end(&mut buf)
            .map_err(|e| io::error(arg, p, "read", e))?;
        if buf.len() as u64 > cap {
            return Err(self.over_cap(arg, p, "the file grew while read, and is".to_owned()));
        }
        Ok(buf)
    }

    /// The whole file `p` as text (invalid UTF-8 replaced by U+FFFD).
    pub fn read_text(&self, arg: &str, p: &WsPath) -> Result<String, ToolError> {
        self.read(arg, p)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
    }

    /// The first `lines` lines of `p` as text, joined by `\n` (CRLF read as LF), at most
    /// [`Limits::max_read_bytes`](super::Limits) of them.
    pub fn read_head(&self, arg: &str, p: &WsPath, lines: u64) -> Result<String, ToolError> {
        let (f, _) = self.open_file(arg, p)?;
        let cap = self.limits().max_read_bytes;
        let mut reader = BufReader::new(f);
        let mut out = Vec::new();
        let mut n = 0;
        while n < lines {
            let room = cap.saturating_add(1).saturating_sub(out.len() as u64);
            let read = (&mut reader)
                .take(room)
                .read_until(b'\n', &mut out)
                .map_err(|e| io::error(arg, p, "read", e))?;
            if read == 0 {
                break;
            }
            if out.len() as u64 > cap {
                return Err(self.over_cap(arg, p, format!("the first {lines} lines are")));
            }
            n += 1;
        }
        Ok(lines_text(&out))
    }

    /// The last `lines` lines of `p` as text, joined by `\n` (CRLF read as LF; a final
    /// newline ends the last line), at most [`Limits::max_read_bytes`](super::Limits) of
    /// them. Read backwards from the end, so a large file costs what is returned.
    pub fn read_tail(&self, arg: &str, p: &WsPath, lines: u64) -> Result<String, ToolError> {
        const CHUNK: u64 = 64 * 1024;
        let (mut f, m) = self.open_file(arg, p)?;
        let cap = self.limits().max_read_bytes;
        let len = m.len();
        let mut pos = len;
        let mut buf: Vec<u8> = Vec::new();
        let newlines = |buf: &[u8], at_end: bool| {
            let body = match buf.split_last() {
                Some((b'\n', rest)) if at_end => rest,
                _ => buf,
            };
            body.iter().filter(|b| **b == b'\n').count() as u64
        };
        while pos > 0 && newlines(&buf, true) < lines {
            if buf.len() as u64 > cap.saturating_add(CHUNK) {
                return Err(self.over_cap(arg, p, format!("the last {lines} lines are")));
            }
            let size = CHUNK.min(pos);
            pos -= size;
            let mut chunk = vec![0u8; usize::try_from(size).unwrap_or(0)];
            f.seek(SeekFrom::Start(pos))
                .and_then(|_| f.read_exact(&mut chunk))
                .map_err(|e| io::error(arg, p, "read", e))?;
            chunk.extend_from_slice(&buf);
            buf = chunk;
        }
        let text = lines_text(&buf);
        let all: Vec<&str> = text.split('\n').collect();
        let keep = usize::try_from(lines).unwrap_or(usize::MAX).min(all.len());
        let tail = all.get(all.len() - keep..).unwrap_or_default().join("\n");
        if tail.len() as u64 > cap {
            return Err(self.over_cap(arg, p, format!("the last {lines} lines are")));
        }
        Ok(tail)
    }

    /// Write `data` to the file `p`, creating it or replacing what it held; its parent
    /// directory must exist. A symbolic link at `p` that stays inside is written through
    /// (its target replaced). The data goes to a new file in the same directory that is then
    /// renamed over `p`, so a reader never sees half of it and a hard link made meanwhile is
    /// replaced, never written through; an existing file keeps its permission bits.
    pub fn write(&self, arg: &str, p: &WsPath, data: &[u8]) -> Result<Written, ToolError> {
        if p.is_root() {
            return Err(Rule::Root.refusal(arg, p.shown()));
        }
        let dir = self.dir()?;
        let target: PathBuf = match dir.symlink_metadata(p.rel()) {
            Ok(m) if m.is_symlink() => dir
                .canonicalize(p.rel())
                .map_err(|e| io::error(arg, p, "follow the symbolic link of", e))?,
            _ => p.rel().to_path_buf(),
        };
        let (parent, name) =
            io::split_rel(&target).ok_or_else(|| Rule::Root.refusal(arg, p.shown()))?;
        let pdir = open_parent(&dir, parent, arg, p)?;
        let existing = match pdir.symlink_metadata(name) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(io::error(arg, p, "write", e)),
        };
        if let Some(m) = &existing {
            if m.is_dir() {
                return Err(ToolError::invalid_input(format!(
                    "`{arg}` {} is a directory: it cannot be written as a file.",
                    p.shown()
                )));
            }
            if !m.is_file() && !m.is_symlink() {
                return Err(Rule::Special.refusal(arg, p.shown()));
            }
            if m.is_file() && m.nlink() > 1 {
                return Err(Rule::HardLink.refusal(arg, p.shown()));
            }
        }
        let keep = existing.as_ref().filter(|m| m.is_file());
        replace(&pdir, name, data, keep).map_err(|e| io::error(arg, p, "write", e))?;
        Ok(Written {
            created: existing.is_none(),
            bytes: data.len(),
        })
    }

    /// Create the directory `p` and every missing parent (nothing to do when it exists).
    pub fn create_dir_all(&self, arg: &str, p: &WsPath) -> Result<(), ToolError> {
        if p.is_root() {
            return Ok(());
        }
        let dir = self.dir()?;
        match dir.create_dir_all(p.rel()) {
            Ok(()) => Ok(()),
            // An existing entry that is not a directory (or a link that leads out).
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                match dir.metadata(p.rel()) {
                    Err(e) if io::is_escape(&e) => Err(Rule::Symlink.refusal(arg, p.shown())),
                    _ => Err(ToolError::invalid_input(format!(
                        "`{arg}` {} exists and is not a directory.",
                        p.shown()
                    ))),
                }
            }
            Err(e) => Err(io::error(arg, p, "create", e)),
        }
    }

    /// Move `from` to `to` (a file, a directory or a link itself), which must not exist; its
    /// parent must.
    pub fn rename(
        &self,
        (from_arg, from): (&str, &WsPath),
        (to_arg, to): (&str, &WsPath),
    ) -> Result<(), ToolError> {
        if from.is_root() {
            return Err(Rule::Root.refusal(from_arg, from.shown()));
        }
        if to.is_root() {
            return Err(Rule::Root.refusal(to_arg, to.shown()));
        }
        let dir = self.dir()?;
        dir.symlink_metadata(from.rel())
            .map_err(|e| io::error(from_arg, from, "move", e))?;
        match dir.symlink_metadata(to.rel()) {
            Ok(_) => {
                return Err(ToolError::invalid_input(format!(
                    "`{to_arg}` {} already exists: move to a name that does not.",
                    to.shown()
                )));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io::error(to_arg, to, "move to", e)),
        }
        if to.rel().starts_with(from.rel()) {
            return Err(ToolError::invalid_input(format!(
                "`{to_arg}` {} is inside `{from_arg}` {}: a directory cannot move into itself.",
                to.shown(),
                from.shown()
            )));
        }
        dir.rename(from.rel(), &dir, to.rel()).map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                ToolError::invalid_input(format!(
                    "the directory that would hold `{to_arg}` {} does not exist: create it first.",
                    to.shown()
                ))
            } else {
                io::error(to_arg, to, "move to", e)
            }
        })
    }

    /// Remove the file (or link) `p`; a directory is refused.
    pub fn remove_file(&self, arg: &str, p: &WsPath) -> Result<(), ToolError> {
        if p.is_root() {
            return Err(Rule::Root.refusal(arg, p.shown()));
        }
        self.dir()?
            .remove_file(p.rel())
            .map_err(|e| io::error(arg, p, "remove", e))
    }

    /// The entries of the directory `p` (its links followed while they stay inside), sorted
    /// by name, at most [`Limits::max_entries`](super::Limits).
    pub fn list(&self, arg: &str, p: &WsPath) -> Result<Listing, ToolError> {
        let cap = self.limits().max_entries;
        let dir = open_dir(&self.dir()?, p.rel(), arg, p)?;
        let mut entries = Vec::new();
        let mut omitted = 0;
        for entry in dir.entries().map_err(|e| io::error(arg, p, "list", e))? {
            let entry = entry.map_err(|e| io::error(arg, p, "list", e))?;
            if entries.len() >= cap {
                omitted += 1;
                continue;
            }
            let m = entry.metadata().ok();
            entries.push(ListedEntry {
                name: entry.file_name(),
                kind: m
                    .as_ref()
                    .map(|m| Kind::of(m.file_type()))
                    .or_else(|| entry.file_type().ok().map(Kind::of))
                    .unwrap_or(Kind::Other),
                len: m.as_ref().map_or(0, Metadata::len),
                modified: m
                    .as_ref()
                    .and_then(|m| m.modified().ok())
                    .map(|t| t.into_std()),
            });
        }
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(Listing {
            entries,
            omitted,
            cap,
        })
    }
}

/// The directory `rel` beneath `dir`; a clear message when it is a file.
pub(crate) fn open_dir(dir: &Dir, rel: &Path, arg: &str, p: &WsPath) -> Result<Dir, ToolError> {
    dir.open_dir(rel).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotADirectory {
            ToolError::invalid_input(format!("`{arg}` {} is a file, not a directory.", p.shown()))
        } else {
            io::error(arg, p, "open the directory", e)
        }
    })
}

/// The parent directory of a file about to be written.
fn open_parent(dir: &Dir, parent: &Path, arg: &str, p: &WsPath) -> Result<Dir, ToolError> {
    dir.open_dir(parent).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ToolError::invalid_input(format!(
            "the directory that would hold `{arg}` {} does not exist: create it first.",
            p.shown()
        )),
        std::io::ErrorKind::NotADirectory => ToolError::invalid_input(format!(
            "`{arg}` {}: a part of the path is a file, not a directory.",
            p.shown()
        )),
        _ => io::error(arg, p, "write", e),
    })
}

/// Write `data` to a new file in `pdir` and rename it to `name`; with the permission bits of
/// `keep` (the file it replaces).
fn replace(
    pdir: &Dir,
    name: &std::ffi::OsStr,
    data: &[u8],
    keep: Option<&Metadata>,
) -> std::io::Result<()> {
    let tmp = format!(".mcp-write-{:016x}.tmp", fastrand::u64(..));
    let mut o = OpenOptions::new();
    o.write(true).create_new(true);
    if let Some(m) = keep {
        o.mode(m.mode() & 0o7777);
    }
    let mut f = pdir.open_with(&tmp, &o)?;
    let written = f
        .write_all(data)
        .and_then(|()| match keep {
            Some(m) => f.set_permissions(m.permissions()),
            None => Ok(()),
        })
        .and_then(|()| pdir.rename(&tmp, pdir, name));
    if written.is_err() {
        let _ = pdir.remove_file(&tmp);
    }
    written
}

/// Bytes read as lines: lossy UTF-8, CRLF as LF, one final newline dropped.
fn lines_text(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes).replace("\r\n", "\n");
    match text.strip_suffix('\n') {
        Some(t) => t.to_owned(),
        None => text,
    }
}
