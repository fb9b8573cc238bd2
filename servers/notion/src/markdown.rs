//! Markdown ⇄ Notion blocks.
//!
//! In: headings, paragraphs, bulleted, numbered and to-do lists (nested), quotes, fenced code
//! blocks with their language, dividers, tables, images, and inline bold, italic,
//! strikethrough, code and links, parsed with pulldown-cmark into Notion block objects as the
//! API's request bodies take them. Text objects hold at most 2,000 characters (UTF-16 code
//! units, as Notion counts) and a rich text array at most 100 objects: longer text is split.
//!
//! Out: blocks as the API returns them (children attached under `children`) rendered back to
//! the same Markdown, so that Markdown → blocks → Markdown gives the original document back
//! for everything the input side supports.

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde_json::{Map, Value, json};

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

// ---------------------------------------------------------------------------------------
// Markdown → blocks
// ---------------------------------------------------------------------------------------

enum Container {
    Root,
    Quote,
    Item { ordered: bool, task: Option<bool> },
}

struct Frame {
    kind: Container,
    blocks: Vec<Value>,
}

#[derive(Default)]
struct Inline {
    spans: Vec<Span>,
    bold: u32,
    italic: u32,
    strike: u32,
    links: Vec<String>,
    /// Inside an image: its URL and where its alt text starts in `spans`.
    image: Option<(String, usize)>,
    /// Images of this paragraph: URL and alt text.
    images: Vec<(String, String)>,
    /// Something besides images (and whitespace) is in this paragraph.
    other: bool,
}

impl Inline {
    fn style(&self) -> Style {
        Style {
            bold: self.bold > 0,
            italic: self.italic > 0,
            strike: self.strike > 0,
            code: false,
            link: self
                .image
                .as_ref()
                .map(|(u, _)| u.clone())
                .or_else(|| self.links.last().cloned()),
        }
    }

    fn push(&mut self, text: &str, code: bool) {
        if self.image.is_none() && !text.trim().is_empty() {
            self.other = true;
        }
        let mut style = self.style();
        style.code = code;
        self.spans.push(Span {
            text: text.to_owned(),
            style,
        });
    }
}

#[derive(Default)]
struct Table {
    rows: Vec<Vec<Value>>,
    row: Vec<Value>,
}

struct Converter {
    frames: Vec<Frame>,
    lists: Vec<bool>,
    inline: Option<Inline>,
    heading: Option<u8>,
    code: Option<(String, String)>,
    html: Option<String>,
    table: Option<Table>,
}

fn text_block(ty: &str, rich: Vec<Value>, children: Vec<Value>) -> Value {
    let mut inner = json!({ "rich_text": rich });
    if !children.is_empty() {
        inner["children"] = Value::Array(children);
    }
    crate::properties::obj1(ty, inner).with_type(ty)
}

trait WithType {
    fn with_type(self, ty: &str) -> Value;
}

impl WithType for Value {
    /// `{"type": ty, ty: {...}}`, with `type` first.
    fn with_type(self, ty: &str) -> Value {
        let mut m = Map::new();
        m.insert("type".into(), Value::String(ty.to_owned()));
        if let Value::Object(o) = self {
            m.extend(o);
        }
        Value::Object(m)
    }
}

/// The rich text of a leading paragraph without children, and the remaining blocks.
fn split_first_paragraph(mut blocks: Vec<Value>) -> (Value, Vec<Value>) {
    let first_is_text = blocks.first().is_some_and(|b| {
        b.get("type").and_then(Value::as_str) == Some("paragraph")
            && b.get("paragraph").and_then(|p| p.get("children")).is_none()
    });
    if first_is_text {
        let first = blocks.remove(0);
        let rt = first
            .get("paragraph")
            .and_then(|p| p.get("rich_text"))
            .cloned()
            .unwrap_or_else(|| json!([]));
        (rt, blocks)
    } else {
        (json!([]), blocks)
    }
}

impl Converter {
    fn new() -> Self {
        Self {
            frames: vec![Frame {
                kind: Container::Root,
                blocks: Vec::new(),
            }],
            lists: Vec::new(),
            inline: None,
            heading: None,
            code: None,
            html: None,
            table: None,
        }
    }

    fn push_block(&mut self, b: Value) {
        if let Some(f) = self.frames.last_mut() {
            f.blocks.push(b);
        }
    }

    /// Text outside an explicit paragraph (tight list items): an implicit paragraph.
    fn inline(&mut self) -> &mut Inline {
        self.inline.get_or_insert_with(Inline::default)
    }

    /// End an implicit paragraph before a block starts.
    fn flush(&mut self) {
        if let Some(inl) = self.inline.take() {
            self.finish_paragraph(inl);
        }
    }

    fn finish_paragraph(&mut self, inl: Inline) {
        if inl.images.len() == 1 && !inl.other {
            let (url, alt) = inl.images[0].clone();
            let mut image = json!({ "type": "external", "external": { "url": url } });
            if !alt.trim().is_empty() {
                image["caption"] = Value::Array(plain_rich_text(alt.trim()));
            }
            self.push_block(json!({ "type": "image", "image": image }));
            return;
        }
        if inl.spans.iter().all(|s| s.text.trim().is_empty()) {
            return;
        }
        let rt = rich_text(inl.spans);
        self.push_block(text_block("paragraph", rt, Vec::new()));
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph => {
                self.flush();
                self.inline = Some(Inline::default());
            }
            Tag::Heading { level, .. } => {
                self.flush();
                self.heading = Some(match level {
                    HeadingLevel::H1 => 1,
                    HeadingLevel::H2 => 2,
                    _ => 3,
                });
                self.inline = Some(Inline::default());
            }
            Tag::BlockQuote(_) => {
                self.flush();
                self.frames.push(Frame {
                    kind: Container::Quote,
                    blocks: Vec::new(),
                });
            }
            Tag::CodeBlock(kind) => {
                self.flush();
                let lang = match kind {
                    CodeBlockKind::Fenced(info) => info.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                self.code = Some((lang, String::new()));
            }
            Tag::HtmlBlock => {
                self.flush();
                self.html = Some(String::new());
            }
            Tag::List(start) => {
                self.flush();
                self.lists.push(start.is_some());
            }
            Tag::Item => {
                self.flush();
                let ordered = self.lists.last().copied().unwrap_or(false);
                self.frames.push(Frame {
                    kind: Container::Item {
                        ordered,
                        task: None,
                    },
                    blocks: Vec::new(),
                });
            }
            Tag::Table(_) => {
                self.flush();
                self.table = Some(Table::default());
            }
            Tag::TableHead | Tag::TableRow => {
                if let Some(t) = &mut self.table {
                    t.row.clear();
                }
            }
            Tag::TableCell => self.inline = Some(Inline::default()),
            Tag::Emphasis => self.inline().italic += 1,
            Tag::Strong => self.inline().bold += 1,
            Tag::Strikethrough => self.inline().strike += 1,
            Tag::Link { dest_url, .. } => self.inline().links.push(dest_url.to_string()),
            Tag::Image { dest_url, .. } => {
                let inl = self.inline();
                let at = inl.spans.len();
                inl.image = Some((dest_url.to_string(), at));
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph => {
                if let Some(inl) = self.inline.take() {
                    self.finish_paragraph(inl);
                }
            }
            TagEnd::Heading(_) => {
                let inl = self.inline.take().unwrap_or_default();
                let level = self.heading.take().unwrap_or(1);
                let rt = rich_text(inl.spans);
                self.push_block(text_block(&format!("heading_{level}"), rt, Vec::new()));
            }
            TagEnd::BlockQuote(_) => {
                self.flush();
                if self.frames.len() > 1
                    && let Some(frame) = self.frames.pop()
                {
                    let (rt, children) = split_first_paragraph(frame.blocks);
                    let mut inner = json!({ "rich_text": rt });
                    if !children.is_empty() {
                        inner["children"] = Value::Array(children);
                    }
                    self.push_block(json!({ "type": "quote", "quote": inner }));
                }
            }
            TagEnd::CodeBlock => {
                if let Some((lang, mut code)) = self.code.take() {
                    if code.ends_with('\n') {
                        code.pop();
                    }
                    self.push_block(json!({
                        "type": "code",
                        "code": { "rich_text": plain_rich_text(&code), "language": notion_language(&lang) }
                    }));
                }
            }
            TagEnd::HtmlBlock => {
                if let Some(html) = self.html.take() {
                    let rt = plain_rich_text(html.trim_end());
                    if !rt.is_empty() {
                        self.push_block(text_block("paragraph", rt, Vec::new()));
                    }
                }
            }
            TagEnd::List(_) => {
                self.flush();
                self.lists.pop();
            }
            TagEnd::Item => {
                self.flush();
                if self.frames.len() > 1
                    && let Some(frame) = self.frames.pop()
                {
                    let (ordered, task) = match frame.kind {
                        Container::Item { ordered, task } => (ordered, task),
                        _ => (false, None),
                    };
                    let ty = match (task, ordered) {
                        (Some(_), _) => "to_do",
                        (None, true) => "numbered_list_item",
                        (None, false) => "bulleted_list_item",
                    };
                    let (rt, children) = split_first_paragraph(frame.blocks);
                    let mut inner = json!({ "rich_text": rt });
                    if let Some(checked) = task {
                        inner["checked"] = Value::Bool(checked);
                    }
                    if !children.is_empty() {
                        inner["children"] = Value::Array(children);
                    }
                    self.push_block(crate::properties::obj1(ty, inner).with_type(ty));
                }
            }
            TagEnd::TableCell => {
                let inl = self.inline.take().unwrap_or_default();
                if let Some(t) = &mut self.table {
                    t.row.push(Value::Array(rich_text(inl.spans)));
                }
            }
            TagEnd::TableHead | TagEnd::TableRow => {
                if let Some(t) = &mut self.table {
                    let row = std::mem::take(&mut t.row);
                    t.rows.push(row);
                }
            }
            TagEnd::Table => {
                if let Some(t) = self.table.take() {
                    let width = t.rows.iter().map(Vec::len).max().unwrap_or(0).max(1);
                    let rows: Vec<Value> = t
                        .rows
                        .into_iter()
                        .map(|mut cells| {
                            cells.resize(width, json!([]));
                            json!({ "type": "table_row", "table_row": { "cells": cells } })
                        })
                        .collect();
                    self.push_block(json!({
                        "type": "table",
                        "table": {
                            "table_width": width,
                            "has_column_header": true,
                            "has_row_header": false,
                            "children": rows,
                        }
                    }));
                }
            }
            TagEnd::Emphasis => {
                let i = self.inline();
                i.italic = i.italic.saturating_sub(1);
            }
            TagEnd::Strong => {
                let i = self.inline();
                i.bold = i.bold.saturating_sub(1);
            }
            TagEnd::Strikethrough => {
                let i = self.inline();
                i.strike = i.strike.saturating_sub(1);
            }
            TagEnd::Link => {
                self.inline().links.pop();
            }
            TagEnd::Image => {
                let inl = self.inline();
                if let Some((url, at)) = inl.image.take() {
                    let alt: String = inl.spans[at.min(inl.spans.len())..]
                        .iter()
                        .map(|s| s.text.as_str())
                        .collect();
                    if alt.is_empty() {
                        // Nothing to show the link on: show the URL.
                        let mut style = inl.style();
                        style.link = Some(url.clone());
                        inl.spans.push(Span {
                            text: url.clone(),
                            style,
                        });
                    }
                    inl.images.push((url, alt));
                }
            }
            _ => {}
        }
    }

    fn text(&mut self, t: &str) {
        if let Some((_, code)) = &mut self.code {
            code.push_str(t);
        } else if let Some(html) = &mut self.html {
            html.push_str(t);
        } else {
            self.inline().push(t, false);
        }
    }

    fn event(&mut self, ev: Event<'_>) {
        match ev {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(t) => self.text(&t),
            Event::Code(t) => self.inline().push(&t, true),
            Event::Html(t) => self.text(&t),
            Event::InlineHtml(t) => {
                let lower = t.trim().to_ascii_lowercase();
                if matches!(lower.as_str(), "<br>" | "<br/>" | "<br />") {
                    self.inline().push("\n", false);
                } else {
                    self.inline().push(&t, false);
                }
            }
            Event::SoftBreak | Event::HardBreak => self.inline().push("\n", false),
            Event::Rule => {
                self.flush();
                self.push_block(json!({ "type": "divider", "divider": {} }));
            }
            Event::TaskListMarker(checked) => {
                if let Some(Frame {
                    kind: Container::Item { task, .. },
                    ..
                }) = self.frames.last_mut()
                {
                    *task = Some(checked);
                }
            }
            Event::FootnoteReference(t) | Event::InlineMath(t) | Event::DisplayMath(t) => {
                self.inline().push(&t, false)
            }
        }
    }

    fn finish(mut self) -> Vec<Value> {
        self.flush();
        // Close anything left open (the parser balances events, so this is only defensive).
        while self.frames.len() > 1 {
            if let Some(f) = self.frames.pop() {
                for b in f.blocks {
                    self.push_block(b);
                }
            }
        }
        let blocks = self.frames.pop().map(|f| f.blocks).unwrap_or_default();
        limit_rich_text(blocks)
    }
}

/// Blocks whose rich text has more than 100 objects become several blocks of the same type.
fn limit_rich_text(blocks: Vec<Value>) -> Vec<Value> {
    let mut out = Vec::new();
    for mut b in blocks {
        let ty = b
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        let Some(inner) = b.get_mut(&ty).and_then(Value::as_object_mut) else {
            out.push(b);
            continue;
        };
        if let Some(Value::Array(kids)) = inner.remove("children") {
            inner.insert("children".into(), Value::Array(limit_rich_text(kids)));
        }
        let too_long = inner
            .get("rich_text")
            .and_then(Value::as_array)
            .is_some_and(|rt| rt.len() > MAX_RICH_TEXT_ITEMS);
        if !too_long {
            out.push(b);
            continue;
        }
        let rt = match inner.remove("rich_text") {
            Some(Value::Array(rt)) => rt,
            _ => Vec::new(),
        };
        let template: Map<String, Value> = inner
            .iter()
            .filter(|(k, _)| k.as_str() != "children")
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        for (i, chunk) in rt.chunks(MAX_RICH_TEXT_ITEMS).enumerate() {
            let mut piece = if i == 0 {
                inner.clone()
            } else {
                template.clone()
            };
            piece.insert("rich_text".into(), Value::Array(chunk.to_vec()));
            out.push(crate::properties::obj1(&ty, Value::Object(piece)).with_type(&ty));
        }
    }
    out
}

/// Markdown as Notion block objects (request form: children under `<type>.children`).
pub fn markdown_to_blocks(md: &str) -> Vec<Value> {
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    let mut c = Converter::new();
    for ev in Parser::new_ext(md, options) {
        c.event(ev);
    }
    c.finish()
}

// ---------------------------------------------------------------------------------------
// Blocks → Markdown
// ---------------------------------------------------------------------------------------

/// The children of a block, as attached when reading (`children`) or as in a request body
/// (`<type>.children`).
fn children_of(b: &Value) -> &[Value] {
    let ty = b.get("type").and_then(Value::as_str).unwrap_or("");
    b.get("children")
        .or_else(|| b.get(ty).and_then(|i| i.get("children")))
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// Which list a block renders into (consecutive items of one list are not separated by a
/// blank line).
fn list_family(ty: &str) -> Option<u8> {
    match ty {
        "bulleted_list_item" | "to_do" | "toggle" => Some(1),
        "numbered_list_item" => Some(2),
        _ => None,
    }
}

/// Blocks (as Notion returns them, with children attached) as Markdown.
pub fn blocks_to_markdown(blocks: &[Value]) -> String {
    let s = render_blocks(blocks);
    let s = s.trim_end();
    if s.is_empty() {
        String::new()
    } else {
        format!("{s}\n")
    }
}

fn render_blocks(blocks: &[Value]) -> String {
    let mut out = String::new();
    let mut prev: Option<Option<u8>> = None;
    let mut number = 0u64;
    for b in blocks {
        let ty = b.get("type").and_then(Value::as_str).unwrap_or("");
        number = if ty == "numbered_list_item" {
            number + 1
        } else {
            0
        };
        let md = render_block(b, number);
        if md.is_empty() {
            continue;
        }
        let family = list_family(ty);
        if let Some(p) = prev {
            out.push_str(if p.is_some() && p == family {
                "\n"
            } else {
                "\n\n"
            });
        }
        out.push_str(&md);
        prev = Some(family);
    }
    out
}

fn indent(text: &str, pad: &str) -> String {
    text.lines()
        .map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("{pad}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `marker` + text (continuation lines indented), then the children indented.
fn list_item(marker: &str, text: &str, kids: &[Value], pad: usize) -> String {
    let pad = " ".repeat(pad);
    let mut lines = text.split('\n');
    let mut s = format!("{marker}{}", lines.next().unwrap_or(""));
    for l in lines {
        s.push('\n');
        if !l.is_empty() {
            s.push_str(&pad);
            s.push_str(l);
        }
    }
    if !kids.is_empty() {
        let first_is_list = kids
            .first()
            .and_then(|k| k.get("type"))
            .and_then(Value::as_str)
            .is_some_and(|t| list_family(t).is_some());
        s.push_str(if first_is_list { "\n" } else { "\n\n" });
        s.push_str(&indent(&render_blocks(kids), &pad));
    }
    s
}

fn quote(text: &str, kids: &[Value]) -> String {
    let mut body = text.to_owned();
    if !kids.is_empty() {
        if !body.is_empty() {
            body.push_str("\n\n");
        }
        body.push_str(&render_blocks(kids));
    }
    body.lines()
        .map(|l| {
            if l.is_empty() {
                ">".to_owned()
            } else {
                format!("> {l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn notion_page_url(id: &str) -> String {
    format!("https://www.notion.so/{}", id.replace('-', ""))
}

fn link_dest(url: &str) -> String {
    if url.contains([' ', '(', ')', '<', '>']) {
        format!("<{}>", url.replace('<', "%3C").replace('>', "%3E"))
    } else {
        url.to_owned()
    }
}

fn render_block(b: &Value, number: u64) -> String {
    let ty = b.get("type").and_then(Value::as_str).unwrap_or("");
    let inner = b.get(ty).cloned().unwrap_or(Value::Null);
    let text = || inline_markdown(inner.get("rich_text").unwrap_or(&Value::Null), false);
    let kids = children_of(b);
    let file_url = || {
        crate::api::str_at(&inner, "external.url")
            .or_else(|| crate::api::str_at(&inner, "file.url"))
            .or_else(|| crate::api::str_at(&inner, "url"))
            .unwrap_or("")
            .to_owned()
    };
    let caption = || crate::api::plain(inner.get("caption"));
    match ty {
        "paragraph" => {
            let mut s = text();
            if !kids.is_empty() {
                if !s.is_empty() {
                    s.push_str("\n\n");
                }
                s.push_str(&render_blocks(kids));
            }
            s
        }
        "heading_1" | "heading_2" | "heading_3" | "heading_4" => {
            let level: usize = ty[8..].parse().unwrap_or(1);
            let mut s = format!("{} {}", "#".repeat(level), text().replace('\n', " "));
            if !kids.is_empty() {
                s.push_str("\n\n");
                s.push_str(&render_blocks(kids));
            }
            s
        }
        "bulleted_list_item" | "toggle" => list_item("- ", &text(), kids, 2),
        "numbered_list_item" => {
            let marker = format!("{}. ", number.max(1));
            let pad = marker.len();
            list_item(&marker, &text(), kids, pad)
        }
        "to_do" => {
            let checked = inner.get("checked").and_then(Value::as_bool) == Some(true);
            let marker = if checked { "- [x] " } else { "- [ ] " };
            list_item(marker, &text(), kids, 2)
        }
        "quote" => quote(&text(), kids),
        "callout" => {
            let icon = crate::api::str_at(&inner, "icon.emoji").unwrap_or("");
            let t = text();
            let line = if icon.is_empty() {
                t
            } else {
                format!("{icon} {t}")
            };
            quote(&line, kids)
        }
        "code" => {
            let code = crate::api::plain(inner.get("rich_text"));
            let lang = inner
                .get("language")
                .and_then(Value::as_str)
                .filter(|l| *l != "plain text")
                .unwrap_or("");
            let longest = code.split(|c| c != '`').map(str::len).max().unwrap_or(0);
            let fence = "`".repeat(longest.max(2) + 1);
            format!("{fence}{lang}\n{code}\n{fence}")
        }
        "divider" => "---".to_owned(),
        "equation" => format!(
            "$$\n{}\n$$",
            inner
                .get("expression")
                .and_then(Value::as_str)
                .unwrap_or("")
        ),
        "image" => format!(
            "![{}]({})",
            escape(&caption(), false, true),
            link_dest(&file_url())
        ),
        "video" | "file" | "pdf" | "audio" | "bookmark" | "embed" | "link_preview" => {
            let url = file_url();
            let label = {
                let c = caption();
                if c.is_empty() {
                    inner
                        .get("name")
                        .and_then(Value::as_str)
                        .map(str::to_owned)
                        .unwrap_or_else(|| url.clone())
                } else {
                    c
                }
            };
            format!("[{}]({})", escape(&label, false, true), link_dest(&url))
        }
        "child_page" | "child_database" => {
            let title = inner
                .get("title")
                .and_then(Value::as_str)
                .unwrap_or("Untitled");
            let id = b.get("id").and_then(Value::as_str).unwrap_or("");
            let icon = if ty == "child_page" { "📄" } else { "🗂" };
            format!(
                "{icon} [{}]({})",
                escape(title, false, true),
                notion_page_url(id)
            )
        }
        "link_to_page" => {
            let target = ["page_id", "database_id", "data_source_id"]
                .iter()
                .find_map(|k| inner.get(*k).and_then(Value::as_str))
                .unwrap_or("");
            format!("[↗ linked page]({})", notion_page_url(target))
        }
        "table" => table(kids),
        "column_list" | "column" | "synced_block" | "template" => render_blocks(kids),
        "table_of_contents" | "breadcrumb" | "table_row" => String::new(),
        "" => String::new(),
        other => format!("<!-- {other} block: not representable in Markdown -->"),
    }
}

fn table(rows: &[Value]) -> String {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .filter_map(|r| crate::api::at_array(r, "table_row.cells"))
        .map(|cells| {
            cells
                .iter()
                .map(|c| inline_markdown(c, true).replace('\n', " "))
                .collect()
        })
        .collect();
    let width = cells.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let line = |row: &[String]| {
        let mut s = String::from("|");
        for i in 0..width {
            let c = row.get(i).map(String::as_str).unwrap_or("");
            s.push(' ');
            s.push_str(c);
            s.push_str(" |");
        }
        s
    };
    let mut out = Vec::new();
    let empty: Vec<String> = Vec::new();
    out.push(line(cells.first().unwrap_or(&empty)));
    out.push(format!("|{}", " --- |".repeat(width)));
    for row in cells.iter().skip(1) {
        out.push(line(row));
    }
    out.join("\n")
}

struct Run {
    text: String,
    style: Style,
    /// Markdown already (an equation): not escaped.
    raw: bool,
}

fn style_of(t: &Value) -> Style {
    let a = t.get("annotations");
    let flag = |k: &str| a.and_then(|a| a.get(k)).and_then(Value::as_bool) == Some(true);
    Style {
        bold: flag("bold"),
        italic: flag("italic"),
        strike: flag("strikethrough"),
        code: flag("code"),
        link: crate::api::str_at(t, "text.link.url")
            .or_else(|| t.get("href").and_then(Value::as_str))
            .map(str::to_owned),
    }
}

/// A rich text array as inline Markdown.
pub fn rich_text_to_markdown(rt: &Value) -> String {
    inline_markdown(rt, false)
}

fn inline_markdown(rt: &Value, in_table: bool) -> String {
    let mut runs: Vec<Run> = Vec::new();
    for t in rt.as_array().map(Vec::as_slice).unwrap_or(&[]) {
        let ty = t.get("type").and_then(Value::as_str).unwrap_or("text");
        let run = if ty == "equation" {
            Run {
                text: format!(
                    "${}$",
                    crate::api::str_at(t, "equation.expression").unwrap_or("")
                ),
                style: Style::default(),
                raw: true,
            }
        } else {
            Run {
                text: crate::api::str_at(t, "text.content")
                    .or_else(|| t.get("plain_text").and_then(Value::as_str))
                    .unwrap_or("")
                    .to_owned(),
                style: style_of(t),
                raw: false,
            }
        };
        match runs.last_mut() {
            Some(last) if !last.raw && !run.raw && last.style == run.style => {
                last.text.push_str(&run.text)
            }
            _ => runs.push(run),
        }
    }
    let mut out = String::new();
    for run in runs {
        if run.raw {
            out.push_str(&run.text);
            continue;
        }
        let s = &run.style;
        let decorated = s.bold || s.italic || s.strike;
        let (lead, core, trail) = if decorated && !s.code {
            let start = run.text.len() - run.text.trim_start().len();
            let core = run.text.trim();
            (&run.text[..start], core, &run.text[start + core.len()..])
        } else {
            ("", run.text.as_str(), "")
        };
        let at_line_start = out.is_empty() || out.ends_with('\n');
        out.push_str(&escape(lead, at_line_start, in_table));
        if core.is_empty() {
            out.push_str(&escape(trail, false, in_table));
            continue;
        }
        let at_line_start = out.is_empty() || out.ends_with('\n');
        let mut m = if s.code {
            code_span(core)
        } else {
            escape(core, at_line_start, in_table)
        };
        if s.strike {
            m = format!("~~{m}~~");
        }
        if s.italic {
            m = format!("*{m}*");
        }
        if s.bold {
            m = format!("**{m}**");
        }
        if let Some(url) = &s.link {
            m = format!("[{m}]({})", link_dest(url));
        }
        out.push_str(&m);
        out.push_str(&escape(trail, false, in_table));
    }
    out
}

fn code_span(code: &str) -> String {
    let longest = code.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    if code.starts_with(['`', ' ']) || code.ends_with(['`', ' ']) {
        format!("{fence} {code} {fence}")
    } else {
        format!("{fence}{code}{fence}")
    }
}

/// Escape text so that Markdown reads it back as the same text.
fn escape(text: &str, at_line_start: bool, in_table: bool) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut line_start = at_line_start;
    let mut digits_only = at_line_start;
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).and_then(|j| chars.get(j)).copied();
        let next = chars.get(i + 1).copied();
        let escape = match c {
            '\\' | '`' | '*' | '[' | ']' | '~' => true,
            '_' => {
                !(prev.is_some_and(char::is_alphanumeric)
                    && next.is_some_and(char::is_alphanumeric))
            }
            '<' => next.is_some_and(|n| n.is_ascii_alphabetic() || matches!(n, '/' | '!' | '?')),
            '&' => next.is_some_and(|n| n.is_ascii_alphanumeric() || n == '#'),
            '|' => in_table,
            '#' | '>' => line_start,
            '-' | '+' | '=' => line_start && next.is_none_or(|n| n == c || n.is_whitespace()),
            '.' | ')' => digits_only && prev.is_some_and(|p| p.is_ascii_digit()),
            _ => false,
        };
        if escape {
            out.push('\\');
        }
        out.push(c);
        digits_only =
            c == '\n' || (digits_only && (c.is_ascii_digit() || (c == ' ' && line_start)));
        line_start = c == '\n' || (line_start && c == ' ');
    }
    out
}
