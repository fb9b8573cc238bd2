//! `fetch_content`: a guarded GET with a browser User-Agent, the readable text (navigation,
//! header, footer, scripts and styles left out), the 8000-character cap, refusals.

use mcp_testkit::expect;
use serde_json::json;

use crate::{html, setup, text};

const PAGE: &str = "<html><head><title>T</title><style>p{color:red}</style></head><body>\
    <header><a href=/>Home</a> Menu</header><nav><a href=/a>A</a></nav>\
    <main><h1>Hello</h1><p>Some <b>bold</b>\n\n   text.</p><script>var x = 1;</script>\
    <ul><li>one</li><li>two</li></ul></main><footer>Copyright</footer></body></html>";

#[tokio::test]
async fn fetch_content_contract() {
    let s = setup(true).await;
    expect("GET", "/article")
        .header("user-agent", duckduckgo_mcp_server::BROWSER_USER_AGENT)
        .respond_with(&s.fake, html(200, PAGE))
        .await;
    let out = text(
        s.client
            .call_ok(
                "fetch_content",
                json!({"url": format!("{}/article", s.fake.uri())}),
            )
            .await,
    );
    assert_eq!(out, "Hello Some bold text. one two");
}

#[tokio::test]
async fn long_pages_are_cut_at_8000_characters() {
    let s = setup(true).await;
    // Multi-byte characters: the cut is by characters, never inside one.
    let body = format!("<p>{}</p>", "é".repeat(9000));
    expect("GET", "/long")
        .respond_with(&s.fake, html(200, &body))
        .await;
    let out = text(
        s.client
            .call_ok(
                "fetch_content",
                json!({"url": format!("{}/long", s.fake.uri())}),
            )
            .await,
    );
    assert_eq!(out, format!("{}... [content truncated]", "é".repeat(8000)));
    assert_eq!(duckduckgo_mcp_server::MAX_CHARS, 8000);
}

#[tokio::test]
async fn an_error_status_is_an_error_that_names_it() {
    let s = setup(true).await;
    expect("GET", "/gone")
        .respond_with(&s.fake, html(404, "nope"))
        .await;
    let err = s
        .client
        .call_err(
            "fetch_content",
            json!({"url": format!("{}/gone", s.fake.uri())}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn private_addresses_are_refused_and_receive_nothing() {
    let s = setup(false).await;
    for url in [
        format!("{}/article", s.fake.uri()),
        "http://169.254.169.254/latest/meta-data/".to_owned(),
        "http://10.1.2.3/".to_owned(),
        "http://[::1]/".to_owned(),
        "file:///etc/passwd".to_owned(),
    ] {
        let err = s
            .client
            .call_err("fetch_content", json!({"url": url}))
            .await;
        assert!(err.contains("refused"), "{url}: {err}");
    }
    mcp_testkit::assert_no_requests(&s.fake).await;
}

#[tokio::test]
async fn bad_input_gets_a_clear_error() {
    let s = setup(true).await;
    let err = s
        .client
        .call_err("fetch_content", json!({"url": "not a url"}))
        .await;
    assert!(err.contains("not a valid URL"), "{err}");
    let err = s.client.call_err("fetch_content", json!({})).await;
    assert!(err.contains("url"), "{err}");
}
