//! Sharing links, items of a sharing link, and the deprecated shared-with-me list.

use crate::common::{DRIVE_ID, SELECT, TOKEN, file, graph_error, req, setup};
use mcp_testkit::expect;
use serde_json::json;

#[tokio::test]
async fn list_shared_items_returns_remote_items() {
    let s = setup().await;
    req("GET", "/me/drive/sharedWithMe", &[("$top", "50")])
        .respond(
            &s.fake,
            200,
            json!({"value": [{"id": "R1", "name": "Plan.docx", "size": 100,
                "webUrl": "https://fabrikam-my.sharepoint.com/personal/grace/Documents/Plan.docx",
                "remoteItem": {"id": "R1", "name": "Plan.docx", "size": 100, "file": {"mimeType": "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
                               "parentReference": {"driveId": "b!other", "driveType": "business"}}}]}),
        )
        .await;
    let v = s
        .client
        .call_ok("onedrive_list_shared_items", json!({}))
        .await;
    assert_eq!(v["items"][0]["type"], "remote");
    assert_eq!(v["items"][0]["remoteItem"]["driveId"], "b!other");
    assert_eq!(v["items"][0]["remoteItem"]["type"], "file");
    assert!(v.get("note").is_none());
}

#[tokio::test]
async fn list_shared_items_empty_says_it_is_deprecated() {
    let s = setup().await;
    req("GET", "/me/drive/sharedWithMe", &[("$top", "50")])
        .respond(&s.fake, 200, json!({"value": []}))
        .await;
    let v = s
        .client
        .call_ok("onedrive_list_shared_items", json!({}))
        .await;
    assert_eq!(v["items"], json!([]));
    let note = v["note"].as_str().unwrap();
    assert!(note.contains("deprecated"), "{note}");
    assert!(note.contains("onedrive_get_shared_item"), "{note}");
    let tools = s.client.list_tools().await;
    let t = tools
        .iter()
        .find(|t| t.name == "onedrive_list_shared_items")
        .unwrap();
    assert!(
        t.description
            .as_deref()
            .unwrap_or("")
            .contains("November 2026")
    );
}

#[tokio::test]
async fn list_shared_items_failure() {
    let s = setup().await;
    req("GET", "/me/drive/sharedWithMe", &[("$top", "50")])
        .respond(&s.fake, 403, graph_error("accessDenied", "Access denied"))
        .await;
    let err = s
        .client
        .call_err("onedrive_list_shared_items", json!({}))
        .await;
    assert!(err.contains("Files.Read.All"), "{err}");
}

#[tokio::test]
async fn get_shared_item_encodes_the_link() {
    let s = setup().await;
    // base64url of the URL, unpadded, after `u!` (Graph's "encoding sharing URLs").
    req(
        "GET",
        "/shares/u!aHR0cHM6Ly8xZHJ2Lm1zL3cvcy9BbVZnOW4_ZT1hYmM/driveItem",
        &[("$select", SELECT)],
    )
    .respond(
        &s.fake,
        200,
        file(
            "S1",
            "Shared.docx",
            10,
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "onedrive_get_shared_item",
            json!({"share_url": "https://1drv.ms/w/s/AmVg9n?e=abc"}),
        )
        .await;
    assert_eq!(v["id"], "S1");
    assert_eq!(v["driveId"], DRIVE_ID);
    let err = s
        .client
        .call_err(
            "onedrive_get_shared_item",
            json!({"share_url": "not a link"}),
        )
        .await;
    assert!(err.contains("`share_url` must be a sharing link"), "{err}");
}

#[tokio::test]
async fn create_share_link() {
    let s = setup().await;
    expect("POST", "/me/drive/items/A1/createLink")
        .bearer(TOKEN)
        .json_body(json!({"type": "view"}))
        .respond(
            &s.fake,
            201,
            json!({"id": "123ABC", "roles": ["read"], "shareId": "u!LKj1lkdlals90j1nlkascl",
                   "link": {"type": "view", "scope": "anonymous", "webUrl": "https://1drv.ms/A6913278E564460AA616C71B28AD6EB6",
                            "application": {"id": "1234", "displayName": "Sample Application"}}}),
        )
        .await;
    let v = s
        .client
        .call_ok("onedrive_create_share_link", json!({"item_id": "A1"}))
        .await;
    assert_eq!(
        v,
        json!({"id": "123ABC", "url": "https://1drv.ms/A6913278E564460AA616C71B28AD6EB6", "type": "view",
               "scope": "anonymous", "roles": ["read"]})
    );
    expect("POST", "/me/drive/items/A2/createLink")
        .bearer(TOKEN)
        .json_body(json!({"type": "edit", "scope": "organization", "expirationDateTime": "2027-01-31T00:00:00Z"}))
        .respond(
            &s.fake,
            200,
            json!({"id": "456", "roles": ["write"], "expirationDateTime": "2027-01-31T00:00:00Z",
                   "link": {"type": "edit", "scope": "organization", "webUrl": "https://contoso-my.sharepoint.com/:w:/g/personal/ada/EeBc"}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "onedrive_create_share_link",
            json!({"item_id": "A2", "link_type": "edit", "scope": "organization", "expiration_date_time": "2027-01-31T00:00:00Z"}),
        )
        .await;
    assert_eq!(v["roles"], json!(["write"]));
}

#[tokio::test]
async fn create_share_link_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "onedrive_create_share_link",
            json!({"item_id": "A1", "expiration_date_time": "next week"}),
        )
        .await;
    assert!(
        err.contains("`expiration_date_time` must be an ISO 8601"),
        "{err}"
    );
    expect("POST", "/me/drive/items/A1/createLink")
        .bearer(TOKEN)
        .any_body()
        .respond(
            &s.fake,
            400,
            graph_error("invalidRequest", "The sharing link type is not supported"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "onedrive_create_share_link",
            json!({"item_id": "A1", "link_type": "embed"}),
        )
        .await;
    assert!(
        err.contains("The sharing link type is not supported"),
        "{err}"
    );
}
