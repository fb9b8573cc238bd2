use crate::{KEY, figma_err, req, setup, user};
use serde_json::{Value, json};

fn comment_body(id: &str, message: &str) -> Value {
    json!({
        "id": id, "file_key": KEY, "parent_id": "", "user": user("1", "Ada"),
        "created_at": "2026-11-30T10:00:00Z", "resolved_at": null, "message": message,
        "order_id": "3", "client_meta": {"node_id": "1:2", "node_offset": {"x": 10, "y": 20}},
        "reactions": [{"user": user("2", "Bob"), "emoji": ":+1:", "created_at": "2026-11-30T11:00:00Z"}]
    })
}

#[tokio::test]
async fn get_file_comments_contract() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/comments"))
        .query("as_md", "true")
        .respond(
            &s.fake,
            200,
            json!({"comments": [comment_body("101", "**Looks** good")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "figma_get_file_comments",
            json!({"file_key": KEY, "as_md": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"comments": [{
            "id": "101", "message": "**Looks** good", "parent_id": "", "order_id": "3",
            "created_at": "2026-11-30T10:00:00Z",
            "client_meta": {"node_id": "1:2", "node_offset": {"x": 10, "y": 20}},
            "user": {"id": "1", "handle": "Ada"}, "reactions": 1
        }]})
    );
}

#[tokio::test]
async fn get_file_comments_errors() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/comments"))
        .respond(&s.fake, 404, figma_err(404, "File not found"))
        .await;
    let err = s
        .client
        .call_err("figma_get_file_comments", json!({"file_key": KEY}))
        .await;
    assert!(err.contains("File not found"), "{err}");
}

#[tokio::test]
async fn post_file_comment_contract() {
    let s = setup().await;
    let meta = json!({"node_id": "1:2", "node_offset": {"x": 10, "y": 20}});
    req("POST", &format!("/v1/files/{KEY}/comments"))
        .json_body(json!({"message": "Nice", "client_meta": meta}))
        .respond(&s.fake, 200, comment_body("102", "Nice"))
        .await;
    let v = s
        .client
        .call_ok(
            "figma_post_file_comment",
            json!({"file_key": KEY, "message": " Nice ", "client_meta": meta}),
        )
        .await;
    assert_eq!(v["id"], "102");
    assert_eq!(v["user"]["handle"], "Ada");
}

#[tokio::test]
async fn post_file_comment_reply_without_position() {
    let s = setup().await;
    req("POST", &format!("/v1/files/{KEY}/comments"))
        .json_body(json!({"message": "Agreed", "comment_id": "101"}))
        .respond(&s.fake, 200, comment_body("103", "Agreed"))
        .await;
    let v = s
        .client
        .call_ok(
            "figma_post_file_comment",
            json!({"file_key": KEY, "message": "Agreed", "comment_id": "101"}),
        )
        .await;
    assert_eq!(v["id"], "103");
}

#[tokio::test]
async fn post_file_comment_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "figma_post_file_comment",
            json!({"file_key": KEY, "message": "  ", "client_meta": {"x": 1, "y": 2}}),
        )
        .await;
    assert!(err.contains("message"), "{err}");
    req("POST", &format!("/v1/files/{KEY}/comments"))
        .any_body()
        .respond(
            &s.fake,
            400,
            crate::figma_error_bool(400, "Cannot reply to a reply"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "figma_post_file_comment",
            json!({"file_key": KEY, "message": "x", "comment_id": "103"}),
        )
        .await;
    assert!(err.contains("Cannot reply to a reply"), "{err}");
}

#[tokio::test]
async fn delete_comment_uses_the_files_route() {
    let s = setup().await;
    req("DELETE", &format!("/v1/files/{KEY}/comments/101"))
        .respond(&s.fake, 200, json!({"status": 200, "error": false}))
        .await;
    let v = s
        .client
        .call_ok(
            "figma_delete_comment",
            json!({"comment_id": "101", "file_key": KEY}),
        )
        .await;
    assert_eq!(v, json!({"deleted": true, "comment_id": "101"}));
}

#[tokio::test]
async fn delete_comment_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("figma_delete_comment", json!({"comment_id": "101"}))
        .await;
    assert!(err.contains("file_key"), "{err}");
    req("DELETE", &format!("/v1/files/{KEY}/comments/102"))
        .respond(
            &s.fake,
            403,
            figma_err(403, "Only the author can delete a comment"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "figma_delete_comment",
            json!({"comment_id": "102", "file_key": KEY}),
        )
        .await;
    assert!(err.contains("Only the author"), "{err}");
}
