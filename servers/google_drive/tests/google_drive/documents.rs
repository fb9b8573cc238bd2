//! The Klavis document tools: google_drive_search_documents, _search_and_retrieve_documents
//! and _get_document_by_id.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{
    DOC, LIST_FIELDS, SHEET, TOKEN, doc_file, file_not_found, files, google_error, requests_at,
    setup,
};

const DOCS_Q: &str = "mimeType = 'application/vnd.google-apps.document' and trashed = false";

#[tokio::test]
async fn search_documents_defaults_to_my_drive_newest_first() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", DOCS_Q)
        .query("corpora", "user")
        .query("supportsAllDrives", "true")
        .query("pageSize", 10)
        .query("orderBy", "modifiedTime desc")
        .query("fields", LIST_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({
                "nextPageToken": "~!!~AI9FV7T",
                "incompleteSearch": false,
                "files": [doc_file("1aDoc", "Q3 plan"), doc_file("1bDoc", "Notes")]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("google_drive_search_documents", json!({}))
        .await;
    assert_eq!(v["documents_count"], 2);
    assert_eq!(
        v["documents"][0],
        json!({
            "id": "1aDoc",
            "name": "Q3 plan",
            "mimeType": DOC,
            "modifiedTime": "2024-05-02T09:30:00.000Z",
            "parents": ["0AAfolderRoot"],
            "webViewLink": "https://docs.google.com/document/d/1aDoc/edit?usp=drivesdk",
            "owners": ["ann@example.com"]
        })
    );
    assert_eq!(v["nextPageToken"], "~!!~AI9FV7T");
    assert!(v.get("incompleteSearch").is_none(), "{v}");
}

#[tokio::test]
async fn search_documents_escapes_words_and_drops_sorting_for_full_text() {
    let s = setup().await;
    let q = format!(
        "{DOCS_Q} and (name contains 'Ann\\'s notes' or fullText contains 'Ann\\'s notes') \
         and (name contains 'Q3' or fullText contains 'Q3') \
         and (not name contains 'draft\\\\old' and not fullText contains 'draft\\\\old')"
    );
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", q)
        .query("corpora", "allDrives")
        .query("includeItemsFromAllDrives", "true")
        .query("supportsAllDrives", "true")
        .query("pageSize", 5)
        .query("pageToken", "page-2")
        .query("fields", LIST_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({"incompleteSearch": true, "files": [doc_file("1aDoc", "Ann's notes")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_search_documents",
            json!({
                "document_contains": ["Ann's notes", " Q3 ", ""],
                "document_not_contains": ["draft\\old"],
                "include_shared_drives": true,
                "order_by": ["name"],
                "limit": 5,
                "pagination_token": "page-2"
            }),
        )
        .await;
    assert_eq!(v["documents"][0]["name"], "Ann's notes");
    assert_eq!(v["incompleteSearch"], true);
    assert!(
        v["note"].as_str().unwrap().contains("relevance"),
        "the dropped order_by is explained: {v}"
    );
}

#[tokio::test]
async fn search_documents_in_one_shared_drive_or_the_domain() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", DOCS_Q)
        .query("corpora", "drive")
        .query("driveId", "0ABshared")
        .query("includeItemsFromAllDrives", "true")
        .query("supportsAllDrives", "true")
        .query("pageSize", 100)
        .query("orderBy", "createdTime desc,name")
        .query("fields", LIST_FIELDS)
        .respond(&s.fake, 200, json!({"files": []}))
        .await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", DOCS_Q)
        .query("corpora", "domain")
        .query("supportsAllDrives", "true")
        .query("pageSize", 10)
        .query("orderBy", "modifiedTime desc")
        .query("fields", LIST_FIELDS)
        .respond(&s.fake, 200, json!({"files": [doc_file("1d", "Handbook")]}))
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_search_documents",
            json!({
                "search_only_in_shared_drive_id": "0ABshared",
                "include_shared_drives": true,
                "order_by": ["createdTime desc", "name"],
                "limit": 5000
            }),
        )
        .await;
    assert_eq!(v, json!({"documents_count": 0, "documents": []}));
    let v = s
        .client
        .call_ok(
            "google_drive_search_documents",
            json!({"include_organization_domain_documents": true}),
        )
        .await;
    assert_eq!(v["documents"][0]["name"], "Handbook");
}

#[tokio::test]
async fn search_documents_reports_an_unknown_shared_drive() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", DOCS_Q)
        .query("corpora", "drive")
        .query("driveId", "0ABgone")
        .query("includeItemsFromAllDrives", "true")
        .query("supportsAllDrives", "true")
        .query("pageSize", 10)
        .query("orderBy", "modifiedTime desc")
        .query("fields", LIST_FIELDS)
        .respond(
            &s.fake,
            404,
            google_error(404, "notFound", "Shared drive not found: 0ABgone"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_drive_search_documents",
            json!({"search_only_in_shared_drive_id": "0ABgone"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Shared drive not found: 0ABgone"),
        "{err}"
    );
}

#[tokio::test]
async fn search_documents_rejects_an_unknown_sort_key() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_drive_search_documents",
            json!({"order_by": ["size desc"]}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn search_and_retrieve_reads_each_document_and_reports_one_that_fails() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query(
            "q",
            format!("{DOCS_Q} and (name contains 'plan' or fullText contains 'plan')"),
        )
        .query("corpora", "user")
        .query("supportsAllDrives", "true")
        .query("pageSize", 20)
        .query("fields", LIST_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({"files": [doc_file("1aDoc", "Q3 plan"), doc_file("1bBig", "Huge plan")]}),
        )
        .await;
    expect("GET", files("/1aDoc/export"))
        .bearer(TOKEN)
        .query("mimeType", "text/markdown")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("content-type", "text/markdown")
                .set_body_string("# Q3 plan\n\n- ship it\n"),
        )
        .await;
    expect("GET", files("/1bBig/export"))
        .bearer(TOKEN)
        .query("mimeType", "text/markdown")
        .respond(
            &s.fake,
            403,
            google_error(
                403,
                "exportSizeLimitExceeded",
                "This file is too large to be exported.",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_search_and_retrieve_documents",
            json!({"document_contains": ["plan"], "limit": 50}),
        )
        .await;
    assert_eq!(v["documents_count"], 2);
    assert_eq!(v["format"], "markdown");
    assert_eq!(
        v["documents"][0],
        json!({
            "documentId": "1aDoc",
            "title": "Q3 plan",
            "modifiedTime": "2024-05-02T09:30:00.000Z",
            "webViewLink": "https://docs.google.com/document/d/1aDoc/edit?usp=drivesdk",
            "body": "# Q3 plan\n\n- ship it\n"
        })
    );
    let err = v["documents"][1]["error"].as_str().unwrap();
    assert!(
        err.contains("too large to be exported") && err.contains("10 MB"),
        "{err}"
    );
    assert!(v["documents"][1].get("body").is_none());
}

#[tokio::test]
async fn search_and_retrieve_as_html() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", DOCS_Q)
        .query("corpora", "user")
        .query("supportsAllDrives", "true")
        .query("pageSize", 1)
        .query("orderBy", "modifiedTime desc")
        .query("fields", LIST_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({"files": [doc_file("1aDoc", "Q3 plan")], "nextPageToken": "n2"}),
        )
        .await;
    expect("GET", files("/1aDoc/export"))
        .bearer(TOKEN)
        .query("mimeType", "text/html")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("content-type", "text/html")
                .set_body_string("<html><body><h1>Q3 plan</h1></body></html>"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_search_and_retrieve_documents",
            json!({"return_format": "html", "limit": 1}),
        )
        .await;
    assert_eq!(v["format"], "html");
    assert_eq!(
        v["documents"][0]["body"],
        "<html><body><h1>Q3 plan</h1></body></html>"
    );
    assert_eq!(v["nextPageToken"], "n2");
}

#[tokio::test]
async fn search_and_retrieve_fails_when_the_search_fails() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", DOCS_Q)
        .query("corpora", "user")
        .query("supportsAllDrives", "true")
        .query("pageSize", 10)
        .query("orderBy", "modifiedTime desc")
        .query("fields", LIST_FIELDS)
        .respond(
            &s.fake,
            401,
            json!({"error": {"code": 401, "message": "Request had invalid authentication credentials.", "status": "UNAUTHENTICATED"}}),
        )
        .await;
    let err = s
        .client
        .call_err("google_drive_search_and_retrieve_documents", json!({}))
        .await;
    assert!(err.contains("401") && err.contains("expired"), "{err}");
}

fn doc_meta(id: &str, mime: &str) -> serde_json::Value {
    json!({
        "id": id,
        "name": "Q3 plan",
        "mimeType": mime,
        "modifiedTime": "2024-05-02T09:30:00.000Z",
        "webViewLink": format!("https://docs.google.com/document/d/{id}/edit?usp=drivesdk")
    })
}

#[tokio::test]
async fn get_document_by_id_as_markdown() {
    let s = setup().await;
    expect("GET", files("/1aDoc"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", "id,name,mimeType,modifiedTime,webViewLink")
        .respond(&s.fake, 200, doc_meta("1aDoc", DOC))
        .await;
    expect("GET", files("/1aDoc/export"))
        .bearer(TOKEN)
        .query("mimeType", "text/markdown")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("content-type", "text/markdown")
                .set_body_string("# Q3 plan\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_get_document_by_id",
            json!({"document_id": " 1aDoc "}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "documentId": "1aDoc",
            "title": "Q3 plan",
            "modifiedTime": "2024-05-02T09:30:00.000Z",
            "webViewLink": "https://docs.google.com/document/d/1aDoc/edit?usp=drivesdk",
            "format": "markdown",
            "body": "# Q3 plan\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
        })
    );
}

#[tokio::test]
async fn get_document_by_id_cuts_long_documents_with_a_marker() {
    let s = setup().await;
    expect("GET", files("/1aDoc"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", "id,name,mimeType,modifiedTime,webViewLink")
        .respond(&s.fake, 200, doc_meta("1aDoc", DOC))
        .await;
    let long = "word ".repeat(30_000);
    expect("GET", files("/1aDoc/export"))
        .bearer(TOKEN)
        .query("mimeType", "text/html")
        .respond_with(&s.fake, ResponseTemplate::new(200).set_body_string(long))
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_get_document_by_id",
            json!({"document_id": "1aDoc", "return_format": "html"}),
        )
        .await;
    assert_eq!(v["truncated"], true);
    let body = v["body"].as_str().unwrap();
    assert!(
        body.ends_with("[truncated: showing the first 102400 of 150000 bytes]"),
        "{}",
        &body[body.len() - 80..]
    );
}

#[tokio::test]
async fn get_document_by_id_refuses_other_files() {
    let s = setup().await;
    expect("GET", files("/1sheet"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", "id,name,mimeType,modifiedTime,webViewLink")
        .respond(&s.fake, 200, doc_meta("1sheet", SHEET))
        .await;
    let err = s
        .client
        .call_err(
            "google_drive_get_document_by_id",
            json!({"document_id": "1sheet"}),
        )
        .await;
    assert!(
        err.contains("not a Google Doc") && err.contains("google_drive_read_file"),
        "{err}"
    );
    assert!(
        requests_at(&s.fake, &files("/1sheet/export"))
            .await
            .is_empty()
    );
}

#[tokio::test]
async fn get_document_by_id_not_found() {
    let s = setup().await;
    expect("GET", files("/nope"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", "id,name,mimeType,modifiedTime,webViewLink")
        .respond(&s.fake, 404, file_not_found("nope"))
        .await;
    let err = s
        .client
        .call_err(
            "google_drive_get_document_by_id",
            json!({"document_id": "nope"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("notFound") && err.contains("File not found: nope"),
        "{err}"
    );
    assert!(err.contains("not shared with this account"), "{err}");
}
