//! google_docs_get_all_documents: Drive's files.list filtered to Google Docs, with pages, and
//! the binary reaching Drive at `GOOGLE_DRIVE_API_BASE_URL`.

use mcp_testkit::expect;
use mcp_testkit::wiremock::{Mock, matchers};
use mcp_vendor_google::testkit::drive_files_list;
use serde_json::json;

use crate::common::{TOKEN, insufficient_scope, setup};

const FIELDS: &str = "nextPageToken,files(id,name,createdTime,modifiedTime,webViewLink,owners(displayName,emailAddress))";
const DOCS_MIME: &str = "application/vnd.google-apps.document";
const DOCS_QUERY: &str = "mimeType='application/vnd.google-apps.document' and trashed=false";

fn page() -> serde_json::Value {
    json!({
        "nextPageToken": "~!!~AI9FV7Tq1xyzPage2",
        "files": [
            {"id": "1docA", "name": "Project Apollo", "createdTime": "2024-05-01T09:00:00.000Z",
             "modifiedTime": "2024-06-03T10:15:00.000Z",
             "webViewLink": "https://docs.google.com/document/d/1docA/edit?usp=drivesdk",
             "owners": [{"displayName": "Ann Lee", "emailAddress": "ann@example.com"}]},
            {"id": "1docB", "name": "Notes", "createdTime": "2024-04-02T08:00:00.000Z",
             "modifiedTime": "2024-05-30T16:00:00.000Z",
             "webViewLink": "https://docs.google.com/document/d/1docB/edit?usp=drivesdk",
             "owners": [{"displayName": "Bob"}]}
        ]
    })
}

#[tokio::test]
async fn lists_documents_through_drive() {
    let s = setup().await;
    drive_files_list(TOKEN, DOCS_MIME, FIELDS)
        .respond(&s.drive, 200, page())
        .await;
    let v = s
        .client
        .call_ok("google_docs_get_all_documents", json!({}))
        .await;
    assert_eq!(
        v["documents"][0],
        json!({"id": "1docA", "name": "Project Apollo", "createdTime": "2024-05-01T09:00:00.000Z",
               "modifiedTime": "2024-06-03T10:15:00.000Z",
               "url": "https://docs.google.com/document/d/1docA/edit?usp=drivesdk",
               "owners": ["ann@example.com"]})
    );
    assert_eq!(v["documents"][1]["owners"], json!(["Bob"]));
    assert_eq!(v["nextPageToken"], "~!!~AI9FV7Tq1xyzPage2");
    assert!(s.docs.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn next_page_with_a_name_filter() {
    let s = setup().await;
    expect("GET", "/drive/v3/files")
        .bearer(TOKEN)
        .query(
            "q",
            format!("{DOCS_QUERY} and name contains 'Ann\\'s \\\\ plan'"),
        )
        .query("orderBy", "modifiedTime desc")
        .query("pageSize", 1000)
        .query("pageToken", "~!!~AI9FV7Tq1xyzPage2")
        .query("fields", FIELDS)
        .respond(&s.drive, 200, json!({"files": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_get_all_documents",
            json!({"query": "Ann's \\ plan", "page_size": 5000, "page_token": "~!!~AI9FV7Tq1xyzPage2"}),
        )
        .await;
    assert_eq!(v, json!({"documents": []}));
}

#[tokio::test]
async fn missing_drive_scope_is_named() {
    let s = setup().await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/drive/v3/files"))
        .respond_with(insufficient_scope(
            "https://www.googleapis.com/auth/drive.readonly",
        ))
        .expect(1)
        .mount(&s.drive)
        .await;
    let err = s
        .client
        .call_err("google_docs_get_all_documents", json!({}))
        .await;
    assert!(
        err.contains("Google Drive API error 403") && err.contains("auth/drive.readonly"),
        "{err}"
    );
}

#[tokio::test]
async fn the_binary_lists_through_the_drive_base_url() {
    mcp_vendor_google::testkit::binary_lists_through_drive(
        &google_docs_mcp_server::SPEC,
        env!("CARGO_BIN_EXE_google-docs-mcp-server"),
        "google_docs_get_all_documents",
        (DOCS_MIME, FIELDS),
        "documents",
    )
    .await;
}
