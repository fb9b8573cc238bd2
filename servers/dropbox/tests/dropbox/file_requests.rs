use crate::{dbx_error, rpc, setup};
use serde_json::{Value, json};

fn file_request() -> Value {
    json!({
        "id": "oaCAVmEyrqYnkZX9955Y",
        "url": "https://www.dropbox.com/request/oaCAVmEyrqYnkZX9955Y",
        "title": "Homework submission",
        "created": "2015-10-05T17:00:00Z",
        "is_open": true,
        "file_count": 3,
        "destination": "/File Requests/Homework",
        "deadline": {"deadline": "2020-10-12T17:00:00Z", "allow_late_uploads": {".tag": "seven_days"}},
        "description": "Please submit your homework here."
    })
}

#[tokio::test]
async fn create_and_get_file_request() {
    let s = setup().await;
    rpc(
        "file_requests/create",
        json!({"title": "Homework submission", "destination": "/File Requests/Homework", "description": "Please submit your homework here."}),
    )
    .respond(&s.fake, 200, file_request())
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_create_file_request",
            json!({"title": "Homework submission", "destination": "/File Requests/Homework", "description": "Please submit your homework here."}),
        )
        .await;
    assert_eq!(v["id"], "oaCAVmEyrqYnkZX9955Y");
    assert_eq!(
        v["url"],
        "https://www.dropbox.com/request/oaCAVmEyrqYnkZX9955Y"
    );
    assert_eq!(v["file_count"], 3);
    rpc("file_requests/get", json!({"id": "oaCAVmEyrqYnkZX9955Y"}))
        .respond(&s.fake, 200, file_request())
        .await;
    let v = s
        .client
        .call_ok(
            "dropbox_get_file_request",
            json!({"id": "oaCAVmEyrqYnkZX9955Y"}),
        )
        .await;
    assert_eq!(v["is_open"], true);
}

#[tokio::test]
async fn file_request_errors() {
    let s = setup().await;
    rpc("file_requests/get", json!({"id": "nope"}))
        .respond(
            &s.fake,
            409,
            dbx_error("not_found/..", json!({".tag": "not_found"})),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_get_file_request", json!({"id": "nope"}))
        .await;
    assert!(err.contains("not_found"), "{err}");
    rpc(
        "file_requests/create",
        json!({"title": "T", "destination": "/"}),
    )
    .times(0)
    .respond(&s.fake, 200, file_request())
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_create_file_request",
            json!({"title": "T", "destination": "/"}),
        )
        .await;
    assert!(err.contains("`destination`"), "{err}");
    rpc(
        "file_requests/create",
        json!({"title": "T", "destination": "/Team"}),
    )
    .respond(
        &s.fake,
        409,
        dbx_error("validation_error/..", json!({".tag": "validation_error"})),
    )
    .await;
    let err = s
        .client
        .call_err(
            "dropbox_create_file_request",
            json!({"title": "T", "destination": "/Team"}),
        )
        .await;
    assert!(err.contains("validation_error"), "{err}");
}

#[tokio::test]
async fn list_file_requests_pages() {
    let s = setup().await;
    rpc("file_requests/list_v2", json!({}))
        .respond(
            &s.fake,
            200,
            json!({"file_requests": [file_request()], "cursor": "ZtkX9_requests", "has_more": true}),
        )
        .await;
    let v = s
        .client
        .call_ok("dropbox_list_file_requests", json!({}))
        .await;
    assert_eq!(v["file_requests"][0]["title"], "Homework submission");
    assert_eq!(v["cursor"], "ZtkX9_requests");
    rpc(
        "file_requests/list/continue",
        json!({"cursor": "ZtkX9_requests"}),
    )
    .respond(
        &s.fake,
        200,
        json!({"file_requests": [], "cursor": "end", "has_more": false}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_list_file_requests",
            json!({"cursor": "ZtkX9_requests"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"file_requests": [], "has_more": false, "cursor": null})
    );
    rpc("file_requests/list_v2", json!({"limit": 10}))
        .respond(
            &s.fake,
            409,
            dbx_error("disabled_for_team/..", json!({".tag": "disabled_for_team"})),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_list_file_requests", json!({"limit": 10}))
        .await;
    assert!(err.contains("disabled_for_team"), "{err}");
}

#[tokio::test]
async fn update_and_delete_file_requests() {
    let s = setup().await;
    rpc(
        "file_requests/update",
        json!({"id": "oaCAVmEyrqYnkZX9955Y", "title": "Homework submission", "destination": "/File Requests/Homework", "open": false}),
    )
    .respond(&s.fake, 200, {
        let mut r = file_request();
        r["is_open"] = json!(false);
        r
    })
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_update_file_request",
            json!({"id": "oaCAVmEyrqYnkZX9955Y", "title": "Homework submission", "destination": "File Requests/Homework", "open": false}),
        )
        .await;
    assert_eq!(v["is_open"], false);
    let err = s
        .client
        .call_err(
            "dropbox_update_file_request",
            json!({"id": "oaCAVmEyrqYnkZX9955Y"}),
        )
        .await;
    assert!(err.contains("nothing to update"), "{err}");

    rpc(
        "file_requests/delete",
        json!({"ids": ["oaCAVmEyrqYnkZX9955Y", "BaZmehYoXMPtaRmfTbSG"]}),
    )
    .respond(&s.fake, 200, json!({"file_requests": [file_request()]}))
    .await;
    let v = s
        .client
        .call_ok(
            "dropbox_delete_file_request",
            json!({"ids": ["oaCAVmEyrqYnkZX9955Y", " BaZmehYoXMPtaRmfTbSG "]}),
        )
        .await;
    assert_eq!(v["deleted"][0]["id"], "oaCAVmEyrqYnkZX9955Y");
    rpc("file_requests/delete", json!({"ids": ["open-one"]}))
        .respond(
            &s.fake,
            409,
            dbx_error("file_request_open/..", json!({".tag": "file_request_open"})),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_delete_file_request", json!({"ids": ["open-one"]}))
        .await;
    assert!(err.contains("file_request_open"), "{err}");
    let err = s
        .client
        .call_err("dropbox_delete_file_request", json!({"ids": []}))
        .await;
    assert!(err.contains("at least one"), "{err}");
}
