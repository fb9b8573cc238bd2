//! Items, users and updates (`/item/{id}`, `/user/{id}`, `/updates`).

use mcp_shared::{Ctx, Effect, ErrorKind, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("hackerNews_item", "Get item", Effect::Read, get_item).toolset("items"),
        tool("hackerNews_user", "Get user", Effect::Read, get_user).toolset("items"),
        tool(
            "hackerNews_updates",
            "Recent updates",
            Effect::Read,
            updates,
        )
        .toolset("items"),
    ]
}

/// Get one item (story, comment, job, poll or poll option): author, time, title, url, text,
/// score, comment count, parent and `kids` (ids of direct replies, in ranked order).
#[derive(Deserialize, JsonSchema)]
pub struct GetItem {
    item_id: u64,
}

async fn get_item(ctx: Ctx, a: GetItem) -> Result<Value, ToolError> {
    let v = api::item(&ctx, a.item_id).await?;
    if !v.is_object() {
        return Err(ToolError::new(
            ErrorKind::Upstream,
            format!("Hacker News has no item {} (it answered null).", a.item_id),
        )
        .with_hint("check the id; the newest is /maxitem."));
    }
    Ok(api::full_item(&v))
}

/// How many of a user's submissions a result lists (the newest first).
const SUBMITTED_SHOWN: usize = 20;

/// Get a user's profile: creation time, karma, about (HTML), the number of submissions and the
/// ids of the newest 20.
#[derive(Deserialize, JsonSchema)]
pub struct GetUser {
    /// Case-sensitive, e.g. `pg`
    username: String,
}

async fn get_user(ctx: Ctx, a: GetUser) -> Result<Value, ToolError> {
    let name = a.username.trim();
    if name.is_empty() {
        return Err(ToolError::invalid_input("`username` is empty"));
    }
    let v = api::get(&ctx, &format!("/user/{}.json", seg(name))).await?;
    if !v.is_object() {
        return Err(ToolError::new(
            ErrorKind::Upstream,
            format!("Hacker News has no user `{name}` (it answered null)."),
        )
        .with_hint("usernames are case-sensitive."));
    }
    let submitted = v.get("submitted").and_then(Value::as_array);
    Ok(json!({
        "id": v.get("id"),
        "created": v.get("created"),
        "karma": v.get("karma"),
        "about": v.get("about"),
        "submitted_count": submitted.map_or(0, Vec::len),
        "recent_submitted": submitted.map(|s| s.iter().take(SUBMITTED_SHOWN).collect::<Vec<_>>()),
    }))
}

/// Items and profiles changed most recently (HN's `/updates`): the first `count` changed items
/// (fetched, as in the story lists) and the first `count` changed usernames.
#[derive(Deserialize, JsonSchema)]
pub struct Updates {
    /// At most 100
    #[schemars(extend("default" = 5))]
    count: Option<u32>,
}

async fn updates(ctx: Ctx, a: Updates) -> Result<Value, ToolError> {
    let n = api::count(a.count);
    let v = api::get(&ctx, "/updates.json").await?;
    let ids: Vec<u64> = v
        .get("items")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_u64).take(n).collect())
        .unwrap_or_default();
    let profiles: Vec<&Value> = v
        .get("profiles")
        .and_then(Value::as_array)
        .map(|a| a.iter().take(n).collect())
        .unwrap_or_default();
    let items = api::items(&ctx, &ids).await?;
    Ok(json!({ "items": items, "profiles": profiles }))
}
