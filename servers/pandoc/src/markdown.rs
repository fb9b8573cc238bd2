//! Markdown (CommonMark with tables, strikethrough and task lists, by pulldown-cmark) read into
//! the few block kinds the DOCX and PDF writers lay out.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

pub fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Run {
    pub text: String,
    pub bold: bool,
    pub italic: bool,
    pub code: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Heading(u8),
    Paragraph,
    /// A list item: nesting depth (0 outermost) and its marker (`•` or `3.`).
    Item {
        depth: usize,
        marker: String,
    },
    Code,
    Quote,
    Rule,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub kind: Kind,
    pub runs: Vec<Run>,
}

impl Block {
    pub fn text(&self) -> String {
        self.runs.iter().map(|r| r.text.as_str()).collect()
    }
}

/// The blocks of a Markdown document, in order. Table rows become paragraphs of cells separated
/// by ` | `; images their alt text; links their text.
pub fn blocks(md: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut cur: Option<Block> = None;
    let (mut bold, mut italic) = (0usize, 0usize);
    // For each open list: the next number (ordered) or None (bullets).
    let mut lists: Vec<Option<u64>> = Vec::new();
    let mut quote = 0usize;
    let mut in_cell = false;
    let flush = |cur: &mut Option<Block>, out: &mut Vec<Block>| {
        if let Some(b) = cur
            .take()
            .filter(|b| !b.runs.is_empty() || matches!(b.kind, Kind::Rule))
        {
            out.push(b);
        }
    };
    let para_kind = |quote: usize| {
        if quote > 0 {
            Kind::Quote
        } else {
            Kind::Paragraph
        }
    };
    for ev in Parser::new_ext(md, options()) {
        match ev {
            Event::Start(Tag::Heading { level, .. }) => {
                flush(&mut cur, &mut out);
                let n = match level {
                    HeadingLevel::H1 => 1,
                    HeadingLevel::H2 => 2,
                    HeadingLevel::H3 => 3,
                    HeadingLevel::H4 => 4,
                    HeadingLevel::H5 => 5,
                    HeadingLevel::H6 => 6,
                };
                cur = Some(Block {
                    kind: Kind::Heading(n),
                    runs: vec![],
                });
            }
            Event::Start(Tag::Paragraph) => {
                // A paragraph inside a list item continues the item.
                if cur
                    .as_ref()
                    .is_some_and(|b| matches!(b.kind, Kind::Item { .. }) && b.runs.is_empty())
                {
                    continue;
                }
                flush(&mut cur, &mut out);
                cur = Some(Block {
                    kind: para_kind(quote),
                    runs: vec![],
                });
            }
            Event::Start(Tag::List(start)) => {
                flush(&mut cur, &mut out);
                lists.push(start);
            }
            Event::End(TagEnd::List(_)) => {
                flush(&mut cur, &mut out);
                lists.pop();
            }
            Event::Start(Tag::Item) => {
                flush(&mut cur, &mut out);
                let depth = lists.len().saturating_sub(1);
                let marker = match lists.last_mut() {
                    Some(Some(n)) => {
                        let m = format!("{n}.");
                        *n += 1;
                        m
                    }
                    _ => "•".to_owned(),
                };
                cur = Some(Block {
                    kind: Kind::Item { depth, marker },
                    runs: vec![],
                });
            }
            Event::Start(Tag::CodeBlock(_)) => {
                flush(&mut cur, &mut out);
                cur = Some(Block {
                    kind: Kind::Code,
                    runs: vec![],
                });
            }
            Event::Start(Tag::BlockQuote(_)) => {
                flush(&mut cur, &mut out);
                quote += 1;
            }
            Event::End(TagEnd::BlockQuote(_)) => {
                flush(&mut cur, &mut out);
                quote = quote.saturating_sub(1);
            }
            Event::Start(Tag::TableRow) | Event::Start(Tag::TableHead) => {
                flush(&mut cur, &mut out);
                cur = Some(Block {
                    kind: Kind::Paragraph,
                    runs: vec![],
                });
            }
            Event::Start(Tag::TableCell) => {
                if in_cell || cur.as_ref().is_some_and(|b| !b.runs.is_empty()) {
                    push(
                        &mut cur,
                        quote,
                        Run {
                            text: " | ".into(),
                            ..Run::default()
                        },
                    );
                }
                in_cell = true;
            }
            Event::End(TagEnd::TableRow) | Event::End(TagEnd::TableHead) => {
                in_cell = false;
                flush(&mut cur, &mut out);
            }
            Event::Start(Tag::Strong) => bold += 1,
            Event::End(TagEnd::Strong) => bold = bold.saturating_sub(1),
            Event::Start(Tag::Emphasis) => italic += 1,
            Event::End(TagEnd::Emphasis) => italic = italic.saturating_sub(1),
            Event::End(TagEnd::Item) => flush(&mut cur, &mut out),
            // A paragraph ending inside a list item leaves the item open.
            Event::End(TagEnd::Heading(_))
            | Event::End(TagEnd::Paragraph)
            | Event::End(TagEnd::CodeBlock)
                if !matches!(cur.as_ref().map(|b| &b.kind), Some(Kind::Item { .. })) =>
            {
                flush(&mut cur, &mut out)
            }
            Event::Rule => {
                flush(&mut cur, &mut out);
                out.push(Block {
                    kind: Kind::Rule,
                    runs: vec![],
                });
            }
            Event::Text(t) | Event::Html(t) | Event::InlineHtml(t) => {
                let code = matches!(cur.as_ref().map(|b| &b.kind), Some(Kind::Code));
                push(
                    &mut cur,
                    quote,
                    Run {
                        text: t.into_string(),
                        bold: bold > 0,
                        italic: italic > 0,
                        code,
                    },
                );
            }
            Event::Code(t) => push(
                &mut cur,
                quote,
                Run {
                    text: t.into_string(),
                    bold: bold > 0,
                    italic: italic > 0,
                    code: true,
                },
            ),
            Event::SoftBreak => push(
                &mut cur,
                quote,
                Run {
                    text: " ".into(),
                    ..Run::default()
                },
            ),
            Event::HardBreak => push(
                &mut cur,
                quote,
                Run {
                    text: "\n".into(),
                    ..Run::default()
                },
            ),
            Event::TaskListMarker(done) => push(
                &mut cur,
                quote,
                Run {
                    text: if done { "[x] " } else { "[ ] " }.into(),
                    ..Run::default()
                },
            ),
            _ => {}
        }
    }
    flush(&mut cur, &mut out);
    out
}

fn push(cur: &mut Option<Block>, quote: usize, run: Run) {
    let b = cur.get_or_insert_with(|| Block {
        kind: if quote > 0 {
            Kind::Quote
        } else {
            Kind::Paragraph
        },
        runs: vec![],
    });
    match b.runs.last_mut() {
        Some(last)
            if last.bold == run.bold && last.italic == run.italic && last.code == run.code =>
        {
            last.text.push_str(&run.text)
        }
        _ => b.runs.push(run),
    }
}

/// A standalone HTML5 document of the Markdown.
pub fn html(md: &str, title: &str) -> String {
    let mut body = String::new();
    pulldown_cmark::html::push_html(&mut body, Parser::new_ext(md, options()));
    format!(
        "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n</head>\n<body>\n{body}</body>\n</html>\n",
        escape(title)
    )
}

pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The document's title: its first heading, else "document".
pub fn title(blocks: &[Block]) -> String {
    blocks
        .iter()
        .find(|b| matches!(b.kind, Kind::Heading(_)))
        .map(Block::text)
        .unwrap_or_else(|| "document".to_owned())
}
