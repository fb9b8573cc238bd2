//! `firecrawl_deep_research` and `firecrawl_check_research_status`.

use std::time::Duration;

use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

const KEY: &str = "fc-research-key-0123456789";
const JOB: &str = "7f0c2a9e-3b1d-4c5e-8f6a-9b0c1d2e3f4a";

async fn setup_with(f: impl FnOnce(mcp_shared::Settings) -> mcp_shared::Settings) -> Setup {
    Setup::start_with(
        &firecrawl_deep_research_mcp_server::SPEC,
        json!({ "api_key": KEY }),
        |s| {
            s.poll_interval = Some(Duration::from_millis(10));
            *s = f(std::mem::take(s));
        },
    )
    .await
}

async fn setup() -> Setup {
    setup_with(|s| s).await
}

fn start(body: Value) -> Expect {
    expect("POST", "/v2/agent").bearer(KEY).json_body(body)
}

fn status() -> Expect {
    expect("GET", format!("/v2/agent/{JOB}")).bearer(KEY)
}

/// Answer the status path with each of `bodies` once, in order, then with `last`.
async fn statuses(fake: &MockServer, bodies: &[Value], last: Value) {
    let auth = format!("Bearer {KEY}");
    for (i, b) in bodies.iter().enumerate() {
        Mock::given(matchers::method("GET"))
            .and(matchers::path(format!("/v2/agent/{JOB}")))
            .and(matchers::header("authorization", auth.as_str()))
            .respond_with(ResponseTemplate::new(200).set_body_json(b))
            .up_to_n_times(1)
            .with_priority(u8::try_from(i + 1).unwrap())
            .mount(fake)
            .await;
    }
    Mock::given(matchers::method("GET"))
        .and(matchers::path(format!("/v2/agent/{JOB}")))
        .and(matchers::header("authorization", auth.as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(last))
        .with_priority(100)
        .mount(fake)
        .await;
}

fn processing(credits: u32) -> Value {
    json!({"success": true, "status": "processing", "model": "spark-1-mini",
           "expiresAt": "2026-12-03T03:00:00.000Z", "creditsUsed": credits})
}

fn completed() -> Value {
    json!({"success": true, "status": "completed", "model": "spark-1-mini",
           "data": {"answer": "Rust 2024 stabilised async closures.",
                    "sources": ["https://blog.rust-lang.org/2025/02/20/Rust-1.85.0.html"]},
           "expiresAt": "2026-12-03T03:00:00.000Z", "creditsUsed": 42})
}

#[tokio::test]
async fn deep_research_runs_on_the_agent_with_progress() {
    let s = setup().await;
    start(
        json!({"prompt": "What changed in Rust 2024?", "maxCredits": 500,
                 "schema": {"type": "object", "properties": {"answer": {"type": "string"}}},
                 "urls": ["https://blog.rust-lang.org"]}),
    )
    .respond(&s.fake, 200, json!({"success": true, "id": JOB}))
    .await;
    statuses(&s.fake, &[processing(5), processing(17)], completed()).await;
    let (v, progress) = s
        .client
        .call_ok_with_progress(
            "firecrawl_deep_research",
            json!({"query": "What changed in Rust 2024?", "maxDepth": 3, "timeLimit": 120, "maxUrls": 10,
                   "maxCredits": 500, "schema": {"type": "object", "properties": {"answer": {"type": "string"}}},
                   "urls": ["https://blog.rust-lang.org"]}),
        )
        .await;
    assert_eq!(
        v,
        json!({"status": "completed",
               "data": {"answer": "Rust 2024 stabilised async closures.",
                        "sources": ["https://blog.rust-lang.org/2025/02/20/Rust-1.85.0.html"]},
               "credits_used": 42, "expires_at": "2026-12-03T03:00:00.000Z"})
    );
    let messages: Vec<&str> = progress
        .iter()
        .map(|p| p.message.as_deref().unwrap())
        .collect();
    assert_eq!(
        messages,
        vec![
            "researching: processing, 5 credits used",
            "researching: processing, 17 credits used"
        ]
    );
    let values: Vec<f64> = progress.iter().map(|p| p.progress).collect();
    assert_eq!(values, vec![1.0, 2.0]);
}

#[tokio::test]
async fn deep_research_klavis_arguments_only() {
    let s = setup().await;
    start(json!({"prompt": "Compare Tokio and smol"}))
        .respond(&s.fake, 200, json!({"success": true, "id": JOB}))
        .await;
    status().respond(&s.fake, 200, completed()).await;
    let client = s.client_with(json!({"token": KEY})).await;
    let v = client
        .call_ok(
            "firecrawl_deep_research",
            json!({"query": "Compare Tokio and smol", "maxDepth": 5, "maxUrls": 20}),
        )
        .await;
    assert_eq!(v["status"], "completed");
    assert_eq!(v["data"]["answer"], "Rust 2024 stabilised async closures.");
}

#[tokio::test]
async fn deep_research_still_running_at_the_limit_answers_with_the_id() {
    let s = setup_with(|st| st.with_option("max-wait-secs", "0")).await;
    start(json!({"prompt": "q"}))
        .respond(&s.fake, 200, json!({"success": true, "id": JOB}))
        .await;
    status().respond(&s.fake, 200, processing(3)).await;
    let v = s
        .client
        .call_ok("firecrawl_deep_research", json!({"query": "q"}))
        .await;
    assert_eq!(v["id"], JOB);
    assert_eq!(v["status"], "processing");
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("firecrawl_check_research_status"),
        "{v}"
    );
}

#[tokio::test]
async fn deep_research_failures() {
    let s = setup().await;
    for (args, want) in [
        (json!({"query": "  "}), "`query` must not be empty"),
        (
            json!({"query": "q", "timeLimit": 5}),
            "between 30 and 300 seconds",
        ),
        (
            json!({"query": "q", "urls": ["blog.rust-lang.org"]}),
            "absolute http(s)",
        ),
    ] {
        let err = s.client.call_err("firecrawl_deep_research", args).await;
        assert!(err.contains(want), "{err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    start(json!({"prompt": "q"}))
        .respond(
            &s.fake,
            402,
            json!({"success": false, "error": "Insufficient credits to perform this request."}),
        )
        .await;
    let err = s
        .client
        .call_err("firecrawl_deep_research", json!({"query": "q"}))
        .await;
    assert!(
        err.contains("402") && err.contains("out of credits"),
        "{err}"
    );
}

#[tokio::test]
async fn deep_research_failed_job_is_an_error() {
    let s = setup().await;
    start(json!({"prompt": "q"}))
        .respond(&s.fake, 200, json!({"success": true, "id": JOB}))
        .await;
    status()
        .respond(
            &s.fake,
            200,
            json!({"success": true, "status": "failed", "error": "Agent ran out of credits", "creditsUsed": 2500}),
        )
        .await;
    let err = s
        .client
        .call_err("firecrawl_deep_research", json!({"query": "q"}))
        .await;
    assert!(
        err.contains("research job failed: Agent ran out of credits"),
        "{err}"
    );
}

#[tokio::test]
async fn check_research_status_once() {
    let s = setup().await;
    status().respond(&s.fake, 200, processing(9)).await;
    let v = s
        .client
        .call_ok("firecrawl_check_research_status", json!({"id": JOB}))
        .await;
    assert_eq!(
        v,
        json!({"id": JOB, "status": "processing", "credits_used": 9})
    );
    let err = s
        .client
        .call_err("firecrawl_check_research_status", json!({"id": "unknown"}))
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn surface_is_the_catalog_tool_and_its_status_tool() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "firecrawl_deep_research");
    assert_eq!(extra, vec!["firecrawl_check_research_status"]);
    for t in &tools {
        assert_eq!(
            t.annotations.as_ref().unwrap().read_only_hint,
            Some(true),
            "{}",
            t.name
        );
    }
}
