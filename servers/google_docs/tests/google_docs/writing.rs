//! google_docs_create_blank_document, google_docs_create_document_from_text,
//! google_docs_insert_text_at_end, google_docs_replace_text.

use mcp_testkit::expect;
use mcp_vendor_google::testkit::permission_denied;
use serde_json::{Value, json};

use crate::common::{
    DOC, TOKEN, batch_path, batch_reply, google_error, para, section_break, setup,
};

const NEW: &str = "1NewDocZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210";

/// What `documents.create` returns: the new document with its one empty paragraph.
fn created(title: &str) -> Value {
    json!({
        "title": title,
        "body": {"content": [section_break(), para(1, "\n", "NORMAL_TEXT")]},
        "documentStyle": {"pageSize": {"height": {"magnitude": 792, "unit": "PT"}, "width": {"magnitude": 612, "unit": "PT"}}},
        "namedStyles": {"styles": []},
        "revisionId": "ALm37BVnew-rev-1",
        "suggestionsViewMode": "SUGGESTIONS_INLINE",
        "documentId": NEW
    })
}

#[tokio::test]
async fn create_blank_document_contract() {
    let s = setup().await;
    expect("POST", "/v1/documents")
        .bearer(TOKEN)
        .json_body(json!({"title": "Q3 plan"}))
        .respond(&s.docs, 200, created("Q3 plan"))
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_create_blank_document",
            json!({"title": " Q3 plan "}),
        )
        .await;
    assert_eq!(
        v,
        json!({"documentId": NEW, "title": "Q3 plan", "revisionId": "ALm37BVnew-rev-1",
               "url": format!("https://docs.google.com/document/d/{NEW}/edit")})
    );
}

#[tokio::test]
async fn create_blank_document_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("google_docs_create_blank_document", json!({"title": "  "}))
        .await;
    assert!(err.contains("`title` must not be empty"), "{err}");
    let err = s
        .client
        .call_err("google_docs_create_blank_document", json!({}))
        .await;
    assert!(err.contains("title"), "{err}");
    assert!(s.docs.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn create_document_from_text_contract() {
    let s = setup().await;
    expect("POST", "/v1/documents")
        .bearer(TOKEN)
        .json_body(json!({"title": "Minutes"}))
        .respond(&s.docs, 200, created("Minutes"))
        .await;
    expect("POST", format!("/v1/documents/{NEW}:batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({"requests": [
            {"insertText": {"text": "Attendees: Ann, Bob\nDecision: ship 🚀", "endOfSegmentLocation": {}}}
        ]}))
        .respond(&s.docs, 200, json!({"replies": [{}], "writeControl": {"requiredRevisionId": "ALm37BVnew-rev-2"}, "documentId": NEW}))
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_create_document_from_text",
            json!({"title": "Minutes", "text_content": "Attendees: Ann, Bob\nDecision: ship 🚀"}),
        )
        .await;
    assert_eq!(v["documentId"], NEW);
    assert_eq!(v["revisionId"], "ALm37BVnew-rev-2");
    assert_eq!(v["insertedCharacters"], 37);
}

#[tokio::test]
async fn create_document_from_text_failure_names_the_created_document() {
    let s = setup().await;
    expect("POST", "/v1/documents")
        .bearer(TOKEN)
        .json_body(json!({"title": "Minutes"}))
        .respond(&s.docs, 200, created("Minutes"))
        .await;
    expect("POST", format!("/v1/documents/{NEW}:batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"insertText": {"text": "x", "endOfSegmentLocation": {}}}]}))
        .respond(
            &s.docs,
            400,
            google_error(400, "INVALID_ARGUMENT", "Invalid requests[0].insertText: Index 1 must be less than the end index of the referenced segment, 1."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_docs_create_document_from_text",
            json!({"title": "Minutes", "text_content": "x"}),
        )
        .await;
    assert!(
        err.contains(&format!("The document {NEW} was created"))
            && err.contains("INVALID_ARGUMENT"),
        "{err}"
    );
}

#[tokio::test]
async fn insert_text_at_end_contract() {
    let s = setup().await;
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({"requests": [
            {"insertText": {"text": "\nAction items follow.", "endOfSegmentLocation": {}}}
        ]}))
        .respond(&s.docs, 200, batch_reply(json!([{}])))
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_insert_text_at_end",
            json!({"document_id": DOC, "text": "\nAction items follow."}),
        )
        .await;
    assert_eq!(
        v,
        json!({"documentId": DOC, "insertedCharacters": 21, "revisionId": "ALm37BVx-rev-after"})
    );
}

#[tokio::test]
async fn insert_text_at_end_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_docs_insert_text_at_end",
            json!({"document_id": DOC, "text": ""}),
        )
        .await;
    assert!(err.contains("`text` must not be empty"), "{err}");
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"insertText": {"text": "x", "endOfSegmentLocation": {}}}]}))
        .respond_with(&s.docs, permission_denied())
        .await;
    let err = s
        .client
        .call_err(
            "google_docs_insert_text_at_end",
            json!({"document_id": DOC, "text": "x"}),
        )
        .await;
    assert!(
        err.contains("403")
            && err.contains("The caller does not have permission")
            && err.contains("no permission"),
        "{err}"
    );
}

#[tokio::test]
async fn replace_text_contract() {
    let s = setup().await;
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({"requests": [
            {"replaceAllText": {"containsText": {"text": "Q3", "matchCase": false}, "replaceText": "Q4"}}
        ]}))
        .respond(
            &s.docs,
            200,
            batch_reply(json!([{"replaceAllText": {"occurrencesChanged": 3}}])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_replace_text",
            json!({"document_id": DOC, "find_text": "Q3", "replace_text": "Q4", "match_case": false}),
        )
        .await;
    assert_eq!(
        v,
        json!({"documentId": DOC, "occurrencesChanged": 3, "revisionId": "ALm37BVx-rev-after"})
    );
}

#[tokio::test]
async fn replace_text_matches_case_by_default_and_reports_zero() {
    let s = setup().await;
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({"requests": [
            {"replaceAllText": {"containsText": {"text": "TODO", "matchCase": true}, "replaceText": ""}}
        ]}))
        // proto3 JSON leaves out a count of 0
        .respond(&s.docs, 200, batch_reply(json!([{"replaceAllText": {}}])))
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_replace_text",
            json!({"document_id": DOC, "find_text": "TODO", "replace_text": ""}),
        )
        .await;
    assert_eq!(v["occurrencesChanged"], 0);
}

#[tokio::test]
async fn replace_text_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_docs_replace_text",
            json!({"document_id": DOC, "find_text": "", "replace_text": "x"}),
        )
        .await;
    assert!(err.contains("`find_text` must not be empty"), "{err}");
    let err = s
        .client
        .call_err(
            "google_docs_replace_text",
            json!({"document_id": DOC, "find_text": "a"}),
        )
        .await;
    assert!(err.contains("replace_text"), "{err}");
    assert!(s.docs.received_requests().await.unwrap().is_empty());
}
