//! What every Gmail tool shares: authenticated requests under `/gmail/v1/users/me`, ids in
//! paths, bounded fan-out of per-item reads, and the concise shapes of messages and lists.

use std::future::Future;

use futures::StreamExt as _;
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Int, Method, Request, ToolError, seg};
use mcp_vendor_google::gmail::{self, AttachmentMeta, Decoded, Headers};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// The authenticated user's mailbox.
pub const USER: &str = "/gmail/v1/users/me";

/// How many per-item reads (message metadata, attachments) run at once. Gmail's per-user
/// quota is 250 units/s and a `messages.get` costs 5, so 10 in flight stays well inside it.
const FAN_OUT: usize = 10;

/// An authenticated request to `/gmail/v1/users/me{path}`.
pub fn req(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    ctx.authorized(method, &format!("{USER}{path}"))
}

/// One path segment for an id argument; a clear error when it is empty.
pub fn id_seg(id: &str, what: &str) -> Result<String, ToolError> {
    Ok(seg(mcp_shared::non_empty(id, what)?))
}

/// `maxResults` clamped to `1..=max`, `default` when absent.
pub fn limit(v: Option<Int>, default: u64, max: u64) -> u64 {
    v.map(Int::get).unwrap_or(default).clamp(1, max)
}

/// Run `f` over `items` with at most [`FAN_OUT`] in flight, keeping the order.
pub async fn fan_out<T, F, Fut, R>(items: Vec<T>, f: F) -> Vec<R>
where
    F: Fn(T) -> Fut,
    Fut: Future<Output = R>,
{
    futures::stream::iter(items.into_iter().map(f))
        .buffered(FAN_OUT)
        .collect()
        .await
}

/// The headers the list tools show for each message.
pub const SUMMARY_HEADERS: [&str; 5] = ["From", "To", "Subject", "Date", "Message-ID"];

/// `messages.get` with `format=metadata` and the given headers.
pub fn metadata_request(ctx: &Ctx, path: &str, headers: &[&str]) -> Result<Request, ToolError> {
    let mut r = req(ctx, Method::GET, path)?.query("format", "metadata");
    for h in headers {
        r = r.query("metadataHeaders", h);
    }
    Ok(r)
}

/// Gmail's snippets are HTML-escaped (`&#39;`): as plain text.
pub fn snippet(v: &Value) -> Option<Value> {
    v.get("snippet")
        .and_then(Value::as_str)
        .map(|s| Value::String(gmail::html_to_text(s).trim().to_owned()))
}

fn insert(o: &mut Map<String, Value>, k: &str, v: Option<Value>) {
    if let Some(v) = v.filter(|v| !v.is_null()) {
        o.insert(k.to_owned(), v);
    }
}

fn list_or_none(l: &[gmail::Mailbox]) -> Option<Value> {
    (!l.is_empty()).then(|| json!(l))
}

/// A message in a list: id, thread, from, to, subject, date, snippet, labels, unread.
pub fn summary(msg: &Value) -> Value {
    let h = Headers::of_message(msg);
    let mut o = Map::new();
    insert(&mut o, "id", msg.get("id").cloned());
    insert(&mut o, "threadId", msg.get("threadId").cloned());
    insert(&mut o, "from", h.from.first().map(|m| json!(m)));
    insert(&mut o, "to", list_or_none(&h.to));
    insert(&mut o, "subject", h.subject.map(Value::String));
    insert(&mut o, "date", h.date.map(Value::String));
    insert(&mut o, "snippet", snippet(msg));
    insert(&mut o, "labelIds", msg.get("labelIds").cloned());
    if let Some(labels) = msg.get("labelIds").and_then(Value::as_array) {
        o.insert(
            "unread".into(),
            Value::Bool(labels.iter().any(|l| l == "UNREAD")),
        );
    }
    Value::Object(o)
}

/// The most body text returned per message by the read tools.
pub const MAX_BODY_BYTES: usize = 100 * 1024;

/// A fully read message: headers, body text (or HTML converted to text), optionally the HTML,
/// and its attachments (listed, not downloaded).
pub fn full_message(msg: &Value, d: &Decoded, include_html: bool, max_body: usize) -> Value {
    let h = &d.headers;
    let mut o = Map::new();
    insert(&mut o, "id", msg.get("id").cloned());
    insert(&mut o, "threadId", msg.get("threadId").cloned());
    insert(&mut o, "labelIds", msg.get("labelIds").cloned());
    insert(&mut o, "from", h.from.first().map(|m| json!(m)));
    insert(&mut o, "to", list_or_none(&h.to));
    insert(&mut o, "cc", list_or_none(&h.cc));
    insert(&mut o, "bcc", list_or_none(&h.bcc));
    insert(&mut o, "replyTo", list_or_none(&h.reply_to));
    insert(&mut o, "subject", h.subject.clone().map(Value::String));
    insert(&mut o, "date", h.date.clone().map(Value::String));
    insert(
        &mut o,
        "messageIdHeader",
        h.message_id.clone().map(Value::String),
    );
    let (body, format) = d.body_text();
    if let Some(body) = body {
        let (body, cut) = mcp_shared::content::truncate(&body, max_body);
        o.insert("body".into(), Value::String(body));
        o.insert("bodyFormat".into(), Value::String(format.into()));
        if cut {
            o.insert("bodyTruncated".into(), Value::Bool(true));
        }
    }
    if include_html && let Some(html) = &d.html {
        let (html, _) = mcp_shared::content::truncate(html, max_body);
        o.insert("html".into(), Value::String(html));
    }
    if !d.attachments.is_empty() {
        o.insert("attachments".into(), json!(d.attachments));
    }
    Value::Object(o)
}

/// What a send or draft call returns about the message.
pub fn sent(v: &Value) -> Value {
    pick(v, &["id", "threadId", "labelIds"])
}

/// Gmail's list answer: `nextPageToken` and `resultSizeEstimate`, added to `out`.
pub fn page_fields(list: &Value, out: &mut Value) {
    if let Some(o) = out.as_object_mut() {
        insert(o, "nextPageToken", list.get("nextPageToken").cloned());
        insert(
            o,
            "resultSizeEstimate",
            list.get("resultSizeEstimate").cloned(),
        );
    }
}

/// Read a message's metadata (`format=metadata`) and decode its headers.
pub async fn message_headers(
    ctx: &Ctx,
    message_id: &str,
    headers: &[&str],
) -> Result<(Value, Headers), ToolError> {
    let path = format!("/messages/{}", id_seg(message_id, "messageId")?);
    let v: Value = metadata_request(ctx, &path, headers)?.send_json().await?;
    let h = Headers::of_message(&v);
    Ok((v, h))
}

// ---- output schemas of the results with a stable shape (`structuredContent`)

/// A message after it was sent or changed.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct MessageRef {
    id: String,
    #[serde(rename = "threadId")]
    thread_id: Option<String>,
    #[serde(rename = "labelIds")]
    label_ids: Option<Vec<String>>,
}

/// A saved draft.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct DraftRef {
    #[serde(rename = "draftId")]
    draft_id: String,
    #[serde(rename = "messageId")]
    message_id: Option<String>,
    #[serde(rename = "threadId")]
    thread_id: Option<String>,
}

/// The mailbox's profile.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct Profile {
    #[serde(rename = "emailAddress")]
    email_address: Option<String>,
    #[serde(rename = "messagesTotal")]
    messages_total: Option<i64>,
    #[serde(rename = "threadsTotal")]
    threads_total: Option<i64>,
    #[serde(rename = "historyId")]
    history_id: Option<String>,
}

/// What a batch tool did.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct BatchResult {
    #[serde(rename = "messageCount")]
    message_count: u64,
    batches: u64,
    modified: Option<bool>,
    deleted: Option<bool>,
}

/// A message in `full` format and its decoded MIME parts.
pub async fn get_full(ctx: &Ctx, message_id: &str) -> Result<(Value, Decoded), ToolError> {
    let path = format!("/messages/{}", id_seg(message_id, "messageId")?);
    let v: Value = req(ctx, Method::GET, &path)?
        .query("format", "full")
        .send_json()
        .await?;
    let d = gmail::decode_message(&v)?;
    Ok((v, d))
}

/// Download one attachment's bytes (inline data, or `messages.attachments.get`).
/// An attachment's bytes: its inline data, or fetched by its attachment id.
pub async fn attachment_bytes(
    ctx: &Ctx,
    message_id: &str,
    a: &AttachmentMeta,
) -> Result<Vec<u8>, ToolError> {
    if let Some(data) = &a.data {
        return gmail::b64url_decode(data);
    }
    let Some(att_id) = &a.attachment_id else {
        return Ok(Vec::new());
    };
    let path = format!("/messages/{}/attachments/{}", seg(message_id), seg(att_id));
    let v: Value = req(ctx, Method::GET, &path)?.send_json().await?;
    gmail::b64url_decode(v.get("data").and_then(Value::as_str).unwrap_or(""))
}
