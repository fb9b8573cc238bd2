//! OpenRouter helpers: credential fields, the error body, model ids, and the concise shapes
//! of models and completions.

use mcp_shared::json::{at, pick};
use mcp_shared::reexports::http::HeaderMap;
use mcp_shared::{ToolError, VendorError, seg};
use serde_json::{Value, json};

/// Credential fields that may carry the API key (Klavis reads `token`, then `api_key`; a bare
/// token in `AUTH_DATA` or a Bearer header arrives as `access_token`).
pub const KEY_FIELDS: &[&str] = &["token", "api_key", "access_token"];

/// OpenRouter's error body: `{"error": {"code": <int>, "message", "metadata"?}}`; provider
/// failures name the provider and its raw message in `metadata`.
pub fn parse_error(status: u16, _headers: &HeaderMap, body: &Value) -> VendorError {
    let e = body.get("error").unwrap_or(body);
    let mut message = at(e, "message")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .or_else(|| body.get("error").and_then(Value::as_str).map(str::to_owned));
    if let (Some(m), Some(p)) = (
        message.as_mut(),
        at(e, "metadata.provider_name").and_then(Value::as_str),
    ) {
        m.push_str(&format!(" (provider {p})"));
    }
    let hint = match status {
        401 => Some("the OpenRouter API key was refused: check it at openrouter.ai/settings/keys."),
        402 => Some(
            "the account or key is out of credits: add credits at openrouter.ai/settings/credits or raise the key's limit.",
        ),
        403 => Some(
            "this call needs a management (provisioning) key, or the key may not use this model.",
        ),
        502 | 503 => Some("the model's provider failed: retry, or pick another model."),
        524 | 529 => {
            Some("the provider timed out or is overloaded: retry later or pick another model.")
        }
        _ => None,
    };
    VendorError {
        code: None,
        message,
        hint: hint.map(str::to_owned),
        rate_limited: false,
        missing_scopes: None,
    }
}

pub use mcp_shared::non_empty;

/// `/model/{author}/{slug}` for a model id `author/slug` (a `:variant` suffix kept).
pub fn model_path(id: &str) -> Result<String, ToolError> {
    let id = non_empty(id, "model")?;
    match id.split_once('/') {
        Some((author, slug)) if !author.is_empty() && !slug.is_empty() && !slug.contains('/') => {
            // `:` (variants such as `:free`) is a valid path character: kept as is.
            Ok(format!(
                "/model/{}/{}",
                seg(author),
                seg(slug).replace("%3A", ":")
            ))
        }
        _ => Err(ToolError::invalid_input(format!(
            "model id `{id}` is not `author/slug` (e.g. `openai/gpt-4o`); find ids with openrouter_search_models"
        ))),
    }
}

/// A price string of OpenRouter's (USD per token) as a number.
pub fn price(v: &Value, key: &str) -> Option<f64> {
    match at(v, &format!("pricing.{key}"))? {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_f64(),
        _ => None,
    }
}

/// USD per 1M tokens, rounded to a micro-dollar.
pub fn per_million(p: f64) -> f64 {
    (p * 1_000_000.0 * 1_000_000.0).round() / 1_000_000.0
}

/// One model, concise: id, name, context, modality, prices per 1M tokens.
pub fn model(m: &Value) -> Value {
    let mut out = pick(
        m,
        &[
            "id",
            "name",
            "context_length",
            "modality=architecture.modality",
            "max_completion_tokens=top_provider.max_completion_tokens",
        ],
    );
    if let (Some(p), Some(c)) = (price(m, "prompt"), price(m, "completion")) {
        out["per_million"] = json!({"prompt": per_million(p), "completion": per_million(c)});
    }
    out
}

pub fn models(v: &Value) -> Vec<Value> {
    at(v, "data")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(model).collect())
        .unwrap_or_default()
}

/// A chat completion, concise: id, model, the first choice's message and finish reason, and
/// usage (with `cost` in credits where OpenRouter reports it).
pub fn completion(v: &Value) -> Value {
    let mut out = pick(v, &["id", "model", "provider"]);
    let choice = at(v, "choices.0").cloned().unwrap_or(Value::Null);
    for (k, path) in [
        ("content", "message.content"),
        ("reasoning", "message.reasoning"),
        ("tool_calls", "message.tool_calls"),
        ("finish_reason", "finish_reason"),
        ("error", "error.message"),
    ] {
        if let Some(x) = at(&choice, path) {
            out[k] = x.clone();
        }
    }
    let usage = pick(
        v,
        &[
            "prompt_tokens=usage.prompt_tokens",
            "completion_tokens=usage.completion_tokens",
            "total_tokens=usage.total_tokens",
            "cost=usage.cost",
        ],
    );
    if usage.as_object().is_some_and(|m| !m.is_empty()) {
        out["usage"] = usage;
    }
    out
}
