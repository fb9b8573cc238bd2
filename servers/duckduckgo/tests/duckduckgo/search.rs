//! `search`: the exact request (POST /html/, form q/b/kl, a browser User-Agent, no
//! credentials), the results page parsed (ads skipped, redirects unwrapped), the bot check and
//! the no-results page.

use mcp_testkit::expect;
use serde_json::json;

use crate::{html, setup, text};

const RESULTS: &str = include_str!("fixtures/results.html");
const NO_RESULTS: &str = include_str!("fixtures/no_results.html");
const CHALLENGE: &str = include_str!("fixtures/challenge.html");

fn search_request(q: &str) -> mcp_testkit::Expect {
    expect("POST", "/html/")
        .form_body(&[("q", q), ("b", ""), ("kl", "")])
        .header("user-agent", duckduckgo_mcp_server::BROWSER_USER_AGENT)
}

#[tokio::test]
async fn search_contract() {
    let s = setup(false).await;
    search_request("rust async runtime")
        .respond_with(&s.fake, html(200, RESULTS))
        .await;
    let out = text(
        s.client
            .call_ok("search", json!({"query": "  rust   async runtime "}))
            .await,
    );
    assert_eq!(
        out,
        "Found 3 search results:\n\n\
         1. Tokio - An asynchronous Rust runtime\n   URL: https://tokio.rs/\n   Summary: Tokio is an asynchronous runtime for the Rust programming language. It provides the building blocks needed for writing network applications.\n\n\
         2. async/.await Primer - Asynchronous Programming in Rust\n   URL: https://rust-lang.github.io/async-book/01_getting_started/04_async_await_primer.html?highlight=async&x=1\n   Summary: async/.await is Rust's built-in tool for writing asynchronous functions that look like synchronous code.\n\n\
         3. smol - A small and fast async runtime\n   URL: https://smol-rs.github.io/smol/\n   Summary:"
    );
    let got = &s.fake.received_requests().await.unwrap()[0];
    assert!(got.headers.get("authorization").is_none());
    assert!(got.headers.get("cookie").is_none());
}

#[tokio::test]
async fn max_results_keeps_the_first_results() {
    let s = setup(false).await;
    search_request("rust")
        .respond_with(&s.fake, html(200, RESULTS))
        .await;
    let out = text(
        s.client
            .call_ok("search", json!({"query": "rust", "max_results": 1}))
            .await,
    );
    assert!(
        out.starts_with("Found 1 search results:\n\n1. Tokio"),
        "{out}"
    );
    assert!(!out.contains("2."), "{out}");
    assert!(!out.contains("y.js") && !out.contains("Hosting"), "{out}");
}

#[tokio::test]
async fn a_no_results_page_says_so() {
    let s = setup(false).await;
    search_request("zxqv qwpz")
        .respond_with(&s.fake, html(200, NO_RESULTS))
        .await;
    let out = text(
        s.client
            .call_ok("search", json!({"query": "zxqv qwpz"}))
            .await,
    );
    assert!(out.starts_with("No results were found"), "{out}");
}

#[tokio::test]
async fn the_bot_check_is_a_clear_error() {
    let s = setup(false).await;
    // DuckDuckGo serves its challenge with 202, sometimes with 200.
    search_request("a")
        .respond_with(&s.fake, html(202, CHALLENGE))
        .await;
    let err = s.client.call_err("search", json!({"query": "a"})).await;
    assert!(err.contains("bot check") && err.contains("202"), "{err}");
    search_request("b")
        .respond_with(&s.fake, html(200, CHALLENGE))
        .await;
    let err = s.client.call_err("search", json!({"query": "b"})).await;
    assert!(err.contains("bot check"), "{err}");
}

#[tokio::test]
async fn an_unreadable_page_is_an_error_naming_the_layout() {
    let s = setup(false).await;
    search_request("x")
        .respond_with(
            &s.fake,
            html(200, "<html><body><p>Something else</p></body></html>"),
        )
        .await;
    let err = s.client.call_err("search", json!({"query": "x"})).await;
    assert!(err.contains("layout may have changed"), "{err}");
}

#[tokio::test]
async fn a_vendor_error_status_is_an_error() {
    let s = setup(false).await;
    search_request("x")
        .respond_with(&s.fake, html(400, "<html><body>Bad request</body></html>"))
        .await;
    let err = s.client.call_err("search", json!({"query": "x"})).await;
    assert!(err.contains("400"), "{err}");
}

#[tokio::test]
async fn bad_input_gets_a_clear_error_and_sends_nothing() {
    let s = setup(false).await;
    let err = s.client.call_err("search", json!({"query": "   "})).await;
    assert!(err.contains("`query` is empty"), "{err}");
    for n in [0, -1, 51] {
        let err = s
            .client
            .call_err("search", json!({"query": "rust", "max_results": n}))
            .await;
        assert!(err.contains("between 1 and 50"), "{n}: {err}");
    }
    mcp_testkit::assert_no_requests(&s.fake).await;
}

#[tokio::test]
async fn searches_are_at_least_a_second_apart() {
    let s = setup(false).await;
    search_request("rust")
        .times(2)
        .respond_with(&s.fake, html(200, RESULTS))
        .await;
    let start = std::time::Instant::now();
    s.client.call_ok("search", json!({"query": "rust"})).await;
    s.client.call_ok("search", json!({"query": "rust"})).await;
    assert!(start.elapsed() >= std::time::Duration::from_millis(1000));
}
