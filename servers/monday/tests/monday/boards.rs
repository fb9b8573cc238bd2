//! Users, boards and columns; the version header and throttling.

use mcp_testkit::wiremock::matchers::{method, path};
use mcp_testkit::wiremock::{Mock, ResponseTemplate};
use mcp_testkit::{TestServer, expect, settings_for, tools_beyond_catalog};
use serde_json::json;

use crate::common::{TOKEN, data, error, gql, setup};

#[tokio::test]
async fn get_users_by_name_contract() {
    let s = setup().await;
    gql("GetUsersByName", json!({"name": "Ada"}))
        .respond(&s.fake, 200, data(json!({"users": [
            {"id": "4012345", "name": "Ada Lovelace", "email": "ada@example.com", "title": "Engineer", "status": "ACTIVE"}
        ]})))
        .await;
    let v = s
        .client
        .call_ok("monday_get_users_by_name", json!({"name": "Ada"}))
        .await;
    assert_eq!(
        v,
        json!({"users": [{"id": "4012345", "name": "Ada Lovelace", "email": "ada@example.com", "title": "Engineer", "status": "ACTIVE"}]})
    );
}

#[tokio::test]
async fn graphql_errors_become_tool_errors() {
    let s = setup().await;
    gql("GetUsersByName", json!({"name": "Ada"}))
        .respond(
            &s.fake,
            200,
            error(
                "User unauthorized to perform action",
                "UserUnauthorizedException",
            ),
        )
        .await;
    let e = s
        .client
        .call_err("monday_get_users_by_name", json!({"name": "Ada"}))
        .await;
    assert!(e.contains("User unauthorized to perform action"), "{e}");
    assert!(!e.contains(TOKEN), "{e}");
}

#[tokio::test]
async fn complexity_exceptions_are_waited_out() {
    let s = setup().await;
    Mock::given(method("POST"))
        .and(path("/v2"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"errors": [{
            "message": "Complexity budget exhausted", "locations": [{"line": 1, "column": 1}],
            "extensions": {"code": "ComplexityException", "retry_in_seconds": 0.2, "status_code": 429}
        }], "account_id": 1234567})))
        .up_to_n_times(1)
        .with_priority(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    gql("GetUsersByName", json!({"name": "Ada"}))
        .respond(&s.fake, 200, data(json!({"users": []})))
        .await;
    let v = s
        .client
        .call_ok("monday_get_users_by_name", json!({"name": "Ada"}))
        .await;
    assert_eq!(v, json!({"users": []}));
}

#[tokio::test]
async fn api_version_is_overridable() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.options = vec![("api-version".into(), "2025-07".into())];
    let server = TestServer::start(&monday_mcp_server::SPEC, settings).await;
    expect("POST", "/v2")
        .header("authorization", TOKEN)
        .header("api-version", "2025-07")
        .graphql("GetUsersByName", json!({"name": "Ada"}))
        .respond(&fake, 200, data(json!({"users": []})))
        .await;
    let client = server.client(TOKEN).await;
    let v = client
        .call_ok("monday_get_users_by_name", json!({"name": "Ada"}))
        .await;
    assert_eq!(v, json!({"users": []}));
}

#[tokio::test]
async fn get_boards_contract() {
    let s = setup().await;
    gql("GetBoards", json!({"limit": 1, "page": 2}))
        .respond(&s.fake, 200, data(json!({"boards": [
            {"id": "1234567890", "name": "Roadmap", "description": null, "board_kind": "public", "state": "active",
             "workspace_id": "55", "url": "https://acme.monday.com/boards/1234567890"}
        ]})))
        .await;
    let v = s
        .client
        .call_ok("monday_get_boards", json!({"limit": 1, "page": 2}))
        .await;
    assert_eq!(
        v,
        json!({"boards": [{"id": "1234567890", "name": "Roadmap", "kind": "public", "workspace_id": "55",
        "url": "https://acme.monday.com/boards/1234567890"}], "next_page": 3})
    );
}

#[tokio::test]
async fn get_board_schema_contract() {
    let s = setup().await;
    gql("GetBoardSchema", json!({"boardId": "1234567890"}))
        .respond(&s.fake, 200, data(json!({"boards": [{"id": "1234567890", "name": "Roadmap",
            "columns": [{"id": "status", "title": "Status", "type": "status", "settings": {"labels": {"0": "Working on it", "1": "Done"}}}],
            "groups": [{"id": "topics", "title": "Topics"}]}]})))
        .await;
    let v = s
        .client
        .call_ok("monday_get_board_schema", json!({"boardId": "1234567890"}))
        .await;
    assert_eq!(
        v,
        json!({"id": "1234567890", "name": "Roadmap",
        "columns": [{"id": "status", "title": "Status", "type": "status", "settings": {"labels": {"0": "Working on it", "1": "Done"}}}],
        "groups": [{"id": "topics", "title": "Topics"}]})
    );
}

#[tokio::test]
async fn get_board_schema_of_a_missing_board() {
    let s = setup().await;
    gql("GetBoardSchema", json!({"boardId": "9"}))
        .respond(&s.fake, 200, data(json!({"boards": []})))
        .await;
    let e = s
        .client
        .call_err("monday_get_board_schema", json!({"boardId": "9"}))
        .await;
    assert!(e.contains("No board 9"), "{e}");
}

#[tokio::test]
async fn create_board_contract() {
    let s = setup().await;
    gql("CreateBoard", json!({"boardName": "Roadmap", "boardKind": "private", "description": "Q1", "workspaceId": "55"}))
        .respond(&s.fake, 200, data(json!({"create_board": {"id": "1234567890", "name": "Roadmap", "url": "https://acme.monday.com/boards/1234567890"}})))
        .await;
    let v = s
        .client
        .call_ok("monday_create_board", json!({"boardName": "Roadmap", "boardKind": "private", "boardDescription": "Q1", "workspaceId": "55"}))
        .await;
    assert_eq!(
        v,
        json!({"id": "1234567890", "name": "Roadmap", "url": "https://acme.monday.com/boards/1234567890"})
    );
}

#[tokio::test]
async fn create_board_rejects_an_unknown_kind() {
    let s = setup().await;
    let e = s
        .client
        .call_err(
            "monday_create_board",
            json!({"boardName": "x", "boardKind": "secret"}),
        )
        .await;
    assert!(
        e.contains("boardKind") || e.contains("unknown variant"),
        "{e}"
    );
}

#[tokio::test]
async fn create_column_contract_with_status_labels() {
    let s = setup().await;
    gql(
        "CreateColumn",
        json!({"boardId": "1234567890", "columnType": "status", "title": "Stage",
        "defaults": "{\"labels\":{\"0\":\"Todo\",\"1\":\"Done\"}}"}),
    )
    .respond(
        &s.fake,
        200,
        data(json!({"create_column": {"id": "color_mkx1", "title": "Stage", "type": "status"}})),
    )
    .await;
    let v = s
        .client
        .call_ok("monday_create_column", json!({"boardId": "1234567890", "columnType": "status", "columnTitle": "Stage", "columnSettings": ["Todo", "Done"]}))
        .await;
    assert_eq!(
        v,
        json!({"id": "color_mkx1", "title": "Stage", "type": "status"})
    );
}

#[tokio::test]
async fn create_column_settings_only_for_labels() {
    let s = setup().await;
    let e = s
        .client
        .call_err("monday_create_column", json!({"boardId": "1", "columnType": "text", "columnTitle": "t", "columnSettings": ["a"]}))
        .await;
    assert!(e.contains("a text column takes none"), "{e}");
}

#[tokio::test]
async fn delete_column_contract() {
    let s = setup().await;
    gql(
        "DeleteColumn",
        json!({"boardId": "1234567890", "columnId": "color_mkx1"}),
    )
    .respond(
        &s.fake,
        200,
        data(json!({"delete_column": {"id": "color_mkx1"}})),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "monday_delete_column",
            json!({"boardId": "1234567890", "columnId": "color_mkx1"}),
        )
        .await;
    assert_eq!(v, json!({"deleted": true, "column_id": "color_mkx1"}));
}

#[tokio::test]
async fn delete_column_error() {
    let s = setup().await;
    gql("DeleteColumn", json!({"boardId": "1", "columnId": "nope"}))
        .respond(
            &s.fake,
            200,
            error("Column not found", "InvalidColumnIdException"),
        )
        .await;
    let e = s
        .client
        .call_err(
            "monday_delete_column",
            json!({"boardId": "1", "columnId": "nope"}),
        )
        .await;
    assert!(e.contains("Column not found"), "{e}");
}

#[tokio::test]
async fn beyond_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    assert!(tools_beyond_catalog(&tools, "monday").is_empty());
}
