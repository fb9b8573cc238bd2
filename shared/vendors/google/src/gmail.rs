//! Gmail's messages as the API returns them, read once for every Gmail server: base64url
//! bodies, header lookup, decoded headers and addresses, and the walk over a `format=full`
//! payload's parts (text, HTML, attachments listed, not downloaded).

mod headers;
mod parts;

pub use headers::{Headers, Mailbox, mailboxes};
pub use parts::{
    AttachmentMeta, Decoded, Visit, decode_charset, decode_message, html_to_text, walk,
};

use base64::Engine as _;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::{DecodePaddingMode, general_purpose};
use mcp_shared::ToolError;
use serde_json::Value;

/// base64url as Gmail sends it: padded or not.
pub const B64URL: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::URL_SAFE,
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// base64url, padded (Google's own samples send `urlsafe_b64encode` output).
pub fn b64url_encode(data: &[u8]) -> String {
    general_purpose::URL_SAFE.encode(data)
}

/// Decode Gmail's base64url (`body.data`, `raw`, attachment `data`).
pub fn b64url_decode(data: &str) -> Result<Vec<u8>, ToolError> {
    B64URL.decode(data.trim()).map_err(|e| {
        ToolError::transport(format!(
            "Gmail returned content that is not valid base64url ({e})"
        ))
    })
}

/// The value of header `name` (case-insensitive) in a Gmail `headers` array, as Gmail sent it.
pub fn header<'a>(headers: &'a Value, name: &str) -> Option<&'a str> {
    headers.as_array()?.iter().find_map(|h| {
        let n = h.get("name")?.as_str()?;
        n.eq_ignore_ascii_case(name)
            .then(|| h.get("value")?.as_str())
            .flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn base64url_is_read_padded_or_not() {
        assert_eq!(b64url_decode("aGk_").unwrap(), b"hi?");
        assert_eq!(b64url_decode(" aGk ").unwrap(), b"hi");
        assert_eq!(b64url_decode("aGk=").unwrap(), b"hi");
        assert_eq!(b64url_encode(b"hi"), "aGk=");
        let err = b64url_decode("a+b/").unwrap_err().to_string();
        assert!(err.contains("not valid base64url"), "{err}");
    }

    #[test]
    fn a_header_is_found_by_its_name_in_any_case() {
        let h = json!([{"name": "subject", "value": "Hi"}, {"name": "From", "value": "a@b.c"}]);
        assert_eq!(header(&h, "Subject"), Some("Hi"));
        assert_eq!(header(&h, "FROM"), Some("a@b.c"));
        assert_eq!(header(&h, "To"), None);
        assert_eq!(header(&Value::Null, "To"), None);
    }
}
