//! Chats of the signed-in user: list them, send a message.

use crate::api::{Format, chat_message, listed_message, message_body};
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, seg_id, tool};
use mcp_vendor_microsoft::{List, Query, page_size};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("msteams_list_chats", "List chats", Effect::Read, list_chats)
            .scopes("Chat.ReadBasic")
            .toolset("chats"),
        tool(
            "msteams_list_chat_messages",
            "List chat messages",
            Effect::Read,
            list_chat_messages,
        )
        .scopes("Chat.Read")
        .toolset("chats"),
        tool(
            "msteams_send_chat_message",
            "Send chat message",
            Effect::Write,
            send_chat_message,
        )
        .scopes("ChatMessage.Send")
        .toolset("chats"),
    ]
}

/// List the signed-in user's chats (one-on-one, group, meeting): id, topic, type, last
/// update, web URL. Returns `next_cursor` for the next page.
#[derive(Deserialize, JsonSchema)]
pub struct ListChats {
    /// At most 50; default 50
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_chats(ctx: Ctx, a: ListChats) -> Result<Value, ToolError> {
    let page = List::new("/chats", Query::new())
        .limit(page_size(a.limit.map(Count::get), 50, 50, "limit")?)
        .cursor(a.cursor.as_deref())
        .send(&ctx)
        .await?;
    Ok(page.into_json("chats", |c| {
        pick(
            c,
            &[
                "id",
                "topic",
                "chatType",
                "createdDateTime",
                "lastUpdatedDateTime",
                "webUrl",
            ],
        )
    }))
}

/// Send a message to a chat as the signed-in user. Returns the message's id and time.
#[derive(Deserialize, JsonSchema)]
pub struct SendChatMessage {
    /// The chat's id (19:...@thread.v2)
    chat_id: String,
    message: String,
    /// Format of message
    content_type: Option<Format>,
}

async fn send_chat_message(ctx: Ctx, a: SendChatMessage) -> Result<Value, ToolError> {
    let path = format!("/chats/{}/messages", seg_id(&a.chat_id, "chat_id")?);
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&message_body(&a.message, a.content_type)?)
        .send_json()
        .await?;
    Ok(chat_message(&v))
}

/// List a chat's messages, newest first: id, sender, time, body (first 4 KB). Returns
/// `next_cursor` for older ones.
#[derive(Deserialize, JsonSchema)]
pub struct ListChatMessages {
    chat_id: String,
    /// At most 50; default 20
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_chat_messages(ctx: Ctx, a: ListChatMessages) -> Result<Value, ToolError> {
    let path = format!("/chats/{}/messages", seg_id(&a.chat_id, "chat_id")?);
    let page = List::new(path, Query::new())
        .limit(page_size(a.limit.map(Count::get), 20, 50, "limit")?)
        .cursor(a.cursor.as_deref())
        .send(&ctx)
        .await?;
    Ok(page.into_json("messages", listed_message))
}
