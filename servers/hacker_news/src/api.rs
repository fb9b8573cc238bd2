//! The Hacker News API's shapes: one item, a list of ids, and fetching items in parallel.

use futures::stream::{self, StreamExt, TryStreamExt};
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Method, ToolError};
use serde_json::{Value, json};

/// Items fetched at once for a list (HN has no batch endpoint; one request per item).
const PARALLEL: usize = 8;
/// Most items one list call returns (HN's lists hold up to 500 ids).
pub const MAX_COUNT: u64 = 100;
/// Characters of an item's `text` kept in lists (the whole text is in hackerNews_item).
const LIST_TEXT_CHARS: usize = 300;

/// `count` clamped to 1..=MAX_COUNT, 5 when absent (Klavis's default).
pub fn count(count: Option<u32>) -> usize {
    let n = count.map_or(5, u64::from).clamp(1, MAX_COUNT);
    usize::try_from(n).unwrap_or(5)
}

/// GET `path` (e.g. `/item/8863.json`); `null` is what HN answers for an unknown id.
pub async fn get(ctx: &Ctx, path: &str) -> Result<Value, ToolError> {
    ctx.authorized(Method::GET, path)?.send_json().await
}

/// One item, `null` when HN has none with that id.
pub async fn item(ctx: &Ctx, id: u64) -> Result<Value, ToolError> {
    get(ctx, &format!("/item/{id}.json")).await
}

/// The ids of a list endpoint (`/topstories.json`...).
pub async fn ids(ctx: &Ctx, path: &str) -> Result<Vec<u64>, ToolError> {
    let v = get(ctx, path).await?;
    let ids = v.as_array().ok_or_else(|| {
        ToolError::transport(format!("Hacker News answered {path} with no list of ids"))
    })?;
    Ok(ids.iter().filter_map(Value::as_u64).collect())
}

/// The items of `ids`, in their order, at most PARALLEL requests at a time; ids HN answers
/// `null` for are left out.
pub async fn items(ctx: &Ctx, ids: &[u64]) -> Result<Vec<Value>, ToolError> {
    let got: Vec<Value> = stream::iter(ids.iter().copied())
        .map(|id| async move { item(ctx, id).await })
        .buffered(PARALLEL)
        .try_collect()
        .await?;
    Ok(got
        .iter()
        .filter(|v| v.is_object())
        .map(list_item)
        .collect())
}

/// The fields of an item an agent needs, its `kids` (comment ids) and `parts` included.
pub fn full_item(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "id",
            "type",
            "by",
            "time",
            "title",
            "url",
            "text",
            "score",
            "descendants",
            "parent",
            "poll",
            "kids",
            "parts",
            "deleted",
            "dead",
        ],
    );
    if let (Value::Object(m), Some(id)) = (&mut o, v.get("id").and_then(Value::as_u64)) {
        m.insert("hn_url".into(), json!(hn_url(id)));
    }
    o
}

/// An item in a list: no `kids`, `text` shortened, the number of comments kept.
fn list_item(v: &Value) -> Value {
    let mut o = full_item(v);
    if let Value::Object(m) = &mut o {
        m.remove("kids");
        m.remove("parts");
        if let Some(Value::String(t)) = m.get_mut("text")
            && t.chars().count() > LIST_TEXT_CHARS
        {
            *t = t.chars().take(LIST_TEXT_CHARS).collect::<String>() + "…";
        }
    }
    o
}

pub fn hn_url(id: u64) -> String {
    format!("https://news.ycombinator.com/item?id={id}")
}
