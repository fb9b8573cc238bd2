//! MIME, both ways.
//!
//! Reading uses Gmail's `format=full` payload: a tree of parts in which Gmail has already undone
//! each part's transfer encoding (quoted-printable, base64) and re-encoded the bytes as
//! base64url in `body.data`; the bytes are still in the part's own charset. So this module
//! walks the tree, decodes each text part with the charset its `Content-Type` names (with
//! mail-parser's charset tables: UTF-8, ISO-8859-*, Windows-125*, KOI8, Shift_JIS, GB2312,
//! Big5, ...), and lists attachments with Gmail's ids and sizes, without downloading them.
//! Header values also go through mail-parser, so encoded words (RFC 2047) and address lists
//! come out decoded whether or not Gmail decoded them first.
//! (`format=raw` would make us download every attachment with the text, and its size is
//! capped by the response limit; `format=full` costs the same quota and carries the
//! attachment ids the attachment tool needs.)
//!
//! Writing uses mail-builder: RFC 2047 headers, `multipart/alternative` for text + HTML,
//! `multipart/mixed` with attachments, transfer encodings chosen per part.

use base64::Engine as _;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::{DecodePaddingMode, general_purpose};
use mail_builder::MessageBuilder;
use mail_builder::headers::address::Address as OutAddress;
use mail_builder::headers::message_id::MessageId;
use mail_parser::{Address, MessageParser, MimeHeaders};
use mcp_shared::ToolError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// base64url as Gmail sends it: padded or not.
const B64URL: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::URL_SAFE,
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// Standard base64, padded or not (for what callers send).
const B64STD: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
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

/// Decode base64 a caller sent: standard or URL-safe alphabet, padded or not, whitespace ignored.
pub fn b64_decode_any(data: &str, what: &str) -> Result<Vec<u8>, ToolError> {
    let clean: String = data.chars().filter(|c| !c.is_whitespace()).collect();
    let clean = clean
        .split_once(";base64,")
        .map(|(_, d)| d.to_owned())
        .unwrap_or(clean); // a data: URL
    B64STD
        .decode(&clean)
        .or_else(|_| B64URL.decode(&clean))
        .map_err(|e| ToolError::invalid_input(format!("{what} is not valid base64 ({e})")))
}

// ---------------------------------------------------------------------------------------------
// Addresses

/// One mailbox: `Name <email>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mailbox {
    pub name: Option<String>,
    pub email: String,
}

impl Mailbox {
    /// `Name <email>` (the name quoted when it has characters that would split it), or `email`.
    pub fn display(&self) -> String {
        match self
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            Some(n) if n != self.email => {
                if n.chars().any(|c| ",;:<>@\"()[]\\.".contains(c)) {
                    format!(
                        "\"{}\" <{}>",
                        n.replace('\\', "\\\\").replace('"', "\\\""),
                        self.email
                    )
                } else {
                    format!("{n} <{}>", self.email)
                }
            }
            _ => self.email.clone(),
        }
    }

    pub fn same_address(&self, other: &str) -> bool {
        self.email.eq_ignore_ascii_case(other.trim())
    }
}

impl Serialize for Mailbox {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.display())
    }
}

fn mailboxes(a: Option<&Address<'_>>) -> Vec<Mailbox> {
    let Some(a) = a else { return Vec::new() };
    a.iter()
        .filter_map(|x| {
            Some(Mailbox {
                name: x.name().map(str::to_owned),
                email: x.address()?.trim().to_owned(),
            })
        })
        .filter(|m| !m.email.is_empty())
        .collect()
}

/// Parse recipients given as `name@example.com`, `Name <name@example.com>` or several of them
/// separated by commas. `field` names the argument in errors.
pub fn parse_recipients(field: &str, values: &[String]) -> Result<Vec<Mailbox>, ToolError> {
    let mut out = Vec::new();
    for value in values {
        let v = value.trim();
        if v.is_empty() {
            continue;
        }
        if v.contains(['\r', '\n']) {
            return Err(ToolError::invalid_input(format!(
                "`{field}` entries may not contain line breaks: `{}`",
                v.escape_debug()
            )));
        }
        let block = format!("To: {v}\r\n\r\n");
        let parsed = MessageParser::default().parse_headers(block.as_bytes());
        let list = mailboxes(parsed.as_ref().and_then(|m| m.to()));
        let bad = || {
            ToolError::invalid_input(format!(
                "`{field}`: `{v}` is not an email address; use `name@example.com` or `Name <name@example.com>`. Look addresses up with gmail_search_contacts instead of guessing them."
            ))
        };
        if list.is_empty() {
            return Err(bad());
        }
        for m in list {
            let ok = m
                .email
                .split_once('@')
                .is_some_and(|(l, d)| !l.is_empty() && !d.is_empty() && !d.contains('@'))
                && !m
                    .email
                    .chars()
                    .any(|c| c.is_whitespace() || c == '<' || c == '>');
            if !ok {
                return Err(bad());
            }
            if !out.iter().any(|o: &Mailbox| o.same_address(&m.email)) {
                out.push(m);
            }
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Reading: Gmail's payload tree

/// The headers an agent needs, decoded.
#[derive(Debug, Default, Clone)]
pub struct Headers {
    pub subject: Option<String>,
    pub from: Vec<Mailbox>,
    pub to: Vec<Mailbox>,
    pub cc: Vec<Mailbox>,
    pub bcc: Vec<Mailbox>,
    pub reply_to: Vec<Mailbox>,
    /// RFC 3339 when the `Date` header parses, else the header as sent.
    pub date: Option<String>,
    /// `<id@host>`
    pub message_id: Option<String>,
    pub references: Vec<String>,
}

fn bracket(id: &str) -> String {
    let id = id.trim().trim_start_matches('<').trim_end_matches('>');
    format!("<{id}>")
}

/// The value of header `name` (case-insensitive) in a Gmail `headers` array.
pub fn header<'a>(headers: &'a Value, name: &str) -> Option<&'a str> {
    headers.as_array()?.iter().find_map(|h| {
        let n = h.get("name")?.as_str()?;
        n.eq_ignore_ascii_case(name)
            .then(|| h.get("value")?.as_str())
            .flatten()
    })
}

impl Headers {
    /// Decode a Gmail `headers` array (`[{"name", "value"}]`) with mail-parser.
    pub fn from_gmail(headers: &Value) -> Headers {
        let mut block = String::new();
        for h in headers.as_array().into_iter().flatten() {
            let (Some(name), Some(value)) = (
                h.get("name").and_then(Value::as_str),
                h.get("value").and_then(Value::as_str),
            ) else {
                continue;
            };
            if name.is_empty() || !name.bytes().all(|b| b.is_ascii_graphic() && b != b':') {
                continue;
            }
            let value = value.replace(['\r', '\n'], " ");
            block.push_str(&format!("{name}: {value}\r\n"));
        }
        block.push_str("\r\n");
        let Some(m) = MessageParser::default().parse_headers(block.as_bytes()) else {
            return Headers {
                subject: header(headers, "Subject").map(str::to_owned),
                date: header(headers, "Date").map(str::to_owned),
                ..Headers::default()
            };
        };
        let ids = |v: &mail_parser::HeaderValue<'_>| -> Vec<String> {
            v.as_text_list()
                .map(|l| l.iter().map(|s| bracket(s)).collect())
                .unwrap_or_default()
        };
        Headers {
            subject: m.subject().map(str::to_owned),
            from: mailboxes(m.from()),
            to: mailboxes(m.to()),
            cc: mailboxes(m.cc()),
            bcc: mailboxes(m.bcc()),
            reply_to: mailboxes(m.reply_to()),
            date: m
                .date()
                .map(|d| d.to_rfc3339())
                .or_else(|| header(headers, "Date").map(str::to_owned)),
            message_id: m.message_id().map(bracket),
            references: ids(m.references()),
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

/// Decode a Gmail `Message` in `format=full`.
pub fn decode_message(msg: &Value) -> Result<Decoded, ToolError> {
    let payload = msg.get("payload").unwrap_or(&Value::Null);
    let mut out = Decoded {
        headers: Headers::from_gmail(payload.get("headers").unwrap_or(&Value::Null)),
        ..Decoded::default()
    };
    let mut texts = Vec::new();
    let mut htmls = Vec::new();
    walk(payload, &mut texts, &mut htmls, &mut out.attachments)?;
    out.text = (!texts.is_empty()).then(|| texts.join("\n"));
    out.html = (!htmls.is_empty()).then(|| htmls.join("\n"));
    Ok(out)
}

fn walk(
    part: &Value,
    texts: &mut Vec<String>,
    htmls: &mut Vec<String>,
    attachments: &mut Vec<AttachmentMeta>,
) -> Result<(), ToolError> {
    let mime = part
        .get("mimeType")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_ascii_lowercase();
    let headers = part.get("headers").unwrap_or(&Value::Null);
    let filename = part
        .get("filename")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();
    let children = part
        .get("parts")
        .and_then(Value::as_array)
        .filter(|c| !c.is_empty());
    if mime.starts_with("multipart/")
        && let Some(children) = children
    {
        for c in children {
            walk(c, texts, htmls, attachments)?;
        }
        return Ok(());
    }
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
        return Ok(());
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
        return Ok(());
    }
    // A container Gmail expanded (e.g. message/rfc822 without a file name): read inside it.
    for c in children.into_iter().flatten() {
        walk(c, texts, htmls, attachments)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Writing

// A file to attach to an outgoing message.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct AttachmentInput {
    pub filename: String,
    /// Default: from the file name
    #[serde(rename = "mimeType")]
    pub mime_type: Option<String>,
    /// Base64; or give `text`
    pub content: Option<String>,
    pub text: Option<String>,
}

/// A decoded file to attach.
#[derive(Debug, Clone)]
pub struct FileData {
    pub filename: String,
    pub mime_type: String,
    pub data: Vec<u8>,
}

/// Gmail's limit on a whole message, attachments included.
pub const MAX_MESSAGE_BYTES: usize = 25 * 1024 * 1024;

impl AttachmentInput {
    pub fn decode(&self) -> Result<FileData, ToolError> {
        let filename = self.filename.trim().replace(['\r', '\n'], " ");
        if filename.is_empty() {
            return Err(ToolError::invalid_input(
                "every attachment needs a `filename`, e.g. `report.pdf`",
            ));
        }
        let data = match (&self.content, &self.text) {
            (Some(c), None) => b64_decode_any(c, &format!("attachment `{filename}`'s content"))?,
            (None, Some(t)) => t.as_bytes().to_vec(),
            _ => {
                return Err(ToolError::invalid_input(format!(
                    "attachment `{filename}`: give exactly one of `content` (base64) or `text`"
                )));
            }
        };
        let mime_type = match self.mime_type.as_deref().map(str::trim) {
            Some(m) if !m.is_empty() => {
                if !m.contains('/') || m.contains(['\r', '\n', ';']) {
                    return Err(ToolError::invalid_input(format!(
                        "attachment `{filename}`: `{m}` is not a MIME type like `application/pdf`"
                    )));
                }
                m.to_ascii_lowercase()
            }
            _ => mime_guess::from_path(&filename)
                .first_or_octet_stream()
                .essence_str()
                .to_owned(),
        };
        Ok(FileData {
            filename,
            mime_type,
            data,
        })
    }
}

pub fn decode_attachments(list: Option<&[AttachmentInput]>) -> Result<Vec<FileData>, ToolError> {
    let files = list
        .into_iter()
        .flatten()
        .map(AttachmentInput::decode)
        .collect::<Result<Vec<_>, _>>()?;
    check_size(&files)?;
    Ok(files)
}

pub fn check_size(files: &[FileData]) -> Result<(), ToolError> {
    let total: usize = files.iter().map(|f| f.data.len()).sum();
    if total > MAX_MESSAGE_BYTES {
        return Err(ToolError::invalid_input(format!(
            "the attachments are {total} bytes together, over Gmail's {MAX_MESSAGE_BYTES} byte message limit"
        ))
        .with_hint("send fewer or smaller files, or share large files as links."));
    }
    Ok(())
}

/// An outgoing message.
#[derive(Debug, Default, Clone)]
pub struct Outgoing {
    pub to: Vec<Mailbox>,
    pub cc: Vec<Mailbox>,
    pub bcc: Vec<Mailbox>,
    pub subject: String,
    pub text: Option<String>,
    pub html: Option<String>,
    /// `<id@host>` of the message replied to.
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    pub attachments: Vec<FileData>,
}

fn out_list(list: &[Mailbox]) -> OutAddress<'_> {
    OutAddress::new_list(
        list.iter()
            .map(|m| OutAddress::new_address(m.name.as_deref(), m.email.as_str()))
            .collect(),
    )
}

fn bare_id(id: &str) -> &str {
    id.trim().trim_start_matches('<').trim_end_matches('>')
}

impl Outgoing {
    /// The RFC 5322 message. `From` is left out: Gmail sets it to the sending account.
    pub fn to_rfc5322(&self) -> Result<Vec<u8>, ToolError> {
        let mut b = MessageBuilder::new();
        if !self.to.is_empty() {
            b = b.to(out_list(&self.to));
        }
        if !self.cc.is_empty() {
            b = b.cc(out_list(&self.cc));
        }
        if !self.bcc.is_empty() {
            b = b.bcc(out_list(&self.bcc));
        }
        b = b.subject(self.subject.replace(['\r', '\n'], " "));
        if let Some(id) = &self.in_reply_to {
            b = b.in_reply_to(bare_id(id));
        }
        if !self.references.is_empty() {
            b = b.references(MessageId::new_list(
                self.references.iter().map(|r| bare_id(r)),
            ));
        }
        if let Some(t) = &self.text {
            b = b.text_body(t.as_str());
        }
        if let Some(h) = &self.html {
            b = b.html_body(h.as_str());
        }
        for f in &self.attachments {
            b = b.attachment(f.mime_type.as_str(), f.filename.as_str(), f.data.as_slice());
        }
        let raw = b.write_to_vec().map_err(|e| {
            ToolError::invalid_input(format!("cannot build the email message: {e}"))
        })?;
        if raw.len() > MAX_MESSAGE_BYTES * 4 / 3 + 64 * 1024 {
            return Err(ToolError::invalid_input(format!(
                "the message is {} bytes once encoded, over Gmail's 25 MB limit",
                raw.len()
            )));
        }
        Ok(raw)
    }
}

/// Text as minimal HTML (escaped, line breaks kept), for an HTML part built from text.
pub fn text_to_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 32);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\n' => out.push_str("<br>\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    format!("<div>{out}</div>")
}
