//! Google's multipart uploads (`uploadType=multipart`, BigQuery load jobs, Cloud Storage,
//! Drive): one `multipart/related` body of the resource's JSON metadata, then the media.

use serde_json::Value;

/// The `multipart/related` body of `meta` then `media` (of type `media_type`), and its
/// `Content-Type` with the boundary (a random one, which the content cannot be expected to
/// hold).
pub fn related(meta: &Value, media: &[u8], media_type: &str) -> (Vec<u8>, String) {
    let boundary = format!("gcmcp{}", uuid::Uuid::new_v4().simple());
    let mut b = Vec::with_capacity(media.len() + 512);
    b.extend_from_slice(
        format!("--{boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n{meta}\r\n--{boundary}\r\nContent-Type: {media_type}\r\n\r\n").as_bytes(),
    );
    b.extend_from_slice(media);
    b.extend_from_slice(format!("\r\n--{boundary}--").as_bytes());
    (b, format!("multipart/related; boundary={boundary}"))
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
    }
}
