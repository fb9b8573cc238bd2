//! Mail folders.

use crate::common::{FOLDER_SELECT, TOKEN, graph_error, req, setup};
use mcp_testkit::expect;
use serde_json::{Value, json};

fn folder(id: &str, name: &str) -> Value {
    json!({"id": id, "displayName": name, "parentFolderId": "AQMkAGRoot", "childFolderCount": 1,
           "unreadItemCount": 70, "totalItemCount": 207, "isHidden": false,
           "sizeInBytes": 1024, "wellKnownName": null})
}

#[tokio::test]
async fn list_folders_pages_with_the_next_link() {
    let s = setup().await;
    let next = format!(
        "{}/me/mailFolders?$select={FOLDER_SELECT}&$top=2&$skip=2",
        s.fake.uri()
    );
    req("GET", "/me/mailFolders", &[("$select", FOLDER_SELECT), ("$top", "2"), ("includeHiddenFolders", "true")])
        .respond(&s.fake, 200, json!({"@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users('x')/mailFolders",
            "value": [folder("AQMkAGInbox", "Inbox"), folder("AQMkAGArchive", "Archive")], "@odata.nextLink": next}))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_list_folders",
            json!({"include_hidden": true, "limit": 2}),
        )
        .await;
    assert_eq!(
        v["folders"][0],
        json!({"id": "AQMkAGInbox", "displayName": "Inbox", "parentFolderId": "AQMkAGRoot", "childFolderCount": 1,
               "unreadItemCount": 70, "totalItemCount": 207, "isHidden": false})
    );
    assert_eq!(v["next_cursor"], next);
    req(
        "GET",
        "/me/mailFolders",
        &[("$select", FOLDER_SELECT), ("$top", "2"), ("$skip", "2")],
    )
    .respond(
        &s.fake,
        200,
        json!({"value": [folder("AQMkAGJunk", "Junk Email")]}),
    )
    .await;
    let v = s
        .client
        .call_ok("outlookMail_list_folders", json!({"cursor": next}))
        .await;
    assert_eq!(v["folders"][0]["displayName"], "Junk Email");
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn list_child_folders_and_bad_arguments() {
    let s = setup().await;
    req(
        "GET",
        "/me/mailFolders/inbox/childFolders",
        &[("$select", FOLDER_SELECT), ("$top", "50")],
    )
    .respond(
        &s.fake,
        200,
        json!({"value": [folder("AQMkAGSub", "Receipts")]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_list_folders",
            json!({"parent_folder_id": "inbox"}),
        )
        .await;
    assert_eq!(v["folders"][0]["displayName"], "Receipts");
    let err = s
        .client
        .call_err("outlookMail_list_folders", json!({"limit": 500}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
    let err = s
        .client
        .call_err(
            "outlookMail_list_folders",
            json!({"cursor": "https://evil.example/me/mailFolders"}),
        )
        .await;
    assert!(err.contains("`cursor` is not a page"), "{err}");
}

#[tokio::test]
async fn get_folder_by_well_known_name() {
    let s = setup().await;
    req(
        "GET",
        "/me/mailFolders/inbox",
        &[("$select", FOLDER_SELECT)],
    )
    .respond(&s.fake, 200, folder("AQMkAGInbox", "Inbox"))
    .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_get_mail_folder_details",
            json!({"folder_id": "inbox"}),
        )
        .await;
    assert_eq!(v["id"], "AQMkAGInbox");
    assert_eq!(v["totalItemCount"], 207);
    assert!(v.get("sizeInBytes").is_none());
}

#[tokio::test]
async fn get_folder_not_found_keeps_the_request_id() {
    let s = setup().await;
    req(
        "GET",
        "/me/mailFolders/AQMk%3D%3D",
        &[("$select", FOLDER_SELECT)],
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
            "outlookMail_get_mail_folder_details",
            json!({"folder_id": "AQMk=="}),
        )
        .await;
    assert!(err.contains("Outlook API error 404 Not Found (ErrorItemNotFound): The specified object was not found in the store [request-id 5f1a7c2e"), "{err}");
    let err = s
        .client
        .call_err(
            "outlookMail_get_mail_folder_details",
            json!({"folder_id": " "}),
        )
        .await;
    assert!(err.contains("`folder_id` must not be empty"), "{err}");
}

#[tokio::test]
async fn create_folder_at_the_root_and_under_a_parent() {
    let s = setup().await;
    expect("POST", "/me/mailFolders")
        .bearer(TOKEN)
        .json_body(json!({"displayName": "Clutter", "isHidden": true}))
        .respond(&s.fake, 201, folder("AQMkAGNew", "Clutter"))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_create_mail_folder",
            json!({"display_name": "Clutter", "is_hidden": true}),
        )
        .await;
    assert_eq!(v["id"], "AQMkAGNew");
    expect("POST", "/me/mailFolders/inbox/childFolders")
        .bearer(TOKEN)
        .json_body(json!({"displayName": "Receipts"}))
        .respond(&s.fake, 201, folder("AQMkAGSub", "Receipts"))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_create_mail_folder",
            json!({"display_name": "Receipts", "parent_folder_id": "inbox"}),
        )
        .await;
    assert_eq!(v["displayName"], "Receipts");
}

#[tokio::test]
async fn create_folder_conflict_and_missing_scope() {
    let s = setup().await;
    expect("POST", "/me/mailFolders")
        .bearer(TOKEN)
        .json_body(json!({"displayName": "Inbox"}))
        .respond(
            &s.fake,
            409,
            graph_error(
                "ErrorFolderExists",
                "A folder with the specified name already exists.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "outlookMail_create_mail_folder",
            json!({"display_name": "Inbox"}),
        )
        .await;
    assert!(
        err.contains(
            "409 Conflict (ErrorFolderExists): A folder with the specified name already exists"
        ),
        "{err}"
    );
    expect("POST", "/me/mailFolders")
        .bearer(TOKEN)
        .json_body(json!({"displayName": "X"}))
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
            "outlookMail_create_mail_folder",
            json!({"display_name": "X"}),
        )
        .await;
    assert!(
        err.contains("needs the delegated permission Mail.ReadWrite"),
        "{err}"
    );
}

#[tokio::test]
async fn rename_folder() {
    let s = setup().await;
    expect("PATCH", "/me/mailFolders/AQMkAGSub")
        .bearer(TOKEN)
        .json_body(json!({"displayName": "Invoices"}))
        .respond(&s.fake, 200, folder("AQMkAGSub", "Invoices"))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_update_folder_display_name",
            json!({"folder_id": "AQMkAGSub", "display_name": "Invoices"}),
        )
        .await;
    assert_eq!(v["displayName"], "Invoices");
    let err = s
        .client
        .call_err(
            "outlookMail_update_folder_display_name",
            json!({"folder_id": "AQMkAGSub", "display_name": ""}),
        )
        .await;
    assert!(err.contains("`display_name` must not be empty"), "{err}");
}

#[tokio::test]
async fn delete_folder() {
    let s = setup().await;
    expect("DELETE", "/me/mailFolders/AQMkAGSub")
        .bearer(TOKEN)
        .respond_with(&s.fake, mcp_testkit::wiremock::ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_delete_folder",
            json!({"folder_id": "AQMkAGSub"}),
        )
        .await;
    assert_eq!(v, json!({"deleted": true, "folder_id": "AQMkAGSub"}));
    expect("DELETE", "/me/mailFolders/inbox")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            400,
            graph_error(
                "ErrorDeleteDistinguishedFolder",
                "Distinguished folders cannot be deleted.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("outlookMail_delete_folder", json!({"folder_id": "inbox"}))
        .await;
    assert!(
        err.contains("(ErrorDeleteDistinguishedFolder): Distinguished folders cannot be deleted"),
        "{err}"
    );
}
