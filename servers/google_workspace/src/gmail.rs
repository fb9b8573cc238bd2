//! Gmail: `users.messages.list` then `users.messages.get` for each message (the list and
//! search tools), `users.messages.send`, `users.messages.modify`.

use std::convert::Infallible;

use futures::stream::{self, StreamExt as _};
use mail_builder::MessageBuilder;
use mail_builder::headers::address::Address;
use mcp_shared::upstream::seg_id;
use mcp_shared::{Ctx, Effect, Int, Method, Output, Profile, ToolDef, ToolError, tool};
use mcp_vendor_google::gmail::{Visit, b64url_decode, b64url_encode, header, walk};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{atlas_noop, gmail};

pub fn tools() -> Vec<ToolDef> {
    let atlas = |t: ToolDef, name: &'static str| t.toolset("gmail").profile(Profile::Atlas, name);
    vec![
        atlas(
            tool(
                "google_workspace_list_emails",
                "List emails",
                Effect::Read,
                list_emails,
            ),
            "list_emails",
        )
        .profile_param(Profile::Atlas, "max_results", "maxResults"),
        atlas(
            tool(
                "google_workspace_search_emails",
                "Search emails",
                Effect::Read,
                search_emails,
            ),
            "search_emails",
        )
        .profile_param(Profile::Atlas, "max_results", "maxResults"),
        atlas(
            tool(
                "google_workspace_send_email",
                "Send email",
                Effect::Write,
                send_email,
            ),
            "send_email",
        ),
        atlas(
            tool(
                "google_workspace_modify_email",
                "Modify email labels",
                Effect::IdempotentWrite,
                modify_email,
            ),
            "modify_email",
        )
        .profile_param(Profile::Atlas, "add_labels", "addLabels")
        .profile_param(Profile::Atlas, "remove_labels", "removeLabels"),
    ]
}

/// Gmail's cap on `maxResults` of messages.list.
const MAX_RESULTS: u64 = 500;
/// Messages read at once after a list.
const PARALLEL_GETS: usize = 5;
/// Longest body text returned per message, in bytes.
const MAX_BODY: usize = 20_000;

/// List the newest Gmail messages, optionally filtered by a Gmail search query. Returns a JSON
/// array of {id, subject, from, date, body} (body: the text/plain part).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListEmails {
    /// At most this many emails, 1 to 500
    #[schemars(extend("default" = 10))]
    max_results: Option<Int>,
    /// Gmail search query to filter by (from:ann@example.com is:unread)
    query: Option<String>,
}

/// Search Gmail messages with Gmail's query syntax: from:, to:, subject:, has:attachment,
/// filename:pdf, after:2024/01/01 before:2024/02/01, is:unread. Returns a JSON array of {id,
/// subject, from, date, body, labels}.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchEmails {
    /// Gmail search query (from:alice@example.com has:attachment)
    query: String,
    /// At most this many emails, 1 to 500
    #[schemars(extend("default" = 10))]
    max_results: Option<Int>,
}

fn max_results(v: Option<Int>) -> Result<u64, ToolError> {
    match v.map(Int::get) {
        None | Some(0) => Ok(10),
        Some(n @ 1..=MAX_RESULTS) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "`max_results` (maxResults) must be between 1 and {MAX_RESULTS}, not {n}"
        ))),
    }
}

async fn list_emails(ctx: Ctx, a: ListEmails) -> Result<Value, ToolError> {
    let n = max_results(a.max_results)?;
    fetch(&ctx, n, a.query.as_deref().unwrap_or_default(), false).await
}

async fn search_emails(ctx: Ctx, a: SearchEmails) -> Result<Value, ToolError> {
    let query = mcp_shared::non_empty(&a.query, "query")?;
    let n = max_results(a.max_results)?;
    fetch(&ctx, n, query, true).await
}

/// messages.list, then messages.get (format=full) of each message, in the list's order.
async fn fetch(ctx: &Ctx, n: u64, query: &str, labels: bool) -> Result<Value, ToolError> {
    let query = query.trim();
    let mut r = gmail(ctx, Method::GET, "/messages")?.query("maxResults", n);
    if !query.is_empty() {
        r = r.query("q", query);
    }
    let list: Value = r.send_json().await?;
    let ids: Vec<String> = list
        .get("messages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|m| m.get("id").and_then(Value::as_str).map(str::to_owned))
        .collect();
    let details: Vec<Result<Value, ToolError>> = stream::iter(ids)
        .map(|id| async move {
            let path = format!("/messages/{}", seg_id(&id, "id")?);
            let v: Value = gmail(ctx, Method::GET, &path)?
                .query("format", "full")
                .send_json()
                .await?;
            Ok(summary(&id, &v, labels))
        })
        .buffered(PARALLEL_GETS)
        .collect()
        .await;
    Ok(Value::Array(details.into_iter().collect::<Result<_, _>>()?))
}

/// A message as the tools return it.
fn summary(id: &str, v: &Value, labels: bool) -> Value {
    let payload = v.get("payload").unwrap_or(&Value::Null);
    let headers = payload.get("headers").unwrap_or(&Value::Null);
    let value = |name: &str| header(headers, name).unwrap_or_default().to_owned();
    let mut o = Map::new();
    o.insert("id".into(), json!(id));
    o.insert("subject".into(), json!(value("Subject")));
    o.insert("from".into(), json!(value("From")));
    o.insert("date".into(), json!(value("Date")));
    let body = body_text(payload).unwrap_or_else(|| "(No body content)".to_owned());
    let (body, _) = mcp_shared::content::truncate(&body, MAX_BODY);
    o.insert("body".into(), json!(body));
    if labels {
        o.insert(
            "labels".into(),
            v.get("labelIds").cloned().unwrap_or_else(|| json!([])),
        );
    }
    Value::Object(o)
}

/// Gmail's base64url body data as text (UTF-8, invalid bytes replaced); `None` when it is not
/// base64url.
fn decode(data: &str) -> Option<String> {
    b64url_decode(data)
        .ok()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// The message's text: the first text/plain part (depth first), else the body of a
/// single-part message.
fn body_text(payload: &Value) -> Option<String> {
    let mut text = None;
    let Ok(()) = walk::<Infallible>(payload, &mut |p| {
        let mime = p
            .get("mimeType")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let data = p.pointer("/body/data").and_then(Value::as_str);
        Ok(
            match data.filter(|_| mime.eq_ignore_ascii_case("text/plain")) {
                Some(d) => {
                    text = decode(d);
                    if text.is_some() {
                        Visit::Stop
                    } else {
                        Visit::Over
                    }
                }
                None => Visit::Into,
            },
        )
    });
    text.or_else(|| {
        payload
            .pointer("/body/data")
            .and_then(Value::as_str)
            .and_then(decode)
    })
}

/// Send a plain-text email from the account. Returns the sent message's id and thread id.
/// Under --profile atlas (the MCP-Atlas benchmark) nothing is sent and the answer is `ok`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SendEmail {
    /// Recipient address (ann@example.com, or Ann <ann@example.com>); several comma-separated
    to: String,
    /// Subject
    subject: String,
    /// Body text
    body: String,
    /// Cc recipients, comma-separated
    cc: Option<String>,
    /// Bcc recipients, comma-separated
    bcc: Option<String>,
}

/// `Name <addr>` or `addr`, checked.
fn mailbox<'a>(entry: &'a str, field: &str) -> Result<Address<'a>, ToolError> {
    let entry = entry.trim();
    let (name, addr) = match (entry.rfind('<'), entry.ends_with('>')) {
        (Some(i), true) => {
            let name = entry.get(..i).unwrap_or_default().trim().trim_matches('"');
            let addr = entry.get(i + 1..entry.len() - 1).unwrap_or_default().trim();
            ((!name.is_empty()).then_some(name), addr)
        }
        _ => (None, entry),
    };
    let ok = addr
        .split_once('@')
        .is_some_and(|(l, d)| !l.is_empty() && d.contains('.') && !d.ends_with('.'))
        && !addr.contains(|c: char| c.is_whitespace() || c.is_control() || "<>,;\"".contains(c))
        && !name.is_some_and(|n| n.contains(|c: char| c.is_control()));
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{field}` has {entry:?}, which is not an email address: give ann@example.com or Ann <ann@example.com>, comma-separated"
        )));
    }
    Ok(Address::new_address(name, addr))
}

/// A comma-separated recipient field; `None` when it names nobody.
fn recipients<'a>(v: Option<&'a str>, field: &str) -> Result<Option<Address<'a>>, ToolError> {
    let list: Vec<Address<'a>> = v
        .unwrap_or_default()
        .split(',')
        .filter(|e| !e.trim().is_empty())
        .map(|e| mailbox(e, field))
        .collect::<Result<_, _>>()?;
    Ok((!list.is_empty()).then(|| Address::new_list(list)))
}

async fn send_email(ctx: Ctx, a: SendEmail) -> Result<Output, ToolError> {
    if let Some(ok) = atlas_noop(&ctx) {
        return Ok(ok);
    }
    let to = recipients(Some(&a.to), "to")?
        .ok_or_else(|| ToolError::invalid_input("`to` must name at least one recipient"))?;
    let mut b = MessageBuilder::new()
        .to(to)
        .subject(a.subject.replace(['\r', '\n'], " "))
        .text_body(a.body.as_str());
    if let Some(cc) = recipients(a.cc.as_deref(), "cc")? {
        b = b.cc(cc);
    }
    if let Some(bcc) = recipients(a.bcc.as_deref(), "bcc")? {
        b = b.bcc(bcc);
    }
    let raw = b
        .write_to_vec()
        .map_err(|e| ToolError::invalid_input(format!("cannot build the email message: {e}")))?;
    let v: Value = gmail(&ctx, Method::POST, "/messages/send")?
        .json(&json!({ "raw": b64url_encode(&raw) }))
        .send_json()
        .await?;
    Ok(Output::Json(mcp_shared::json::pick(
        &v,
        &["id", "threadId", "labelIds"],
    )))
}

/// Add and remove labels of a message: archive (remove INBOX), trash (add TRASH), mark read
/// (remove UNREAD) or unread (add UNREAD), star (STARRED), or a user label's id. Returns the
/// message's id and labels. Under --profile atlas (the MCP-Atlas benchmark) nothing is sent
/// and the answer is `ok`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ModifyEmail {
    /// The message's id (from the list or search tools)
    id: String,
    /// Label ids to add (INBOX, UNREAD, STARRED, IMPORTANT, TRASH, SPAM, or Label_123)
    add_labels: Option<Vec<String>>,
    /// Label ids to remove
    remove_labels: Option<Vec<String>>,
}

fn label_ids(v: Option<Vec<String>>) -> Vec<String> {
    v.unwrap_or_default()
        .into_iter()
        .map(|l| l.trim().to_owned())
        .filter(|l| !l.is_empty())
        .collect()
}

async fn modify_email(ctx: Ctx, a: ModifyEmail) -> Result<Output, ToolError> {
    if let Some(ok) = atlas_noop(&ctx) {
        return Ok(ok);
    }
    let path = format!("/messages/{}/modify", seg_id(&a.id, "id")?);
    let add = label_ids(a.add_labels);
    let remove = label_ids(a.remove_labels);
    if add.is_empty() && remove.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to change: give label ids to add or remove (add_labels / addLabels, remove_labels / removeLabels)",
        ));
    }
    let mut body = Map::new();
    if !add.is_empty() {
        body.insert("addLabelIds".into(), json!(add));
    }
    if !remove.is_empty() {
        body.insert("removeLabelIds".into(), json!(remove));
    }
    let v: Value = gmail(&ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(Output::Json(mcp_shared::json::pick(
        &v,
        &["id", "threadId", "labelIds"],
    )))
}
