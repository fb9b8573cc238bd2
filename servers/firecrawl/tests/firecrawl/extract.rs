//! `firecrawl_extract`, `firecrawl_generate_llmstxt` (started, then polled with progress) and
//! their status tools.

use serde_json::json;

use crate::common::{answers_in_turn, fc_error, get, post, setup, setup_with};

const JOB: &str = "5c3e1f2a-7b6d-4e8f-9a0b-1c2d3e4f5a6b";

#[tokio::test]
async fn extract_waits_for_the_result_with_progress() {
    let s = setup().await;
    post(
        "/v1/extract",
        json!({"urls": ["https://firecrawl.dev/*"], "prompt": "Company mission", "systemPrompt": "Be brief",
               "schema": {"type": "object", "properties": {"mission": {"type": "string"}}},
               "allowExternalLinks": false, "enableWebSearch": false, "includeSubdomains": true}),
    )
    .respond(&s.fake, 200, json!({"success": true, "id": JOB}))
    .await;
    answers_in_turn(
        &s.fake,
        &format!("/v1/extract/{JOB}"),
        &[
            json!({"success": true, "status": "processing", "expiresAt": "2026-12-03T03:00:00.000Z"}),
            json!({"success": true, "status": "processing", "expiresAt": "2026-12-03T03:00:00.000Z"}),
        ],
        json!({"success": true, "status": "completed", "expiresAt": "2026-12-03T03:00:00.000Z",
               "data": {"mission": "Turn websites into LLM-ready data"}}),
    )
    .await;
    let (v, progress) = s
        .client
        .call_ok_with_progress(
            "firecrawl_extract",
            json!({"urls": ["https://firecrawl.dev/*"], "prompt": "Company mission", "systemPrompt": "Be brief",
                   "schema": {"type": "object", "properties": {"mission": {"type": "string"}}},
                   "allowExternalLinks": false, "enableWebSearch": false, "includeSubdomains": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"status": "completed", "data": {"mission": "Turn websites into LLM-ready data"}})
    );
    let values: Vec<f64> = progress.iter().map(|p| p.progress).collect();
    assert_eq!(values, vec![1.0, 2.0]);
    assert_eq!(progress[0].message.as_deref(), Some("extract: processing"));
}

#[tokio::test]
async fn extract_failed_job_and_bad_input() {
    let s = setup().await;
    let err = s
        .client
        .call_err("firecrawl_extract", json!({"urls": ["https://a.example"]}))
        .await;
    assert!(err.contains("give `prompt`"), "{err}");
    post(
        "/v1/extract",
        json!({"urls": ["https://a.example"], "prompt": "p"}),
    )
    .respond(&s.fake, 200, json!({"success": true, "id": JOB}))
    .await;
    get(&format!("/v1/extract/{JOB}"))
        .respond(
            &s.fake,
            200,
            json!({"success": false, "status": "failed", "error": "No valid URLs to extract from"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "firecrawl_extract",
            json!({"urls": ["https://a.example"], "prompt": "p"}),
        )
        .await;
    assert!(
        err.contains("extract job failed") && err.contains("No valid URLs"),
        "{err}"
    );
}

#[tokio::test]
async fn check_extract_status_once() {
    let s = setup().await;
    get(&format!("/v1/extract/{JOB}"))
        .respond(
            &s.fake,
            200,
            json!({"success": true, "status": "processing", "expiresAt": "2026-12-03T03:00:00.000Z"}),
        )
        .await;
    let v = s
        .client
        .call_ok("firecrawl_check_extract_status", json!({"id": JOB}))
        .await;
    assert_eq!(v, json!({"id": JOB, "status": "processing"}));
    let err = s
        .client
        .call_err("firecrawl_check_extract_status", json!({"id": "missing"}))
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn llmstxt_waits_for_the_text() {
    let s = setup().await;
    post(
        "/v1/llmstxt",
        json!({"url": "https://firecrawl.dev", "maxUrls": 3, "showFullText": true}),
    )
    .respond(&s.fake, 200, json!({"success": true, "id": JOB}))
    .await;
    answers_in_turn(
        &s.fake,
        &format!("/v1/llmstxt/{JOB}"),
        &[json!({"success": true, "status": "processing", "data": {}})],
        json!({"success": true, "status": "completed", "expiresAt": "2026-12-03T03:00:00.000Z",
               "data": {"llmstxt": "# Firecrawl\n> Web data API", "llmsfulltxt": "# Firecrawl\nFull text"}}),
    )
    .await;
    let (v, progress) = s
        .client
        .call_ok_with_progress(
            "firecrawl_generate_llmstxt",
            json!({"url": "https://firecrawl.dev", "maxUrls": 3, "showFullText": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"status": "completed", "llmstxt": "# Firecrawl\n> Web data API",
               "llmsfulltxt": "# Firecrawl\nFull text", "expires_at": "2026-12-03T03:00:00.000Z"})
    );
    assert_eq!(progress.len(), 1);
    assert_eq!(progress[0].message.as_deref(), Some("llms.txt: processing"));
}

#[tokio::test]
async fn llmstxt_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "firecrawl_generate_llmstxt",
            json!({"url": "https://a.example", "maxUrls": 0}),
        )
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
    post("/v1/llmstxt", json!({"url": "https://a.example"}))
        .respond(&s.fake, 402, fc_error("Insufficient credits"))
        .await;
    let err = s
        .client
        .call_err(
            "firecrawl_generate_llmstxt",
            json!({"url": "https://a.example"}),
        )
        .await;
    assert!(
        err.contains("402") && err.contains("out of credits"),
        "{err}"
    );
}

#[tokio::test]
async fn check_llmstxt_status_returns_the_text() {
    let s = setup().await;
    get(&format!("/v1/llmstxt/{JOB}"))
        .respond(
            &s.fake,
            200,
            json!({"success": true, "status": "completed", "data": {"llmstxt": "# Site"},
                   "expiresAt": "2026-12-03T03:00:00.000Z"}),
        )
        .await;
    let v = s
        .client
        .call_ok("firecrawl_check_llmstxt_status", json!({"id": JOB}))
        .await;
    assert_eq!(
        v,
        json!({"status": "completed", "llmstxt": "# Site", "expires_at": "2026-12-03T03:00:00.000Z"})
    );
}

#[tokio::test]
async fn extract_still_running_at_the_limit_answers_with_the_id() {
    let s = setup_with(|st| st.with_option("max-wait-secs", "0")).await;
    post(
        "/v1/extract",
        json!({"urls": ["https://a.example"], "prompt": "p"}),
    )
    .respond(&s.fake, 200, json!({"success": true, "id": JOB}))
    .await;
    get(&format!("/v1/extract/{JOB}"))
        .respond(
            &s.fake,
            200,
            json!({"success": true, "status": "processing"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "firecrawl_extract",
            json!({"urls": ["https://a.example"], "prompt": "p"}),
        )
        .await;
    assert_eq!(v["id"], JOB);
    assert_eq!(v["status"], "processing");
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("call firecrawl_check_extract_status"),
        "{v}"
    );
}
