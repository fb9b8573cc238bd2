//! google_drive_read_file: Google Docs, Sheets and Slides exported by Drive (text as text,
//! binary formats as embedded resources), other files downloaded (`alt=media`) with a size cap.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{
    DOC, FOLDER, SHEET, TOKEN, content_of, files, google_error, requests_at, setup,
};

const META_FIELDS: &str =
    "id,name,mimeType,size,webViewLink,shortcutDetails(targetId,targetMimeType)";

async fn meta(s: &crate::common::Setup, id: &str, body: Value) {
    expect("GET", files(&format!("/{id}")))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", META_FIELDS)
        .respond(&s.fake, 200, body)
        .await;
}

#[tokio::test]
async fn a_google_doc_is_exported_as_plain_text() {
    let s = setup().await;
    meta(
        &s,
        "1aDoc",
        json!({"id": "1aDoc", "name": "Q3 plan", "mimeType": DOC, "size": "2048",
               "webViewLink": "https://docs.google.com/document/d/1aDoc/edit?usp=drivesdk"}),
    )
    .await;
    expect("GET", files("/1aDoc/export"))
        .bearer(TOKEN)
        .query("mimeType", "text/plain")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("content-type", "text/plain")
                // Drive starts text exports with a byte-order mark.
                .set_body_bytes("\u{feff}Q3 plan\r\nShip it — by Friday.\r\n".as_bytes()),
        )
        .await;
    let v = s
        .client
        .call_ok("google_drive_read_file", json!({"file_id": "1aDoc"}))
        .await;
    assert_eq!(
        v,
        json!({
            "id": "1aDoc",
            "name": "Q3 plan",
            "mimeType": DOC,
            "webViewLink": "https://docs.google.com/document/d/1aDoc/edit?usp=drivesdk",
            "exportMimeType": "text/plain",
            "content": "Q3 plan\r\nShip it — by Friday.\r\n"
        })
    );
}

#[tokio::test]
async fn a_google_sheet_is_exported_as_csv() {
    let s = setup().await;
    meta(
        &s,
        "1sheet",
        json!({"id": "1sheet", "name": "Budget", "mimeType": SHEET, "size": "1024"}),
    )
    .await;
    expect("GET", files("/1sheet/export"))
        .bearer(TOKEN)
        .query("mimeType", "text/csv")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("content-type", "text/csv")
                .set_body_string("item,cost\r\n\"Rent, May\",1200\r\n"),
        )
        .await;
    let v = s
        .client
        .call_ok("google_drive_read_file", json!({"file_id": "1sheet"}))
        .await;
    assert_eq!(v["exportMimeType"], "text/csv");
    assert_eq!(v["content"], "item,cost\r\n\"Rent, May\",1200\r\n");
}

#[tokio::test]
async fn a_doc_exported_as_pdf_is_an_embedded_resource() {
    let s = setup().await;
    meta(
        &s,
        "1aDoc",
        json!({"id": "1aDoc", "name": "Q3 plan", "mimeType": DOC}),
    )
    .await;
    let pdf = b"%PDF-1.7\n\x00\xff\xfe binary\n%%EOF".to_vec();
    expect("GET", files("/1aDoc/export"))
        .bearer(TOKEN)
        .query("mimeType", "application/pdf")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("content-type", "application/pdf")
                .set_body_bytes(pdf.clone()),
        )
        .await;
    let content = content_of(
        &s.client,
        "google_drive_read_file",
        json!({"file_id": "1aDoc", "export_mime_type": "application/pdf"}),
    )
    .await;
    assert_eq!(content.len(), 2, "{content:?}");
    let summary: Value = serde_json::from_str(content[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(summary["exportMimeType"], "application/pdf");
    assert_eq!(summary["bytes"], pdf.len());
    assert_eq!(content[1]["type"], "resource");
    let r = &content[1]["resource"];
    assert_eq!(r["mimeType"], "application/pdf");
    assert_eq!(r["uri"], "gdrive://files/1aDoc/Q3%20plan");
    assert_eq!(STANDARD.decode(r["blob"].as_str().unwrap()).unwrap(), pdf);
}

#[tokio::test]
async fn a_binary_file_is_downloaded_as_a_resource() {
    let s = setup().await;
    let png = vec![
        0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d,
    ];
    meta(
        &s,
        "0Bimg",
        json!({"id": "0Bimg", "name": "logo.png", "mimeType": "image/png", "size": png.len().to_string()}),
    )
    .await;
    expect("GET", files("/0Bimg"))
        .bearer(TOKEN)
        .query("alt", "media")
        .query("supportsAllDrives", "true")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("content-type", "image/png")
                .set_body_bytes(png.clone()),
        )
        .await;
    let content = content_of(
        &s.client,
        "google_drive_read_file",
        json!({"file_id": "0Bimg"}),
    )
    .await;
    let summary: Value = serde_json::from_str(content[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(summary["name"], "logo.png");
    assert!(summary.get("exportMimeType").is_none());
    let r = &content[1]["resource"];
    assert_eq!(r["mimeType"], "image/png");
    assert_eq!(r["uri"], "gdrive://files/0Bimg/logo.png");
    assert_eq!(STANDARD.decode(r["blob"].as_str().unwrap()).unwrap(), png);
}

#[tokio::test]
async fn a_small_text_file_is_returned_as_text() {
    let s = setup().await;
    meta(
        &s,
        "0Btxt",
        json!({"id": "0Btxt", "name": "todo.md", "mimeType": "text/markdown", "size": "12"}),
    )
    .await;
    expect("GET", files("/0Btxt"))
        .bearer(TOKEN)
        .query("alt", "media")
        .query("supportsAllDrives", "true")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200).set_body_string("- [ ] ship\n"),
        )
        .await;
    let v = s
        .client
        .call_ok("google_drive_read_file", json!({"file_id": "0Btxt"}))
        .await;
    assert_eq!(v["content"], "- [ ] ship\n");
    assert!(v.get("truncated").is_none());
}

#[tokio::test]
async fn a_long_text_file_is_read_with_a_range_and_marked() {
    let s = setup().await;
    meta(
        &s,
        "0Blog",
        json!({"id": "0Blog", "name": "server.log", "mimeType": "text/plain", "size": "300000"}),
    )
    .await;
    // 102,399 ASCII bytes and the first byte of "é": the cut character is dropped.
    let mut head = "a".repeat(102_399).into_bytes();
    head.push(0xc3);
    expect("GET", files("/0Blog"))
        .bearer(TOKEN)
        .query("alt", "media")
        .query("supportsAllDrives", "true")
        .header("range", "bytes=0-102399")
        .respond_with(&s.fake, ResponseTemplate::new(206).set_body_bytes(head))
        .await;
    let v = s
        .client
        .call_ok("google_drive_read_file", json!({"file_id": "0Blog"}))
        .await;
    assert_eq!(v["truncated"], true);
    let text = v["content"].as_str().unwrap();
    assert_eq!(
        text,
        format!(
            "{}\n…[truncated: showing the first 102399 of 300000 bytes]",
            "a".repeat(102_399)
        )
    );
}

#[tokio::test]
async fn a_binary_file_over_the_cap_is_refused_before_downloading() {
    let s = setup().await;
    meta(
        &s,
        "0Bvid",
        json!({"id": "0Bvid", "name": "demo.mp4", "mimeType": "video/mp4", "size": "52428800",
               "webViewLink": "https://drive.google.com/file/d/0Bvid/view?usp=drivesdk"}),
    )
    .await;
    let err = s
        .client
        .call_err("google_drive_read_file", json!({"file_id": "0Bvid"}))
        .await;
    assert!(
        err.contains("demo.mp4 (0Bvid) is 52428800 bytes, over the 10485760 byte limit"),
        "{err}"
    );
    assert!(
        err.contains("https://drive.google.com/file/d/0Bvid/view"),
        "{err}"
    );
    assert_eq!(
        requests_at(&s.fake, &files("/0Bvid")).await.len(),
        1,
        "no download"
    );
}

#[tokio::test]
async fn a_download_over_the_cap_without_a_known_size_gives_the_clear_message() {
    let s = setup().await;
    meta(
        &s,
        "0Bzip",
        json!({"id": "0Bzip", "name": "dump.zip", "mimeType": "application/zip"}),
    )
    .await;
    expect("GET", files("/0Bzip"))
        .bearer(TOKEN)
        .query("alt", "media")
        .query("supportsAllDrives", "true")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200).set_body_bytes(vec![7u8; 10 * 1024 * 1024 + 1]),
        )
        .await;
    let err = s
        .client
        .call_err("google_drive_read_file", json!({"file_id": "0Bzip"}))
        .await;
    assert!(
        err.contains(
            "gdrive://files/0Bzip/dump.zip is 10485761 bytes, over the 10485760 byte limit"
        ),
        "{err}"
    );
}

#[tokio::test]
async fn folders_shortcuts_and_forms_have_no_content() {
    let s = setup().await;
    meta(
        &s,
        "0Fold",
        json!({"id": "0Fold", "name": "Reports", "mimeType": FOLDER}),
    )
    .await;
    meta(
        &s,
        "0Short",
        json!({"id": "0Short", "name": "Plan link", "mimeType": "application/vnd.google-apps.shortcut",
               "shortcutDetails": {"targetId": "1aDoc", "targetMimeType": DOC}}),
    )
    .await;
    meta(
        &s,
        "0Form",
        json!({"id": "0Form", "name": "Survey", "mimeType": "application/vnd.google-apps.form"}),
    )
    .await;
    let err = s
        .client
        .call_err("google_drive_read_file", json!({"file_id": "0Fold"}))
        .await;
    assert!(
        err.contains("is a folder") && err.contains("folder_id"),
        "{err}"
    );
    let err = s
        .client
        .call_err("google_drive_read_file", json!({"file_id": "0Short"}))
        .await;
    assert!(err.contains("shortcut to the file 1aDoc"), "{err}");
    let err = s
        .client
        .call_err("google_drive_read_file", json!({"file_id": "0Form"}))
        .await;
    assert!(err.contains("cannot export"), "{err}");
}

#[tokio::test]
async fn export_format_is_for_google_files_only() {
    let s = setup().await;
    meta(
        &s,
        "0Bpdf",
        json!({"id": "0Bpdf", "name": "a.pdf", "mimeType": "application/pdf", "size": "10"}),
    )
    .await;
    let err = s
        .client
        .call_err(
            "google_drive_read_file",
            json!({"file_id": "0Bpdf", "export_mime_type": "text/plain"}),
        )
        .await;
    assert!(
        err.contains("export_mime_type applies to Google Docs"),
        "{err}"
    );
}

#[tokio::test]
async fn an_export_over_drives_limit_says_so() {
    let s = setup().await;
    meta(
        &s,
        "1big",
        json!({"id": "1big", "name": "Big sheet", "mimeType": SHEET}),
    )
    .await;
    expect("GET", files("/1big/export"))
        .bearer(TOKEN)
        .query("mimeType", "text/csv")
        .respond(
            &s.fake,
            403,
            google_error(
                403,
                "exportSizeLimitExceeded",
                "This file is too large to be exported.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("google_drive_read_file", json!({"file_id": "1big"}))
        .await;
    assert!(
        err.contains("exportSizeLimitExceeded") && err.contains("at most 10 MB"),
        "{err}"
    );
}
