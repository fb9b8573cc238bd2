use crate::{content, dbx_error, download_answer, file_meta, setup};
use mcp_testkit::wiremock::{self, Mock, ResponseTemplate};
use serde_json::{Value, json};

#[tokio::test]
async fn download_returns_an_embedded_resource() {
    let s = setup().await;
    let meta = file_meta("Prime_Numbers.txt", "/Homework/math/Prime_Numbers.txt");
    content(
        "files/download",
        json!({"path": "/Homework/math/Prime_Numbers.txt"}),
        b"",
    )
    .respond_with(download_answer(b"2 3 5 7 11", &meta))
    .expect(1)
    .mount(&s.fake)
    .await;
    let r = s
        .client
        .call(
            "dropbox_download_file",
            json!({"path": "/Homework/math/Prime_Numbers.txt"}),
        )
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true));
    let v = serde_json::to_value(&r.content).unwrap();
    let info: Value = serde_json::from_str(v[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(info["rev"], "a1c10ce0dd78");
    assert_eq!(v[1]["type"], "resource");
    assert_eq!(v[1]["resource"]["text"], "2 3 5 7 11");
    assert_eq!(v[1]["resource"]["mimeType"], "text/plain");
    assert_eq!(
        v[1]["resource"]["uri"],
        "dropbox://Homework/math/Prime_Numbers.txt"
    );
}

#[tokio::test]
async fn non_ascii_paths_are_escaped_in_the_api_arg() {
    let s = setup().await;
    // Exactly Dropbox's rule: the header is ASCII, `é` is \u00e9 and `😀` a surrogate pair.
    Mock::given(wiremock::matchers::method("POST"))
        .and(wiremock::matchers::path("/files/download"))
        .and(wiremock::matchers::header(
            "dropbox-api-arg",
            r#"{"path":"/R\u00e9sum\u00e9 \ud83d\ude00.pdf"}"#,
        ))
        .respond_with(download_answer(
            &[0x25, 0x50, 0x44, 0x46],
            &file_meta("Résumé 😀.pdf", "/Résumé 😀.pdf"),
        ))
        .expect(1)
        .mount(&s.fake)
        .await;
    let r = s
        .client
        .call("dropbox_download_file", json!({"path": "/Résumé 😀.pdf"}))
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true), "{}", mcp_testkit::text_of(&r));
    let v = serde_json::to_value(&r.content).unwrap();
    assert_eq!(v[1]["resource"]["mimeType"], "application/pdf");
    assert_eq!(v[1]["resource"]["blob"], "JVBERg==");
    assert_eq!(
        v[1]["resource"]["uri"],
        "dropbox://R%C3%A9sum%C3%A9%20%F0%9F%98%80.pdf"
    );
}

#[tokio::test]
async fn download_errors() {
    let s = setup().await;
    content("files/download", json!({"path": "/nope.txt"}), b"")
        .respond_with(ResponseTemplate::new(409).set_body_json(dbx_error(
            "path/not_found/.",
            json!({".tag": "path", "path": {".tag": "not_found"}}),
        )))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("dropbox_download_file", json!({"path": "/nope.txt"}))
        .await;
    assert!(err.contains("path/not_found"), "{err}");
    assert!(err.contains("nothing exists at this path"), "{err}");
    // Over the inline cap: refused with the way out.
    let big = vec![b'a'; 10 * 1024 * 1024 + 1];
    content("files/download", json!({"path": "/big.bin"}), b"")
        .respond_with(download_answer(&big, &file_meta("big.bin", "/big.bin")))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("dropbox_download_file", json!({"path": "/big.bin"}))
        .await;
    assert!(err.contains("byte limit"), "{err}");
    assert!(err.contains("dropbox_get_temporary_link"), "{err}");
}

#[tokio::test]
async fn upload_from_a_data_uri() {
    let s = setup().await;
    content(
        "files/upload",
        json!({"path": "/Homework/math/Matrices.txt", "mode": "overwrite", "autorename": false, "mute": true}),
        b"Hello, world!",
    )
    .respond_with(
        ResponseTemplate::new(200)
            .set_body_json(file_meta("Matrices.txt", "/Homework/math/Matrices.txt")),
    )
    .expect(1)
    .mount(&s.fake)
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_upload_file",
            json!({
                "dropbox_path": "/Homework/math/Matrices.txt",
                "source_uri": "data:text/plain;base64,SGVsbG8sIHdvcmxkIQ==",
                "mode": "overwrite", "autorename": false, "mute": true
            }),
        )
        .await;
    assert_eq!(v["path_display"], "/Homework/math/Matrices.txt");
    assert_eq!(v["uploaded_bytes"], 13);
}

#[tokio::test]
async fn upload_update_mode_and_bad_sources() {
    let s = setup().await;
    content(
        "files/upload",
        json!({"path": "/a.txt", "mode": {".tag": "update", "update": "a1c10ce0dd78"}}),
        b"a b",
    )
    .respond_with(ResponseTemplate::new(409).set_body_json(dbx_error(
        "path/conflict/file/..",
        json!({".tag": "path", "reason": {".tag": "conflict", "conflict": {".tag": "file"}}, "upload_session_id": "1234faaf0678bcde"}),
    )))
    .expect(1)
    .mount(&s.fake)
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_upload_file",
            json!({"dropbox_path": "/a.txt", "source_uri": "data:,a%20b", "mode": "update", "rev": "a1c10ce0dd78"}),
        )
        .await;
    assert!(err.contains("path/conflict/file"), "{err}");
    assert!(err.contains("already exists"), "{err}");
    let err = s
        .client
        .call_err(
            "dropbox_upload_file",
            json!({"dropbox_path": "/a.txt", "source_uri": "data:,x", "mode": "update"}),
        )
        .await;
    assert!(err.contains("`rev`"), "{err}");
    let err = s
        .client
        .call_err(
            "dropbox_upload_file",
            json!({"dropbox_path": "/a.txt", "source_uri": "file:///etc/passwd"}),
        )
        .await;
    assert!(
        err.contains("file:// and other schemes are not allowed"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "dropbox_upload_file",
            json!({"dropbox_path": "/a.txt", "source_uri": "data:;base64,@@@"}),
        )
        .await;
    assert!(err.contains("base64"), "{err}");
}

#[tokio::test]
async fn large_upload_from_a_url_uses_an_upload_session() {
    let s = setup().await;
    let chunk = 8 * 1024 * 1024;
    let data: Vec<u8> = (0..chunk * 2 + 5).map(|i| (i % 251) as u8).collect();
    // The source: a URL the server downloads (allowed on 127.0.0.1 for the test).
    Mock::given(wiremock::matchers::method("GET"))
        .and(wiremock::matchers::path("/source/video.bin"))
        .respond_with(ResponseTemplate::new(200).set_body_bytes(data.clone()))
        .expect(1)
        .mount(&s.fake)
        .await;
    let session = "pid_upload_session:h-NtwvAdw3XDqqHmb0J2t0XfIaSnQw2Eor59pfZI9D_ZGNJ4Ew";
    content(
        "files/upload_session/start",
        json!({"close": false}),
        &data[..chunk],
    )
    .respond_with(ResponseTemplate::new(200).set_body_json(json!({"session_id": session})))
    .expect(1)
    .mount(&s.fake)
    .await;
    content(
        "files/upload_session/append_v2",
        json!({"cursor": {"session_id": session, "offset": chunk}, "close": false}),
        &data[chunk..chunk * 2],
    )
    .respond_with(ResponseTemplate::new(200).set_body_json(Value::Null))
    .expect(1)
    .mount(&s.fake)
    .await;
    content(
        "files/upload_session/finish",
        json!({"cursor": {"session_id": session, "offset": chunk * 2}, "commit": {"path": "/Videos/video.bin", "mode": "add", "autorename": true}}),
        &data[chunk * 2..],
    )
    .respond_with(
        ResponseTemplate::new(200).set_body_json(file_meta("video.bin", "/Videos/video.bin")),
    )
    .expect(1)
    .mount(&s.fake)
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_upload_file",
            json!({
                "dropbox_path": "/Videos/video.bin",
                "source_uri": format!("{}/source/video.bin", s.fake.uri()),
                "autorename": true
            }),
        )
        .await;
    assert_eq!(v["uploaded_bytes"], chunk * 2 + 5);
    assert_eq!(v["name"], "video.bin");
}

#[tokio::test]
async fn thumbnail_is_an_image() {
    let s = setup().await;
    let png = [0x89, b'P', b'N', b'G'];
    content(
        "files/get_thumbnail_v2",
        json!({"resource": {".tag": "path", "path": "/Photos/cat.jpg"}, "format": "png", "size": "w64h64"}),
        b"",
    )
    .respond_with(download_answer(
        &png,
        &json!({"file_metadata": file_meta("cat.jpg", "/Photos/cat.jpg")}),
    ))
    .expect(1)
    .mount(&s.fake)
    .await;
    let r = s
        .client
        .call(
            "dropbox_get_thumbnail",
            json!({"path": "/Photos/cat.jpg", "format": "png", "size": "w64h64"}),
        )
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true));
    let v = serde_json::to_value(&r.content).unwrap();
    assert_eq!(v[1]["type"], "image");
    assert_eq!(v[1]["mimeType"], "image/png");
    assert_eq!(v[1]["data"], "iVBORw==");
    let info: Value = serde_json::from_str(v[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(info["name"], "cat.jpg");
}

#[tokio::test]
async fn thumbnail_defaults_and_errors() {
    let s = setup().await;
    content(
        "files/get_thumbnail_v2",
        json!({"resource": {".tag": "path", "path": "/notes.txt"}, "format": "jpeg", "size": "w256h256"}),
        b"",
    )
    .respond_with(ResponseTemplate::new(409).set_body_json(dbx_error(
        "unsupported_extension/..",
        json!({".tag": "unsupported_extension"}),
    )))
    .expect(1)
    .mount(&s.fake)
    .await;
    let err = s
        .client
        .call_err("dropbox_get_thumbnail", json!({"path": "/notes.txt"}))
        .await;
    assert!(err.contains("unsupported_extension"), "{err}");
    assert!(err.contains("cannot make a thumbnail"), "{err}");
}
