//! Memories: `POST /v3/memories/add/`, `POST /v3/memories/` (list), `POST /v3/memories/search/`,
//! and `GET|PUT|DELETE /v1/memories/{id}/`, `DELETE /v1/memories/` (Mem0's current API; the
//! v1/v2 add, list and search that older SDKs used are not called).

use mcp_shared::json::{at, insert_opt};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, non_empty, user_id};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("mem0_add_memory", "Add a memory", Effect::Write, add_memory).toolset("memories"),
        tool(
            "mem0_get_memories",
            "List memories",
            Effect::Read,
            get_memories,
        )
        .toolset("memories"),
        tool(
            "mem0_search_memories",
            "Search memories",
            Effect::Read,
            search_memories,
        )
        .toolset("memories"),
        tool("mem0_get_memory", "Get a memory", Effect::Read, get_memory).toolset("memories"),
        tool(
            "mem0_update_memory",
            "Update a memory",
            Effect::IdempotentWrite,
            update_memory,
        )
        .toolset("memories"),
        tool(
            "mem0_delete_memory",
            "Delete a memory",
            Effect::Destructive,
            delete_memory,
        )
        .toolset("memories"),
        tool(
            "mem0_delete_all_memories",
            "Delete all memories of an entity",
            Effect::Destructive,
            delete_all_memories,
        )
        .toolset("memories"),
    ]
}

/// Store a memory for the user (or the agent, app or run given): Mem0 extracts facts from
/// `text` (or `content`) or from `messages` in the background and returns an `event_id`
/// and `status`.
#[derive(Deserialize, JsonSchema)]
pub struct AddMemory {
    /// What to remember
    #[schemars(length(max = 100000))]
    text: Option<String>,
    /// Same as `text`
    #[schemars(length(max = 100000))]
    content: Option<String>,
    /// A conversation instead of `text`: `{role: user|assistant|system, content}`
    #[schemars(length(max = 200))]
    messages: Option<Vec<Map<String, Value>>>,
    /// Default: the caller's user id
    #[schemars(length(max = 200))]
    user_id: Option<String>,
    #[schemars(length(max = 200))]
    agent_id: Option<String>,
    #[schemars(length(max = 200))]
    app_id: Option<String>,
    #[schemars(length(max = 200))]
    run_id: Option<String>,
    metadata: Option<Map<String, Value>>,
    /// Also extract graph relations
    enable_graph: Option<bool>,
}

fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

async fn add_memory(ctx: Ctx, a: AddMemory) -> Result<Value, ToolError> {
    let messages = match (&a.messages, opt(&a.text).or(opt(&a.content))) {
        (Some(m), _) if !m.is_empty() => {
            for (i, msg) in m.iter().enumerate() {
                let ok = msg.get("role").is_some_and(Value::is_string)
                    && msg.get("content").is_some_and(Value::is_string);
                if !ok {
                    return Err(ToolError::invalid_input(format!(
                        "`messages[{i}]` needs a string `role` (user, assistant or system) and `content`"
                    )));
                }
            }
            json!(m)
        }
        (_, Some(text)) => json!([{"role": "user", "content": text}]),
        _ => {
            return Err(ToolError::invalid_input(
                "nothing to remember: give `text` (or `content`) or `messages`",
            ));
        }
    };
    let mut body = Map::new();
    body.insert("messages".into(), messages);
    body.insert("user_id".into(), json!(user_id(&ctx, a.user_id.as_deref())));
    insert_opt(&mut body, "agent_id", opt(&a.agent_id));
    insert_opt(&mut body, "app_id", opt(&a.app_id));
    insert_opt(&mut body, "run_id", opt(&a.run_id));
    insert_opt(&mut body, "metadata", a.metadata.as_ref());
    let graph = a.enable_graph.or_else(|| {
        ctx.option("enable-graph-default")
            .map(|v| matches!(v.trim(), "true" | "1" | "yes"))
    });
    insert_opt(&mut body, "enable_graph", graph);
    let v: Value = ctx
        .authorized(Method::POST, "/v3/memories/add/")?
        .json(&body)
        .send_json()
        .await?;
    let mut out = mcp_shared::json::pick(&v, &["event_id", "status", "message"]);
    if let Some(r) = at(&v, "results").and_then(Value::as_array) {
        out["results"] = Value::Array(
            r.iter()
                .map(|m| mcp_shared::json::pick(m, &["id", "memory=data.memory", "event"]))
                .collect(),
        );
    }
    Ok(out)
}

const ENTITY_KEYS: &[&str] = &[
    "user_id", "agent_id", "app_id", "run_id", "AND", "OR", "NOT",
];

/// The filters of a list or search: the caller's, scoped to the user when they name no
/// entity (Mem0 requires one).
fn scoped(ctx: &Ctx, filters: Option<Map<String, Value>>, user: Option<&str>) -> Value {
    let mut f = filters.unwrap_or_default();
    let user = user.map(str::trim).filter(|u| !u.is_empty());
    let named = ENTITY_KEYS.iter().any(|k| f.contains_key(*k));
    let logical = ["AND", "OR", "NOT"].iter().any(|k| f.contains_key(*k));
    if !named || (user.is_some() && !logical && !f.contains_key("user_id")) {
        f.insert("user_id".into(), json!(user_id(ctx, user)));
    }
    Value::Object(f)
}

/// List memories, newest first, for the user (or the entity the filters name): id, memory,
/// categories, metadata, dates; `count` and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct GetMemories {
    /// Mem0 filters, e.g. `{"agent_id": "a1"}` or `{"AND": [{"user_id": "u"}, {"categories": {"in": ["food"]}}]}`;
    /// without an entity id the user's memories
    filters: Option<Map<String, Value>>,
    /// From 1
    #[schemars(range(min = 1))]
    page: Option<u32>,
    /// Default 50
    #[schemars(range(min = 1, max = 200))]
    page_size: Option<u32>,
    /// Ignored (Mem0's v3 list has no graph option)
    enable_graph: Option<bool>,
    /// Default: the caller's user id
    #[schemars(length(max = 200))]
    user_id: Option<String>,
}

async fn get_memories(ctx: Ctx, a: GetMemories) -> Result<Value, ToolError> {
    let _ = a.enable_graph;
    let page = a.page.unwrap_or(1).max(1);
    let size = a.page_size.unwrap_or(50).clamp(1, 200);
    let filters = scoped(&ctx, a.filters, a.user_id.as_deref());
    let v: Value = ctx
        .authorized(Method::POST, "/v3/memories/")?
        .query("page", page)
        .query("page_size", size)
        .json(&json!({"filters": filters}))
        .send_json()
        .await?;
    let mut out = json!({"memories": api::memories(&v)});
    if let Some(c) = at(&v, "count") {
        out["count"] = c.clone();
    }
    if at(&v, "next").is_some() {
        out["next_page"] = json!(page + 1);
    }
    Ok(out)
}

/// Search the user's memories (or the entity the filters name) by meaning: the best
/// matches with `score`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchMemories {
    #[schemars(length(max = 10000))]
    query: String,
    /// Default: the caller's user id
    #[schemars(length(max = 200))]
    user_id: Option<String>,
    /// Mem0 filters, as in mem0_get_memories
    filters: Option<Map<String, Value>>,
    #[schemars(range(min = 1, max = 1000), extend("default" = 20))]
    limit: Option<u32>,
    /// Ignored (Mem0's v3 search has no graph option)
    enable_graph: Option<bool>,
}

async fn search_memories(ctx: Ctx, a: SearchMemories) -> Result<Value, ToolError> {
    let _ = a.enable_graph;
    let query = non_empty(&a.query, "query")?;
    let top_k = a.limit.unwrap_or(20).clamp(1, 1000);
    let filters = scoped(&ctx, a.filters, a.user_id.as_deref());
    let v: Value = ctx
        .authorized(Method::POST, "/v3/memories/search/")?
        .json(&json!({"query": query, "filters": filters, "top_k": top_k}))
        .send_json()
        .await?;
    Ok(json!({"results": api::memories(&v)}))
}

/// Get one memory by id: its text, entity ids, categories, metadata and dates.
#[derive(Deserialize, JsonSchema)]
pub struct GetMemory {
    /// Memory id (UUID)
    #[schemars(length(max = 100))]
    memory_id: String,
}

async fn get_memory(ctx: Ctx, a: GetMemory) -> Result<Value, ToolError> {
    let path = format!("/v1/memories/{}/", seg_id(&a.memory_id, "memory_id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(api::memory(&v))
}

/// Replace a memory's text; returns the updated memory.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateMemory {
    /// Memory id (UUID)
    #[schemars(length(max = 100))]
    memory_id: String,
    /// The new text
    #[schemars(length(max = 100000))]
    text: Option<String>,
    /// Same as `text` (Klavis's older name)
    #[schemars(length(max = 100000))]
    data: Option<String>,
}

async fn update_memory(ctx: Ctx, a: UpdateMemory) -> Result<Value, ToolError> {
    let Some(text) = opt(&a.text).or(opt(&a.data)) else {
        return Err(ToolError::invalid_input("give the new text in `text`"));
    };
    let path = format!("/v1/memories/{}/", seg_id(&a.memory_id, "memory_id")?);
    let v: Value = ctx
        .authorized(Method::PUT, &path)?
        .json(&json!({"text": text}))
        .send_json()
        .await?;
    Ok(api::memory(&v))
}

/// Delete one memory by id.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteMemory {
    /// Memory id (UUID)
    #[schemars(length(max = 100))]
    memory_id: String,
}

async fn delete_memory(ctx: Ctx, a: DeleteMemory) -> Result<Value, ToolError> {
    let id = seg_id(&a.memory_id, "memory_id")?;
    let v: Value = ctx
        .authorized(Method::DELETE, &format!("/v1/memories/{id}/"))?
        .send_json()
        .await?;
    Ok(json!({"deleted": a.memory_id.trim(), "message": at(&v, "message")}))
}

/// Delete every memory of the ids given (all together narrow it; `*` means all of that
/// kind); with none, the caller's user. Runs in the background: returns an `event_id`.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteAllMemories {
    #[schemars(length(max = 200))]
    user_id: Option<String>,
    #[schemars(length(max = 200))]
    agent_id: Option<String>,
    #[schemars(length(max = 200))]
    app_id: Option<String>,
    #[schemars(length(max = 200))]
    run_id: Option<String>,
}

async fn delete_all_memories(ctx: Ctx, a: DeleteAllMemories) -> Result<Value, ToolError> {
    let mut ids: Vec<(&str, String)> = [
        ("user_id", &a.user_id),
        ("agent_id", &a.agent_id),
        ("app_id", &a.app_id),
        ("run_id", &a.run_id),
    ]
    .into_iter()
    .filter_map(|(k, v)| opt(v).map(|v| (k, v.to_owned())))
    .collect();
    if ids.is_empty() {
        ids.push(("user_id", user_id(&ctx, None)));
    }
    let mut req = ctx.authorized(Method::DELETE, "/v1/memories/")?;
    for (k, v) in &ids {
        req = req.query(k, v);
    }
    let v: Value = req.send_json().await?;
    let scope: Map<String, Value> = ids
        .into_iter()
        .map(|(k, v)| (k.to_owned(), json!(v)))
        .collect();
    Ok(json!({"scope": scope, "message": at(&v, "message"), "event_id": at(&v, "event_id")}))
}
