//! `POST /chat/completions`: chat, the stream variant, prompt completion, comparison and
//! benchmarking.

use serde_json::json;

use crate::common::{chat_result, or, or_error, setup};

fn concise(model: &str, content: &str) -> serde_json::Value {
    json!({"id": "gen-1234567890", "model": model, "provider": "OpenAI", "content": content,
           "finish_reason": "stop",
           "usage": {"prompt_tokens": 25, "completion_tokens": 10, "total_tokens": 35, "cost": 0.00135}})
}

#[tokio::test]
async fn chat_completion_sends_every_option_but_n_and_stream() {
    let s = setup().await;
    let messages = json!([
        {"role": "system", "content": "You are a helpful assistant."},
        {"role": "user", "content": "What is the capital of France?"}
    ]);
    or("POST", "/chat/completions")
        .json_body(json!({
            "model": "openai/gpt-4", "messages": messages, "max_tokens": 150,
            "temperature": 0.7, "top_p": 0.9, "stop": ["\n\n"], "presence_penalty": 0.5,
            "frequency_penalty": -0.5, "logit_bias": {"50256": -100}, "user": "u-42"
        }))
        .respond(
            &s.fake,
            200,
            chat_result("openai/gpt-4", "The capital of France is Paris."),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_create_chat_completion",
            json!({"model": "openai/gpt-4", "messages": messages, "max_tokens": 150,
                   "temperature": 0.7, "top_p": 0.9, "n": 2, "stream": true, "stop": ["\n\n"],
                   "presence_penalty": 0.5, "frequency_penalty": -0.5,
                   "logit_bias": {"50256": -100}, "user": "u-42"}),
        )
        .await;
    assert_eq!(
        v,
        concise("openai/gpt-4", "The capital of France is Paris.")
    );
}

#[tokio::test]
async fn chat_completion_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "openrouter_create_chat_completion",
            json!({"model": "openai/gpt-4", "messages": [{"content": "hi"}]}),
        )
        .await;
    assert!(err.contains("has no `role`"), "{err}");
    let err = s
        .client
        .call_err(
            "openrouter_create_chat_completion",
            json!({"model": "openai/gpt-4", "messages": []}),
        )
        .await;
    assert!(err.contains("messages"), "{err}");
    or("POST", "/chat/completions")
        .json_body(
            json!({"model": "openai/gpt-4", "messages": [{"role": "user", "content": "hi"}]}),
        )
        .respond(
            &s.fake,
            402,
            or_error(
                402,
                "Insufficient credits. Add more using https://openrouter.ai/credits",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "openrouter_create_chat_completion",
            json!({"model": "openai/gpt-4", "messages": [{"role": "user", "content": "hi"}]}),
        )
        .await;
    assert!(
        err.contains("402") && err.contains("Insufficient credits"),
        "{err}"
    );
    assert!(err.contains("add credits"), "{err}");
}

#[tokio::test]
async fn chat_completion_stream_returns_the_whole_answer() {
    let s = setup().await;
    or("POST", "/chat/completions")
        .json_body(json!({"model": "anthropic/claude-3.5-sonnet",
                          "messages": [{"role": "user", "content": "Hi"}], "max_tokens": 20}))
        .respond(
            &s.fake,
            200,
            chat_result("anthropic/claude-3.5-sonnet", "Hello!"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_create_chat_completion_stream",
            json!({"model": "anthropic/claude-3.5-sonnet",
                   "messages": [{"role": "user", "content": "Hi"}], "max_tokens": 20}),
        )
        .await;
    assert_eq!(v, concise("anthropic/claude-3.5-sonnet", "Hello!"));
}

#[tokio::test]
async fn chat_completion_stream_provider_error() {
    let s = setup().await;
    or("POST", "/chat/completions")
        .json_body(json!({"model": "x/y", "messages": [{"role": "user", "content": "Hi"}]}))
        .respond(
            &s.fake,
            400,
            json!({"error": {"code": 400, "message": "Provider returned error",
                             "metadata": {"provider_name": "Together", "raw": "bad"}}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "openrouter_create_chat_completion_stream",
            json!({"model": "x/y", "messages": [{"role": "user", "content": "Hi"}]}),
        )
        .await;
    assert!(
        err.contains("Provider returned error (provider Together)"),
        "{err}"
    );
}

#[tokio::test]
async fn completion_is_a_user_message() {
    let s = setup().await;
    or("POST", "/chat/completions")
        .json_body(json!({"model": "openai/gpt-4", "messages": [{"role": "user", "content": "Once upon a time"}],
                          "max_tokens": 50, "stop": ["."]}))
        .respond(&s.fake, 200, chat_result("openai/gpt-4", " there was a crab"))
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_create_completion",
            json!({"model": "openai/gpt-4", "prompt": "Once upon a time", "max_tokens": 50,
                   "stop": ["."], "n": 1, "stream": false}),
        )
        .await;
    assert_eq!(v["text"], " there was a crab");
    assert!(v.get("content").is_none());
    assert_eq!(v["usage"]["total_tokens"], 35);
    let err = s
        .client
        .call_err(
            "openrouter_create_completion",
            json!({"model": "openai/gpt-4", "prompt": ""}),
        )
        .await;
    assert!(err.contains("`prompt` must not be empty"), "{err}");
}

#[tokio::test]
async fn compare_models_one_call_each() {
    let s = setup().await;
    for (m, answer) in [
        ("openai/gpt-4", "Paris"),
        ("anthropic/claude-3-haiku", "Paris."),
    ] {
        or("POST", "/chat/completions")
            .json_body(
                json!({"model": m, "messages": [{"role": "user", "content": "Capital of France?"}],
                              "max_tokens": 256, "temperature": 0.0}),
            )
            .respond(&s.fake, 200, chat_result(m, answer))
            .await;
    }
    or("POST", "/chat/completions")
        .json_body(json!({"model": "nobody/nothing", "messages": [{"role": "user", "content": "Capital of France?"}],
                          "max_tokens": 256, "temperature": 0.0}))
        .respond(&s.fake, 400, or_error(400, "nobody/nothing is not a valid model ID"))
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_compare_models",
            json!({"models": ["openai/gpt-4", "anthropic/claude-3-haiku", "nobody/nothing"],
                   "test_prompt": "Capital of France?", "temperature": 0}),
        )
        .await;
    let r = v["results"].as_array().unwrap();
    assert_eq!(r.len(), 3);
    assert_eq!(r[0]["content"], "Paris");
    assert_eq!(r[1]["model"], "anthropic/claude-3-haiku");
    assert!(r[0]["latency_ms"].is_u64());
    assert_eq!(r[2]["model"], "nobody/nothing");
    assert!(
        r[2]["error"]
            .as_str()
            .unwrap()
            .contains("not a valid model ID"),
        "{v}"
    );
}

#[tokio::test]
async fn compare_models_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "openrouter_compare_models",
            json!({"models": [" "], "test_prompt": "x"}),
        )
        .await;
    assert!(err.contains("1 to 10 model ids"), "{err}");
    or("POST", "/chat/completions")
        .json_body(json!({"model": "a/b", "messages": [{"role": "user", "content": "x"}], "max_tokens": 256}))
        .respond(&s.fake, 401, or_error(401, "No auth credentials found"))
        .await;
    let err = s
        .client
        .call_err(
            "openrouter_compare_models",
            json!({"models": ["a/b"], "test_prompt": "x"}),
        )
        .await;
    assert!(
        err.contains("every model failed") && err.contains("No auth credentials"),
        "{err}"
    );
}

#[tokio::test]
async fn analyze_performance_summarises_runs() {
    let s = setup().await;
    for p in ["One", "Two"] {
        or("POST", "/chat/completions")
            .json_body(
                json!({"model": "openai/gpt-4", "messages": [{"role": "user", "content": p}],
                              "max_tokens": 64}),
            )
            .respond(&s.fake, 200, chat_result("openai/gpt-4", &format!("{p}!")))
            .await;
    }
    let v = s
        .client
        .call_ok(
            "openrouter_analyze_model_performance",
            json!({"model": "openai/gpt-4", "test_prompts": ["One", "Two"], "max_tokens": 64}),
        )
        .await;
    assert_eq!(v["model"], "openai/gpt-4");
    assert_eq!(v["summary"]["runs"], 2);
    assert_eq!(v["summary"]["failures"], 0);
    assert_eq!(v["summary"]["avg_completion_tokens"], 10.0);
    assert_eq!(v["summary"]["total_cost"], 0.0027);
    assert_eq!(v["runs"][1]["prompt"], "Two");
    assert_eq!(v["runs"][1]["content"], "Two!");
}

#[tokio::test]
async fn analyze_performance_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "openrouter_analyze_model_performance",
            json!({"model": "openai/gpt-4", "test_prompts": []}),
        )
        .await;
    assert!(err.contains("test_prompts"), "{err}");
    or("POST", "/chat/completions")
        .json_body(json!({"model": "openai/gpt-4", "messages": [{"role": "user", "content": "x"}], "max_tokens": 256}))
        .respond(&s.fake, 402, or_error(402, "Insufficient credits"))
        .await;
    let err = s
        .client
        .call_err(
            "openrouter_analyze_model_performance",
            json!({"model": "openai/gpt-4", "test_prompts": ["x"]}),
        )
        .await;
    assert!(
        err.contains("every run failed") && err.contains("402"),
        "{err}"
    );
}
