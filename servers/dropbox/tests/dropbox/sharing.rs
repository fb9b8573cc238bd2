use crate::{dbx_error, rpc, setup};
use serde_json::{Value, json};

fn link_meta() -> Value {
    json!({
        ".tag": "file",
        "url": "https://www.dropbox.com/s/2sn712vy1ovegw8/Prime_Numbers.txt?dl=0",
        "name": "Prime_Numbers.txt",
        "link_permissions": {
            "can_revoke": false,
            "resolved_visibility": {".tag": "public"},
            "revoke_failure_reason": {".tag": "owner_only"},
            "visibility_policies": [],
            "can_set_expiry": false,
            "can_remove_expiry": false,
            "allow_download": true,
            "can_allow_download": true,
            "can_disallow_download": false,
            "allow_comments": true,
            "team_restricts_comments": true,
            "effective_audience": {".tag": "public"},
            "link_access_level": {".tag": "viewer"}
        },
        "client_modified": "2015-05-12T15:50:38Z",
        "server_modified": "2015-05-12T15:50:38Z",
        "rev": "a1c10ce0dd78",
        "size": 7212,
        "id": "id:a4ayc_80_OEAAAAAAAAAXw",
        "path_lower": "/homework/math/prime_numbers.txt"
    })
}

fn shared_folder_meta() -> Value {
    json!({
        "access_type": {".tag": "owner"},
        "is_inside_team_folder": false,
        "is_team_folder": false,
        "name": "dir",
        "path_lower": "/dir",
        "path_display": "/dir",
        "policy": {
            "acl_update_policy": {".tag": "owner"},
            "shared_link_policy": {".tag": "anyone"},
            "member_policy": {".tag": "anyone"},
            "resolved_member_policy": {".tag": "team"}
        },
        "preview_url": "https://www.dropbox.com/scl/fo/fir9vjelf",
        "shared_folder_id": "84528192421",
        "time_invited": "2016-01-20T00:00:00Z",
        "access_inheritance": {".tag": "inherit"}
    })
}

#[tokio::test]
async fn share_file_creates_a_link() {
    let s = setup().await;
    rpc(
        "sharing/create_shared_link_with_settings",
        json!({"path": "/Homework/math/Prime_Numbers.txt", "settings": {"requested_visibility": "public", "audience": "public", "access": "viewer", "expires": "2026-12-31T23:59:59Z"}}),
    )
    .respond(&s.fake, 200, link_meta())
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_share_file",
            json!({"path": "/Homework/math/Prime_Numbers.txt", "settings": {"requested_visibility": "public", "audience": "public", "access": "viewer", "expires": "2026-12-31T23:59:59Z"}}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "type": "file",
            "url": "https://www.dropbox.com/s/2sn712vy1ovegw8/Prime_Numbers.txt?dl=0",
            "name": "Prime_Numbers.txt",
            "id": "id:a4ayc_80_OEAAAAAAAAAXw",
            "path_lower": "/homework/math/prime_numbers.txt",
            "size": 7212,
            "allow_download": true,
            "visibility": "public",
            "audience": "public",
            "access": "viewer"
        })
    );
}

#[tokio::test]
async fn share_file_existing_link() {
    let s = setup().await;
    rpc(
        "sharing/create_shared_link_with_settings",
        json!({"path": "/a.txt"}),
    )
    .respond(
        &s.fake,
        409,
        dbx_error(
            "shared_link_already_exists/metadata/..",
            json!({".tag": "shared_link_already_exists", "shared_link_already_exists": {".tag": "metadata", "metadata": link_meta()}}),
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_share_file",
            json!({"path": "/a.txt", "settings": {}}),
        )
        .await;
    assert!(err.contains("shared_link_already_exists"), "{err}");
    assert!(err.contains("dropbox_get_shared_links"), "{err}");
}

#[tokio::test]
async fn get_shared_links_with_and_without_path() {
    let s = setup().await;
    rpc("sharing/list_shared_links", json!({}))
        .respond(
            &s.fake,
            200,
            json!({"links": [link_meta()], "has_more": true, "cursor": "ZtkX9_links"}),
        )
        .await;
    let v = s
        .client
        .call_ok("dropbox_get_shared_links", json!({}))
        .await;
    assert_eq!(v["links"][0]["visibility"], "public");
    assert_eq!(v["cursor"], "ZtkX9_links");
    rpc(
        "sharing/list_shared_links",
        json!({"path": "/Homework", "cursor": "ZtkX9_links"}),
    )
    .respond(
        &s.fake,
        409,
        dbx_error("reset/..", json!({".tag": "reset"})),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_get_shared_links",
            json!({"path": "/Homework", "cursor": "ZtkX9_links"}),
        )
        .await;
    assert!(err.contains("reset"), "{err}");
}

#[tokio::test]
async fn add_file_member_contract() {
    let s = setup().await;
    rpc(
        "sharing/add_file_member",
        json!({
            "file": "id:3kmLmQFnf1AAAAAAAAAAAw",
            "members": [{".tag": "email", "email": "justin@example.com"}, {".tag": "dropbox_id", "dropbox_id": "dbid:AAEufNrMPSPe0dMQijRP0N_aZtBJRm26W4Q"}],
            "custom_message": "This is a custom message about ACME.doc",
            "quiet": false,
            "access_level": "editor"
        }),
    )
    .respond(
        &s.fake,
        200,
        json!([
            {"member": {".tag": "email", "email": "justin@example.com"}, "result": {".tag": "success", "success": {".tag": "editor"}}},
            {"member": {".tag": "dropbox_id", "dropbox_id": "dbid:AAEufNrMPSPe0dMQijRP0N_aZtBJRm26W4Q"}, "result": {".tag": "member_error", "member_error": {".tag": "invalid_member"}}}
        ]),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_add_file_member",
            json!({
                "file": "id:3kmLmQFnf1AAAAAAAAAAAw",
                "members": [{"email": "justin@example.com", "access_level": "editor"}, {"dropbox_id": "dbid:AAEufNrMPSPe0dMQijRP0N_aZtBJRm26W4Q", "access_level": "editor"}],
                "quiet": false,
                "custom_message": "This is a custom message about ACME.doc"
            }),
        )
        .await;
    assert_eq!(
        v["results"][0],
        json!({"member": "justin@example.com", "status": "success", "access_level": "editor"})
    );
    assert_eq!(v["results"][1]["error"], "invalid_member");
}

#[tokio::test]
async fn add_file_member_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "dropbox_add_file_member",
            json!({"file": "/a.docx", "members": [{"email": "a@x.com", "access_level": "viewer"}, {"email": "b@x.com", "access_level": "editor"}]}),
        )
        .await;
    assert!(err.contains("one access_level per call"), "{err}");
    let err = s
        .client
        .call_err(
            "dropbox_add_file_member",
            json!({"file": "/a.docx", "members": [{}]}),
        )
        .await;
    assert!(err.contains("members[0]"), "{err}");
    rpc(
        "sharing/add_file_member",
        json!({"file": "/a.docx", "members": [{".tag": "email", "email": "a@x.com"}], "access_level": "viewer"}),
    )
    .respond(
        &s.fake,
        409,
        dbx_error(
            "access_error/not_a_member/..",
            json!({".tag": "access_error", "access_error": {".tag": "not_a_member"}}),
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_add_file_member",
            json!({"file": "/a.docx", "members": [{"email": "a@x.com"}]}),
        )
        .await;
    assert!(err.contains("access_error/not_a_member"), "{err}");
}

fn members_answer() -> Value {
    json!({
        "users": [{"access_type": {".tag": "owner"}, "user": {"account_id": "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc", "email": "bob@example.com", "display_name": "Robert Smith", "same_team": true, "team_member_id": "dbmid:abcd1234"}, "permissions": [], "is_inherited": false}],
        "groups": [{"access_type": {".tag": "editor"}, "group": {"group_name": "Test group", "group_id": "g:e2db7665347abcd600000000001a2b3c", "group_management_type": {".tag": "user_managed"}, "group_type": {".tag": "user_managed"}, "is_member": false, "is_owner": false, "same_team": true, "member_count": 10}, "permissions": [], "is_inherited": false}],
        "invitees": [{"access_type": {".tag": "viewer"}, "invitee": {".tag": "email", "email": "jessica@example.com"}, "permissions": [], "is_inherited": false}],
        "cursor": "ZtkX9_EHj3x7PMkVuFIhwKYXEpwpLwyxp9vMKomUhllil9q7eWiAu"
    })
}

#[tokio::test]
async fn list_file_members_and_continue() {
    let s = setup().await;
    rpc(
        "sharing/list_file_members",
        json!({"file": "id:3kmLmQFnf1AAAAAAAAAAAw", "include_inherited": false, "limit": 50}),
    )
    .respond(&s.fake, 200, members_answer())
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_list_file_members",
            json!({"file": "id:3kmLmQFnf1AAAAAAAAAAAw", "include_inherited": false, "limit": 50}),
        )
        .await;
    assert_eq!(
        v["users"][0],
        json!({"account_id": "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc", "email": "bob@example.com", "display_name": "Robert Smith", "is_inherited": false, "access_type": "owner"})
    );
    assert_eq!(v["groups"][0]["group_name"], "Test group");
    assert_eq!(v["invitees"][0]["invitee_email"], "jessica@example.com");
    assert_eq!(
        v["cursor"],
        "ZtkX9_EHj3x7PMkVuFIhwKYXEpwpLwyxp9vMKomUhllil9q7eWiAu"
    );
    rpc(
        "sharing/list_file_members/continue",
        json!({"cursor": "c2"}),
    )
    .respond(
        &s.fake,
        409,
        dbx_error("invalid_cursor/..", json!({".tag": "invalid_cursor"})),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_list_file_members",
            json!({"file": "id:3kmLmQFnf1AAAAAAAAAAAw", "cursor": "c2"}),
        )
        .await;
    assert!(err.contains("invalid_cursor"), "{err}");
    let err = s
        .client
        .call_err(
            "dropbox_list_file_members",
            json!({"file": "/a", "limit": 301}),
        )
        .await;
    assert!(err.contains("between 1 and 300"), "{err}");
}

#[tokio::test]
async fn remove_file_member_contract() {
    let s = setup().await;
    rpc(
        "sharing/remove_file_member_2",
        json!({"file": "id:3kmLmQFnf1AAAAAAAAAAAw", "member": {".tag": "email", "email": "justin@example.com"}}),
    )
    .respond(
        &s.fake,
        200,
        json!({".tag": "success", "access_level": {".tag": "viewer"}, "warning": "The member keeps access through the parent folder."}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_remove_file_member",
            json!({"file": "id:3kmLmQFnf1AAAAAAAAAAAw", "member": "justin@example.com"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"status": "removed", "member": "justin@example.com", "remaining_access": "viewer", "warning": "The member keeps access through the parent folder."})
    );
    rpc(
        "sharing/remove_file_member_2",
        json!({"file": "/a", "member": {".tag": "dropbox_id", "dropbox_id": "dbid:x"}}),
    )
    .respond(
        &s.fake,
        200,
        json!({".tag": "member_error", "member_error": {".tag": "no_explicit_access"}}),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_remove_file_member",
            json!({"file": "/a", "member": "dbid:x"}),
        )
        .await;
    assert!(err.contains("no_explicit_access"), "{err}");
}

#[tokio::test]
async fn share_folder_polls_the_share_job() {
    let s = setup().await;
    rpc(
        "sharing/share_folder",
        json!({"path": "/dir", "member_policy": "team", "acl_update_policy": "editors", "shared_link_policy": "members", "force_async": true, "access_inheritance": "no_inherit"}),
    )
    .respond(
        &s.fake,
        200,
        json!({".tag": "async_job_id", "async_job_id": "34g93hh34h04y384084"}),
    )
    .await;
    let mut done = shared_folder_meta();
    done[".tag"] = json!("complete");
    rpc(
        "sharing/check_share_job_status",
        json!({"async_job_id": "34g93hh34h04y384084"}),
    )
    .respond(&s.fake, 200, done)
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_share_folder",
            json!({"path": "/dir", "member_policy": "team", "acl_update_policy": "editors", "shared_link_policy": "members", "force_async": true, "access_inheritance": "no_inherit"}),
        )
        .await;
    assert_eq!(v["shared_folder_id"], "84528192421");
    assert_eq!(v["status"], "complete");
    assert_eq!(v["access_type"], "owner");
    assert_eq!(v["member_policy"], "anyone");
}

#[tokio::test]
async fn share_folder_errors() {
    let s = setup().await;
    rpc("sharing/share_folder", json!({"path": "/dir"}))
        .respond(
            &s.fake,
            409,
            dbx_error(
                "bad_path/already_shared/..",
                json!({".tag": "bad_path", "bad_path": {".tag": "already_shared", "already_shared": shared_folder_meta()}}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_share_folder", json!({"path": "/dir"}))
        .await;
    assert!(err.contains("bad_path/already_shared"), "{err}");
}

#[tokio::test]
async fn folder_members_list_add_remove() {
    let s = setup().await;
    rpc(
        "sharing/list_folder_members",
        json!({"shared_folder_id": "84528192421", "limit": 100}),
    )
    .respond(&s.fake, 200, members_answer())
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_list_folder_members",
            json!({"shared_folder_id": "84528192421"}),
        )
        .await;
    assert_eq!(v["users"][0]["email"], "bob@example.com");
    rpc(
        "sharing/list_folder_members/continue",
        json!({"cursor": "next"}),
    )
    .respond(
        &s.fake,
        200,
        json!({"users": [], "groups": [], "invitees": []}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_list_folder_members",
            json!({"shared_folder_id": "84528192421", "cursor": "next"}),
        )
        .await;
    assert_eq!(v["cursor"], Value::Null);

    rpc(
        "sharing/add_folder_member",
        json!({
            "shared_folder_id": "84528192421",
            "members": [
                {"member": {".tag": "email", "email": "justin@example.com"}, "access_level": "editor"},
                {"member": {".tag": "dropbox_id", "dropbox_id": "dbid:AAEufNrMPSPe0dMQijRP0N_aZtBJRm26W4Q"}, "access_level": "viewer"}
            ],
            "quiet": true,
            "custom_message": "Documentation for launch day"
        }),
    )
    .respond(&s.fake, 200, serde_json::Value::Null)
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_add_folder_member",
            json!({
                "shared_folder_id": "84528192421",
                "members": [{"email": "justin@example.com", "access_level": "editor"}, {"dropbox_id": "dbid:AAEufNrMPSPe0dMQijRP0N_aZtBJRm26W4Q"}],
                "quiet": true,
                "custom_message": "Documentation for launch day"
            }),
        )
        .await;
    assert_eq!(v["members"], 2);

    rpc(
        "sharing/remove_folder_member",
        json!({"shared_folder_id": "84528192421", "member": {".tag": "email", "email": "justin@example.com"}, "leave_a_copy": false}),
    )
    .respond(
        &s.fake,
        200,
        json!({".tag": "async_job_id", "async_job_id": "rm-job"}),
    )
    .await;
    rpc(
        "sharing/check_remove_member_job_status",
        json!({"async_job_id": "rm-job"}),
    )
    .respond(&s.fake, 200, json!({".tag": "complete"}))
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_remove_folder_member",
            json!({"shared_folder_id": "84528192421", "member": "justin@example.com", "leave_a_copy": false}),
        )
        .await;
    assert_eq!(v, json!({"status": "complete", "async_job_id": "rm-job"}));
}

#[tokio::test]
async fn folder_member_errors() {
    let s = setup().await;
    rpc(
        "sharing/list_folder_members",
        json!({"shared_folder_id": "1", "limit": 100}),
    )
    .respond(
        &s.fake,
        409,
        dbx_error("invalid_id/..", json!({".tag": "invalid_id"})),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_list_folder_members",
            json!({"shared_folder_id": "1"}),
        )
        .await;
    assert!(err.contains("invalid_id"), "{err}");
    let err = s
        .client
        .call_err(
            "dropbox_add_folder_member",
            json!({"shared_folder_id": "1", "members": []}),
        )
        .await;
    assert!(err.contains("at least one"), "{err}");
    rpc(
        "sharing/add_folder_member",
        json!({"shared_folder_id": "1", "members": [{"member": {".tag": "email", "email": "a@x.com"}, "access_level": "viewer"}]}),
    )
    .respond(
        &s.fake,
        409,
        dbx_error(
            "bad_member/invalid_dropbox_id/..",
            json!({".tag": "bad_member", "bad_member": {".tag": "invalid_dropbox_id", "invalid_dropbox_id": "dbid:x"}}),
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_add_folder_member",
            json!({"shared_folder_id": "1", "members": [{"email": "a@x.com"}]}),
        )
        .await;
    assert!(err.contains("bad_member/invalid_dropbox_id"), "{err}");
    let err = s
        .client
        .call_err(
            "dropbox_remove_folder_member",
            json!({"shared_folder_id": "1", "member": " ", "leave_a_copy": true}),
        )
        .await;
    assert!(err.contains("`member`"), "{err}");
}

#[tokio::test]
async fn shared_folders_and_received_files() {
    let s = setup().await;
    rpc("sharing/list_folders", json!({"limit": 100}))
        .respond(
            &s.fake,
            200,
            json!({"entries": [shared_folder_meta()], "cursor": "ZtkX9_folders"}),
        )
        .await;
    let v = s
        .client
        .call_ok("dropbox_list_shared_folders", json!({}))
        .await;
    assert_eq!(
        v["entries"][0],
        json!({
            "shared_folder_id": "84528192421",
            "name": "dir",
            "path_display": "/dir",
            "path_lower": "/dir",
            "preview_url": "https://www.dropbox.com/scl/fo/fir9vjelf",
            "time_invited": "2016-01-20T00:00:00Z",
            "is_team_folder": false,
            "is_inside_team_folder": false,
            "access_type": "owner",
            "member_policy": "anyone",
            "acl_update_policy": "owner",
            "shared_link_policy": "anyone",
            "access_inheritance": "inherit"
        })
    );
    assert_eq!(v["cursor"], "ZtkX9_folders");
    rpc(
        "sharing/list_folders/continue",
        json!({"cursor": "ZtkX9_folders"}),
    )
    .respond(
        &s.fake,
        409,
        dbx_error("invalid_cursor/", json!({".tag": "invalid_cursor"})),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_list_shared_folders",
            json!({"cursor": "ZtkX9_folders"}),
        )
        .await;
    assert!(err.contains("invalid_cursor"), "{err}");

    rpc("sharing/list_received_files", json!({"limit": 25}))
        .respond(
            &s.fake,
            200,
            json!({"entries": [{
                "access_type": {".tag": "viewer"},
                "id": "id:3kmLmQFnf1AAAAAAAAAAAw",
                "name": "file.txt",
                "owner_display_names": ["Jane Doe"],
                "path_display": "/dir/file.txt",
                "path_lower": "/dir/file.txt",
                "policy": {"acl_update_policy": {".tag": "owner"}, "shared_link_policy": {".tag": "anyone"}, "member_policy": {".tag": "anyone"}, "resolved_member_policy": {".tag": "team"}},
                "preview_url": "https://www.dropbox.com/scl/fi/fir9vjelf",
                "time_invited": "2016-01-20T00:00:00Z"
            }], "cursor": null}),
        )
        .await;
    let v = s
        .client
        .call_ok("dropbox_list_received_files", json!({"limit": 25}))
        .await;
    assert_eq!(v["entries"][0]["access_type"], "viewer");
    assert_eq!(v["entries"][0]["owner_display_names"], json!(["Jane Doe"]));
    assert_eq!(v["cursor"], Value::Null);
    rpc(
        "sharing/list_received_files/continue",
        json!({"cursor": "x"}),
    )
    .respond(
        &s.fake,
        409,
        dbx_error("invalid_cursor/", json!({".tag": "invalid_cursor"})),
    )
    .await;
    let err = s
        .client
        .call_err("dropbox_list_received_files", json!({"cursor": "x"}))
        .await;
    assert!(err.contains("invalid_cursor"), "{err}");
}

#[tokio::test]
async fn unshare_file_and_folder() {
    let s = setup().await;
    rpc(
        "sharing/unshare_file",
        json!({"file": "id:3kmLmQFnf1AAAAAAAAAAAw"}),
    )
    .respond(&s.fake, 200, Value::Null)
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_unshare_file",
            json!({"file": "id:3kmLmQFnf1AAAAAAAAAAAw"}),
        )
        .await;
    assert_eq!(v["status"], "unshared");
    rpc(
        "sharing/unshare_folder",
        json!({"shared_folder_id": "84528192421", "leave_a_copy": false}),
    )
    .respond(
        &s.fake,
        200,
        json!({".tag": "async_job_id", "async_job_id": "un-job"}),
    )
    .await;
    rpc(
        "sharing/check_job_status",
        json!({"async_job_id": "un-job"}),
    )
    .respond(&s.fake, 200, json!({".tag": "complete"}))
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_unshare_folder",
            json!({"shared_folder_id": "84528192421", "leave_a_copy": false}),
        )
        .await;
    assert_eq!(v["status"], "complete");
    rpc("sharing/unshare_folder", json!({"shared_folder_id": "9"}))
        .respond(
            &s.fake,
            409,
            dbx_error(
                "access_error/unmounted/..",
                json!({".tag": "access_error", "access_error": {".tag": "unmounted"}}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_unshare_folder", json!({"shared_folder_id": "9"}))
        .await;
    assert!(err.contains("access_error/unmounted"), "{err}");
    rpc("sharing/unshare_file", json!({"file": "/x"}))
        .respond(
            &s.fake,
            409,
            dbx_error(
                "user_error/email_unverified/..",
                json!({".tag": "user_error", "user_error": {".tag": "email_unverified"}}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_unshare_file", json!({"file": "x"}))
        .await;
    assert!(err.contains("must be verified"), "{err}");
}

#[tokio::test]
async fn check_job_status_routes() {
    let s = setup().await;
    rpc("sharing/check_job_status", json!({"async_job_id": "j1"}))
        .respond(&s.fake, 200, json!({".tag": "in_progress"}))
        .await;
    let v = s
        .client
        .call_ok("dropbox_check_job_status", json!({"async_job_id": "j1"}))
        .await;
    assert_eq!(v, json!({"status": "in_progress", "async_job_id": "j1"}));
    let mut done = shared_folder_meta();
    done[".tag"] = json!("complete");
    rpc(
        "sharing/check_share_job_status",
        json!({"async_job_id": "j2"}),
    )
    .respond(&s.fake, 200, done)
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_check_job_status",
            json!({"async_job_id": "j2", "job_type": "share"}),
        )
        .await;
    assert_eq!(v["shared_folder_id"], "84528192421");
    rpc(
        "sharing/check_remove_member_job_status",
        json!({"async_job_id": "j3"}),
    )
    .respond(
        &s.fake,
        200,
        json!({".tag": "failed", "failed": {".tag": "access_error", "access_error": {".tag": "no_permission"}}}),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_check_job_status",
            json!({"async_job_id": "j3", "job_type": "remove_member"}),
        )
        .await;
    assert!(err.contains("access_error/no_permission"), "{err}");
}
