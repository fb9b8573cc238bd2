//! Threads (conversations): list and read.

use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use mcp_vendor_google::gmail::{self, Headers};

use crate::api::{self, fan_out, full_message, id_seg, limit, req};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "gmail_list_threads",
            "List threads",
            Effect::Read,
            list_threads,
        )
        .toolset("threads"),
        tool("gmail_get_thread", "Get thread", Effect::Read, get_thread).toolset("threads"),
    ]
}

/// List conversations, newest first, by Gmail query or label ids: id, subject, participants,
/// message count, date, snippet, labels, and `nextPageToken`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListThreads {
    query: Option<String>,
    /// All of these
    #[serde(rename = "labelIds")]
    label_ids: Option<Vec<String>>,
    /// Default 10, at most 50
    #[serde(rename = "maxResults")]
    max_results: Option<Int>,
    #[serde(rename = "pageToken")]
    page_token: Option<String>,
    #[serde(rename = "includeSpamTrash")]
    include_spam_trash: Option<bool>,
}

fn thread_summary(t: &Value) -> Value {
    let messages = t
        .get("messages")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let headers: Vec<Headers> = messages.iter().map(Headers::of_message).collect();
    let mut participants: Vec<gmail::Mailbox> = Vec::new();
    for h in &headers {
        for m in &h.from {
            if !participants.iter().any(|p| p.same_address(&m.email)) {
                participants.push(m.clone());
            }
        }
    }
    let mut labels: Vec<Value> = Vec::new();
    for m in &messages {
        for l in m
            .get("labelIds")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if !labels.contains(l) {
                labels.push(l.clone());
            }
        }
    }
    let last = messages.last().unwrap_or(&Value::Null);
    json!({
        "id": t.get("id"),
        "subject": headers.first().and_then(|h| h.subject.clone()),
        "participants": participants,
        "messageCount": messages.len(),
        "lastDate": headers.last().and_then(|h| h.date.clone()),
        "snippet": api::snippet(last),
        "labelIds": labels,
        "unread": labels.iter().any(|l| l == "UNREAD"),
    })
}

async fn list_threads(ctx: Ctx, a: ListThreads) -> Result<Value, ToolError> {
    let mut r = req(&ctx, Method::GET, "/threads")?
        .query("maxResults", limit(a.max_results, 10, 50))
        .query_opt("q", a.query.as_deref().filter(|q| !q.is_empty()))
        .query_opt(
            "pageToken",
            a.page_token.as_deref().filter(|t| !t.is_empty()),
        )
        .query_opt("includeSpamTrash", a.include_spam_trash);
    for l in a.label_ids.iter().flatten() {
        r = r.query("labelIds", l);
    }
    let list: Value = r.send_json().await?;
    let ids: Vec<String> = list
        .get("threads")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|t| Some(t.get("id")?.as_str()?.to_owned()))
        .collect();
    let ctx_ref = &ctx;
    let results = fan_out(ids, |id| async move {
        let path = format!("/threads/{}", seg(&id));
        let r = match api::metadata_request(ctx_ref, &path, &["From", "Subject", "Date"]) {
            Ok(r) => r.send_json::<Value>().await,
            Err(e) => Err(e),
        };
        (id, r)
    })
    .await;
    let mut threads = Vec::with_capacity(results.len());
    for (id, r) in results {
        match r {
            Ok(t) => threads.push(thread_summary(&t)),
            Err(e) if e.status == Some(404) => threads.push(json!({
                "id": id,
                "error": "not found (deleted since the list?)",
            })),
            Err(e) => return Err(e),
        }
    }
    let mut out = json!({ "threads": threads });
    api::page_fields(&list, &mut out);
    Ok(out)
}

/// Read a conversation, oldest first: each message's headers, text body (up to 30 KB), labels and
/// attachments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetThread {
    #[serde(rename = "threadId")]
    thread_id: String,
    /// Also the HTML bodies
    #[serde(rename = "includeHtml")]
    include_html: Option<bool>,
}

const MAX_THREAD_BODY_BYTES: usize = 30 * 1024;

async fn get_thread(ctx: Ctx, a: GetThread) -> Result<Value, ToolError> {
    let path = format!("/threads/{}", id_seg(&a.thread_id, "threadId")?);
    let t: Value = req(&ctx, Method::GET, &path)?
        .query("format", "full")
        .send_json()
        .await?;
    let mut messages = Vec::new();
    for m in t
        .get("messages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let d = gmail::decode_message(m)?;
        messages.push(full_message(
            m,
            &d,
            a.include_html.unwrap_or(false),
            MAX_THREAD_BODY_BYTES,
        ));
    }
    Ok(json!({
        "threadId": t.get("id"),
        "messageCount": messages.len(),
        "messages": messages,
    }))
}
