//! Notion blocks → Markdown: blocks as the API returns them (children attached under
//! `children`) rendered back to the same Markdown that [`super::parse`] reads.

use serde_json::Value;

use super::Style;

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
            let level: usize = ty
                .strip_prefix("heading_")
                .and_then(|n| n.parse().ok())
                .unwrap_or(1);
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
            let trail = run.text.get(start + core.len()..).unwrap_or_default();
            (run.text.get(..start).unwrap_or_default(), core, trail)
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
