//! Fetch server tests: each tool against a local site that asserts the exact request (the
//! browser User-Agent, the caller's headers), through a real MCP client; the guard's
//! refusals, the size cap and the failure messages.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{Client, TestServer, expect, settings_for};
use serde_json::{Value, json};

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(fetch_mcp_server::SPEC, "fetch-mcp-server");
// Toolathlon's fetch server: the same four tools.
mcp_testkit::profile_suite!(toolathlon_profile, fetch_mcp_server::SPEC, toolathlon);

const PAGE: &str = "<html><head><title>T</title><style>p{color:red}</style></head><body>\
    <h1>Hello</h1><p>Some <b>bold</b>\n\n   text.</p><script>var x = 1;</script>\
    <noscript>enable js</noscript><ul><li>one</li><li>two</li></ul></body></html>";

async fn site(allow: bool, max_bytes: Option<usize>) -> (MockServer, Client, TestServer) {
    let site = MockServer::start().await;
    let mut s = settings_for("");
    s.api_base_url = None;
    if allow {
        s.fetch_allow_hosts = vec!["127.0.0.1".into()];
    }
    if let Some(n) = max_bytes {
        s.fetch_max_bytes = n;
    }
    let server = TestServer::start(&fetch_mcp_server::SPEC, s).await;
    let client = server.client_with(&[]).await;
    (site, client, server)
}

fn html(body: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_raw(body.as_bytes().to_vec(), "text/html; charset=utf-8")
}

fn text(v: Value) -> String {
    match v {
        Value::String(s) => s,
        other => panic!("expected text, got {other}"),
    }
}

#[tokio::test]
async fn fetch_html_returns_the_body_with_a_browser_user_agent() {
    let (site, c, _s) = site(true, None).await;
    expect("GET", "/page")
        .header("user-agent", fetch_mcp_server::BROWSER_USER_AGENT)
        .respond_with(&site, html(PAGE))
        .await;
    let out = text(
        c.call_ok("fetch_html", json!({"url": format!("{}/page", site.uri())}))
            .await,
    );
    assert_eq!(out, PAGE);
}

#[tokio::test]
async fn the_callers_headers_are_sent_and_its_user_agent_wins() {
    let (site, c, _s) = site(true, None).await;
    expect("GET", "/page")
        .header("user-agent", "my-agent/1.0")
        .header("accept-language", "de")
        .respond_with(&site, html("<p>Hallo</p>"))
        .await;
    let out = c
        .call_ok(
            "fetch_txt",
            json!({"url": format!("{}/page", site.uri()),
                   "headers": {"User-Agent": "my-agent/1.0", "Accept-Language": "de",
                               "Host": "evil.example", "Connection": "close"}}),
        )
        .await;
    assert_eq!(text(out), "Hallo");
    // Host and Connection were the connection's own, not the caller's.
    let got = &site.received_requests().await.unwrap()[0];
    let host = got.headers.get("host").unwrap().to_str().unwrap();
    assert!(host.starts_with("127.0.0.1"), "{host}");
}

#[tokio::test]
async fn fetch_txt_is_the_visible_text_with_whitespace_collapsed() {
    let (site, c, _s) = site(true, None).await;
    expect("GET", "/page").respond_with(&site, html(PAGE)).await;
    let out = text(
        c.call_ok("fetch_txt", json!({"url": format!("{}/page", site.uri())}))
            .await,
    );
    assert_eq!(out, "Hello Some bold text. one two");
}

#[tokio::test]
async fn fetch_markdown_converts_without_scripts_or_styles() {
    let (site, c, _s) = site(true, None).await;
    expect("GET", "/page").respond_with(&site, html(PAGE)).await;
    let out = text(
        c.call_ok(
            "fetch_markdown",
            json!({"url": format!("{}/page", site.uri())}),
        )
        .await,
    );
    assert!(out.contains("# Hello"), "{out}");
    assert!(out.contains("**bold**"), "{out}");
    assert!(out.contains("one") && out.contains("two"), "{out}");
    assert!(
        !out.contains("var x") && !out.contains("color:red"),
        "{out}"
    );
}

#[tokio::test]
async fn fetch_json_returns_compact_json_and_refuses_what_is_not() {
    let (site, c, _s) = site(true, None).await;
    expect("GET", "/data.json")
        .respond_with(
            &site,
            ResponseTemplate::new(200).set_body_raw(
                b"{ \"a\" : [1, 2,\n 3], \"b\": \"x\\\\y\" }".to_vec(),
                "application/json",
            ),
        )
        .await;
    let r = c
        .call(
            "fetch_json",
            json!({"url": format!("{}/data.json", site.uri())}),
        )
        .await
        .unwrap();
    // Compact, and the backslash kept (the variant strips it).
    assert_eq!(mcp_testkit::text_of(&r), r#"{"a":[1,2,3],"b":"x\\y"}"#);
    expect("GET", "/page").respond_with(&site, html(PAGE)).await;
    let err = c
        .call_err("fetch_json", json!({"url": format!("{}/page", site.uri())}))
        .await;
    assert!(err.contains("did not answer with JSON"), "{err}");
}

#[tokio::test]
async fn an_error_status_is_an_error_that_names_it() {
    let (site, c, _s) = site(true, None).await;
    expect("GET", "/gone")
        .respond_with(&site, ResponseTemplate::new(404).set_body_string("nope"))
        .await;
    let err = c
        .call_err("fetch_html", json!({"url": format!("{}/gone", site.uri())}))
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn private_addresses_are_refused_and_receive_nothing() {
    let (site, c, _s) = site(false, None).await;
    for url in [
        format!("{}/page", site.uri()),
        "http://169.254.169.254/latest/meta-data/".to_owned(),
        "http://10.1.2.3/".to_owned(),
        "http://[::1]/".to_owned(),
        "file:///etc/passwd".to_owned(),
    ] {
        let err = c.call_err("fetch_html", json!({"url": url})).await;
        assert!(err.contains("refused"), "{url}: {err}");
    }
    mcp_testkit::assert_no_requests(&site).await;
}

#[tokio::test]
async fn a_body_over_the_cap_is_refused_with_the_cap() {
    let (site, c, _s) = site(true, Some(1000)).await;
    expect("GET", "/big")
        .respond_with(&site, html(&"x".repeat(5000)))
        .await;
    let err = c
        .call_err("fetch_html", json!({"url": format!("{}/big", site.uri())}))
        .await;
    assert!(err.contains("larger than 1000 bytes"), "{err}");
}

#[tokio::test]
async fn bad_input_gets_a_clear_error() {
    let (_site, c, _s) = site(true, None).await;
    let err = c.call_err("fetch_html", json!({"url": "not a url"})).await;
    assert!(err.contains("not a valid URL"), "{err}");
    let err = c
        .call_err(
            "fetch_html",
            json!({"url": "https://example.com/", "headers": {"X-Bad": "a\nb"}}),
        )
        .await;
    assert!(err.contains("X-Bad"), "{err}");
}
