//! Messages: list (the mailbox or one folder), read one with its attachments, move.

use crate::api::{self, Format, MAIL_READ, MAIL_READ_WRITE, folder_path, message_path};
use mcp_shared::content::truncate;
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use mcp_vendor_microsoft::{self as microsoft, BatchRequest, List, Query, page_size};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "outlookMail_list_messages",
            "List messages",
            Effect::Read,
            list_messages,
        )
        .toolset("messages")
        .scopes(MAIL_READ),
        tool(
            "outlookMail_list_messages_from_folder",
            "List messages of a folder",
            Effect::Read,
            list_messages_from_folder,
        )
        .toolset("messages")
        .scopes(MAIL_READ),
        tool(
            "outlookMail_read_message",
            "Read message",
            Effect::Read,
            read_message,
        )
        .toolset("messages")
        .scopes(MAIL_READ),
        tool(
            "outlookMail_move_message",
            "Move message",
            Effect::Write,
            move_message,
        )
        .toolset("messages")
        .scopes(MAIL_READ_WRITE),
    ]
}

/// The most body text returned by outlookMail_read_message.
const MAX_BODY_BYTES: usize = 100_000;

/// List messages of the whole mailbox: id, subject, from, to, date, read state, preview.
/// Returns `next_cursor` for the next page.
#[derive(Deserialize, JsonSchema)]
pub struct ListMessages {
    /// Page size, 1 to 100
    #[schemars(extend("default" = 10))]
    top: Option<Count>,
    /// OData $filter, e.g. `isRead eq false and from/emailAddress/address eq 'ada@example.com'`
    filter_query: Option<String>,
    /// OData $orderby, e.g. `receivedDateTime desc`
    orderby: Option<String>,
    /// Properties to return instead of the summary, comma-separated (`id,subject,body`)
    select: Option<String>,
    /// Full-text search (KQL, e.g. `from:ada budget`); not combinable with orderby
    search: Option<String>,
    /// Bodies in selected properties as text or HTML
    body_format: Option<Format>,
    cursor: Option<String>,
}

/// List messages of one folder (id or well-known name such as inbox or sentitems): id,
/// subject, from, to, date, read state, preview. Returns `next_cursor` for the next page.
#[derive(Deserialize, JsonSchema)]
pub struct ListFolderMessages {
    folder_id: String,
    #[serde(flatten)]
    list: ListMessages,
}

async fn list_messages(ctx: Ctx, a: ListMessages) -> Result<Value, ToolError> {
    list(&ctx, "/me/messages".to_owned(), a).await
}

async fn list_messages_from_folder(ctx: Ctx, a: ListFolderMessages) -> Result<Value, ToolError> {
    let path = format!("{}/messages", folder_path(&a.folder_id, "folder_id")?);
    list(&ctx, path, a.list).await
}

async fn list(ctx: &Ctx, path: String, a: ListMessages) -> Result<Value, ToolError> {
    let selected = a.select.as_deref().is_some_and(|s| !s.trim().is_empty());
    let mut q = Query::new()
        .select_list(a.select.as_deref(), api::MESSAGE_FIELDS, "select")?
        .filter_raw(a.filter_query.as_deref())
        .orderby_raw(a.orderby.as_deref(), "orderby")?;
    if let Some(s) = a.search.as_deref() {
        q = q.search(s);
    }
    let page = List::new(path, q)
        .limit(page_size(a.top.map(Count::get), 10, 100, "top")?)
        .cursor(a.cursor.as_deref())
        .header("Prefer", a.body_format.unwrap_or_default().prefer())
        .send(ctx)
        .await?;
    Ok(page.into_json("messages", |m| api::listed(m, selected)))
}

/// Read one message: sender, recipients, dates, state, its body (text by default, up to
/// 100 KB) and its attachments (name, type, size; download with outlookMail_get_attachment).
#[derive(Deserialize, JsonSchema)]
pub struct ReadMessage {
    message_id: String,
    body_format: Option<Format>,
}

async fn read_message(ctx: Ctx, a: ReadMessage) -> Result<Value, ToolError> {
    let path = message_path(&a.message_id)?;
    let format = a.body_format.unwrap_or_default();
    // The message and its attachment list in one round trip.
    let answers = microsoft::batch(
        &ctx,
        vec![
            BatchRequest::get(
                "message",
                Query::new()
                    .select(api::MESSAGE_FIELDS.iter().copied())
                    .select(["bccRecipients", "replyTo", "body"])
                    .on(&path),
            )
            .header("Prefer", format.prefer()),
            BatchRequest::get(
                "attachments",
                Query::new()
                    .select(["id", "name", "contentType", "size", "isInline"])
                    .on(&format!("{path}/attachments")),
            ),
        ],
    )
    .await?;
    let m = answers.result("message")?;
    let mut out = api::message(m);
    if let Some(body) = m.get("body") {
        let (content, cut) = truncate(
            body.get("content").and_then(Value::as_str).unwrap_or(""),
            MAX_BODY_BYTES,
        );
        out["body"] = json!({
            "contentType": body.get("contentType").cloned().unwrap_or(json!(format.as_str())),
            "content": content,
        });
        if cut {
            out["body"]["truncated"] = json!(true);
        }
    }
    match answers.result("attachments") {
        Ok(list) => {
            let items: Vec<Value> = list
                .get("value")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(|x| pick(x, &["id", "name", "contentType", "size", "isInline"]))
                .collect();
            out["attachments"] = json!(items);
        }
        Err(e) => out["attachments_error"] = json!(e.to_string()),
    }
    Ok(out)
}

/// Move a message to another folder (id or well-known name such as archive or
/// deleteditems). Returns the moved message, whose id is new.
#[derive(Deserialize, JsonSchema)]
pub struct MoveMessage {
    message_id: String,
    destination_folder_id: String,
}

async fn move_message(ctx: Ctx, a: MoveMessage) -> Result<Value, ToolError> {
    let dest = non_empty(&a.destination_folder_id, "destination_folder_id")?;
    let path = format!("{}/microsoft.graph.move", message_path(&a.message_id)?);
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&json!({ "DestinationId": dest }))
        .send_json()
        .await?;
    Ok(api::message(&v))
}
