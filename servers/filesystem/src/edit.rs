//! Edits of a text file: exact replacements, or line-by-line ones that ignore the whitespace
//! around each line and keep the file's indentation; and the unified diff of the result.

use mcp_shared::ToolError;
use similar::TextDiff;

/// The edited text: as compared (LF line ends) and as written (the file's own line ends).
pub struct Changed {
    pub text: String,
    pub written: String,
}

/// The leading whitespace of `line`.
fn indent(line: &str) -> &str {
    line.strip_suffix(line.trim_start()).unwrap_or("")
}

/// Apply `edits` (old, new) to `original` in order, each at its first match. Line ends are
/// compared as LF; a file whose every line ended in CRLF is written back with CRLF.
pub fn apply(original: &str, edits: &[(&str, &str)]) -> Result<Changed, ToolError> {
    let crlf = original.contains("\r\n") && !original.replace("\r\n", "").contains('\n');
    let mut text = original.replace("\r\n", "\n");
    for (i, (old, new)) in edits.iter().enumerate() {
        let old = old.replace("\r\n", "\n");
        let new = new.replace("\r\n", "\n");
        if old.is_empty() {
            return Err(ToolError::invalid_input(format!(
                "`edits[{i}].oldText` is empty: give the text to replace."
            )));
        }
        if text.contains(&old) {
            text = text.replacen(&old, &new, 1);
            continue;
        }
        text = by_lines(&text, &old, &new).ok_or_else(|| {
            ToolError::invalid_input(format!(
                "Could not find an exact match for edit {i} (nothing was written):\n{old}"
            ))
        })?;
    }
    let written = if crlf {
        text.replace('\n', "\r\n")
    } else {
        text.clone()
    };
    Ok(Changed { text, written })
}

/// Replace the first run of lines of `text` equal to the lines of `old` once the whitespace
/// around each is ignored; the new lines take the indentation of the first matched line, and
/// keep their indentation relative to the old ones.
fn by_lines(text: &str, old: &str, new: &str) -> Option<String> {
    let lines: Vec<&str> = text.split('\n').collect();
    let old_lines: Vec<&str> = old.split('\n').collect();
    if old_lines.len() > lines.len() {
        return None;
    }
    let at = (0..=lines.len() - old_lines.len()).find(|&i| {
        old_lines
            .iter()
            .zip(lines.iter().skip(i))
            .all(|(o, l)| o.trim() == l.trim())
    })?;
    let base = lines.get(at).map_or("", |l| indent(l));
    let replaced: Vec<String> = new
        .split('\n')
        .enumerate()
        .map(|(j, line)| {
            if j == 0 {
                return format!("{base}{}", line.trim_start());
            }
            let old_indent = old_lines.get(j).map_or("", |l| indent(l));
            let new_indent = indent(line);
            if !old_indent.is_empty() && !new_indent.is_empty() {
                let extra = new_indent
                    .chars()
                    .count()
                    .saturating_sub(old_indent.chars().count());
                format!("{base}{}{}", " ".repeat(extra), line.trim_start())
            } else {
                line.to_owned()
            }
        })
        .collect();
    let mut out: Vec<String> = lines.iter().take(at).map(|l| (*l).to_owned()).collect();
    out.extend(replaced);
    out.extend(
        lines
            .iter()
            .skip(at + old_lines.len())
            .map(|l| (*l).to_owned()),
    );
    Some(out.join("\n"))
}

/// The unified diff from `before` to `after` of the file `path`, in a fenced `diff` block
/// whose fence is longer than any run of backticks inside.
pub fn fenced_diff(before: &str, after: &str, path: &str) -> String {
    let before = before.replace("\r\n", "\n");
    let diff = TextDiff::from_lines(before.as_str(), after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("{path}\toriginal"), &format!("{path}\tmodified"))
        .to_string();
    let mut fence = "```".to_owned();
    while diff.contains(&fence) {
        fence.push('`');
    }
    format!("{fence}diff\n{diff}{fence}\n\n")
}
