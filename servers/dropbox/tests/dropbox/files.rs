use crate::{dbx_error, file_meta, file_summary, folder_meta, rpc, setup};
use mcp_testkit::wiremock::{self, Mock, ResponseTemplate};
use serde_json::{Value, json};

#[tokio::test]
async fn list_folder_and_continue() {
    let s = setup().await;
    rpc(
        "files/list_folder",
        json!({"path": "/Homework/math", "recursive": false, "include_deleted": true, "limit": 2}),
    )
    .respond(
        &s.fake,
        200,
        json!({
            "entries": [file_meta("Prime_Numbers.txt", "/Homework/math/Prime_Numbers.txt"), folder_meta("math", "/Homework/math")],
            "cursor": "ZtkX9_EHj3x7PMkVuFIhwKYXEpwpLwyxp9vMKomUhllil9q7eWiAu",
            "has_more": true
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_list_folder",
            json!({"path": "Homework/math/", "recursive": false, "include_deleted": true, "limit": 2}),
        )
        .await;
    assert_eq!(
        v["entries"][0],
        file_summary("Prime_Numbers.txt", "/Homework/math/Prime_Numbers.txt")
    );
    assert_eq!(v["entries"][1]["type"], "folder");
    assert_eq!(v["entries"][1]["shared_folder_id"], Value::Null);
    assert_eq!(v["has_more"], true);
    assert_eq!(
        v["cursor"],
        "ZtkX9_EHj3x7PMkVuFIhwKYXEpwpLwyxp9vMKomUhllil9q7eWiAu"
    );

    rpc("files/list_folder/continue", json!({"cursor": "ZtkX9_EH"}))
        .respond(
            &s.fake,
            200,
            json!({"entries": [], "cursor": "ZtkX9_next", "has_more": false}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "dropbox_list_folder_continue",
            json!({"cursor": " ZtkX9_EH "}),
        )
        .await;
    assert_eq!(v, json!({"entries": [], "has_more": false, "cursor": null}));
}

#[tokio::test]
async fn list_folder_root_and_errors() {
    let s = setup().await;
    rpc("files/list_folder", json!({"path": ""}))
        .respond(
            &s.fake,
            409,
            dbx_error(
                "path/not_folder/..",
                json!({".tag": "path", "path": {".tag": "not_folder"}}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_list_folder", json!({"path": "/"}))
        .await;
    assert!(err.contains("path/not_folder"), "{err}");
    assert!(err.contains("names a file, not a folder"), "{err}");
    let err = s
        .client
        .call_err("dropbox_list_folder", json!({"limit": 5000}))
        .await;
    assert!(err.contains("between 1 and 2000"), "{err}");
    let err = s
        .client
        .call_err("dropbox_list_folder_continue", json!({"cursor": " "}))
        .await;
    assert!(err.contains("`cursor`"), "{err}");
    rpc("files/list_folder/continue", json!({"cursor": "old"}))
        .respond(
            &s.fake,
            409,
            dbx_error("reset/..", json!({".tag": "reset"})),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_list_folder_continue", json!({"cursor": "old"}))
        .await;
    assert!(err.contains("reset"), "{err}");
}

#[tokio::test]
async fn create_folder_contract_and_conflict() {
    let s = setup().await;
    rpc(
        "files/create_folder_v2",
        json!({"path": "/Homework/math", "autorename": true}),
    )
    .respond(
        &s.fake,
        200,
        json!({"metadata": {"name": "math", "id": "id:a4ayc_80_OEAAAAAAAAAXz", "path_lower": "/homework/math", "path_display": "/Homework/math", "sharing_info": {"read_only": false, "parent_shared_folder_id": "84528192421", "traverse_only": false, "no_access": false}}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_create_folder",
            json!({"path": "/Homework/math", "autorename": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"type": "folder", "name": "math", "id": "id:a4ayc_80_OEAAAAAAAAAXz", "path_lower": "/homework/math", "path_display": "/Homework/math"})
    );
    rpc("files/create_folder_v2", json!({"path": "/Homework"}))
        .respond(
            &s.fake,
            409,
            dbx_error(
                "path/conflict/folder/...",
                json!({".tag": "path", "path": {".tag": "conflict", "conflict": {".tag": "folder"}}}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_create_folder", json!({"path": "/Homework"}))
        .await;
    assert!(err.contains("path/conflict/folder"), "{err}");
    assert!(err.contains("already exists"), "{err}");
    let err = s
        .client
        .call_err("dropbox_create_folder", json!({"path": ""}))
        .await;
    assert!(err.contains("`path`"), "{err}");
}

#[tokio::test]
async fn delete_file_contract_and_not_found() {
    let s = setup().await;
    rpc(
        "files/delete_v2",
        json!({"path": "/Homework/math/Prime_Numbers.txt"}),
    )
    .respond(
        &s.fake,
        200,
        json!({"metadata": file_meta("Prime_Numbers.txt", "/Homework/math/Prime_Numbers.txt")}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_delete_file",
            json!({"path": "/Homework/math/Prime_Numbers.txt"}),
        )
        .await;
    assert_eq!(
        v,
        file_summary("Prime_Numbers.txt", "/Homework/math/Prime_Numbers.txt")
    );
    rpc("files/delete_v2", json!({"path": "/gone.txt"}))
        .respond(
            &s.fake,
            409,
            dbx_error(
                "path_lookup/not_found/..",
                json!({".tag": "path_lookup", "path_lookup": {".tag": "not_found"}}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_delete_file", json!({"path": "/gone.txt"}))
        .await;
    assert!(err.contains("path_lookup/not_found"), "{err}");
}

#[tokio::test]
async fn move_and_copy_contracts() {
    let s = setup().await;
    rpc(
        "files/move_v2",
        json!({"from_path": "/Homework/math", "to_path": "/Homework/algebra", "allow_ownership_transfer": true}),
    )
    .respond(
        &s.fake,
        200,
        json!({"metadata": folder_meta("algebra", "/Homework/algebra")}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_move_file",
            json!({"from_path": "/Homework/math", "to_path": "/Homework/algebra", "allow_ownership_transfer": true}),
        )
        .await;
    assert_eq!(v["type"], "folder");
    assert_eq!(v["path_display"], "/Homework/algebra");
    rpc(
        "files/copy_v2",
        json!({"from_path": "id:a4ayc_80_OEAAAAAAAAAXw", "to_path": "/Copy.txt", "autorename": true}),
    )
    .respond(
        &s.fake,
        200,
        json!({"metadata": file_meta("Copy.txt", "/Copy.txt")}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_copy_file",
            json!({"from_path": "id:a4ayc_80_OEAAAAAAAAAXw", "to_path": "/Copy.txt", "autorename": true}),
        )
        .await;
    assert_eq!(v["name"], "Copy.txt");
}

#[tokio::test]
async fn move_and_copy_errors() {
    let s = setup().await;
    rpc("files/move_v2", json!({"from_path": "/a", "to_path": "/b"}))
        .respond(
            &s.fake,
            409,
            dbx_error(
                "to/conflict/file/..",
                json!({".tag": "to", "to": {".tag": "conflict", "conflict": {".tag": "file"}}}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "dropbox_move_file",
            json!({"from_path": "/a", "to_path": "/b"}),
        )
        .await;
    assert!(err.contains("to/conflict/file"), "{err}");
    let err = s
        .client
        .call_err(
            "dropbox_copy_file",
            json!({"from_path": "/a", "to_path": " "}),
        )
        .await;
    assert!(err.contains("`to_path`"), "{err}");
}

#[tokio::test]
async fn search_and_continue() {
    let s = setup().await;
    rpc(
        "files/search_v2",
        json!({"query": "prime", "options": {"path": "/Homework", "max_results": 20, "file_status": "active", "filename_only": true}}),
    )
    .respond(
        &s.fake,
        200,
        json!({
            "matches": [{"metadata": {".tag": "metadata", "metadata": file_meta("Prime_Numbers.txt", "/Homework/math/Prime_Numbers.txt")}, "match_type": {".tag": "filename"}}],
            "has_more": true,
            "cursor": "ZtkX9_search"
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_search_files",
            json!({"query": "prime", "path": "/Homework", "max_results": 20, "file_status": "active", "filename_only": true}),
        )
        .await;
    assert_eq!(
        v["matches"][0],
        file_summary("Prime_Numbers.txt", "/Homework/math/Prime_Numbers.txt")
    );
    assert_eq!(v["cursor"], "ZtkX9_search");
    rpc(
        "files/search/continue_v2",
        json!({"cursor": "ZtkX9_search"}),
    )
    .respond(
        &s.fake,
        200,
        json!({"matches": [], "has_more": false, "cursor": null}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_search_files_continue",
            json!({"cursor": "ZtkX9_search"}),
        )
        .await;
    assert_eq!(v, json!({"matches": [], "has_more": false, "cursor": null}));
}

#[tokio::test]
async fn search_errors() {
    let s = setup().await;
    // No options given: only the query is sent.
    rpc("files/search_v2", json!({"query": "x"}))
        .respond(
            &s.fake,
            409,
            dbx_error(
                "path/not_found/",
                json!({".tag": "path", "path": {".tag": "not_found"}}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_search_files", json!({"query": "x", "path": ""}))
        .await;
    assert!(err.contains("path/not_found"), "{err}");
    let err = s
        .client
        .call_err(
            "dropbox_search_files",
            json!({"query": "x", "max_results": 0}),
        )
        .await;
    assert!(err.contains("between 1 and 1000"), "{err}");
    rpc("files/search/continue_v2", json!({"cursor": "bad"}))
        .respond(
            &s.fake,
            409,
            dbx_error("invalid_argument/..", json!({".tag": "invalid_argument"})),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_search_files_continue", json!({"cursor": "bad"}))
        .await;
    assert!(err.contains("invalid_argument"), "{err}");
}

#[tokio::test]
async fn get_file_info_contract() {
    let s = setup().await;
    rpc(
        "files/get_metadata",
        json!({"path": "id:a4ayc_80_OEAAAAAAAAAYa", "include_deleted": true, "include_has_explicit_shared_members": true}),
    )
    .respond(
        &s.fake,
        200,
        file_meta("Prime_Numbers.txt", "/Homework/math/Prime_Numbers.txt"),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_get_file_info",
            json!({"path": "id:a4ayc_80_OEAAAAAAAAAYa", "include_deleted": true, "include_has_explicit_shared_members": true}),
        )
        .await;
    assert_eq!(
        v,
        file_summary("Prime_Numbers.txt", "/Homework/math/Prime_Numbers.txt")
    );
}

#[tokio::test]
async fn revisions_and_restore() {
    let s = setup().await;
    rpc(
        "files/list_revisions",
        json!({"path": "/root/word.docx", "mode": "path", "limit": 5}),
    )
    .respond(
        &s.fake,
        200,
        json!({"is_deleted": false, "entries": [file_meta("word.docx", "/root/word.docx")], "has_more": false}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_list_revisions",
            json!({"path": "/root/word.docx", "mode": "path", "limit": 5}),
        )
        .await;
    assert_eq!(v["entries"][0]["rev"], "a1c10ce0dd78");
    assert_eq!(v["is_deleted"], false);
    let err = s
        .client
        .call_err(
            "dropbox_list_revisions",
            json!({"path": "/root/word.docx", "limit": 101}),
        )
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");

    rpc(
        "files/restore",
        json!({"path": "/root/word.docx", "rev": "a1c10ce0dd78"}),
    )
    .respond(&s.fake, 200, file_meta("word.docx", "/root/word.docx"))
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_restore_file",
            json!({"path": "/root/word.docx", "rev": "a1c10ce0dd78"}),
        )
        .await;
    assert_eq!(v, file_summary("word.docx", "/root/word.docx"));
    rpc(
        "files/restore",
        json!({"path": "/root/word.docx", "rev": "nope"}),
    )
    .respond(
        &s.fake,
        409,
        dbx_error("invalid_revision/..", json!({".tag": "invalid_revision"})),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_restore_file",
            json!({"path": "/root/word.docx", "rev": "nope"}),
        )
        .await;
    assert!(err.contains("invalid_revision"), "{err}");
}

#[tokio::test]
async fn temporary_link() {
    let s = setup().await;
    rpc("files/get_temporary_link", json!({"path": "/video.mp4"}))
        .respond(
            &s.fake,
            200,
            json!({"metadata": file_meta("video.mp4", "/video.mp4"), "link": "https://ucabc123456.dl.dropboxusercontent.com/cd/0/get/abcdefghijklmonpqrstuvwxyz1234567890/file"}),
        )
        .await;
    let v = s
        .client
        .call_ok("dropbox_get_temporary_link", json!({"path": "/video.mp4"}))
        .await;
    assert_eq!(
        v["link"],
        "https://ucabc123456.dl.dropboxusercontent.com/cd/0/get/abcdefghijklmonpqrstuvwxyz1234567890/file"
    );
    assert_eq!(v["metadata"]["name"], "video.mp4");
    rpc("files/get_temporary_link", json!({"path": "/folder"}))
        .respond(
            &s.fake,
            409,
            dbx_error(
                "path/not_file/..",
                json!({".tag": "path", "path": {".tag": "not_file"}}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_get_temporary_link", json!({"path": "/folder"}))
        .await;
    assert!(err.contains("names a folder, not a file"), "{err}");
}

#[tokio::test]
async fn save_url_waits_for_its_job_with_progress() {
    let s = setup().await;
    rpc(
        "files/save_url",
        json!({"path": "/Downloads/report.pdf", "url": "https://example.com/report.pdf"}),
    )
    .respond(
        &s.fake,
        200,
        json!({".tag": "async_job_id", "async_job_id": "34g93hh34h04y384084"}),
    )
    .await;
    let check = || {
        Mock::given(wiremock::matchers::method("POST"))
            .and(wiremock::matchers::path("/files/save_url/check_job_status"))
            .and(wiremock::matchers::body_json(
                json!({"async_job_id": "34g93hh34h04y384084"}),
            ))
    };
    check()
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({".tag": "in_progress"})))
        .up_to_n_times(2)
        .expect(2)
        .mount(&s.fake)
        .await;
    let mut done = file_meta("report.pdf", "/Downloads/report.pdf");
    done[".tag"] = json!("complete");
    check()
        .respond_with(ResponseTemplate::new(200).set_body_json(done))
        .expect(1)
        .mount(&s.fake)
        .await;
    let (v, progress) = s
        .client
        .call_ok_with_progress(
            "dropbox_save_url",
            json!({"path": "/Downloads/report.pdf", "url": "https://example.com/report.pdf"}),
        )
        .await;
    assert_eq!(v["status"], "complete");
    assert_eq!(v["path_display"], "/Downloads/report.pdf");
    assert_eq!(v["async_job_id"], "34g93hh34h04y384084");
    assert_eq!(progress.len(), 2, "{progress:?}");
    assert!(progress[1].progress > progress[0].progress);
}

#[tokio::test]
async fn save_url_still_running_at_the_deadline() {
    let s = crate::setup_with(|st| {
        st.upstream_timeout = std::time::Duration::from_millis(400);
        st.poll_interval = Some(std::time::Duration::from_millis(50));
    })
    .await;
    rpc(
        "files/save_url",
        json!({"path": "/big.iso", "url": "https://example.com/big.iso"}),
    )
    .respond(
        &s.fake,
        200,
        json!({".tag": "async_job_id", "async_job_id": "job-1"}),
    )
    .await;
    Mock::given(wiremock::matchers::path("/files/save_url/check_job_status"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({".tag": "in_progress"})))
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok(
            "dropbox_save_url",
            json!({"path": "/big.iso", "url": "https://example.com/big.iso"}),
        )
        .await;
    assert_eq!(v["status"], "in_progress");
    assert_eq!(v["async_job_id"], "job-1");
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("dropbox_save_url_check_job_status"),
        "{v}"
    );
}

#[tokio::test]
async fn save_url_check_and_failure() {
    let s = setup().await;
    rpc(
        "files/save_url/check_job_status",
        json!({"async_job_id": "job-2"}),
    )
    .respond(&s.fake, 200, json!({".tag": "in_progress"}))
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_save_url_check_job_status",
            json!({"async_job_id": "job-2"}),
        )
        .await;
    assert_eq!(v, json!({"status": "in_progress", "async_job_id": "job-2"}));
    rpc(
        "files/save_url/check_job_status",
        json!({"async_job_id": "job-3"}),
    )
    .respond(
        &s.fake,
        200,
        json!({".tag": "failed", "failed": {".tag": "download_failed"}}),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_save_url_check_job_status",
            json!({"async_job_id": "job-3"}),
        )
        .await;
    assert!(err.contains("download_failed"), "{err}");
    let err = s
        .client
        .call_err(
            "dropbox_save_url",
            json!({"path": "/a", "url": "ftp://example.com/a"}),
        )
        .await;
    assert!(err.contains("http"), "{err}");
}
