//! Long jobs: a tool polls the vendor until the job is done, reporting MCP progress
//! notifications to a client that asked for them, and answers "still running" at its time
//! limit instead of hanging.

use std::time::Duration;

use mcp_testkit::{TestServer, settings_for};
use serde_json::json;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::acme::SPEC;

async fn job_fake(pending: &[(u64, u64)]) -> MockServer {
    let fake = MockServer::start().await;
    // Each pending answer once, in order (higher priority first), then "done" for good.
    for (i, (completed, total)) in pending.iter().enumerate() {
        Mock::given(method("GET"))
            .and(path("/jobs/7"))
            .respond_with(ResponseTemplate::new(200).set_body_json(
                json!({"status": "scraping", "completed": completed, "total": total}),
            ))
            .up_to_n_times(1)
            .with_priority(u8::try_from(i + 1).unwrap())
            .mount(&fake)
            .await;
    }
    Mock::given(method("GET"))
        .and(path("/jobs/7"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"status": "done", "completed": 3, "total": 3})),
        )
        .with_priority(100)
        .mount(&fake)
        .await;
    fake
}

fn settings(fake: &MockServer) -> mcp_shared::Settings {
    let mut s = settings_for(&fake.uri());
    s.toolsets = Some(vec!["jobs".into()]);
    s.poll_interval = Some(Duration::from_millis(10));
    s
}

#[tokio::test]
async fn progress_is_reported_while_a_job_runs() {
    // The vendor's count goes down once (2 then 1): the progress still rises.
    let fake = job_fake(&[(1, 3), (2, 3), (1, 3)]).await;
    let server = TestServer::start(&SPEC, settings(&fake)).await;
    let client = server.client("tok").await;
    let (job, progress) = client
        .call_ok_with_progress("acme_wait_job", json!({"id": 7, "max_wait": 60}))
        .await;
    assert_eq!(job["status"], "done");
    let values: Vec<f64> = progress.iter().map(|p| p.progress).collect();
    assert_eq!(values, vec![1.0, 2.0, 3.0], "{progress:?}");
    assert_eq!(progress[0].total, Some(3.0));
    assert_eq!(progress[0].message.as_deref(), Some("scraping"));
    assert_eq!(fake.received_requests().await.map(|r| r.len()), Some(4));
    // Progress goes to the call's own token.
    assert!(
        progress
            .windows(2)
            .all(|w| w[0].progress_token == w[1].progress_token)
    );
}

#[tokio::test]
async fn a_job_past_the_time_limit_is_reported_still_running() {
    let fake = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/jobs/7"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"status": "scraping", "completed": 1, "total": 9})),
        )
        .mount(&fake)
        .await;
    let mut s = settings(&fake);
    s.poll_interval = Some(Duration::from_millis(400));
    let server = TestServer::start(&SPEC, s).await;
    let client = server.client("tok").await;
    let started = std::time::Instant::now();
    let r = client
        .call_ok("acme_wait_job", json!({"id": 7, "max_wait": 1}))
        .await;
    assert_eq!(r, json!({"still_running": true, "completed": 1.0}));
    // Checked at 0, 0.4 and 0.8 s, then gives up before a sleep would pass the limit.
    let asked = fake.received_requests().await.map(|r| r.len());
    assert_eq!(asked, Some(3));
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn a_vendor_error_ends_the_wait() {
    let fake = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/jobs/7"))
        .respond_with(ResponseTemplate::new(404).set_body_json(json!({"message": "no such job"})))
        .mount(&fake)
        .await;
    let server = TestServer::start(&SPEC, settings(&fake)).await;
    let client = server.client("tok").await;
    let err = client
        .call_err("acme_wait_job", json!({"id": 7, "max_wait": 60}))
        .await;
    assert!(err.contains("404") && err.contains("no such job"), "{err}");
    assert_eq!(fake.received_requests().await.map(|r| r.len()), Some(1));
}
