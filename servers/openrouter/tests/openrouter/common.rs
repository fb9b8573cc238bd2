//! The fake OpenRouter API, the server pointed at it, and a client sending the key.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const KEY: &str = "sk-or-v1-test-0123456789abcdef";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(&openrouter_mcp_server::SPEC, json!({ "api_key": KEY })).await
}

/// `method path` with the key as a bearer token.
pub fn or(method: &'static str, path: &str) -> Expect {
    expect(method, path).bearer(KEY)
}

/// OpenRouter's error body.
pub fn or_error(code: u16, message: &str) -> Value {
    json!({"error": {"code": code, "message": message}})
}

/// A model as `/models` and `/model/{author}/{slug}` return it (the spec's example).
pub fn gpt4() -> Value {
    json!({
        "architecture": {"input_modalities": ["text"], "instruct_type": "chatml", "modality": "text->text",
                         "output_modalities": ["text"], "tokenizer": "GPT"},
        "canonical_slug": "openai/gpt-4",
        "context_length": 8192,
        "created": 1692901234,
        "default_parameters": null,
        "description": "GPT-4 is a large multimodal model that can solve difficult problems with greater accuracy.",
        "expiration_date": null,
        "id": "openai/gpt-4",
        "knowledge_cutoff": null,
        "links": {"details": "/api/v1/models/openai/gpt-4/endpoints"},
        "name": "GPT-4",
        "per_request_limits": null,
        "pricing": {"completion": "0.00006", "image": "0", "prompt": "0.00003", "request": "0"},
        "supported_parameters": ["temperature", "top_p", "max_tokens"],
        "supported_voices": null,
        "top_provider": {"context_length": 8192, "is_moderated": true, "max_completion_tokens": 4096}
    })
}

pub fn gpt4_concise() -> Value {
    json!({"id": "openai/gpt-4", "name": "GPT-4", "context_length": 8192, "modality": "text->text",
           "max_completion_tokens": 4096, "per_million": {"prompt": 30.0, "completion": 60.0}})
}

/// A chat completion as the spec's `ChatResult` example, with OpenRouter's usage cost.
pub fn chat_result(model: &str, content: &str) -> Value {
    json!({
        "choices": [{"finish_reason": "stop", "index": 0,
                     "message": {"content": content, "role": "assistant"}}],
        "created": 1677652288,
        "id": "gen-1234567890",
        "model": model,
        "object": "chat.completion",
        "provider": "OpenAI",
        "system_fingerprint": "fp_44709d6fcb",
        "usage": {"completion_tokens": 10, "prompt_tokens": 25, "total_tokens": 35, "cost": 0.00135}
    })
}
