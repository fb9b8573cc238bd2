//! How the operating system's answers become messages: a link that led out names its rule, a
//! missing file says so, and any other failure says what could not be done to which path.

use std::ffi::OsStr;
use std::io;
use std::path::Path;

use crate::error::{ErrorKind, ToolError};
use crate::workspace::path::{Rule, WsPath};

/// cap-std's refusal of a path that led outside its directory (a symbolic link out, or an
/// escape a concurrent rename made): `PermissionDenied` with no operating-system code, which a
/// real permission error (`EACCES`, `EPERM`) always has.
pub(crate) fn is_escape(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::PermissionDenied && e.raw_os_error().is_none()
}

/// `p` as (its parent beneath the workspace, its last name); `None` for the workspace itself.
pub(crate) fn split(p: &WsPath) -> Option<(&Path, &OsStr)> {
    split_rel(p.rel())
}

/// The same for a path beneath the workspace.
pub(crate) fn split_rel(rel: &Path) -> Option<(&Path, &OsStr)> {
    let name = rel.file_name()?;
    let parent = match rel.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    Some((parent, name))
}

/// The message for `e`, which came of trying to `what` the path `p` (the argument `arg`).
pub(crate) fn error(arg: &str, p: &WsPath, what: &str, e: io::Error) -> ToolError {
    let s = p.shown();
    if is_escape(&e) {
        return Rule::Symlink.refusal(arg, s);
    }
    let invalid = |m: String| ToolError::invalid_input(m);
    if e.raw_os_error() == Some(libc::ELOOP) {
        return invalid(format!(
            "`{arg}` {s}: too many symbolic links on the way (a loop?)."
        ));
    }
    match e.kind() {
        io::ErrorKind::NotFound => invalid(format!(
            "`{arg}` {s} does not exist in the workspace (nothing to {what})."
        )),
        io::ErrorKind::IsADirectory => invalid(format!(
            "`{arg}` {s} is a directory: cannot {what} it as a file."
        )),
        io::ErrorKind::NotADirectory => invalid(format!(
            "`{arg}` {s}: a part of the path is a file, not a directory (cannot {what} it)."
        )),
        io::ErrorKind::AlreadyExists => invalid(format!("`{arg}` {s} already exists.")),
        io::ErrorKind::DirectoryNotEmpty => {
            invalid(format!("`{arg}` {s} is a directory that is not empty."))
        }
        io::ErrorKind::InvalidFilename => invalid(format!(
            "`{arg}` {s}: a name in the path is too long for the file system."
        )),
        io::ErrorKind::PermissionDenied => invalid(format!(
            "cannot {what} `{arg}` {s}: the operating system denied permission."
        )),
        io::ErrorKind::ReadOnlyFilesystem => invalid(format!(
            "cannot {what} `{arg}` {s}: the workspace's file system is read-only."
        )),
        io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => invalid(format!(
            "cannot {what} `{arg}` {s}: no space left in the workspace's file system."
        )),
        io::ErrorKind::CrossesDevices => invalid(format!(
            "cannot {what} `{arg}` {s}: it would cross to another file system."
        )),
        _ => ToolError::new(
            ErrorKind::Transport,
            format!("cannot {what} `{arg}` {s}: {e}."),
        ),
    }
}

/// A size for people: `512 bytes`, `8 MiB`, `12.3 MiB`.
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    let name = UNITS.get(unit).copied().unwrap_or("TiB");
    if value.fract() == 0.0 {
        format!("{value:.0} {name}")
    } else {
        format!("{value:.1} {name}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_well() {
        assert_eq!(human(0), "0 bytes");
        assert_eq!(human(1023), "1023 bytes");
        assert_eq!(human(8 * 1024 * 1024), "8 MiB");
        assert_eq!(human(1536), "1.5 KiB");
    }

    #[test]
    fn escapes_are_told_from_permission_errors() {
        let escape = io::Error::new(io::ErrorKind::PermissionDenied, "a path led outside");
        assert!(is_escape(&escape));
        assert!(!is_escape(&io::Error::from_raw_os_error(13)));
    }
}
