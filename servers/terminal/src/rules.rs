//! The rules in force: which commands and flags may run, the limits, whether operators are
//! honoured; read once at start-up from the operator's settings (Klavis's variables), and
//! the checks every command of a line goes through before anything runs.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use mcp_shared::{Settings, ToolError};

/// The commands allowed when the operator names none: programs that read and print.
pub const DEFAULT_COMMANDS: &[&str] = &[
    "basename", "cat", "cut", "dirname", "du", "echo", "false", "find", "grep", "head", "ls",
    "pwd", "sort", "stat", "tail", "tr", "true", "uniq", "wc",
];

/// Programs that run other programs or code (shells, wrappers, interpreters, editors and
/// pagers with shell escapes, build tools): refused unless the operator names them in
/// `ALLOWED_COMMANDS` (or allows every command with `--allow-all-commands`).
pub const RUNNERS: &[&str] = &[
    "sh",
    "bash",
    "dash",
    "zsh",
    "ksh",
    "mksh",
    "csh",
    "tcsh",
    "fish",
    "ash",
    "busybox",
    "toybox",
    "env",
    "xargs",
    "nohup",
    "timeout",
    "nice",
    "ionice",
    "setsid",
    "stdbuf",
    "chroot",
    "sudo",
    "su",
    "doas",
    "runuser",
    "pkexec",
    "time",
    "watch",
    "strace",
    "ltrace",
    "gdb",
    "script",
    "expect",
    "parallel",
    "flock",
    "unshare",
    "nsenter",
    "systemd-run",
    "start-stop-daemon",
    "chrt",
    "taskset",
    "prlimit",
    "capsh",
    "setpriv",
    "exec",
    "eval",
    "command",
    "builtin",
    "source",
    "awk",
    "gawk",
    "mawk",
    "nawk",
    "busybox-awk",
    "sed",
    "gsed",
    "perl",
    "python",
    "ruby",
    "node",
    "nodejs",
    "deno",
    "bun",
    "php",
    "lua",
    "luajit",
    "tclsh",
    "wish",
    "rscript",
    "r",
    "julia",
    "java",
    "jshell",
    "pypy",
    "pypy3",
    "irb",
    "erl",
    "escript",
    "guile",
    "racket",
    "sbcl",
    "ghci",
    "runghc",
    "osascript",
    "vi",
    "vim",
    "nvim",
    "emacs",
    "ed",
    "ex",
    "less",
    "more",
    "man",
    "git",
    "make",
    "cmake",
    "ninja",
    "npm",
    "npx",
    "yarn",
    "pnpm",
    "pip",
    "pip3",
    "cargo",
    "go",
    "gcc",
    "cc",
    "clang",
    "tar",
    "zip",
    "rsync",
    "ssh",
    "scp",
    "sftp",
    "crontab",
    "at",
    "batch",
    "docker",
    "podman",
    "kubectl",
    "openssl",
    "gpg",
];

/// Whether `name` runs other programs or code (`python3.11`, `perl5.36` included).
pub fn is_runner(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    if RUNNERS.contains(&lower.as_str()) {
        return true;
    }
    [
        "python", "perl", "ruby", "php", "lua", "node", "pypy", "java", "tclsh",
    ]
    .iter()
    .any(|p| {
        lower
            .strip_prefix(p)
            .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit() || c == '.'))
    })
}

/// Flags of a command that are always refused (they run programs, delete, write other
/// files, follow symbolic links out, or read file names from a file), unless the operator
/// names the exact flag in `ALLOWED_FLAGS`.
pub struct Denied {
    pub command: &'static str,
    pub flags: &'static [&'static str],
    /// Short flags can be grouped (`-lL`): a group holding a denied letter is denied.
    pub grouped: bool,
}

pub const DENIED_FLAGS: &[Denied] = &[
    Denied {
        command: "find",
        flags: &[
            "-exec",
            "-execdir",
            "-ok",
            "-okdir",
            "-delete",
            "-fprint",
            "-fprint0",
            "-fprintf",
            "-fls",
            "-L",
            "-follow",
            "-files0-from",
        ],
        grouped: false,
    },
    Denied {
        command: "grep",
        flags: &["-R", "--dereference-recursive"],
        grouped: true,
    },
    Denied {
        command: "egrep",
        flags: &["-R", "--dereference-recursive"],
        grouped: true,
    },
    Denied {
        command: "fgrep",
        flags: &["-R", "--dereference-recursive"],
        grouped: true,
    },
    Denied {
        command: "rg",
        flags: &["-L", "--follow", "--pre", "--search-zip", "-z"],
        grouped: true,
    },
    Denied {
        command: "ls",
        flags: &["-L", "--dereference"],
        grouped: true,
    },
    Denied {
        command: "du",
        flags: &["-L", "--dereference", "--files0-from"],
        grouped: true,
    },
    Denied {
        command: "wc",
        flags: &["--files0-from"],
        grouped: true,
    },
    Denied {
        command: "sort",
        flags: &["--compress-program", "--files0-from"],
        grouped: true,
    },
    Denied {
        command: "file",
        flags: &["-f", "--files-from"],
        grouped: true,
    },
    Denied {
        command: "cp",
        flags: &["-L", "--dereference"],
        grouped: true,
    },
    Denied {
        command: "diff",
        flags: &["-r", "--recursive"],
        grouped: true,
    },
];

/// Which commands may run.
#[derive(Debug, Clone)]
pub enum Commands {
    /// `ALLOWED_COMMANDS=all` with `--allow-all-commands`.
    All,
    /// A list; `explicit` when the operator gave it (else the default list).
    List {
        names: BTreeSet<String>,
        explicit: bool,
    },
}

/// Which flags may be given.
#[derive(Debug, Clone)]
pub enum Flags {
    All,
    List(BTreeSet<String>),
}

/// The rules in force.
#[derive(Debug, Clone)]
pub struct Rules {
    pub commands: Commands,
    pub flags: Flags,
    pub max_length: usize,
    pub timeout: Duration,
    pub operators: bool,
    pub max_output: usize,
    /// Where commands are looked up by name (absolute directories outside the workspace).
    pub path_dirs: Vec<PathBuf>,
}

pub const DEFAULT_MAX_LENGTH: usize = 1024;
pub const DEFAULT_TIMEOUT_SECS: u64 = 30;
pub const DEFAULT_MAX_OUTPUT: usize = 1024 * 1024;
pub const DEFAULT_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The flag that lets `ALLOWED_COMMANDS=all` through.
pub const ALLOW_ALL: &str = "allow-all-commands";
/// The flag that turns operators and redirections on.
pub const OPERATORS: &str = "allow-shell-operators";

/// An option's value: given (flag or variable), or set to an empty value in the environment
/// (the runner drops empty values; `ALLOWED_FLAGS=""` means "no flags" to Klavis's server).
fn value(settings: &Settings, name: &str, env: &str) -> Option<String> {
    if let Some(v) = settings.option(name) {
        return Some(v.to_owned());
    }
    match std::env::var(env) {
        Ok(v) if v.trim().is_empty() => Some(String::new()),
        _ => None,
    }
}

fn list(v: &str) -> BTreeSet<String> {
    v.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

fn number(settings: &Settings, name: &str, env: &str, default: u64) -> Result<u64, String> {
    match settings.option(name) {
        None => Ok(default),
        Some(v) => v
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| format!("--{name} / {env} must be a positive whole number, not {v:?}")),
    }
}

impl Rules {
    /// The rules the operator chose; `workspace` is where commands run (its directories are
    /// never searched for commands).
    pub fn from_settings(settings: &Settings, workspace: &Path) -> Result<Self, String> {
        let all_allowed = settings.flags.iter().any(|f| f == ALLOW_ALL);
        let commands = match value(settings, "allowed-commands", "ALLOWED_COMMANDS") {
            Some(v) if v.trim().eq_ignore_ascii_case("all") => {
                if !all_allowed {
                    return Err(
                        "ALLOWED_COMMANDS=all lets an agent run any program, so it needs the start flag --allow-all-commands (TERMINAL_ALLOW_ALL_COMMANDS=1) as well; with it the container is the only boundary. Name the commands instead (ALLOWED_COMMANDS=ls,cat,grep)."
                            .to_owned(),
                    );
                }
                Commands::All
            }
            Some(v) => {
                let names = list(&v);
                if let Some(bad) = names.iter().find(|n| n.contains('/')) {
                    return Err(format!(
                        "ALLOWED_COMMANDS names commands by name, not by path: {bad:?}"
                    ));
                }
                Commands::List {
                    names,
                    explicit: true,
                }
            }
            None => Commands::List {
                names: DEFAULT_COMMANDS.iter().map(|s| (*s).to_owned()).collect(),
                explicit: false,
            },
        };
        let flags = match value(settings, "allowed-flags", "ALLOWED_FLAGS") {
            None => Flags::All,
            Some(v) if v.trim().eq_ignore_ascii_case("all") => Flags::All,
            Some(v) => Flags::List(list(&v)),
        };
        let max_length = number(
            settings,
            "max-command-length",
            "MAX_COMMAND_LENGTH",
            DEFAULT_MAX_LENGTH as u64,
        )?;
        let timeout = number(
            settings,
            "command-timeout",
            "COMMAND_TIMEOUT",
            DEFAULT_TIMEOUT_SECS,
        )?;
        let max_output = number(
            settings,
            "max-output-bytes",
            "TERMINAL_MAX_OUTPUT_BYTES",
            DEFAULT_MAX_OUTPUT as u64,
        )?;
        let path = std::env::var("PATH")
            .ok()
            .filter(|p| !p.trim().is_empty())
            .unwrap_or_else(|| DEFAULT_PATH.to_owned());
        let path_dirs = path
            .split(':')
            .map(PathBuf::from)
            .filter(|d| d.is_absolute())
            .filter(|d| std::fs::canonicalize(d).is_ok_and(|real| !real.starts_with(workspace)))
            .fold(Vec::new(), |mut acc: Vec<PathBuf>, d| {
                if !acc.contains(&d) {
                    acc.push(d);
                }
                acc
            });
        Ok(Self {
            commands,
            flags,
            max_length: usize::try_from(max_length).unwrap_or(usize::MAX),
            timeout: Duration::from_secs(timeout),
            operators: settings.flags.iter().any(|f| f == OPERATORS),
            max_output: usize::try_from(max_output).unwrap_or(usize::MAX),
            path_dirs,
        })
    }

    /// The `PATH` children get.
    pub fn child_path(&self) -> String {
        self.path_dirs
            .iter()
            .map(|d| d.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(":")
    }

    /// Check the command name `name`, and find its program.
    pub fn program(&self, name: &str) -> Result<PathBuf, ToolError> {
        if name.contains('/') {
            return Err(ToolError::invalid_input(format!(
                "`command`: `{name}` is refused: commands are given by name (looked up in the server's PATH), never by path."
            )));
        }
        match &self.commands {
            Commands::All => {}
            Commands::List { names, explicit } => {
                if !names.contains(name) {
                    let why = if is_runner(name) {
                        " It runs other programs or code, so it is refused unless the operator names it in ALLOWED_COMMANDS."
                    } else {
                        ""
                    };
                    return Err(ToolError::invalid_input(format!(
                        "`command`: `{name}` is not an allowed command.{why} Allowed: {}.",
                        names.iter().cloned().collect::<Vec<_>>().join(", ")
                    )));
                }
                // A default list never holds a runner; an explicit one may (the operator's
                // choice), and only by its exact name.
                if !explicit && is_runner(name) {
                    return Err(ToolError::invalid_input(format!(
                        "`command`: `{name}` runs other programs or code: refused unless the operator names it in ALLOWED_COMMANDS."
                    )));
                }
            }
        }
        self.path_dirs
            .iter()
            .map(|d| d.join(name))
            .find(|p| is_executable(p))
            .ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "`command`: `{name}` is allowed but not installed here (not found in {}).",
                    self.child_path()
                ))
            })
    }

    /// Check the flags of one command (`argv[0]` is its name).
    pub fn check_flags(&self, argv: &[String]) -> Result<(), ToolError> {
        let Some((name, args)) = argv.split_first() else {
            return Ok(());
        };
        let denied = DENIED_FLAGS.iter().find(|d| d.command == name);
        for a in args {
            if a == "--" {
                break;
            }
            if !a.starts_with('-') || a == "-" {
                continue;
            }
            let base = match a.split_once('=') {
                Some((b, _)) if a.starts_with("--") => b,
                _ => a.as_str(),
            };
            let named = |f: &str| matches!(&self.flags, Flags::List(l) if l.contains(f));
            if let Some(d) = denied {
                let hit = d.flags.iter().find(|f| {
                    **f == base
                        || (d.grouped
                            && f.len() == 2
                            && !a.starts_with("--")
                            && f.chars()
                                .nth(1)
                                .is_some_and(|c| a.chars().skip(1).any(|x| x == c)))
                });
                if let Some(f) = hit
                    && !named(f)
                {
                    return Err(ToolError::invalid_input(format!(
                        "`command`: `{name} {f}` is refused (it runs programs, deletes or writes other files, follows symbolic links, or reads file names from a file); the operator can allow it by naming `{f}` in ALLOWED_FLAGS."
                    )));
                }
            }
            if let Flags::List(l) = &self.flags {
                let grouped_ok = !a.starts_with("--")
                    && a.len() > 2
                    && a.chars().skip(1).all(|c| l.contains(&format!("-{c}")));
                if !(l.contains(a.as_str()) || l.contains(base) || grouped_ok) {
                    let allowed = if l.is_empty() {
                        "none".to_owned()
                    } else {
                        l.iter().cloned().collect::<Vec<_>>().join(", ")
                    };
                    return Err(ToolError::invalid_input(format!(
                        "`command`: the flag `{a}` is not allowed (ALLOWED_FLAGS: {allowed})."
                    )));
                }
            }
        }
        Ok(())
    }

    /// The rules as text, for `show_security_rules`.
    pub fn describe(&self, workspace: &Path) -> String {
        let commands = match &self.commands {
            Commands::All => {
                "all (ALLOWED_COMMANDS=all with --allow-all-commands: the container is the only boundary)"
                    .to_owned()
            }
            Commands::List { names, explicit } => format!(
                "{}{}",
                names.iter().cloned().collect::<Vec<_>>().join(", "),
                if *explicit { "" } else { " (the default list)" }
            ),
        };
        let flags = match &self.flags {
            Flags::All => "all, except the refused flags below".to_owned(),
            Flags::List(l) if l.is_empty() => "none".to_owned(),
            Flags::List(l) => l.iter().cloned().collect::<Vec<_>>().join(", "),
        };
        let denied: Vec<String> = DENIED_FLAGS
            .iter()
            .map(|d| format!("  {}: {}", d.command, d.flags.join(" ")))
            .collect();
        let on_off = |b: bool| if b { "allowed" } else { "not allowed" };
        format!(
            "Security Configuration:\n\
             ==================\n\
             Working Directory: {ws}\n\
             Allowed Commands: {commands}\n\
             Allowed Flags: {flags}\n\
             Always refused flags (unless named in ALLOWED_FLAGS):\n{denied}\n\
             Commands that run other programs (shells, env, xargs, nohup, timeout, sudo, interpreters, awk, sed, ...): refused unless named in ALLOWED_COMMANDS\n\
             Shell operators (&&, ||, ;, |) and redirections (>, >>, <, 2>, 2>>, 2>&1): {ops}\n\
             No shell is started: the line is split into words; $, backticks, globs, braces, subshells, & and comments are refused outside single quotes\n\
             Commands are given by name and looked up in: {path}\n\
             Path arguments: inside the working directory only (no `..`, no symbolic links out, absolute paths only inside it)\n\
             Environment of commands: PATH={path}, LANG=C.UTF-8 (nothing else)\n\n\
             Security Limits:\n\
             Max Command Length: {len} characters\n\
             Command Timeout: {timeout} seconds (the whole line; its process groups are killed)\n\
             Max Output: {out} bytes per stream (stdout, stderr)",
            ws = workspace.display(),
            denied = denied.join("\n"),
            ops = on_off(self.operators),
            path = self.child_path(),
            len = self.max_length,
            timeout = self.timeout.as_secs(),
            out = self.max_output,
        )
    }
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}
