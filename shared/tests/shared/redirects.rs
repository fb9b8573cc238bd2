//! Redirects (#42): on the request's own origin they are followed with its credentials; to
//! another origin, a request that carries credentials is refused and nothing reaches the
//! other host, and a request marked `redirect_without_credentials` (or one that carries none)
//! is followed without any of them. And what a failed write's error says about repeating it.

use mcp_testkit::wiremock::{Mock, MockServer, Request as Seen, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, settings_for};
use serde_json::json;

use crate::acme::SPEC;

fn upstream(fake: &MockServer) -> mcp_shared::Upstream {
    let cfg = mcp_shared::UpstreamConfig::new(url::Url::parse(&fake.uri()).unwrap(), "Acme");
    mcp_shared::Upstream::new(cfg).unwrap()
}

/// A second listener that answers everything with 200 and keeps what it was sent.
async fn other_host() -> MockServer {
    let other = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"from": "other"})))
        .mount(&other)
        .await;
    other
}

async fn seen(server: &MockServer) -> Vec<Seen> {
    server.received_requests().await.unwrap_or_default()
}

/// Every header, the query and the body of a request, as text.
fn whole(r: &Seen) -> String {
    let headers: Vec<String> = r
        .headers
        .iter()
        .map(|(k, v)| format!("{k}: {}", v.to_str().unwrap_or("")))
        .collect();
    format!(
        "{} {}\n{}\n{}",
        r.method,
        r.url,
        headers.join("\n"),
        String::from_utf8_lossy(&r.body)
    )
}

async fn redirect_to(fake: &MockServer, status: u16, target: &str) {
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(status).insert_header("location", target))
        .mount(fake)
        .await;
}

/// The test service's tool (Bearer credentials): the redirect to another port is refused,
/// the error names the host, and the other listener receives nothing at all.
#[tokio::test]
async fn a_tool_call_is_not_redirected_to_another_host() {
    let other = other_host().await;
    let fake = MockServer::start().await;
    redirect_to(&fake, 302, &format!("{}/things/1", other.uri())).await;
    let server = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let client = server.client("tok-secret").await;
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(err.contains("redirect to another host"), "{err}");
    assert!(err.contains(&other.uri()), "names the host: {err}");
    assert!(err.contains("Nothing was sent"), "{err}");
    assert!(
        seen(&other).await.is_empty(),
        "a request reached the other host"
    );
}

/// Credentials in headers of their own and in the query (the forms reqwest would not strip):
/// never sent to the other host.
#[tokio::test]
async fn custom_header_and_query_credentials_never_leave_the_origin() {
    let other = other_host().await;
    let fake = MockServer::start().await;
    redirect_to(&fake, 307, &format!("{}/x?y=1", other.uri())).await;
    let up = upstream(&fake);
    let key = mcp_shared::Secret::new("key-123");
    for req in [
        up.request(http::Method::GET, "/a").sensitive_header(
            http::HeaderName::from_static("x-shopify-access-token"),
            "shpat-1",
        ),
        up.request(http::Method::GET, "/a")
            .secret_query("api_key", &key),
        up.request(http::Method::GET, "/a")
            .sensitive_header(http::HeaderName::from_static("x-api-key"), "key-123"),
    ] {
        let err = req
            .send_raw()
            .await
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains("credentials, which stay with"), "{err}");
    }
    assert!(seen(&other).await.is_empty());
}

/// A download marked `redirect_without_credentials` is fetched from the other host with
/// none of the request's credentials, headers or body.
#[tokio::test]
async fn a_marked_download_follows_without_credentials() {
    let other = other_host().await;
    let fake = MockServer::start().await;
    Mock::given(matchers::path("/download"))
        .and(matchers::header("x-api-key", "key-123"))
        .and(matchers::query_param("api_key", "q-secret"))
        .respond_with(
            ResponseTemplate::new(302)
                .insert_header("location", format!("{}/blob?sig=s1", other.uri()).as_str()),
        )
        .expect(1)
        .mount(&fake)
        .await;
    let up = upstream(&fake);
    let resp = up
        .request(http::Method::GET, "/download")
        .sensitive_header(http::HeaderName::from_static("x-api-key"), "key-123")
        .secret_query("api_key", &mcp_shared::Secret::new("q-secret"))
        .header("x-tool-header", "tool")
        .bearer(&mcp_shared::Secret::new("bearer-secret"))
        .redirect_without_credentials()
        .send()
        .await
        .unwrap();
    assert_eq!(resp.json::<serde_json::Value>().unwrap()["from"], "other");
    let got = seen(&other).await;
    assert_eq!(got.len(), 1);
    let text = whole(&got[0]);
    assert!(text.starts_with("GET "), "{text}");
    assert!(text.contains("sig=s1"), "{text}");
    for secret in [
        "key-123",
        "q-secret",
        "bearer-secret",
        "x-tool-header",
        "authorization",
    ] {
        assert!(
            !text.to_ascii_lowercase().contains(secret),
            "{secret} reached the other host:\n{text}"
        );
    }
}

/// A request without credentials follows a GET redirect to another host (as before); a POST
/// answered 307 is not sent on with its body.
#[tokio::test]
async fn credential_free_reads_follow_and_writes_do_not() {
    let other = other_host().await;
    let fake = MockServer::start().await;
    redirect_to(&fake, 307, &format!("{}/moved", other.uri())).await;
    let up = upstream(&fake);
    let v: serde_json::Value = up
        .request(http::Method::GET, "/page")
        .send_json()
        .await
        .unwrap();
    assert_eq!(v["from"], "other");
    let err = up
        .request(http::Method::POST, "/form")
        .json(&json!({"a": 1}))
        .send()
        .await
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains("a POST request is not sent on"), "{err}");
    assert_eq!(seen(&other).await.len(), 1);
}

/// A redirect on the same origin keeps the credentials (a moved resource of the same API).
#[tokio::test]
async fn same_origin_redirects_keep_the_credentials() {
    let fake = MockServer::start().await;
    Mock::given(matchers::path("/old"))
        .respond_with(
            ResponseTemplate::new(301).insert_header("location", format!("{}/new", fake.uri())),
        )
        .mount(&fake)
        .await;
    Mock::given(matchers::path("/new"))
        .and(matchers::header("x-api-key", "key-123"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"ok": true})))
        .expect(1)
        .mount(&fake)
        .await;
    let up = upstream(&fake);
    let v: serde_json::Value = up
        .request(http::Method::GET, "/old")
        .sensitive_header(http::HeaderName::from_static("x-api-key"), "key-123")
        .send_json()
        .await
        .unwrap();
    assert_eq!(v["ok"], true);
}

/// A write answered 502 (after the vendor may have done it) says so; a read's 502 does not;
/// a write with an idempotency key names the key.
#[tokio::test]
async fn a_failed_write_never_invites_a_second_one() {
    let fake = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(502).set_body_json(json!({"message": "bad gateway"})))
        .mount(&fake)
        .await;
    let mut cfg = mcp_shared::UpstreamConfig::new(url::Url::parse(&fake.uri()).unwrap(), "Acme");
    cfg.retry.max_attempts = 1;
    let up = mcp_shared::Upstream::new(cfg).unwrap();
    let write = up
        .request(http::Method::POST, "/mail")
        .send()
        .await
        .err()
        .unwrap()
        .to_string();
    assert!(write.contains("may already have been processed"), "{write}");
    assert!(write.contains("check whether it took effect"), "{write}");
    assert!(!write.contains("retry later"), "{write}");
    let read = up
        .request(http::Method::GET, "/mail")
        .send()
        .await
        .err()
        .unwrap()
        .to_string();
    assert!(!read.contains("may already have been processed"), "{read}");
    // The key the vendor saw is the key the error names, in the header or the query.
    let keyed = up
        .request(http::Method::POST, "/videos")
        .idempotency_key("Idempotency-Key")
        .send()
        .await
        .err()
        .unwrap()
        .to_string();
    let sent = fake.received_requests().await.unwrap_or_default();
    let key = sent
        .iter()
        .find(|r| r.url.path() == "/videos")
        .and_then(|r| r.headers.get("idempotency-key"))
        .and_then(|v| v.to_str().ok())
        .unwrap()
        .to_owned();
    assert_eq!(
        uuid::Uuid::parse_str(&key).map(|u| u.get_version_num()),
        Ok(4)
    );
    assert!(
        keyed.contains(&format!("`{key}` (in the Idempotency-Key header)")),
        "{keyed}"
    );
    assert!(keyed.contains("with that key is safe"), "{keyed}");
    let keyed = up
        .request(http::Method::POST, "/invoice")
        .idempotency_query("requestid", "r-7")
        .send()
        .await
        .err()
        .unwrap()
        .to_string();
    let sent = fake.received_requests().await.unwrap_or_default();
    let key = sent
        .iter()
        .find(|r| r.url.path() == "/invoice")
        .and_then(|r| r.url.query_pairs().find(|(k, _)| k == "requestid"))
        .map(|(_, v)| v.into_owned())
        .unwrap();
    assert!(
        keyed.contains(&format!("`{key}` (in the requestid query parameter)")),
        "{keyed}"
    );
    // A tool's own generic hint never replaces the caveat.
    let err = up
        .request(http::Method::POST, "/mail")
        .send()
        .await
        .err()
        .unwrap();
    assert!(
        err.with_specific_hint("other")
            .to_string()
            .contains("may already have been processed")
    );
}
