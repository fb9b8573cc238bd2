//! Terminal MCP server: Klavis's `local/terminal` (the `cli-mcp-server` package): run a
//! command line in one workspace directory, and show the rules in force. No shell is ever
//! started: the line is split into words, each command checked against the allowlists and
//! run as a process (pipelines connected by pipes we make), every argument that names a path
//! checked through the workspace jail, redirections opened beneath the workspace's handle; a
//! cleared environment, each child in its own process group, a timeout that kills the
//! groups, capped output.

mod exec;
mod line;
mod rules;

use std::sync::Arc;

use mcp_shared::reexports::rmcp::model::ContentBlock;
use mcp_shared::spec::MakeState;
use mcp_shared::workspace::{self, Workspace};
use mcp_shared::{
    Auth, Base, Ctx, Effect, Output, ServerFlag, ServerOption, ServerSpec, Settings, State,
    ToolDef, ToolError, Toolset, tool,
};
use schemars::JsonSchema;
use serde::Deserialize;

pub use exec::Terminal;
pub use rules::{DEFAULT_COMMANDS, RUNNERS};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "terminal",
    description: "Run allowed commands in the workspace, and show the rules in force.",
    default: true,
}];

const ALLOWED_DIR: ServerOption = ServerOption {
    name: "allowed-dir",
    env: "ALLOWED_DIR",
    help: "Klavis's name for the workspace: used when --workspace / MCP_WORKSPACE is not given",
};

pub const OPTIONS: &[ServerOption] = &[
    workspace::OPTION,
    ALLOWED_DIR,
    ServerOption {
        name: "allowed-commands",
        env: "ALLOWED_COMMANDS",
        help: "Commands that may run, by name, comma-separated [default: basename,cat,cut,dirname,du,echo,false,find,grep,head,ls,pwd,sort,stat,tail,tr,true,uniq,wc]; shells, env, xargs, interpreters and other programs that run programs only when named here; `all` needs --allow-all-commands",
    },
    ServerOption {
        name: "allowed-flags",
        env: "ALLOWED_FLAGS",
        help: "Flags that may be given, comma-separated, or `all` [default: all, except the always-refused flags such as find -exec; an empty value: none]",
    },
    ServerOption {
        name: "max-command-length",
        env: "MAX_COMMAND_LENGTH",
        help: "Longest command line, in characters [default: 1024]",
    },
    ServerOption {
        name: "command-timeout",
        env: "COMMAND_TIMEOUT",
        help: "Seconds a command line may run before its process groups are killed [default: 30]",
    },
    ServerOption {
        name: "max-output-bytes",
        env: "TERMINAL_MAX_OUTPUT_BYTES",
        help: "Most bytes of standard output, and of standard error, a call returns [default: 1048576]",
    },
];

pub const FLAGS: &[ServerFlag] = &[
    ServerFlag {
        name: rules::OPERATORS,
        env: "ALLOW_SHELL_OPERATORS",
        header: None,
        help: "Honour `&&`, `||`, `;`, `|` and redirections to files of the workspace (each command still checked; no shell is started)",
    },
    ServerFlag {
        name: rules::ALLOW_ALL,
        env: "TERMINAL_ALLOW_ALL_COMMANDS",
        header: None,
        help: "Let ALLOWED_COMMANDS=all through: agents may then run any program, shells and interpreters included, and the container (or sandbox) around this server is the only boundary",
    },
];

/// The server's state in the workspace `ws`, with the rules of `settings`.
pub fn state_in(ws: Workspace, settings: &Settings) -> Result<State, String> {
    let root = ws.path("workspace", ".").map_err(|e| e.to_string())?;
    let real = ws
        .host_path("workspace", &root)
        .map_err(|e| e.to_string())?;
    let rules = rules::Rules::from_settings(settings, &real)?;
    Ok(Arc::new(Terminal {
        ws,
        real,
        rules: Arc::new(rules),
    }) as State)
}

/// The state: the workspace (`--workspace`, `MCP_WORKSPACE`, else `ALLOWED_DIR`, else the
/// current directory) and the rules.
pub fn make_state(settings: &Settings) -> Result<State, String> {
    let dir = settings
        .option(workspace::OPTION.name)
        .or_else(|| settings.option(ALLOWED_DIR.name))
        .unwrap_or(".");
    state_in(Workspace::open(dir)?, settings)
}

/// Run a command line in the workspace, without a shell. The line is split into words as a
/// POSIX shell would; `&&`, `||`, `;`, `|` and redirections to files of the workspace (`>`,
/// `>>`, `<`, `2>`, `2>>`, `2>&1`) work only when the operator allows shell operators. `$`,
/// backticks, globs and braces are not expanded: they are refused outside single quotes.
/// Each command must be allowed, and every argument that names a path must stay inside the
/// workspace. Returns standard output, standard error (`stderr:` first) and the return code;
/// see show_security_rules for the rules in force.
#[derive(Deserialize, JsonSchema)]
pub struct RunCommand {
    /// The command line, e.g. `ls -l` or `grep -rn TODO src`
    command: String,
}

async fn run_command(ctx: Ctx, a: RunCommand) -> Result<Output, ToolError> {
    let t = ctx.state::<Terminal>()?.clone();
    let len = a.command.chars().count();
    if len > t.rules.max_length {
        return Err(ToolError::invalid_input(format!(
            "`command` is {len} characters long: the limit is {} (MAX_COMMAND_LENGTH).",
            t.rules.max_length
        )));
    }
    let line = line::parse(&a.command)?;
    exec::check(&t, &line)?;
    let out = exec::run(&t, &line).await?;
    let cap = t.rules.max_output;
    let mut blocks = Vec::new();
    if !out.stdout.bytes.is_empty() {
        blocks.push(ContentBlock::text(
            String::from_utf8_lossy(&out.stdout.bytes).into_owned(),
        ));
    }
    if !out.stderr.bytes.is_empty() {
        blocks.push(ContentBlock::text(format!(
            "stderr:\n{}",
            String::from_utf8_lossy(&out.stderr.bytes)
        )));
    }
    let mut last = format!("\n{}", exec::status_text(out.status));
    for (name, c) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        if c.dropped > 0 {
            last.push_str(&format!(
                "\n[{name} was cut at the output cap of {cap} bytes (TERMINAL_MAX_OUTPUT_BYTES): {} more bytes not shown]",
                c.dropped
            ));
        }
    }
    blocks.push(ContentBlock::text(last));
    Ok(Output::Content(blocks))
}

/// Show the rules in force: the working directory, allowed commands and flags, the flags
/// always refused, whether shell operators are allowed, the command length limit, the
/// timeout, the output cap and the environment commands get.
#[derive(Deserialize, JsonSchema)]
pub struct ShowSecurityRules {}

async fn show_security_rules(ctx: Ctx, _: ShowSecurityRules) -> Result<String, ToolError> {
    let t = ctx.state::<Terminal>()?;
    Ok(t.rules.describe(t.ws.root()))
}

fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "run_command",
            "Run command",
            Effect::Destructive,
            run_command,
        )
        .toolset("terminal"),
        tool(
            "show_security_rules",
            "Show security rules",
            Effect::Read,
            show_security_rules,
        )
        .toolset("terminal"),
    ]
}

/// The server's declaration, with `state` making its state (tests give a scratch workspace).
pub const fn spec(state: MakeState) -> ServerSpec {
    ServerSpec {
        service: "terminal",
        display_name: "Terminal",
        binary: "terminal-mcp-server",
        version: env!("CARGO_PKG_VERSION"),
        description: "Allowed commands in one workspace directory, without a shell.",
        instructions: "run_command runs one command line in the workspace directory, without a shell: \
            only allowed commands and flags, paths inside the workspace, no `$`, backticks or globs; \
            operators and redirections only when the operator allows them. show_security_rules lists the rules in force.",
        base: Base::None,
        auth: Auth::None,
        state: Some(state),
        toolsets: TOOLSETS,
        tools,
        flags: FLAGS,
        options: OPTIONS,
        ..ServerSpec::DEFAULT
    }
}

pub static SPEC: ServerSpec = spec(make_state);
