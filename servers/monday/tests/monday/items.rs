//! Items and updates.

use serde_json::json;

use crate::common::{data, error, gql, setup};

#[tokio::test]
async fn get_board_items_by_name_contract() {
    let s = setup().await;
    gql("GetBoardItemsByName", json!({"boardId": "1234567890", "term": "Launch", "limit": 25}))
        .respond(&s.fake, 200, data(json!({"items_page_by_column_values": {"cursor": "MSw5NzI4MDA5MDAsaV9YcmxJb0p1VEdYc1VWeGlxeF9kLDg4MiwzNXw0MTQ1NzU1MTE5",
            "items": [{"id": "9876543210", "name": "Launch", "group": {"id": "topics", "title": "Topics"},
                "column_values": [{"id": "status", "text": "Done"}, {"id": "date4", "text": ""}]}]}})))
        .await;
    let v = s
        .client
        .call_ok(
            "monday_get_board_items_by_name",
            json!({"boardId": "1234567890", "term": "Launch"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"items": [{"id": "9876543210", "name": "Launch", "group": "Topics", "group_id": "topics",
        "columns": {"status": "Done"}}], "next_cursor": "MSw5NzI4MDA5MDAsaV9YcmxJb0p1VEdYc1VWeGlxeF9kLDg4MiwzNXw0MTQ1NzU1MTE5"})
    );
}

#[tokio::test]
async fn get_board_items_by_name_error() {
    let s = setup().await;
    gql(
        "GetBoardItemsByName",
        json!({"boardId": "1", "term": "x", "limit": 5, "cursor": "c"}),
    )
    .respond(
        &s.fake,
        200,
        error("Board not found", "ResourceNotFoundException"),
    )
    .await;
    let e = s
        .client
        .call_err(
            "monday_get_board_items_by_name",
            json!({"boardId": "1", "term": "x", "limit": 5, "cursor": "c"}),
        )
        .await;
    assert!(e.contains("Board not found"), "{e}");
}

#[tokio::test]
async fn create_item_contract() {
    let s = setup().await;
    gql("CreateItem", json!({"boardId": "1234567890", "itemName": "Launch", "groupId": "topics",
        "columnValues": "{\"status\":{\"label\":\"Done\"}}"}))
    .respond(&s.fake, 200, data(json!({"create_item": {"id": "9876543210", "name": "Launch", "url": "https://acme.monday.com/boards/1234567890/pulses/9876543210"}})))
    .await;
    let v = s
        .client
        .call_ok(
            "monday_create_item",
            json!({"boardId": "1234567890", "name": "Launch", "groupId": "topics",
            "columnValues": "{\"status\": {\"label\": \"Done\"}}"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "9876543210", "name": "Launch", "url": "https://acme.monday.com/boards/1234567890/pulses/9876543210"})
    );
}

#[tokio::test]
async fn create_item_rejects_bad_column_values() {
    let s = setup().await;
    let e = s
        .client
        .call_err(
            "monday_create_item",
            json!({"boardId": "1", "name": "x", "columnValues": "status=Done"}),
        )
        .await;
    assert!(e.contains("columnValues must be a JSON object"), "{e}");
}

#[tokio::test]
async fn change_item_column_values_contract() {
    let s = setup().await;
    gql("ChangeItemColumnValues", json!({"boardId": "1234567890", "itemId": "9876543210", "columnValues": "{\"text\":\"hi\"}"}))
        .respond(&s.fake, 200, data(json!({"change_multiple_column_values": {"id": "9876543210", "name": "Launch"}})))
        .await;
    let v = s
        .client
        .call_ok("monday_change_item_column_values", json!({"boardId": "1234567890", "itemId": "9876543210", "columnValues": "{\"text\":\"hi\"}"}))
        .await;
    assert_eq!(v, json!({"id": "9876543210", "name": "Launch"}));
}

#[tokio::test]
async fn change_item_column_values_error() {
    let s = setup().await;
    gql(
        "ChangeItemColumnValues",
        json!({"boardId": "1", "itemId": "2", "columnValues": "{\"nope\":1}"}),
    )
    .respond(
        &s.fake,
        200,
        error(
            "This column ID doesn't exist for the board",
            "InvalidColumnIdException",
        ),
    )
    .await;
    let e = s
        .client
        .call_err(
            "monday_change_item_column_values",
            json!({"boardId": "1", "itemId": "2", "columnValues": "{\"nope\":1}"}),
        )
        .await;
    assert!(e.contains("column ID doesn't exist"), "{e}");
}

#[tokio::test]
async fn move_item_to_group_contract() {
    let s = setup().await;
    gql("MoveItemToGroup", json!({"itemId": "9876543210", "groupId": "done"}))
        .respond(&s.fake, 200, data(json!({"move_item_to_group": {"id": "9876543210", "group": {"id": "done", "title": "Done"}}})))
        .await;
    let v = s
        .client
        .call_ok(
            "monday_move_item_to_group",
            json!({"itemId": "9876543210", "groupId": "done"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "9876543210", "group": "Done", "group_id": "done"})
    );
}

#[tokio::test]
async fn move_item_to_group_missing_item() {
    let s = setup().await;
    gql("MoveItemToGroup", json!({"itemId": "1", "groupId": "done"}))
        .respond(&s.fake, 200, data(json!({"move_item_to_group": null})))
        .await;
    let e = s
        .client
        .call_err(
            "monday_move_item_to_group",
            json!({"itemId": "1", "groupId": "done"}),
        )
        .await;
    assert!(e.contains("without a result"), "{e}");
}

#[tokio::test]
async fn delete_item_contract() {
    let s = setup().await;
    gql("DeleteItem", json!({"itemId": "9876543210"}))
        .respond(
            &s.fake,
            200,
            data(json!({"delete_item": {"id": "9876543210"}})),
        )
        .await;
    let v = s
        .client
        .call_ok("monday_delete_item", json!({"itemId": "9876543210"}))
        .await;
    assert_eq!(v, json!({"deleted": true, "item_id": "9876543210"}));
}

#[tokio::test]
async fn delete_item_error() {
    let s = setup().await;
    gql("DeleteItem", json!({"itemId": "1"}))
        .respond(
            &s.fake,
            200,
            error("Item not found in board", "InvalidItemIdException"),
        )
        .await;
    let e = s
        .client
        .call_err("monday_delete_item", json!({"itemId": "1"}))
        .await;
    assert!(e.contains("Item not found"), "{e}");
}

#[tokio::test]
async fn create_update_contract() {
    let s = setup().await;
    gql("CreateUpdate", json!({"itemId": "9876543210", "body": "Shipped <b>today</b>"}))
        .respond(&s.fake, 200, data(json!({"create_update": {"id": "3325555", "body": "<p>Shipped <b>today</b></p>", "created_at": "2026-12-02T06:00:00Z"}})))
        .await;
    let v = s
        .client
        .call_ok(
            "monday_create_update",
            json!({"itemId": "9876543210", "body": "Shipped <b>today</b>"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "3325555", "body": "<p>Shipped <b>today</b></p>", "created_at": "2026-12-02T06:00:00Z"})
    );
}

#[tokio::test]
async fn create_update_error() {
    let s = setup().await;
    gql("CreateUpdate", json!({"itemId": "1", "body": "x"}))
        .respond(
            &s.fake,
            200,
            error("Item not found", "InvalidItemIdException"),
        )
        .await;
    let e = s
        .client
        .call_err("monday_create_update", json!({"itemId": "1", "body": "x"}))
        .await;
    assert!(e.contains("Item not found"), "{e}");
}
