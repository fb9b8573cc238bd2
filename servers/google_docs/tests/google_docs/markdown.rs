//! google_docs_append_markdown: Markdown → one insertText and the styles, with the index
//! arithmetic in UTF-16 code units (a non-BMP emoji counts 2).

use mcp_testkit::expect;
use serde_json::json;

use crate::common::{
    DOC, EDIT_FIELDS, TOKEN, batch_path, batch_reply, doc_path, edit_view, google_error, setup,
};

const MD: &str = "## Launch 🚀

Ship **on time**, see [plan](https://example.com/plan).

- First *item*
  - Nested `code`
- Third

1. One
2. Two
";

#[tokio::test]
async fn append_markdown_exact_requests() {
    let s = setup().await;
    // "Intro\n" [1,7), "Existing text\n" [7,21): the body ends at 21.
    expect("GET", doc_path())
        .bearer(TOKEN)
        .query("fields", EDIT_FIELDS)
        .respond(
            &s.docs,
            200,
            edit_view(
                "ALm37BW-rev-read",
                &[
                    ("Intro\n", "HEADING_1", None),
                    ("Existing text\n", "NORMAL_TEXT", None),
                ],
            ),
        )
        .await;
    // Inserted at 20 (before the final newline): a newline ending "Existing text", then
    //   [21,30) "Launch 🚀" (7 + 2 units)            \n at 30
    //   [31,54) "Ship on time, see plan."  bold [36,43), link [49,53)   \n at 54
    //   [55,65) "First item"  italic [61,65)          \n at 65
    //   [66,78) "\tNested code"  code [74,78)         \n at 78
    //   [79,84) "Third"                               \n at 84
    //   [85,88) "One"                                 \n at 88
    //   [89,92) "Two" (ends with the body's own final newline)
    let text = "\nLaunch 🚀\nShip on time, see plan.\nFirst item\n\tNested code\nThird\nOne\nTwo";
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({
            "requests": [
                {"insertText": {"location": {"index": 20}, "text": text}},
                {"updateParagraphStyle": {"range": {"startIndex": 21, "endIndex": 92},
                    "paragraphStyle": {"namedStyleType": "NORMAL_TEXT"},
                    "fields": "namedStyleType,alignment,indentStart,indentFirstLine"}},
                {"updateParagraphStyle": {"range": {"startIndex": 21, "endIndex": 30},
                    "paragraphStyle": {"namedStyleType": "HEADING_2"}, "fields": "namedStyleType"}},
                {"updateTextStyle": {"range": {"startIndex": 21, "endIndex": 92}, "textStyle": {}, "fields": "*"}},
                {"updateTextStyle": {"range": {"startIndex": 36, "endIndex": 43}, "textStyle": {"bold": true}, "fields": "bold"}},
                {"updateTextStyle": {"range": {"startIndex": 49, "endIndex": 53},
                    "textStyle": {"link": {"url": "https://example.com/plan"}}, "fields": "link"}},
                {"updateTextStyle": {"range": {"startIndex": 61, "endIndex": 65}, "textStyle": {"italic": true}, "fields": "italic"}},
                {"updateTextStyle": {"range": {"startIndex": 74, "endIndex": 78},
                    "textStyle": {"weightedFontFamily": {"fontFamily": "Courier New"}}, "fields": "weightedFontFamily"}},
                {"createParagraphBullets": {"range": {"startIndex": 85, "endIndex": 92}, "bulletPreset": "NUMBERED_DECIMAL_ALPHA_ROMAN"}},
                {"createParagraphBullets": {"range": {"startIndex": 55, "endIndex": 84}, "bulletPreset": "BULLET_DISC_CIRCLE_SQUARE"}}
            ],
            "writeControl": {"requiredRevisionId": "ALm37BW-rev-read"}
        }))
        .respond(&s.docs, 200, batch_reply(json!([{}, {}, {}, {}, {}, {}, {}, {}, {}, {}])))
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_append_markdown",
            json!({"document_id": DOC, "markdown": MD}),
        )
        .await;
    assert_eq!(
        v,
        json!({"documentId": DOC, "index": 20, "paragraphs": 7, "insertedCharacters": 72,
               "revisionId": "ALm37BVx-rev-after"})
    );
}

#[tokio::test]
async fn an_empty_last_list_item_is_filled_and_loses_its_bullet() {
    let s = setup().await;
    // "Tasks\n" [1,7), an empty bulleted paragraph [7,8): the text fills it.
    expect("GET", doc_path())
        .bearer(TOKEN)
        .query("fields", EDIT_FIELDS)
        .respond(
            &s.docs,
            200,
            edit_view(
                "rev-7",
                &[
                    ("Tasks\n", "NORMAL_TEXT", None),
                    ("\n", "NORMAL_TEXT", Some("kix.l1")),
                ],
            ),
        )
        .await;
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({
            "requests": [
                {"insertText": {"location": {"index": 7}, "text": "Done 👍 today"}},
                {"deleteParagraphBullets": {"range": {"startIndex": 7, "endIndex": 20}}},
                {"updateParagraphStyle": {"range": {"startIndex": 7, "endIndex": 20},
                    "paragraphStyle": {"namedStyleType": "NORMAL_TEXT"},
                    "fields": "namedStyleType,alignment,indentStart,indentFirstLine"}},
                {"updateTextStyle": {"range": {"startIndex": 7, "endIndex": 20}, "textStyle": {}, "fields": "*"}}
            ],
            "writeControl": {"requiredRevisionId": "rev-7"}
        }))
        .respond(&s.docs, 200, batch_reply(json!([{}, {}, {}, {}])))
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_append_markdown",
            json!({"document_id": DOC, "markdown": "Done 👍 today\n"}),
        )
        .await;
    assert_eq!(v["insertedCharacters"], 13);
}

#[tokio::test]
async fn append_markdown_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_docs_append_markdown",
            json!({"document_id": DOC, "markdown": "\n\n"}),
        )
        .await;
    assert!(err.contains("nothing to insert"), "{err}");
    assert!(s.docs.received_requests().await.unwrap().is_empty());
    // The document changed between the read and the write.
    expect("GET", doc_path())
        .bearer(TOKEN)
        .query("fields", EDIT_FIELDS)
        .respond(
            &s.docs,
            200,
            edit_view("rev-old", &[("a\n", "NORMAL_TEXT", None)]),
        )
        .await;
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({
            "requests": [
                {"insertText": {"location": {"index": 2}, "text": "\nb"}},
                {"updateParagraphStyle": {"range": {"startIndex": 3, "endIndex": 4},
                    "paragraphStyle": {"namedStyleType": "NORMAL_TEXT"},
                    "fields": "namedStyleType,alignment,indentStart,indentFirstLine"}},
                {"updateTextStyle": {"range": {"startIndex": 3, "endIndex": 4}, "textStyle": {}, "fields": "*"}}
            ],
            "writeControl": {"requiredRevisionId": "rev-old"}
        }))
        .respond(
            &s.docs,
            400,
            google_error(400, "INVALID_ARGUMENT", "The required revision ID 'rev-old' does not match the latest revision."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_docs_append_markdown",
            json!({"document_id": DOC, "markdown": "b"}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("call the tool again"),
        "{err}"
    );
}

#[tokio::test]
async fn quotes_code_blocks_and_line_breaks() {
    let s = setup().await;
    expect("GET", doc_path())
        .bearer(TOKEN)
        .query("fields", EDIT_FIELDS)
        .respond(
            &s.docs,
            200,
            edit_view("rev-e", &[("\n", "NORMAL_TEXT", None)]),
        )
        .await;
    // An empty document: the text fills its only paragraph [1,2).
    //   [1,12) "quoted text" italic [8,12); [13,23) code; [24,24) empty code line;
    //   [25,26) code; [27,30) "a", a line break (U+000B), "b" as one list item.
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({
            "requests": [
                {"insertText": {"location": {"index": 1}, "text": "quoted text\nlet x = 1;\n\nx\na\u{b}b"}},
                {"updateParagraphStyle": {"range": {"startIndex": 1, "endIndex": 30},
                    "paragraphStyle": {"namedStyleType": "NORMAL_TEXT"},
                    "fields": "namedStyleType,alignment,indentStart,indentFirstLine"}},
                {"updateTextStyle": {"range": {"startIndex": 1, "endIndex": 30}, "textStyle": {}, "fields": "*"}},
                {"updateTextStyle": {"range": {"startIndex": 8, "endIndex": 12}, "textStyle": {"italic": true}, "fields": "italic"}},
                {"updateTextStyle": {"range": {"startIndex": 13, "endIndex": 23},
                    "textStyle": {"weightedFontFamily": {"fontFamily": "Courier New"}}, "fields": "weightedFontFamily"}},
                {"updateTextStyle": {"range": {"startIndex": 25, "endIndex": 26},
                    "textStyle": {"weightedFontFamily": {"fontFamily": "Courier New"}}, "fields": "weightedFontFamily"}},
                {"createParagraphBullets": {"range": {"startIndex": 27, "endIndex": 30}, "bulletPreset": "BULLET_DISC_CIRCLE_SQUARE"}}
            ],
            "writeControl": {"requiredRevisionId": "rev-e"}
        }))
        .respond(&s.docs, 200, batch_reply(json!([{}, {}, {}, {}, {}, {}, {}])))
        .await;
    let md = "> quoted *text*\n\n```rust\nlet x = 1;\n\nx\n```\n\n- a  \n  b\n";
    let v = s
        .client
        .call_ok(
            "google_docs_append_markdown",
            json!({"document_id": DOC, "markdown": md}),
        )
        .await;
    assert_eq!(v["paragraphs"], 5);
}
