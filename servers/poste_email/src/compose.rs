//! Messages: built with mail-builder (new mail, replies, forwards, drafts, with attachments
//! from the workspace) and read with mail-parser (summaries, full text, attachments).

use mail_builder::MessageBuilder;
use mail_parser::{Address, Message, MessageParser, MimeHeaders};
use mcp_shared::ToolError;
use mcp_shared::workspace::Workspace;

use crate::account::Account;

/// Largest total size of the attachments of one message.
pub const MAX_ATTACHMENTS: u64 = 25 * 1024 * 1024;

/// `a@x, b@y; c@z` as a list (empty parts dropped).
pub fn list(s: Option<&str>) -> Vec<String> {
    s.unwrap_or_default()
        .split([',', ';'])
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .collect()
}

/// A file of the workspace to attach.
pub struct Attachment {
    pub name: String,
    pub mime: String,
    pub data: Vec<u8>,
}

/// Read the attachments (workspace paths) through the jail, capped in total.
pub async fn attachments(ws: &Workspace, paths: &[String]) -> Result<Vec<Attachment>, ToolError> {
    let paths = paths.to_vec();
    ws.run(move |ws| {
        let mut out = Vec::new();
        let mut total = 0u64;
        for p in &paths {
            let wp = ws.path("attachments", p)?;
            let data = ws.read("attachments", &wp)?;
            total = total.saturating_add(data.len() as u64);
            if total > MAX_ATTACHMENTS {
                return Err(ToolError::invalid_input(format!(
                    "The attachments exceed {} in all; send fewer or smaller files.",
                    mcp_shared::workspace::human(MAX_ATTACHMENTS)
                )));
            }
            let name = wp
                .rel()
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "attachment".into());
            let mime = mime_guess::from_path(&name)
                .first_or_octet_stream()
                .essence_str()
                .to_owned();
            out.push(Attachment { name, mime, data });
        }
        Ok(out)
    })
    .await
}

/// What a new message holds.
#[derive(Default)]
pub struct Draft<'a> {
    pub to: Vec<String>,
    pub cc: Vec<String>,
    pub bcc: Vec<String>,
    pub subject: &'a str,
    pub body: &'a str,
    pub html: Option<&'a str>,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    pub attachments: Vec<Attachment>,
    /// A message forwarded as an attachment (`message/rfc822`).
    pub forwarded: Option<Vec<u8>>,
    /// Write the Bcc header (drafts keep it; sent mail does not carry it).
    pub keep_bcc: bool,
}

impl<'a> Draft<'a> {
    /// A message to the comma-separated `to`, `cc` and `bcc`, with its subject and bodies;
    /// the rest as by default.
    pub fn addressed(
        [to, cc, bcc]: [Option<&str>; 3],
        subject: &'a str,
        body: &'a str,
        html: Option<&'a str>,
    ) -> Self {
        Draft {
            to: list(to),
            cc: list(cc),
            bcc: list(bcc),
            subject,
            body,
            html,
            ..Draft::default()
        }
    }
}

/// The RFC 5322 bytes of a message from the account.
pub fn build(account: &Account, d: &Draft<'_>) -> Result<Vec<u8>, ToolError> {
    let from = match &account.name {
        Some(n) => {
            mail_builder::headers::address::Address::from((n.clone(), account.email.clone()))
        }
        None => mail_builder::headers::address::Address::from(account.email.clone()),
    };
    let mut b = MessageBuilder::new()
        .from(from)
        .subject(d.subject.to_owned());
    if !d.to.is_empty() {
        b = b.to(d.to.clone());
    }
    if !d.cc.is_empty() {
        b = b.cc(d.cc.clone());
    }
    if d.keep_bcc && !d.bcc.is_empty() {
        b = b.bcc(d.bcc.clone());
    }
    if let Some(r) = &d.in_reply_to {
        b = b.in_reply_to(r.clone());
    }
    if !d.references.is_empty() {
        b = b.references(d.references.as_slice());
    }
    b = b.text_body(d.body.to_owned());
    if let Some(h) = d.html.filter(|h| !h.trim().is_empty()) {
        b = b.html_body(h.to_owned());
    }
    for a in &d.attachments {
        b = b.attachment(a.mime.clone(), a.name.clone(), a.data.clone());
    }
    if let Some(m) = &d.forwarded {
        b = b.attachment("message/rfc822", "forwarded.eml", m.clone());
    }
    b.write_to_vec().map_err(|e| {
        ToolError::new(
            mcp_shared::ErrorKind::Internal,
            format!("the message could not be written: {e}"),
        )
    })
}

pub fn parse(raw: &[u8]) -> Result<Message<'_>, ToolError> {
    MessageParser::default()
        .parse(raw)
        .ok_or_else(|| ToolError::invalid_input("The message could not be parsed."))
}

/// `Name <a@x>, b@y`.
pub fn addresses(a: Option<&Address<'_>>) -> String {
    a.map(|a| {
        a.iter()
            .map(|x| match (x.name(), x.address()) {
                (Some(n), Some(e)) => format!("{n} <{e}>"),
                (None, Some(e)) => e.to_owned(),
                (Some(n), None) => n.to_owned(),
                (None, None) => String::new(),
            })
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(", ")
    })
    .unwrap_or_default()
}

/// The bare e-mail addresses of a header.
pub fn emails(a: Option<&Address<'_>>) -> Vec<String> {
    a.map(|a| {
        a.iter()
            .filter_map(|x| x.address().map(str::to_owned))
            .collect()
    })
    .unwrap_or_default()
}

pub fn date(m: &Message<'_>) -> String {
    m.date().map(|d| d.to_rfc3339()).unwrap_or_default()
}

/// The attachments of a message: name, MIME type, size, contents.
pub fn attachment_parts<'a>(m: &'a Message<'a>) -> Vec<(String, String, &'a [u8])> {
    m.attachments()
        .enumerate()
        .map(|(i, p)| {
            let name = p
                .attachment_name()
                .map(str::to_owned)
                .unwrap_or_else(|| format!("attachment-{}", i + 1));
            let mime = p
                .content_type()
                .map(|c| match &c.c_subtype {
                    Some(s) => format!("{}/{}", c.c_type, s),
                    None => c.c_type.to_string(),
                })
                .unwrap_or_else(|| "application/octet-stream".into());
            (name, mime, p.contents())
        })
        .collect()
}

/// `Re: x` unless it already starts so.
pub fn prefixed(prefix: &str, subject: &str) -> String {
    let lower = subject.trim_start().to_ascii_lowercase();
    if lower.starts_with(&prefix.to_ascii_lowercase()) {
        subject.to_owned()
    } else {
        format!("{prefix} {subject}")
    }
}
