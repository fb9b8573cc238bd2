//! Notion ids as agents give them: with or without dashes, or inside a Notion URL.

use mcp_shared::{ToolError, seg};

/// A Notion id for a URL path: the id as given (with or without dashes), or the id found in
/// a Notion URL (`https://www.notion.so/Title-1429989fe8ac4effbc8f57f56486db54`).
pub fn id(raw: &str, what: &str) -> Result<String, ToolError> {
    Ok(seg(&bare_id(raw, what)?))
}

/// Like [`id`], not yet encoded for a path (for request bodies).
pub fn bare_id(raw: &str, what: &str) -> Result<String, ToolError> {
    let s = raw.trim();
    if s.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` is empty: give a Notion id (32 hexadecimal digits, with or without dashes) or a Notion URL"
        )));
    }
    if !(s.starts_with("http://") || s.starts_with("https://")) {
        return Ok(s.to_owned());
    }
    id_in_url(s).ok_or_else(|| {
        ToolError::invalid_input(format!(
            "`{what}`: no Notion id (32 hexadecimal digits) found in the URL {s}"
        ))
    })
}

fn id_in_url(url: &str) -> Option<String> {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    let last = path.trim_end_matches('/').rsplit('/').next()?;
    let is_hex = |s: &str| s.chars().all(|c| c.is_ascii_hexdigit());
    // A dashed UUID at the end of the last segment, or 32 hex digits.
    if let Some(tail) = last.len().checked_sub(36).and_then(|i| last.get(i..)) {
        let parts: Vec<&str> = tail.split('-').collect();
        if parts.iter().map(|p| p.len()).collect::<Vec<_>>() == [8, 4, 4, 4, 12]
            && parts.iter().all(|p| is_hex(p))
        {
            return Some(tail.to_owned());
        }
    }
    if let Some(tail) = last.len().checked_sub(32).and_then(|i| last.get(i..))
        && is_hex(tail)
    {
        return Some(tail.to_owned());
    }
    None
}
