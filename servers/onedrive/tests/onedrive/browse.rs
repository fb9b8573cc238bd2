//! Finding items: root and folder listings, get by id and by path, search.

use crate::common::{ROOT_ID, SELECT, file, folder, graph_error, req, setup};
use serde_json::json;

#[tokio::test]
async fn list_root_with_paging() {
    let s = setup().await;
    let next = format!(
        "{}/me/drive/root/children?$select={SELECT}&$top=2&$skiptoken=Paged%3DTRUE",
        s.fake.uri()
    );
    req(
        "GET",
        "/me/drive/root/children",
        &[("$select", SELECT), ("$top", "2")],
    )
    .respond(
        &s.fake,
        200,
        json!({"value": [folder("F1", "Reports", 3), file("A1", "notes.txt", 11, "text/plain")], "@odata.nextLink": next}),
    )
    .await;
    let v = s
        .client
        .call_ok("onedrive_list_root_files_folders", json!({"limit": 2}))
        .await;
    assert_eq!(
        v["items"][0],
        json!({"id": "F1", "name": "Reports", "type": "folder", "size": 2048, "childCount": 3,
               "webUrl": "https://contoso-my.sharepoint.com/personal/ada_contoso_com/Documents/Reports",
               "createdDateTime": "2026-10-01T10:00:00Z", "lastModifiedDateTime": "2026-11-29T09:00:00Z",
               "parentId": ROOT_ID, "parentPath": "/drive/root:", "driveId": crate::common::DRIVE_ID})
    );
    assert_eq!(v["items"][1]["type"], "file");
    assert_eq!(v["items"][1]["mimeType"], "text/plain");
    assert_eq!(v["next_cursor"], next);
    // The cursor is the next link, followed with the token.
    req(
        "GET",
        "/me/drive/root/children",
        &[
            ("$select", SELECT),
            ("$top", "2"),
            ("$skiptoken", "Paged=TRUE"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"value": [file("A2", "b.txt", 1, "text/plain")]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "onedrive_list_root_files_folders",
            json!({"limit": 2, "cursor": next}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], "A2");
    assert_eq!(v["next_cursor"], serde_json::Value::Null);
}

#[tokio::test]
async fn list_root_refuses_foreign_cursors_and_bad_limits() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "onedrive_list_root_files_folders",
            json!({"cursor": "https://evil.example/v1.0/me/drive/root/children"}),
        )
        .await;
    assert!(
        err.contains("not a page of this server's Microsoft Graph API"),
        "{err}"
    );
    let err = s
        .client
        .call_err("onedrive_list_root_files_folders", json!({"limit": 500}))
        .await;
    assert!(err.contains("`limit` must be between 1 and 200"), "{err}");
}

#[tokio::test]
async fn list_inside_folder_by_id_and_by_path() {
    let s = setup().await;
    req(
        "GET",
        "/me/drive/items/F1/children",
        &[("$select", SELECT), ("$top", "50")],
    )
    .respond(&s.fake, 200, json!({"value": [file("A1", "q3.xlsx", 9000, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")]}))
    .await;
    let v = s
        .client
        .call_ok("onedrive_list_inside_folder", json!({"folder_id": "F1"}))
        .await;
    assert_eq!(v["items"][0]["name"], "q3.xlsx");
    req(
        "GET",
        "/me/drive/root:/Documents/Q3%20plans:/children",
        &[("$select", SELECT), ("$top", "50")],
    )
    .respond(&s.fake, 200, json!({"value": []}))
    .await;
    let v = s
        .client
        .call_ok(
            "onedrive_list_inside_folder",
            json!({"folder_id": "/Documents/Q3 plans/"}),
        )
        .await;
    assert_eq!(v["items"], json!([]));
}

#[tokio::test]
async fn list_inside_folder_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "onedrive_list_inside_folder",
            json!({"folder_id": "/Documents/../Private"}),
        )
        .await;
    assert!(
        err.contains("`.` and `..` path segments are not allowed"),
        "{err}"
    );
    req(
        "GET",
        "/me/drive/items/F9/children",
        &[("$select", SELECT), ("$top", "50")],
    )
    .respond(&s.fake, 403, graph_error("accessDenied", "Access denied"))
    .await;
    let err = s
        .client
        .call_err("onedrive_list_inside_folder", json!({"folder_id": "F9"}))
        .await;
    assert!(err.contains("403 Forbidden (accessDenied)"), "{err}");
    assert!(err.contains("Files.Read (or Files.ReadWrite)"), "{err}");
}

#[tokio::test]
async fn get_item_by_id_and_root() {
    let s = setup().await;
    req("GET", "/me/drive/items/A1", &[("$select", SELECT)])
        .respond(&s.fake, 200, file("A1", "notes.txt", 11, "text/plain"))
        .await;
    let v = s
        .client
        .call_ok("onedrive_get_item_by_id", json!({"item_id": "A1"}))
        .await;
    assert_eq!(v["name"], "notes.txt");
    assert_eq!(v["size"], 11);
    assert_eq!(v["parentId"], ROOT_ID);
    req("GET", "/me/drive/root", &[("$select", SELECT)])
        .respond(
            &s.fake,
            200,
            json!({"id": ROOT_ID, "name": "root", "folder": {"childCount": 12}, "root": {}}),
        )
        .await;
    let v = s
        .client
        .call_ok("onedrive_get_item_by_id", json!({"item_id": "root"}))
        .await;
    assert_eq!(v["id"], ROOT_ID);
    assert_eq!(v["childCount"], 12);
    let err = s
        .client
        .call_err("onedrive_get_item_by_id", json!({"item_id": "  "}))
        .await;
    assert!(err.contains("`item_id` must not be empty"), "{err}");
}

#[tokio::test]
async fn get_item_by_path() {
    let s = setup().await;
    req(
        "GET",
        "/me/drive/root:/Documents/Reports/Q3%20%23final.xlsx",
        &[("$select", SELECT)],
    )
    .respond(
        &s.fake,
        200,
        file(
            "A7",
            "Q3 #final.xlsx",
            9000,
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "onedrive_get_item_by_path",
            json!({"path": "Documents/Reports/Q3 #final.xlsx"}),
        )
        .await;
    assert_eq!(v["id"], "A7");
    req("GET", "/me/drive/root:/Missing.txt", &[("$select", SELECT)])
        .respond(
            &s.fake,
            404,
            graph_error("itemNotFound", "The resource could not be found."),
        )
        .await;
    let err = s
        .client
        .call_err("onedrive_get_item_by_path", json!({"path": "/Missing.txt"}))
        .await;
    assert!(err.contains("404 Not Found (itemNotFound)"), "{err}");
}

#[tokio::test]
async fn search_items_quotes_the_text() {
    let s = setup().await;
    req(
        "GET",
        "/me/drive/root/search(q='O''Neil%20budget')",
        &[("$select", SELECT), ("$top", "50")],
    )
    .respond(
        &s.fake,
        200,
        json!({"value": [file("A3", "O'Neil budget.xlsx", 100, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), folder("F3", "Budget", 2)]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "onedrive_search_item_by_name",
            json!({"itemname": "O'Neil budget"}),
        )
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 2);
    assert_eq!(v["items"][0]["name"], "O'Neil budget.xlsx");
    let err = s
        .client
        .call_err("onedrive_search_item_by_name", json!({"itemname": " "}))
        .await;
    assert!(err.contains("`itemname` must not be empty"), "{err}");
}

#[tokio::test]
async fn search_folders_keeps_folders() {
    let s = setup().await;
    req(
        "GET",
        "/me/drive/root/search(q='Budget')",
        &[("$select", SELECT), ("$top", "50")],
    )
    .respond(
        &s.fake,
        200,
        json!({"value": [file("A3", "Budget.xlsx", 100, "application/vnd.ms-excel"), folder("F3", "Budget", 2)]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "onedrive_search_folder_by_name",
            json!({"folder_name": "Budget"}),
        )
        .await;
    assert_eq!(v["folders"].as_array().unwrap().len(), 1);
    assert_eq!(v["folders"][0]["id"], "F3");
    assert_eq!(v["searched"], 2);
    req(
        "GET",
        "/me/drive/root/search(q='x')",
        &[("$select", SELECT), ("$top", "50")],
    )
    .respond(
        &s.fake,
        400,
        graph_error("invalidRequest", "Invalid request"),
    )
    .await;
    let err = s
        .client
        .call_err(
            "onedrive_search_folder_by_name",
            json!({"folder_name": "x"}),
        )
        .await;
    assert!(
        err.contains("400 Bad Request (invalidRequest): Invalid request"),
        "{err}"
    );
}
