use crate::{dbx_error, file_meta, rpc, setup};
use mcp_testkit::wiremock::{self, Mock, ResponseTemplate};
use serde_json::json;

#[tokio::test]
async fn batch_delete_polls_its_job() {
    let s = setup().await;
    rpc(
        "files/delete_batch",
        json!({"entries": [{"path": "/Homework/math/Prime_Numbers.txt"}, {"path": "/gone.txt"}]}),
    )
    .respond(
        &s.fake,
        200,
        json!({".tag": "async_job_id", "async_job_id": "dbjid:AAD_job"}),
    )
    .await;
    Mock::given(wiremock::matchers::method("POST"))
        .and(wiremock::matchers::path("/files/delete_batch/check"))
        .and(wiremock::matchers::body_json(
            json!({"async_job_id": "dbjid:AAD_job"}),
        ))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({".tag": "in_progress"})))
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    rpc("files/delete_batch/check", json!({"async_job_id": "dbjid:AAD_job"}))
        .respond(
            &s.fake,
            200,
            json!({".tag": "complete", "entries": [
                {".tag": "success", "metadata": file_meta("Prime_Numbers.txt", "/Homework/math/Prime_Numbers.txt")},
                {".tag": "failure", "failure": {".tag": "path_lookup", "path_lookup": {".tag": "not_found"}}}
            ]}),
        )
        .await;
    let (v, progress) = s
        .client
        .call_ok_with_progress(
            "dropbox_batch_delete",
            json!({"entries": [{"path": "/Homework/math/Prime_Numbers.txt"}, {"path": "gone.txt"}]}),
        )
        .await;
    assert_eq!(v["status"], "complete");
    assert_eq!(v["entries"][0]["status"], "success");
    assert_eq!(v["entries"][0]["metadata"]["name"], "Prime_Numbers.txt");
    assert_eq!(
        v["entries"][1],
        json!({"status": "failure", "error": "path_lookup/not_found"})
    );
    assert_eq!(progress.len(), 1);
    assert_eq!(progress[0].message.as_deref(), Some("in_progress"));
}

#[tokio::test]
async fn batch_delete_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("dropbox_batch_delete", json!({"entries": []}))
        .await;
    assert!(err.contains("1 to 1000"), "{err}");
    let err = s
        .client
        .call_err("dropbox_batch_delete", json!({"entries": [{"path": ""}]}))
        .await;
    assert!(err.contains("entries[0].path"), "{err}");
    rpc("files/delete_batch", json!({"entries": [{"path": "/a"}]}))
        .respond(
            &s.fake,
            200,
            json!({".tag": "async_job_id", "async_job_id": "j"}),
        )
        .await;
    rpc("files/delete_batch/check", json!({"async_job_id": "j"}))
        .respond(
            &s.fake,
            200,
            json!({".tag": "failed", "failed": {".tag": "too_many_write_operations"}}),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_batch_delete", json!({"entries": [{"path": "/a"}]}))
        .await;
    assert!(err.contains("too_many_write_operations"), "{err}");
}

#[tokio::test]
async fn batch_move_complete_at_once() {
    let s = setup().await;
    rpc(
        "files/move_batch_v2",
        json!({"entries": [{"from_path": "/a.txt", "to_path": "/b/a.txt"}], "autorename": false, "allow_ownership_transfer": true}),
    )
    .respond(
        &s.fake,
        200,
        json!({".tag": "complete", "entries": [{".tag": "success", "success": file_meta("a.txt", "/b/a.txt")}]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_batch_move",
            json!({"entries": [{"from_path": "/a.txt", "to_path": "/b/a.txt"}], "autorename": false, "allow_ownership_transfer": true}),
        )
        .await;
    assert_eq!(v["entries"][0]["metadata"]["path_display"], "/b/a.txt");
    let err = s
        .client
        .call_err(
            "dropbox_batch_move",
            json!({"entries": [{"from_path": "/a.txt"}]}),
        )
        .await;
    assert!(err.contains("to_path"), "{err}");
}

#[tokio::test]
async fn batch_copy_polls_check_v2() {
    let s = setup().await;
    rpc(
        "files/copy_batch_v2",
        json!({"entries": [{"from_path": "/a.txt", "to_path": "/c.txt"}], "autorename": true}),
    )
    .respond(
        &s.fake,
        200,
        json!({".tag": "async_job_id", "async_job_id": "copy-job"}),
    )
    .await;
    rpc("files/copy_batch/check_v2", json!({"async_job_id": "copy-job"}))
        .respond(
            &s.fake,
            200,
            json!({".tag": "complete", "entries": [{".tag": "failure", "failure": {".tag": "to", "to": {".tag": "conflict", "conflict": {".tag": "file"}}}}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "dropbox_batch_copy",
            json!({"entries": [{"from_path": "/a.txt", "to_path": "/c.txt"}], "autorename": true}),
        )
        .await;
    assert_eq!(
        v["entries"][0],
        json!({"status": "failure", "error": "to/conflict/file"})
    );
    rpc(
        "files/copy_batch_v2",
        json!({"entries": [{"from_path": "/x", "to_path": "/y"}]}),
    )
    .respond(
        &s.fake,
        400,
        json!("Error in call to API function \"files/copy_batch_v2\": bad"),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_batch_copy",
            json!({"entries": [{"from_path": "/x", "to_path": "/y"}]}),
        )
        .await;
    assert!(err.contains("400"), "{err}");
}

#[tokio::test]
async fn check_batch_job_tries_each_kind() {
    let s = setup().await;
    let unknown = dbx_error(
        "invalid_async_job_id/..",
        json!({".tag": "invalid_async_job_id"}),
    );
    rpc("files/delete_batch/check", json!({"async_job_id": "mv-1"}))
        .respond(&s.fake, 409, unknown.clone())
        .await;
    rpc("files/move_batch/check_v2", json!({"async_job_id": "mv-1"}))
        .respond(&s.fake, 200, json!({".tag": "in_progress"}))
        .await;
    let v = s
        .client
        .call_ok(
            "dropbox_check_batch_job_status",
            json!({"async_job_id": "mv-1"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"status": "in_progress", "async_job_id": "mv-1", "operation": "move"})
    );
    rpc("files/copy_batch/check_v2", json!({"async_job_id": "cp-1"}))
        .respond(&s.fake, 409, unknown)
        .await;
    let err = s
        .client
        .call_err(
            "dropbox_check_batch_job_status",
            json!({"async_job_id": "cp-1", "operation": "copy"}),
        )
        .await;
    assert!(err.contains("invalid_async_job_id"), "{err}");
    assert!(err.contains("unknown or expired"), "{err}");
}

#[tokio::test]
async fn lock_and_unlock() {
    let s = setup().await;
    let lock = json!({"content": {".tag": "single_user", "created": "2015-05-12T15:50:38Z", "lock_holder_account_id": "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc", "lock_holder_team_id": "dbtid:1234abcd"}});
    rpc(
        "files/lock_file_batch",
        json!({"entries": [{"path": "/John Doe/sample/test.pdf"}]}),
    )
    .respond(
        &s.fake,
        200,
        json!({"entries": [{".tag": "success", "metadata": file_meta("test.pdf", "/John Doe/sample/test.pdf"), "lock": lock}]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_lock_file_batch",
            json!({"entries": [{"path": "/John Doe/sample/test.pdf"}]}),
        )
        .await;
    assert_eq!(v["entries"][0]["status"], "success");
    assert_eq!(v["entries"][0]["lock"]["content"][".tag"], "single_user");
    rpc(
        "files/unlock_file_batch",
        json!({"entries": [{"path": "/John Doe/sample/test.pdf"}]}),
    )
    .respond(
        &s.fake,
        200,
        json!({"entries": [{".tag": "failure", "failure": {".tag": "lock_conflict", "lock": lock}}]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_unlock_file_batch",
            json!({"entries": [{"path": "/John Doe/sample/test.pdf"}]}),
        )
        .await;
    assert_eq!(v["entries"][0]["status"], "failure");
    assert!(
        v["entries"][0]["error"]
            .as_str()
            .unwrap()
            .starts_with("lock_conflict"),
        "{v}"
    );
    rpc(
        "files/lock_file_batch",
        json!({"entries": [{"path": "/a"}]}),
    )
    .respond(
        &s.fake,
        409,
        dbx_error("too_many_files/..", json!({".tag": "too_many_files"})),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_lock_file_batch",
            json!({"entries": [{"path": "/a"}]}),
        )
        .await;
    assert!(err.contains("too_many_files"), "{err}");
    let err = s
        .client
        .call_err("dropbox_unlock_file_batch", json!({"entries": []}))
        .await;
    assert!(err.contains("1 to 1000"), "{err}");
}
