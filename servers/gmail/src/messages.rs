//! Messages: send, read, search, reply, forward, labels on messages, trash and delete,
//! batches, attachments, and the mailbox profile.

use std::collections::HashSet;

use mcp_shared::content::{DEFAULT_MAX_RESOURCE_BYTES, resource};
use mcp_shared::json::insert_opt;
use mcp_shared::reexports::rmcp::model::ContentBlock;
use mcp_shared::{Ctx, Effect, Int, Method, Output, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{
    self, BatchResult, MAX_BODY_BYTES, MessageRef, Profile, SUMMARY_HEADERS, fan_out, full_message,
    id_seg, limit, req,
};
use crate::mime::{
    self, AttachmentInput, AttachmentMeta, Decoded, FileData, Mailbox, Outgoing, parse_recipients,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("gmail_send_email", "Send email", Effect::Write, send_email)
            .output::<MessageRef>()
            .toolset("messages"),
        tool("gmail_read_email", "Read email", Effect::Read, read_email).toolset("messages"),
        tool(
            "gmail_search_emails",
            "Search emails",
            Effect::Read,
            search_emails,
        )
        .toolset("messages"),
        tool(
            "gmail_modify_email",
            "Change an email's labels",
            Effect::IdempotentWrite,
            modify_email,
        )
        .output::<MessageRef>()
        .toolset("messages"),
        tool(
            "gmail_delete_email",
            "Delete email permanently",
            Effect::Destructive,
            delete_email,
        )
        .toolset("messages"),
        tool(
            "gmail_batch_modify_emails",
            "Change labels of many emails",
            Effect::IdempotentWrite,
            batch_modify_emails,
        )
        .output::<BatchResult>()
        .toolset("messages"),
        tool(
            "gmail_batch_delete_emails",
            "Delete many emails permanently",
            Effect::Destructive,
            batch_delete_emails,
        )
        .output::<BatchResult>()
        .toolset("messages"),
        tool(
            "gmail_get_email_attachments",
            "Get email attachments",
            Effect::Read,
            get_email_attachments,
        )
        .toolset("messages"),
        tool(
            "gmail_reply_email",
            "Reply to email",
            Effect::Write,
            reply_email,
        )
        .toolset("messages"),
        tool(
            "gmail_forward_email",
            "Forward email",
            Effect::Write,
            forward_email,
        )
        .toolset("messages"),
        tool(
            "gmail_trash_email",
            "Move email to trash",
            Effect::IdempotentWrite,
            trash_email,
        )
        .output::<MessageRef>()
        .toolset("messages"),
        tool(
            "gmail_untrash_email",
            "Restore email from trash",
            Effect::IdempotentWrite,
            untrash_email,
        )
        .output::<MessageRef>()
        .toolset("messages"),
        tool(
            "gmail_get_profile",
            "Get mailbox profile",
            Effect::Read,
            get_profile,
        )
        .output::<Profile>()
        .toolset("messages"),
    ]
}

// ---- composing (shared with drafts)

/// The body's MIME type.
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
    /// Recipients: `name@example.com` or `Name <name@example.com>`. Never guess addresses: use
    /// the ones the user gave, or look them up with gmail_search_contacts.
    pub to: Vec<String>,
    /// Subject (any language; encoded for mail headers as needed)
    pub subject: String,
    /// Body as plain text (with mimeType `text/html`, used as the HTML when htmlBody is absent)
    pub body: String,
    /// HTML version of the body. With it and no mimeType, the email carries both versions
    /// (multipart/alternative).
    #[serde(rename = "htmlBody")]
    pub html_body: Option<String>,
    /// `text/plain` (the default without htmlBody): text only; `text/html`: HTML only
    /// (htmlBody, else body); `multipart/alternative` (the default with htmlBody): text and HTML
    /// (HTML made from body when htmlBody is absent)
    #[serde(rename = "mimeType")]
    pub mime_type: Option<BodyMime>,
    /// Cc recipients, same forms as `to`
    pub cc: Option<Vec<String>>,
    /// Bcc recipients, same forms as `to` (Gmail delivers to them and removes the header)
    pub bcc: Option<Vec<String>>,
    /// Thread to add the email to. Without inReplyTo, the email replies to the thread's last
    /// message (its Message-ID goes into In-Reply-To and References). Keep the thread's subject
    /// (with `Re:`) or Gmail starts a new thread.
    #[serde(rename = "threadId")]
    pub thread_id: Option<String>,
    /// The message this email replies to: its Gmail message id (e.g. `18c2f0a1b2c3d4e5`) or its
    /// RFC 822 Message-ID (`<...@...>`). Sets In-Reply-To and References, and the thread.
    #[serde(rename = "inReplyTo")]
    pub in_reply_to: Option<String>,
    /// Files to attach
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
            let h = mime::Headers::from_gmail(
                last.get("payload")
                    .and_then(|p| p.get("headers"))
                    .unwrap_or(&Value::Null),
            );
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
    m.insert("raw".into(), Value::String(mime::b64url_encode(&raw)));
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

/// Send an email from the authenticated account, as a new conversation or, with threadId or
/// inReplyTo, as a reply in a thread. Supports plain text, HTML, both, Cc/Bcc and attachments.
/// Returns the sent message's id, thread id and labels.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SendEmail {
    #[serde(flatten)]
    fields: EmailFields,
}

async fn send_email(ctx: Ctx, a: SendEmail) -> Result<Value, ToolError> {
    let (out, thread) = compose(&ctx, &a.fields, true).await?;
    send(&ctx, &out, thread.as_deref()).await
}

// ---- reading

/// Read one email: sender, recipients, subject, date, the body as text (from its text part,
/// or converted from HTML for HTML-only mail; up to 100 KB), labels, and its attachments
/// (id, file name, MIME type, size; download them with gmail_get_email_attachments). For the
/// whole conversation use gmail_get_thread.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReadEmail {
    /// The Gmail message id (from gmail_search_emails)
    #[serde(rename = "messageId")]
    message_id: String,
    /// Also return the HTML body as sent (default false)
    #[serde(rename = "includeHtml")]
    include_html: Option<bool>,
}

async fn get_full(ctx: &Ctx, message_id: &str) -> Result<(Value, Decoded), ToolError> {
    let path = format!("/messages/{}", id_seg(message_id, "messageId")?);
    let v: Value = req(ctx, Method::GET, &path)?
        .query("format", "full")
        .send_json()
        .await?;
    let d = mime::decode_message(&v)?;
    Ok((v, d))
}

async fn read_email(ctx: Ctx, a: ReadEmail) -> Result<Value, ToolError> {
    let (v, d) = get_full(&ctx, &a.message_id).await?;
    Ok(full_message(
        &v,
        &d,
        a.include_html.unwrap_or(false),
        MAX_BODY_BYTES,
    ))
}

/// Search emails with Gmail's search syntax, newest first: e.g. `from:ann@example.com
/// is:unread`, `subject:invoice after:2024/01/01 has:attachment`, `in:sent to:bob`,
/// `label:work -category:promotions`. Returns each message's id, thread id, sender,
/// recipients, subject, date, snippet, labels and unread flag, plus `nextPageToken` for the
/// next page.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchEmails {
    /// Gmail search query (the syntax of Gmail's search box)
    query: String,
    /// How many messages to return (default 10, at most 100)
    #[serde(rename = "maxResults")]
    max_results: Option<Int>,
    /// `nextPageToken` of the previous page
    #[serde(rename = "pageToken")]
    page_token: Option<String>,
    /// Include messages in Spam and Trash (default false)
    #[serde(rename = "includeSpamTrash")]
    include_spam_trash: Option<bool>,
}

/// Fetch the summary of each listed message (`format=metadata`). A message deleted meanwhile
/// is reported in place; any other failure fails the call.
pub async fn summaries(ctx: &Ctx, ids: Vec<(String, Value)>) -> Result<Vec<Value>, ToolError> {
    let results = fan_out(ids, |(id, stub)| async move {
        let path = format!("/messages/{}", seg(&id));
        let r = match api::metadata_request(ctx, &path, &SUMMARY_HEADERS) {
            Ok(r) => r.send_json::<Value>().await,
            Err(e) => Err(e),
        };
        (id, stub, r)
    })
    .await;
    let mut out = Vec::with_capacity(results.len());
    for (id, stub, r) in results {
        match r {
            Ok(v) => out.push(api::summary(&v)),
            Err(e) if e.status == Some(404) => out.push(json!({
                "id": id,
                "threadId": stub.get("threadId"),
                "error": "not found (deleted since the search?)",
            })),
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

async fn search_emails(ctx: Ctx, a: SearchEmails) -> Result<Value, ToolError> {
    let list: Value = req(&ctx, Method::GET, "/messages")?
        .query("q", &a.query)
        .query("maxResults", limit(a.max_results, 10, 100))
        .query_opt(
            "pageToken",
            a.page_token.as_deref().filter(|t| !t.is_empty()),
        )
        .query_opt("includeSpamTrash", a.include_spam_trash)
        .send_json()
        .await?;
    let ids: Vec<(String, Value)> = list
        .get("messages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|m| Some((m.get("id")?.as_str()?.to_owned(), m.clone())))
        .collect();
    let messages = summaries(&ctx, ids).await?;
    let mut out = json!({ "messages": messages });
    api::page_fields(&list, &mut out);
    Ok(out)
}

// ---- labels on messages

/// Add or remove labels on one email (archive: remove `INBOX`; mark read: remove `UNREAD`;
/// star: add `STARRED`; move: add the label and remove `INBOX`). Label ids come from
/// gmail_list_labels. Returns the email's labels after the change.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ModifyEmail {
    /// The Gmail message id
    #[serde(rename = "messageId")]
    message_id: String,
    /// Label ids to add (e.g. `STARRED`, `IMPORTANT`, `Label_12`)
    #[serde(rename = "addLabelIds")]
    add_label_ids: Option<Vec<String>>,
    /// Label ids to remove (e.g. `INBOX` to archive, `UNREAD` to mark read)
    #[serde(rename = "removeLabelIds")]
    remove_label_ids: Option<Vec<String>>,
}

fn label_changes(
    add: Option<&Vec<String>>,
    remove: Option<&Vec<String>>,
) -> Result<Map<String, Value>, ToolError> {
    let clean = |l: Option<&Vec<String>>| -> Option<Vec<String>> {
        let v: Vec<String> = l
            .into_iter()
            .flatten()
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .collect();
        (!v.is_empty()).then_some(v)
    };
    let (add, remove) = (clean(add), clean(remove));
    if add.is_none() && remove.is_none() {
        return Err(ToolError::invalid_input(
            "give `addLabelIds` or `removeLabelIds` (label ids from gmail_list_labels, e.g. `INBOX`, `UNREAD`, `STARRED`)",
        ));
    }
    let mut body = Map::new();
    insert_opt(&mut body, "addLabelIds", add);
    insert_opt(&mut body, "removeLabelIds", remove);
    Ok(body)
}

async fn modify_email(ctx: Ctx, a: ModifyEmail) -> Result<Value, ToolError> {
    let body = label_changes(a.add_label_ids.as_ref(), a.remove_label_ids.as_ref())?;
    let path = format!("/messages/{}/modify", id_seg(&a.message_id, "messageId")?);
    let v: Value = req(&ctx, Method::POST, &path)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(api::sent(&v))
}

/// Permanently delete one email, immediately: it skips the trash and cannot be recovered
/// (use gmail_trash_email to move it to the trash instead). Needs the full
/// `https://mail.google.com/` scope.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteEmail {
    /// The Gmail message id
    #[serde(rename = "messageId")]
    message_id: String,
}

async fn delete_email(ctx: Ctx, a: DeleteEmail) -> Result<Value, ToolError> {
    let path = format!("/messages/{}", id_seg(&a.message_id, "messageId")?);
    req(&ctx, Method::DELETE, &path)?.send().await?;
    Ok(json!({ "deleted": true, "messageId": a.message_id.trim() }))
}

/// Gmail's limit on ids per batchModify/batchDelete call.
const GMAIL_BATCH_MAX: u64 = 1000;

fn batches(ids: &[String], batch_size: Option<Int>) -> Result<Vec<Vec<String>>, ToolError> {
    let size = batch_size.map(Int::get).unwrap_or(50);
    if !(1..=GMAIL_BATCH_MAX).contains(&size) {
        return Err(ToolError::invalid_input(format!(
            "`batchSize` must be between 1 and {GMAIL_BATCH_MAX} (Gmail's limit per batch call), got {size}"
        )));
    }
    let mut seen = HashSet::new();
    let ids: Vec<String> = ids
        .iter()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty() && seen.insert(s.clone()))
        .collect();
    if ids.is_empty() {
        return Err(ToolError::invalid_input(
            "`messageIds` must list at least one message id",
        ));
    }
    Ok(ids.chunks(size as usize).map(<[String]>::to_vec).collect())
}

/// Run one request per batch in order; a failure says which batches were done.
async fn run_batches(
    ctx: &Ctx,
    path: &str,
    batches: Vec<Vec<String>>,
    extra: &Map<String, Value>,
    verb: &str,
) -> Result<Value, ToolError> {
    let total = batches.len();
    let mut done = 0usize;
    for (i, ids) in batches.iter().enumerate() {
        let mut body = extra.clone();
        body.insert("ids".into(), json!(ids));
        let r = req(ctx, Method::POST, path)?
            .json(&body)
            .idempotent(true)
            .send()
            .await;
        if let Err(mut e) = r {
            e.message = format!(
                "batch {} of {total} failed, after {done} message(s) were {verb} in the batches before it: {}",
                i + 1,
                e.message
            );
            return Err(e);
        }
        done += ids.len();
    }
    Ok(json!({ "messageCount": done, "batches": total }))
}

/// Add or remove labels on many emails at once (e.g. archive or mark read a whole search
/// result), with Gmail's batchModify in batches of `batchSize` ids. Returns how many messages
/// and batches were processed; if a batch fails, says how many were done before it.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BatchModifyEmails {
    /// Gmail message ids
    #[serde(rename = "messageIds")]
    message_ids: Vec<String>,
    /// Label ids to add to every message
    #[serde(rename = "addLabelIds")]
    add_label_ids: Option<Vec<String>>,
    /// Label ids to remove from every message
    #[serde(rename = "removeLabelIds")]
    remove_label_ids: Option<Vec<String>>,
    /// Ids per batchModify call (default 50, at most 1000: Gmail's limit)
    #[serde(rename = "batchSize")]
    #[schemars(extend("default" = 50))]
    batch_size: Option<Int>,
}

async fn batch_modify_emails(ctx: Ctx, a: BatchModifyEmails) -> Result<Value, ToolError> {
    let body = label_changes(a.add_label_ids.as_ref(), a.remove_label_ids.as_ref())?;
    let batches = batches(&a.message_ids, a.batch_size)?;
    let mut v = run_batches(&ctx, "/messages/batchModify", batches, &body, "modified").await?;
    v["modified"] = Value::Bool(true);
    Ok(v)
}

/// Permanently delete many emails at once with Gmail's batchDelete, in batches of `batchSize`
/// ids: they skip the trash and cannot be recovered (to trash them instead, add the `TRASH`
/// label with gmail_batch_modify_emails). Needs the full `https://mail.google.com/` scope.
/// Returns how many messages and batches were processed.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BatchDeleteEmails {
    /// Gmail message ids
    #[serde(rename = "messageIds")]
    message_ids: Vec<String>,
    /// Ids per batchDelete call (default 50, at most 1000: Gmail's limit)
    #[serde(rename = "batchSize")]
    #[schemars(extend("default" = 50))]
    batch_size: Option<Int>,
}

async fn batch_delete_emails(ctx: Ctx, a: BatchDeleteEmails) -> Result<Value, ToolError> {
    let batches = batches(&a.message_ids, a.batch_size)?;
    let mut v = run_batches(
        &ctx,
        "/messages/batchDelete",
        batches,
        &Map::new(),
        "deleted",
    )
    .await?;
    v["deleted"] = Value::Bool(true);
    Ok(v)
}

// ---- attachments

/// Get the attachments of an email as embedded resources with their MIME types (text files
/// as text, other files as base64 blobs), after a JSON summary of every attachment (file name,
/// MIME type, size). Files over 10 MB, or beyond 20 MB in total, are listed but not returned.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetEmailAttachments {
    /// The Gmail message id
    #[serde(rename = "messageId")]
    message_id: String,
    /// Return only the attachment with this file name (default: all)
    filename: Option<String>,
}

/// The most attachment bytes returned by one call.
const MAX_ATTACHMENTS_TOTAL: u64 = 20 * 1024 * 1024;

/// Download one attachment's bytes (inline data, or `messages.attachments.get`).
async fn attachment_bytes(
    ctx: &Ctx,
    message_id: &str,
    a: &AttachmentMeta,
) -> Result<Vec<u8>, ToolError> {
    if let Some(data) = &a.data {
        return mime::b64url_decode(data);
    }
    let Some(att_id) = &a.attachment_id else {
        return Ok(Vec::new());
    };
    let path = format!("/messages/{}/attachments/{}", seg(message_id), seg(att_id));
    let v: Value = req(ctx, Method::GET, &path)?.send_json().await?;
    mime::b64url_decode(v.get("data").and_then(Value::as_str).unwrap_or(""))
}

async fn get_email_attachments(ctx: Ctx, a: GetEmailAttachments) -> Result<Output, ToolError> {
    let message_id = a.message_id.trim().to_owned();
    let (_, d) = get_full(&ctx, &message_id).await?;
    let mut wanted: Vec<AttachmentMeta> = d.attachments.clone();
    if let Some(name) = a
        .filename
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        wanted.retain(|x| x.filename == name);
        if wanted.is_empty() {
            let names: Vec<&str> = d.attachments.iter().map(|x| x.filename.as_str()).collect();
            return Err(ToolError::invalid_input(format!(
                "message {message_id} has no attachment named `{name}`; its attachments are: {}",
                if names.is_empty() {
                    "none".to_owned()
                } else {
                    names.join(", ")
                }
            )));
        }
    }
    let cap = DEFAULT_MAX_RESOURCE_BYTES as u64;
    let mut budget = MAX_ATTACHMENTS_TOTAL;
    let mut fetch = Vec::new();
    let mut listed = Vec::new();
    for att in wanted {
        let mut entry = json!(att);
        if att.size > cap {
            entry["returned"] = json!(false);
            entry["reason"] = json!(format!(
                "{} bytes, over the {cap} byte limit for content returned inline",
                att.size
            ));
        } else if att.size > budget {
            entry["returned"] = json!(false);
            entry["reason"] = json!(format!(
                "the attachments before it used the {MAX_ATTACHMENTS_TOTAL} byte limit of one call; ask for it by filename"
            ));
        } else {
            budget -= att.size;
            entry["returned"] = json!(true);
            fetch.push(att);
        }
        listed.push(entry);
    }
    let message_id_ref = message_id.as_str();
    let ctx_ref = &ctx;
    let fetched = fan_out(fetch, |att| async move {
        let r = attachment_bytes(ctx_ref, message_id_ref, &att).await;
        (att, r)
    })
    .await;
    let mut blocks = Vec::new();
    for (att, r) in fetched {
        let data = r?;
        let name = if att.filename.is_empty() {
            format!("part-{}", att.part_id)
        } else {
            att.filename.clone()
        };
        let uri = format!(
            "gmail://messages/{}/attachments/{}/{}",
            seg(&message_id),
            seg(&att.part_id),
            seg(&name)
        );
        blocks.push(resource(
            &uri,
            &att.mime_type,
            &data,
            DEFAULT_MAX_RESOURCE_BYTES,
        )?);
    }
    let summary = json!({
        "messageId": message_id,
        "attachmentCount": listed.len(),
        "attachments": listed,
    });
    let mut content = vec![ContentBlock::text(summary.to_string())];
    content.extend(blocks);
    Ok(Output::Content(content))
}

// ---- reply and forward

/// Reply to an email in its thread: to its sender (or Reply-To), or with replyAll to everyone
/// on it except you. Sets the `Re:` subject, the In-Reply-To and References headers and the
/// thread, as Gmail does. Sends it, or with `draft: true` saves it as a draft. Returns the
/// message (or draft) id, thread id and recipients.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReplyEmail {
    /// The Gmail message id to reply to
    #[serde(rename = "messageId")]
    message_id: String,
    /// Reply text
    body: String,
    /// HTML version of the reply (sent with the text as multipart/alternative)
    #[serde(rename = "htmlBody")]
    html_body: Option<String>,
    /// Reply to all recipients, not only the sender (default false)
    #[serde(rename = "replyAll")]
    reply_all: Option<bool>,
    /// More Cc recipients
    cc: Option<Vec<String>>,
    /// Bcc recipients
    bcc: Option<Vec<String>>,
    /// Files to attach
    attachments: Option<Vec<AttachmentInput>>,
    /// Save the reply as a draft instead of sending it (default false)
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

async fn reply_email(ctx: Ctx, a: ReplyEmail) -> Result<Value, ToolError> {
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

/// Forward an email to new recipients, with an optional note above it: the original's
/// sender, date, subject and recipients, its text (and HTML), and its attachments (unless
/// includeAttachments is false). Sends it, or with `draft: true` saves it as a draft.
/// Returns the new message (or draft) id and thread id.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ForwardEmail {
    /// The Gmail message id to forward
    #[serde(rename = "messageId")]
    message_id: String,
    /// Recipients, same forms as gmail_send_email's `to`
    to: Vec<String>,
    /// Cc recipients
    cc: Option<Vec<String>>,
    /// Bcc recipients
    bcc: Option<Vec<String>>,
    /// A note above the forwarded message
    body: Option<String>,
    /// Attach the original's attachments (default true)
    #[serde(rename = "includeAttachments")]
    include_attachments: Option<bool>,
    /// Save as a draft instead of sending (default false)
    draft: Option<bool>,
}

fn forwarded_header(h: &mime::Headers) -> Vec<(String, String)> {
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

async fn forward_email(ctx: Ctx, a: ForwardEmail) -> Result<Value, ToolError> {
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
        .or_else(|| d.html.as_deref().map(mime::html_to_text))
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

// ---- trash

/// Move an email to the trash (Gmail deletes it for good after 30 days; gmail_untrash_email
/// restores it). Returns the email's labels after the change.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TrashEmail {
    /// The Gmail message id
    #[serde(rename = "messageId")]
    message_id: String,
}

async fn trash_email(ctx: Ctx, a: TrashEmail) -> Result<Value, ToolError> {
    let path = format!("/messages/{}/trash", id_seg(&a.message_id, "messageId")?);
    let v: Value = req(&ctx, Method::POST, &path)?
        .idempotent(true)
        .send_json()
        .await?;
    Ok(api::sent(&v))
}

/// Restore an email from the trash. Returns the email's labels after the change.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct UntrashEmail {
    /// The Gmail message id
    #[serde(rename = "messageId")]
    message_id: String,
}

async fn untrash_email(ctx: Ctx, a: UntrashEmail) -> Result<Value, ToolError> {
    let path = format!("/messages/{}/untrash", id_seg(&a.message_id, "messageId")?);
    let v: Value = req(&ctx, Method::POST, &path)?
        .idempotent(true)
        .send_json()
        .await?;
    Ok(api::sent(&v))
}

/// Get the mailbox's profile: its email address and its message and thread counts.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetProfile {}

async fn get_profile(ctx: Ctx, _a: GetProfile) -> Result<Value, ToolError> {
    let v: Value = req(&ctx, Method::GET, "/profile")?.send_json().await?;
    Ok(mcp_shared::json::pick(
        &v,
        &["emailAddress", "messagesTotal", "threadsTotal", "historyId"],
    ))
}
