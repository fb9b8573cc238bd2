//! `brave_web_search`, `brave_news_search` and `brave_video_search`: exact requests, concise
//! results, paging, Brave's errors and rate-limit headers, bad arguments.

use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{KEY, brave, brave_error, setup, web_body};

#[tokio::test]
async fn web_search_contract() {
    let s = setup().await;
    brave(
        "/web/search",
        &[
            ("q", "rust asnyc runtime"),
            ("count", "5"),
            ("offset", "1"),
            ("country", "DE"),
            ("search_lang", "de"),
            ("safesearch", "strict"),
            ("freshness", "pw"),
        ],
    )
    .respond(&s.fake, 200, web_body())
    .await;
    let v = s
        .client
        .call_ok(
            "brave_web_search",
            json!({"query": "rust asnyc runtime", "count": 5, "offset": 1, "country": "DE",
                   "search_lang": "de", "safesearch": "strict", "freshness": "pw"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "altered_query": "rust async runtime",
            "next_offset": 2,
            "results": [
                {"title": "Tokio - An asynchronous Rust runtime", "url": "https://tokio.rs/",
                 "description": "Tokio is an asynchronous runtime for the Rust programming language. It's fast & reliable.",
                 "age": "November 2, 2026"},
                {"title": "async-std", "url": "https://async.rs/", "description": "Async version of the Rust standard library."}
            ]
        })
    );
}

#[tokio::test]
async fn web_search_defaults_and_klavis_token_field() {
    let s = setup().await;
    let mut body = web_body();
    body["query"]["more_results_available"] = json!(false);
    brave("/web/search", &[("q", "tokio"), ("count", "10")])
        .respond(&s.fake, 200, body)
        .await;
    // Klavis's field name for the key is `token`.
    let client = s.client_with(json!({"token": KEY})).await;
    let v = client
        .call_ok("brave_web_search", json!({"query": " tokio "}))
        .await;
    assert_eq!(v["results"].as_array().unwrap().len(), 2);
    assert!(v.get("next_offset").is_none(), "{v}");
}

#[tokio::test]
async fn web_search_bad_arguments_reach_no_vendor() {
    let s = setup().await;
    for (args, want) in [
        (json!({"query": "  "}), "`query` must not be empty"),
        (json!({"query": "x", "count": 21}), "between 1 and 20"),
        (
            json!({"query": "x", "offset": 10}),
            "page index from 0 to 9",
        ),
        (
            json!({"query": "x", "safesearch": "medium"}),
            "invalid arguments",
        ),
    ] {
        let err = s.client.call_err("brave_web_search", args).await;
        assert!(err.contains(want), "{err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn web_search_validation_error_names_the_field() {
    let s = setup().await;
    let mut body = brave_error(422, "VALIDATION", "Unable to validate request parameter(s)");
    body["error"]["meta"] = json!({"errors": [{"type": "enum", "loc": ["query", "country"], "msg": "Input should be 'AR', 'AU', 'AT' or 'ALL'", "input": "XX", "ctx": {"expected": "'AR', 'AU', 'AT' or 'ALL'"}}]});
    brave(
        "/web/search",
        &[("q", "x"), ("count", "10"), ("country", "XX")],
    )
    .respond(&s.fake, 422, body)
    .await;
    let err = s
        .client
        .call_err("brave_web_search", json!({"query": "x", "country": "XX"}))
        .await;
    assert!(err.contains("422") && err.contains("(VALIDATION)"), "{err}");
    assert!(err.contains("country: Input should be"), "{err}");
}

#[tokio::test]
async fn rate_limit_headers_say_which_window_is_exhausted() {
    let s = setup().await;
    let limited = ResponseTemplate::new(429)
        .insert_header("x-ratelimit-limit", "1, 15000")
        .insert_header("x-ratelimit-policy", "1;w=1, 15000;w=2592000")
        .insert_header("x-ratelimit-remaining", "0, 0")
        .insert_header("x-ratelimit-reset", "1, 1419704")
        .set_body_json(brave_error(
            429,
            "RATE_LIMITED",
            "Request rate limit exceeded for plan.",
        ));
    // 429 is retried (it was not processed): three attempts, then the error.
    brave("/web/search", &[("q", "x"), ("count", "10")])
        .times(3)
        .respond_with(&s.fake, limited)
        .await;
    let err = s
        .client
        .call_err("brave_web_search", json!({"query": "x"}))
        .await;
    assert!(err.contains("429") && err.contains("RATE_LIMITED"), "{err}");
    assert!(
        err.contains("monthly quota of 15000 requests used up; it resets in 16 days"),
        "{err}"
    );
}

#[tokio::test]
async fn per_second_limit_is_retried_then_succeeds() {
    let s = setup().await;
    let limited = ResponseTemplate::new(429)
        .insert_header("x-ratelimit-limit", "1, 15000")
        .insert_header("x-ratelimit-remaining", "0, 14000")
        .insert_header("x-ratelimit-reset", "1, 1419704")
        .set_body_json(brave_error(
            429,
            "RATE_LIMITED",
            "Request rate limit exceeded for plan.",
        ));
    mcp_testkit::wiremock::Mock::given(mcp_testkit::wiremock::matchers::path("/web/search"))
        .respond_with(limited)
        .up_to_n_times(1)
        .mount(&s.fake)
        .await;
    brave("/web/search", &[("q", "x"), ("count", "10")])
        .respond(&s.fake, 200, web_body())
        .await;
    let v = s
        .client
        .call_ok("brave_web_search", json!({"query": "x"}))
        .await;
    assert_eq!(v["results"][0]["url"], "https://tokio.rs/");
}

fn news_body() -> serde_json::Value {
    json!({
        "type": "news",
        "query": {"original": "mars rover", "spellcheck_off": false, "show_strict_warning": false},
        "results": [
            {
                "type": "news_result",
                "title": "<strong>Mars</strong> rover finds ancient lake bed",
                "url": "https://news.example.com/mars-lake",
                "description": "The <strong>rover</strong> sent back images.",
                "age": "3 hours ago",
                "page_age": "2026-11-30T09:00:00",
                "page_fetched": "2026-11-30T09:30:00Z",
                "breaking": true,
                "thumbnail": {"src": "https://imgs.search.brave.com/t.jpg", "original": "https://news.example.com/t.jpg"},
                "meta_url": {"scheme": "https", "netloc": "news.example.com", "hostname": "news.example.com", "favicon": "https://imgs.search.brave.com/f.png", "path": "› mars-lake"},
                "extra_snippets": ["More text."]
            },
            {
                "type": "news_result",
                "title": "Rover update",
                "url": "https://space.example.org/update",
                "description": "Weekly update.",
                "age": "1 day ago",
                "breaking": false,
                "meta_url": {"scheme": "https", "netloc": "space.example.org", "hostname": "space.example.org", "path": ""}
            }
        ]
    })
}

#[tokio::test]
async fn news_search_contract() {
    let s = setup().await;
    brave(
        "/news/search",
        &[
            ("q", "mars rover"),
            ("count", "2"),
            ("freshness", "pd"),
            ("safesearch", "off"),
        ],
    )
    .respond(&s.fake, 200, news_body())
    .await;
    let v = s
        .client
        .call_ok(
            "brave_news_search",
            json!({"query": "mars rover", "count": 2, "freshness": "pd", "safesearch": "off", "offset": 0}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "next_offset": 1,
            "results": [
                {"title": "Mars rover finds ancient lake bed", "url": "https://news.example.com/mars-lake",
                 "description": "The rover sent back images.", "age": "3 hours ago",
                 "source": "news.example.com", "breaking": true},
                {"title": "Rover update", "url": "https://space.example.org/update", "description": "Weekly update.",
                 "age": "1 day ago", "source": "space.example.org"}
            ]
        })
    );
}

#[tokio::test]
async fn news_search_bad_key() {
    let s = setup().await;
    brave("/news/search", &[("q", "x"), ("count", "10")])
        .respond(
            &s.fake,
            401,
            brave_error(
                401,
                "SUBSCRIPTION_TOKEN_INVALID",
                "The provided subscription token is invalid.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("brave_news_search", json!({"query": "x"}))
        .await;
    assert!(
        err.contains("401") && err.contains("SUBSCRIPTION_TOKEN_INVALID"),
        "{err}"
    );
    assert!(err.contains("X-Subscription-Token"), "{err}");
    let err = s
        .client
        .call_err("brave_news_search", json!({"query": "x", "count": 51}))
        .await;
    assert!(err.contains("between 1 and 50"), "{err}");
}

#[tokio::test]
async fn video_search_contract() {
    let s = setup().await;
    brave(
        "/videos/search",
        &[("q", "rust talk"), ("count", "1"), ("offset", "2"), ("country", "ALL"), ("search_lang", "en")],
    )
    .respond(
        &s.fake,
        200,
        json!({
            "type": "videos",
            "query": {"original": "rust talk", "spellcheck_off": false},
            "results": [{
                "type": "video_result",
                "url": "https://www.youtube.com/watch?v=abc123",
                "title": "<strong>Rust</strong> in production",
                "description": "A conference talk.",
                "age": "March 3, 2026",
                "page_age": "2026-03-03T00:00:00",
                "video": {"duration": "42:10", "views": 120345, "creator": "RustConf", "publisher": "YouTube",
                          "thumbnail": {"src": "https://imgs.search.brave.com/v.jpg"}},
                "meta_url": {"scheme": "https", "netloc": "youtube.com", "hostname": "www.youtube.com", "path": "› watch"},
                "thumbnail": {"src": "https://imgs.search.brave.com/v.jpg", "original": "https://i.ytimg.com/vi/abc123/hq.jpg"}
            }],
            "extra": {"might_be_offensive": false}
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "brave_video_search",
            json!({"query": "rust talk", "count": 1, "offset": 2, "country": "ALL", "search_lang": "en"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "next_offset": 3,
            "results": [{"title": "Rust in production", "url": "https://www.youtube.com/watch?v=abc123",
                         "description": "A conference talk.", "age": "March 3, 2026", "duration": "42:10",
                         "creator": "RustConf", "publisher": "YouTube"}]
        })
    );
}

#[tokio::test]
async fn video_search_server_error() {
    let s = setup().await;
    // A GET is retried on 5xx: three attempts.
    brave("/videos/search", &[("q", "x"), ("count", "10")])
        .times(3)
        .respond(&s.fake, 503, json!({"type": "ErrorResponse", "error": {"status": 503, "code": "UNAVAILABLE", "detail": "Service temporarily unavailable"}}))
        .await;
    let err = s
        .client
        .call_err("brave_video_search", json!({"query": "x"}))
        .await;
    assert!(
        err.contains("503") && err.contains("temporarily unavailable"),
        "{err}"
    );
}
