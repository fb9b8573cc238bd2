//! The parts of a message in Gmail's `format=full` payload: a tree in which Gmail has already
//! undone each part's transfer encoding (quoted-printable, base64) and re-encoded the bytes as
//! base64url in `body.data`; the bytes are still in the part's own charset. [`walk`] visits
//! the tree; [`decode_message`] decodes each text part with the charset its `Content-Type`
//! names (with mail-parser's charset tables: UTF-8, ISO-8859-*, Windows-125*, KOI8,
//! Shift_JIS, GB2312, Big5, ...) and lists attachments with Gmail's ids and sizes, without
//! downloading them.
//! (`format=raw` would download every attachment with the text, and its size is capped by the
//! response limit; `format=full` costs the same quota and carries the attachment ids the
//! attachment tools need.)

use mail_parser::{MessageParser, MimeHeaders};
use mcp_shared::ToolError;
use serde::Serialize;
use serde_json::Value;

use super::{Headers, b64url_decode, header};

/// What [`walk`] does after visiting a part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visit {
    /// Go on into the part's own parts (`parts`), then on to the next part.
    Into,
    /// Leave the part's own parts out; go on to the next part.
    Over,
    /// End the walk.
    Stop,
}

/// Visit `part` and the parts below it, depth first in the message's order, as `visit` says
/// after each one; an error from `visit` ends the walk with it.
pub fn walk<E>(part: &Value, visit: &mut impl FnMut(&Value) -> Result<Visit, E>) -> Result<(), E> {
    walk_on(part, visit).map(|_| ())
}

/// [`walk`], saying whether the walk was stopped.
fn walk_on<E>(part: &Value, visit: &mut impl FnMut(&Value) -> Result<Visit, E>) -> Result<bool, E> {
    match visit(part)? {
        Visit::Stop => Ok(true),
        Visit::Over => Ok(false),
        Visit::Into => {
            for child in part
                .get("parts")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if walk_on(child, visit)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
    }
}

/// An attachment as listed in a message (not downloaded).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AttachmentMeta {
    /// Gmail's attachment id (for messages.attachments.get); absent when the data is inline.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attachment_id: Option<String>,
    pub part_id: String,
    pub filename: String,
    pub mime_type: String,
    pub size: u64,
    /// Shown in the body (`Content-Disposition: inline` or a `Content-ID`), e.g. a logo.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub inline: bool,
    /// The part's data when Gmail sent it inline (small parts), base64url.
    #[serde(skip)]
    pub data: Option<String>,
}

/// A message's decoded content.
#[derive(Debug, Default, Clone)]
pub struct Decoded {
    pub headers: Headers,
    pub text: Option<String>,
    pub html: Option<String>,
    pub attachments: Vec<AttachmentMeta>,
}

impl Decoded {
    /// Text for an agent: the text/plain body, else the HTML body converted to text.
    pub fn body_text(&self) -> (Option<String>, &'static str) {
        match (&self.text, &self.html) {
            (Some(t), _) if !t.trim().is_empty() => (Some(t.clone()), "text/plain"),
            (_, Some(h)) => (Some(html_to_text(h)), "text/html"),
            (Some(t), None) => (Some(t.clone()), "text/plain"),
            (None, None) => (None, "none"),
        }
    }
}

/// HTML to readable text (tags dropped, entities decoded, blocks on their own lines).
pub fn html_to_text(html: &str) -> String {
    mail_parser::decoders::html::html_to_text(html)
}

/// The charset parameter of a `Content-Type` value.
fn charset_of(content_type: &str) -> Option<String> {
    let block = format!(
        "Content-Type: {}\r\n\r\n",
        content_type.replace(['\r', '\n'], " ")
    );
    let m = MessageParser::default().parse_headers(block.as_bytes())?;
    m.content_type()?
        .attribute("charset")
        .map(|c| c.trim().to_ascii_lowercase())
}

/// Bytes in `charset` as text. Without a charset (or for US-ASCII/UTF-8) valid UTF-8 is taken
/// as it is and anything else read as Windows-1252, which is what unlabeled 8-bit mail
/// usually is. An unknown charset is read as UTF-8 with replacement characters.
pub fn decode_charset(bytes: &[u8], charset: Option<&str>) -> String {
    let cs = charset.map(|c| c.trim().trim_matches('"').to_ascii_lowercase());
    let utf8_first = matches!(
        cs.as_deref(),
        None | Some("utf-8" | "utf8" | "us-ascii" | "ascii" | "")
    );
    if utf8_first {
        return match std::str::from_utf8(bytes) {
            Ok(s) => s.to_owned(),
            Err(_) => mail_parser::decoders::charsets::map::charset_decoder(b"windows-1252")
                .map(|f| f(bytes))
                .unwrap_or_else(|| String::from_utf8_lossy(bytes).into_owned()),
        };
    }
    match cs
        .as_deref()
        .and_then(|c| mail_parser::decoders::charsets::map::charset_decoder(c.as_bytes()))
    {
        Some(decode) => decode(bytes),
        None => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// Decode a Gmail `Message` in `format=full`: its headers, its text and HTML bodies (the
/// text/plain parts joined, and the text/html ones), its attachments listed.
pub fn decode_message(msg: &Value) -> Result<Decoded, ToolError> {
    let payload = msg.get("payload").unwrap_or(&Value::Null);
    let mut out = Decoded {
        headers: Headers::from_gmail(payload.get("headers").unwrap_or(&Value::Null)),
        ..Decoded::default()
    };
    let mut texts = Vec::new();
    let mut htmls = Vec::new();
    walk(payload, &mut |part| {
        read_part(part, &mut texts, &mut htmls, &mut out.attachments)
    })?;
    out.text = (!texts.is_empty()).then(|| texts.join("\n"));
    out.html = (!htmls.is_empty()).then(|| htmls.join("\n"));
    Ok(out)
}

/// One part for [`decode_message`]: a text or HTML body decoded, an attachment listed, or a
/// container (a multipart, or e.g. a message/rfc822 without a file name) read inside.
fn read_part(
    part: &Value,
    texts: &mut Vec<String>,
    htmls: &mut Vec<String>,
    attachments: &mut Vec<AttachmentMeta>,
) -> Result<Visit, ToolError> {
    let mime = part
        .get("mimeType")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_ascii_lowercase();
    let has_children = part
        .get("parts")
        .and_then(Value::as_array)
        .is_some_and(|c| !c.is_empty());
    if mime.starts_with("multipart/") && has_children {
        return Ok(Visit::Into);
    }
    let headers = part.get("headers").unwrap_or(&Value::Null);
    let filename = part
        .get("filename")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();
    let disposition = header(headers, "Content-Disposition")
        .unwrap_or("")
        .trim_start()
        .to_ascii_lowercase();
    let is_attachment_disposition = disposition.starts_with("attachment");
    let body = part.get("body").unwrap_or(&Value::Null);
    let data = body.get("data").and_then(Value::as_str);
    let attachment_id = body
        .get("attachmentId")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let is_text_body = (mime == "text/plain" || mime == "text/html")
        && filename.is_empty()
        && !is_attachment_disposition;
    if is_text_body && let Some(data) = data {
        let bytes = b64url_decode(data)?;
        let text = decode_charset(
            &bytes,
            header(headers, "Content-Type")
                .and_then(charset_of)
                .as_deref(),
        );
        if mime == "text/html" {
            htmls.push(text);
        } else {
            texts.push(text);
        }
        return Ok(Visit::Over);
    }
    if !filename.is_empty() || attachment_id.is_some() || is_attachment_disposition {
        attachments.push(AttachmentMeta {
            attachment_id,
            part_id: part
                .get("partId")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned(),
            filename,
            mime_type: if mime.is_empty() {
                "application/octet-stream".into()
            } else {
                mime
            },
            size: body.get("size").and_then(Value::as_u64).unwrap_or(0),
            inline: disposition.starts_with("inline") || header(headers, "Content-ID").is_some(),
            data: data.map(str::to_owned),
        });
        return Ok(Visit::Over);
    }
    // A container Gmail expanded (e.g. message/rfc822 without a file name): read inside it.
    Ok(Visit::Into)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gmail::b64url_encode;
    use serde_json::json;

    fn part(mime: &str, headers: Value, body: Value) -> Value {
        json!({"mimeType": mime, "filename": "", "headers": headers, "body": body})
    }

    fn text(mime: &str, charset: &str, bytes: &[u8]) -> Value {
        part(
            mime,
            json!([{"name": "Content-Type", "value": format!("{mime}; charset={charset}")}]),
            json!({"data": b64url_encode(bytes), "size": bytes.len()}),
        )
    }

    #[test]
    fn texts_in_their_charsets_and_attachments_are_read() {
        let mut pdf = part(
            "application/pdf",
            json!([{"name": "Content-Disposition", "value": "attachment; filename=\"a.pdf\""}]),
            json!({"attachmentId": "ATT1", "size": 1234}),
        );
        pdf["filename"] = json!("a.pdf");
        pdf["partId"] = json!("2");
        let mut logo = part(
            "image/png",
            json!([{"name": "Content-ID", "value": "<logo>"}]),
            json!({"data": "iVBO", "size": 3}),
        );
        logo["filename"] = json!("logo.png");
        logo["partId"] = json!("3");
        let msg = json!({"payload": {
            "mimeType": "multipart/mixed",
            "headers": [{"name": "Subject", "value": "Hi"}],
            "parts": [
                {"mimeType": "multipart/alternative", "parts": [
                    text("text/plain", "ISO-8859-1", b"caf\xe9"),
                    text("text/html", "utf-8", "<p>café</p>".as_bytes()),
                ]},
                pdf,
                logo,
                {"mimeType": "message/rfc822", "parts": [text("text/plain", "utf-8", b"inner")]},
            ],
        }});
        let d = decode_message(&msg).unwrap();
        assert_eq!(d.headers.subject.as_deref(), Some("Hi"));
        assert_eq!(d.text.as_deref(), Some("café\ninner"));
        assert_eq!(d.html.as_deref(), Some("<p>café</p>"));
        assert_eq!(
            d.body_text(),
            (Some("café\ninner".to_owned()), "text/plain")
        );
        assert_eq!(
            json!(d.attachments),
            json!([
                {"attachmentId": "ATT1", "partId": "2", "filename": "a.pdf", "mimeType": "application/pdf", "size": 1234},
                {"partId": "3", "filename": "logo.png", "mimeType": "image/png", "size": 3, "inline": true},
            ])
        );
        assert_eq!(d.attachments[1].data.as_deref(), Some("iVBO"));
    }

    #[test]
    fn an_html_only_message_reads_as_text_and_bad_base64_is_an_error() {
        let msg = json!({"payload": text("text/html", "utf-8", b"<p>a &amp; b</p>")});
        let d = decode_message(&msg).unwrap();
        assert_eq!(d.text, None);
        assert_eq!(d.body_text().1, "text/html");
        assert!(d.body_text().0.unwrap().contains("a & b"));
        let bad = json!({"payload": part("text/plain", json!([]), json!({"data": "***"}))});
        assert!(decode_message(&bad).is_err());
    }

    #[test]
    fn unlabeled_eight_bit_text_is_windows_1252() {
        assert_eq!(decode_charset(b"caf\xe9", None), "café");
        assert_eq!(decode_charset("café".as_bytes(), Some("UTF-8")), "café");
        assert_eq!(decode_charset(b"caf\xe9", Some("\"iso-8859-1\"")), "café");
        assert_eq!(decode_charset(b"ok", Some("x-unknown")), "ok");
    }

    #[test]
    fn a_walk_goes_into_over_or_stops_as_told() {
        let tree = json!({"partId": "0", "parts": [
            {"partId": "1", "parts": [{"partId": "1.1"}]},
            {"partId": "2", "parts": [{"partId": "2.1"}]},
            {"partId": "3"},
        ]});
        let mut seen = Vec::new();
        let r: Result<(), ()> = walk(&tree, &mut |p| {
            let id = p["partId"].as_str().unwrap_or("");
            seen.push(id.to_owned());
            Ok(match id {
                "1" => Visit::Over,
                "2.1" => Visit::Stop,
                _ => Visit::Into,
            })
        });
        assert_eq!(r, Ok(()));
        assert_eq!(seen, ["0", "1", "2", "2.1"]);
        let r = walk(&tree, &mut |_| Err::<Visit, _>("no"));
        assert_eq!(r, Err("no"));
    }
}
