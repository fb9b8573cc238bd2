//! Folders, rename, move, delete.

use crate::common::{ROOT_ID, TOKEN, file, folder, graph_error, req, setup};
use mcp_testkit::expect;
use serde_json::json;

#[tokio::test]
async fn create_folder_under_an_id_and_a_path() {
    let s = setup().await;
    expect("POST", "/me/drive/items/F1/children")
        .bearer(TOKEN)
        .json_body(
            json!({"name": "2026", "folder": {}, "@microsoft.graph.conflictBehavior": "fail"}),
        )
        .respond(&s.fake, 201, folder("F2", "2026", 0))
        .await;
    let v = s
        .client
        .call_ok(
            "onedrive_create_folder",
            json!({"parent_folder": "F1", "new_folder_name": "2026"}),
        )
        .await;
    assert_eq!(v["id"], "F2");
    assert_eq!(v["type"], "folder");
    expect("POST", "/me/drive/root:/Documents/Reports:/children")
        .bearer(TOKEN)
        .json_body(
            json!({"name": "Q4", "folder": {}, "@microsoft.graph.conflictBehavior": "rename"}),
        )
        .respond(&s.fake, 201, folder("F3", "Q4 1", 0))
        .await;
    let v = s
        .client
        .call_ok(
            "onedrive_create_folder",
            json!({"parent_folder": "/Documents/Reports", "new_folder_name": "Q4", "behavior": "rename"}),
        )
        .await;
    assert_eq!(v["name"], "Q4 1");
    expect("POST", "/me/drive/root/children")
        .bearer(TOKEN)
        .json_body(
            json!({"name": "Top", "folder": {}, "@microsoft.graph.conflictBehavior": "replace"}),
        )
        .respond(&s.fake, 201, folder("F4", "Top", 0))
        .await;
    let v = s
        .client
        .call_ok(
            "onedrive_create_folder",
            json!({"parent_folder": "root", "new_folder_name": "Top", "behavior": "replace"}),
        )
        .await;
    assert_eq!(v["id"], "F4");
}

#[tokio::test]
async fn create_folder_conflict() {
    let s = setup().await;
    expect("POST", "/me/drive/items/F1/children")
        .bearer(TOKEN)
        .any_body()
        .respond(
            &s.fake,
            409,
            graph_error(
                "nameAlreadyExists",
                "The specified item name already exists.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "onedrive_create_folder",
            json!({"parent_folder": "F1", "new_folder_name": "2026"}),
        )
        .await;
    assert!(err.contains("set behavior to rename or replace"), "{err}");
    // A refusal names the permission the tool declares.
    expect("POST", "/me/drive/items/F2/children")
        .bearer(TOKEN)
        .any_body()
        .respond(&s.fake, 403, graph_error("accessDenied", "Access denied"))
        .await;
    let err = s
        .client
        .call_err(
            "onedrive_create_folder",
            json!({"parent_folder": "F2", "new_folder_name": "2026"}),
        )
        .await;
    assert!(err.contains("403 Forbidden (accessDenied)"), "{err}");
    assert!(
        err.contains("needs the delegated permission Files.ReadWrite:"),
        "{err}"
    );
    assert!(!err.contains("set behavior"), "{err}");
    let err = s
        .client
        .call_err(
            "onedrive_create_folder",
            json!({"parent_folder": "F1", "new_folder_name": "a/b"}),
        )
        .await;
    assert!(err.contains("`new_folder_name` contains '/'"), "{err}");
}

#[tokio::test]
async fn rename_item() {
    let s = setup().await;
    expect("PATCH", "/me/drive/items/A1")
        .bearer(TOKEN)
        .json_body(json!({"name": "final.txt"}))
        .respond(&s.fake, 200, file("A1", "final.txt", 11, "text/plain"))
        .await;
    let v = s
        .client
        .call_ok(
            "onedrive_rename_item",
            json!({"file_id": "A1", "new_name": "final.txt"}),
        )
        .await;
    assert_eq!(v["name"], "final.txt");
    expect("PATCH", "/me/drive/items/LOCKED")
        .bearer(TOKEN)
        .any_body()
        .respond(
            &s.fake,
            423,
            graph_error(
                "resourceLocked",
                "The resource you are attempting to access is locked",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "onedrive_rename_item",
            json!({"file_id": "LOCKED", "new_name": "x.txt"}),
        )
        .await;
    assert!(err.contains("423"), "{err}");
    assert!(err.contains("resourceLocked"), "{err}");
}

#[tokio::test]
async fn move_item_to_a_folder_and_to_the_root() {
    let s = setup().await;
    expect("PATCH", "/me/drive/items/A1")
        .bearer(TOKEN)
        .json_body(json!({"parentReference": {"id": "F2"}}))
        .respond(&s.fake, 200, file("A1", "notes.txt", 11, "text/plain"))
        .await;
    let v = s
        .client
        .call_ok(
            "onedrive_move_item",
            json!({"item_id": "A1", "new_parent_id": "F2"}),
        )
        .await;
    assert_eq!(v["id"], "A1");
    req("GET", "/me/drive/root", &[("$select", "id")])
        .respond(&s.fake, 200, json!({"id": ROOT_ID}))
        .await;
    expect("PATCH", "/me/drive/items/A2")
        .bearer(TOKEN)
        .json_body(json!({"parentReference": {"id": ROOT_ID}}))
        .respond(&s.fake, 200, file("A2", "b.txt", 1, "text/plain"))
        .await;
    let v = s
        .client
        .call_ok(
            "onedrive_move_item",
            json!({"item_id": "A2", "new_parent_id": "root"}),
        )
        .await;
    assert_eq!(v["parentId"], ROOT_ID);
}

#[tokio::test]
async fn move_item_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "onedrive_move_item",
            json!({"item_id": "A1", "new_parent_id": ""}),
        )
        .await;
    assert!(err.contains("`new_parent_id` must not be empty"), "{err}");
    expect("PATCH", "/me/drive/items/A1")
        .bearer(TOKEN)
        .any_body()
        .respond(
            &s.fake,
            400,
            graph_error(
                "invalidRequest",
                "Cannot move an item into one of its children",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "onedrive_move_item",
            json!({"item_id": "A1", "new_parent_id": "A1child"}),
        )
        .await;
    assert!(
        err.contains("Cannot move an item into one of its children"),
        "{err}"
    );
}

#[tokio::test]
async fn delete_item() {
    let s = setup().await;
    req("DELETE", "/me/drive/items/A1", &[])
        .respond_with(&s.fake, mcp_testkit::wiremock::ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok("onedrive_delete_item", json!({"item_id": "A1"}))
        .await;
    assert_eq!(v, json!({"deleted": true, "item_id": "A1"}));
    let err = s
        .client
        .call_err("onedrive_delete_item", json!({"item_id": "root"}))
        .await;
    assert!(err.contains("root folder cannot be deleted"), "{err}");
    req("DELETE", "/me/drive/items/GONE", &[])
        .respond(&s.fake, 404, graph_error("itemNotFound", "Item not found"))
        .await;
    let err = s
        .client
        .call_err("onedrive_delete_item", json!({"item_id": "GONE"}))
        .await;
    assert!(err.contains("404 Not Found (itemNotFound)"), "{err}");
}
