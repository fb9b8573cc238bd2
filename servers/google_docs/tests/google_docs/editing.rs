//! google_docs_insert_text_at_heading and google_docs_create_document_from_markdown.

use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::common::{
    DOC, EDIT_FIELDS, TOKEN, batch_path, batch_reply, doc_path, edit_view, para, section_break,
    setup,
};

fn outline() -> Value {
    edit_view(
        "rev-outline",
        &[
            ("Intro\n", "HEADING_1", None),                // [1,7)
            ("Opening words.\n", "NORMAL_TEXT", None),     // [7,22)
            ("Next steps\n", "HEADING_2", None),           // [22,33)
            ("Call Ann\n", "NORMAL_TEXT", Some("kix.l1")), // [33,42)
            ("Details\n", "HEADING_3", None),              // [42,50)
            ("More.\n", "NORMAL_TEXT", None),              // [50,56)
            ("Budget\n", "HEADING_2", None),               // [56,63)
            ("TBD\n", "NORMAL_TEXT", None),                // [63,67)
        ],
    )
}

async fn read_outline(s: &crate::common::Setup, doc: Value) {
    expect("GET", doc_path())
        .bearer(TOKEN)
        .query("fields", EDIT_FIELDS)
        .respond(&s.docs, 200, doc)
        .await;
}

fn normal(start: u64, end: u64) -> Value {
    json!({"updateParagraphStyle": {"range": {"startIndex": start, "endIndex": end},
        "paragraphStyle": {"namedStyleType": "NORMAL_TEXT"},
        "fields": "namedStyleType,alignment,indentStart,indentFirstLine"}})
}

fn reset(start: u64, end: u64) -> Value {
    json!({"updateTextStyle": {"range": {"startIndex": start, "endIndex": end}, "textStyle": {}, "fields": "*"}})
}

#[tokio::test]
async fn after_heading_goes_before_the_next_paragraph() {
    let s = setup().await;
    read_outline(&s, outline()).await;
    // Before "Call Ann" (a list item, whose bullet the new paragraphs would inherit).
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({
            "requests": [
                {"insertText": {"location": {"index": 33}, "text": "Owner: Bob\nDue: Friday\n"}},
                {"deleteParagraphBullets": {"range": {"startIndex": 33, "endIndex": 56}}},
                normal(33, 56),
                reset(33, 56)
            ],
            "writeControl": {"requiredRevisionId": "rev-outline"}
        }))
        .respond(&s.docs, 200, batch_reply(json!([{}, {}, {}, {}])))
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_insert_text_at_heading",
            json!({"document_id": DOC, "heading": "## next   STEPS ", "text": "Owner: Bob\r\nDue: Friday"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"documentId": DOC, "index": 33, "paragraphs": 2, "insertedCharacters": 23,
               "revisionId": "ALm37BVx-rev-after"})
    );
}

#[tokio::test]
async fn end_of_section_goes_before_the_next_heading_of_its_level() {
    let s = setup().await;
    read_outline(&s, outline()).await;
    // "Details" (level 3) is inside the section; "Budget" (level 2) ends it, at 56.
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({
            "requests": [
                {"insertText": {"location": {"index": 56}, "text": "Risk: weather 🌧\n"}},
                normal(56, 73),
                reset(56, 73),
                {"updateTextStyle": {"range": {"startIndex": 56, "endIndex": 61}, "textStyle": {"bold": true}, "fields": "bold"}}
            ],
            "writeControl": {"requiredRevisionId": "rev-outline"}
        }))
        .respond(&s.docs, 200, batch_reply(json!([{}, {}, {}, {}])))
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_insert_text_at_heading",
            json!({"document_id": DOC, "heading": "Next steps", "text": "**Risk:** weather 🌧",
                   "position": "end_of_section", "markdown": true}),
        )
        .await;
    assert_eq!(v["index"], 56);
    assert_eq!(v["insertedCharacters"], 17);
}

#[tokio::test]
async fn a_heading_that_ends_the_document_is_extended() {
    let s = setup().await;
    read_outline(&s, edit_view("rev-1", &[("Notes\n", "HEADING_1", None)])).await;
    // No paragraph after the heading: a newline ends it, and the text is a new paragraph.
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({
            "requests": [
                {"insertText": {"location": {"index": 6}, "text": "\nfirst note"}},
                normal(7, 17),
                reset(7, 17)
            ],
            "writeControl": {"requiredRevisionId": "rev-1"}
        }))
        .respond(&s.docs, 200, batch_reply(json!([{}, {}, {}])))
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_insert_text_at_heading",
            json!({"document_id": DOC, "heading": "Notes", "text": "first note"}),
        )
        .await;
    assert_eq!(v["paragraphs"], 1);
}

#[tokio::test]
async fn an_unknown_heading_lists_the_headings() {
    let s = setup().await;
    read_outline(&s, outline()).await;
    let err = s
        .client
        .call_err(
            "google_docs_insert_text_at_heading",
            json!({"document_id": DOC, "heading": "Summary", "text": "x"}),
        )
        .await;
    assert!(
        err.contains("no heading \"Summary\"")
            && err.contains("\"Intro\", \"Next steps\", \"Details\", \"Budget\""),
        "{err}"
    );
    let batch = s
        .docs
        .received_requests()
        .await
        .unwrap()
        .into_iter()
        .filter(|r| r.url.path().ends_with(":batchUpdate"))
        .count();
    assert_eq!(batch, 0);
    let err = s
        .client
        .call_err(
            "google_docs_insert_text_at_heading",
            json!({"document_id": DOC, "heading": "## ", "text": "x"}),
        )
        .await;
    assert!(err.contains("`heading` must not be empty"), "{err}");
}

const NEW: &str = "1NewMdDoc0123456789abcdefghijklmnopqrstuv";

#[tokio::test]
async fn create_document_from_markdown_contract() {
    let s = setup().await;
    expect("POST", "/v1/documents")
        .bearer(TOKEN)
        .json_body(json!({"title": "Plan"}))
        .respond(
            &s.docs,
            200,
            json!({"title": "Plan", "documentId": NEW, "revisionId": "rev-new",
                   "body": {"content": [section_break(), para(1, "\n", "NORMAL_TEXT")]}}),
        )
        .await;
    expect("POST", format!("/v1/documents/{NEW}:batchUpdate"))
        .bearer(TOKEN)
        .json_body(json!({
            "requests": [
                {"insertText": {"location": {"index": 1}, "text": "Title\nHello"}},
                normal(1, 12),
                {"updateParagraphStyle": {"range": {"startIndex": 1, "endIndex": 6},
                    "paragraphStyle": {"namedStyleType": "HEADING_1"}, "fields": "namedStyleType"}},
                reset(1, 12)
            ],
            "writeControl": {"requiredRevisionId": "rev-new"}
        }))
        .respond(
            &s.docs,
            200,
            json!({"replies": [{}, {}, {}, {}], "writeControl": {"requiredRevisionId": "rev-new-2"}, "documentId": NEW}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_create_document_from_markdown",
            json!({"title": "Plan", "markdown": "# Title\n\nHello\n"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"documentId": NEW, "title": "Plan", "revisionId": "rev-new-2",
               "url": format!("https://docs.google.com/document/d/{NEW}/edit"), "insertedCharacters": 11})
    );
}

#[tokio::test]
async fn create_document_from_markdown_failure() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_docs_create_document_from_markdown",
            json!({"title": "Plan", "markdown": "  "}),
        )
        .await;
    assert!(err.contains("`markdown` has no content"), "{err}");
    assert!(s.docs.received_requests().await.unwrap().is_empty());
}
