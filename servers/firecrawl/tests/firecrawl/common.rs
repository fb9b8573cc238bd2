//! A fake Firecrawl API, a server pointed at it, and a client sending the key.

use std::time::Duration;

use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const KEY: &str = "fc-test-key-0123456789abcdef";

/// The fake, the server (polling every 10 ms) and a client sending the key.
pub async fn setup() -> Setup {
    setup_with(|s| s).await
}

/// As [`setup`], with other settings.
pub async fn setup_with(f: impl FnOnce(mcp_shared::Settings) -> mcp_shared::Settings) -> Setup {
    Setup::start_with(
        &firecrawl_mcp_server::SPEC,
        json!({ "api_key": KEY }),
        |s| {
            s.poll_interval = Some(Duration::from_millis(10));
            *s = f(std::mem::take(s));
        },
    )
    .await
}

/// `POST <path>` with the key as a Bearer token and exactly this JSON body.
pub fn post(path: &str, body: Value) -> Expect {
    expect("POST", path).bearer(KEY).json_body(body)
}

/// `GET <path>` with the key and no body.
pub fn get(path: &str) -> Expect {
    expect("GET", path).bearer(KEY)
}

/// Answer `GET <path>` with each of `bodies` once, in order, then with `last` forever.
pub async fn answers_in_turn(fake: &MockServer, path: &str, bodies: &[Value], last: Value) {
    for (i, b) in bodies.iter().enumerate() {
        Mock::given(matchers::method("GET"))
            .and(matchers::path(path))
            .and(matchers::header(
                "authorization",
                format!("Bearer {KEY}").as_str(),
            ))
            .respond_with(ResponseTemplate::new(200).set_body_json(b))
            .up_to_n_times(1)
            .with_priority(u8::try_from(i + 1).unwrap())
            .mount(fake)
            .await;
    }
    Mock::given(matchers::method("GET"))
        .and(matchers::path(path))
        .and(matchers::header(
            "authorization",
            format!("Bearer {KEY}").as_str(),
        ))
        .respond_with(ResponseTemplate::new(200).set_body_json(last))
        .with_priority(100)
        .mount(fake)
        .await;
}

/// Firecrawl's error body.
pub fn fc_error(error: &str) -> Value {
    json!({"success": false, "error": error})
}

/// A scraped page as Firecrawl v1 returns it (`data` of /v1/scrape, items of status `data`).
pub fn page(url: &str, title: &str, markdown: &str) -> Value {
    json!({
        "markdown": markdown,
        "metadata": {
            "title": title,
            "description": format!("{title} description"),
            "language": "en",
            "sourceURL": url,
            "url": url,
            "statusCode": 200,
            "scrapeId": "0d1f9a3c-6b8e-4c2a-9f7d-1e2b3c4d5e6f",
            "contentType": "text/html; charset=utf-8",
            "proxyUsed": "basic",
            "creditsUsed": 1
        }
    })
}
