//! Comments.

use serde_json::json;

use crate::common::*;

const COMMENT_ID: &str = "b52b8ed6-e029-4707-a671-832549c09de3";
const DISCUSSION: &str = "f1407351-36f5-4c49-a13c-49f8ba11776d";

#[tokio::test]
async fn create_comment_on_a_page_with_inline_markdown() {
    let s = setup().await;
    notion("POST", "/v1/comments")
        .json_body(json!({
            "parent": {"type": "page_id", "page_id": PAGE_ID},
            "rich_text": [
                text("Looks "),
                {"type": "text", "text": {"content": "good"}, "annotations": {"bold": true}},
                text(" — 1. ship")
            ]
        }))
        .respond(
            &s.fake,
            200,
            comment_json(COMMENT_ID, "Looks good — 1. ship"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "notion_create_comment",
            json!({"parent": {"page_id": PAGE_ID}, "rich_text": ["Looks **good** — 1. ship"]}),
        )
        .await;
    assert_eq!(v["id"], COMMENT_ID);
    assert_eq!(v["discussion_id"], DISCUSSION);
    assert_eq!(v["text"], "Looks good — 1. ship");
    assert_eq!(v["display_name"], "pied piper");
}

#[tokio::test]
async fn reply_in_a_discussion() {
    let s = setup().await;
    notion("POST", "/v1/comments")
        .json_body(json!({"discussion_id": DISCUSSION, "rich_text": [text("Agreed")]}))
        .respond(&s.fake, 200, comment_json(COMMENT_ID, "Agreed"))
        .await;
    let v = s
        .client
        .call_ok(
            "notion_create_comment",
            json!({"discussion_id": DISCUSSION, "rich_text": [{"type": "text", "text": {"content": "Agreed"}}]}),
        )
        .await;
    assert_eq!(v["text"], "Agreed");
}

#[tokio::test]
async fn create_comment_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("notion_create_comment", json!({"rich_text": ["hi"]}))
        .await;
    assert!(err.contains("give `parent`"), "{err}");
    let err = s
        .client
        .call_err(
            "notion_create_comment",
            json!({"rich_text": ["hi"], "parent": {"page_id": PAGE_ID}, "discussion_id": DISCUSSION}),
        )
        .await;
    assert!(err.contains("not both"), "{err}");
    notion("POST", "/v1/comments")
        .json_body(
            json!({"parent": {"type": "page_id", "page_id": PAGE_ID}, "rich_text": [text("hi")]}),
        )
        .respond(
            &s.fake,
            403,
            error_json(
                403,
                "restricted_resource",
                "Insufficient permissions for this endpoint.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "notion_create_comment",
            json!({"rich_text": ["hi"], "parent": {"page_id": PAGE_ID}}),
        )
        .await;
    assert!(
        err.contains("(restricted_resource)") && err.contains("comments"),
        "{err}"
    );
}

#[tokio::test]
async fn get_comments_contract_and_failure() {
    let s = setup().await;
    notion("GET", "/v1/comments")
        .query("block_id", PAGE_ID)
        .query("page_size", "50")
        .respond(
            &s.fake,
            200,
            list_json(
                vec![comment_json(COMMENT_ID, "Single comment")],
                None,
                "comment",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "notion_get_comments",
            json!({"block_id": PAGE_ID, "page_size": 50}),
        )
        .await;
    assert_eq!(v["results"][0]["text"], "Single comment");
    assert_eq!(
        v["results"][0]["created_by"],
        "9b15170a-9941-4297-8ee6-83fa7649a87a"
    );
    assert_eq!(v["has_more"], false);
    notion("GET", "/v1/comments")
        .query("block_id", BLOCK_ID)
        .respond(&s.fake, 404, not_found("block", BLOCK_ID))
        .await;
    let err = s
        .client
        .call_err("notion_get_comments", json!({"block_id": BLOCK_ID}))
        .await;
    assert!(err.contains("(object_not_found)"), "{err}");
}
