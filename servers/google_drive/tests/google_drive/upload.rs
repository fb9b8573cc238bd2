//! google_drive_upload_file: one `multipart/related` request of JSON metadata and content.

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{google_error, mock, requests_at, setup};

const UPLOAD: &str = "/upload/drive/v3/files";
const QUERY: &[(&str, &str)] = &[
    ("uploadType", "multipart"),
    ("supportsAllDrives", "true"),
    (
        "fields",
        "id,name,mimeType,size,parents,driveId,webViewLink",
    ),
];

/// The one upload request the fake received: its boundary (from Content-Type) and body.
async fn received(fake: &mcp_testkit::wiremock::MockServer) -> (String, Vec<u8>) {
    let reqs = requests_at(fake, UPLOAD).await;
    assert_eq!(reqs.len(), 1, "one upload request");
    let r = &reqs[0];
    let ct = r
        .headers
        .get("content-type")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    let boundary = ct
        .strip_prefix("multipart/related; boundary=")
        .unwrap_or_else(|| panic!("content type {ct}"))
        .to_owned();
    assert!(!boundary.is_empty() && boundary.len() <= 70, "{boundary}");
    assert!(
        boundary
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-'),
        "{boundary}"
    );
    (boundary, r.body.clone())
}

/// The body Drive expects: the metadata part, the media part, the closing boundary.
fn expected_body(boundary: &str, metadata: &str, mime: &str, data: &[u8]) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n{metadata}\r\n"
        )
        .as_bytes(),
    );
    b.extend_from_slice(format!("--{boundary}\r\nContent-Type: {mime}\r\n\r\n").as_bytes());
    b.extend_from_slice(data);
    b.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    b
}

/// The JSON of the metadata part (between its blank line and the next boundary).
fn metadata_of(body: &[u8], boundary: &str) -> Value {
    let text = String::from_utf8_lossy(body);
    let start = text.find("\r\n\r\n").unwrap() + 4;
    let end = text.find(&format!("\r\n--{boundary}\r\n")).unwrap();
    serde_json::from_str(&text[start..end]).unwrap()
}

#[tokio::test]
async fn text_upload_is_a_multipart_related_body() {
    let s = setup().await;
    mock("POST", UPLOAD, QUERY)
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "0Bnew", "name": "notes.txt", "mimeType": "text/plain", "size": "12",
            "parents": ["0Ffolder"], "webViewLink": "https://drive.google.com/file/d/0Bnew/view?usp=drivesdk"
        })))
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_upload_file",
            json!({"name": "notes.txt", "content": "hello\r\nworld", "parent_folder_id": "0Ffolder", "description": "Ann's notes"}),
        )
        .await;
    assert_eq!(v["id"], "0Bnew");
    assert_eq!(v["size"], 12);
    let (boundary, body) = received(&s.fake).await;
    let meta = metadata_of(&body, &boundary);
    assert_eq!(
        meta,
        json!({"name": "notes.txt", "parents": ["0Ffolder"], "description": "Ann's notes"})
    );
    assert_eq!(
        body,
        expected_body(
            &boundary,
            &meta.to_string(),
            "text/plain",
            b"hello\r\nworld"
        ),
        "{}",
        String::from_utf8_lossy(&body)
    );
}

#[tokio::test]
async fn binary_upload_keeps_every_byte() {
    let s = setup().await;
    mock("POST", UPLOAD, QUERY)
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "0Bimg", "name": "logo.png", "mimeType": "image/png", "size": "10"
        })))
        .expect(1)
        .mount(&s.fake)
        .await;
    // Bytes that look like CRLFs and boundary dashes must pass through untouched.
    let png: Vec<u8> = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', b'-', b'-', 0x00, 0xff];
    s.client
        .call_ok(
            "google_drive_upload_file",
            json!({"name": "logo.png", "content_base64": URL_SAFE_NO_PAD.encode(&png)}),
        )
        .await;
    let (boundary, body) = received(&s.fake).await;
    assert_eq!(
        body,
        expected_body(&boundary, r#"{"name":"logo.png"}"#, "image/png", &png)
    );
}

#[tokio::test]
async fn csv_upload_converted_to_a_google_sheet() {
    let s = setup().await;
    mock("POST", UPLOAD, QUERY)
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "1sheet", "name": "budget.csv", "mimeType": "application/vnd.google-apps.spreadsheet"
        })))
        .expect(1)
        .mount(&s.fake)
        .await;
    let csv = "item,cost\nrent,1200\n";
    let v = s
        .client
        .call_ok(
            "google_drive_upload_file",
            json!({"name": "budget.csv", "content_base64": STANDARD.encode(csv), "convert_to_google_format": true}),
        )
        .await;
    assert_eq!(v["mimeType"], "application/vnd.google-apps.spreadsheet");
    let (boundary, body) = received(&s.fake).await;
    let meta = metadata_of(&body, &boundary);
    assert_eq!(
        meta,
        json!({"name": "budget.csv", "mimeType": "application/vnd.google-apps.spreadsheet"})
    );
    assert_eq!(
        body,
        expected_body(&boundary, &meta.to_string(), "text/csv", csv.as_bytes())
    );
}

#[tokio::test]
async fn upload_arguments_are_checked_before_any_request() {
    let s = setup().await;
    for (args, want) in [
        (json!({"name": "a.txt"}), "no content"),
        (
            json!({"name": "a.txt", "content": "x", "content_base64": "eA=="}),
            "not both",
        ),
        (
            json!({"name": "a.bin", "content_base64": "not base64!"}),
            "not valid base64",
        ),
        (
            json!({"name": "a.png", "content_base64": "iVBORw==", "convert_to_google_format": true}),
            "cannot convert image/png",
        ),
        (
            json!({"name": " ", "content": "x"}),
            "`name` must not be empty",
        ),
    ] {
        let err = s.client.call_err("google_drive_upload_file", args).await;
        assert!(err.contains(want), "{want}: {err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn upload_over_drives_multipart_limit_is_refused() {
    // Over HTTP the MCP request itself is capped (MCP_MAX_BODY_BYTES, 4 MB by default): raise
    // it so that the 5 MB upload limit is what refuses the content.
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_shared::Settings {
        max_body_bytes: 16 * 1024 * 1024,
        ..mcp_testkit::settings_for(&fake.uri())
    };
    let server = mcp_testkit::TestServer::start(&google_drive_mcp_server::SPEC, settings).await;
    let client = server.client(crate::common::TOKEN).await;
    // Over the limit in characters: refused by the argument's bound (its schema's maxLength).
    let err = client
        .call_err(
            "google_drive_upload_file",
            json!({"name": "big.txt", "content": "x".repeat(5 * 1024 * 1024 + 1)}),
        )
        .await;
    assert!(
        err.contains("argument `content` is too long: 5242881 characters, the limit is 5242880"),
        "{err}"
    );
    // Within it in characters but over it in bytes (UTF-8): refused by the byte check.
    let err = client
        .call_err(
            "google_drive_upload_file",
            json!({"name": "big.txt", "content": "é".repeat(5 * 512 * 1024 + 1)}),
        )
        .await;
    assert!(
        err.contains("5242882 bytes, over the 5242880 byte limit"),
        "{err}"
    );
    assert!(fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn upload_over_the_storage_quota() {
    let s = setup().await;
    mock("POST", UPLOAD, QUERY)
        .respond_with(ResponseTemplate::new(403).set_body_json(google_error(
            403,
            "storageQuotaExceeded",
            "The user's Drive storage quota has been exceeded.",
        )))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err(
            "google_drive_upload_file",
            json!({"name": "a.txt", "content": "x"}),
        )
        .await;
    assert!(
        err.contains("storageQuotaExceeded") && err.contains("quota has been exceeded"),
        "{err}"
    );
}
