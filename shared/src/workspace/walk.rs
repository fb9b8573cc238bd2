//! A recursive walk of a directory beneath the workspace (for trees and searches): each
//! level opened through its parent's handle, symbolic links listed but never followed,
//! entries sorted by name, and the walk capped in entries and depth.

use std::path::{Path, PathBuf};

use cap_std::fs::Dir;

use crate::error::ToolError;
use crate::workspace::Workspace;
use crate::workspace::io;
use crate::workspace::ops::{Kind, open_dir};
use crate::workspace::path::WsPath;

/// One entry met by a walk.
#[derive(Debug, Clone)]
pub struct WalkEntry {
    /// Relative to the directory walked (`src/lib.rs`).
    pub rel: PathBuf,
    /// The entry itself: a symbolic link is [`Kind::Symlink`] and is not descended into.
    pub kind: Kind,
    /// 1 for the directory's own entries, 2 for theirs...
    pub depth: usize,
}

/// What a walk found, in depth-first order (a directory before its entries, names sorted).
#[derive(Debug, Clone, Default)]
pub struct Walk {
    pub entries: Vec<WalkEntry>,
    /// It stopped at the entry cap ([`Limits::max_walk_entries`](super::Limits)): some
    /// entries were not visited.
    pub stopped_at_entries: Option<usize>,
    /// Directories at the depth cap ([`Limits::max_depth`](super::Limits)) were listed but
    /// not descended into.
    pub stopped_at_depth: Option<usize>,
}

struct Walker<'a, F> {
    keep: F,
    max_entries: usize,
    max_depth: usize,
    visited: usize,
    out: Walk,
    arg: &'a str,
    start: &'a WsPath,
}

impl<F: FnMut(&WalkEntry) -> bool> Walker<'_, F> {
    fn dir(&mut self, dir: &Dir, rel: &Path, depth: usize) -> Result<(), ToolError> {
        let (arg, start) = (self.arg, self.start);
        let err = |e| io::error(arg, start, "list", e);
        let mut names = Vec::new();
        for entry in dir.entries().map_err(err)? {
            let entry = entry.map_err(err)?;
            if self.visited >= self.max_entries {
                self.out.stopped_at_entries = Some(self.max_entries);
                break;
            }
            self.visited += 1;
            let kind = entry.file_type().map(Kind::of).unwrap_or(Kind::Other);
            names.push((entry.file_name(), kind));
        }
        names.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, kind) in names {
            let entry = WalkEntry {
                rel: rel.join(&name),
                kind,
                depth,
            };
            if !(self.keep)(&entry) {
                continue;
            }
            let descend = kind == Kind::Dir;
            let child_rel = entry.rel.clone();
            self.out.entries.push(entry);
            if !descend {
                continue;
            }
            if depth >= self.max_depth {
                self.out.stopped_at_depth = Some(self.max_depth);
                continue;
            }
            // Through the parent's handle: a directory swapped for a link meanwhile is
            // resolved beneath this one, never outside.
            match dir.open_dir(&name) {
                Ok(sub) => self.dir(&sub, &child_rel, depth + 1)?,
                // Gone or changed since it was listed: its entries are not listed.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) if io::is_escape(&e) => {}
                Err(e) => return Err(err(e)),
            }
        }
        Ok(())
    }
}

impl Workspace {
    /// Walk the directory `p` (the argument `arg`): every entry below it that `keep` accepts,
    /// with the directories `keep` accepts descended into (a refused directory is skipped
    /// whole). Symbolic links are listed, never followed.
    pub fn walk(
        &self,
        arg: &str,
        p: &WsPath,
        keep: impl FnMut(&WalkEntry) -> bool,
    ) -> Result<Walk, ToolError> {
        let limits = *self.limits();
        let dir = open_dir(&self.dir()?, p.rel(), arg, p)?;
        let mut w = Walker {
            keep,
            max_entries: limits.max_walk_entries,
            max_depth: limits.max_depth.max(1),
            visited: 0,
            out: Walk::default(),
            arg,
            start: p,
        };
        w.dir(&dir, Path::new(""), 1)?;
        Ok(w.out)
    }
}
