//! The guarded fetch of caller-named URLs: the server's own network is refused (IP literals,
//! names after DNS resolution, every redirect) with a message that says why, before any
//! byte is sent; the operator's allow-list opens it; size is capped; no credential goes
//! along.

use mcp_testkit::{TestServer, auth_data, settings_for};
use serde_json::json;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::acme::SPEC;

async fn server(allow: &[&str], max_bytes: Option<usize>) -> TestServer {
    let mut s = settings_for("http://127.0.0.1:9");
    s.toolsets = Some(vec!["jobs".into()]);
    s.fetch_allow_hosts = allow.iter().map(|a| a.to_string()).collect();
    if let Some(n) = max_bytes {
        s.fetch_max_bytes = n;
    }
    TestServer::start(&SPEC, s).await
}

async fn page(body: &str) -> MockServer {
    let site = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/doc"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(body.to_owned(), "text/markdown"))
        .mount(&site)
        .await;
    site
}

#[tokio::test]
async fn loopback_is_refused_by_address_and_by_name() {
    let site = page("# secret admin page").await;
    let server = server(&[], None).await;
    let client = server.client("tok").await;
    let by_ip = client
        .call_err("acme_fetch", json!({"url": format!("{}/doc", site.uri())}))
        .await;
    assert!(
        by_ip.contains("refused to fetch 127.0.0.1")
            && by_ip.contains("loopback")
            && by_ip.contains("MCP_FETCH_ALLOW_HOSTS"),
        "{by_ip}"
    );
    // A name is checked after it resolves.
    let port = site.address().port();
    let by_name = client
        .call_err(
            "acme_fetch",
            json!({"url": format!("http://localhost:{port}/doc")}),
        )
        .await;
    assert!(
        by_name.contains("localhost (127.0.0.1)") || by_name.contains("localhost (::1)"),
        "{by_name}"
    );
    for (url, why) in [
        ("http://10.0.0.1/", "private"),
        ("http://[::1]/", "loopback"),
        ("http://169.254.169.254/latest/meta-data/", "link-local"),
        ("http://[::ffff:10.0.0.1]/", "private"),
        ("file:///etc/passwd", "only http and https"),
        ("gopher://example.com/", "only http and https"),
        ("not a url", "not a valid URL"),
    ] {
        let e = client.call_err("acme_fetch", json!({"url": url})).await;
        assert!(e.contains(why), "{url}: {e}");
    }
    assert_eq!(site.received_requests().await.map(|r| r.len()), Some(0));
}

#[tokio::test]
async fn an_allowed_host_is_fetched_without_credentials() {
    let site = page("# Title\n\nBody").await;
    let server = server(&["127.0.0.1"], None).await;
    let client = server
        .client_with(&[("x-auth-data", &auth_data("tenant-token-0001"))])
        .await;
    let r = client
        .call_ok("acme_fetch", json!({"url": format!("{}/doc", site.uri())}))
        .await;
    assert_eq!(r["status"], 200);
    assert_eq!(r["content_type"], "text/markdown");
    assert_eq!(r["text"], "# Title\n\nBody");
    let requests = site.received_requests().await.unwrap_or_default();
    assert_eq!(requests.len(), 1);
    assert!(requests[0].headers.get("authorization").is_none());
    let seen = format!("{:?}", requests[0].headers);
    assert!(!seen.contains("tenant-token-0001"), "{seen}");
}

#[tokio::test]
async fn every_redirect_is_checked() {
    let site = MockServer::start().await;
    for (from, to) in [
        (
            "/to-metadata",
            "http://169.254.169.254/latest/meta-data/".to_owned(),
        ),
        ("/to-private", "http://10.1.2.3/admin".to_owned()),
        ("/to-other-loopback", "http://127.0.0.2:9/".to_owned()),
        ("/to-ok", format!("{}/doc", site.uri())),
    ] {
        Mock::given(method("GET"))
            .and(path(from))
            .respond_with(ResponseTemplate::new(302).insert_header("location", to.as_str()))
            .mount(&site)
            .await;
    }
    Mock::given(method("GET"))
        .and(path("/doc"))
        .respond_with(ResponseTemplate::new(200).set_body_string("landed"))
        .mount(&site)
        .await;
    let server = server(&["127.0.0.1"], None).await;
    let client = server.client("tok").await;
    let e = client
        .call_err(
            "acme_fetch",
            json!({"url": format!("{}/to-metadata", site.uri())}),
        )
        .await;
    assert!(
        e.contains("169.254.169.254") && e.contains("link-local"),
        "{e}"
    );
    let e = client
        .call_err(
            "acme_fetch",
            json!({"url": format!("{}/to-private", site.uri())}),
        )
        .await;
    assert!(e.contains("10.1.2.3") && e.contains("private"), "{e}");
    // Only 127.0.0.1 (the site) is allowed, not the rest of the loopback range.
    let e = client
        .call_err(
            "acme_fetch",
            json!({"url": format!("{}/to-other-loopback", site.uri())}),
        )
        .await;
    assert!(e.contains("127.0.0.2") && e.contains("loopback"), "{e}");
    let r = client
        .call_ok(
            "acme_fetch",
            json!({"url": format!("{}/to-ok", site.uri())}),
        )
        .await;
    assert_eq!(r["text"], "landed");
    assert_eq!(r["url"], format!("{}/doc", site.uri()));
}

#[tokio::test]
async fn size_is_capped_and_errors_are_clear() {
    let site = page(&"x".repeat(2048)).await;
    Mock::given(method("GET"))
        .and(path("/gone"))
        .respond_with(ResponseTemplate::new(404).set_body_string("nope"))
        .mount(&site)
        .await;
    let server = server(&["127.0.0.0/8"], Some(1024)).await;
    let client = server.client("tok").await;
    let e = client
        .call_err("acme_fetch", json!({"url": format!("{}/doc", site.uri())}))
        .await;
    assert!(
        e.contains("larger than 1024 bytes") && e.contains("MCP_FETCH_MAX_BYTES"),
        "{e}"
    );
    let e = client
        .call_err(
            "acme_fetch",
            json!({"url": format!("{}/gone?token=hidden-in-query", site.uri())}),
        )
        .await;
    assert!(e.contains("HTTP 404"), "{e}");
    assert!(!e.contains("hidden-in-query"), "{e}");
}
