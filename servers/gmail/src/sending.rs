//! Sending: compose and send a new email, reply and forward (the `messages` toolset's tools
//! that write mail; listed in [`crate::messages::tools`]), and the composing that drafts share.

use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Method, ToolError};
use mcp_vendor_google::gmail::{self, Headers, Mailbox};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, attachment_bytes, fan_out, get_full, id_seg, req};
use crate::mime::{self, AttachmentInput, FileData, Outgoing, parse_recipients};

// ---- composing (shared with drafts)

// The body's MIME type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum BodyMime {
    #[serde(rename = "text/plain")]
    Plain,
    #[serde(rename = "text/html")]
    Html,
    #[serde(rename = "multipart/alternative")]
    Alternative,
}

/// The fields of a new email (gmail_send_email and gmail_draft_email).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct EmailFields {
    /// `a@example.com` or `Name <a@example.com>`; never guess addresses (gmail_search_contacts)
    pub to: Vec<String>,
    pub subject: String,
    /// Plain text
    pub body: String,
    /// With it, the email has both versions unless `mimeType` says
    #[serde(rename = "htmlBody")]
    pub html_body: Option<String>,
    /// Default `text/plain`, or `multipart/alternative` with htmlBody
    #[serde(rename = "mimeType")]
    pub mime_type: Option<BodyMime>,
    pub cc: Option<Vec<String>>,
    pub bcc: Option<Vec<String>>,
    /// Thread to reply in (to its last message unless inReplyTo); keep its subject
    #[serde(rename = "threadId")]
    pub thread_id: Option<String>,
    /// Gmail id or Message-ID of the email replied to
    #[serde(rename = "inReplyTo")]
    pub in_reply_to: Option<String>,
    pub attachments: Option<Vec<AttachmentInput>>,
}

/// The bodies for a mimeType choice.
pub fn bodies(
    body: &str,
    html: Option<&str>,
    mime: Option<BodyMime>,
) -> (Option<String>, Option<String>) {
    let mime = mime.unwrap_or(if html.is_some() {
        BodyMime::Alternative
    } else {
        BodyMime::Plain
    });
    match mime {
        BodyMime::Plain => (Some(body.to_owned()), None),
        BodyMime::Html => (None, Some(html.unwrap_or(body).to_owned())),
        BodyMime::Alternative => (
            Some(body.to_owned()),
            Some(
                html.map(str::to_owned)
                    .unwrap_or_else(|| mime::text_to_html(body)),
            ),
        ),
    }
}

/// In-Reply-To, References and thread of a reply.
#[derive(Debug, Default)]
pub struct Threading {
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    pub thread_id: Option<String>,
}

fn reply_refs(message_id: Option<&str>, references: &[String]) -> (Option<String>, Vec<String>) {
    let mut refs = references.to_vec();
    if let Some(id) = message_id
        && !refs.iter().any(|r| r == id)
    {
        refs.push(id.to_owned());
    }
    (message_id.map(str::to_owned), refs)
}

/// Work out the threading headers from `inReplyTo` and `threadId`.
pub async fn threading(
    ctx: &Ctx,
    in_reply_to: Option<&str>,
    thread_id: Option<&str>,
) -> Result<Threading, ToolError> {
    let thread_id = thread_id.map(str::trim).filter(|t| !t.is_empty());
    match in_reply_to.map(str::trim).filter(|v| !v.is_empty()) {
        Some(v) if v.contains('@') => {
            let id = format!("<{}>", v.trim_start_matches('<').trim_end_matches('>'));
            Ok(Threading {
                in_reply_to: Some(id.clone()),
                references: vec![id],
                thread_id: thread_id.map(str::to_owned),
            })
        }
        Some(gmail_id) => {
            let (v, h) = api::message_headers(ctx, gmail_id, &["Message-ID", "References"]).await?;
            let (irt, refs) = reply_refs(h.message_id.as_deref(), &h.references);
            Ok(Threading {
                in_reply_to: irt,
                references: refs,
                thread_id: thread_id
                    .map(str::to_owned)
                    .or_else(|| v.get("threadId").and_then(Value::as_str).map(str::to_owned)),
            })
        }
        None => {
            let Some(tid) = thread_id else {
                return Ok(Threading::default());
            };
            let path = format!("/threads/{}", id_seg(tid, "threadId")?);
            let t: Value = api::metadata_request(ctx, &path, &["Message-ID", "References"])?
                .send_json()
                .await?;
            let last = t
                .get("messages")
                .and_then(Value::as_array)
                .and_then(|m| m.last())
                .cloned()
                .unwrap_or(Value::Null);
            let h = Headers::of_message(&last);
            let (irt, refs) = reply_refs(h.message_id.as_deref(), &h.references);
            Ok(Threading {
                in_reply_to: irt,
                references: refs,
                thread_id: Some(tid.to_owned()),
            })
        }
    }
}

/// Build the message for gmail_send_email / gmail_draft_email. Returns it and its thread.
pub async fn compose(
    ctx: &Ctx,
    f: &EmailFields,
    need_recipient: bool,
) -> Result<(Outgoing, Option<String>), ToolError> {
    let to = parse_recipients("to", &f.to)?;
    if need_recipient && to.is_empty() {
        return Err(ToolError::invalid_input(
            "`to` needs at least one recipient address",
        ));
    }
    let cc = parse_recipients("cc", f.cc.as_deref().unwrap_or_default())?;
    let bcc = parse_recipients("bcc", f.bcc.as_deref().unwrap_or_default())?;
    let attachments = mime::decode_attachments(f.attachments.as_deref())?;
    let (text, html) = bodies(&f.body, f.html_body.as_deref(), f.mime_type);
    let t = threading(ctx, f.in_reply_to.as_deref(), f.thread_id.as_deref()).await?;
    let out = Outgoing {
        to,
        cc,
        bcc,
        subject: f.subject.clone(),
        text,
        html,
        in_reply_to: t.in_reply_to,
        references: t.references,
        attachments,
    };
    Ok((out, t.thread_id))
}

/// The `Message` resource Gmail takes: `{"raw", "threadId"?}`.
pub fn raw_message(out: &Outgoing, thread_id: Option<&str>) -> Result<Value, ToolError> {
    let raw = out.to_rfc5322()?;
    let mut m = Map::new();
    m.insert("raw".into(), Value::String(gmail::b64url_encode(&raw)));
    insert_opt(&mut m, "threadId", thread_id);
    Ok(Value::Object(m))
}

/// Send: `POST /messages/send`. Not retried after a gateway error (it may have been sent).
pub async fn send(ctx: &Ctx, out: &Outgoing, thread_id: Option<&str>) -> Result<Value, ToolError> {
    let body = raw_message(out, thread_id)?;
    let v: Value = req(ctx, Method::POST, "/messages/send")?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::sent(&v))
}

/// Save as a draft: `POST /drafts` with `{"message": {"raw", "threadId"?}}`.
pub async fn save_draft(
    ctx: &Ctx,
    out: &Outgoing,
    thread_id: Option<&str>,
) -> Result<Value, ToolError> {
    let body = json!({ "message": raw_message(out, thread_id)? });
    let v: Value = req(ctx, Method::POST, "/drafts")?
        .json(&body)
        .send_json()
        .await?;
    Ok(mcp_shared::json::pick(
        &v,
        &[
            "draftId=id",
            "messageId=message.id",
            "threadId=message.threadId",
        ],
    ))
}

/// Send an email, new or (with threadId or inReplyTo) as a reply, with text and/or HTML, Cc/Bcc and
/// attachments. Returns its id, thread id and labels.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SendEmail {
    #[serde(flatten)]
    fields: EmailFields,
}

pub async fn send_email(ctx: Ctx, a: SendEmail) -> Result<Value, ToolError> {
    let (out, thread) = compose(&ctx, &a.fields, true).await?;
    send(&ctx, &out, thread.as_deref()).await
}

// ---- reply and forward

/// Reply to an email's sender (or everyone but you with `replyAll`), in its thread with `Re:`
/// subject and reply headers. Sends it, or saves it with `draft: true`. Returns the id, thread id
/// and recipients.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReplyEmail {
    #[serde(rename = "messageId")]
    message_id: String,
    body: String,
    #[serde(rename = "htmlBody")]
    html_body: Option<String>,
    #[serde(rename = "replyAll")]
    reply_all: Option<bool>,
    cc: Option<Vec<String>>,
    bcc: Option<Vec<String>>,
    attachments: Option<Vec<AttachmentInput>>,
    draft: Option<bool>,
}

fn prefixed(prefix: &str, subject: Option<&str>, already: &[&str]) -> String {
    let s = subject.unwrap_or("").trim();
    let lower = s.to_ascii_lowercase();
    if already.iter().any(|p| lower.starts_with(p)) {
        s.to_owned()
    } else if s.is_empty() {
        prefix.trim_end().to_owned()
    } else {
        format!("{prefix}{s}")
    }
}

fn without(list: Vec<Mailbox>, drop: &[&str], also: &[Mailbox]) -> Vec<Mailbox> {
    let mut out: Vec<Mailbox> = Vec::new();
    for m in list {
        let dup = drop.iter().any(|d| m.same_address(d))
            || also.iter().any(|a| a.same_address(&m.email))
            || out.iter().any(|o| o.same_address(&m.email));
        if !dup {
            out.push(m);
        }
    }
    out
}

async fn profile_email(ctx: &Ctx) -> Result<String, ToolError> {
    let p: Value = req(ctx, Method::GET, "/profile")?.send_json().await?;
    Ok(p.get("emailAddress")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned())
}

pub async fn reply_email(ctx: Ctx, a: ReplyEmail) -> Result<Value, ToolError> {
    let (orig, h) = api::message_headers(
        &ctx,
        &a.message_id,
        &[
            "From",
            "To",
            "Cc",
            "Reply-To",
            "Subject",
            "Message-ID",
            "References",
        ],
    )
    .await?;
    let sent_by_me = orig
        .get("labelIds")
        .and_then(Value::as_array)
        .is_some_and(|l| l.iter().any(|x| x == "SENT"));
    let reply_all = a.reply_all.unwrap_or(false);
    let me = if reply_all {
        profile_email(&ctx).await?
    } else {
        String::new()
    };
    let to = if sent_by_me {
        h.to.clone()
    } else if !h.reply_to.is_empty() {
        h.reply_to.clone()
    } else {
        h.from.clone()
    };
    let to = without(to, &[], &[]);
    if to.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "message {} has no sender or recipient to reply to",
            a.message_id.trim()
        )));
    }
    let mut cc = if reply_all {
        let mut others = Vec::new();
        if !sent_by_me {
            others.extend(h.to.clone());
        }
        others.extend(h.cc.clone());
        without(others, &[me.as_str()], &to)
    } else {
        Vec::new()
    };
    for m in parse_recipients("cc", a.cc.as_deref().unwrap_or_default())? {
        if !cc.iter().any(|c| c.same_address(&m.email)) {
            cc.push(m);
        }
    }
    let bcc = parse_recipients("bcc", a.bcc.as_deref().unwrap_or_default())?;
    let attachments = mime::decode_attachments(a.attachments.as_deref())?;
    let (irt, refs) = reply_refs(h.message_id.as_deref(), &h.references);
    let (text, html) = bodies(&a.body, a.html_body.as_deref(), None);
    let out = Outgoing {
        to,
        cc,
        bcc,
        subject: prefixed("Re: ", h.subject.as_deref(), &["re:"]),
        text,
        html,
        in_reply_to: irt,
        references: refs,
        attachments,
    };
    let thread = orig.get("threadId").and_then(Value::as_str);
    let mut result = if a.draft.unwrap_or(false) {
        save_draft(&ctx, &out, thread).await?
    } else {
        send(&ctx, &out, thread).await?
    };
    result["to"] = json!(out.to);
    if !out.cc.is_empty() {
        result["cc"] = json!(out.cc);
    }
    result["subject"] = json!(out.subject);
    Ok(result)
}

/// Forward an email, with an optional note above it, its text, HTML and attachments. Sends it, or
/// saves it with `draft: true`. Returns the id and thread id.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ForwardEmail {
    #[serde(rename = "messageId")]
    message_id: String,
    to: Vec<String>,
    cc: Option<Vec<String>>,
    bcc: Option<Vec<String>>,
    /// Note above it
    body: Option<String>,
    /// Default true
    #[serde(rename = "includeAttachments")]
    include_attachments: Option<bool>,
    draft: Option<bool>,
}

fn forwarded_header(h: &Headers) -> Vec<(String, String)> {
    let list = |l: &[Mailbox]| {
        l.iter()
            .map(Mailbox::display)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut rows = vec![
        ("From".to_owned(), list(&h.from)),
        ("Date".to_owned(), h.date.clone().unwrap_or_default()),
        ("Subject".to_owned(), h.subject.clone().unwrap_or_default()),
        ("To".to_owned(), list(&h.to)),
    ];
    if !h.cc.is_empty() {
        rows.push(("Cc".to_owned(), list(&h.cc)));
    }
    rows
}

pub async fn forward_email(ctx: Ctx, a: ForwardEmail) -> Result<Value, ToolError> {
    let to = parse_recipients("to", &a.to)?;
    if to.is_empty() {
        return Err(ToolError::invalid_input(
            "`to` needs at least one recipient address",
        ));
    }
    let cc = parse_recipients("cc", a.cc.as_deref().unwrap_or_default())?;
    let bcc = parse_recipients("bcc", a.bcc.as_deref().unwrap_or_default())?;
    let message_id = a.message_id.trim().to_owned();
    let (_, d) = get_full(&ctx, &message_id).await?;
    let note = a.body.as_deref().unwrap_or("").trim_end();
    let rows = forwarded_header(&d.headers);
    let original_text = d
        .text
        .clone()
        .or_else(|| d.html.as_deref().map(gmail::html_to_text))
        .unwrap_or_default();
    let mut text = String::new();
    if !note.is_empty() {
        text.push_str(note);
        text.push_str("\n\n");
    }
    text.push_str("---------- Forwarded message ---------\n");
    for (k, v) in &rows {
        text.push_str(&format!("{k}: {v}\n"));
    }
    text.push('\n');
    text.push_str(&original_text);
    let html = d.html.as_ref().map(|orig_html| {
        let mut h = String::new();
        if !note.is_empty() {
            h.push_str(&mime::text_to_html(note));
            h.push_str("<br>\n");
        }
        h.push_str("<div>---------- Forwarded message ---------<br>\n");
        for (k, v) in &rows {
            h.push_str(&format!("{k}: {}<br>\n", html_escape(v)));
        }
        h.push_str("</div><br>\n");
        h.push_str(orig_html);
        h
    });
    let mut files = Vec::new();
    if a.include_attachments.unwrap_or(true) && !d.attachments.is_empty() {
        let total: u64 = d.attachments.iter().map(|x| x.size).sum();
        if total > mime::MAX_MESSAGE_BYTES as u64 {
            return Err(ToolError::invalid_input(format!(
                "the original's attachments are {total} bytes together, over Gmail's 25 MB message limit"
            ))
            .with_hint("forward with includeAttachments: false."));
        }
        let message_id_ref = message_id.as_str();
        let ctx_ref = &ctx;
        let fetched = fan_out(d.attachments.clone(), |att| async move {
            let r = attachment_bytes(ctx_ref, message_id_ref, &att).await;
            (att, r)
        })
        .await;
        for (att, r) in fetched {
            files.push(FileData {
                filename: if att.filename.is_empty() {
                    format!("attachment-{}", att.part_id)
                } else {
                    att.filename
                },
                mime_type: att.mime_type,
                data: r?,
            });
        }
        mime::check_size(&files)?;
    }
    let out = Outgoing {
        to,
        cc,
        bcc,
        subject: prefixed("Fwd: ", d.headers.subject.as_deref(), &["fwd:", "fw:"]),
        text: Some(text),
        html,
        in_reply_to: None,
        references: Vec::new(),
        attachments: files,
    };
    let mut result = if a.draft.unwrap_or(false) {
        save_draft(&ctx, &out, None).await?
    } else {
        send(&ctx, &out, None).await?
    };
    result["subject"] = json!(out.subject);
    result["attachmentCount"] = json!(out.attachments.len());
    Ok(result)
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
