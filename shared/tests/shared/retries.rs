//! The upstream client: retries, Retry-After, timeouts, connection failures, error bodies.

use std::time::{Duration, Instant, SystemTime};

use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{Client, TestServer, settings_for};
use serde_json::json;

use crate::acme::{SPEC, thing};

async fn start(
    fake_uri: &str,
    tweak: impl FnOnce(&mut mcp_shared::Settings),
) -> (TestServer, Client) {
    let mut settings = settings_for(fake_uri);
    tweak(&mut settings);
    let server = TestServer::start(&SPEC, settings).await;
    let client = server.client("tok").await;
    (server, client)
}

/// A vendor that accepts every request and answers `status` only after 5 s, longer than
/// any of these tests' deadlines.
async fn hang(fake: &MockServer, status: u16) {
    Mock::given(matchers::any())
        .respond_with(
            ResponseTemplate::new(status)
                .set_body_json(thing(1))
                .set_delay(Duration::from_secs(5)),
        )
        .mount(fake)
        .await;
}

async fn requests(fake: &MockServer) -> usize {
    fake.received_requests().await.map(|r| r.len()).unwrap_or(0)
}

/// Mount `first` for the first request only, then `then` for the rest.
async fn first_then(
    fake: &MockServer,
    method: &str,
    first: ResponseTemplate,
    then: ResponseTemplate,
) {
    Mock::given(matchers::method(method))
        .respond_with(first)
        .up_to_n_times(1)
        .with_priority(1)
        .mount(fake)
        .await;
    Mock::given(matchers::method(method))
        .respond_with(then)
        .with_priority(2)
        .mount(fake)
        .await;
}

#[tokio::test]
async fn rate_limit_retry_after_seconds_is_honoured() {
    let fake = MockServer::start().await;
    first_then(
        &fake,
        "GET",
        ResponseTemplate::new(429)
            .insert_header("retry-after", "1")
            .set_body_json(json!({"message": "slow down"})),
        ResponseTemplate::new(200).set_body_json(thing(1)),
    )
    .await;
    let (_server, client) = start(&fake.uri(), |_| {}).await;
    let started = Instant::now();
    assert_eq!(
        client.call_ok("acme_get_thing", json!({"id": 1})).await["id"],
        1
    );
    assert!(
        started.elapsed() >= Duration::from_millis(950),
        "did not wait for Retry-After"
    );
    assert_eq!(requests(&fake).await, 2);
}

#[tokio::test]
async fn rate_limit_retry_after_http_date_and_post_retried() {
    let fake = MockServer::start().await;
    // The server starts first, so that its start-up (slow on a loaded machine) does not eat
    // into the wait the date asks for (an HTTP date has whole seconds: 1 to 2 s from here).
    let (_server, client) = start(&fake.uri(), |_| {}).await;
    let started = Instant::now();
    let date = httpdate::fmt_http_date(SystemTime::now() + Duration::from_secs(2));
    first_then(
        &fake,
        "POST",
        ResponseTemplate::new(429).insert_header("retry-after", date.as_str()),
        ResponseTemplate::new(201).set_body_json(thing(9)),
    )
    .await;
    // A 429 was not processed, so even a POST is retried.
    assert_eq!(
        client
            .call_ok("acme_create_thing", json!({"name": "x"}))
            .await["id"],
        9
    );
    assert!(
        started.elapsed() >= Duration::from_millis(900),
        "did not wait for the HTTP date"
    );
    assert_eq!(requests(&fake).await, 2);
}

#[tokio::test]
async fn rate_limit_longer_than_we_wait_is_reported_with_the_delay() {
    let fake = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("retry-after", "120")
                .set_body_json(json!({"message": "API rate limit exceeded"})),
        )
        .mount(&fake)
        .await;
    let (_server, client) = start(&fake.uri(), |_| {}).await;
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(
        err.contains("429") && err.contains("API rate limit exceeded"),
        "{err}"
    );
    assert!(err.contains("retry after 120 s"), "{err}");
    assert_eq!(requests(&fake).await, 1);
}

#[tokio::test]
async fn rate_limit_reset_header_on_403() {
    let fake = MockServer::start().await;
    let reset = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs() + 1)
        .unwrap_or(0);
    first_then(
        &fake,
        "GET",
        ResponseTemplate::new(403)
            .insert_header("x-ratelimit-remaining", "0")
            .insert_header("x-ratelimit-reset", reset.to_string().as_str())
            .set_body_json(json!({"message": "API rate limit exceeded for user"})),
        ResponseTemplate::new(200).set_body_json(thing(3)),
    )
    .await;
    let (_server, client) = start(&fake.uri(), |_| {}).await;
    assert_eq!(
        client.call_ok("acme_get_thing", json!({"id": 3})).await["id"],
        3
    );
    assert_eq!(requests(&fake).await, 2);
}

#[tokio::test]
async fn service_unavailable_then_success_for_reads() {
    let fake = MockServer::start().await;
    first_then(
        &fake,
        "GET",
        ResponseTemplate::new(503),
        ResponseTemplate::new(200).set_body_json(thing(4)),
    )
    .await;
    let (_server, client) = start(&fake.uri(), |_| {}).await;
    assert_eq!(
        client.call_ok("acme_get_thing", json!({"id": 4})).await["id"],
        4
    );
    assert_eq!(requests(&fake).await, 2);
}

#[tokio::test]
async fn gateway_errors_are_not_retried_for_writes() {
    let fake = MockServer::start().await;
    Mock::given(matchers::method("POST"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&fake)
        .await;
    let (_server, client) = start(&fake.uri(), |_| {}).await;
    let err = client
        .call_err("acme_create_thing", json!({"name": "x"}))
        .await;
    assert!(err.contains("503 Service Unavailable"), "{err}");
    assert_eq!(requests(&fake).await, 1);
}

#[tokio::test]
async fn reads_give_up_after_three_attempts_with_a_readable_error() {
    let fake = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(
            ResponseTemplate::new(502).set_body_string("<html><body>Bad gateway</body></html>"),
        )
        .mount(&fake)
        .await;
    let (_server, client) = start(&fake.uri(), |_| {}).await;
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(err.starts_with("Acme API error 502 Bad Gateway."), "{err}");
    assert!(!err.contains("<html>"), "{err}");
    assert_eq!(requests(&fake).await, 3);
}

#[tokio::test]
async fn non_json_error_body_is_quoted() {
    let fake = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(500).set_body_string("upstream exploded"))
        .mount(&fake)
        .await;
    let (_server, client) = start(&fake.uri(), |_| {}).await;
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(
        err.contains("500 Internal Server Error: upstream exploded."),
        "{err}"
    );
    // A 500 on a read is retried like 502-504 (many vendors' 500s are transient).
    assert_eq!(requests(&fake).await, 3);
}

#[tokio::test]
async fn a_500_on_a_write_is_not_retried() {
    let fake = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(500).set_body_json(json!({"message": "boom"})))
        .mount(&fake)
        .await;
    let (_server, client) = start(&fake.uri(), |_| {}).await;
    let err = client
        .call_err("acme_create_thing", json!({"name": "x"}))
        .await;
    assert!(err.contains("500 Internal Server Error: boom."), "{err}");
    assert_eq!(
        requests(&fake).await,
        1,
        "a write that may have run is never repeated"
    );
}

#[tokio::test]
async fn invalid_json_success_body_is_a_clear_error() {
    let fake = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(200).set_body_string("{not json"))
        .mount(&fake)
        .await;
    let (_server, client) = start(&fake.uri(), |_| {}).await;
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(err.contains("not the expected JSON"), "{err}");
}

#[tokio::test]
async fn read_timeout_is_retried_then_reported() {
    let fake = MockServer::start().await;
    hang(&fake, 200).await;
    let (_server, client) = start(&fake.uri(), |s| {
        s.upstream_timeout = Duration::from_millis(300)
    })
    .await;
    let started = std::time::Instant::now();
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    // The timeout bounds the whole call: a hanging vendor gets one attempt of 300 ms, not
    // three of 300 ms each plus the backoff between them.
    assert!(
        err.contains("gave no answer in 300 ms over 1 attempt"),
        "{err}"
    );
    assert_eq!(requests(&fake).await, 1);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn retries_share_one_deadline() {
    // Each answer is a fast 503, then the vendor hangs: the retry gets only what is left of
    // the call's deadline, and the message says how many attempts were made.
    let fake = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(503))
        .up_to_n_times(1)
        .mount(&fake)
        .await;
    hang(&fake, 200).await;
    let (_server, client) = start(&fake.uri(), |s| {
        s.upstream_timeout = Duration::from_millis(600)
    })
    .await;
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(
        err.contains("gave no answer in 600 ms over 2 attempts"),
        "{err}"
    );
    assert_eq!(requests(&fake).await, 2);
}

#[tokio::test]
async fn write_that_timed_out_is_not_retried() {
    let fake = MockServer::start().await;
    hang(&fake, 201).await;
    let (_server, client) = start(&fake.uri(), |s| {
        s.upstream_timeout = Duration::from_millis(300)
    })
    .await;
    let err = client
        .call_err("acme_create_thing", json!({"name": "x"}))
        .await;
    assert!(
        err.contains("gave no answer in 300 ms over 1 attempt") && err.contains("not retried"),
        "{err}"
    );
    assert_eq!(requests(&fake).await, 1);
}

/// A server that reads each request, writes `answer` (possibly nothing, possibly a head and
/// part of the promised body) and closes the connection; counts the connections.
async fn closing_server(
    answer: &'static [u8],
) -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    use std::sync::atomic::Ordering;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let count = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let c = count.clone();
    tokio::spawn(async move {
        while let Ok((mut sock, _)) = listener.accept().await {
            c.fetch_add(1, Ordering::SeqCst);
            let mut buf = [0u8; 4096];
            let _ = sock.read(&mut buf).await;
            let _ = sock.write_all(answer).await;
            drop(sock);
        }
    });
    (format!("http://{addr}"), count)
}

/// Reads are retried (3 attempts) and then reported; a write is tried once.
async fn broken_connection_is_retried_for_reads_only(answer: &'static [u8]) {
    use std::sync::atomic::Ordering;
    let (uri, count) = closing_server(answer).await;
    let (_server, client) = start(&uri, |_| {}).await;
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(err.contains("connection to Acme failed"), "{err}");
    assert_eq!(count.load(Ordering::SeqCst), 3);
    count.store(0, Ordering::SeqCst);
    let err = client
        .call_err("acme_create_thing", json!({"name": "x"}))
        .await;
    assert!(err.contains("not retried"), "{err}");
    assert_eq!(count.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn connection_reset_retries_reads_not_writes() {
    broken_connection_is_retried_for_reads_only(b"").await;
}

#[tokio::test]
async fn connection_reset_mid_body_is_retried_for_reads_and_reported() {
    broken_connection_is_retried_for_reads_only(
        b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{\"id\": 1, \"name\": \"tru",
    )
    .await;
}

#[tokio::test]
async fn connection_refused_is_reported() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let uri = format!("http://{}", listener.local_addr().expect("addr"));
    drop(listener);
    let (_server, client) = start(&uri, |_| {}).await;
    let err = client
        .call_err("acme_create_thing", json!({"name": "x"}))
        .await;
    assert!(err.contains("Cannot connect to Acme"), "{err}");
}

#[tokio::test]
async fn oversized_response_is_refused_not_buffered() {
    let fake = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(200).set_body_string("x".repeat(2 * 1024 * 1024)))
        .mount(&fake)
        .await;
    let (_server, client) = start(&fake.uri(), |s| s.upstream_max_body_bytes = 1024 * 1024).await;
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(err.contains("larger than 1 MiB"), "{err}");
}

/// `no_redirect` hands out a redirect's target (a pre-signed URL) instead of following it;
/// the same upstream still follows redirects for other requests.
#[tokio::test]
async fn no_redirect_requests_return_the_location() {
    let fake = MockServer::start().await;
    let presigned = "https://objects.example.com/archive.zip?sig=abc&expires=60";
    Mock::given(matchers::path("/archive"))
        .and(matchers::header("authorization", "Bearer tok"))
        .respond_with(ResponseTemplate::new(302).insert_header("location", presigned))
        .expect(1)
        .mount(&fake)
        .await;
    Mock::given(matchers::path("/moved"))
        .respond_with(
            ResponseTemplate::new(301).insert_header("location", format!("{}/here", fake.uri())),
        )
        .mount(&fake)
        .await;
    Mock::given(matchers::path("/here"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"ok": true})))
        .mount(&fake)
        .await;
    let cfg = mcp_shared::UpstreamConfig::new(url::Url::parse(&fake.uri()).unwrap(), "Acme");
    let up = mcp_shared::Upstream::new(cfg).unwrap();
    let token = mcp_shared::Secret::new("tok");
    let resp = up
        .request(http::Method::GET, "/archive")
        .bearer(&token)
        .no_redirect()
        .send_raw()
        .await
        .unwrap();
    assert_eq!(resp.status.as_u16(), 302);
    assert_eq!(resp.location().as_deref(), Some(presigned));
    // Without no_redirect, a redirect is followed as before.
    let followed: serde_json::Value = up
        .request(http::Method::GET, "/moved")
        .send_json()
        .await
        .unwrap();
    assert_eq!(followed, json!({"ok": true}));
    // A success has no location.
    let resp = up
        .request(http::Method::GET, "/here")
        .no_redirect()
        .send()
        .await
        .unwrap();
    assert_eq!(resp.location(), None);
}

#[tokio::test]
async fn gateway_timeout_then_success_for_reads() {
    let fake = MockServer::start().await;
    first_then(
        &fake,
        "GET",
        ResponseTemplate::new(504),
        ResponseTemplate::new(200).set_body_json(thing(6)),
    )
    .await;
    let (_server, client) = start(&fake.uri(), |_| {}).await;
    assert_eq!(
        client.call_ok("acme_get_thing", json!({"id": 6})).await["id"],
        6
    );
    assert_eq!(requests(&fake).await, 2);
}

#[tokio::test]
async fn fifty_megabyte_answer_is_refused_by_the_default_cap() {
    let fake = MockServer::start().await;
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(200).set_body_bytes(vec![b'x'; 50 * 1024 * 1024]))
        .mount(&fake)
        .await;
    let (_server, client) = start(&fake.uri(), |_| {}).await;
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(err.contains("larger than 20 MiB"), "{err}");
}

/// Serves one chunked answer without Content-Length, `chunks` x 64 KiB, to every connection.
async fn chunked_server(chunks: usize) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        while let Ok((mut sock, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                let _ = sock.read(&mut buf).await;
                let head = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n";
                if sock.write_all(head.as_bytes()).await.is_err() {
                    return;
                }
                let chunk = vec![b'x'; 64 * 1024];
                for _ in 0..chunks {
                    let frame = format!("{:x}\r\n", chunk.len());
                    if sock.write_all(frame.as_bytes()).await.is_err()
                        || sock.write_all(&chunk).await.is_err()
                        || sock.write_all(b"\r\n").await.is_err()
                    {
                        return; // the client stopped reading: what we want
                    }
                }
                let _ = sock.write_all(b"0\r\n\r\n").await;
            });
        }
    });
    format!("http://{addr}")
}

#[tokio::test]
async fn streamed_answer_without_length_is_cut_at_the_cap() {
    let uri = chunked_server(48).await; // 3 MiB
    let (_server, client) = start(&uri, |s| s.upstream_max_body_bytes = 1024 * 1024).await;
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(err.contains("larger than 1 MiB"), "{err}");
}

/// `PROXY_*` of Klavis's web-reading variants: every vendor request goes through the proxy,
/// with its Basic credentials; bad values are clear errors at start.
#[tokio::test]
async fn requests_go_through_the_configured_proxy() {
    let proxy = MockServer::start().await;
    Mock::given(matchers::path("/probe"))
        .and(matchers::header(
            "proxy-authorization",
            mcp_testkit::basic_auth("scholar", "pa55word").as_str(),
        ))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"via": "proxy"})))
        .expect(1)
        .mount(&proxy)
        .await;
    let port = proxy.address().port().to_string();
    let vars = [
        ("PROXY_HOST", "127.0.0.1"),
        ("PROXY_PORT", port.as_str()),
        ("PROXY_USERNAME", "scholar"),
        ("PROXY_PASSWORD", "pa55word"),
    ];
    let get = |n: &str| {
        vars.iter()
            .find(|(k, _)| *k == n)
            .map(|(_, v)| (*v).to_owned())
    };
    let cfg = mcp_shared::upstream::ProxyConfig::from_vars(get)
        .unwrap()
        .unwrap();
    assert!(!format!("{cfg:?}").contains("pa55word"));
    // The vendor's host does not resolve: only the proxy can answer.
    let mut ucfg =
        mcp_shared::UpstreamConfig::new(url::Url::parse("http://vendor.invalid").unwrap(), "Acme");
    ucfg.proxy = Some(cfg);
    let up = mcp_shared::Upstream::new(ucfg).unwrap();
    let v: serde_json::Value = up
        .request(http::Method::GET, "/probe")
        .send_json()
        .await
        .unwrap();
    assert_eq!(v["via"], "proxy");
    let bad = |pairs: &'static [(&'static str, &'static str)]| {
        mcp_shared::upstream::ProxyConfig::from_vars(|n| {
            pairs
                .iter()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| (*v).to_owned())
        })
        .err()
        .unwrap_or_default()
    };
    assert!(bad(&[("PROXY_HOST", "p"), ("PROXY_PORT", "99999")]).contains("PROXY_PORT"));
    assert!(bad(&[("PROXY_HOST", "p"), ("PROXY_SCHEME", "ftp")]).contains("PROXY_SCHEME"));
    assert!(bad(&[("PROXY_HOST", "a/b")]).contains("PROXY_HOST"));
    assert!(
        mcp_shared::upstream::ProxyConfig::from_vars(|_| None)
            .unwrap()
            .is_none()
    );
}

/// Acme declaring where its error bodies keep their parts, instead of a parser in code.
static DECLARED: mcp_shared::ServerSpec = mcp_shared::ServerSpec {
    error_shape: Some(&mcp_shared::ErrorShape {
        message: &["/errors/0/detail"],
        code: &["/errors/0/code"],
        request_id: &["/meta/request_id"],
        status_hints: &[(402, "the Acme plan does not include this: upgrade it.")],
        rate_limit_codes: &["too_many_writes"],
        ..mcp_shared::ErrorShape::DEFAULT
    }),
    ..crate::acme::basics()
};

#[tokio::test]
async fn a_declared_error_shape_is_read_and_its_rate_limit_codes_are_retried() {
    let fake = MockServer::start().await;
    let body = |code: &str, detail: &str| json!({"errors": [{"code": code, "detail": detail}], "meta": {"request_id": "req-9"}});
    Mock::given(matchers::path("/things/1"))
        .respond_with(ResponseTemplate::new(402).set_body_json(body("plan", "Not in your plan")))
        .with_priority(1)
        .expect(1)
        .mount(&fake)
        .await;
    // A 403 whose code says "rate limit" (not a refusal): retried, then answered.
    first_then(
        &fake,
        "GET",
        ResponseTemplate::new(403)
            .insert_header("retry-after", "0")
            .set_body_json(body("too_many_writes", "Slow down")),
        ResponseTemplate::new(200).set_body_json(thing(2)),
    )
    .await;
    let server = TestServer::start(&DECLARED, settings_for(&fake.uri())).await;
    let client = server.client("tok").await;
    let err = client.call_err("acme_get_thing", json!({"id": 1})).await;
    assert!(
        err.starts_with(
            "Acme API error 402 Payment Required (plan): Not in your plan (request req-9)."
        ),
        "{err}"
    );
    assert!(err.contains("upgrade it"), "{err}");
    let v = client.call_ok("acme_get_thing", json!({"id": 2})).await;
    assert_eq!(v["id"], 2);
    assert_eq!(requests(&fake).await, 3);
    server.stop().await;
}
