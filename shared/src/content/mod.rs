//! Content an agent receives besides JSON: files and attachments as embedded resources, and
//! long text cut predictably with a marker.
//!
//! Beside it: JSON shaping for results ([`json`]), Markdown ([`markdown`]), text ([`text`])
//! and a page's visible text ([`html`]).

pub mod html;
pub mod json;
pub mod markdown;
pub mod text;

use base64::Engine as _;
use rmcp::model::{ContentBlock, ResourceContents};

use crate::error::ToolError;

/// Default cap for binary content returned inline (files, attachments).
pub const DEFAULT_MAX_RESOURCE_BYTES: usize = 10 * 1024 * 1024;

/// Whether content of this MIME type is text an agent can read as such.
pub fn is_text_mime(mime: &str) -> bool {
    let m = mime
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    m.starts_with("text/")
        || m.ends_with("+json")
        || m.ends_with("+xml")
        || matches!(
            m.as_str(),
            "application/json"
                | "application/xml"
                | "application/javascript"
                | "application/x-yaml"
                | "application/yaml"
                | "application/x-sh"
                | "application/sql"
                | "application/graphql"
                | "application/csv"
        )
}

/// File bytes as an MCP embedded resource: text (UTF-8, text-like MIME type) as a text
/// resource, anything else base64 as a blob resource. Bytes over `max` are refused with a
/// message saying how big they are and what the cap is.
pub fn resource(uri: &str, mime: &str, data: &[u8], max: usize) -> Result<ContentBlock, ToolError> {
    if data.len() > max {
        return Err(ToolError::invalid_input(format!(
            "{uri} is {} bytes, over the {} byte limit for content returned inline",
            data.len(),
            max
        ))
        .with_hint("download it from the vendor directly, or ask for a smaller item."));
    }
    let contents = match std::str::from_utf8(data) {
        Ok(text) if is_text_mime(mime) => ResourceContents::TextResourceContents {
            uri: uri.to_owned(),
            mime_type: Some(mime.to_owned()),
            text: text.to_owned(),
            meta: None,
        },
        _ => ResourceContents::BlobResourceContents {
            uri: uri.to_owned(),
            mime_type: Some(mime.to_owned()),
            blob: base64::engine::general_purpose::STANDARD.encode(data),
            meta: None,
        },
    };
    Ok(ContentBlock::resource(contents))
}

/// Cut `text` to at most `max` bytes (at a character boundary) and say so at the end:
/// `…[truncated: showing the first N of M bytes]`. Returns the text and whether it was cut.
pub fn truncate(text: &str, max: usize) -> (String, bool) {
    if text.len() <= max {
        return (text.to_owned(), false);
    }
    let shown = crate::content::text::prefix(text, max);
    (
        format!(
            "{shown}\n…[truncated: showing the first {} of {} bytes]",
            shown.len(),
            text.len()
        ),
        true,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_blob_and_cap() {
        let t = resource(
            "file:///a.txt",
            "text/plain; charset=utf-8",
            "héllo".as_bytes(),
            100,
        )
        .unwrap();
        assert!(matches!(t, ContentBlock::Resource(_)));
        let json = serde_json::to_value(&t).unwrap();
        assert_eq!(json["resource"]["text"], "héllo");
        let b = serde_json::to_value(
            resource("file:///a.png", "image/png", &[0x89, 0x50, 0xff], 100).unwrap(),
        )
        .unwrap();
        assert_eq!(b["resource"]["blob"], "iVD/");
        assert!(resource("x", "image/png", &[0; 101], 100).is_err());
    }

    #[test]
    fn truncation_marks_and_respects_characters() {
        let (t, cut) = truncate("ééé", 3);
        assert!(cut);
        assert!(
            t.starts_with('é') && t.contains("showing the first 2 of 6 bytes"),
            "{t}"
        );
        assert_eq!(truncate("abc", 3), ("abc".to_owned(), false));
    }
}
