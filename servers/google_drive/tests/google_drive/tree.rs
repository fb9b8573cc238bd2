//! google_drive_get_file_tree_structure: pages of files.list nested into folders per drive.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::{FOLDER, TOKEN, files, google_error, setup};

const TREE_FIELDS: &str = "nextPageToken,files(id,name,mimeType,parents,driveId,size,modifiedTime)";

#[tokio::test]
async fn tree_of_my_drive_and_shared_drives_over_two_pages() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", "trashed = false")
        .query("orderBy", "name")
        .query("corpora", "allDrives")
        .query("includeItemsFromAllDrives", "true")
        .query("supportsAllDrives", "true")
        .query("pageSize", 500)
        .query("fields", TREE_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({
                "nextPageToken": "page-2",
                "files": [
                    {"id": "0Fproj", "name": "Projects", "mimeType": FOLDER, "parents": ["0AAroot"], "modifiedTime": "2024-05-01T00:00:00.000Z"},
                    {"id": "1aDoc", "name": "Plan", "mimeType": "application/vnd.google-apps.document", "parents": ["0Fproj"], "modifiedTime": "2024-05-02T00:00:00.000Z"},
                    {"id": "0Bshared", "name": "budget.xlsx", "mimeType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "parents": ["0ABfin"], "driveId": "0ABfin", "size": "9000", "modifiedTime": "2024-05-03T00:00:00.000Z"}
                ]
            }),
        )
        .await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", "trashed = false")
        .query("orderBy", "name")
        .query("corpora", "allDrives")
        .query("includeItemsFromAllDrives", "true")
        .query("supportsAllDrives", "true")
        .query("pageSize", 497)
        .query("pageToken", "page-2")
        .query("fields", TREE_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({"files": [
                {"id": "0Bnote", "name": "note.txt", "mimeType": "text/plain", "parents": ["0Fproj"], "size": "12", "modifiedTime": "2024-05-04T00:00:00.000Z"},
                {"id": "0Blost", "name": "lost.pdf", "mimeType": "application/pdf", "parents": ["0ABgone"], "driveId": "0ABgone", "size": "5", "modifiedTime": "2024-05-05T00:00:00.000Z"}
            ]}),
        )
        .await;
    expect("GET", "/drive/v3/drives/0ABfin")
        .bearer(TOKEN)
        .query("fields", "id,name")
        .respond(&s.fake, 200, json!({"id": "0ABfin", "name": "Finance"}))
        .await;
    expect("GET", "/drive/v3/drives/0ABgone")
        .bearer(TOKEN)
        .query("fields", "id,name")
        .respond(
            &s.fake,
            404,
            google_error(404, "notFound", "Shared drive not found: 0ABgone"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_get_file_tree_structure",
            json!({"include_shared_drives": true, "order_by": ["name"]}),
        )
        .await;
    assert_eq!(v["fileCount"], 5);
    assert!(v.get("truncated").is_none());
    let drives = v["drives"].as_array().unwrap();
    assert_eq!(drives.len(), 3);
    assert_eq!(
        drives[0],
        json!({"name": "My Drive", "children": [{
            "id": "0Fproj", "name": "Projects", "mimeType": FOLDER, "modifiedTime": "2024-05-01T00:00:00.000Z",
            "children": [
                {"id": "1aDoc", "name": "Plan", "mimeType": "application/vnd.google-apps.document", "modifiedTime": "2024-05-02T00:00:00.000Z"},
                {"id": "0Bnote", "name": "note.txt", "mimeType": "text/plain", "size": 12, "modifiedTime": "2024-05-04T00:00:00.000Z"}
            ]
        }]})
    );
    assert_eq!(drives[1]["id"], "0ABfin");
    assert_eq!(drives[1]["name"], "Finance");
    assert_eq!(drives[1]["children"][0]["size"], 9000);
    assert_eq!(drives[2]["id"], "0ABgone");
    assert!(
        drives[2]["name"]
            .as_str()
            .unwrap()
            .contains("name unavailable"),
        "{}",
        drives[2]
    );
}

#[tokio::test]
async fn tree_stops_at_the_limit() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", "trashed = false")
        .query("orderBy", "modifiedTime desc")
        .query("corpora", "drive")
        .query("driveId", "0ABfin")
        .query("includeItemsFromAllDrives", "true")
        .query("supportsAllDrives", "true")
        .query("pageSize", 2)
        .query("fields", TREE_FIELDS)
        .respond(
            &s.fake,
            200,
            json!({"nextPageToken": "more", "files": [
                {"id": "a", "name": "a.txt", "mimeType": "text/plain", "parents": ["0ABfin"], "driveId": "0ABfin"},
                {"id": "b", "name": "b.txt", "mimeType": "text/plain", "parents": ["0ABfin"], "driveId": "0ABfin"}
            ]}),
        )
        .await;
    expect("GET", "/drive/v3/drives/0ABfin")
        .bearer(TOKEN)
        .query("fields", "id,name")
        .respond(&s.fake, 200, json!({"id": "0ABfin", "name": "Finance"}))
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_get_file_tree_structure",
            json!({"restrict_to_shared_drive_id": "0ABfin", "limit": 2}),
        )
        .await;
    assert_eq!(v["truncated"], true);
    assert_eq!(v["fileCount"], 2);
    assert_eq!(v["drives"][0]["name"], "Finance");
    assert_eq!(v["drives"][0]["children"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn tree_with_an_expired_token() {
    let s = setup().await;
    expect("GET", files(""))
        .bearer(TOKEN)
        .query("q", "trashed = false")
        .query("orderBy", "modifiedTime desc")
        .query("corpora", "user")
        .query("supportsAllDrives", "true")
        .query("pageSize", 500)
        .query("fields", TREE_FIELDS)
        .respond(
            &s.fake,
            401,
            json!({"error": {"code": 401, "message": "Request had invalid authentication credentials.", "errors": [{"message": "Invalid Credentials", "domain": "global", "reason": "authError", "location": "Authorization", "locationType": "header"}], "status": "UNAUTHENTICATED"}}),
        )
        .await;
    let err = s
        .client
        .call_err("google_drive_get_file_tree_structure", json!({}))
        .await;
    assert!(
        err.contains("401") && err.contains("authError") && err.contains("expired"),
        "{err}"
    );
}

/// A Drive that answers every page with the same `nextPageToken`: the tree stops at the
/// repeat (two requests, not hundreds) and says so.
#[tokio::test]
async fn a_repeated_page_token_stops_the_listing_with_a_note() {
    use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
    let s = setup().await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path(files("")))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "nextPageToken": "same-token",
            "files": [{"id": "0Bone", "name": "one.txt", "mimeType": "text/plain", "modifiedTime": "2024-05-04T00:00:00.000Z"}]
        })))
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_get_file_tree_structure",
            json!({"limit": 5000}),
        )
        .await;
    let requests = s.fake.received_requests().await.unwrap_or_default();
    assert_eq!(requests.len(), 2, "one request per distinct page token");
    assert_eq!(v["truncated"], true, "{v}");
    assert!(
        v["note"]
            .as_str()
            .unwrap_or_default()
            .contains("the vendor repeated a page token"),
        "{v}"
    );
}
