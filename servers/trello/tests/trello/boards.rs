//! Boards and lists: exact requests and concise results.

use serde_json::json;

use crate::common::{setup, trello};

#[tokio::test]
async fn get_my_boards_contract() {
    let s = setup().await;
    trello(
        "GET",
        "/members/me/boards",
        &[("fields", "name,desc,closed,url,idOrganization")],
    )
    .respond(
        &s.fake,
        200,
        json!([
            {"id": "5abbe4b7ddc1b351ef961400", "name": "Roadmap", "desc": "", "closed": false,
             "idOrganization": "5abbe4b7ddc1b351ef9613ff", "url": "https://trello.com/b/abc/roadmap"},
            {"id": "5abbe4b7ddc1b351ef961500", "name": "Old", "desc": "done", "closed": true,
             "idOrganization": null, "url": "https://trello.com/b/def/old"}
        ]),
    )
    .await;
    let v = s.client.call_ok("trello_get_my_boards", json!({})).await;
    assert_eq!(
        v,
        json!({"boards": [
            {"id": "5abbe4b7ddc1b351ef961400", "name": "Roadmap", "desc": "", "closed": false,
             "url": "https://trello.com/b/abc/roadmap", "idOrganization": "5abbe4b7ddc1b351ef9613ff"},
            {"id": "5abbe4b7ddc1b351ef961500", "name": "Old", "desc": "done", "closed": true,
             "url": "https://trello.com/b/def/old"}
        ]})
    );
}

#[tokio::test]
async fn create_board_contract() {
    let s = setup().await;
    trello(
        "POST",
        "/boards/",
        &[("name", "Launch plan"), ("desc", "Q1 launch")],
    )
    .respond(
        &s.fake,
        200,
        json!({"id": "5abbe4b7ddc1b351ef961600", "name": "Launch plan", "desc": "Q1 launch",
               "closed": false, "idOrganization": null, "pinned": false,
               "url": "https://trello.com/b/xyz/launch-plan", "prefs": {"permissionLevel": "private"}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "trello_create_board",
            json!({"name": " Launch plan ", "desc": "Q1 launch"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "5abbe4b7ddc1b351ef961600", "name": "Launch plan", "desc": "Q1 launch",
               "closed": false, "url": "https://trello.com/b/xyz/launch-plan"})
    );
}

#[tokio::test]
async fn create_board_needs_a_name() {
    let s = setup().await;
    let err = s
        .client
        .call_err("trello_create_board", json!({"name": "  "}))
        .await;
    assert!(err.contains("`name` must not be empty"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn get_board_lists_contract() {
    let s = setup().await;
    trello(
        "GET",
        "/boards/5abbe4b7ddc1b351ef961400/lists",
        &[("fields", "name,closed,pos,idBoard")],
    )
    .respond(
        &s.fake,
        200,
        json!([
            {"id": "5abbe4b7ddc1b351ef961401", "name": "To Do", "closed": false, "pos": 16384, "idBoard": "5abbe4b7ddc1b351ef961400"},
            {"id": "5abbe4b7ddc1b351ef961402", "name": "Done", "closed": false, "pos": 32768, "idBoard": "5abbe4b7ddc1b351ef961400"}
        ]),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "trello_get_board_lists",
            json!({"board_id": "5abbe4b7ddc1b351ef961400"}),
        )
        .await;
    assert_eq!(v["lists"].as_array().unwrap().len(), 2);
    assert_eq!(
        v["lists"][1],
        json!({"id": "5abbe4b7ddc1b351ef961402", "name": "Done", "closed": false, "pos": 32768, "idBoard": "5abbe4b7ddc1b351ef961400"})
    );
}

#[tokio::test]
async fn get_board_lists_invalid_id_is_clear() {
    let s = setup().await;
    trello(
        "GET",
        "/boards/nope/lists",
        &[("fields", "name,closed,pos,idBoard")],
    )
    .respond_with(
        &s.fake,
        mcp_testkit::wiremock::ResponseTemplate::new(400)
            .set_body_raw("invalid id", "text/plain; charset=utf-8"),
    )
    .await;
    let err = s
        .client
        .call_err("trello_get_board_lists", json!({"board_id": "nope"}))
        .await;
    assert!(err.contains("400") && err.contains("invalid id"), "{err}");
    assert!(!err.contains(crate::common::TOKEN), "{err}");
}

#[tokio::test]
async fn create_list_contract() {
    let s = setup().await;
    trello(
        "POST",
        "/lists",
        &[
            ("name", "Review"),
            ("idBoard", "5abbe4b7ddc1b351ef961400"),
            ("pos", "bottom"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"id": "5abbe4b7ddc1b351ef961403", "name": "Review", "closed": false, "pos": 49152,
               "idBoard": "5abbe4b7ddc1b351ef961400", "limits": {}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "trello_create_list",
            json!({"idBoard": "5abbe4b7ddc1b351ef961400", "name": "Review", "pos": "bottom"}),
        )
        .await;
    assert_eq!(v["id"], "5abbe4b7ddc1b351ef961403");
    assert!(v.get("limits").is_none(), "{v}");
}
