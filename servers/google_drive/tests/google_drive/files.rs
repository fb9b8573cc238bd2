//! Files: search with Drive's query language, details, folders, moves, renames and the trash.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{
    FOLDER, LIST_FIELDS, TOKEN, file_not_found, files, google_error, insufficient_scope,
    requests_at, setup,
};

const WRITE_FIELDS: &str = "id,name,mimeType,parents,driveId,webViewLink";

#[tokio::test]
async fn search_files_defaults_to_every_drive() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", "trashed = false")
        .query("corpora", "allDrives")
        .query("includeItemsFromAllDrives", "true")
        .query("supportsAllDrives", "true")
        .query("pageSize", 25)
        .query("orderBy", "modifiedTime desc")
        .query("fields", LIST_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({
                "nextPageToken": "tok-2",
                "incompleteSearch": true,
                "files": [{
                    "id": "0Bpdf",
                    "name": "invoice.pdf",
                    "mimeType": "application/pdf",
                    "size": "48213",
                    "modifiedTime": "2024-04-30T12:00:00.000Z",
                    "parents": ["0ABshared"],
                    "driveId": "0ABshared",
                    "webViewLink": "https://drive.google.com/file/d/0Bpdf/view?usp=drivesdk"
                }]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("google_drive_search_files", json!({}))
        .await;
    assert_eq!(
        v,
        json!({
            "files": [{
                "id": "0Bpdf",
                "name": "invoice.pdf",
                "mimeType": "application/pdf",
                "size": 48213,
                "modifiedTime": "2024-04-30T12:00:00.000Z",
                "parents": ["0ABshared"],
                "driveId": "0ABshared",
                "webViewLink": "https://drive.google.com/file/d/0Bpdf/view?usp=drivesdk"
            }],
            "nextPageToken": "tok-2",
            "incompleteSearch": true
        })
    );
}

#[tokio::test]
async fn search_files_escapes_a_name_with_a_quote() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query(
            "q",
            "name contains 'Bob\\'s \\\\ report' and mimeType = 'application/pdf' \
             and '0Ffolder' in parents and trashed = false \
             and (modifiedTime > '2024-01-01T00:00:00')",
        )
        .query("corpora", "user")
        .query("supportsAllDrives", "true")
        .query("pageSize", 1000)
        .query("orderBy", "name desc")
        .query("pageToken", "tok-2")
        .query("fields", LIST_FIELDS)
        .respond(&s.fake, 200, json!({"files": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_search_files",
            json!({
                "name_contains": "Bob's \\ report",
                "mime_type": "application/pdf",
                "folder_id": "0Ffolder",
                "query": "modifiedTime > '2024-01-01T00:00:00'",
                "include_shared_drives": false,
                "order_by": ["name desc"],
                "limit": 99999,
                "page_token": "tok-2"
            }),
        )
        .await;
    assert_eq!(v, json!({"files": []}));
}

#[tokio::test]
async fn search_files_by_content_in_one_shared_drive_is_by_relevance() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", "fullText contains 'net revenue' and trashed = false")
        .query("corpora", "drive")
        .query("driveId", "0ABshared")
        .query("includeItemsFromAllDrives", "true")
        .query("supportsAllDrives", "true")
        .query("pageSize", 25)
        .query("fields", LIST_FIELDS)
        .respond(&s.fake, 200, json!({"files": []}))
        .await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("corpora", "allDrives")
        .query("includeItemsFromAllDrives", "true")
        .query("supportsAllDrives", "true")
        .query("pageSize", 25)
        .query("orderBy", "modifiedTime desc")
        .query("fields", LIST_FIELDS)
        .respond(&s.fake, 200, json!({"files": []}))
        .await;
    s.client
        .call_ok(
            "google_drive_search_files",
            json!({"full_text_contains": "net revenue", "shared_drive_id": "0ABshared", "order_by": ["name"]}),
        )
        .await;
    // Trashed files included and no filter: no `q` at all.
    s.client
        .call_ok(
            "google_drive_search_files",
            json!({"include_trashed": true}),
        )
        .await;
}

#[tokio::test]
async fn search_files_reports_an_invalid_query() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", "trashed = false and (name contans 'x')")
        .query("corpora", "allDrives")
        .query("includeItemsFromAllDrives", "true")
        .query("supportsAllDrives", "true")
        .query("pageSize", 25)
        .query("orderBy", "modifiedTime desc")
        .query("fields", LIST_FIELDS)
        .respond(
            &s.fake,
            400,
            json!({"error": {"code": 400, "message": "Invalid Value", "errors": [{"message": "Invalid Value", "domain": "global", "reason": "invalid", "location": "q", "locationType": "parameter"}]}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_drive_search_files",
            json!({"query": "name contans 'x'"}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("(invalid)") && err.contains("Invalid Value"),
        "{err}"
    );
}

#[tokio::test]
async fn get_file_details() {
    let s = setup().await;
    expect("GET", files("/0Bpdf"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", "id,name,mimeType,description,size,createdTime,modifiedTime,parents,driveId,webViewLink,owners(displayName,emailAddress),shared,trashed,starred,shortcutDetails(targetId,targetMimeType)")
        .respond(
            &s.fake,
            200,
            json!({
                "id": "0Bpdf",
                "name": "invoice.pdf",
                "mimeType": "application/pdf",
                "description": "May invoice",
                "size": "48213",
                "createdTime": "2024-04-29T08:00:00.000Z",
                "modifiedTime": "2024-04-30T12:00:00.000Z",
                "parents": ["0Ffolder"],
                "webViewLink": "https://drive.google.com/file/d/0Bpdf/view?usp=drivesdk",
                "owners": [{"displayName": "Ann Lee", "emailAddress": "ann@example.com"}],
                "shared": true,
                "trashed": false,
                "starred": false
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("google_drive_get_file", json!({"file_id": "0Bpdf"}))
        .await;
    assert_eq!(v["size"], 48213);
    assert_eq!(v["owners"], json!(["ann@example.com"]));
    assert_eq!(v["description"], "May invoice");
    assert_eq!(v["shared"], true);
    assert_eq!(v["trashed"], false);
}

#[tokio::test]
async fn get_file_not_found_and_empty_id() {
    let s = setup().await;
    expect("GET", files("/gone"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", "id,name,mimeType,description,size,createdTime,modifiedTime,parents,driveId,webViewLink,owners(displayName,emailAddress),shared,trashed,starred,shortcutDetails(targetId,targetMimeType)")
        .respond(&s.fake, 404, file_not_found("gone"))
        .await;
    let err = s
        .client
        .call_err("google_drive_get_file", json!({"file_id": "gone"}))
        .await;
    assert!(err.contains("File not found: gone"), "{err}");
    let err = s
        .client
        .call_err("google_drive_get_file", json!({"file_id": "  "}))
        .await;
    assert!(err.contains("`file_id` must not be empty"), "{err}");
}

#[tokio::test]
async fn create_folder_in_a_parent() {
    let s = setup().await;
    expect("POST", files(""))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", WRITE_FIELDS)
        .json_body(json!({
            "name": "Reports 2024",
            "mimeType": FOLDER,
            "parents": ["0Fparent"],
            "description": "Quarterly"
        }))
        .respond(
            &s.fake,
            200,
            json!({"id": "0Fnew", "name": "Reports 2024", "mimeType": FOLDER, "parents": ["0Fparent"],
                   "webViewLink": "https://drive.google.com/drive/folders/0Fnew"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_create_folder",
            json!({"name": "Reports 2024", "parent_folder_id": "0Fparent", "description": "Quarterly"}),
        )
        .await;
    assert_eq!(v["id"], "0Fnew");
    assert_eq!(v["parents"], json!(["0Fparent"]));
}

#[tokio::test]
async fn create_folder_needs_a_name_and_the_scope() {
    let s = setup().await;
    let err = s
        .client
        .call_err("google_drive_create_folder", json!({"name": " "}))
        .await;
    assert!(err.contains("`name` must not be empty"), "{err}");
    expect("POST", files(""))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", WRITE_FIELDS)
        .json_body(json!({"name": "X", "mimeType": FOLDER}))
        .respond_with(
            &s.fake,
            insufficient_scope("https://www.googleapis.com/auth/drive.file"),
        )
        .await;
    let err = s
        .client
        .call_err("google_drive_create_folder", json!({"name": "X"}))
        .await;
    assert!(
        err.contains("403") && err.contains("https://www.googleapis.com/auth/drive.file"),
        "{err}"
    );
}

#[tokio::test]
async fn move_file_replaces_its_parents() {
    let s = setup().await;
    expect("GET", files("/0Bpdf"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", "id,parents")
        .respond(
            &s.fake,
            200,
            json!({"id": "0Bpdf", "parents": ["0Fold", "0Fdest"]}),
        )
        .await;
    expect("PATCH", files("/0Bpdf"))
        .bearer(TOKEN)
        .query("addParents", "0Fdest")
        .query("removeParents", "0Fold")
        .query("supportsAllDrives", "true")
        .query("fields", WRITE_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({"id": "0Bpdf", "name": "invoice.pdf", "mimeType": "application/pdf", "parents": ["0Fdest"]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_move_file",
            json!({"file_id": "0Bpdf", "destination_folder_id": "0Fdest"}),
        )
        .await;
    assert_eq!(v["parents"], json!(["0Fdest"]));
}

#[tokio::test]
async fn move_file_stops_when_the_file_is_missing() {
    let s = setup().await;
    expect("GET", files("/gone"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", "id,parents")
        .respond(&s.fake, 404, file_not_found("gone"))
        .await;
    let err = s
        .client
        .call_err(
            "google_drive_move_file",
            json!({"file_id": "gone", "destination_folder_id": "0Fdest"}),
        )
        .await;
    assert!(err.contains("File not found: gone"), "{err}");
    let patches = requests_at(&s.fake, &files("/gone"))
        .await
        .into_iter()
        .filter(|r| r.method.as_str() == "PATCH")
        .count();
    assert_eq!(patches, 0);
}

#[tokio::test]
async fn rename_file() {
    let s = setup().await;
    expect("PATCH", files("/0Bpdf"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", WRITE_FIELDS)
        .json_body(json!({"name": "invoice-may.pdf"}))
        .respond(
            &s.fake,
            200,
            json!({"id": "0Bpdf", "name": "invoice-may.pdf", "mimeType": "application/pdf", "parents": ["0Fdest"]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_rename_file",
            json!({"file_id": "0Bpdf", "new_name": " invoice-may.pdf "}),
        )
        .await;
    assert_eq!(v["name"], "invoice-may.pdf");
}

#[tokio::test]
async fn rename_file_without_permission() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_drive_rename_file",
            json!({"file_id": "0Bpdf", "new_name": ""}),
        )
        .await;
    assert!(err.contains("`new_name` must not be empty"), "{err}");
    expect("PATCH", files("/0Bpdf"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", WRITE_FIELDS)
        .json_body(json!({"name": "x"}))
        .respond(
            &s.fake,
            403,
            google_error(
                403,
                "insufficientFilePermissions",
                "The user does not have sufficient permissions for this file.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_drive_rename_file",
            json!({"file_id": "0Bpdf", "new_name": "x"}),
        )
        .await;
    assert!(
        err.contains("insufficientFilePermissions") && err.contains("sufficient permissions"),
        "{err}"
    );
}

#[tokio::test]
async fn empty_trash_of_the_user_and_of_a_shared_drive() {
    let s = setup().await;
    expect("DELETE", files("/trash"))
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    expect("DELETE", files("/trash"))
        .bearer(TOKEN)
        .query("driveId", "0ABshared")
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok("google_drive_empty_trash", json!({}))
        .await;
    assert_eq!(v, json!({"emptied": true}));
    let v = s
        .client
        .call_ok("google_drive_empty_trash", json!({"drive_id": "0ABshared"}))
        .await;
    assert_eq!(v, json!({"emptied": true, "driveId": "0ABshared"}));
}

#[tokio::test]
async fn empty_trash_needs_the_full_drive_scope() {
    let s = setup().await;
    expect("DELETE", files("/trash"))
        .bearer(TOKEN)
        .respond_with(
            &s.fake,
            insufficient_scope("https://www.googleapis.com/auth/drive"),
        )
        .await;
    let err = s
        .client
        .call_err("google_drive_empty_trash", json!({}))
        .await;
    assert!(
        err.contains("insufficientPermissions")
            && err.contains(
                "lacks the OAuth scope this call needs (https://www.googleapis.com/auth/drive)"
            ),
        "{err}"
    );
}
