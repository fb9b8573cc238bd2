use mcp_testkit::wiremock::matchers::{body_bytes, header, method, path};
use mcp_testkit::wiremock::{Mock, ResponseTemplate};
use serde_json::json;

use crate::common::{BOT, USER, form_call, json_call, setup, slack_error};

const UPLOAD_PATH: &str = "/upload/v1/CwABAAAAXAoAAZnKg309pCiAAAA";

async fn mount_upload(s: &crate::common::Setup, bytes: &[u8]) {
    Mock::given(method("POST"))
        .and(path(UPLOAD_PATH))
        .and(header("content-type", "application/octet-stream"))
        .and(body_bytes(bytes.to_vec()))
        .respond_with(ResponseTemplate::new(200).set_body_string(format!("OK - {}", bytes.len())))
        .expect(1)
        .mount(&s.fake)
        .await;
}

#[tokio::test]
async fn upload_file_contract() {
    let s = setup().await;
    let content = "name,score\nZoë,42\n";
    form_call("files.getUploadURLExternal", BOT)
        .field("filename", "scores.csv")
        .field("length", content.len())
        .respond(
            &s.fake,
            json!({"ok": true, "upload_url": format!("{}{UPLOAD_PATH}", s.fake.uri()), "file_id": "F123ABC456"}),
        )
        .await;
    mount_upload(&s, content.as_bytes()).await;
    json_call(
        "files.completeUploadExternal",
        BOT,
        json!({"files": [{"id": "F123ABC456", "title": "Scores"}], "channel_id": "C0NF841BK",
               "thread_ts": "1524523204.000192", "initial_comment": "Here are the scores 📊"}),
    )
    .respond(
        &s.fake,
        200,
        json!({"ok": true, "files": [{"id": "F123ABC456", "created": 1706212345, "timestamp": 1706212345,
               "name": "scores.csv", "title": "Scores", "mimetype": "text/csv", "filetype": "csv",
               "user": "U0BOT", "size": 18, "permalink": "https://acme.slack.com/files/U0BOT/F123ABC456/scores.csv"}]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "slack_upload_file",
            json!({"filename": "scores.csv", "content": content, "channel_id": "C0NF841BK",
                   "title": "Scores", "initial_comment": "Here are the scores 📊", "thread_ts": "1524523204.000192"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "F123ABC456", "name": "scores.csv", "title": "Scores", "mimetype": "text/csv", "size": 18,
               "permalink": "https://acme.slack.com/files/U0BOT/F123ABC456/scores.csv", "channel_id": "C0NF841BK"})
    );
    // The pre-signed upload URL never gets a token.
    let received = s.fake.received_requests().await.unwrap();
    let upload = received
        .iter()
        .find(|r| r.url.path() == UPLOAD_PATH)
        .unwrap();
    assert!(upload.headers.get("authorization").is_none());
}

#[tokio::test]
async fn upload_file_binary_as_user() {
    let s = setup().await;
    let png: &[u8] = &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff];
    form_call("files.getUploadURLExternal", USER)
        .field("filename", "dot.png")
        .field("length", png.len())
        .field("alt_txt", "A single dot")
        .respond(
            &s.fake,
            json!({"ok": true, "upload_url": format!("{}{UPLOAD_PATH}", s.fake.uri()), "file_id": "F0PNG"}),
        )
        .await;
    mount_upload(&s, png).await;
    json_call(
        "files.completeUploadExternal",
        USER,
        json!({"files": [{"id": "F0PNG"}]}),
    )
    .respond(
        &s.fake,
        200,
        json!({"ok": true, "files": [{"id": "F0PNG", "title": "dot.png"}]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "slack_upload_file",
            json!({"filename": "dot.png", "content_base64": "iVBORw0KGgoA/w==", "alt_txt": "A single dot", "act_as": "user"}),
        )
        .await;
    assert_eq!(v, json!({"id": "F0PNG", "title": "dot.png"}));
}

#[tokio::test]
async fn upload_file_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("slack_upload_file", json!({"filename": "a.txt"}))
        .await;
    assert!(err.contains("exactly one of `content`"), "{err}");
    let err = s
        .client
        .call_err(
            "slack_upload_file",
            json!({"filename": "a.bin", "content_base64": "not base64!"}),
        )
        .await;
    assert!(err.contains("not valid base64"), "{err}");
    let err = s
        .client
        .call_err(
            "slack_upload_file",
            json!({"filename": "a.txt", "content": "x", "thread_ts": "1.2"}),
        )
        .await;
    assert!(err.contains("`thread_ts` needs `channel_id`"), "{err}");
    form_call("files.getUploadURLExternal", BOT)
        .field("filename", "a.txt")
        .field("length", 1)
        .respond(
            &s.fake,
            json!({"ok": false, "error": "missing_scope", "needed": "files:write", "provided": "chat:write"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "slack_upload_file",
            json!({"filename": "a.txt", "content": "x"}),
        )
        .await;
    assert!(
        err.contains("files.getUploadURLExternal (missing_scope)"),
        "{err}"
    );
    assert!(err.contains("`files:write`"), "{err}");
}

#[tokio::test]
async fn upload_file_completion_fails() {
    let s = setup().await;
    form_call("files.getUploadURLExternal", BOT)
        .field("filename", "a.txt")
        .field("length", 2)
        .respond(
            &s.fake,
            json!({"ok": true, "upload_url": format!("{}{UPLOAD_PATH}", s.fake.uri()), "file_id": "F1"}),
        )
        .await;
    mount_upload(&s, b"hi").await;
    json_call(
        "files.completeUploadExternal",
        BOT,
        json!({"files": [{"id": "F1"}], "channel_id": "CGONE"}),
    )
    .respond(&s.fake, 200, slack_error("channel_not_found"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_upload_file",
            json!({"filename": "a.txt", "content": "hi", "channel_id": "CGONE"}),
        )
        .await;
    assert!(
        err.contains("files.completeUploadExternal (channel_not_found)"),
        "{err}"
    );
}
