//! Post content both ways: Markdown arguments become HTML with `pulldown-cmark` (what
//! WordPress stores and renders), and the rendered HTML WordPress returns becomes Markdown
//! (headings, paragraphs, emphasis, links, images, lists, quotes, code, rules; other tags
//! keep their text), so an agent reads and edits posts in the same form.

/// Markdown as HTML (CommonMark with tables and strikethrough).
pub fn to_html(markdown: &str) -> String {
    let mut opts = pulldown_cmark::Options::empty();
    opts.insert(pulldown_cmark::Options::ENABLE_TABLES);
    opts.insert(pulldown_cmark::Options::ENABLE_STRIKETHROUGH);
    let mut out = String::new();
    pulldown_cmark::html::push_html(&mut out, pulldown_cmark::Parser::new_ext(markdown, opts));
    out.trim_end().to_owned()
}

/// What an open tag collects until it closes.
enum Kind {
    Root,
    Link(String),
    Quote,
    Pre,
    Heading(usize),
}

struct Frame {
    kind: Kind,
    buf: String,
}

/// Rendered HTML (a post's `content`) as Markdown.
pub fn from_html(html: &str) -> String {
    let mut stack = vec![Frame {
        kind: Kind::Root,
        buf: String::new(),
    }];
    // Open lists: `None` for `<ul>`, `Some(n)` for `<ol>` at item n.
    let mut lists: Vec<Option<u64>> = Vec::new();
    let mut skip: Option<String> = None;
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            if skip.is_none() {
                text(&mut stack, rest);
            }
            break;
        };
        if skip.is_none() {
            text(&mut stack, rest.get(..lt).unwrap_or(""));
        }
        let after = rest.get(lt..).unwrap_or("");
        if let Some(c) = after.strip_prefix("<!--") {
            rest = c.find("-->").and_then(|e| c.get(e + 3..)).unwrap_or("");
            continue;
        }
        let Some(gt) = after.find('>') else {
            text(&mut stack, after);
            break;
        };
        let tag = after.get(1..gt).unwrap_or("");
        rest = after.get(gt + 1..).unwrap_or("");
        let closing = tag.starts_with('/');
        let body = tag.trim_start_matches('/');
        let name: String = body
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if let Some(s) = &skip {
            if closing && *s == name {
                skip = None;
            }
            continue;
        }
        let in_pre = stack.iter().any(|f| matches!(f.kind, Kind::Pre));
        match (name.as_str(), closing) {
            ("script" | "style" | "noscript", false) => skip = Some(name.clone()),
            ("p" | "div" | "section" | "figure" | "figcaption" | "table" | "article", _) => {
                block(&mut stack)
            }
            ("br", _) => push(&mut stack, "\n"),
            ("hr", _) => {
                block(&mut stack);
                push(&mut stack, "---");
                block(&mut stack);
            }
            ("h1" | "h2" | "h3" | "h4" | "h5" | "h6", false) => {
                block(&mut stack);
                let level = name.get(1..).and_then(|l| l.parse().ok()).unwrap_or(1);
                open(&mut stack, Kind::Heading(level));
            }
            ("h1" | "h2" | "h3" | "h4" | "h5" | "h6", true) => {
                close(&mut stack, |k| matches!(k, Kind::Heading(_)))
            }
            ("strong" | "b", _) if !in_pre => push(&mut stack, "**"),
            ("em" | "i", _) if !in_pre => push(&mut stack, "*"),
            ("del" | "s" | "strike", _) if !in_pre => push(&mut stack, "~~"),
            ("code", _) if !in_pre => push(&mut stack, "`"),
            ("a", false) => open(
                &mut stack,
                Kind::Link(attr(body, "href").unwrap_or_default()),
            ),
            ("a", true) => close(&mut stack, |k| matches!(k, Kind::Link(_))),
            ("img", _) => {
                let src = attr(body, "src").unwrap_or_default();
                let alt = attr(body, "alt").unwrap_or_default();
                push(&mut stack, &format!("![{alt}]({src})"));
            }
            ("ul", false) => {
                newline(&mut stack);
                lists.push(None);
            }
            ("ol", false) => {
                newline(&mut stack);
                lists.push(Some(0));
            }
            ("ul" | "ol", true) => {
                lists.pop();
                if lists.is_empty() {
                    block(&mut stack);
                }
            }
            ("li", false) => {
                newline(&mut stack);
                let depth = lists.len().saturating_sub(1).min(8);
                let marker = match lists.last_mut() {
                    Some(Some(n)) => {
                        *n += 1;
                        format!("{n}. ")
                    }
                    _ => "- ".to_owned(),
                };
                push(&mut stack, &format!("{}{marker}", "  ".repeat(depth)));
            }
            ("blockquote", false) => {
                block(&mut stack);
                open(&mut stack, Kind::Quote);
            }
            ("blockquote", true) => close(&mut stack, |k| matches!(k, Kind::Quote)),
            ("pre", false) => {
                block(&mut stack);
                open(&mut stack, Kind::Pre);
            }
            ("pre", true) => close(&mut stack, |k| matches!(k, Kind::Pre)),
            ("tr", true) => newline(&mut stack),
            ("td" | "th", true) => push(&mut stack, " | "),
            _ => {}
        }
    }
    while stack.len() > 1 {
        close(&mut stack, |_| true);
    }
    let out = stack.pop().map(|f| f.buf).unwrap_or_default();
    tidy(&out)
}

fn top(stack: &mut [Frame]) -> Option<&mut Frame> {
    stack.last_mut()
}

fn push(stack: &mut [Frame], s: &str) {
    if let Some(f) = top(stack) {
        f.buf.push_str(s);
    }
}

/// A paragraph break (two newlines) unless there is one already.
fn block(stack: &mut [Frame]) {
    if let Some(f) = top(stack)
        && !f.buf.is_empty()
        && !f.buf.ends_with("\n\n")
    {
        f.buf
            .push_str(if f.buf.ends_with('\n') { "\n" } else { "\n\n" });
    }
}

fn newline(stack: &mut [Frame]) {
    if let Some(f) = top(stack)
        && !f.buf.is_empty()
        && !f.buf.ends_with('\n')
    {
        f.buf.push('\n');
    }
}

/// Frames nest at most this deep (hostile markup stays linear); deeper tags keep their text.
const MAX_DEPTH: usize = 32;

fn open(stack: &mut Vec<Frame>, kind: Kind) {
    if stack.len() >= MAX_DEPTH {
        return;
    }
    stack.push(Frame {
        kind,
        buf: String::new(),
    });
}

/// Close the innermost frame `is` matches (and any opened inside it), folding each into
/// its parent.
fn close(stack: &mut Vec<Frame>, is: impl Fn(&Kind) -> bool) {
    if !stack.iter().skip(1).any(|f| is(&f.kind)) {
        return;
    }
    while stack.len() > 1 {
        let Some(f) = stack.pop() else { break };
        let done = is(&f.kind);
        let s = match f.kind {
            Kind::Link(href) if href.is_empty() => f.buf,
            Kind::Link(href) => format!("[{}]({href})", f.buf.trim()),
            Kind::Heading(level) => {
                format!("{} {}\n\n", "#".repeat(level.clamp(1, 6)), f.buf.trim())
            }
            Kind::Quote => {
                let lines: Vec<String> = tidy(&f.buf)
                    .lines()
                    .map(|l| {
                        if l.is_empty() {
                            ">".to_owned()
                        } else {
                            format!("> {l}")
                        }
                    })
                    .collect();
                format!("{}\n\n", lines.join("\n"))
            }
            Kind::Pre => {
                let code = f.buf.trim_matches('\n');
                let fence = if code.contains("```") { "~~~~" } else { "```" };
                format!("{fence}\n{code}\n{fence}\n\n")
            }
            Kind::Root => f.buf,
        };
        push(stack, &s);
        if done {
            break;
        }
    }
}

/// Text between tags: entities decoded, whitespace collapsed (kept as is inside `<pre>`).
fn text(stack: &mut [Frame], raw: &str) {
    if raw.is_empty() {
        return;
    }
    let in_pre = stack.iter().any(|f| matches!(f.kind, Kind::Pre));
    let decoded = entities(raw);
    if in_pre {
        push(stack, &decoded);
        return;
    }
    let mut s = String::with_capacity(decoded.len());
    let mut space = false;
    for c in decoded.chars() {
        if c.is_whitespace() && c != '\u{a0}' {
            space = true;
        } else {
            if space {
                s.push(' ');
            }
            space = false;
            s.push(if c == '\u{a0}' { ' ' } else { c });
        }
    }
    if space {
        s.push(' ');
    }
    if let Some(f) = top(stack) {
        // No space at the start of a line.
        if f.buf.is_empty() || f.buf.ends_with('\n') || f.buf.ends_with(' ') {
            f.buf.push_str(s.trim_start());
        } else {
            f.buf.push_str(&s);
        }
    }
}

/// An attribute's value in a tag body (`a href="..."`), entities decoded.
fn attr(tag: &str, name: &str) -> Option<String> {
    let lower = tag.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower
        .get(from..)
        .and_then(|s| s.find(name))
        .map(|i| i + from)
    {
        let before = lower.get(..i).and_then(|s| s.chars().last());
        let rest = tag.get(i + name.len()..)?.trim_start();
        if before.is_some_and(char::is_whitespace)
            && let Some(v) = rest.strip_prefix('=')
        {
            let v = v.trim_start();
            let value = match v.chars().next() {
                Some(q @ ('"' | '\'')) => v.get(1..)?.split(q).next()?,
                _ => v.split(|c: char| c.is_whitespace() || c == '/').next()?,
            };
            return Some(entities(value));
        }
        from = i + name.len();
    }
    None
}

fn entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(rest.get(..amp).unwrap_or(""));
        let after = rest.get(amp + 1..).unwrap_or("");
        let end = after.find(';').filter(|&e| e <= 10);
        let decoded = end.and_then(|e| {
            let name = after.get(..e)?;
            let c = match name {
                "amp" => '&',
                "lt" => '<',
                "gt" => '>',
                "quot" => '"',
                "apos" => '\'',
                "nbsp" => '\u{a0}',
                "hellip" => '…',
                "mdash" => '—',
                "ndash" => '–',
                "lsquo" => '‘',
                "rsquo" => '’',
                "ldquo" => '“',
                "rdquo" => '”',
                _ => {
                    let n = name.strip_prefix('#')?;
                    let code = match n.strip_prefix(['x', 'X']) {
                        Some(h) => u32::from_str_radix(h, 16).ok()?,
                        None => n.parse().ok()?,
                    };
                    char::from_u32(code)?
                }
            };
            Some((c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = after.get(e + 1..).unwrap_or("");
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Trailing spaces off every line, at most one blank line in a row, no blank ends.
fn tidy(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut blank = 0;
    for line in s.lines().map(str::trim_end) {
        if line.trim().is_empty() {
            blank += 1;
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank > 0 { "\n\n" } else { "\n" });
        }
        blank = 0;
        out.push_str(line);
    }
    out
}

/// HTML (an excerpt) as one line of plain text.
pub fn plain(html: &str) -> String {
    let md = from_html(html);
    md.split_whitespace().collect::<Vec<_>>().join(" ")
}
