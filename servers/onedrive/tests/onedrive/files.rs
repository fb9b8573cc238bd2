//! File content: download through the pre-authenticated URL, create, upload (simple and
//! through an upload session).

use crate::common::{SELECT, TOKEN, file, folder, graph_error, req, setup};
use mcp_testkit::wiremock::ResponseTemplate;
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

#[tokio::test]
async fn read_file_content_follows_the_redirect_without_the_token() {
    let s = setup().await;
    req("GET", "/me/drive/items/A1", &[("$select", SELECT)])
        .respond(&s.fake, 200, file("A1", "notes.txt", 11, "text/plain"))
        .await;
    let download = format!(
        "{}/personal/ada/_layouts/15/download.aspx?UniqueId=A1&tempauth=eyJ0",
        s.fake.uri()
    );
    req("GET", "/me/drive/items/A1/content", &[])
        .respond_with(
            &s.fake,
            ResponseTemplate::new(302).insert_header("location", download.as_str()),
        )
        .await;
    expect("GET", "/personal/ada/_layouts/15/download.aspx")
        .queries(&[("UniqueId", "A1"), ("tempauth", "eyJ0")])
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200).set_body_string("hello world"),
        )
        .await;
    let r = s
        .client
        .call("onedrive_read_file_content", json!({"file_id": "A1"}))
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
        "onedrive://items/A1/notes.txt"
    );
    // The pre-authenticated URL never sees the token.
    let reqs = s.fake.received_requests().await.unwrap();
    let dl = reqs
        .iter()
        .find(|r| r.url.path().ends_with("download.aspx"))
        .unwrap();
    assert!(dl.headers.get("authorization").is_none());
}

#[tokio::test]
async fn read_file_content_binary_as_a_blob() {
    let s = setup().await;
    req("GET", "/me/drive/items/P1", &[("$select", SELECT)])
        .respond(&s.fake, 200, file("P1", "logo.png", 4, "image/png"))
        .await;
    let download = format!("{}/dl/P1", s.fake.uri());
    req("GET", "/me/drive/items/P1/content", &[])
        .respond_with(
            &s.fake,
            ResponseTemplate::new(302).insert_header("location", download.as_str()),
        )
        .await;
    expect("GET", "/dl/P1")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200).set_body_bytes(vec![0x89, b'P', b'N', b'G']),
        )
        .await;
    let r = s
        .client
        .call("onedrive_read_file_content", json!({"file_id": "P1"}))
        .await
        .unwrap();
    let blocks = serde_json::to_value(&r.content).unwrap();
    assert_eq!(blocks[1]["resource"]["blob"], "iVBORw==");
    assert_eq!(blocks[1]["resource"]["mimeType"], "image/png");
}

#[tokio::test]
async fn read_file_content_refuses_folders_and_big_files_without_downloading() {
    let s = setup().await;
    req("GET", "/me/drive/items/F1", &[("$select", SELECT)])
        .respond(&s.fake, 200, folder("F1", "Reports", 3))
        .await;
    let err = s
        .client
        .call_err("onedrive_read_file_content", json!({"file_id": "F1"}))
        .await;
    assert!(err.contains("item F1 is a folder, not a file"), "{err}");
    req("GET", "/me/drive/items/BIG", &[("$select", SELECT)])
        .respond(
            &s.fake,
            200,
            file("BIG", "video.mp4", 40_000_000, "video/mp4"),
        )
        .await;
    let err = s
        .client
        .call_err("onedrive_read_file_content", json!({"file_id": "BIG"}))
        .await;
    assert!(
        err.contains("40000000 bytes, over the 10485760 byte limit"),
        "{err}"
    );
    req("GET", "/me/drive/items/GONE", &[("$select", SELECT)])
        .respond(&s.fake, 200, file("GONE", "a.txt", 3, "text/plain"))
        .await;
    req("GET", "/me/drive/items/GONE/content", &[])
        .respond(&s.fake, 404, graph_error("itemNotFound", "Item not found"))
        .await;
    let err = s
        .client
        .call_err("onedrive_read_file_content", json!({"file_id": "GONE"}))
        .await;
    assert!(err.contains("404 Not Found (itemNotFound)"), "{err}");
}

#[tokio::test]
async fn create_file_in_a_folder_and_at_the_root() {
    let s = setup().await;
    req(
        "PUT",
        "/me/drive/items/F1:/notes%20q3.txt:/content",
        &[("@microsoft.graph.conflictBehavior", "fail")],
    )
    .header("content-type", "text/plain")
    .any_body()
    .respond(&s.fake, 201, file("A9", "notes q3.txt", 5, "text/plain"))
    .await;
    let v = s
        .client
        .call_ok(
            "onedrive_create_file",
            json!({"parent_folder": "F1", "new_file_name": "notes q3.txt", "data": "hello"}),
        )
        .await;
    assert_eq!(v["id"], "A9");
    assert_eq!(v["uploadedBytes"], 5);
    let bodies = s.fake.received_requests().await.unwrap();
    assert_eq!(bodies.last().unwrap().body, b"hello");
    req(
        "PUT",
        "/me/drive/root:/empty.txt:/content",
        &[("@microsoft.graph.conflictBehavior", "replace")],
    )
    .any_body()
    .respond(&s.fake, 200, file("A10", "empty.txt", 0, "text/plain"))
    .await;
    let v = s
        .client
        .call_ok(
            "onedrive_create_file",
            json!({"parent_folder": "root", "new_file_name": "empty.txt", "if_exists": "replace"}),
        )
        .await;
    assert_eq!(v["size"], 0);
    req(
        "PUT",
        "/me/drive/root:/Documents/a.txt:/content",
        &[("@microsoft.graph.conflictBehavior", "rename")],
    )
    .any_body()
    .respond(&s.fake, 201, file("A11", "a 1.txt", 1, "text/plain"))
    .await;
    let v = s
        .client
        .call_ok(
            "onedrive_create_file",
            json!({"parent_folder": "/Documents", "new_file_name": "a.txt", "data": "x", "if_exists": "rename"}),
        )
        .await;
    assert_eq!(v["name"], "a 1.txt");
}

#[tokio::test]
async fn create_file_conflicts_and_bad_names() {
    let s = setup().await;
    req(
        "PUT",
        "/me/drive/items/F1:/a.txt:/content",
        &[("@microsoft.graph.conflictBehavior", "fail")],
    )
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
            "onedrive_create_file",
            json!({"parent_folder": "F1", "new_file_name": "a.txt", "data": "x"}),
        )
        .await;
    assert!(err.contains("409 Conflict (nameAlreadyExists)"), "{err}");
    assert!(err.contains("set if_exists to rename or replace"), "{err}");
    let err = s
        .client
        .call_err(
            "onedrive_create_file",
            json!({"parent_folder": "F1", "new_file_name": "a:b?.txt"}),
        )
        .await;
    assert!(
        err.contains("which OneDrive does not allow in names"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "onedrive_create_file",
            json!({"parent_folder": "F1", "new_file_name": "a.txt", "if_exists": "overwrite"}),
        )
        .await;
    assert!(err.contains("if_exists"), "{err}");
}

#[tokio::test]
async fn upload_small_file_in_one_put() {
    let s = setup().await;
    req(
        "PUT",
        "/me/drive/items/F1:/report.pdf:/content",
        &[("@microsoft.graph.conflictBehavior", "fail")],
    )
    .header("content-type", "application/pdf")
    .any_body()
    .respond(
        &s.fake,
        201,
        file("A12", "report.pdf", 8, "application/pdf"),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "onedrive_upload_file",
            json!({"parent_folder": "F1", "new_file_name": "report.pdf", "content_base64": "JVBERi0xLjQ=", "content_type": "application/pdf"}),
        )
        .await;
    assert_eq!(v["id"], "A12");
    let reqs = s.fake.received_requests().await.unwrap();
    assert_eq!(reqs.last().unwrap().body, b"%PDF-1.4");
    let err = s
        .client
        .call_err(
            "onedrive_upload_file",
            json!({"parent_folder": "F1", "new_file_name": "a.bin", "content_base64": "not base64!"}),
        )
        .await;
    assert!(
        err.contains("`content_base64` is not standard base64"),
        "{err}"
    );
}

#[tokio::test]
async fn upload_large_file_through_an_upload_session() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.max_body_bytes = 16 * 1024 * 1024;
    let server = TestServer::start(&onedrive_mcp_server::SPEC, settings).await;
    let client = server.client(TOKEN).await;
    let total: usize = 4 * 1024 * 1024 + 1; // one byte over the simple-upload limit
    let data: Vec<u8> = (0..total).map(|i| (i % 251) as u8).collect();
    let upload_url = format!("{}/up/session-7f3a?tempauth=abc", fake.uri());
    expect("POST", "/me/drive/items/F1:/big.bin:/createUploadSession")
        .bearer(TOKEN)
        .json_body(json!({"item": {"@microsoft.graph.conflictBehavior": "rename", "name": "big.bin"}}))
        .respond(
            &fake,
            200,
            json!({"uploadUrl": upload_url, "expirationDateTime": "2026-12-04T08:00:00Z", "nextExpectedRanges": ["0-"]}),
        )
        .await;
    let first = 10 * 320 * 1024;
    expect("PUT", "/up/session-7f3a")
        .query("tempauth", "abc")
        .header("content-range", &format!("bytes 0-{}/{total}", first - 1))
        .any_body()
        .respond(&fake, 202, json!({"expirationDateTime": "2026-12-04T08:00:00Z", "nextExpectedRanges": [format!("{first}-")]}))
        .await;
    expect("PUT", "/up/session-7f3a")
        .query("tempauth", "abc")
        .header(
            "content-range",
            &format!("bytes {first}-{}/{total}", total - 1),
        )
        .any_body()
        .respond(
            &fake,
            201,
            file("A13", "big.bin", total as u64, "application/octet-stream"),
        )
        .await;
    use base64::Engine as _;
    let v = client
        .call_ok(
            "onedrive_upload_file",
            json!({"parent_folder": "F1", "new_file_name": "big.bin", "if_exists": "rename",
                   "content_base64": base64::engine::general_purpose::STANDARD.encode(&data)}),
        )
        .await;
    assert_eq!(v["id"], "A13");
    assert_eq!(v["uploadedBytes"], total);
    let reqs = fake.received_requests().await.unwrap();
    let chunks: Vec<_> = reqs
        .iter()
        .filter(|r| r.url.path() == "/up/session-7f3a")
        .collect();
    assert_eq!(chunks.len(), 2);
    for c in &chunks {
        assert!(c.headers.get("authorization").is_none());
    }
    let mut sent = chunks[0].body.clone();
    sent.extend_from_slice(&chunks[1].body);
    assert_eq!(sent, data);
}
