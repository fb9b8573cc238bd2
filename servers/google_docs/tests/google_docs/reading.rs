//! google_docs_get_document_by_id: Markdown (the default), structured blocks, plain text and
//! raw JSON, from a realistic document (title, headings, a nested bulleted list, a numbered
//! list, a table, bold, italic, monospace and link runs, a non-BMP emoji).

use mcp_testkit::expect;
use mcp_vendor_google::testkit::not_found;
use serde_json::{Value, json};

use crate::common::{DOC, TOKEN, doc_path, setup};

const READ_FIELDS: &str = "documentId,title,revisionId,body,lists,inlineObjects";

fn fixture() -> Value {
    serde_json::from_str(include_str!("fixtures/document.json")).unwrap()
}

const MARKDOWN: &str = "# Project Apollo

Status: **on track**, see [the plan](https://example.com/plan).

# Goals

- Ship the lander
    - Test the engines 🚀
- Train the crew

## Milestones

1. Design review
2. Launch

| **Phase** | **Owner** |
| --- | --- |
| Design | *Ann Lee* |
| Launch | Bob \\| Team |

Run `make_all` with 2\\*3 ***\\_very\\_*** care.
";

#[tokio::test]
async fn markdown_is_rendered_from_the_body() {
    let s = setup().await;
    expect("GET", doc_path())
        .bearer(TOKEN)
        .query("fields", READ_FIELDS)
        .respond(&s.docs, 200, fixture())
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_get_document_by_id",
            json!({"document_id": DOC}),
        )
        .await;
    assert_eq!(v["title"], "Project Apollo");
    assert_eq!(v["revisionId"], "ALm37BWrev-fixture-1");
    assert_eq!(
        v["url"],
        format!("https://docs.google.com/document/d/{DOC}/edit")
    );
    assert_eq!(v["markdown"].as_str().unwrap(), MARKDOWN);
}

#[tokio::test]
async fn a_document_url_is_accepted_as_its_id() {
    let s = setup().await;
    expect("GET", doc_path())
        .bearer(TOKEN)
        .query("fields", READ_FIELDS)
        .respond(&s.docs, 200, fixture())
        .await;
    let url = format!("https://docs.google.com/document/d/{DOC}/edit?tab=t.0#heading=h.goals1");
    let v = s
        .client
        .call_ok(
            "google_docs_get_document_by_id",
            json!({"document_id": url, "response_format": "markdown"}),
        )
        .await;
    assert_eq!(v["documentId"], DOC);
}

#[tokio::test]
async fn structured_blocks_carry_types_text_and_indices() {
    let s = setup().await;
    expect("GET", doc_path())
        .bearer(TOKEN)
        .query("fields", READ_FIELDS)
        .respond(&s.docs, 200, fixture())
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_get_document_by_id",
            json!({"document_id": DOC, "response_format": "structured"}),
        )
        .await;
    let blocks = v["blocks"].as_array().unwrap();
    assert_eq!(
        blocks[0],
        json!({"type": "title", "text": "Project Apollo", "startIndex": 1, "endIndex": 16})
    );
    assert_eq!(
        blocks[2],
        json!({"type": "heading", "level": 1, "text": "Goals", "startIndex": 48, "endIndex": 54})
    );
    // "Test the engines 🚀\n": the emoji counts 2 UTF-16 code units.
    assert_eq!(
        blocks[4],
        json!({"type": "list_item", "ordered": false, "level": 1, "listId": "kix.bullets1",
               "text": "Test the engines 🚀", "startIndex": 70, "endIndex": 90})
    );
    assert_eq!(blocks[7]["ordered"], true);
    assert_eq!(
        blocks[9],
        json!({"type": "table", "rows": [["Phase", "Owner"], ["Design", "Ann Lee"], ["Launch", "Bob | Team"]],
               "startIndex": 137, "endIndex": 193})
    );
    assert_eq!(blocks.len(), 11, "the trailing empty paragraph is left out");
}

#[tokio::test]
async fn plain_text_numbers_lists_and_tabs_tables() {
    let s = setup().await;
    expect("GET", doc_path())
        .bearer(TOKEN)
        .query("fields", READ_FIELDS)
        .respond(&s.docs, 200, fixture())
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_get_document_by_id",
            json!({"document_id": DOC, "response_format": "plain_text"}),
        )
        .await;
    assert_eq!(
        v["text"],
        "Project Apollo\nStatus: on track, see the plan.\nGoals\n- Ship the lander\n  - Test the engines 🚀\n- Train the crew\nMilestones\n1. Design review\n2. Launch\nPhase\tOwner\nDesign\tAnn Lee\nLaunch\tBob | Team\nRun make_all with 2*3 _very_ care."
    );
}

#[tokio::test]
async fn raw_returns_the_whole_document() {
    let s = setup().await;
    expect("GET", doc_path())
        .bearer(TOKEN)
        .respond(&s.docs, 200, fixture())
        .await;
    let v = s
        .client
        .call_ok(
            "google_docs_get_document_by_id",
            json!({"document_id": DOC, "response_format": "raw"}),
        )
        .await;
    assert_eq!(v, fixture());
}

#[tokio::test]
async fn get_document_failures() {
    let s = setup().await;
    expect("GET", "/v1/documents/missingdoc")
        .bearer(TOKEN)
        .query("fields", READ_FIELDS)
        .respond_with(&s.docs, not_found())
        .await;
    let err = s
        .client
        .call_err(
            "google_docs_get_document_by_id",
            json!({"document_id": "missingdoc"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("NOT_FOUND") && err.contains("check the id"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "google_docs_get_document_by_id",
            json!({"document_id": "not/an id"}),
        )
        .await;
    assert!(err.contains("not a Google Docs id"), "{err}");
    let err = s
        .client
        .call_err(
            "google_docs_get_document_by_id",
            json!({"document_id": DOC, "response_format": "html"}),
        )
        .await;
    assert!(
        err.contains("response_format") || err.contains("html"),
        "{err}"
    );
}
