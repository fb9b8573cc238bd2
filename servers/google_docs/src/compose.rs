//! Markdown (or plain text) → Google Docs `batchUpdate` requests.
//!
//! The text is inserted with one `insertText`; every later request addresses the inserted text
//! by index, in UTF-16 code units (how the Docs API counts: a character outside the Basic
//! Multilingual Plane, such as most emoji, counts 2). Then, in this order:
//!
//! 1. `deleteParagraphBullets`, when the paragraph the text was inserted into was a list item
//!    (new paragraphs inherit its bullet);
//! 2. `updateParagraphStyle` `NORMAL_TEXT` (and default indents and alignment) over all new
//!    paragraphs, then `HEADING_n` for each heading;
//! 3. `updateTextStyle` resetting every text style over the new text (inserted text otherwise
//!    takes the style of the text before it), then bold, italic, strikethrough, code
//!    (monospace) and links per span;
//! 4. `createParagraphBullets` per list, last list first: nested items carry one leading tab
//!    per level, which this request turns into the nesting level and removes, shifting
//!    everything after it; hence last, and from the end backwards.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde_json::{Map, Value, json};

use crate::api::units;

/// The font given to code spans and code blocks.
pub const CODE_FONT: &str = "Courier New";

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Style {
    pub bold: bool,
    pub italic: bool,
    pub strike: bool,
    pub code: bool,
    pub link: Option<String>,
}

impl Style {
    fn is_plain(&self) -> bool {
        *self == Style::default()
    }
}

#[derive(Debug, Clone)]
pub struct Run {
    pub text: String,
    pub style: Style,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    Normal,
    Heading(u8),
    /// A list item: its list (index among the input's top-level lists), nesting level, and
    /// whether that list is numbered.
    Item {
        list: usize,
        level: usize,
        ordered: bool,
    },
}

#[derive(Debug, Clone)]
pub struct Para {
    pub kind: Kind,
    pub runs: Vec<Run>,
}

impl Para {
    fn new(kind: Kind) -> Self {
        Para {
            kind,
            runs: Vec::new(),
        }
    }

    fn push(&mut self, text: &str, style: &Style) {
        let text = sanitize(text);
        if text.is_empty() {
            return;
        }
        match self.runs.last_mut() {
            Some(last) if last.style == *style => last.text.push_str(&text),
            _ => self.runs.push(Run {
                text,
                style: style.clone(),
            }),
        }
    }

    fn is_empty(&self) -> bool {
        self.runs.iter().all(|r| r.text.is_empty())
    }
}

/// Text as `insertText` keeps it, so that the indices computed here are Google's: Google
/// strips control characters U+0000-U+0008 and U+000C-U+001F and the private use area
/// U+E000-U+F8FF from inserted text. A newline inside a run (from an HTML block) would start
/// a paragraph the plan does not know of: it becomes a space.
fn sanitize(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\n' => Some(' '),
            '\u{0}'..='\u{8}' | '\u{c}'..='\u{1f}' | '\u{e000}'..='\u{f8ff}' => None,
            c => Some(c),
        })
        .collect()
}

/// Plain text: one normal paragraph per line.
pub fn plain(text: &str) -> Vec<Para> {
    let text = text.replace("\r\n", "\n");
    let text = text.strip_suffix('\n').unwrap_or(&text);
    text.split('\n')
        .map(|line| {
            let mut p = Para::new(Kind::Normal);
            p.push(line, &Style::default());
            p
        })
        .collect()
}

struct Builder {
    paras: Vec<Para>,
    cur: Option<Para>,
    bold: usize,
    italic: usize,
    strike: usize,
    links: Vec<String>,
    /// Whether each open list is numbered, outermost first.
    lists: Vec<bool>,
    list_count: usize,
    top_ordered: bool,
    code_block: Option<String>,
}

impl Builder {
    fn style(&self) -> Style {
        Style {
            bold: self.bold > 0,
            italic: self.italic > 0,
            strike: self.strike > 0,
            code: false,
            link: self.links.last().cloned(),
        }
    }

    fn flush(&mut self) {
        if let Some(p) = self.cur.take() {
            self.paras.push(p);
        }
    }

    fn open(&mut self, kind: Kind) -> &mut Para {
        self.cur.get_or_insert_with(|| Para::new(kind))
    }

    fn text(&mut self, t: &str, code: bool) {
        if let Some(buf) = &mut self.code_block {
            buf.push_str(t);
            return;
        }
        let mut st = self.style();
        st.code = code;
        self.open(Kind::Normal).push(t, &st);
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph => {
                let st = self.style();
                if let Some(p) = &mut self.cur
                    && !p.is_empty()
                {
                    // A second paragraph in one list item: a line break in the item.
                    p.push("\u{b}", &st);
                }
            }
            Tag::Heading { level, .. } => {
                self.flush();
                let n = match level {
                    HeadingLevel::H1 => 1,
                    HeadingLevel::H2 => 2,
                    HeadingLevel::H3 => 3,
                    HeadingLevel::H4 => 4,
                    HeadingLevel::H5 => 5,
                    HeadingLevel::H6 => 6,
                };
                self.open(Kind::Heading(n));
            }
            Tag::List(start) => {
                self.flush();
                if self.lists.is_empty() {
                    self.top_ordered = start.is_some();
                    self.list_count += 1;
                }
                self.lists.push(start.is_some());
            }
            Tag::Item => {
                self.flush();
                let kind = Kind::Item {
                    list: self.list_count.saturating_sub(1),
                    level: self.lists.len().saturating_sub(1),
                    ordered: self.top_ordered,
                };
                self.open(kind);
            }
            Tag::CodeBlock(_) => {
                self.flush();
                self.code_block = Some(String::new());
            }
            Tag::Emphasis => self.italic += 1,
            Tag::Strong => self.bold += 1,
            Tag::Strikethrough => self.strike += 1,
            Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } => {
                self.links.push(dest_url.to_string())
            }
            Tag::Table(_) | Tag::TableHead | Tag::TableRow => self.flush(),
            Tag::TableCell => {
                let st = Style::default();
                let p = self.open(Kind::Normal);
                if !p.is_empty() {
                    p.push(" | ", &st);
                }
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            // A list item's paragraphs stay one paragraph, closed at the item's end.
            TagEnd::Paragraph
                if !matches!(self.cur.as_ref().map(|p| &p.kind), Some(Kind::Item { .. })) =>
            {
                self.flush()
            }
            TagEnd::Heading(_) | TagEnd::Item | TagEnd::TableHead | TagEnd::TableRow => {
                self.flush()
            }
            TagEnd::List(_) => {
                self.flush();
                self.lists.pop();
            }
            TagEnd::CodeBlock => {
                let buf = self.code_block.take().unwrap_or_default();
                let buf = buf.strip_suffix('\n').unwrap_or(&buf);
                let st = Style {
                    code: true,
                    ..Style::default()
                };
                for line in buf.split('\n') {
                    let mut p = Para::new(Kind::Normal);
                    p.push(line, &st);
                    self.paras.push(p);
                }
            }
            TagEnd::Emphasis => self.italic = self.italic.saturating_sub(1),
            TagEnd::Strong => self.bold = self.bold.saturating_sub(1),
            TagEnd::Strikethrough => self.strike = self.strike.saturating_sub(1),
            TagEnd::Link | TagEnd::Image => {
                self.links.pop();
            }
            TagEnd::Table => self.flush(),
            _ => {}
        }
    }
}

/// Markdown as paragraphs: ATX and setext headings; bulleted and numbered lists, nested (a
/// nested list takes the numbering style of its outermost list); paragraphs; fenced and
/// indented code blocks (monospace, one paragraph per line); bold, italic, strikethrough,
/// inline code and links (images become links to the image). Block quotes become plain
/// paragraphs, table rows paragraphs with ` | ` between cells, rules are dropped.
pub fn markdown(md: &str) -> Vec<Para> {
    let mut b = Builder {
        paras: Vec::new(),
        cur: None,
        bold: 0,
        italic: 0,
        strike: 0,
        links: Vec::new(),
        lists: Vec::new(),
        list_count: 0,
        top_ordered: false,
        code_block: None,
    };
    let opts = Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES;
    for ev in Parser::new_ext(md, opts) {
        match ev {
            Event::Start(tag) => b.start(tag),
            Event::End(tag) => b.end(tag),
            Event::Text(t) | Event::Html(t) | Event::InlineHtml(t) => b.text(&t, false),
            Event::Code(t) => b.text(&t, true),
            Event::SoftBreak => b.text(" ", false),
            Event::HardBreak => b.text("\u{b}", false),
            Event::Rule => b.flush(),
            _ => {}
        }
    }
    b.flush();
    let mut paras = b.paras;
    while paras
        .last()
        .is_some_and(|p| p.is_empty() && !matches!(p.kind, Kind::Item { .. }))
    {
        paras.pop();
    }
    paras
}

/// Where the text goes.
#[derive(Debug, Clone, Copy)]
pub struct Anchor {
    /// The index `insertText` inserts at.
    pub at: usize,
    /// Start with a newline: the insertion point ends a paragraph that stays as it is.
    pub lead: bool,
    /// End with a newline: the text goes before an existing paragraph (otherwise its last
    /// paragraph ends with the newline that was already there).
    pub trail: bool,
    /// The paragraph at the insertion point is a list item (new paragraphs inherit it).
    pub inherited_bullet: bool,
}

fn range(start: usize, end: usize) -> Value {
    json!({ "startIndex": start, "endIndex": end })
}

fn text_style(st: &Style) -> (Value, Vec<&'static str>) {
    let mut o = Map::new();
    let mut fields = Vec::new();
    if st.bold {
        o.insert("bold".into(), json!(true));
        fields.push("bold");
    }
    if st.italic {
        o.insert("italic".into(), json!(true));
        fields.push("italic");
    }
    if st.strike {
        o.insert("strikethrough".into(), json!(true));
        fields.push("strikethrough");
    }
    if let Some(url) = &st.link {
        o.insert("link".into(), json!({ "url": url }));
        fields.push("link");
    }
    if st.code {
        o.insert(
            "weightedFontFamily".into(),
            json!({ "fontFamily": CODE_FONT }),
        );
        fields.push("weightedFontFamily");
    }
    (Value::Object(o), fields)
}

/// What [`requests`] computed.
pub struct Plan {
    pub requests: Vec<Value>,
    /// Paragraphs inserted.
    pub paragraphs: usize,
    /// UTF-16 code units inserted (before list tabs are removed).
    pub inserted: usize,
}

/// The `batchUpdate` requests that insert `paras` at `anchor` with their styles.
pub fn requests(paras: &[Para], anchor: Anchor) -> Plan {
    let mut text = String::new();
    if anchor.lead {
        text.push('\n');
    }
    let base = anchor.at + usize::from(anchor.lead);
    let mut pos = base;
    // (start, end of text) of each paragraph; styled spans.
    let mut bounds: Vec<(usize, usize)> = Vec::new();
    let mut spans: Vec<(usize, usize, &Style)> = Vec::new();
    for (i, p) in paras.iter().enumerate() {
        let start = pos;
        if let Kind::Item { level, .. } = p.kind {
            let tabs = "\t".repeat(level);
            text.push_str(&tabs);
            pos += level;
        }
        for r in &p.runs {
            let n = units(&r.text);
            if n > 0 && !r.style.is_plain() {
                spans.push((pos, pos + n, &r.style));
            }
            text.push_str(&r.text);
            pos += n;
        }
        bounds.push((start, pos));
        if i + 1 < paras.len() || anchor.trail {
            text.push('\n');
            pos += 1;
        }
    }
    let end = pos;
    let mut reqs = vec![json!({
        "insertText": { "location": { "index": anchor.at }, "text": text }
    })];
    if end > base {
        if anchor.inherited_bullet {
            reqs.push(json!({ "deleteParagraphBullets": { "range": range(base, end) } }));
        }
        reqs.push(json!({
            "updateParagraphStyle": {
                "range": range(base, end),
                "paragraphStyle": { "namedStyleType": "NORMAL_TEXT" },
                "fields": "namedStyleType,alignment,indentStart,indentFirstLine"
            }
        }));
    }
    for (p, &(s, e)) in paras.iter().zip(&bounds) {
        if let Kind::Heading(n) = p.kind
            && e > s
        {
            reqs.push(json!({
                "updateParagraphStyle": {
                    "range": range(s, e),
                    "paragraphStyle": { "namedStyleType": format!("HEADING_{n}") },
                    "fields": "namedStyleType"
                }
            }));
        }
    }
    if end > base {
        reqs.push(json!({
            "updateTextStyle": { "range": range(base, end), "textStyle": {}, "fields": "*" }
        }));
    }
    for (s, e, st) in spans {
        let (style, fields) = text_style(st);
        reqs.push(json!({
            "updateTextStyle": { "range": range(s, e), "textStyle": style, "fields": fields.join(",") }
        }));
    }
    // Lists: contiguous items of one top-level list, last list first.
    let mut lists: Vec<(usize, usize, bool)> = Vec::new();
    let mut prev: Option<usize> = None;
    for (p, &(s, e)) in paras.iter().zip(&bounds) {
        prev = match p.kind {
            Kind::Item { list, ordered, .. } => {
                match lists.last_mut() {
                    Some(last) if prev == Some(list) => last.1 = e,
                    _ => lists.push((s, e, ordered)),
                }
                Some(list)
            }
            _ => None,
        };
    }
    for (s, e, ordered) in lists.into_iter().rev() {
        if e <= s {
            continue;
        }
        let preset = if ordered {
            "NUMBERED_DECIMAL_ALPHA_ROMAN"
        } else {
            "BULLET_DISC_CIRCLE_SQUARE"
        };
        reqs.push(json!({
            "createParagraphBullets": { "range": range(s, e), "bulletPreset": preset }
        }));
    }
    Plan {
        requests: reqs,
        paragraphs: paras.len(),
        inserted: units(&text),
    }
}
