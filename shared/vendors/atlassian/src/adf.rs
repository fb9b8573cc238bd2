//! Atlassian Document Format (ADF) <-> Markdown, for Jira descriptions and comments (and
//! Confluence page bodies): nothing product-specific.
//!
//! - [`markdown_to_adf`] parses CommonMark + GFM tables and strikethrough (pulldown-cmark) into
//!   an ADF `doc`: paragraphs, headings, bullet and ordered lists, code blocks with their
//!   language, block quotes, rules, tables (header row as `tableHeader`), hard breaks and the
//!   marks strong, em, strike, code and link. A link whose target is `accountid:<id>`
//!   (`[@Ana](accountid:5b10a2844c20165700ede21g)`) becomes a `mention`.
//! - [`adf_to_markdown`] renders an ADF document (or any ADF node) back as Markdown, the same
//!   way round, with mentions as `[@Name](accountid:<id>)`, emoji, dates, status lozenges,
//!   cards and media as readable text; unknown nodes fall back to their children's text.
//! - [`is_adf`] says whether a JSON value already is an ADF document.

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde_json::{Map, Value, json};

/// The link target prefix that marks a mention.
pub const MENTION_PREFIX: &str = "accountid:";

/// Whether `v` is an ADF document (`{"type": "doc", ...}`).
pub fn is_adf(v: &Value) -> bool {
    v.get("type").and_then(Value::as_str) == Some("doc")
}

struct Frame {
    node: Map<String, Value>,
    /// A paragraph opened for loose inline content (a tight list item, a table cell).
    implicit: bool,
}

fn node(kind: &str) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("type".into(), json!(kind));
    m.insert("content".into(), json!([]));
    m
}

struct Builder {
    stack: Vec<Frame>,
    marks: Vec<Value>,
    /// Inside a table head: cells are `tableHeader`.
    in_head: bool,
    /// Collecting a mention's text: its account id.
    mention: Option<(String, String)>,
    /// Containers opened beyond [`MAX_NESTING`]: their content goes to the deepest kept one.
    flattened: usize,
}

/// How deep containers (quotes, lists, items) nest in the ADF built from Markdown. Deeper
/// Markdown is flattened into the deepest one: a JSON value nested thousands deep would
/// overflow the stack when it is serialised or dropped, and Jira renders a few levels only.
pub const MAX_NESTING: usize = 48;

impl Builder {
    fn top_kind(&self) -> &str {
        self.stack
            .last()
            .and_then(|f| f.node.get("type"))
            .and_then(Value::as_str)
            .unwrap_or("doc")
    }

    fn push(&mut self, node: Map<String, Value>) {
        self.close_implicit();
        if self.stack.len() >= MAX_NESTING {
            self.flattened += 1;
            return;
        }
        self.stack.push(Frame {
            node,
            implicit: false,
        });
    }

    fn append(&mut self, child: Value) {
        if let Some(Value::Array(c)) = self
            .stack
            .last_mut()
            .and_then(|f| f.node.get_mut("content"))
        {
            c.push(child);
        }
    }

    fn pop(&mut self) {
        self.close_implicit();
        if self.flattened > 0 {
            self.flattened -= 1;
            return;
        }
        if self.stack.len() <= 1 {
            return;
        }
        if let Some(f) = self.stack.pop() {
            let mut n = f.node;
            if n.get("type").and_then(Value::as_str) == Some("codeBlock") {
                let text = n
                    .remove("text")
                    .and_then(|t| t.as_str().map(str::to_owned))
                    .unwrap_or_default();
                let text = text.strip_suffix('\n').unwrap_or(&text).to_owned();
                let content = if text.is_empty() {
                    json!([])
                } else {
                    json!([{"type": "text", "text": text}])
                };
                n.insert("content".into(), content);
            }
            self.append(Value::Object(n));
        }
    }

    fn close_implicit(&mut self) {
        if self.stack.last().is_some_and(|f| f.implicit)
            && let Some(f) = self.stack.pop()
        {
            self.append(Value::Object(f.node));
        }
    }

    /// Makes sure inline content has a paragraph-like parent.
    fn inline_parent(&mut self) {
        if !matches!(self.top_kind(), "paragraph" | "heading") {
            self.stack.push(Frame {
                node: node("paragraph"),
                implicit: true,
            });
        }
    }

    fn text(&mut self, t: &str, extra: Option<Value>) {
        if let Some((_, text)) = self.mention.as_mut() {
            text.push_str(t);
            return;
        }
        if self.top_kind() == "codeBlock" {
            if let Some(f) = self.stack.last_mut() {
                let prev = f
                    .node
                    .get("text")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned();
                f.node.insert("text".into(), json!(prev + t));
            }
            return;
        }
        if t.is_empty() {
            return;
        }
        self.inline_parent();
        let mut marks: Vec<Value> = match &extra {
            // ADF lets `code` combine with `link` only.
            Some(code) => self
                .marks
                .iter()
                .filter(|m| m["type"] == "link")
                .cloned()
                .chain([code.clone()])
                .collect(),
            None => self.marks.clone(),
        };
        marks.dedup();
        let mut n = json!({"type": "text", "text": t});
        if !marks.is_empty() {
            n["marks"] = Value::Array(marks);
        }
        self.append(n);
    }
}

/// Markdown to an ADF document (`{"type":"doc","version":1,"content":[...]}`).
pub fn markdown_to_adf(markdown: &str) -> Value {
    let mut opts = Options::empty();
    opts.insert(Options::ENABLE_TABLES);
    opts.insert(Options::ENABLE_STRIKETHROUGH);
    let mut b = Builder {
        stack: vec![Frame {
            node: node("doc"),
            implicit: false,
        }],
        marks: Vec::new(),
        in_head: false,
        mention: None,
        flattened: 0,
    };
    for event in Parser::new_ext(markdown, opts) {
        match event {
            Event::Start(tag) => start(&mut b, tag),
            Event::End(tag) => end(&mut b, tag),
            Event::Text(t) => b.text(&t, None),
            Event::Code(t) => b.text(&t, Some(json!({"type": "code"}))),
            Event::Html(t) | Event::InlineHtml(t) => b.text(t.trim_end_matches('\n'), None),
            Event::SoftBreak => b.text(" ", None),
            Event::HardBreak => {
                b.inline_parent();
                b.append(json!({"type": "hardBreak"}));
            }
            Event::Rule => {
                b.close_implicit();
                b.append(json!({"type": "rule"}));
            }
            Event::TaskListMarker(done) => b.text(if done { "[x] " } else { "[ ] " }, None),
            _ => {}
        }
    }
    while b.stack.len() > 1 {
        b.pop();
    }
    b.close_implicit();
    let mut doc = b.stack.pop().map(|f| f.node).unwrap_or_else(|| node("doc"));
    doc.insert("version".into(), json!(1));
    Value::Object(doc)
}

fn start(b: &mut Builder, tag: Tag) {
    match tag {
        Tag::Paragraph => b.push(node("paragraph")),
        Tag::Heading { level, .. } => {
            let mut n = node("heading");
            n.insert("attrs".into(), json!({"level": heading_level(level)}));
            b.push(n);
        }
        Tag::BlockQuote(_) => b.push(node("blockquote")),
        Tag::CodeBlock(kind) => {
            let mut n = node("codeBlock");
            if let CodeBlockKind::Fenced(lang) = kind {
                let lang = lang.split_whitespace().next().unwrap_or_default();
                if !lang.is_empty() {
                    n.insert("attrs".into(), json!({"language": lang}));
                }
            }
            b.push(n);
        }
        Tag::List(Some(first)) => {
            let mut n = node("orderedList");
            n.insert("attrs".into(), json!({"order": first}));
            b.push(n);
        }
        Tag::List(None) => b.push(node("bulletList")),
        Tag::Item => b.push(node("listItem")),
        Tag::Table(_) => b.push(node("table")),
        Tag::TableHead => {
            b.in_head = true;
            b.push(node("tableRow"));
        }
        Tag::TableRow => b.push(node("tableRow")),
        Tag::TableCell => {
            let kind = if b.in_head {
                "tableHeader"
            } else {
                "tableCell"
            };
            b.push(node(kind));
        }
        Tag::Emphasis => b.marks.push(json!({"type": "em"})),
        Tag::Strong => b.marks.push(json!({"type": "strong"})),
        Tag::Strikethrough => b.marks.push(json!({"type": "strike"})),
        Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } => {
            if let Some(id) = dest_url.strip_prefix(MENTION_PREFIX) {
                b.mention = Some((id.to_owned(), String::new()));
            } else {
                b.marks
                    .push(json!({"type": "link", "attrs": {"href": dest_url.to_string()}}));
            }
        }
        _ => {}
    }
}

fn end(b: &mut Builder, tag: TagEnd) {
    match tag {
        TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough => {
            b.marks.pop();
        }
        TagEnd::Link | TagEnd::Image => match b.mention.take() {
            Some((id, text)) => {
                b.inline_parent();
                let text = if text.starts_with('@') {
                    text
                } else {
                    format!("@{text}")
                };
                b.append(json!({"type": "mention", "attrs": {"id": id, "text": text}}));
            }
            None => {
                b.marks.pop();
            }
        },
        TagEnd::TableHead => {
            b.pop();
            b.in_head = false;
        }
        TagEnd::Paragraph
        | TagEnd::Heading(_)
        | TagEnd::BlockQuote(_)
        | TagEnd::CodeBlock
        | TagEnd::List(_)
        | TagEnd::Item
        | TagEnd::Table
        | TagEnd::TableRow
        | TagEnd::TableCell => b.pop(),
        _ => {}
    }
}

fn heading_level(l: HeadingLevel) -> u8 {
    match l {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// An ADF document (or any ADF node) as Markdown.
pub fn adf_to_markdown(adf: &Value) -> String {
    match adf {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        _ => block(adf).trim_end().to_owned(),
    }
}

fn kind(n: &Value) -> &str {
    n.get("type").and_then(Value::as_str).unwrap_or_default()
}

fn children(n: &Value) -> &[Value] {
    n.get("content")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

fn attr<'a>(n: &'a Value, k: &str) -> Option<&'a Value> {
    n.get("attrs").and_then(|a| a.get(k))
}

fn attr_str<'a>(n: &'a Value, k: &str) -> Option<&'a str> {
    attr(n, k).and_then(Value::as_str)
}

fn blocks(nodes: &[Value], sep: &str) -> String {
    nodes
        .iter()
        .map(block)
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(sep)
}

fn indent(text: &str, first: &str, rest: &str) -> String {
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if i == 0 {
            out.push_str(first);
        } else if !line.is_empty() {
            out.push_str(rest);
        }
        out.push_str(line);
    }
    if out.is_empty() {
        out.push_str(first.trim_end());
    }
    out
}

fn block(n: &Value) -> String {
    match kind(n) {
        "doc" => blocks(children(n), "\n\n"),
        "paragraph" => inlines(children(n)),
        "heading" => {
            let level = attr(n, "level")
                .and_then(Value::as_u64)
                .unwrap_or(1)
                .clamp(1, 6);
            format!("{} {}", "#".repeat(level as usize), inlines(children(n)))
        }
        "bulletList" => children(n)
            .iter()
            .map(|item| indent(&blocks(children(item), "\n"), "- ", "  "))
            .collect::<Vec<_>>()
            .join("\n"),
        "orderedList" => {
            let first = attr(n, "order").and_then(Value::as_u64).unwrap_or(1);
            children(n)
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    let marker = format!("{}. ", first + i as u64);
                    let pad = " ".repeat(marker.len());
                    indent(&blocks(children(item), "\n"), &marker, &pad)
                })
                .collect::<Vec<_>>()
                .join("\n")
        }
        "taskList" => children(n)
            .iter()
            .map(|item| {
                let done = attr_str(item, "state") == Some("DONE");
                let first = if done { "- [x] " } else { "- [ ] " };
                indent(&inlines(children(item)), first, "  ")
            })
            .collect::<Vec<_>>()
            .join("\n"),
        "listItem" => blocks(children(n), "\n"),
        "codeBlock" => {
            let lang = attr_str(n, "language").unwrap_or_default();
            let text: String = children(n)
                .iter()
                .filter_map(|t| t.get("text").and_then(Value::as_str))
                .collect();
            let fence = if text.contains("```") { "````" } else { "```" };
            format!("{fence}{lang}\n{text}\n{fence}")
        }
        "blockquote" => indent(&blocks(children(n), "\n\n"), "> ", "> ")
            .lines()
            .map(|l| {
                if l.starts_with('>') {
                    l.to_owned()
                } else {
                    format!("> {l}")
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
        "panel" => {
            let kind = attr_str(n, "panelType").unwrap_or("info");
            let body = blocks(children(n), "\n\n");
            let text = format!("**{kind}:** {body}");
            text.lines()
                .map(|l| format!("> {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        }
        "rule" => "---".to_owned(),
        "table" => table(n),
        "expand" | "nestedExpand" => {
            let title = attr_str(n, "title").unwrap_or_default();
            let body = blocks(children(n), "\n\n");
            if title.is_empty() {
                body
            } else {
                format!("**{title}**\n\n{body}")
            }
        }
        "mediaSingle" | "mediaGroup" => blocks(children(n), "\n"),
        "media" => {
            let name = attr_str(n, "alt")
                .or_else(|| attr_str(n, "url"))
                .or_else(|| attr_str(n, "id"))
                .unwrap_or("file");
            format!("[attachment: {name}]")
        }
        "blockCard" | "embedCard" => attr_str(n, "url")
            .map(|u| format!("<{u}>"))
            .unwrap_or_default(),
        // Inline content where a block was expected.
        "text" | "hardBreak" | "mention" | "emoji" | "inlineCard" | "date" | "status" => {
            inlines(std::slice::from_ref(n))
        }
        _ => {
            if children(n).iter().any(|c| is_inline(kind(c))) {
                inlines(children(n))
            } else {
                blocks(children(n), "\n\n")
            }
        }
    }
}

fn is_inline(k: &str) -> bool {
    matches!(
        k,
        "text" | "hardBreak" | "mention" | "emoji" | "inlineCard" | "date" | "status"
    )
}

fn table(n: &Value) -> String {
    let rows: Vec<Vec<String>> = children(n)
        .iter()
        .map(|row| {
            children(row)
                .iter()
                .map(|cell| {
                    children(cell)
                        .iter()
                        .map(block)
                        .filter(|s| !s.is_empty())
                        .collect::<Vec<_>>()
                        .join("<br>")
                        .replace('\n', "<br>")
                        .replace('|', "\\|")
                })
                .collect()
        })
        .collect();
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    if width == 0 {
        return String::new();
    }
    let line = |cells: &[String]| {
        let mut out = String::from("|");
        for i in 0..width {
            out.push(' ');
            out.push_str(cells.get(i).map(String::as_str).unwrap_or(""));
            out.push_str(" |");
        }
        out
    };
    let mut out = Vec::new();
    let has_header = children(n)
        .first()
        .is_some_and(|r| children(r).iter().all(|c| kind(c) == "tableHeader"));
    let body: &[Vec<String>] = if has_header {
        out.push(line(&rows[0]));
        &rows[1..]
    } else {
        out.push(line(&vec![String::new(); width]));
        &rows[..]
    };
    out.push(format!("|{}", " --- |".repeat(width)));
    for r in body {
        out.push(line(r));
    }
    out.join("\n")
}

/// Inline nodes; consecutive text nodes with the same link are one Markdown link.
fn inlines(nodes: &[Value]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < nodes.len() {
        match link_of(&nodes[i]) {
            Some(href) => {
                let mut text = String::new();
                while i < nodes.len() && link_of(&nodes[i]) == Some(href) {
                    text.push_str(&inline(&nodes[i], false));
                    i += 1;
                }
                out.push_str(&format!("[{text}]({href})"));
            }
            None => {
                out.push_str(&inline(&nodes[i], true));
                i += 1;
            }
        }
    }
    out
}

/// The `href` of a text node's link mark.
fn link_of(n: &Value) -> Option<&str> {
    if kind(n) != "text" {
        return None;
    }
    n.get("marks")
        .and_then(Value::as_array)?
        .iter()
        .find(|m| kind(m) == "link")
        .and_then(|m| attr_str(m, "href"))
}

fn inline(n: &Value, with_link: bool) -> String {
    match kind(n) {
        "text" => {
            let mut s = n
                .get("text")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned();
            let marks = n
                .get("marks")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            let has = |k: &str| marks.iter().any(|m| kind(m) == k);
            if has("code") {
                let tick = if s.contains('`') { "``" } else { "`" };
                s = format!("{tick}{s}{tick}");
            }
            if has("em") {
                s = format!("*{s}*");
            }
            if has("strong") {
                s = format!("**{s}**");
            }
            if has("strike") {
                s = format!("~~{s}~~");
            }
            if with_link
                && let Some(href) = marks
                    .iter()
                    .find(|m| kind(m) == "link")
                    .and_then(|m| attr_str(m, "href"))
            {
                s = format!("[{s}]({href})");
            }
            s
        }
        "hardBreak" => "\n".to_owned(),
        "mention" => {
            let id = attr_str(n, "id").unwrap_or_default();
            let text = attr_str(n, "text").unwrap_or_default();
            let text = if text.starts_with('@') {
                text.to_owned()
            } else {
                format!("@{text}")
            };
            format!("[{text}]({MENTION_PREFIX}{id})")
        }
        "emoji" => attr_str(n, "text")
            .or_else(|| attr_str(n, "shortName"))
            .unwrap_or_default()
            .to_owned(),
        "inlineCard" => attr_str(n, "url")
            .map(|u| format!("<{u}>"))
            .unwrap_or_default(),
        "date" => {
            let ms = attr(n, "timestamp").and_then(|t| match t {
                Value::String(s) => s.parse::<i64>().ok(),
                other => other.as_i64(),
            });
            ms.map(date_of_millis).unwrap_or_default()
        }
        "status" => format!("[{}]", attr_str(n, "text").unwrap_or_default()),
        _ => inlines(children(n)),
    }
}

/// `YYYY-MM-DD` (UTC) of a Unix time in milliseconds.
fn date_of_millis(ms: i64) -> String {
    // Howard Hinnant's civil-from-days.
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}
