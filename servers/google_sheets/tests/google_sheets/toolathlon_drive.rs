//! The `toolathlon` profile's Drive tools: create, list, search and share spreadsheets and list
//! folders, against the fake Drive API with the exact request (queries escaped, trashed files
//! left out, the default folder of `--drive-folder-id`).

use mcp_testkit::expect;
use serde_json::json;

use crate::common::{SID, TOKEN, google_error};
use crate::toolathlon::toolathlon;

const FILES: &str = "/drive/v3/files";

#[tokio::test]
async fn create_spreadsheet_in_the_given_or_the_default_folder() {
    let s = toolathlon(Some("FolderDefault1")).await;
    expect("POST", FILES)
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", "id,name,parents")
        .json_body(json!({"name": "Q3 plan", "mimeType": "application/vnd.google-apps.spreadsheet", "parents": ["FolderX"]}))
        .respond(&s.drive, 200, json!({"id": "newId1", "name": "Q3 plan", "parents": ["FolderX"]}))
        .await;
    let v = s
        .client
        .call_ok(
            "create_spreadsheet",
            json!({"title": "Q3 plan", "folder_id": "FolderX"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"spreadsheetId": "newId1", "title": "Q3 plan", "folder": "FolderX"})
    );
    expect("POST", FILES)
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", "id,name,parents")
        .json_body(json!({"name": "Q4", "mimeType": "application/vnd.google-apps.spreadsheet", "parents": ["FolderDefault1"]}))
        .respond(&s.drive, 200, json!({"id": "newId2", "name": "Q4", "parents": ["FolderDefault1"]}))
        .await;
    let v = s
        .client
        .call_ok("create_spreadsheet", json!({"title": "Q4"}))
        .await;
    assert_eq!(v["folder"], "FolderDefault1");
}

#[tokio::test]
async fn create_spreadsheet_without_any_folder_goes_to_my_drive() {
    let s = toolathlon(None).await;
    expect("POST", FILES)
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", "id,name,parents")
        .json_body(json!({"name": "Loose", "mimeType": "application/vnd.google-apps.spreadsheet"}))
        .respond(&s.drive, 200, json!({"id": "newId3", "name": "Loose"}))
        .await;
    let v = s
        .client
        .call_ok("create_spreadsheet", json!({"title": "Loose"}))
        .await;
    assert_eq!(
        v,
        json!({"spreadsheetId": "newId3", "title": "Loose", "folder": "root"})
    );
}

fn list_query(q: &str, order: &str, fields: &str) -> Vec<(&'static str, String)> {
    vec![
        ("q", q.to_owned()),
        ("spaces", "drive".to_owned()),
        ("includeItemsFromAllDrives", "true".to_owned()),
        ("supportsAllDrives", "true".to_owned()),
        ("orderBy", order.to_owned()),
        ("pageSize", "1000".to_owned()),
        ("fields", format!("nextPageToken,files({fields})")),
    ]
}

#[tokio::test]
async fn list_spreadsheets_of_a_folder_escaped_every_page() {
    let s = toolathlon(None).await;
    let q = "mimeType='application/vnd.google-apps.spreadsheet' and trashed=false and 'it\\'s' in parents";
    let mut first = expect("GET", FILES).bearer(TOKEN);
    for (k, v) in list_query(q, "modifiedTime desc", "id,name") {
        first = first.query(k, v);
    }
    first
        .respond(
            &s.drive,
            200,
            json!({"files": [{"id": "a", "name": "A"}], "nextPageToken": "p2"}),
        )
        .await;
    let mut second = expect("GET", FILES).bearer(TOKEN);
    for (k, v) in list_query(q, "modifiedTime desc", "id,name") {
        second = second.query(k, v);
    }
    second
        .query("pageToken", "p2")
        .respond(&s.drive, 200, json!({"files": [{"id": "b", "name": "B"}]}))
        .await;
    let v = s
        .client
        .call_ok("list_spreadsheets", json!({"folder_id": "it's"}))
        .await;
    assert_eq!(
        v,
        json!([{"id": "a", "title": "A"}, {"id": "b", "title": "B"}])
    );
}

#[tokio::test]
async fn list_folders_at_the_top_or_in_a_folder() {
    let s = toolathlon(None).await;
    let q = "mimeType='application/vnd.google-apps.folder' and trashed=false and 'root' in parents";
    let mut e = expect("GET", FILES).bearer(TOKEN);
    for (k, v) in list_query(q, "name", "id,name,parents") {
        e = e.query(k, v);
    }
    e.respond(
        &s.drive,
        200,
        json!({"files": [{"id": "f1", "name": "Finance", "parents": ["0AbCroot"]}, {"id": "f2", "name": "Shared"}]}),
    )
    .await;
    let v = s.client.call_ok("list_folders", json!({})).await;
    assert_eq!(
        v,
        json!([
            {"id": "f1", "name": "Finance", "parent": "0AbCroot"},
            {"id": "f2", "name": "Shared", "parent": "root"}
        ])
    );
}

#[tokio::test]
async fn search_spreadsheets_escapes_the_words_and_does_not_sort_a_full_text_search() {
    let s = toolathlon(None).await;
    expect("GET", FILES)
        .bearer(TOKEN)
        .query(
            "q",
            "mimeType='application/vnd.google-apps.spreadsheet' and trashed=false and (name contains 'Bob\\'s budget' or fullText contains 'Bob\\'s budget')",
        )
        .query("spaces", "drive")
        .query("includeItemsFromAllDrives", "true")
        .query("supportsAllDrives", "true")
        .query("pageSize", "5")
        .query(
            "fields",
            "files(id,name,createdTime,modifiedTime,owners(emailAddress),webViewLink)",
        )
        .respond(
            &s.drive,
            200,
            json!({"files": [{"id": SID, "name": "Bob's budget", "createdTime": "2024-01-01T00:00:00.000Z",
                               "modifiedTime": "2024-02-01T00:00:00.000Z", "owners": [{"emailAddress": "bob@example.com"}],
                               "webViewLink": "https://docs.google.com/spreadsheets/d/x/edit"}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "search_spreadsheets",
            json!({"query": "Bob's budget", "max_results": 5}),
        )
        .await;
    assert_eq!(
        v,
        json!([{"id": SID, "name": "Bob's budget", "created_time": "2024-01-01T00:00:00.000Z",
                "modified_time": "2024-02-01T00:00:00.000Z", "owners": ["bob@example.com"],
                "web_link": "https://docs.google.com/spreadsheets/d/x/edit"}])
    );
}

#[tokio::test]
async fn share_spreadsheet_reports_each_recipient() {
    let s = toolathlon(None).await;
    let path = format!("{FILES}/{SID}/permissions");
    expect("POST", path.clone())
        .bearer(TOKEN)
        .query("sendNotificationEmail", "false")
        .query("supportsAllDrives", "true")
        .query("fields", "id")
        .json_body(json!({"type": "user", "role": "reader", "emailAddress": "ann@example.com"}))
        .respond(&s.drive, 200, json!({"id": "perm1"}))
        .await;
    expect("POST", path)
        .bearer(TOKEN)
        .query("sendNotificationEmail", "false")
        .query("supportsAllDrives", "true")
        .query("fields", "id")
        .json_body(json!({"type": "user", "role": "writer", "emailAddress": "nobody@example.com"}))
        .respond(
            &s.drive,
            400,
            google_error(400, "INVALID_ARGUMENT", "Invalid sharing request"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "share_spreadsheet",
            json!({"spreadsheet_id": SID, "send_notification": false, "recipients": [
                {"email_address": "ann@example.com", "role": "reader"},
                {"email_address": "nobody@example.com"},
                {"email_address": "eve@example.com", "role": "owner"},
                {"role": "reader"}
            ]}),
        )
        .await;
    assert_eq!(
        v["successes"],
        json!([{"email_address": "ann@example.com", "role": "reader", "permissionId": "perm1"}])
    );
    let failures = v["failures"].as_array().cloned().unwrap_or_default();
    assert_eq!(failures.len(), 3, "{v}");
    assert!(
        failures[0]["error"]
            .as_str()
            .unwrap_or_default()
            .contains("Invalid sharing request")
    );
    assert!(
        failures[1]["error"]
            .as_str()
            .unwrap_or_default()
            .contains("Invalid role 'owner'")
    );
    assert_eq!(failures[2]["email_address"], serde_json::Value::Null);
}

#[tokio::test]
async fn bad_arguments_are_refused_before_any_request() {
    let s = toolathlon(None).await;
    for (tool, args, want) in [
        (
            "search_spreadsheets",
            json!({"query": "  "}),
            "`query` is empty",
        ),
        (
            "create_spreadsheet",
            json!({"title": ""}),
            "`title` must not be empty",
        ),
        (
            "share_spreadsheet",
            json!({"spreadsheet_id": SID, "recipients": []}),
            "give 1 to 50",
        ),
        (
            "find_in_spreadsheet",
            json!({"spreadsheet_id": SID, "query": ""}),
            "`query` is empty",
        ),
        (
            "add_rows",
            json!({"spreadsheet_id": SID, "sheet": "Sheet1", "count": 0}),
            "at least 1",
        ),
        (
            "list_sheets",
            json!({"spreadsheet_id": "bad id!"}),
            "not a spreadsheet id",
        ),
    ] {
        let err = s.client.call_err(tool, args.clone()).await;
        assert!(err.contains(want), "{tool} {args}: {err}");
    }
    assert!(
        s.drive
            .received_requests()
            .await
            .unwrap_or_default()
            .is_empty()
    );
    s.assert_nothing_sent().await;
}

#[tokio::test]
async fn the_default_profile_keeps_its_own_tools() {
    let names = |p: mcp_shared::Profile| -> Vec<String> {
        mcp_shared::McpServer::new(
            &google_sheets_mcp_server::SPEC,
            mcp_shared::Settings {
                toolsets: Some(vec!["all".to_owned()]),
                profile: p,
                ..mcp_shared::Settings::default()
            },
        )
        .map(|s| s.tool_defs().map(|d| d.name().to_owned()).collect())
        .unwrap_or_default()
    };
    assert!(
        !names(mcp_shared::Profile::Default)
            .iter()
            .any(|n| n == "list_sheets")
    );
    assert_eq!(names(mcp_shared::Profile::Toolathlon).len(), 19);
}
