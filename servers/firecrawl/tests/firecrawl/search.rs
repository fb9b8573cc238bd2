//! `firecrawl_search`, `firecrawl_map`.

use serde_json::json;

use crate::common::{fc_error, post, setup};

#[tokio::test]
async fn search_returns_ranked_results() {
    let s = setup().await;
    post(
        "/v1/search",
        json!({"query": "firecrawl mcp", "limit": 2, "lang": "de", "country": "de", "tbs": "qdr:w",
               "scrapeOptions": {"formats": ["markdown"]}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"success": true, "data": [
            {"title": "Firecrawl MCP Server", "description": "Web scraping for LLMs.", "url": "https://docs.firecrawl.dev/mcp",
             "markdown": "# MCP", "metadata": {"title": "Firecrawl MCP Server", "sourceURL": "https://docs.firecrawl.dev/mcp", "statusCode": 200}},
            {"title": "GitHub - firecrawl", "description": "Turn websites into LLM-ready data", "url": "https://github.com/firecrawl/firecrawl"}
        ], "warning": null}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "firecrawl_search",
            json!({"query": "firecrawl mcp", "limit": 2, "tbs": "qdr:w",
                   "location": {"country": "de", "languages": ["de"]},
                   "scrapeOptions": {"formats": ["markdown"]}}),
        )
        .await;
    assert_eq!(
        v,
        json!({"results": [
            {"title": "Firecrawl MCP Server", "url": "https://docs.firecrawl.dev/mcp", "description": "Web scraping for LLMs.",
             "status_code": 200, "markdown": "# MCP"},
            {"title": "GitHub - firecrawl", "url": "https://github.com/firecrawl/firecrawl", "description": "Turn websites into LLM-ready data"}
        ]})
    );
}

#[tokio::test]
async fn search_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("firecrawl_search", json!({"query": "x", "limit": 101}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
    post(
        "/v1/search",
        json!({"query": "x", "lang": "en", "country": "us", "filter": "site:a.example"}),
    )
    .respond(
        &s.fake,
        500,
        fc_error("An unexpected error occurred on the server."),
    )
    .await;
    let err = s
        .client
        .call_err(
            "firecrawl_search",
            json!({"query": "x", "lang": "en", "country": "us", "filter": "site:a.example"}),
        )
        .await;
    assert!(
        err.contains("500") && err.contains("unexpected error"),
        "{err}"
    );
}

#[tokio::test]
async fn map_lists_links() {
    let s = setup().await;
    post(
        "/v1/map",
        json!({"url": "https://firecrawl.dev", "search": "docs", "ignoreSitemap": false,
               "sitemapOnly": false, "includeSubdomains": true, "limit": 2}),
    )
    .respond(
        &s.fake,
        200,
        json!({"success": true, "links": ["https://docs.firecrawl.dev", "https://firecrawl.dev/pricing"]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "firecrawl_map",
            json!({"url": "https://firecrawl.dev", "search": "docs", "ignoreSitemap": false,
                   "sitemapOnly": false, "includeSubdomains": true, "limit": 2}),
        )
        .await;
    assert_eq!(
        v,
        json!({"count": 2, "links": ["https://docs.firecrawl.dev", "https://firecrawl.dev/pricing"]})
    );
}

#[tokio::test]
async fn map_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "firecrawl_map",
            json!({"url": "https://a.example", "limit": 0}),
        )
        .await;
    assert!(err.contains("between 1 and 30000"), "{err}");
    post("/v1/map", json!({"url": "https://a.example"}))
        .respond(&s.fake, 401, fc_error("Unauthorized: Invalid token"))
        .await;
    let err = s
        .client
        .call_err("firecrawl_map", json!({"url": "https://a.example"}))
        .await;
    assert!(
        err.contains("401") && err.contains("Invalid token"),
        "{err}"
    );
    assert!(err.contains("firecrawl.dev/app/api-keys"), "{err}");
}
