//! Outgoing MIME: recipients parsed and checked, attachments decoded, and the RFC 5322
//! message built with mail-builder (RFC 2047 headers, `multipart/alternative` for text +
//! HTML, `multipart/mixed` with attachments, transfer encodings chosen per part). Reading
//! Gmail's messages is [`mcp_vendor_google::gmail`]'s.

use base64::Engine as _;
use base64::engine::DecodePaddingMode;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use mail_builder::MessageBuilder;
use mail_builder::headers::address::Address as OutAddress;
use mail_builder::headers::message_id::MessageId;
use mail_parser::MessageParser;
use mcp_shared::ToolError;
use mcp_vendor_google::gmail::{B64URL, Mailbox, mailboxes};
use schemars::JsonSchema;
use serde::Deserialize;

/// Standard base64, padded or not (for what callers send).
const B64STD: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

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
