//! `tavily_crawl` and `tavily_map`.

use serde_json::json;

use crate::common::{setup, tavily};

#[tokio::test]
async fn crawl_contract() {
    let s = setup().await;
    let long = "x".repeat(4100);
    tavily(
        "/crawl",
        json!({"url": "https://docs.tavily.com", "max_depth": 2, "max_breadth": 10, "limit": 20,
               "instructions": "Python SDK", "select_paths": ["/sdk/.*"], "select_domains": ["^docs\\.tavily\\.com$"],
               "allow_external": false, "extract_depth": "basic", "format": "markdown", "include_favicon": true,
               "timeout": 10}),
    )
    .respond(
        &s.fake,
        200,
        json!({
            "base_url": "docs.tavily.com",
            "results": [
                {"url": "https://docs.tavily.com/sdk/python/quick-start", "raw_content": "# Quickstart\npip install tavily-python", "favicon": "https://docs.tavily.com/favicon.ico"},
                {"url": "https://docs.tavily.com/sdk/python/reference", "raw_content": long}
            ],
            "response_time": 1.23,
            "request_id": "123e4567-e89b-12d3-a456-426614174111"
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "tavily_crawl",
            json!({"url": "https://docs.tavily.com", "max_depth": 2, "max_breadth": 10, "limit": 20,
                   "instructions": "Python SDK", "select_paths": ["/sdk/.*"], "select_domains": ["^docs\\.tavily\\.com$"],
                   "allow_external": false, "categories": ["Documentation"], "extract_depth": "basic",
                   "format": "markdown", "include_favicon": true}),
        )
        .await;
    assert_eq!(v["base_url"], "docs.tavily.com");
    assert_eq!(
        v["results"][0],
        json!({"url": "https://docs.tavily.com/sdk/python/quick-start", "content": "# Quickstart\npip install tavily-python",
               "favicon": "https://docs.tavily.com/favicon.ico"})
    );
    assert_eq!(v["results"][1]["content"].as_str().unwrap().len(), 4000);
    assert_eq!(v["results"][1]["truncated"], true);
}

#[tokio::test]
async fn crawl_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "tavily_crawl",
            json!({"url": "https://a.example", "max_depth": 6}),
        )
        .await;
    assert!(err.contains("`max_depth` must be between 1 and 5"), "{err}");
    let err = s.client.call_err("tavily_crawl", json!({"url": " "})).await;
    assert!(err.contains("`url` must not be empty"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    // A crawl is a POST that may have run: a 502 is reported, not repeated.
    tavily("/crawl", json!({"url": "https://a.example", "timeout": 10}))
        .respond(&s.fake, 502, json!({"detail": "Bad gateway"}))
        .await;
    let err = s
        .client
        .call_err("tavily_crawl", json!({"url": "https://a.example"}))
        .await;
    assert!(err.contains("502") && err.contains("Bad gateway"), "{err}");
}

#[tokio::test]
async fn map_contract() {
    let s = setup().await;
    tavily(
        "/map",
        json!({"url": "docs.tavily.com", "max_depth": 1, "limit": 3, "allow_external": true, "timeout": 10}),
    )
    .respond(
        &s.fake,
        200,
        json!({
            "base_url": "docs.tavily.com",
            "results": ["https://docs.tavily.com/welcome", "https://docs.tavily.com/documentation/api-credits",
                        "https://docs.tavily.com/documentation/about"],
            "response_time": 0.8,
            "request_id": "123e4567-e89b-12d3-a456-426614174111"
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "tavily_map",
            json!({"url": "docs.tavily.com", "max_depth": 1, "limit": 3, "allow_external": true, "categories": ["Blog"]}),
        )
        .await;
    assert_eq!(v["results"].as_array().unwrap().len(), 3);
    assert_eq!(v["base_url"], "docs.tavily.com");
}

#[tokio::test]
async fn map_validation_error() {
    let s = setup().await;
    tavily("/map", json!({"url": "not a url", "timeout": 10}))
        .respond(
            &s.fake,
            400,
            json!({"detail": [{"loc": ["body", "url"], "msg": "Invalid URL", "type": "value_error"}]}),
        )
        .await;
    let err = s
        .client
        .call_err("tavily_map", json!({"url": "not a url"}))
        .await;
    assert!(
        err.contains("400") && err.contains("url: Invalid URL"),
        "{err}"
    );
    let err = s
        .client
        .call_err("tavily_map", json!({"url": "a.example", "limit": 0}))
        .await;
    assert!(err.contains("`limit` must be at least 1"), "{err}");
}
