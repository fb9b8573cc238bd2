//! Google's error bodies through the tools: rate limits (429, and 403 rateLimitExceeded /
//! userRateLimitExceeded) retried with backoff, the rest reported with Google's reason,
//! message and a hint; missing credentials.

use mcp_testkit::wiremock::ResponseTemplate;
use mcp_vendor_google::testkit::{assert_calls_need_credentials, fail_then_succeed};
use serde_json::{Value, json};

use crate::common::{LIST_FIELDS, files, google_error, insufficient_scope, mock, setup};

fn list_query() -> Vec<(&'static str, &'static str)> {
    vec![
        ("q", "trashed = false"),
        ("corpora", "allDrives"),
        ("includeItemsFromAllDrives", "true"),
        ("supportsAllDrives", "true"),
        ("pageSize", "25"),
        ("orderBy", "modifiedTime desc"),
        ("fields", LIST_FIELDS),
    ]
}

async fn retried_then_ok(status: u16, body: Value) {
    let s = setup().await;
    let q = list_query();
    fail_then_succeed(
        &s.fake,
        || mock("GET", &files(""), &q),
        ResponseTemplate::new(status).set_body_json(body),
        1,
        ResponseTemplate::new(200).set_body_json(
            json!({"files": [{"id": "0B1", "name": "a.txt", "mimeType": "text/plain"}]}),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok("google_drive_search_files", json!({}))
        .await;
    assert_eq!(v["files"][0]["id"], "0B1");
}

#[tokio::test]
async fn rate_limit_exceeded_403_is_retried_then_succeeds() {
    retried_then_ok(
        403,
        google_error(403, "rateLimitExceeded", "Rate Limit Exceeded"),
    )
    .await;
}

#[tokio::test]
async fn user_rate_limit_exceeded_403_is_retried_then_succeeds() {
    retried_then_ok(
        403,
        google_error(403, "userRateLimitExceeded", "User Rate Limit Exceeded"),
    )
    .await;
}

#[tokio::test]
async fn too_many_requests_429_is_retried_then_succeeds() {
    retried_then_ok(
        429,
        google_error(429, "rateLimitExceeded", "Rate Limit Exceeded"),
    )
    .await;
}

#[tokio::test]
async fn an_upload_is_retried_after_a_rate_limit_too() {
    // A rate-limited request was not processed, so even a create is safe to repeat.
    let s = setup().await;
    let q = [
        ("uploadType", "multipart"),
        ("supportsAllDrives", "true"),
        (
            "fields",
            "id,name,mimeType,size,parents,driveId,webViewLink",
        ),
    ];
    fail_then_succeed(
        &s.fake,
        || mock("POST", "/upload/drive/v3/files", &q),
        ResponseTemplate::new(403).set_body_json(google_error(
            403,
            "userRateLimitExceeded",
            "User Rate Limit Exceeded",
        )),
        1,
        ResponseTemplate::new(200).set_body_json(json!({"id": "0Bnew", "name": "a.txt"})),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_drive_upload_file",
            json!({"name": "a.txt", "content": "x"}),
        )
        .await;
    assert_eq!(v["id"], "0Bnew");
}

#[tokio::test]
async fn a_persistent_rate_limit_is_reported_after_three_attempts() {
    let s = setup().await;
    mock("GET", &files(""), &list_query())
        .respond_with(ResponseTemplate::new(403).set_body_json(google_error(
            403,
            "userRateLimitExceeded",
            "User Rate Limit Exceeded",
        )))
        .expect(3)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("google_drive_search_files", json!({}))
        .await;
    assert!(
        err.contains("userRateLimitExceeded") && err.contains("rate limited by Google Drive"),
        "{err}"
    );
}

#[tokio::test]
async fn insufficient_permissions_names_the_missing_scope() {
    let s = setup().await;
    mock("GET", &files(""), &list_query())
        .respond_with(insufficient_scope(
            "https://www.googleapis.com/auth/drive.metadata.readonly https://www.googleapis.com/auth/drive.readonly",
        ))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("google_drive_search_files", json!({}))
        .await;
    assert!(
        err.contains("403")
            && err.contains("insufficientPermissions")
            && err.contains("https://www.googleapis.com/auth/drive.readonly"),
        "{err}"
    );
}

#[tokio::test]
async fn not_found_says_to_check_the_id() {
    let s = setup().await;
    mock(
        "GET",
        &files("/0Bmissing/permissions"),
        &[
            ("supportsAllDrives", "true"),
            ("pageSize", "100"),
            (
                "fields",
                "nextPageToken,permissions(id,type,role,emailAddress,domain,displayName,deleted,expirationTime)",
            ),
        ],
    )
    .respond_with(ResponseTemplate::new(404).set_body_json(crate::common::file_not_found("0Bmissing")))
    .expect(1)
    .mount(&s.fake)
    .await;
    let err = s
        .client
        .call_err(
            "google_drive_list_permissions",
            json!({"file_id": "0Bmissing"}),
        )
        .await;
    assert!(
        err.contains("Google Drive API error 404 Not Found (notFound): File not found: 0Bmissing."),
        "{err}"
    );
    assert!(err.contains("check the id"), "{err}");
}

#[tokio::test]
async fn missing_credentials_say_what_to_set() {
    let s = setup().await;
    let call = ("google_drive_search_files", json!({}));
    assert_calls_need_credentials(&s.server, &[call], &[&s.fake]).await;
}
