//! Google's multipart uploads (`uploadType=multipart`, BigQuery load jobs, Cloud Storage,
//! Drive): one `multipart/related` body of the resource's JSON metadata, then the media.

use serde_json::Value;

/// The `multipart/related` body of `meta` then `media` (of type `media_type`), ending with
/// the closing boundary, and its `Content-Type` with the boundary (a random one, drawn again
/// in the unlikely case the metadata or the media holds it).
pub fn related(meta: &Value, media: &[u8], media_type: &str) -> (Vec<u8>, String) {
    build(meta, media, media_type, "")
}

/// [`related`] with a line break after the closing boundary (as Drive's own examples end).
pub fn related_line_ended(meta: &Value, media: &[u8], media_type: &str) -> (Vec<u8>, String) {
    build(meta, media, media_type, "\r\n")
}

fn build(meta: &Value, media: &[u8], media_type: &str, end: &str) -> (Vec<u8>, String) {
    let meta = meta.to_string();
    let new_boundary = || format!("gcmcp{}", uuid::Uuid::new_v4().simple());
    let mut boundary = new_boundary();
    while contains(media, boundary.as_bytes()) || meta.contains(&boundary) {
        boundary = new_boundary();
    }
    let mut b = Vec::with_capacity(media.len() + 512);
    b.extend_from_slice(
        format!("--{boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n{meta}\r\n--{boundary}\r\nContent-Type: {media_type}\r\n\r\n").as_bytes(),
    );
    b.extend_from_slice(media);
    b.extend_from_slice(format!("\r\n--{boundary}--{end}").as_bytes());
    (b, format!("multipart/related; boundary={boundary}"))
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn metadata_then_media_between_boundaries() {
        let (body, ctype) = related(&json!({"name": "a"}), b"x,y\n", "text/csv");
        let boundary = ctype.strip_prefix("multipart/related; boundary=").unwrap();
        assert_eq!(
            String::from_utf8(body).unwrap(),
            format!(
                "--{boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n{{\"name\":\"a\"}}\r\n\
                 --{boundary}\r\nContent-Type: text/csv\r\n\r\nx,y\n\r\n--{boundary}--"
            )
        );
        assert_ne!(related(&json!({}), b"", "a/b").1, ctype);
        let (body, ctype) = related_line_ended(&json!({}), b"", "a/b");
        let boundary = ctype.strip_prefix("multipart/related; boundary=").unwrap();
        assert!(body.ends_with(format!("\r\n--{boundary}--\r\n").as_bytes()));
    }
}
