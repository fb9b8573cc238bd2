//! `POST /chat/completions` with Sonar models; the answer and its sources.

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "perplexity_search",
            "Ask with web search",
            Effect::Read,
            search,
        )
        .toolset("chat")
        .output::<Answer>(),
        tool(
            "perplexity_reason",
            "Reason with web search",
            Effect::Read,
            reason,
        )
        .toolset("chat")
        .output::<Answer>(),
    ]
}

/// Model of perplexity_search.
const SEARCH_MODEL: &str = "sonar-pro";
/// Model of perplexity_reason.
const REASON_MODEL: &str = "sonar-reasoning-pro";

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
}

#[derive(Deserialize, Serialize, JsonSchema)]
pub struct Message {
    role: Role,
    #[schemars(length(max = 200000))]
    content: String,
}

/// Answer from a live web search (Sonar Pro); `[n]` cites `citations[n-1]`.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    /// Chat turns, the last one the user's
    #[schemars(length(min = 1, max = 100))]
    messages: Vec<Message>,
}

/// Reason step by step with web search (Sonar Reasoning Pro, slower); returns the final
/// answer and citations.
#[derive(Deserialize, JsonSchema)]
pub struct Reason {
    /// Chat turns, the last one the user's
    #[schemars(length(min = 1, max = 100))]
    messages: Vec<Message>,
}

/// The answer and the sources it cites.
#[derive(Serialize, JsonSchema)]
pub struct Answer {
    answer: String,
    citations: Vec<Citation>,
}

#[derive(Serialize, JsonSchema)]
pub struct Citation {
    url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<String>,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    complete(&ctx, SEARCH_MODEL, &a.messages).await
}

async fn reason(ctx: Ctx, a: Reason) -> Result<Value, ToolError> {
    complete(&ctx, REASON_MODEL, &a.messages).await
}

fn check(messages: &[Message]) -> Result<(), ToolError> {
    match messages.last() {
        None => Err(ToolError::invalid_input("`messages` must not be empty")),
        Some(m) if m.role != Role::User => Err(ToolError::invalid_input(
            "the last of `messages` must be the user's (role `user`): it is what Perplexity answers",
        )),
        Some(m) if m.content.trim().is_empty() => Err(ToolError::invalid_input(
            "the last user message has no content",
        )),
        _ => Ok(()),
    }
}

async fn complete(ctx: &Ctx, model: &str, messages: &[Message]) -> Result<Value, ToolError> {
    check(messages)?;
    let body = json!({ "model": model, "messages": messages });
    let v: Value = ctx
        .authorized(Method::POST, "/chat/completions")?
        .json(&body)
        .send_json()
        .await?;
    let content = at(&v, "choices.0.message.content")
        .and_then(Value::as_str)
        .ok_or_else(|| {
            ToolError::transport("Perplexity answered without `choices[0].message.content`")
        })?;
    let answer = Answer {
        answer: without_reasoning(content).to_owned(),
        citations: citations(&v),
    };
    serde_json::to_value(answer).map_err(|e| ToolError::transport(e.to_string()))
}

/// The answer after a reasoning model's `<think>...</think>` block.
fn without_reasoning(content: &str) -> &str {
    match content.find("</think>") {
        Some(i) if content.trim_start().starts_with("<think>") => content
            .get(i + "</think>".len()..)
            .unwrap_or_default()
            .trim(),
        _ => content.trim(),
    }
}

/// `search_results` (title, url, date) in citation order; the bare `citations` URLs when a
/// response has no search results.
fn citations(v: &Value) -> Vec<Citation> {
    let s = |x: &Value, k: &str| {
        at(x, k)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let results: Vec<Citation> = at(v, "search_results")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|r| {
                    Some(Citation {
                        url: s(r, "url")?,
                        title: s(r, "title"),
                        date: s(r, "date"),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    if !results.is_empty() {
        return results;
    }
    at(v, "citations")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(|u| Citation {
                    url: u.to_owned(),
                    title: None,
                    date: None,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Perplexity's error body (OpenAI's shape): `{"error": {"message", "type", "code"}}`.
pub static ERRORS: mcp_shared::ErrorShape = mcp_shared::ErrorShape {
    message: &["/error/message", "/message", "/detail"],
    code: &["/error/type", "/error/code", "/type", "/code"],
    status_hints: &[(
        401,
        "Perplexity refused the API key: check it (pplx-...) and the account's credit balance, which Perplexity also reports as 401.",
    )],
    ..mcp_shared::ErrorShape::NONE
};
