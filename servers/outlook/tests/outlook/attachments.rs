//! Attachments: list, download as an embedded resource, add to a draft.

use crate::common::{TOKEN, graph_error, req, setup};
use mcp_testkit::expect;
use serde_json::json;

const SELECT: &str = "id,name,contentType,size,isInline,lastModifiedDateTime";

fn file(id: &str, name: &str, size: u64) -> serde_json::Value {
    json!({"@odata.type": "#microsoft.graph.fileAttachment", "id": id, "name": name, "contentType": "text/plain",
           "size": size, "isInline": false, "lastModifiedDateTime": "2026-11-30T09:00:00Z"})
}

#[tokio::test]
async fn list_attachments() {
    let s = setup().await;
    req("GET", "/me/messages/AAMk1/attachments", &[("$select", SELECT), ("$top", "50")])
        .respond(&s.fake, 200, json!({"value": [
            file("AAMkAtt1", "notes.txt", 11),
            {"@odata.type": "#microsoft.graph.itemAttachment", "id": "AAMkAtt2", "name": "Invite", "contentType": null, "size": 3000, "isInline": false}
        ]}))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_list_attachments",
            json!({"message_id": "AAMk1"}),
        )
        .await;
    assert_eq!(
        v["attachments"][0],
        json!({"id": "AAMkAtt1", "name": "notes.txt", "contentType": "text/plain", "size": 11, "isInline": false,
               "lastModifiedDateTime": "2026-11-30T09:00:00Z", "kind": "file"})
    );
    assert_eq!(v["attachments"][1]["kind"], "item");
    req(
        "GET",
        "/me/messages/AAMkGone/attachments",
        &[("$select", SELECT), ("$top", "50")],
    )
    .respond(
        &s.fake,
        404,
        graph_error(
            "ErrorItemNotFound",
            "The specified object was not found in the store.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "outlookMail_list_attachments",
            json!({"message_id": "AAMkGone"}),
        )
        .await;
    assert!(err.contains("404 Not Found (ErrorItemNotFound)"), "{err}");
}

#[tokio::test]
async fn get_attachment_as_an_embedded_resource() {
    let s = setup().await;
    req(
        "GET",
        "/me/messages/AAMk1/attachments/AAMkAtt1",
        &[("$select", SELECT)],
    )
    .respond(&s.fake, 200, file("AAMkAtt1", "notes.txt", 11))
    .await;
    let mut full = file("AAMkAtt1", "notes.txt", 11);
    full["contentBytes"] = json!("aGVsbG8gd29ybGQ="); // "hello world"
    req("GET", "/me/messages/AAMk1/attachments/AAMkAtt1", &[])
        .respond(&s.fake, 200, full)
        .await;
    let r = s
        .client
        .call(
            "outlookMail_get_attachment",
            json!({"message_id": "AAMk1", "attachment_id": "AAMkAtt1"}),
        )
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true));
    let blocks = serde_json::to_value(&r.content).unwrap();
    let info: serde_json::Value =
        serde_json::from_str(blocks[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(info["name"], "notes.txt");
    assert_eq!(blocks[1]["resource"]["text"], "hello world");
    assert_eq!(blocks[1]["resource"]["mimeType"], "text/plain");
    assert_eq!(
        blocks[1]["resource"]["uri"],
        "outlook://messages/AAMk1/attachments/AAMkAtt1/notes.txt"
    );
}

#[tokio::test]
async fn get_attachment_refuses_items_and_files_over_the_cap_without_downloading() {
    let s = setup().await;
    req(
        "GET",
        "/me/messages/AAMk1/attachments/AAMkBig",
        &[("$select", SELECT)],
    )
    .respond(&s.fake, 200, file("AAMkBig", "video.mp4", 40_000_000))
    .await;
    let err = s
        .client
        .call_err(
            "outlookMail_get_attachment",
            json!({"message_id": "AAMk1", "attachment_id": "AAMkBig"}),
        )
        .await;
    assert!(
        err.contains("40000000 bytes, over the 10485760 byte limit"),
        "{err}"
    );
    req("GET", "/me/messages/AAMk1/attachments/AAMkItem", &[("$select", SELECT)])
        .respond(&s.fake, 200, json!({"@odata.type": "#microsoft.graph.itemAttachment", "id": "AAMkItem", "name": "Invite", "size": 3000}))
        .await;
    let err = s
        .client
        .call_err(
            "outlookMail_get_attachment",
            json!({"message_id": "AAMk1", "attachment_id": "AAMkItem"}),
        )
        .await;
    assert!(err.contains("is an item attachment"), "{err}");
}

#[tokio::test]
async fn add_attachment_to_a_draft() {
    let s = setup().await;
    expect("POST", "/me/messages/AAMkDraft1/attachments")
        .bearer(TOKEN)
        .json_body(json!({"@odata.type": "#microsoft.graph.fileAttachment", "name": "notes.txt", "contentType": "text/plain", "contentBytes": "aGVsbG8gd29ybGQ="}))
        .respond(&s.fake, 201, file("AAMkAtt9", "notes.txt", 11))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_add_attachment",
            json!({"message_id": "AAMkDraft1", "name": "notes.txt", "content_text": "hello world"}),
        )
        .await;
    assert_eq!(v["id"], "AAMkAtt9");
    expect("POST", "/me/messages/AAMkDraft1/attachments")
        .bearer(TOKEN)
        .json_body(json!({"@odata.type": "#microsoft.graph.fileAttachment", "name": "a.pdf", "contentType": "application/pdf", "contentBytes": "JVBERi0xLjQ="}))
        .respond(&s.fake, 201, file("AAMkAtt10", "a.pdf", 8))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_add_attachment",
            json!({"message_id": "AAMkDraft1", "name": "a.pdf", "content_base64": "JVBERi0xLjQ=", "content_type": "application/pdf"}),
        )
        .await;
    assert_eq!(v["id"], "AAMkAtt10");
}

#[tokio::test]
async fn add_attachment_bad_content_and_vendor_errors() {
    let s = setup().await;
    for args in [
        json!({"message_id": "AAMkDraft1", "name": "a.txt"}),
        json!({"message_id": "AAMkDraft1", "name": "a.txt", "content_text": "x", "content_base64": "eA=="}),
    ] {
        let err = s.client.call_err("outlookMail_add_attachment", args).await;
        assert!(err.contains("exactly one of"), "{err}");
    }
    let err = s
        .client
        .call_err(
            "outlookMail_add_attachment",
            json!({"message_id": "AAMkDraft1", "name": "a.bin", "content_base64": "not base64!"}),
        )
        .await;
    assert!(err.contains("not standard base64"), "{err}");
    expect("POST", "/me/messages/AAMkSent/attachments")
        .bearer(TOKEN)
        .any_body()
        .respond(
            &s.fake,
            403,
            graph_error(
                "ErrorAccessDenied",
                "Access is denied. Check credentials and try again.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "outlookMail_add_attachment",
            json!({"message_id": "AAMkSent", "name": "a.txt", "content_text": "x"}),
        )
        .await;
    assert!(
        err.contains("needs the delegated permission Mail.ReadWrite"),
        "{err}"
    );
}
