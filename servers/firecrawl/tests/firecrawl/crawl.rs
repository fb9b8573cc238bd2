//! `firecrawl_crawl`, `firecrawl_check_crawl_status`.

use serde_json::json;

use crate::common::{fc_error, get, page, post, setup};

#[tokio::test]
async fn crawl_starts_a_job_with_every_option() {
    let s = setup().await;
    post(
        "/v1/crawl",
        json!({"url": "https://docs.firecrawl.dev", "excludePaths": ["^/blog/.*"], "includePaths": ["^/features/.*"],
               "maxDepth": 2, "ignoreSitemap": true, "limit": 20, "allowBackwardLinks": false,
               "allowExternalLinks": false, "webhook": {"url": "https://hooks.example/fc"},
               "deduplicateSimilarURLs": true, "ignoreQueryParameters": true,
               "scrapeOptions": {"formats": ["markdown"], "onlyMainContent": true}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"success": true, "id": "123e4567-e89b-12d3-a456-426614174000",
               "url": "https://api.firecrawl.dev/v1/crawl/123e4567-e89b-12d3-a456-426614174000"}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "firecrawl_crawl",
            json!({"url": "https://docs.firecrawl.dev", "excludePaths": ["^/blog/.*"], "includePaths": ["^/features/.*"],
                   "maxDepth": 2, "ignoreSitemap": true, "limit": 20, "allowBackwardLinks": false,
                   "allowExternalLinks": false, "webhook": "https://hooks.example/fc",
                   "deduplicateSimilarURLs": true, "ignoreQueryParameters": true,
                   "scrapeOptions": {"formats": ["markdown"], "onlyMainContent": true}}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "123e4567-e89b-12d3-a456-426614174000", "status": "started",
               "check_with": "firecrawl_check_crawl_status"})
    );
}

#[tokio::test]
async fn crawl_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "firecrawl_crawl",
            json!({"url": "https://a.example", "webhook": {"events": ["page"]}}),
        )
        .await;
    assert!(err.contains("needs `url`"), "{err}");
    post(
        "/v1/crawl",
        json!({"url": "https://a.example", "webhook": {"url": "https://h.example", "events": ["completed"]}}),
    )
    .respond(&s.fake, 402, fc_error("Payment required to access this resource."))
    .await;
    let err = s
        .client
        .call_err(
            "firecrawl_crawl",
            json!({"url": "https://a.example", "webhook": {"url": "https://h.example", "events": ["completed"]}}),
        )
        .await;
    assert!(
        err.contains("402") && err.contains("out of credits"),
        "{err}"
    );
}

#[tokio::test]
async fn check_crawl_status_returns_counts_and_pages() {
    let s = setup().await;
    get("/v1/crawl/123e4567-e89b-12d3-a456-426614174000")
        .respond(
            &s.fake,
            200,
            json!({"success": true, "status": "completed", "total": 3, "completed": 3, "creditsUsed": 3,
                   "expiresAt": "2026-12-03T03:00:00.000Z", "next": null,
                   "data": [page("https://a.example/1", "One", "# 1"), page("https://a.example/2", "Two", "# 2"),
                            page("https://a.example/3", "Three", "# 3")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "firecrawl_check_crawl_status",
            json!({"id": "123e4567-e89b-12d3-a456-426614174000", "limit": 2}),
        )
        .await;
    assert_eq!(
        v,
        json!({"status": "completed", "completed": 3, "total": 3, "credits_used": 3,
        "expires_at": "2026-12-03T03:00:00.000Z", "next_offset": 2,
        "pages": [
          {"url": "https://a.example/1", "title": "One", "description": "One description", "status_code": 200, "markdown": "# 1"},
          {"url": "https://a.example/2", "title": "Two", "description": "Two description", "status_code": 200, "markdown": "# 2"}
        ]})
    );
}

#[tokio::test]
async fn check_crawl_status_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("firecrawl_check_crawl_status", json!({"id": " "}))
        .await;
    assert!(err.contains("`id` must not be empty"), "{err}");
    get("/v1/crawl/gone")
        .respond(&s.fake, 404, fc_error("Job not found"))
        .await;
    let err = s
        .client
        .call_err("firecrawl_check_crawl_status", json!({"id": "gone"}))
        .await;
    assert!(
        err.contains("404") && err.contains("Job not found"),
        "{err}"
    );
}
