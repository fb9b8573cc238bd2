//! `POST /chat/completions`: chat and prompt completions, model comparison and benchmarking.
//! OpenRouter's API has no `/completions` any more and no `n`; every tool returns one
//! finished answer (MCP results are not streamed, so `stream` asks for nothing).

use std::time::Instant;

use mcp_shared::json::{at, insert_opt};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, non_empty};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "openrouter_create_chat_completion",
            "Chat completion",
            Effect::Read,
            create_chat_completion,
        )
        .toolset("chat"),
        tool(
            "openrouter_create_chat_completion_stream",
            "Chat completion (streamed)",
            Effect::Read,
            create_chat_completion_stream,
        )
        .toolset("chat"),
        tool(
            "openrouter_create_completion",
            "Prompt completion",
            Effect::Read,
            create_completion,
        )
        .toolset("chat"),
        tool(
            "openrouter_compare_models",
            "Compare models",
            Effect::Read,
            compare_models,
        )
        .toolset("chat"),
        tool(
            "openrouter_analyze_model_performance",
            "Benchmark a model",
            Effect::Read,
            analyze_model_performance,
        )
        .toolset("chat"),
    ]
}

/// Sampling options every completion tool shares.
#[derive(Deserialize, JsonSchema, Default)]
pub struct Sampling {
    max_tokens: Option<u32>,
    #[schemars(range(min = 0.0, max = 2.0))]
    temperature: Option<f64>,
    #[schemars(range(min = 0.0, max = 1.0))]
    top_p: Option<f64>,
    /// Up to 4 stop sequences
    #[schemars(length(max = 4), inner(length(max = 200)))]
    stop: Option<Vec<String>>,
    #[schemars(range(min = -2.0, max = 2.0))]
    presence_penalty: Option<f64>,
    #[schemars(range(min = -2.0, max = 2.0))]
    frequency_penalty: Option<f64>,
    /// Token id → bias (-100..100)
    logit_bias: Option<Map<String, Value>>,
    /// Your end user's id, for abuse tracking
    #[schemars(length(max = 200))]
    user: Option<String>,
}

impl Sampling {
    fn apply(&self, body: &mut Map<String, Value>) {
        insert_opt(body, "max_tokens", self.max_tokens);
        insert_opt(body, "temperature", self.temperature);
        insert_opt(body, "top_p", self.top_p);
        insert_opt(body, "stop", self.stop.as_ref().filter(|s| !s.is_empty()));
        insert_opt(body, "presence_penalty", self.presence_penalty);
        insert_opt(body, "frequency_penalty", self.frequency_penalty);
        insert_opt(body, "logit_bias", self.logit_bias.as_ref());
        insert_opt(body, "user", self.user.as_deref());
    }
}

/// Create a chat completion: `content`, `finish_reason`, `usage` (tokens, `cost` in
/// credits) and the generation `id` (for openrouter_get_generation). `n` and `stream` are
/// accepted and ignored (one answer).
#[derive(Deserialize, JsonSchema)]
pub struct ChatCompletion {
    /// `author/slug`, e.g. `openai/gpt-4o`
    #[schemars(length(max = 200))]
    model: String,
    /// OpenAI-style messages: `{role, content}`
    #[schemars(length(min = 1, max = 500))]
    messages: Vec<Map<String, Value>>,
    #[serde(flatten)]
    sampling: Sampling,
    n: Option<u32>,
    stream: Option<bool>,
}

/// Create a chat completion, as openrouter_create_chat_completion; the answer comes back
/// whole.
#[derive(Deserialize, JsonSchema)]
pub struct ChatCompletionStream {
    /// `author/slug`, e.g. `openai/gpt-4o`
    #[schemars(length(max = 200))]
    model: String,
    /// OpenAI-style messages: `{role, content}`
    #[schemars(length(min = 1, max = 500))]
    messages: Vec<Map<String, Value>>,
    #[serde(flatten)]
    sampling: Sampling,
}

/// Complete a prompt (sent as one user message; OpenRouter retired `/completions`): `text`,
/// `finish_reason`, `usage`. `n` and `stream` are accepted and ignored.
#[derive(Deserialize, JsonSchema)]
pub struct Completion {
    /// `author/slug`
    #[schemars(length(max = 200))]
    model: String,
    #[schemars(length(max = 400000))]
    prompt: String,
    #[serde(flatten)]
    sampling: Sampling,
    n: Option<u32>,
    stream: Option<bool>,
}

fn check_messages(messages: &[Map<String, Value>]) -> Result<(), ToolError> {
    if messages.is_empty() {
        return Err(ToolError::invalid_input(
            "`messages` needs at least one message, e.g. {\"role\": \"user\", \"content\": \"...\"}",
        ));
    }
    for (i, m) in messages.iter().enumerate() {
        if !m.get("role").is_some_and(Value::is_string) {
            return Err(ToolError::invalid_input(format!(
                "`messages[{i}]` has no `role` (system, user, assistant or tool)"
            )));
        }
    }
    Ok(())
}

async fn chat(
    ctx: &Ctx,
    model: &str,
    messages: Value,
    sampling: &Sampling,
) -> Result<Value, ToolError> {
    let model = non_empty(model, "model")?;
    let mut body = Map::new();
    body.insert("model".into(), json!(model));
    body.insert("messages".into(), messages);
    sampling.apply(&mut body);
    ctx.authorized(Method::POST, "/chat/completions")?
        .json(&body)
        .send_json()
        .await
}

async fn create_chat_completion(ctx: Ctx, a: ChatCompletion) -> Result<Value, ToolError> {
    let _ = (a.n, a.stream);
    check_messages(&a.messages)?;
    let v = chat(&ctx, &a.model, json!(a.messages), &a.sampling).await?;
    Ok(api::completion(&v))
}

async fn create_chat_completion_stream(
    ctx: Ctx,
    a: ChatCompletionStream,
) -> Result<Value, ToolError> {
    check_messages(&a.messages)?;
    let v = chat(&ctx, &a.model, json!(a.messages), &a.sampling).await?;
    Ok(api::completion(&v))
}

fn user_message(prompt: &str) -> Value {
    json!([{"role": "user", "content": prompt}])
}

async fn create_completion(ctx: Ctx, a: Completion) -> Result<Value, ToolError> {
    let _ = (a.n, a.stream);
    let prompt = non_empty(&a.prompt, "prompt")?;
    let v = chat(&ctx, &a.model, user_message(prompt), &a.sampling).await?;
    let mut out = api::completion(&v);
    if let Some(m) = out.as_object_mut()
        && let Some(text) = m.remove("content")
    {
        m.insert("text".into(), text);
    }
    Ok(out)
}

/// Options of the comparison and benchmark tools.
#[derive(Deserialize, JsonSchema)]
pub struct RunOptions {
    /// Per answer, default 256
    max_tokens: Option<u32>,
    #[schemars(range(min = 0.0, max = 2.0))]
    temperature: Option<f64>,
}

impl RunOptions {
    fn sampling(&self) -> Sampling {
        Sampling {
            max_tokens: Some(self.max_tokens.unwrap_or(256)),
            temperature: self.temperature,
            ..Sampling::default()
        }
    }
}

/// One timed completion: the concise answer with `latency_ms`, or the error.
async fn timed(ctx: &Ctx, model: &str, prompt: &str, sampling: &Sampling) -> Value {
    let start = Instant::now();
    let r = chat(ctx, model, user_message(prompt), sampling).await;
    let ms = start.elapsed().as_millis() as u64;
    match r {
        Ok(v) => {
            let mut out = api::completion(&v);
            out["latency_ms"] = json!(ms);
            out
        }
        Err(e) => json!({"model": model, "error": e.to_string()}),
    }
}

/// Send one prompt to several models at once (one chat completion each, spends credits):
/// per model the answer, `usage`, `latency_ms`, or its `error`.
#[derive(Deserialize, JsonSchema)]
pub struct CompareModels {
    /// Up to 10 model ids (`author/slug`)
    #[schemars(length(min = 1, max = 10), inner(length(max = 200)))]
    models: Vec<String>,
    #[schemars(length(max = 100000))]
    test_prompt: String,
    #[serde(flatten)]
    options: RunOptions,
}

async fn compare_models(ctx: Ctx, a: CompareModels) -> Result<Value, ToolError> {
    let prompt = non_empty(&a.test_prompt, "test_prompt")?;
    let models: Vec<&str> = a
        .models
        .iter()
        .map(|m| m.trim())
        .filter(|m| !m.is_empty())
        .collect();
    if models.is_empty() || models.len() > 10 {
        return Err(ToolError::invalid_input(
            "`models` needs 1 to 10 model ids (`author/slug`)",
        ));
    }
    let sampling = a.options.sampling();
    let results =
        futures::future::join_all(models.iter().map(|m| timed(&ctx, m, prompt, &sampling))).await;
    if results.iter().all(|r| r.get("error").is_some()) {
        let first = at(&results[0], "error")
            .and_then(Value::as_str)
            .unwrap_or("");
        return Err(ToolError::transport(format!(
            "every model failed; the first: {first}"
        )));
    }
    Ok(json!({"prompt": prompt, "results": results}))
}

/// Run several prompts on one model (one chat completion each, spends credits): per prompt
/// the answer, tokens and `latency_ms`, and a `summary` (runs, failures, average latency,
/// tokens per second, total cost).
#[derive(Deserialize, JsonSchema)]
pub struct AnalyzeModelPerformance {
    /// `author/slug`
    #[schemars(length(max = 200))]
    model: String,
    /// 1 to 10 prompts
    #[schemars(length(min = 1, max = 10), inner(length(max = 100000)))]
    test_prompts: Vec<String>,
    #[serde(flatten)]
    options: RunOptions,
}

async fn analyze_model_performance(
    ctx: Ctx,
    a: AnalyzeModelPerformance,
) -> Result<Value, ToolError> {
    let model = non_empty(&a.model, "model")?;
    let prompts: Vec<&str> = a
        .test_prompts
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .collect();
    if prompts.is_empty() || prompts.len() > 10 {
        return Err(ToolError::invalid_input(
            "`test_prompts` needs 1 to 10 non-empty prompts",
        ));
    }
    let sampling = a.options.sampling();
    let mut runs = Vec::new();
    for p in &prompts {
        let mut r = timed(&ctx, model, p, &sampling).await;
        if let Some(m) = r.as_object_mut() {
            m.remove("model");
            m.remove("id");
            m.insert("prompt".into(), json!(p));
        }
        runs.push(r);
    }
    let ok: Vec<&Value> = runs.iter().filter(|r| r.get("error").is_none()).collect();
    if ok.is_empty() {
        let first = at(&runs[0], "error").and_then(Value::as_str).unwrap_or("");
        return Err(ToolError::transport(format!(
            "every run failed; the first: {first}"
        )));
    }
    let sum = |path: &str| -> f64 { ok.iter().filter_map(|r| at(r, path)?.as_f64()).sum() };
    let latency = sum("latency_ms");
    let completion_tokens = sum("usage.completion_tokens");
    let n = ok.len() as f64;
    let mut summary = json!({
        "runs": runs.len(),
        "failures": runs.len() - ok.len(),
        "avg_latency_ms": (latency / n).round(),
        "avg_completion_tokens": (completion_tokens / n * 10.0).round() / 10.0,
    });
    if latency > 0.0 {
        summary["tokens_per_second"] =
            json!((completion_tokens / (latency / 1000.0) * 10.0).round() / 10.0);
    }
    if ok.iter().any(|r| at(r, "usage.cost").is_some()) {
        summary["total_cost"] = json!((sum("usage.cost") * 1e9).round() / 1e9);
    }
    Ok(json!({"model": model, "summary": summary, "runs": runs}))
}
