//! The reading tools on real files: text (whole, head, tail), the deprecated alias, media as
//! image, audio or a resource, several files at once, file information, the workspace.

use base64::Engine as _;
use serde_json::json;

use crate::ws;

#[tokio::test]
async fn read_text_file_whole_head_and_tail() {
    let w = ws().await;
    w.put("notes/a.txt", "one\ntwo\nthree\nfour\n");
    let whole = w
        .ok("filesystem_read_text_file", json!({"path": "notes/a.txt"}))
        .await;
    assert_eq!(whole, "one\ntwo\nthree\nfour\n");
    let head = w
        .ok(
            "filesystem_read_text_file",
            json!({"path": "notes/a.txt", "head": 2}),
        )
        .await;
    assert_eq!(head, "one\ntwo");
    let tail = w
        .ok(
            "filesystem_read_text_file",
            json!({"path": "notes/a.txt", "tail": 2}),
        )
        .await;
    assert_eq!(tail, "three\nfour");
    // The deprecated name reads the same way.
    let old = w
        .ok(
            "filesystem_read_file",
            json!({"path": "notes/a.txt", "tail": 1}),
        )
        .await;
    assert_eq!(old, "four");
    // An absolute path inside the workspace is accepted.
    let abs = w.at("notes/a.txt");
    let again = w
        .ok(
            "filesystem_read_text_file",
            json!({"path": abs.to_str().unwrap(), "head": 1}),
        )
        .await;
    assert_eq!(again, "one");
    let err = w
        .err(
            "filesystem_read_text_file",
            json!({"path": "notes/a.txt", "head": 1, "tail": 1}),
        )
        .await;
    assert!(err.contains("not both"), "{err}");
    let err = w
        .err(
            "filesystem_read_text_file",
            json!({"path": "notes/missing.txt"}),
        )
        .await;
    assert!(err.contains("does not exist"), "{err}");
    let err = w
        .err("filesystem_read_text_file", json!({"path": "notes"}))
        .await;
    assert!(err.contains("is a directory"), "{err}");
    let err = w
        .err(
            "filesystem_read_text_file",
            json!({"path": "notes/a.txt", "head": -1}),
        )
        .await;
    assert!(err.contains("head"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn read_text_file_of_a_large_file_is_capped() {
    let w = ws().await;
    let mut big = vec![b'x'; 8 * 1024 * 1024];
    big.extend_from_slice(b"\nthe end\n");
    w.put("big.log", &big);
    let err = w
        .err("filesystem_read_text_file", json!({"path": "big.log"}))
        .await;
    assert!(
        err.contains("read cap of 8 MiB") && err.contains("`head` or `tail`"),
        "{err}"
    );
    let tail = w
        .ok(
            "filesystem_read_text_file",
            json!({"path": "big.log", "tail": 1}),
        )
        .await;
    assert_eq!(tail, "the end");
    w.stop().await;
}

#[tokio::test]
async fn read_media_file_as_image_audio_or_resource() {
    let w = ws().await;
    let png = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3];
    w.put("img/logo.png", png);
    w.put("sound.mp3", [0xff, 0xfb, 0x90, 0x00]);
    w.put("data.bin", [0u8, 1, 2, 3]);
    let b64 = |b: &[u8]| base64::engine::general_purpose::STANDARD.encode(b);
    let r = w
        .client
        .call(
            "filesystem_read_media_file",
            json!({"path": "img/logo.png"}),
        )
        .await
        .unwrap();
    let v = serde_json::to_value(&r.content).unwrap();
    assert_eq!(
        v,
        json!([{"type": "image", "data": b64(&png), "mimeType": "image/png"}])
    );
    let r = w
        .client
        .call("filesystem_read_media_file", json!({"path": "sound.mp3"}))
        .await
        .unwrap();
    let v = serde_json::to_value(&r.content).unwrap();
    assert_eq!(v[0]["type"], "audio");
    assert_eq!(v[0]["mimeType"], "audio/mpeg");
    let r = w
        .client
        .call("filesystem_read_media_file", json!({"path": "data.bin"}))
        .await
        .unwrap();
    let v = serde_json::to_value(&r.content).unwrap();
    assert_eq!(v[0]["type"], "resource");
    assert_eq!(v[0]["resource"]["blob"], b64(&[0, 1, 2, 3]));
    assert_eq!(v[0]["resource"]["mimeType"], "application/octet-stream");
    let err = w
        .err("filesystem_read_media_file", json!({"path": "img"}))
        .await;
    assert!(err.contains("is a directory"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn read_multiple_files_reports_each_file() {
    let w = ws().await;
    w.put("a.txt", "alpha");
    w.put("b/c.txt", "charlie");
    let text = w
        .ok(
            "filesystem_read_multiple_files",
            json!({"paths": ["a.txt", "b/c.txt", "missing.txt", "../outside/secret.txt"]}),
        )
        .await;
    let parts: Vec<&str> = text.split("\n---\n").collect();
    assert_eq!(parts.len(), 4, "{text}");
    assert_eq!(parts[0], "a.txt:\nalpha\n");
    assert_eq!(parts[1], "b/c.txt:\ncharlie\n");
    assert!(
        parts[2].starts_with("missing.txt: Error - ") && parts[2].contains("does not exist"),
        "{text}"
    );
    assert!(
        parts[3].starts_with("../outside/secret.txt: Error - ")
            && parts[3].contains("no `..` out of the workspace"),
        "{text}"
    );
    assert!(!text.contains("OUTSIDE SECRET"));
    let err = w
        .err("filesystem_read_multiple_files", json!({"paths": []}))
        .await;
    assert!(err.contains("`paths` is empty"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn read_multiple_files_stops_at_the_read_cap() {
    let w = ws().await;
    w.put("big1.txt", vec![b'a'; 5 * 1024 * 1024]);
    w.put("big2.txt", vec![b'b'; 5 * 1024 * 1024]);
    w.put("small.txt", "small");
    let text = w
        .ok(
            "filesystem_read_multiple_files",
            json!({"paths": ["big1.txt", "big2.txt", "small.txt"]}),
        )
        .await;
    let parts: Vec<&str> = text.split("\n---\n").collect();
    assert!(parts[0].starts_with("big1.txt:\naaaa"));
    assert!(
        parts[1].starts_with("big2.txt: Error - not read")
            && parts[1].contains("read cap of 8 MiB"),
        "{}",
        parts[1]
    );
    assert_eq!(parts[2], "small.txt:\nsmall\n");
    w.stop().await;
}

#[tokio::test]
async fn get_file_info_of_files_and_directories() {
    let w = ws().await;
    w.put("dir/f.txt", "12345");
    std::fs::set_permissions(
        w.at("dir/f.txt"),
        <std::fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o640),
    )
    .unwrap();
    let text = w
        .ok("filesystem_get_file_info", json!({"path": "dir/f.txt"}))
        .await;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "size: 5");
    assert!(lines[1].starts_with("created: "), "{text}");
    assert!(lines[2].starts_with("modified: 20"), "{text}");
    assert!(lines[3].starts_with("accessed: 20"), "{text}");
    assert_eq!(
        &lines[4..],
        ["isDirectory: false", "isFile: true", "permissions: 640"]
    );
    let text = w
        .ok("filesystem_get_file_info", json!({"path": "dir"}))
        .await;
    assert!(text.contains("isDirectory: true\nisFile: false"), "{text}");
    let text = w.ok("filesystem_get_file_info", json!({"path": "."})).await;
    assert!(text.contains("isDirectory: true"), "{text}");
    let err = w
        .err("filesystem_get_file_info", json!({"path": "nope"}))
        .await;
    assert!(err.contains("does not exist"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn list_allowed_directories_names_the_workspace() {
    let w = ws().await;
    let text = w.ok("filesystem_list_allowed_directories", json!({})).await;
    assert_eq!(
        text,
        format!("Allowed directories:\n{}", w.root().display())
    );
    w.stop().await;
}
