//! Messages: read, search, labels on messages, trash and delete, batches, attachments, and
//! the mailbox profile; and the `messages` toolset's tool list, whose send, reply and forward
//! tools live in [`crate::sending`].

use std::collections::HashSet;

use mcp_shared::content::{DEFAULT_MAX_RESOURCE_BYTES, resource};
use mcp_shared::json::insert_opt;
use mcp_shared::reexports::rmcp::model::ContentBlock;
use mcp_shared::{Ctx, Effect, Int, Method, Output, ToolDef, ToolError, seg, tool};
use mcp_vendor_google::gmail::AttachmentMeta;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{
    self, BatchResult, MAX_BODY_BYTES, MessageRef, Profile, SUMMARY_HEADERS, attachment_bytes,
    fan_out, full_message, get_full, id_seg, limit, req,
};
use crate::sending;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "gmail_send_email",
            "Send email",
            Effect::Write,
            sending::send_email,
        )
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
            sending::reply_email,
        )
        .toolset("messages"),
        tool(
            "gmail_forward_email",
            "Forward email",
            Effect::Write,
            sending::forward_email,
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

// ---- reading

/// Read one email: headers, body as text (up to 100 KB), labels and attachments (download with
/// gmail_get_email_attachments).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReadEmail {
    #[serde(rename = "messageId")]
    message_id: String,
    /// Also the HTML body
    #[serde(rename = "includeHtml")]
    include_html: Option<bool>,
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

/// Search emails with Gmail's search syntax (`from:ann is:unread`, `subject:invoice
/// after:2024/01/01 has:attachment`), newest first. Returns id, thread id, sender, recipients,
/// subject, date, snippet, labels, and `nextPageToken`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchEmails {
    query: String,
    /// Default 10, at most 100
    #[serde(rename = "maxResults")]
    max_results: Option<Int>,
    #[serde(rename = "pageToken")]
    page_token: Option<String>,
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

/// Add or remove labels on an email (archive: remove `INBOX`; mark read: remove `UNREAD`; star: add
/// `STARRED`). Returns its labels.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ModifyEmail {
    #[serde(rename = "messageId")]
    message_id: String,
    #[serde(rename = "addLabelIds")]
    add_label_ids: Option<Vec<String>>,
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

/// Permanently delete an email, skipping the trash (gmail_trash_email trashes it). Needs the
/// `https://mail.google.com/` scope.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteEmail {
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

/// Add or remove labels on many emails, in batches of `batchSize`. Returns the messages and batches
/// done (up to a failed batch).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BatchModifyEmails {
    #[serde(rename = "messageIds")]
    message_ids: Vec<String>,
    #[serde(rename = "addLabelIds")]
    add_label_ids: Option<Vec<String>>,
    #[serde(rename = "removeLabelIds")]
    remove_label_ids: Option<Vec<String>>,
    /// At most 1000
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

/// Permanently delete many emails, skipping the trash (to trash them, add `TRASH` with
/// gmail_batch_modify_emails), in batches of `batchSize`. Needs the `https://mail.google.com/`
/// scope.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BatchDeleteEmails {
    #[serde(rename = "messageIds")]
    message_ids: Vec<String>,
    /// At most 1000
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

/// Get an email's attachments as embedded resources, after a JSON list of them all (name, MIME
/// type, size). Files over 10 MB, or past 20 MB in all, are listed only.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetEmailAttachments {
    #[serde(rename = "messageId")]
    message_id: String,
    /// Only this one
    filename: Option<String>,
}

/// The most attachment bytes returned by one call.
const MAX_ATTACHMENTS_TOTAL: u64 = 20 * 1024 * 1024;

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

// ---- trash

/// Move an email to the trash (deleted after 30 days). Returns its labels.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TrashEmail {
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

/// Restore an email from the trash. Returns its labels.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct UntrashEmail {
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

/// Get the mailbox's email address and message and thread counts.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetProfile {}

async fn get_profile(ctx: Ctx, _a: GetProfile) -> Result<Value, ToolError> {
    let v: Value = req(&ctx, Method::GET, "/profile")?.send_json().await?;
    Ok(mcp_shared::json::pick(
        &v,
        &["emailAddress", "messagesTotal", "threadsTotal", "historyId"],
    ))
}
