//! The lexical rules of the jail: which strings an agent may give as a path, and the path
//! beneath the workspace each one names (no `..`, no root, no prefix left in it).

use std::path::{Component, Path, PathBuf};

use crate::error::ToolError;

/// A rule of the workspace jail. Every refusal names the rule it applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// NUL bytes end a path early in the operating system: refused anywhere.
    Nul,
    /// `~` is a home directory in a shell; here it would be a file named `~`: refused.
    Home,
    /// `file://` and other URLs are not paths.
    Url,
    /// `C:\`, `C:/`, `\\server\share` and backslash separators.
    Windows,
    /// An absolute path that is not inside the workspace.
    Outside,
    /// `..` that climbs above the workspace.
    DotDot,
    /// A symbolic link on the way (or at the end) whose target is outside the workspace.
    Symlink,
    /// A write to a regular file with more than one hard link (another name, perhaps
    /// outside the workspace, shares its contents).
    HardLink,
    /// Devices, pipes and sockets: only regular files and directories are read or written.
    Special,
    /// An operation that cannot apply to the workspace directory itself (moving it, writing
    /// it as a file).
    Root,
}

impl Rule {
    /// The rule's short name, quoted in every refusal.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Nul => "no NUL bytes",
            Rule::Home => "no `~`",
            Rule::Url => "no URLs",
            Rule::Windows => "no Windows paths",
            Rule::Outside => "absolute paths only inside the workspace",
            Rule::DotDot => "no `..` out of the workspace",
            Rule::Symlink => "no symbolic links out of the workspace",
            Rule::HardLink => "no writes to hard-linked files",
            Rule::Special => "regular files and directories only",
            Rule::Root => "not the workspace itself",
        }
    }

    fn explanation(self) -> &'static str {
        match self {
            Rule::Nul => "a path may not contain a NUL byte",
            Rule::Home => {
                "`~` is not expanded to a home directory; paths are relative to the workspace"
            }
            Rule::Url => {
                "a URL such as `file://...` is not a path; give a path relative to the workspace"
            }
            Rule::Windows => {
                "drive letters (`C:\\`), UNC paths (`\\\\server`) and backslash separators are not accepted; use `/` between the parts of a path relative to the workspace"
            }
            Rule::Outside => {
                "an absolute path is accepted only inside the workspace; give a path relative to it"
            }
            Rule::DotDot => "`..` would lead out of the workspace",
            Rule::Symlink => "a symbolic link on the way leads out of the workspace",
            Rule::HardLink => {
                "the file has more than one hard link, so another name (perhaps outside the workspace) shares its contents; it is not written"
            }
            Rule::Special => {
                "it is a device, pipe or socket; only regular files and directories are read and written"
            }
            Rule::Root => "this cannot be done to the workspace directory itself",
        }
    }

    /// The refusal of `input` (the argument `arg`) by this rule.
    pub fn refuse(self, arg: &str, input: &str) -> ToolError {
        self.refusal(arg, &shown(input))
    }

    /// The refusal of a path already shown for messages ([`WsPath::shown`]).
    pub(crate) fn refusal(self, arg: &str, shown: &str) -> ToolError {
        ToolError::invalid_input(format!(
            "`{arg}` {shown} is refused (workspace rule: {}): {}.",
            self.name(),
            self.explanation()
        ))
    }
}

/// A path an agent gave, checked: where it is beneath the workspace, and how to show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WsPath {
    rel: PathBuf,
    shown: String,
}

impl WsPath {
    /// The path beneath the workspace (`.` for the workspace itself): only normal
    /// components, never `..`, a root or a prefix.
    pub fn rel(&self) -> &Path {
        &self.rel
    }

    /// The path as the agent gave it, quoted and cut for messages (`` `a/b.txt` ``).
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// Whether it names the workspace directory itself.
    pub fn is_root(&self) -> bool {
        self.rel == Path::new(".")
    }

    /// A name inside this directory (one component, from a listing).
    pub fn child(&self, name: &std::ffi::OsStr) -> WsPath {
        let rel = if self.is_root() {
            PathBuf::from(name)
        } else {
            self.rel.join(name)
        };
        let shown = shown(&rel.to_string_lossy());
        WsPath { rel, shown }
    }
}

/// `` `input` `` for a message: at most 200 characters, control characters escaped.
pub(crate) fn shown(input: &str) -> String {
    let mut out = String::from("`");
    for (count, c) in input.chars().enumerate() {
        if count == 200 {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out.push('`');
    out
}

/// Whether `s` starts with a URL scheme and `:` (`file:`, `http://`): letters first, then
/// letters, digits, `+`, `-` or `.`, at least two characters (one letter is a drive).
fn has_scheme(s: &str) -> bool {
    let Some((scheme, _)) = s.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && scheme.len() >= 2
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        && (s.contains("://") || scheme.eq_ignore_ascii_case("file"))
}

/// Whether `s` is a Windows path: a drive letter (`C:`, `C:\x`, `C:/x`), a UNC path
/// (`\\server`), or backslash separators.
fn is_windows(s: &str) -> bool {
    let b = s.as_bytes();
    let drive = b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':';
    drive || s.contains('\\')
}

/// Lexically normalise the components of `p`: `.` dropped, `..` removes the component before
/// it. `None` when a `..` climbs above the start (for an absolute path: above `/`, which
/// stays `/`).
pub(crate) fn normalise(p: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    let mut depth = 0usize;
    for c in p.components() {
        match c {
            Component::RootDir | Component::Prefix(_) => out.push(c.as_os_str()),
            Component::CurDir => {}
            Component::ParentDir => {
                if depth == 0 {
                    if p.is_absolute() {
                        continue;
                    }
                    return None;
                }
                out.pop();
                depth -= 1;
            }
            Component::Normal(n) => {
                out.push(n);
                depth += 1;
            }
        }
    }
    Some(out)
}

/// Check `input` (the argument `arg`) against the lexical rules and return the path beneath
/// the workspace it names (an empty path names the workspace itself, like `.`). `roots` are
/// the absolute forms of the workspace an absolute path may start with (as configured, and
/// with its symbolic links resolved).
pub(crate) fn parse(arg: &str, input: &str, roots: &[&Path]) -> Result<WsPath, ToolError> {
    if input.contains('\0') {
        return Err(Rule::Nul.refuse(arg, input));
    }
    if input.starts_with('~') {
        return Err(Rule::Home.refuse(arg, input));
    }
    if has_scheme(input) {
        return Err(Rule::Url.refuse(arg, input));
    }
    if is_windows(input) {
        return Err(Rule::Windows.refuse(arg, input));
    }
    let path = Path::new(input);
    let rel = if path.is_absolute() {
        let Some(abs) = normalise(path) else {
            return Err(Rule::Outside.refuse(arg, input));
        };
        roots
            .iter()
            .find_map(|r| abs.strip_prefix(r).ok())
            .map(Path::to_path_buf)
            .ok_or_else(|| Rule::Outside.refuse(arg, input))?
    } else {
        normalise(path).ok_or_else(|| Rule::DotDot.refuse(arg, input))?
    };
    let rel = if rel.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        rel
    };
    Ok(WsPath {
        rel,
        shown: shown(input),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(input: &str) -> Result<PathBuf, String> {
        parse("path", input, &[Path::new("/ws"), Path::new("/real/ws")])
            .map(|p| p.rel)
            .map_err(|e| e.message)
    }

    #[test]
    fn relative_and_absolute_inside() {
        assert_eq!(rel("a/b.txt").unwrap(), PathBuf::from("a/b.txt"));
        assert_eq!(rel("./a/./b/../c").unwrap(), PathBuf::from("a/c"));
        assert_eq!(rel(".").unwrap(), PathBuf::from("."));
        assert_eq!(
            rel("").unwrap(),
            PathBuf::from("."),
            "as in the reference server"
        );
        assert_eq!(rel("a/..").unwrap(), PathBuf::from("."));
        assert_eq!(rel("/ws").unwrap(), PathBuf::from("."));
        assert_eq!(rel("/ws/x/y").unwrap(), PathBuf::from("x/y"));
        assert_eq!(rel("/real/ws/x").unwrap(), PathBuf::from("x"));
        assert_eq!(rel("/ws/../ws/x").unwrap(), PathBuf::from("x"));
        assert_eq!(rel("ab:c").unwrap(), PathBuf::from("ab:c"), "not a scheme");
        assert_eq!(rel("dir/~file").unwrap(), PathBuf::from("dir/~file"));
        assert_eq!(rel("ééé/日本").unwrap(), PathBuf::from("ééé/日本"));
    }

    #[test]
    fn each_rule_refuses_and_names_itself() {
        let cases = [
            ("a\0b", Rule::Nul),
            ("~", Rule::Home),
            ("~/x", Rule::Home),
            ("~root/x", Rule::Home),
            ("file:///etc/passwd", Rule::Url),
            ("FILE:/etc/passwd", Rule::Url),
            ("http://169.254.169.254/", Rule::Url),
            ("C:\\x", Rule::Windows),
            ("c:/x", Rule::Windows),
            ("C:", Rule::Windows),
            ("\\\\server\\share", Rule::Windows),
            ("a\\..\\..\\b", Rule::Windows),
            ("/etc/passwd", Rule::Outside),
            ("/ws2/x", Rule::Outside),
            ("/ws/../etc", Rule::Outside),
            ("/", Rule::Outside),
            ("..", Rule::DotDot),
            ("../x", Rule::DotDot),
            ("a/../../x", Rule::DotDot),
            ("../../../../etc/passwd", Rule::DotDot),
        ];
        for (input, rule) in cases {
            let err = rel(input).expect_err(input);
            assert!(err.contains(rule.name()), "{input:?}: {err}");
            assert!(err.contains("workspace rule"), "{input:?}: {err}");
        }
    }

    #[test]
    fn shown_paths_are_cut_and_escaped() {
        assert_eq!(shown("a\nb\0"), "`a\\nb\\u{0}`");
        let long = "é".repeat(500);
        let s = shown(&long);
        assert_eq!(s.chars().count(), 203);
    }
}
