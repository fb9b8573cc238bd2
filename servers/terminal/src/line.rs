//! A command line read as a POSIX shell would split it, without a shell: a quote-aware scan
//! finds the operators (`&&`, `||`, `;`, `|`) and redirections (`>`, `>>`, `<`, `2>`, `2>>`,
//! `2>&1`) outside quotes and refuses every other construct a shell would expand (`$`,
//! backticks, globs, braces, subshells, background jobs, comments, here-documents); the text
//! between them is split into words by `shell-words`. Nothing here runs anything.

use mcp_shared::ToolError;

/// How a pipeline follows the one before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Connector {
    /// The first pipeline, or after `;`: always run.
    Always,
    /// After `&&`: run when the previous pipeline exited with 0.
    IfOk,
    /// After `||`: run when the previous pipeline exited with anything else.
    IfFailed,
}

/// Where a redirection sends or takes a stream: a file of the workspace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub path: String,
    pub append: bool,
}

/// One command of a pipeline: its words and redirections.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Command {
    pub argv: Vec<String>,
    pub stdin: Option<String>,
    pub stdout: Option<Target>,
    pub stderr: Option<Target>,
    /// `2>&1`: standard error goes where standard output goes.
    pub merge_stderr: bool,
}

/// A command line: pipelines joined by connectors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub pipelines: Vec<(Connector, Vec<Command>)>,
}

impl Line {
    /// Whether the line uses an operator or a redirection.
    pub fn uses_operators(&self) -> bool {
        self.pipelines.len() > 1
            || self.pipelines.iter().any(|(_, p)| {
                p.len() > 1
                    || p.iter().any(|c| {
                        c.stdin.is_some()
                            || c.stdout.is_some()
                            || c.stderr.is_some()
                            || c.merge_stderr
                    })
            })
    }

    pub fn commands(&self) -> impl Iterator<Item = &Command> {
        self.pipelines.iter().flat_map(|(_, p)| p.iter())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    And,
    Or,
    Seq,
    Pipe,
    Out { append: bool },
    Err { append: bool },
    In,
    MergeErr,
}

impl Op {
    fn text(self) -> &'static str {
        match self {
            Op::And => "&&",
            Op::Or => "||",
            Op::Seq => ";",
            Op::Pipe => "|",
            Op::Out { append: false } => ">",
            Op::Out { append: true } => ">>",
            Op::Err { append: false } => "2>",
            Op::Err { append: true } => "2>>",
            Op::In => "<",
            Op::MergeErr => "2>&1",
        }
    }
}

#[derive(Debug)]
enum Tok {
    Text(String),
    Op(Op),
}

fn refuse(what: &str, why: &str) -> ToolError {
    ToolError::invalid_input(format!(
        "`command` is refused: {what} {why} (no shell runs here: quote the character to pass it literally)."
    ))
}

/// The scanner's state, as shell-words's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Delimiter,
    Unquoted,
    Backslash,
    Single,
    Double,
    DoubleBackslash,
}

/// The line cut at its operators, outside quotes, with every refused construct refused.
fn scan(line: &str) -> Result<Vec<Tok>, ToolError> {
    let chars: Vec<char> = line.chars().collect();
    let mut toks = Vec::new();
    let mut text = String::new();
    let mut state = State::Delimiter;
    let mut i = 0;
    let at = |k: usize| chars.get(k).copied();
    while let Some(c) = at(i) {
        let next = at(i + 1);
        match state {
            State::Single => {
                text.push(c);
                if c == '\'' {
                    state = State::Unquoted;
                }
                i += 1;
                continue;
            }
            State::Double => {
                text.push(c);
                match c {
                    '"' => state = State::Unquoted,
                    '\\' => state = State::DoubleBackslash,
                    '$' => {
                        return Err(refuse(
                            "`$` in double quotes",
                            "would expand a variable or a command in a shell; use single quotes for a literal `$`",
                        ));
                    }
                    '`' => {
                        return Err(refuse(
                            "a backtick in double quotes",
                            "would run a command in a shell; use single quotes for a literal backtick",
                        ));
                    }
                    _ => {}
                }
                i += 1;
                continue;
            }
            State::DoubleBackslash => {
                text.push(c);
                state = State::Double;
                i += 1;
                continue;
            }
            State::Backslash => {
                text.push(c);
                state = State::Unquoted;
                i += 1;
                continue;
            }
            State::Delimiter | State::Unquoted => {}
        }
        let word_start = state == State::Delimiter;
        // Unquoted from here on.
        let op = match c {
            '&' if next == Some('&') => Some((Op::And, 2)),
            '|' if next == Some('|') => Some((Op::Or, 2)),
            '|' if next == Some('&') => {
                return Err(refuse("`|&`", "is not supported; use `2>&1 |`"));
            }
            '|' => Some((Op::Pipe, 1)),
            ';' if next == Some(';') => return Err(refuse("`;;`", "is not a command separator")),
            ';' => Some((Op::Seq, 1)),
            '>' if next == Some('>') => Some((Op::Out { append: true }, 2)),
            '>' if matches!(next, Some('&' | '|' | '(')) => {
                return Err(refuse(
                    "`>&`, `>|` and `>(`",
                    "are not supported; redirect to a file of the workspace with `>`, `>>` or `2>`",
                ));
            }
            '>' => Some((Op::Out { append: false }, 1)),
            '<' if matches!(next, Some('<' | '&' | '>' | '(')) => {
                return Err(refuse(
                    "here-documents, `<&`, `<>` and `<(`",
                    "are not supported; read a file of the workspace with `<`",
                ));
            }
            '<' => Some((Op::In, 1)),
            '2' | '1' if word_start && next == Some('>') => {
                let fd2 = c == '2';
                let rest: String = chars.iter().skip(i + 2).take(2).collect();
                if rest == "&1" && fd2 {
                    Some((Op::MergeErr, 4))
                } else if rest.starts_with('&') || rest.starts_with('|') || rest.starts_with('(') {
                    return Err(refuse(
                        "this redirection",
                        "is not supported; the forms are `>`, `>>`, `<`, `2>`, `2>>` and `2>&1`",
                    ));
                } else if rest.starts_with('>') {
                    Some((
                        if fd2 {
                            Op::Err { append: true }
                        } else {
                            Op::Out { append: true }
                        },
                        3,
                    ))
                } else {
                    Some((
                        if fd2 {
                            Op::Err { append: false }
                        } else {
                            Op::Out { append: false }
                        },
                        2,
                    ))
                }
            }
            _ => None,
        };
        if let Some((op, len)) = op {
            toks.push(Tok::Text(std::mem::take(&mut text)));
            toks.push(Tok::Op(op));
            state = State::Delimiter;
            i += len;
            continue;
        }
        match c {
            '&' => {
                return Err(refuse(
                    "`&`",
                    "would start a background job in a shell; `&&` runs one command after another",
                ));
            }
            '$' => {
                return Err(refuse(
                    "`$`",
                    "would expand a variable or a command in a shell; use single quotes for a literal `$`",
                ));
            }
            '`' => return Err(refuse("a backtick", "would run a command in a shell")),
            '(' | ')' => {
                return Err(refuse(
                    "`(` and `)`",
                    "would make a subshell in a shell; run the commands one after another",
                ));
            }
            '*' | '?' | '[' => {
                return Err(refuse(
                    "the glob character",
                    "would expand to file names in a shell and is not expanded here; name the files, or quote the pattern to pass it to the program (`find . -name '*.txt'`)",
                )
                .context(format!("`{c}`")));
            }
            '{' | '}' => {
                return Err(refuse(
                    "`{` and `}`",
                    "would be brace expansion or a command group in a shell",
                ));
            }
            '#' if word_start => {
                return Err(refuse(
                    "`#` at the start of a word",
                    "would start a comment in a shell, ignoring the rest of the line",
                ));
            }
            _ => {}
        }
        text.push(c);
        state = match c {
            ' ' | '\t' => State::Delimiter,
            '\'' => State::Single,
            '"' => State::Double,
            '\\' => State::Backslash,
            _ => State::Unquoted,
        };
        i += 1;
    }
    if matches!(
        state,
        State::Single | State::Double | State::DoubleBackslash
    ) {
        return Err(ToolError::invalid_input(
            "`command` has a quote that is not closed.",
        ));
    }
    toks.push(Tok::Text(text));
    Ok(toks)
}

fn words(text: &str) -> Result<Vec<String>, ToolError> {
    shell_words::split(text)
        .map_err(|_| ToolError::invalid_input("`command` has a quote that is not closed."))
}

fn missing(op: Op, side: &str) -> ToolError {
    ToolError::invalid_input(format!(
        "`command`: `{}` has no command {side} it.",
        op.text()
    ))
}

/// Read a command line. Control characters other than tab are refused first (a newline would
/// separate commands in a shell).
pub fn parse(line: &str) -> Result<Line, ToolError> {
    if line.chars().any(|c| c.is_control() && c != '\t') {
        return Err(ToolError::invalid_input(
            "`command` is refused: it contains a newline or another control character (one command line; join commands with `&&` or `;` where operators are allowed).",
        ));
    }
    let toks = scan(line)?;
    let mut pipelines: Vec<(Connector, Vec<Command>)> = Vec::new();
    let mut connector = Connector::Always;
    let mut pipeline: Vec<Command> = Vec::new();
    let mut cmd = Command::default();
    let mut pending: Option<Op> = None;
    let mut last_op: Option<Op> = None;
    for tok in toks {
        match tok {
            Tok::Text(t) => {
                let mut ws = words(&t)?.into_iter();
                if let Some(op) = pending.take() {
                    let target = ws.next().ok_or_else(|| {
                        ToolError::invalid_input(format!(
                            "`command`: `{}` needs a file name after it.",
                            op.text()
                        ))
                    })?;
                    match op {
                        Op::In => cmd.stdin = Some(target),
                        Op::Out { append } => {
                            if cmd.merge_stderr {
                                return Err(ToolError::invalid_input(
                                    "`command`: put `2>&1` after the `>` redirection (here it always means: standard error where standard output goes).",
                                ));
                            }
                            cmd.stdout = Some(Target {
                                path: target,
                                append,
                            });
                        }
                        Op::Err { append } => {
                            cmd.stderr = Some(Target {
                                path: target,
                                append,
                            });
                        }
                        _ => {}
                    }
                }
                cmd.argv.extend(ws);
            }
            Tok::Op(op) => {
                if pending.is_some() {
                    return Err(missing(pending.unwrap_or(op), "(a file name) after"));
                }
                last_op = Some(op);
                match op {
                    Op::In | Op::Out { .. } | Op::Err { .. } => pending = Some(op),
                    Op::MergeErr => {
                        if cmd.stderr.is_some() {
                            return Err(ToolError::invalid_input(
                                "`command`: `2>` and `2>&1` on one command.",
                            ));
                        }
                        cmd.merge_stderr = true;
                    }
                    Op::Pipe | Op::And | Op::Or | Op::Seq => {
                        if cmd.argv.is_empty() {
                            return Err(missing(op, "before"));
                        }
                        pipeline.push(std::mem::take(&mut cmd));
                        if op != Op::Pipe {
                            pipelines.push((connector, std::mem::take(&mut pipeline)));
                            connector = match op {
                                Op::And => Connector::IfOk,
                                Op::Or => Connector::IfFailed,
                                _ => Connector::Always,
                            };
                        }
                    }
                }
            }
        }
    }
    if let Some(op) = pending {
        return Err(ToolError::invalid_input(format!(
            "`command`: `{}` needs a file name after it.",
            op.text()
        )));
    }
    if cmd.argv.is_empty() {
        if cmd != Command::default() {
            return Err(ToolError::invalid_input(
                "`command`: a redirection without a command.",
            ));
        }
        match last_op {
            // A final `;` ends the last command, as in a shell.
            Some(Op::Seq) if !pipelines.is_empty() && pipeline.is_empty() => {}
            Some(op @ (Op::Pipe | Op::And | Op::Or | Op::Seq)) => {
                return Err(missing(op, "after"));
            }
            _ => {
                return Err(ToolError::invalid_input("`command` is empty."));
            }
        }
    } else {
        pipeline.push(cmd);
        pipelines.push((connector, pipeline));
    }
    Ok(Line { pipelines })
}
