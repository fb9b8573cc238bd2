//! `firecrawl_scrape`, `firecrawl_batch_scrape`, `firecrawl_check_batch_status`.

use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{KEY, fc_error, get, page, post, setup};

#[tokio::test]
async fn scrape_sends_v1_options_and_returns_the_page() {
    let s = setup().await;
    post(
        "/v1/scrape",
        json!({
            "url": "https://docs.firecrawl.dev/introduction",
            "formats": ["markdown", "links", "json"],
            "onlyMainContent": true,
            "includeTags": ["article"],
            "excludeTags": ["nav"],
            "waitFor": 500,
            "timeout": 20000,
            "actions": [{"type": "wait", "milliseconds": 300}],
            "jsonOptions": {"prompt": "The product name"},
            "mobile": false,
            "skipTlsVerification": false,
            "removeBase64Images": true,
            "location": {"country": "DE", "languages": ["de"]}
        }),
    )
    .respond(
        &s.fake,
        200,
        json!({"success": true, "data": {
            "markdown": "# Firecrawl\nTurn websites into LLM-ready data.",
            "links": ["https://docs.firecrawl.dev/quickstart"],
            "json": {"product": "Firecrawl"},
            "metadata": {"title": "Introduction", "description": "Firecrawl docs", "language": "en",
                         "sourceURL": "https://docs.firecrawl.dev/introduction", "statusCode": 200}
        }}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "firecrawl_scrape",
            json!({"url": "https://docs.firecrawl.dev/introduction",
                   "formats": ["markdown", "links", "extract"], "onlyMainContent": true,
                   "includeTags": ["article"], "excludeTags": ["nav"], "waitFor": 500, "timeout": 20000,
                   "actions": [{"type": "wait", "milliseconds": 300}],
                   "extract": {"prompt": "The product name"}, "mobile": false,
                   "skipTlsVerification": false, "removeBase64Images": true,
                   "location": {"country": "DE", "languages": ["de"]}}),
        )
        .await;
    assert_eq!(
        v,
        json!({"url": "https://docs.firecrawl.dev/introduction", "title": "Introduction",
               "description": "Firecrawl docs", "status_code": 200,
               "markdown": "# Firecrawl\nTurn websites into LLM-ready data.",
               "links": ["https://docs.firecrawl.dev/quickstart"], "json": {"product": "Firecrawl"}})
    );
}

#[tokio::test]
async fn scrape_minimal_body_with_klavis_token_field() {
    let s = setup().await;
    post("/v1/scrape", json!({"url": "https://example.com"}))
        .respond(
            &s.fake,
            200,
            json!({"success": true, "data": page("https://example.com", "Example Domain", "# Example Domain")}),
        )
        .await;
    let client = s.client_with(json!({"token": KEY})).await;
    let v = client
        .call_ok("firecrawl_scrape", json!({"url": "https://example.com"}))
        .await;
    assert_eq!(v["markdown"], "# Example Domain");
    assert_eq!(v["title"], "Example Domain");
}

#[tokio::test]
async fn scrape_bad_input_and_out_of_credits() {
    let s = setup().await;
    for (args, want) in [
        (json!({"url": "example.com"}), "absolute http(s) URL"),
        (
            json!({"url": "https://a.example", "formats": ["extract"]}),
            "needs `extract`",
        ),
        (
            json!({"url": "https://a.example", "formats": ["pdf"]}),
            "invalid",
        ),
    ] {
        let err = s.client.call_err("firecrawl_scrape", args).await;
        assert!(err.contains(want), "{err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    post("/v1/scrape", json!({"url": "https://a.example"}))
        .respond(
            &s.fake,
            402,
            fc_error("Insufficient credits to perform this request."),
        )
        .await;
    let err = s
        .client
        .call_err("firecrawl_scrape", json!({"url": "https://a.example"}))
        .await;
    assert!(
        err.contains("402") && err.contains("Insufficient credits"),
        "{err}"
    );
    assert!(err.contains("out of credits"), "{err}");
}

#[tokio::test]
async fn scrape_validation_details_are_shown() {
    let s = setup().await;
    post("/v1/scrape", json!({"url": "https://a.example", "timeout": 1}))
        .respond(
            &s.fake,
            400,
            json!({"success": false, "error": "Bad Request", "details": [
                {"code": "too_small", "minimum": 1000, "path": ["timeout"], "message": "Number must be greater than or equal to 1000"}
            ]}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "firecrawl_scrape",
            json!({"url": "https://a.example", "timeout": 1}),
        )
        .await;
    assert!(
        err.contains("timeout: Number must be greater than or equal to 1000"),
        "{err}"
    );
}

#[tokio::test]
async fn batch_scrape_starts_a_job() {
    let s = setup().await;
    post(
        "/v1/batch/scrape",
        json!({"urls": ["https://a.example", "https://b.example"], "formats": ["markdown", "json"],
               "jsonOptions": {"prompt": "title"}, "ignoreInvalidURLs": true}),
    )
    .respond(
        &s.fake,
        200,
        json!({"success": true, "id": "9a8b7c6d-1111-2222-3333-444455556666",
               "url": "https://api.firecrawl.dev/v1/batch/scrape/9a8b7c6d-1111-2222-3333-444455556666",
               "invalidURLs": []}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "firecrawl_batch_scrape",
            json!({"urls": ["https://a.example", "https://b.example"],
                   "options": {"formats": ["markdown", "extract"], "extract": {"prompt": "title"},
                               "ignoreInvalidURLs": true}}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "9a8b7c6d-1111-2222-3333-444455556666", "status": "started",
               "check_with": "firecrawl_check_batch_status"})
    );
}

#[tokio::test]
async fn batch_scrape_refuses_bad_urls_and_reports_rate_limits() {
    let s = setup().await;
    let err = s
        .client
        .call_err("firecrawl_batch_scrape", json!({"urls": ["  "]}))
        .await;
    assert!(err.contains("at least one URL"), "{err}");
    let err = s
        .client
        .call_err(
            "firecrawl_batch_scrape",
            json!({"urls": ["https://a.example"], "options": {"urls": ["https://b.example"]}}),
        )
        .await;
    assert!(err.contains("not inside `options`"), "{err}");
    post("/v1/batch/scrape", json!({"urls": ["https://a.example"]}))
        .times(3)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .set_body_json(fc_error(
                    "Rate limit exceeded. Consumed (req/min): 11, Remaining (req/min): 0.",
                )),
        )
        .await;
    let err = s
        .client
        .call_err(
            "firecrawl_batch_scrape",
            json!({"urls": ["https://a.example"]}),
        )
        .await;
    assert!(
        err.contains("429") && err.contains("Rate limit exceeded"),
        "{err}"
    );
}

#[tokio::test]
async fn check_batch_status_calls_the_api() {
    let s = setup().await;
    let long = "x".repeat(5000);
    get("/v1/batch/scrape/9a8b7c6d-1111-2222-3333-444455556666")
        .respond(
            &s.fake,
            200,
            json!({"success": true, "status": "scraping", "total": 3, "completed": 2, "creditsUsed": 2,
                   "expiresAt": "2026-12-03T03:00:00.000Z",
                   "next": "https://api.firecrawl.dev/v1/batch/scrape/9a8b7c6d-1111-2222-3333-444455556666?skip=2",
                   "data": [page("https://a.example", "A", "# A"), page("https://b.example", "B", &long)]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "firecrawl_check_batch_status",
            json!({"id": "9a8b7c6d-1111-2222-3333-444455556666", "offset": 1, "limit": 1}),
        )
        .await;
    assert_eq!(v["status"], "scraping");
    assert_eq!(v["completed"], 2);
    assert_eq!(v["total"], 3);
    assert_eq!(v["credits_used"], 2);
    let pages = v["pages"].as_array().unwrap();
    assert_eq!(pages.len(), 1);
    assert_eq!(pages[0]["url"], "https://b.example");
    assert_eq!(pages[0]["markdown"].as_str().unwrap().len(), 4000);
    assert_eq!(pages[0]["truncated"], true);
    assert!(v.get("next_offset").is_none());
    assert!(
        v["more"]
            .as_str()
            .unwrap()
            .contains("firecrawl_check_batch_status")
    );
}

#[tokio::test]
async fn check_batch_status_unknown_job() {
    let s = setup().await;
    get("/v1/batch/scrape/nope")
        .respond(&s.fake, 404, fc_error("Job not found"))
        .await;
    let err = s
        .client
        .call_err("firecrawl_check_batch_status", json!({"id": "nope"}))
        .await;
    assert!(
        err.contains("404") && err.contains("Job not found"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "firecrawl_check_batch_status",
            json!({"id": "x", "limit": 0}),
        )
        .await;
    assert!(err.contains("between 1 and 50"), "{err}");
}
