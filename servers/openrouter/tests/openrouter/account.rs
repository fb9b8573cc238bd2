//! `/key`, `/credits`, `/activity` and `/generation`.

use serde_json::{Value, json};

use crate::common::{or, or_error, setup};

/// `/key` as the spec's example.
fn key() -> Value {
    json!({"data": {
        "byok_usage": 17.38, "byok_usage_daily": 17.38, "byok_usage_monthly": 17.38, "byok_usage_weekly": 17.38,
        "creator_user_id": "user_2dHFtVWx2n56w6HkM0000000000", "expires_at": "2027-12-31T23:59:59Z",
        "include_byok_in_limit": false, "is_free_tier": false, "is_management_key": false,
        "is_provisioning_key": false, "label": "sk-or-v1-au7...890", "limit": 100, "limit_remaining": 74.5,
        "limit_reset": "monthly",
        "rate_limit": {"interval": "1h", "note": "This field is deprecated and safe to ignore.", "requests": 1000},
        "usage": 25.5, "usage_daily": 25.5, "usage_monthly": 25.5, "usage_weekly": 25.5
    }})
}

#[tokio::test]
async fn api_key_info_contract() {
    let s = setup().await;
    or("GET", "/key").respond(&s.fake, 200, key()).await;
    let v = s
        .client
        .call_ok("openrouter_get_api_key_info", json!({}))
        .await;
    assert_eq!(
        v,
        json!({"label": "sk-or-v1-au7...890", "limit": 100, "limit_remaining": 74.5, "limit_reset": "monthly",
               "usage": 25.5, "usage_daily": 25.5, "usage_weekly": 25.5, "usage_monthly": 25.5,
               "byok_usage": 17.38, "include_byok_in_limit": false, "is_free_tier": false,
               "expires_at": "2027-12-31T23:59:59Z"})
    );
}

#[tokio::test]
async fn api_key_info_unlimited_and_refused() {
    let s = setup().await;
    let mut k = key();
    k["data"]["limit"] = Value::Null;
    k["data"]["limit_remaining"] = Value::Null;
    or("GET", "/key").respond(&s.fake, 200, k).await;
    let v = s
        .client
        .call_ok("openrouter_get_api_key_info", json!({}))
        .await;
    assert_eq!(v["limit"], Value::Null);
    assert!(v.as_object().unwrap().contains_key("limit"));
    s.fake.reset().await;
    or("GET", "/key")
        .respond(&s.fake, 401, or_error(401, "Missing Authentication header"))
        .await;
    let err = s
        .client
        .call_err("openrouter_get_api_key_info", json!({}))
        .await;
    assert!(
        err.contains("401") && err.contains("openrouter.ai/settings/keys"),
        "{err}"
    );
}

#[tokio::test]
async fn user_profile_from_key() {
    let s = setup().await;
    or("GET", "/key").respond(&s.fake, 200, key()).await;
    let v = s
        .client
        .call_ok("openrouter_get_user_profile", json!({}))
        .await;
    assert_eq!(
        v,
        json!({"label": "sk-or-v1-au7...890", "creator_user_id": "user_2dHFtVWx2n56w6HkM0000000000",
               "is_free_tier": false, "is_management_key": false, "expires_at": "2027-12-31T23:59:59Z"})
    );
}

#[tokio::test]
async fn user_profile_error() {
    let s = setup().await;
    or("GET", "/key")
        .times(3)
        .respond(&s.fake, 500, or_error(500, "Internal Server Error"))
        .await;
    let err = s
        .client
        .call_err("openrouter_get_user_profile", json!({}))
        .await;
    assert!(
        err.contains("500") && err.contains("Internal Server Error"),
        "{err}"
    );
}

#[tokio::test]
async fn credits_contract() {
    let s = setup().await;
    or("GET", "/credits")
        .respond(
            &s.fake,
            200,
            json!({"data": {"total_credits": 100.5, "total_usage": 25.75}}),
        )
        .await;
    let v = s.client.call_ok("openrouter_get_credits", json!({})).await;
    assert_eq!(
        v,
        json!({"total_credits": 100.5, "total_usage": 25.75, "remaining": 74.75})
    );
}

#[tokio::test]
async fn credits_need_a_management_key() {
    let s = setup().await;
    or("GET", "/credits")
        .respond(
            &s.fake,
            403,
            or_error(403, "Only management keys can perform this operation"),
        )
        .await;
    let err = s.client.call_err("openrouter_get_credits", json!({})).await;
    assert!(
        err.contains("403") && err.contains("Only management keys"),
        "{err}"
    );
    assert!(err.contains("management (provisioning) key"), "{err}");
}

fn activity_row(date: &str, model: &str, usage: f64) -> Value {
    json!({"byok_usage_inference": 0.012, "completion_tokens": 125, "date": date,
           "endpoint_id": "550e8400-e29b-41d4-a716-446655440000", "model": model,
           "model_permaslug": "openai/gpt-4.1-2025-04-14", "prompt_tokens": 50,
           "provider_name": "OpenAI", "reasoning_tokens": 25, "requests": 5, "usage": usage})
}

#[tokio::test]
async fn usage_filters_a_range_and_totals() {
    let s = setup().await;
    or("GET", "/activity")
        .respond(
            &s.fake,
            200,
            json!({"data": [
                activity_row("2025-08-20", "openai/gpt-4.1", 0.5),
                activity_row("2025-08-24", "openai/gpt-4.1", 0.015),
                activity_row("2025-08-22", "anthropic/claude-3-haiku", 0.25),
                activity_row("2025-08-26", "openai/gpt-4.1", 9.0),
            ]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_get_usage",
            json!({"start_date": "2025-08-21", "end_date": "2025-08-25", "limit": 1}),
        )
        .await;
    assert_eq!(
        v["totals"],
        json!({"usage": 0.265, "requests": 10, "prompt_tokens": 100, "completion_tokens": 250, "reasoning_tokens": 50})
    );
    assert_eq!(
        v["rows"],
        json!([{"date": "2025-08-24", "model": "openai/gpt-4.1", "provider_name": "OpenAI", "requests": 5,
                "usage": 0.015, "prompt_tokens": 50, "completion_tokens": 125, "reasoning_tokens": 25}])
    );
    assert!(v["truncated"].as_str().unwrap().contains("1 of 2"), "{v}");
}

#[tokio::test]
async fn usage_one_day_is_the_vendor_filter_and_bad_dates() {
    let s = setup().await;
    or("GET", "/activity")
        .query("date", "2025-08-24")
        .respond(
            &s.fake,
            200,
            json!({"data": [activity_row("2025-08-24", "openai/gpt-4.1", 0.015)]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_get_usage",
            json!({"start_date": "2025-08-24", "end_date": "2025-08-24"}),
        )
        .await;
    assert_eq!(v["totals"]["requests"], 5);
    for (args, want) in [
        (json!({"start_date": "24/08/2025"}), "YYYY-MM-DD"),
        (
            json!({"start_date": "2025-08-25", "end_date": "2025-08-24"}),
            "after",
        ),
    ] {
        let err = s.client.call_err("openrouter_get_usage", args).await;
        assert!(err.contains(want), "{err}");
    }
}

#[tokio::test]
async fn generation_stats_contract() {
    let s = setup().await;
    or("GET", "/generation")
        .query("id", "gen-3bhGkxlo4XFrqiabUM7NDtwDzWwG")
        .respond(
            &s.fake,
            200,
            json!({"data": {
                "api_type": "completions", "app_id": 12345, "cache_discount": null, "cancelled": false,
                "created_at": "2024-07-15T23:33:19.433273+00:00", "finish_reason": "stop",
                "generation_time": 1200, "id": "gen-3bhGkxlo4XFrqiabUM7NDtwDzWwG", "is_byok": false,
                "latency": 1250, "model": "sao10k/l3-stheno-8b", "native_tokens_cached": 3,
                "native_tokens_completion": 25, "native_tokens_prompt": 10, "native_tokens_reasoning": 5,
                "provider_name": "Infermatic", "streamed": true, "tokens_completion": 25,
                "tokens_prompt": 10, "total_cost": 0.0015, "usage": 0.0015
            }}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "openrouter_get_generation",
            json!({"id": "gen-3bhGkxlo4XFrqiabUM7NDtwDzWwG"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "gen-3bhGkxlo4XFrqiabUM7NDtwDzWwG", "model": "sao10k/l3-stheno-8b",
               "provider_name": "Infermatic", "created_at": "2024-07-15T23:33:19.433273+00:00",
               "tokens_prompt": 10, "tokens_completion": 25, "native_tokens_reasoning": 5,
               "native_tokens_cached": 3, "total_cost": 0.0015, "latency_ms": 1250,
               "generation_time_ms": 1200, "finish_reason": "stop", "streamed": true, "cancelled": false})
    );
}

#[tokio::test]
async fn generation_not_found() {
    let s = setup().await;
    or("GET", "/generation")
        .query("id", "gen-missing")
        .respond(&s.fake, 404, or_error(404, "Generation not found"))
        .await;
    let err = s
        .client
        .call_err("openrouter_get_generation", json!({"id": "gen-missing"}))
        .await;
    assert!(
        err.contains("404") && err.contains("Generation not found"),
        "{err}"
    );
    let err = s
        .client
        .call_err("openrouter_get_generation", json!({"id": " "}))
        .await;
    assert!(err.contains("`id` must not be empty"), "{err}");
}
