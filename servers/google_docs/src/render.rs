//! A Google Docs document (`documents.get`) read three ways, from its `body.content`
//! structural elements:
//!
//! - Markdown: `HEADING_1`..`HEADING_6` (and `TITLE`) as `#` headings; bulleted and numbered
//!   list items from `paragraph.bullet` and the document's `lists` (numbered when the nesting
//!   level's glyph type is a number or letter sequence, nested by `nestingLevel`); text runs
//!   with bold, italic, strikethrough, monospace as code, and links; tables as Markdown tables;
//!   inline images as `![...](...)`.
//! - structured: one block per paragraph or table, with its type, plain text and indices (for
//!   edits that address positions).
//! - plain text.

use std::collections::HashMap;

use serde_json::{Map, Value, json};

/// Glyph types of numbered list levels (`GLYPH_TYPE_UNSPECIFIED`/`NONE` and symbol glyphs
/// are bullets).
const ORDERED_GLYPHS: [&str; 6] = [
    "DECIMAL",
    "ZERO_DECIMAL",
    "UPPER_ALPHA",
    "ALPHA",
    "UPPER_ROMAN",
    "ROMAN",
];

/// Fonts treated as code.
const MONOSPACE: [&str; 8] = [
    "Courier New",
    "Courier",
    "Consolas",
    "Roboto Mono",
    "Source Code Pro",
    "Inconsolata",
    "Fira Code",
    "JetBrains Mono",
];

fn s<'a>(v: &'a Value, ptr: &str) -> Option<&'a str> {
    v.pointer(ptr).and_then(Value::as_str)
}

fn arr<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// The structural elements of the document's body.
pub fn body_content(doc: &Value) -> &[Value] {
    doc.get("body").map(|b| arr(b, "content")).unwrap_or(&[])
}

/// What a paragraph is.
#[derive(Debug, Clone, PartialEq)]
pub enum ParaKind {
    Title,
    Subtitle,
    Heading(u8),
    Normal,
    Item {
        list_id: String,
        level: usize,
        ordered: bool,
    },
}

/// The heading level of a named style: `TITLE` 0, `HEADING_n` n.
pub fn heading_level(named_style: &str) -> Option<u8> {
    match named_style {
        "TITLE" => Some(0),
        _ => named_style
            .strip_prefix("HEADING_")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=6).contains(n)),
    }
}

fn is_ordered(doc: &Value, list_id: &str, level: usize) -> bool {
    let glyph = doc
        .get("lists")
        .and_then(|l| l.get(list_id))
        .and_then(|l| l.pointer("/listProperties/nestingLevels"))
        .and_then(Value::as_array)
        .and_then(|levels| levels.get(level))
        .and_then(|n| n.get("glyphType"))
        .and_then(Value::as_str)
        .unwrap_or("");
    ORDERED_GLYPHS.contains(&glyph)
}

fn start_number(doc: &Value, list_id: &str, level: usize) -> u64 {
    doc.get("lists")
        .and_then(|l| l.get(list_id))
        .and_then(|l| l.pointer("/listProperties/nestingLevels"))
        .and_then(Value::as_array)
        .and_then(|levels| levels.get(level))
        .and_then(|n| n.get("startNumber"))
        .and_then(Value::as_u64)
        .unwrap_or(1)
}

/// The kind of a paragraph (`paragraph` object).
pub fn para_kind(doc: &Value, p: &Value) -> ParaKind {
    if let Some(b) = p.get("bullet") {
        let list_id = s(b, "/listId").unwrap_or("").to_owned();
        let level = b.get("nestingLevel").and_then(Value::as_u64).unwrap_or(0) as usize;
        let ordered = is_ordered(doc, &list_id, level);
        return ParaKind::Item {
            list_id,
            level,
            ordered,
        };
    }
    match s(p, "/paragraphStyle/namedStyleType").unwrap_or("NORMAL_TEXT") {
        "TITLE" => ParaKind::Title,
        "SUBTITLE" => ParaKind::Subtitle,
        other => match heading_level(other) {
            Some(n) if n > 0 => ParaKind::Heading(n),
            _ => ParaKind::Normal,
        },
    }
}

/// A paragraph's plain text, without its final newline (soft line breaks as `\n`).
pub fn para_text(p: &Value) -> String {
    let mut out = String::new();
    for e in arr(p, "elements") {
        if let Some(t) = s(e, "/textRun/content") {
            out.push_str(t);
        } else if let Some(name) =
            s(e, "/person/personProperties/name").or(s(e, "/person/personProperties/email"))
        {
            out.push_str(name);
        } else if let Some(title) = s(e, "/richLink/richLinkProperties/title") {
            out.push_str(title);
        }
    }
    let t = out.strip_suffix('\n').unwrap_or(&out);
    t.replace('\u{b}', "\n")
}

// ---- Markdown

#[derive(Debug, Clone, Default, PartialEq)]
struct Style {
    bold: bool,
    italic: bool,
    strike: bool,
    code: bool,
}

#[derive(Debug, Clone)]
enum Piece {
    Text {
        text: String,
        style: Style,
        link: Option<String>,
    },
    /// Already Markdown (images, footnote references).
    Raw(String),
}

fn link_of(ts: &Value) -> Option<String> {
    let l = ts.get("link")?;
    if let Some(u) = l.get("url").and_then(Value::as_str) {
        return Some(u.to_owned());
    }
    if let Some(h) = l.get("headingId").and_then(Value::as_str) {
        return Some(format!("#heading={h}"));
    }
    l.get("bookmarkId")
        .and_then(Value::as_str)
        .map(|b| format!("#bookmark={b}"))
}

fn style_of(ts: &Value) -> Style {
    let flag = |k: &str| ts.get(k).and_then(Value::as_bool).unwrap_or(false);
    let font = s(ts, "/weightedFontFamily/fontFamily").unwrap_or("");
    Style {
        bold: flag("bold"),
        italic: flag("italic"),
        strike: flag("strikethrough"),
        code: MONOSPACE.iter().any(|m| m.eq_ignore_ascii_case(font)),
    }
}

fn pieces(doc: &Value, p: &Value) -> (Vec<Piece>, bool) {
    let mut out: Vec<Piece> = Vec::new();
    let mut rule = false;
    for e in arr(p, "elements") {
        if let Some(tr) = e.get("textRun") {
            let text = tr.get("content").and_then(Value::as_str).unwrap_or("");
            let text = text.replace('\n', "");
            if text.is_empty() {
                continue;
            }
            let ts = tr.get("textStyle").unwrap_or(&Value::Null);
            let (style, link) = (style_of(ts), link_of(ts));
            if let Some(Piece::Text {
                text: t,
                style: st,
                link: l,
            }) = out.last_mut()
                && *st == style
                && *l == link
            {
                t.push_str(&text);
                continue;
            }
            out.push(Piece::Text { text, style, link });
        } else if let Some(pp) = e.pointer("/person/personProperties") {
            let name = s(pp, "/name").or(s(pp, "/email")).unwrap_or("");
            let link = s(pp, "/email").map(|m| format!("mailto:{m}"));
            out.push(Piece::Text {
                text: name.to_owned(),
                style: Style::default(),
                link,
            });
        } else if let Some(rl) = e.pointer("/richLink/richLinkProperties") {
            let uri = s(rl, "/uri").unwrap_or("");
            let title = s(rl, "/title").unwrap_or(uri);
            out.push(Piece::Text {
                text: title.to_owned(),
                style: Style::default(),
                link: Some(uri.to_owned()).filter(|u| !u.is_empty()),
            });
        } else if let Some(id) = s(e, "/inlineObjectElement/inlineObjectId") {
            let obj = doc
                .get("inlineObjects")
                .and_then(|o| o.get(id))
                .and_then(|o| o.pointer("/inlineObjectProperties/embeddedObject"))
                .unwrap_or(&Value::Null);
            let alt = s(obj, "/title")
                .or(s(obj, "/description"))
                .unwrap_or("image");
            match s(obj, "/imageProperties/contentUri") {
                Some(uri) => out.push(Piece::Raw(format!("![{}]({uri})", escape(alt)))),
                None => out.push(Piece::Raw(format!("[{}]", escape(alt)))),
            }
        } else if let Some(n) = s(e, "/footnoteReference/footnoteNumber") {
            out.push(Piece::Raw(format!("[^{n}]")));
        } else if e.get("horizontalRule").is_some() {
            rule = true;
        }
    }
    (out, rule)
}

/// Escape what Markdown would read as syntax in running text. `_` only at word edges (an
/// underscore inside a word is never emphasis).
fn escape(t: &str) -> String {
    let chars: Vec<char> = t.chars().collect();
    let mut out = String::with_capacity(t.len());
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '\\' | '*' | '`' | '[' | ']' | '<' => {
                out.push('\\');
                out.push(c);
            }
            '~' if chars.get(i + 1) == Some(&'~') || (i > 0 && chars[i - 1] == '~') => {
                out.push('\\');
                out.push(c);
            }
            '_' => {
                let word = |x: Option<&char>| x.is_some_and(|x| x.is_alphanumeric());
                let inner = i > 0 && word(chars.get(i - 1)) && word(chars.get(i + 1));
                if !inner {
                    out.push('\\');
                }
                out.push('_');
            }
            '\u{b}' => out.push_str("<br>"),
            _ => out.push(c),
        }
    }
    out
}

/// `text` with `open`/`close` around it and its edge whitespace outside them (`** a**` is not
/// bold in Markdown).
fn wrap(text: &str, open: &str, close: &str) -> String {
    let core = text.trim();
    if core.is_empty() {
        return text.to_owned();
    }
    let lead = text
        .get(..text.len() - text.trim_start().len())
        .unwrap_or_default();
    let trail = text.get(text.trim_end().len()..).unwrap_or_default();
    format!("{lead}{open}{core}{close}{trail}")
}

fn styled(text: &str, st: &Style) -> String {
    if st.code {
        let t = text.replace('\u{b}', " ");
        let fence = if t.contains('`') { "``" } else { "`" };
        let pad = if t.contains('`') { " " } else { "" };
        return wrap(&t, &format!("{fence}{pad}"), &format!("{pad}{fence}"));
    }
    let mut t = escape(text);
    if st.strike {
        t = wrap(&t, "~~", "~~");
    }
    match (st.bold, st.italic) {
        (true, true) => wrap(&t, "***", "***"),
        (true, false) => wrap(&t, "**", "**"),
        (false, true) => wrap(&t, "*", "*"),
        (false, false) => t,
    }
}

fn inline(pieces: &[Piece]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < pieces.len() {
        match &pieces[i] {
            Piece::Raw(r) => {
                out.push_str(r);
                i += 1;
            }
            Piece::Text {
                link: Some(url), ..
            } => {
                let mut inner = String::new();
                while let Some(Piece::Text { text, style, link }) = pieces.get(i) {
                    if link.as_ref() != Some(url) {
                        break;
                    }
                    inner.push_str(&styled(text, style));
                    i += 1;
                }
                out.push_str(&wrap(&inner, "[", &format!("]({})", link_dest(url))));
            }
            Piece::Text { text, style, .. } => {
                out.push_str(&styled(text, style));
                i += 1;
            }
        }
    }
    out
}

fn link_dest(url: &str) -> String {
    if url.contains([' ', '(', ')']) {
        format!("<{url}>")
    } else {
        url.to_owned()
    }
}

/// A line's leading block marker escaped, so that a normal paragraph stays a paragraph.
fn neutralize(line: &str) -> String {
    let digits: String = line.chars().take_while(char::is_ascii_digit).collect();
    let rest = line.get(digits.len()..).unwrap_or_default();
    if !digits.is_empty() && (rest.starts_with(". ") || rest.starts_with(") ")) {
        return format!("{digits}\\{rest}");
    }
    let mut c = line.chars();
    match (c.next(), c.next()) {
        (Some('#'), _) | (Some('>'), _) => format!("\\{line}"),
        (Some('-' | '+'), Some(' ')) => format!("\\{line}"),
        (Some('-' | '='), None) => format!("\\{line}"),
        _ => line.to_owned(),
    }
}

/// Per list and nesting level, the number of the last item seen.
#[derive(Default)]
struct Numbering(HashMap<String, Vec<u64>>);

impl Numbering {
    fn next(&mut self, doc: &Value, list_id: &str, level: usize) -> u64 {
        let c = self.0.entry(list_id.to_owned()).or_default();
        if c.len() <= level {
            c.resize(level + 1, 0);
        }
        c[level] += 1;
        c.truncate(level + 1);
        start_number(doc, list_id, level) - 1 + c[level]
    }
}

enum Block {
    Item(String),
    Other(String),
}

fn cell_markdown(doc: &Value, cell: &Value) -> String {
    let parts: Vec<String> = arr(cell, "content")
        .iter()
        .filter_map(|el| el.get("paragraph"))
        .map(|p| inline(&pieces(doc, p).0))
        .filter(|t| !t.trim().is_empty())
        .collect();
    parts.join("<br>").replace('|', "\\|").trim().to_owned()
}

fn table_markdown(doc: &Value, table: &Value) -> String {
    let rows: Vec<Vec<String>> = arr(table, "tableRows")
        .iter()
        .map(|r| {
            arr(r, "tableCells")
                .iter()
                .map(|c| cell_markdown(doc, c))
                .collect()
        })
        .collect();
    let cols = rows
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(0)
        .max(table.get("columns").and_then(Value::as_u64).unwrap_or(0) as usize);
    if cols == 0 {
        return String::new();
    }
    let line = |cells: &[String]| {
        let mut l = String::from("|");
        for i in 0..cols {
            let c = cells.get(i).map(String::as_str).unwrap_or("");
            l.push_str(&format!(" {c} |"));
        }
        l
    };
    let mut out = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        out.push(line(r));
        if i == 0 {
            out.push(format!("|{}", " --- |".repeat(cols)));
        }
    }
    out.join("\n")
}

/// The document's body as Markdown.
pub fn markdown(doc: &Value) -> String {
    let mut blocks: Vec<Block> = Vec::new();
    let mut numbering = Numbering::default();
    for el in body_content(doc) {
        if let Some(p) = el.get("paragraph") {
            let (ps, rule) = pieces(doc, p);
            let text = inline(&ps);
            let kind = para_kind(doc, p);
            if rule && text.trim().is_empty() {
                blocks.push(Block::Other("---".into()));
                continue;
            }
            match kind {
                ParaKind::Item {
                    list_id,
                    level,
                    ordered,
                } => {
                    let marker = if ordered {
                        format!("{}.", numbering.next(doc, &list_id, level))
                    } else {
                        numbering.next(doc, &list_id, level);
                        "-".to_owned()
                    };
                    let line = format!("{}{marker} {}", "    ".repeat(level), text.trim());
                    blocks.push(Block::Item(line.trim_end().to_owned()));
                }
                _ if text.trim().is_empty() => {}
                ParaKind::Title => blocks.push(Block::Other(format!("# {}", text.trim()))),
                ParaKind::Heading(n) => blocks.push(Block::Other(format!(
                    "{} {}",
                    "#".repeat(n as usize),
                    text.trim()
                ))),
                ParaKind::Subtitle | ParaKind::Normal => {
                    blocks.push(Block::Other(neutralize(text.trim())))
                }
            }
        } else if let Some(t) = el.get("table") {
            let md = table_markdown(doc, t);
            if !md.is_empty() {
                blocks.push(Block::Other(md));
            }
        }
    }
    let mut out = String::new();
    let mut prev_item = false;
    for b in &blocks {
        let (text, item) = match b {
            Block::Item(t) => (t, true),
            Block::Other(t) => (t, false),
        };
        if !out.is_empty() {
            out.push_str(if item && prev_item { "\n" } else { "\n\n" });
        }
        out.push_str(text);
        prev_item = item;
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

// ---- structured and plain text

fn index_fields(o: &mut Map<String, Value>, el: &Value) {
    for k in ["startIndex", "endIndex"] {
        if let Some(v) = el.get(k) {
            o.insert(k.into(), v.clone());
        }
    }
}

fn cell_text(cell: &Value) -> String {
    arr(cell, "content")
        .iter()
        .filter_map(|el| el.get("paragraph"))
        .map(para_text)
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_owned()
}

fn table_rows(t: &Value) -> Vec<Vec<String>> {
    arr(t, "tableRows")
        .iter()
        .map(|r| arr(r, "tableCells").iter().map(cell_text).collect())
        .collect()
}

/// The body as blocks: headings, paragraphs, list items and tables, each with its plain text
/// and its start and end index.
pub fn structured(doc: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    for el in body_content(doc) {
        let mut o = Map::new();
        if let Some(p) = el.get("paragraph") {
            let text = para_text(p);
            let kind = para_kind(doc, p);
            if text.trim().is_empty() && !matches!(kind, ParaKind::Item { .. }) {
                continue;
            }
            match kind {
                ParaKind::Title => {
                    o.insert("type".into(), json!("title"));
                }
                ParaKind::Subtitle => {
                    o.insert("type".into(), json!("subtitle"));
                }
                ParaKind::Heading(n) => {
                    o.insert("type".into(), json!("heading"));
                    o.insert("level".into(), json!(n));
                }
                ParaKind::Normal => {
                    o.insert("type".into(), json!("paragraph"));
                }
                ParaKind::Item {
                    list_id,
                    level,
                    ordered,
                } => {
                    o.insert("type".into(), json!("list_item"));
                    o.insert("ordered".into(), json!(ordered));
                    o.insert("level".into(), json!(level));
                    o.insert("listId".into(), json!(list_id));
                }
            }
            o.insert("text".into(), json!(text));
        } else if let Some(t) = el.get("table") {
            o.insert("type".into(), json!("table"));
            o.insert("rows".into(), json!(table_rows(t)));
        } else {
            continue;
        }
        index_fields(&mut o, el);
        out.push(Value::Object(o));
    }
    out
}

/// The body as plain text: one line per paragraph, list items with `-` or their number,
/// table rows with their cells separated by tabs.
pub fn plain_text(doc: &Value) -> String {
    let mut lines = Vec::new();
    let mut numbering = Numbering::default();
    for el in body_content(doc) {
        if let Some(p) = el.get("paragraph") {
            let text = para_text(p);
            match para_kind(doc, p) {
                ParaKind::Item {
                    list_id,
                    level,
                    ordered,
                } => {
                    let n = numbering.next(doc, &list_id, level);
                    let marker = if ordered { format!("{n}.") } else { "-".into() };
                    lines.push(format!("{}{marker} {text}", "  ".repeat(level)));
                }
                _ => lines.push(text),
            }
        } else if let Some(t) = el.get("table") {
            for row in table_rows(t) {
                lines.push(row.join("\t"));
            }
        }
    }
    let mut text = lines.join("\n");
    text.truncate(text.trim_end().len());
    text
}
