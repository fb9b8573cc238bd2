//! `/models` and `/model/{author}/{slug}`: list, search, details, pricing, cost estimate,
//! recommendations.

use serde_json::json;

use crate::common::{gpt4, gpt4_concise, or, or_error, setup};

#[tokio::test]
async fn list_models_pages_with_offset() {
    let s = setup().await;
    or("GET", "/models")
        .query("offset", 40)
        .query("limit", 2)
        .respond(&s.fake, 200, json!({"data": [gpt4(), gpt4()]}))
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_list_models",
            json!({"limit": 2, "next_page_token": "40"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"models": [gpt4_concise(), gpt4_concise()], "next_page_token": "42"})
    );
}

#[tokio::test]
async fn list_models_last_page_and_bad_token() {
    let s = setup().await;
    or("GET", "/models")
        .query("offset", 0)
        .query("limit", 50)
        .respond(&s.fake, 200, json!({"data": [gpt4()]}))
        .await;
    let v = s.client.call_ok("openrouter_list_models", json!({})).await;
    assert_eq!(v, json!({"models": [gpt4_concise()]}));
    let err = s
        .client
        .call_err("openrouter_list_models", json!({"next_page_token": "abc"}))
        .await;
    assert!(err.contains("`next_page_token`"), "{err}");
    let err = s
        .client
        .call_err("openrouter_list_models", json!({"limit": 0}))
        .await;
    assert!(err.contains("between 1 and 1000"), "{err}");
}

#[tokio::test]
async fn search_models_contract() {
    let s = setup().await;
    or("GET", "/models")
        .query("q", "gpt-4")
        .query("limit", 5)
        .query("category", "programming")
        .query("model_authors", "openai")
        .respond(&s.fake, 200, json!({"data": [gpt4()]}))
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_search_models",
            json!({"query": " gpt-4 ", "limit": 5, "category": "Programming", "provider": "OpenAI"}),
        )
        .await;
    assert_eq!(v, json!({"models": [gpt4_concise()]}));
}

#[tokio::test]
async fn search_models_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("openrouter_search_models", json!({"query": "  "}))
        .await;
    assert!(err.contains("`query` must not be empty"), "{err}");
    or("GET", "/models")
        .query("q", "x")
        .query("limit", 20)
        .query("category", "poetry")
        .respond(&s.fake, 400, or_error(400, "Invalid category"))
        .await;
    let err = s
        .client
        .call_err(
            "openrouter_search_models",
            json!({"query": "x", "category": "poetry"}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("Invalid category"),
        "{err}"
    );
}

#[tokio::test]
async fn get_model_details() {
    let s = setup().await;
    or("GET", "/model/openai/gpt-4:free")
        .respond(&s.fake, 200, json!({"data": gpt4()}))
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_get_model",
            json!({"model_id": "openai/gpt-4:free"}),
        )
        .await;
    let mut want = gpt4_concise();
    want["description"] = gpt4()["description"].clone();
    want["input_modalities"] = json!(["text"]);
    want["output_modalities"] = json!(["text"]);
    want["supported_parameters"] = json!(["temperature", "top_p", "max_tokens"]);
    assert_eq!(v, want);
}

#[tokio::test]
async fn get_model_pricing_contract_and_errors() {
    let s = setup().await;
    or("GET", "/model/openai/gpt-4")
        .respond(&s.fake, 200, json!({"data": gpt4()}))
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_get_model_pricing",
            json!({"model_id": "openai/gpt-4"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "openai/gpt-4", "name": "GPT-4",
               "pricing": {"completion": "0.00006", "image": "0", "prompt": "0.00003", "request": "0"},
               "per_million": {"prompt": 30.0, "completion": 60.0}})
    );
    let err = s
        .client
        .call_err("openrouter_get_model_pricing", json!({"model_id": "gpt-4"}))
        .await;
    assert!(err.contains("not `author/slug`"), "{err}");
    or("GET", "/model/nobody/nothing")
        .respond(&s.fake, 404, or_error(404, "Resource not found"))
        .await;
    let err = s
        .client
        .call_err(
            "openrouter_get_model_pricing",
            json!({"model_id": "nobody/nothing"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Resource not found"),
        "{err}"
    );
}

#[tokio::test]
async fn cost_estimate_from_prices() {
    let s = setup().await;
    let mut m = gpt4();
    m["pricing"]["request"] = json!("0.001");
    or("GET", "/model/openai/gpt-4")
        .respond(&s.fake, 200, json!({"data": m}))
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_get_cost_estimate",
            json!({"model": "openai/gpt-4", "input_tokens": 1000, "output_tokens": 500}),
        )
        .await;
    assert_eq!(
        v,
        json!({"model": "openai/gpt-4", "input_tokens": 1000, "output_tokens": 500,
               "input_cost": 0.03, "output_cost": 0.03, "request_cost": 0.001,
               "total_cost": 0.061, "currency": "USD"})
    );
}

#[tokio::test]
async fn cost_estimate_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "openrouter_get_cost_estimate",
            json!({"model": "openai/gpt-4"}),
        )
        .await;
    assert!(err.contains("input_tokens"), "{err}");
    let mut m = gpt4();
    m.as_object_mut().unwrap().remove("pricing");
    or("GET", "/model/openai/gpt-4")
        .respond(&s.fake, 200, json!({"data": m}))
        .await;
    let err = s
        .client
        .call_err(
            "openrouter_get_cost_estimate",
            json!({"model": "openai/gpt-4", "input_tokens": 10}),
        )
        .await;
    assert!(err.contains("no prompt/completion prices"), "{err}");
}

#[tokio::test]
async fn recommendations_map_use_case_budget_and_priority() {
    let s = setup().await;
    or("GET", "/models")
        .query("limit", 5)
        .query("sort", "throughput-high-to-low")
        .query("category", "programming")
        .query("max_price", 1)
        .respond(&s.fake, 200, json!({"data": [gpt4()]}))
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_get_model_recommendations",
            json!({"use_case": "Code review for a Rust project", "budget_constraint": "low",
                   "performance_priority": "speed"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"use_case": "Code review for a Rust project", "category": "programming",
               "sort": "throughput-high-to-low", "max_prompt_price_per_million": 1,
               "models": [gpt4_concise()]})
    );
}

#[tokio::test]
async fn recommendations_defaults_and_errors() {
    let s = setup().await;
    or("GET", "/models")
        .query("limit", 5)
        .query("sort", "most-popular")
        .respond(&s.fake, 200, json!({"data": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_get_model_recommendations",
            json!({"use_case": "general chat"}),
        )
        .await;
    assert_eq!(v["category"], json!(null));
    assert_eq!(v["models"], json!([]));
    let err = s
        .client
        .call_err(
            "openrouter_get_model_recommendations",
            json!({"use_case": "x", "budget_constraint": "tiny"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments") || err.contains("budget_constraint"),
        "{err}"
    );
}
