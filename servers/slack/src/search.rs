//! Message search (Slack's `search.messages`, user tokens only).

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api::{self, Actor, Form, ResponseFormat};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "slack_user_search_messages",
            "Search messages",
            Effect::Read,
            user_search_messages,
        )
        .toolset("search"),
    ]
}

// Messages addressed to the acting user.
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum ToMe {
    // Only direct messages sent to you.
    Dm,
    // Only messages that @mention you.
    Mention,
    // No recipient filter.
    #[default]
    Off,
}

#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Sort {
    Score,
    Timestamp,
}

#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum SortDir {
    Asc,
    Desc,
}

/// Search messages the user can see (user token, search:read) with Slack's syntax: `from:@ada
/// in:#general after:2024-05-01 has:link "a phrase"`. Returns `total`, `matches` (channel, user,
/// ts, thread_ts, text, permalink) and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct UserSearchMessages {
    query: String,
    channel_ids: Option<Vec<String>>,
    /// `dm`: DMs to you; `mention`: @mentions of you
    #[schemars(extend("default" = "off"))]
    to_me: Option<ToMe>,
    #[schemars(extend("default" = "score"))]
    sort: Option<Sort>,
    #[schemars(extend("default" = "desc"))]
    sort_dir: Option<SortDir>,
    /// At most 100
    #[schemars(extend("default" = 20))]
    count: Option<Int>,
    cursor: Option<String>,
    /// Mark matched terms (\ue000, \ue001)
    highlight: Option<bool>,
    /// `detailed`: Slack's objects
    #[schemars(extend("default" = "concise"))]
    response_format: Option<ResponseFormat>,
}

/// Slack's cap on `count` for search.messages.
const SEARCH_MAX: u64 = 100;

async fn user_search_messages(ctx: Ctx, a: UserSearchMessages) -> Result<Value, ToolError> {
    let mut query = a.query.trim().to_owned();
    if query.is_empty() {
        return Err(ToolError::invalid_input(
            "`query` is empty: give search terms or modifiers such as from:@ada",
        ));
    }
    let to_me = a.to_me.unwrap_or_default();
    if to_me != ToMe::Off {
        let me = api::read(&ctx, Actor::User, "auth.test", Form::new()).await?;
        let id = me
            .get("user_id")
            .and_then(Value::as_str)
            .ok_or_else(|| ToolError::transport("Slack's auth.test answer has no user_id"))?;
        match to_me {
            ToMe::Dm => query.push_str(&format!(" to:<@{id}>")),
            ToMe::Mention => query.push_str(&format!(" <@{id}>")),
            ToMe::Off => {}
        }
    }
    for c in a.channel_ids.iter().flatten() {
        let c = c.trim().trim_start_matches('#');
        if !c.is_empty() {
            query.push_str(&format!(" in:<#{c}>"));
        }
    }
    let form = Form::new()
        .set("query", &query)
        .set("count", api::limit(a.count, 20, SEARCH_MAX))
        .set(
            "cursor",
            a.cursor.as_deref().filter(|c| !c.is_empty()).unwrap_or("*"),
        )
        .opt("sort", a.sort.as_ref().map(mcp_shared::json::enum_str))
        .opt(
            "sort_dir",
            a.sort_dir.as_ref().map(mcp_shared::json::enum_str),
        )
        .opt("highlight", a.highlight);
    let v = api::read(&ctx, Actor::User, "search.messages", form).await?;
    let next = match api::next_cursor(&v) {
        Value::Null => v
            .pointer("/messages/pagination/next_cursor")
            .and_then(Value::as_str)
            .filter(|c| !c.is_empty())
            .map_or(Value::Null, |c| json!(c)),
        c => c,
    };
    let matches = v
        .pointer("/messages/matches")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let matches: Vec<Value> = match a.response_format.unwrap_or_default() {
        ResponseFormat::Detailed => matches,
        ResponseFormat::Concise => matches.iter().map(search_match).collect(),
    };
    Ok(json!({
        "query": query,
        "total": v.pointer("/messages/total").cloned().unwrap_or(json!(0)),
        "matches": matches,
        "next_cursor": next,
    }))
}

fn search_match(m: &Value) -> Value {
    let mut o = pick(
        m,
        &[
            "channel_id=channel.id",
            "channel_name=channel.name",
            "user",
            "username",
            "ts",
            "thread_ts",
            "text",
            "permalink",
        ],
    );
    // A reply's permalink names its thread (`...?thread_ts=1712345678.123456&cid=C...`).
    if o.get("thread_ts").is_none()
        && let Some(t) = m
            .get("permalink")
            .and_then(Value::as_str)
            .and_then(|p| p.split("thread_ts=").nth(1))
            .map(|t| t.split('&').next().unwrap_or(t))
    {
        o["thread_ts"] = json!(t);
    }
    o
}
