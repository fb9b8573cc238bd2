//! Markdown ⇄ Notion blocks: in (module `parse`: Markdown → block objects as the API's request
//! bodies take them) and out (module `render`: blocks as the API returns them → the same
//! Markdown), so that Markdown → blocks → Markdown gives the original document back for
//! everything the input side supports; and here, the rich text both sides and the tools share.
//!
//! Text objects hold at most 2,000 characters (UTF-16 code units, as Notion counts) and a rich
//! text array at most 100 objects: longer text is split.

use serde_json::{Map, Value, json};

mod parse;
mod render;

pub use parse::{MAX_NESTING, markdown_to_blocks};
pub use render::{blocks_to_markdown, rich_text_to_markdown};

/// Notion's limit for `text.content` of one rich text object.
pub const MAX_TEXT_UNITS: usize = 2000;
/// Notion's limit for the length of a rich text array.
pub const MAX_RICH_TEXT_ITEMS: usize = 100;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Style {
    bold: bool,
    italic: bool,
    strike: bool,
    code: bool,
    link: Option<String>,
}

#[derive(Clone, Debug)]
struct Span {
    text: String,
    style: Style,
}

/// Split `s` into pieces of at most `max` UTF-16 code units, on character boundaries.
#[allow(
    clippy::string_slice,
    reason = "indices from `char_indices` or counts of ASCII digits: character boundaries"
)]
pub fn split_units(s: &str, max: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut start, mut units) = (0, 0);
    for (i, c) in s.char_indices() {
        let n = c.len_utf16();
        if units + n > max && i > start {
            out.push(&s[start..i]);
            start = i;
            units = 0;
        }
        units += n;
    }
    if start < s.len() {
        out.push(&s[start..]);
    }
    out
}

fn text_object(content: &str, style: &Style) -> Value {
    let mut text = json!({ "content": content });
    if let Some(url) = &style.link {
        text["link"] = json!({ "url": url });
    }
    let mut o = json!({ "type": "text", "text": text });
    let mut ann = Map::new();
    for (on, key) in [
        (style.bold, "bold"),
        (style.italic, "italic"),
        (style.strike, "strikethrough"),
        (style.code, "code"),
    ] {
        if on {
            ann.insert(key.into(), Value::Bool(true));
        }
    }
    if !ann.is_empty() {
        o["annotations"] = Value::Object(ann);
    }
    o
}

/// Rich text objects for styled runs: adjacent runs of one style are merged, and text longer
/// than 2,000 characters is split into several objects of that style.
fn rich_text(spans: Vec<Span>) -> Vec<Value> {
    let mut merged: Vec<Span> = Vec::new();
    for s in spans {
        if s.text.is_empty() {
            continue;
        }
        match merged.last_mut() {
            Some(last) if last.style == s.style => last.text.push_str(&s.text),
            _ => merged.push(s),
        }
    }
    merged
        .iter()
        .flat_map(|s| {
            split_units(&s.text, MAX_TEXT_UNITS)
                .into_iter()
                .map(|piece| text_object(piece, &s.style))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Plain text as rich text objects (split at 2,000 characters).
pub fn plain_rich_text(s: &str) -> Vec<Value> {
    rich_text(vec![Span {
        text: s.to_owned(),
        style: Style::default(),
    }])
}

/// A line's leading block marker (`# `, `> `, `- `, `1. `, a fence, a table pipe) escaped, so
/// that the line is read as text.
#[allow(
    clippy::string_slice,
    reason = "indices from `char_indices` or counts of ASCII digits: character boundaries"
)]
fn neutralize_block_marker(line: &str) -> String {
    let trimmed = line.trim_start();
    let mut chars = trimmed.chars();
    let first = chars.next();
    let second = chars.next();
    let digits: String = trimmed.chars().take_while(char::is_ascii_digit).collect();
    let after_digits = trimmed[digits.len()..].chars().next();
    if !digits.is_empty() && matches!(after_digits, Some('.' | ')')) {
        return format!("{digits}\\{}", &trimmed[digits.len()..]);
    }
    match first {
        Some('#' | '>' | '-' | '+' | '=' | '|') => format!("\\{trimmed}"),
        Some('*') if second.is_none_or(char::is_whitespace) => format!("\\{trimmed}"),
        Some('`' | '~') if trimmed.starts_with("```") || trimmed.starts_with("~~~") => {
            format!("\\{trimmed}")
        }
        _ => trimmed.to_owned(),
    }
}

/// Inline Markdown (bold, italic, strikethrough, code, links) as one rich text array. Lines
/// are text: block syntax (`# `, `- `, `1. `...) is kept as written.
pub fn inline_rich_text(md: &str) -> Vec<Value> {
    let text: Vec<String> = md.lines().map(neutralize_block_marker).collect();
    let mut all = Vec::new();
    for b in markdown_to_blocks(&text.join("\n")) {
        let ty = b.get("type").and_then(Value::as_str).unwrap_or("");
        if let Some(Value::Array(rt)) = b.get(ty).and_then(|i| i.get("rich_text")) {
            if !all.is_empty() {
                all.push(text_object("\n\n", &Style::default()));
            }
            all.extend(rt.iter().cloned());
        }
    }
    all
}

/// A Notion code block language for a Markdown fence's info string (`rs` → `rust`); unknown
/// languages become `plain text`.
pub fn notion_language(info: &str) -> &'static str {
    let info = info.trim().to_ascii_lowercase();
    let first = info.split_whitespace().next().unwrap_or("");
    for candidate in [info.as_str(), first] {
        if let Some(l) = LANGUAGES.iter().find(|l| **l == candidate) {
            return l;
        }
        let alias = match candidate {
            "js" | "jsx" | "node" | "mjs" | "cjs" => "javascript",
            "ts" | "tsx" => "typescript",
            "py" | "python3" => "python",
            "rs" => "rust",
            "sh" | "zsh" | "console" | "shell-session" => "shell",
            "yml" => "yaml",
            "md" => "markdown",
            "cpp" | "cc" | "cxx" | "hpp" => "c++",
            "cs" | "csharp" => "c#",
            "fs" | "fsharp" => "f#",
            "golang" => "go",
            "rb" => "ruby",
            "kt" | "kts" => "kotlin",
            "objc" | "objective_c" | "objectivec" => "objective-c",
            "ps1" | "pwsh" => "powershell",
            "tex" => "latex",
            "dockerfile" => "docker",
            "proto" => "protobuf",
            "hs" => "haskell",
            "ex" | "exs" => "elixir",
            "erl" => "erlang",
            "vb" => "visual basic",
            "wasm" | "wat" => "webassembly",
            "make" | "mk" => "makefile",
            "tf" | "terraform" => "hcl",
            "htm" => "html",
            "patch" => "diff",
            "clj" => "clojure",
            "ml" => "ocaml",
            "pl" => "perl",
            "sol" => "solidity",
            "gql" => "graphql",
            _ => continue,
        };
        return alias;
    }
    "plain text"
}

/// The languages Notion's code blocks accept.
const LANGUAGES: &[&str] = &[
    "abap",
    "abc",
    "agda",
    "arduino",
    "ascii art",
    "assembly",
    "bash",
    "basic",
    "bnf",
    "c",
    "c#",
    "c++",
    "clojure",
    "coffeescript",
    "coq",
    "css",
    "dart",
    "dhall",
    "diff",
    "docker",
    "ebnf",
    "elixir",
    "elm",
    "erlang",
    "f#",
    "flow",
    "fortran",
    "gherkin",
    "glsl",
    "go",
    "graphql",
    "groovy",
    "haskell",
    "hcl",
    "html",
    "idris",
    "java",
    "javascript",
    "json",
    "julia",
    "kotlin",
    "latex",
    "less",
    "lisp",
    "livescript",
    "llvm ir",
    "lua",
    "makefile",
    "markdown",
    "markup",
    "matlab",
    "mathematica",
    "mermaid",
    "nix",
    "notion formula",
    "objective-c",
    "ocaml",
    "pascal",
    "perl",
    "php",
    "plain text",
    "powershell",
    "prolog",
    "protobuf",
    "purescript",
    "python",
    "r",
    "racket",
    "reason",
    "ruby",
    "rust",
    "sass",
    "scala",
    "scheme",
    "scss",
    "shell",
    "smalltalk",
    "solidity",
    "sql",
    "swift",
    "toml",
    "typescript",
    "vb.net",
    "verilog",
    "vhdl",
    "visual basic",
    "webassembly",
    "xml",
    "yaml",
    "java/c/c++/c#",
];

/// Rich text given by an agent: a string, or Notion's rich text object.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub(crate) enum RichTextInput {
    // Text (inline Markdown where the tool says so: bold, italic, code, links)
    Text(String),
    // A Notion rich text object, e.g. {"type": "text", "text": {"content": "Hello"}}
    Object(Map<String, Value>),
}

/// Rich text objects from the tool's input; strings are split at Notion's 2,000 characters,
/// and read as inline Markdown when `markdown`.
pub(crate) fn rich_text_from(items: Vec<RichTextInput>, markdown: bool) -> Vec<Value> {
    let mut out = Vec::new();
    for i in items {
        match i {
            RichTextInput::Text(s) if markdown => out.extend(inline_rich_text(&s)),
            RichTextInput::Text(s) => out.extend(plain_rich_text(&s)),
            RichTextInput::Object(o) => out.push(Value::Object(o)),
        }
    }
    out
}
