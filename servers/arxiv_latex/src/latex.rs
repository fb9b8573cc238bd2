//! LaTeX text processing: the main file, `\input`/`\include` flattened, comments removed, the
//! abstract, and the section tree (`\section`, `\subsection`, `\subsubsection`).

use crate::source::Files;

/// How deep `\input` inside `\input` is followed.
const MAX_DEPTH: usize = 8;

/// The main file's path: one with `\documentclass`, `main`/`paper`/`index` first, else the
/// longest.
pub fn main_file(files: &Files) -> Option<&str> {
    let mains: Vec<(&String, &String)> = files
        .iter()
        .filter(|(p, _)| !p.to_ascii_lowercase().ends_with(".bbl"))
        .filter(|(_, t)| strip_comments(t).contains("\\documentclass"))
        .collect();
    let base = |p: &str| p.rsplit('/').next().unwrap_or(p).to_ascii_lowercase();
    for preferred in ["main.tex", "paper.tex", "index.tex"] {
        if let Some((p, _)) = mains.iter().find(|(p, _)| base(p) == preferred) {
            return Some(p.as_str());
        }
    }
    mains
        .iter()
        .max_by_key(|(p, t)| (t.len(), std::cmp::Reverse(p.as_str())))
        .map(|(p, _)| p.as_str())
}

/// Remove `%` comments (an escaped `\%` stays); a line that held only a comment goes.
#[allow(
    clippy::string_slice,
    reason = "LaTeX scanning: every index comes from `find`/`char_indices` of ASCII delimiters (`\\`, `{`, `}`, `%`) or counts ASCII letters, so it is a character boundary"
)]
pub fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        match comment_start(line) {
            Some(i) => {
                let kept = line[..i].trim_end();
                if !kept.trim().is_empty() {
                    out.push_str(kept);
                    out.push('\n');
                }
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

fn comment_start(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'%' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// The main file with comments removed and `\input{f}` / `\include{f}` replaced by the files
/// they name (inside the archive only; an unknown file is left as written).
pub fn flatten(files: &Files, main: &str) -> String {
    let text = files
        .get(main)
        .map(|t| strip_comments(t))
        .unwrap_or_default();
    expand(files, &text, 0)
}

#[allow(
    clippy::string_slice,
    reason = "LaTeX scanning: every index comes from `find`/`char_indices` of ASCII delimiters (`\\`, `{`, `}`, `%`) or counts ASCII letters, so it is a character boundary"
)]
fn expand(files: &Files, text: &str, depth: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let name_len = after.bytes().take_while(u8::is_ascii_alphabetic).count();
        let name = &after[..name_len];
        if (name == "input" || name == "include") && depth < MAX_DEPTH {
            let args = after[name_len..].trim_start();
            if let Some(arg) = args
                .strip_prefix('{')
                .and_then(|a| a.find('}').map(|j| &a[..j]))
                && let Some(body) = lookup(files, arg.trim())
            {
                out.push_str(&expand(files, &strip_comments(body), depth + 1));
                let consumed = after.len() - args.len() + arg.len() + 2;
                rest = &after[consumed..];
                continue;
            }
        }
        // Not an inclusion: keep the backslash and the command (or the escaped character).
        let keep = if name_len == 0 {
            after.chars().next().map_or(0, char::len_utf8)
        } else {
            name_len
        };
        out.push('\\');
        out.push_str(&after[..keep]);
        rest = &after[keep..];
    }
    out.push_str(rest);
    out
}

fn lookup<'a>(files: &'a Files, name: &str) -> Option<&'a String> {
    let name = name.trim_start_matches("./");
    files
        .get(name)
        .or_else(|| files.get(&format!("{name}.tex")))
}

/// The text of `\begin{abstract}...\end{abstract}`, or of `\abstract{...}`.
#[allow(
    clippy::string_slice,
    reason = "LaTeX scanning: every index comes from `find`/`char_indices` of ASCII delimiters (`\\`, `{`, `}`, `%`) or counts ASCII letters, so it is a character boundary"
)]
pub fn abstract_of(text: &str) -> Option<String> {
    if let Some(i) = text.find("\\begin{abstract}") {
        let body = &text[i + "\\begin{abstract}".len()..];
        let end = body.find("\\end{abstract}")?;
        return Some(body[..end].trim().to_owned());
    }
    let i = text.find("\\abstract{")?;
    let (inner, _) = braced(&text[i + "\\abstract".len()..])?;
    Some(inner.trim().to_owned())
}

/// `{...}` at the start of `s` (after blanks), brace-matched: the inside and the rest.
#[allow(
    clippy::string_slice,
    reason = "LaTeX scanning: every index comes from `find`/`char_indices` of ASCII delimiters (`\\`, `{`, `}`, `%`) or counts ASCII letters, so it is a character boundary"
)]
fn braced(s: &str) -> Option<(&str, &str)> {
    let s = s.trim_start();
    let body = s.strip_prefix('{')?;
    let mut depth = 1usize;
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&body[..i], &body[i + 1..]));
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// A heading: its level (1 section, 2 subsection, 3 subsubsection), its path ("A > B"), where
/// it starts and where its body starts.
#[derive(Debug)]
pub struct Heading {
    pub level: usize,
    pub path: String,
    pub start: usize,
}

/// Every heading of `text`, in order, with its path.
#[allow(
    clippy::string_slice,
    reason = "LaTeX scanning: every index comes from `find`/`char_indices` of ASCII delimiters (`\\`, `{`, `}`, `%`) or counts ASCII letters, so it is a character boundary"
)]
pub fn headings(text: &str) -> Vec<Heading> {
    let mut found = Vec::new();
    let mut stack: Vec<(usize, String)> = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        let after = &text[i + 1..];
        let name_len = after.bytes().take_while(u8::is_ascii_alphabetic).count();
        if name_len == 0 {
            i += 2;
            continue;
        }
        let level = match &after[..name_len] {
            "section" => Some(1),
            "subsection" => Some(2),
            "subsubsection" => Some(3),
            _ => None,
        };
        let start = i;
        i += 1 + name_len;
        let Some(level) = level else { continue };
        let mut rest = text[i..].strip_prefix('*').unwrap_or(&text[i..]);
        // An optional short title: `\section[Short]{Long}`.
        if rest.trim_start().starts_with('[') {
            let r = rest.trim_start();
            match r.find(']') {
                Some(j) => rest = &r[j + 1..],
                None => continue,
            }
        }
        let Some((title, tail)) = braced(rest) else {
            continue;
        };
        let title = title.split_whitespace().collect::<Vec<_>>().join(" ");
        while stack.last().is_some_and(|(l, _)| *l >= level) {
            stack.pop();
        }
        stack.push((level, title));
        found.push(Heading {
            level,
            path: stack
                .iter()
                .map(|(_, t)| t.as_str())
                .collect::<Vec<_>>()
                .join(" > "),
            start,
        });
        i = text.len() - tail.len();
    }
    found
}

/// The text of heading `k` of `hs`: up to the next heading of its level or above, or
/// `\end{document}`.
#[allow(
    clippy::string_slice,
    reason = "LaTeX scanning: every index comes from `find`/`char_indices` of ASCII delimiters (`\\`, `{`, `}`, `%`) or counts ASCII letters, so it is a character boundary"
)]
pub fn section_text<'a>(text: &'a str, hs: &[Heading], k: usize) -> &'a str {
    let h = &hs[k];
    let next = hs[k + 1..]
        .iter()
        .find(|n| n.level <= h.level)
        .map_or(text.len(), |n| n.start);
    let body = &text[h.start..next];
    let end = body.find("\\end{document}").unwrap_or(body.len());
    body[..end].trim_end()
}

/// The path a caller asked for, matched leniently: exact, then ignoring case and blanks around
/// `>`, then by the last title alone when only one heading has it.
pub fn find_section(hs: &[Heading], wanted: &str) -> Option<usize> {
    let norm = |s: &str| {
        s.split('>')
            .map(|p| {
                p.split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .to_lowercase()
            })
            .collect::<Vec<_>>()
            .join(" > ")
    };
    if let Some(k) = hs.iter().position(|h| h.path == wanted) {
        return Some(k);
    }
    let w = norm(wanted);
    if let Some(k) = hs.iter().position(|h| norm(&h.path) == w) {
        return Some(k);
    }
    let last = |s: &str| s.rsplit(" > ").next().unwrap_or("").to_owned();
    let by_title: Vec<usize> = hs
        .iter()
        .enumerate()
        .filter(|(_, h)| last(&norm(&h.path)) == w)
        .map(|(k, _)| k)
        .collect();
    (by_title.len() == 1).then(|| by_title[0])
}
