//! Markdown → Notion blocks: headings, paragraphs, bulleted, numbered and to-do lists
//! (nested), quotes, fenced code blocks with their language, dividers, tables, images, and
//! inline styles, parsed with pulldown-cmark into block objects as the API's request bodies
//! take them.

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde_json::{Map, Value, json};

use super::{MAX_RICH_TEXT_ITEMS, Span, Style, notion_language, plain_rich_text, rich_text};

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

/// How deep quotes and list items nest in the blocks built from Markdown. Deeper Markdown is
/// flattened into the deepest one: a JSON value nested thousands deep would overflow the stack
/// when it is serialised or dropped, ending the process for every tenant.
pub const MAX_NESTING: usize = 32;

struct Converter {
    frames: Vec<Frame>,
    /// Containers opened beyond [`MAX_NESTING`]: their blocks go to the deepest kept one.
    flattened: usize,
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
    crate::api::obj1(ty, inner).with_type(ty)
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
            flattened: 0,
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
            Tag::BlockQuote(_) | Tag::Item if self.frames.len() > MAX_NESTING => {
                self.flush();
                self.flattened += 1;
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
            TagEnd::BlockQuote(_) | TagEnd::Item if self.flattened > 0 => {
                self.flush();
                self.flattened -= 1;
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
                    self.push_block(crate::api::obj1(ty, inner).with_type(ty));
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
            out.push(crate::api::obj1(&ty, Value::Object(piece)).with_type(&ty));
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
