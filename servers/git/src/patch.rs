//! Text as git prints it: a diff as a unified patch (`git diff`), a commit's header.

use chrono::{DateTime, FixedOffset};
use git2::{Diff, DiffFindOptions, DiffFormat, DiffOptions};
use mcp_shared::ToolError;

use crate::repo::git_error;

/// Most bytes of patch text one call returns.
pub const MAX_PATCH_BYTES: usize = 4 * 1024 * 1024;

/// Diff options with `context_lines` of context (git's `--unified`).
pub fn options(context_lines: u64) -> DiffOptions {
    let mut o = DiffOptions::new();
    o.context_lines(u32::try_from(context_lines.min(100_000)).unwrap_or(3));
    o
}

/// Detect renames, as `git diff` does by default.
pub fn find_renames(diff: &mut Diff<'_>) -> Result<(), ToolError> {
    let mut f = DiffFindOptions::new();
    f.renames(true);
    diff.find_similar(Some(&mut f))
        .map_err(|e| git_error("detect renames", e))
}

/// The diff as a unified patch (empty when nothing differs), cut at [`MAX_PATCH_BYTES`]
/// with a note saying so.
pub fn text(diff: &Diff<'_>) -> Result<String, ToolError> {
    let mut out = String::new();
    let mut cut = false;
    let printed = diff.print(DiffFormat::Patch, |_, _, line| {
        let content = String::from_utf8_lossy(line.content());
        if out.len() + content.len() + 1 > MAX_PATCH_BYTES {
            cut = true;
            return false;
        }
        match line.origin() {
            c @ ('+' | '-' | ' ') => {
                out.push(c);
                out.push_str(&content);
            }
            _ => out.push_str(&content),
        }
        true
    });
    if cut {
        out.push_str(&format!(
            "\n[the patch was cut at {} MiB; compare fewer files or a smaller range]\n",
            MAX_PATCH_BYTES / (1024 * 1024)
        ));
    } else {
        printed.map_err(|e| git_error("print the diff", e))?;
    }
    Ok(out.trim_end().to_owned())
}

/// `Name <email>` of a signature.
pub fn who(sig: &git2::Signature<'_>) -> String {
    format!(
        "{} <{}>",
        String::from_utf8_lossy(sig.name_bytes()),
        String::from_utf8_lossy(sig.email_bytes())
    )
}

/// A git time in its own offset: `2024-01-15 10:30:00+02:00`.
pub fn date(t: git2::Time) -> String {
    let offset = FixedOffset::east_opt(t.offset_minutes().saturating_mul(60))
        .or_else(|| FixedOffset::east_opt(0));
    match (DateTime::from_timestamp(t.seconds(), 0), offset) {
        (Some(utc), Some(off)) => utc
            .with_timezone(&off)
            .format("%Y-%m-%d %H:%M:%S%:z")
            .to_string(),
        _ => t.seconds().to_string(),
    }
}

/// The header of a commit, as the reference server prints it in the log and in `git_show`:
/// `Commit:`, `Author:`, `Date:` (the author's) and `Message:`.
pub fn header(c: &git2::Commit<'_>) -> String {
    let message = String::from_utf8_lossy(c.message_bytes());
    format!(
        "Commit: {}\nAuthor: {}\nDate: {}\nMessage: {}\n",
        c.id(),
        who(&c.author()),
        date(c.author().when()),
        message.trim_end()
    )
}
