//! A fake Brave Search API, a server pointed at it, and a client sending the key.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const KEY: &str = "BSA-test-key-0123456789";

pub use mcp_testkit::Setup;

/// The fake, the server and a client sending the key.
pub async fn setup() -> Setup {
    Setup::start(&brave_search_mcp_server::SPEC, json!({ "api_key": KEY })).await
}

/// `GET <path>` with the key in `X-Subscription-Token` and these query parameters.
pub fn brave(path: &str, query: &[(&str, &str)]) -> Expect {
    query.iter().fold(
        expect("GET", path)
            .header("x-subscription-token", KEY)
            .header("accept", "application/json"),
        |e, (k, v)| e.query(k, v),
    )
}

/// Brave's error body.
pub fn brave_error(status: u16, code: &str, detail: &str) -> Value {
    json!({
        "type": "ErrorResponse",
        "error": {"id": "7f6b8ad6-1d3a-4f6e-9c2b-1e2f3a4b5c6d", "status": status, "code": code, "detail": detail, "meta": {"component": "authentication"}},
        "time": 1733011200
    })
}

/// A web search answer as Brave documents it (trimmed to what matters, with the extra
/// verticals Brave mixes in).
pub fn web_body() -> Value {
    json!({
        "type": "search",
        "query": {
            "original": "rust asnyc runtime",
            "altered": "rust async runtime",
            "show_strict_warning": false,
            "is_navigational": false,
            "is_news_breaking": false,
            "spellcheck_off": false,
            "country": "de",
            "bad_results": false,
            "should_fallback": false,
            "postal_code": "",
            "city": "",
            "header_country": "",
            "more_results_available": true,
            "state": ""
        },
        "mixed": {"type": "mixed", "main": [{"type": "web", "index": 0, "all": false}], "top": [], "side": []},
        "web": {
            "type": "search",
            "results": [
                {
                    "title": "Tokio - An asynchronous <strong>Rust</strong> runtime",
                    "url": "https://tokio.rs/",
                    "is_source_local": false,
                    "is_source_both": false,
                    "description": "Tokio is an asynchronous <strong>runtime</strong> for the <strong>Rust</strong> programming language. It&#x27;s fast &amp; reliable.",
                    "page_age": "2026-11-02T00:00:00",
                    "profile": {"name": "Tokio", "url": "https://tokio.rs/", "long_name": "tokio.rs", "img": "https://imgs.search.brave.com/x.png"},
                    "language": "en",
                    "family_friendly": true,
                    "type": "search_result",
                    "subtype": "generic",
                    "meta_url": {"scheme": "https", "netloc": "tokio.rs", "hostname": "tokio.rs", "favicon": "https://imgs.search.brave.com/f.png", "path": ""},
                    "age": "November 2, 2026"
                },
                {
                    "title": "async-std",
                    "url": "https://async.rs/",
                    "description": "Async version of the Rust standard library.",
                    "type": "search_result",
                    "meta_url": {"scheme": "https", "netloc": "async.rs", "hostname": "async.rs", "path": ""}
                }
            ],
            "family_friendly": true
        }
    })
}
