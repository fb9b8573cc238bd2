//! `tavily_search` (with Klavis's camelCase spellings) and `tavily_extract`.

use serde_json::{Value, json};

use crate::common::{KEY, setup, tavily, tavily_error};

fn search_body() -> Value {
    json!({
        "query": "Who is Leo Messi?",
        "follow_up_questions": null,
        "answer": null,
        "images": [],
        "results": [
            {
                "title": "Lionel Messi Facts | Britannica",
                "url": "https://www.britannica.com/facts/Lionel-Messi",
                "content": "Lionel Messi, an Argentine footballer, is widely regarded as one of the greatest football players of his generation.",
                "score": 0.81025416,
                "raw_content": null,
                "favicon": "https://britannica.com/favicon.png"
            },
            {
                "title": "Messi signs new contract",
                "url": "https://news.example.com/messi",
                "content": "Inter Miami announced...",
                "score": 0.71,
                "published_date": "Wed, 04 Dec 2024 17:00:05 GMT",
                "raw_content": null
            }
        ],
        "response_time": "1.67",
        "request_id": "123e4567-e89b-12d3-a456-426614174111"
    })
}

#[tokio::test]
async fn search_contract() {
    let s = setup().await;
    tavily(
        "/search",
        json!({
            "query": "Who is Leo Messi?", "search_depth": "advanced", "topic": "news", "days": 7,
            "time_range": "week", "start_date": "2024-12-01", "end_date": "2024-12-07", "max_results": 2,
            "include_images": false, "include_image_descriptions": false, "include_raw_content": false,
            "include_domains": ["britannica.com"], "exclude_domains": ["example.org"],
            "country": "argentina", "include_favicon": true
        }),
    )
    .respond(&s.fake, 200, search_body())
    .await;
    let v = s
        .client
        .call_ok(
            "tavily_search",
            json!({
                "query": "Who is Leo Messi?", "search_depth": "advanced", "topic": "news", "days": 7,
                "time_range": "week", "start_date": "2024-12-01", "end_date": "2024-12-07", "max_results": 2,
                "include_images": false, "include_image_descriptions": false, "include_raw_content": false,
                "include_domains": ["britannica.com"], "exclude_domains": ["example.org"],
                "country": "argentina", "include_favicon": true
            }),
        )
        .await;
    assert_eq!(
        v,
        json!({"results": [
            {"title": "Lionel Messi Facts | Britannica", "url": "https://www.britannica.com/facts/Lionel-Messi",
             "content": "Lionel Messi, an Argentine footballer, is widely regarded as one of the greatest football players of his generation.",
             "favicon": "https://britannica.com/favicon.png"},
            {"title": "Messi signs new contract", "url": "https://news.example.com/messi",
             "content": "Inter Miami announced...", "published_date": "Wed, 04 Dec 2024 17:00:05 GMT"}
        ]})
    );
}

#[tokio::test]
async fn search_camel_case_spellings_and_token_field() {
    let s = setup().await;
    let mut body = search_body();
    body["images"] = json!([{"url": "https://img.example.com/messi.jpg", "description": "Messi holding the trophy"}]);
    body["results"][0]["raw_content"] = json!("# Lionel Messi\nFull page...");
    tavily(
        "/search",
        json!({
            "query": "messi", "search_depth": "basic", "time_range": "month", "start_date": "2024-01-01",
            "end_date": "2024-02-01", "max_results": 3, "include_images": true,
            "include_image_descriptions": true, "include_raw_content": true,
            "include_domains": ["a.example"], "exclude_domains": ["b.example"], "include_favicon": false
        }),
    )
    .respond(&s.fake, 200, body)
    .await;
    let client = s.client_with(json!({"token": KEY})).await;
    let v = client
        .call_ok(
            "tavily_search",
            json!({
                "query": "messi", "searchDepth": "basic", "timeRange": "month", "startDate": "2024-01-01",
                "endDate": "2024-02-01", "maxResults": 3, "includeImages": true,
                "includeImageDescriptions": true, "includeRawContent": true,
                "includeDomains": ["a.example"], "excludeDomains": ["b.example"], "includeFavicon": false
            }),
        )
        .await;
    assert_eq!(
        v["results"][0]["raw_content"],
        "# Lionel Messi\nFull page..."
    );
    assert_eq!(v["images"][0]["description"], "Messi holding the trophy");
}

#[tokio::test]
async fn search_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("tavily_search", json!({"query": "x", "max_results": 21}))
        .await;
    assert!(err.contains("at most 20"), "{err}");
    let err = s
        .client
        .call_err("tavily_search", json!({"query": "x", "topic": "sports"}))
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    tavily("/search", json!({"query": "x"}))
        .respond(
            &s.fake,
            432,
            tavily_error("This request exceeds your plan's set usage limit. Please upgrade your plan or contact support@tavily.com"),
        )
        .await;
    let err = s
        .client
        .call_err("tavily_search", json!({"query": "x"}))
        .await;
    assert!(
        err.contains("432") && err.contains("exceeds your plan's set usage limit"),
        "{err}"
    );
    assert!(err.contains("credit limit"), "{err}");
}

#[tokio::test]
async fn extract_contract() {
    let s = setup().await;
    tavily(
        "/extract",
        json!({"urls": ["https://en.wikipedia.org/wiki/Artificial_intelligence", "https://gone.example/"],
               "extract_depth": "advanced", "include_images": true, "format": "text", "timeout": 3}),
    )
    .respond(
        &s.fake,
        200,
        json!({
            "results": [{
                "url": "https://en.wikipedia.org/wiki/Artificial_intelligence",
                "raw_content": "Artificial intelligence (AI) is the capability of computational systems...",
                "images": ["https://upload.wikimedia.org/ai.png"],
                "favicon": "https://en.wikipedia.org/static/favicon/wikipedia.ico"
            }],
            "failed_results": [{"url": "https://gone.example/", "error": "Failed to fetch url"}],
            "response_time": 0.02,
            "request_id": "123e4567-e89b-12d3-a456-426614174111"
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "tavily_extract",
            json!({"urls": ["https://en.wikipedia.org/wiki/Artificial_intelligence", "https://gone.example/"],
                   "extract_depth": "advanced", "include_images": true, "format": "text"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "results": [{"url": "https://en.wikipedia.org/wiki/Artificial_intelligence",
                         "raw_content": "Artificial intelligence (AI) is the capability of computational systems...",
                         "images": ["https://upload.wikimedia.org/ai.png"],
                         "favicon": "https://en.wikipedia.org/static/favicon/wikipedia.ico"}],
            "failed": [{"url": "https://gone.example/", "error": "Failed to fetch url"}]
        })
    );
}

#[tokio::test]
async fn extract_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("tavily_extract", json!({"urls": [" "]}))
        .await;
    assert!(err.contains("at least one URL"), "{err}");
    tavily(
        "/extract",
        json!({"urls": ["https://a.example/"], "timeout": 3}),
    )
    .respond(
        &s.fake,
        401,
        tavily_error("Unauthorized: missing or invalid API key."),
    )
    .await;
    let err = s
        .client
        .call_err("tavily_extract", json!({"urls": ["https://a.example/"]}))
        .await;
    assert!(
        err.contains("401") && err.contains("missing or invalid API key"),
        "{err}"
    );
    assert!(err.contains("app.tavily.com"), "{err}");
}
