//! Named tables: list, read rows a page at a time, add rows in a session.

use crate::common::{SESSION, TOKEN, WB, graph_error, req, session, setup};
use mcp_testkit::expect;
use serde_json::json;

#[tokio::test]
async fn list_tables() {
    let s = setup().await;
    req("GET", &format!("{WB}/tables"), &[("$select", "id,name,showHeaders,showTotals,style")])
        .respond(&s.fake, 200, json!({"value": [{"id": "{T1}", "name": "Sales", "showHeaders": true, "showTotals": false, "style": "TableStyleMedium2"}]}))
        .await;
    let v = s
        .client
        .call_ok("microsoft_excel_list_tables", json!({"workbook_url": "W1"}))
        .await;
    assert_eq!(v["tables"][0]["name"], "Sales");
    req(
        "GET",
        "/me/drive/items/GONE/workbook/tables",
        &[("$select", "id,name,showHeaders,showTotals,style")],
    )
    .respond(&s.fake, 404, graph_error("itemNotFound", "Item not found"))
    .await;
    let err = s
        .client
        .call_err(
            "microsoft_excel_list_tables",
            json!({"workbook_url": "GONE"}),
        )
        .await;
    assert!(err.contains("404 Not Found (itemNotFound)"), "{err}");
}

#[tokio::test]
async fn get_table_rows_pages_by_offset() {
    let s = setup().await;
    req("GET", &format!("{WB}/tables/Sales/rows"), &[("$top", "2")])
        .respond(&s.fake, 200, json!({"value": [{"index": 0, "values": [["Widget", 3]]}, {"index": 1, "values": [["Gadget", 5]]}]}))
        .await;
    let v = s
        .client
        .call_ok(
            "microsoft_excel_get_table_rows",
            json!({"workbook_url": "W1", "table": "Sales", "limit": 2}),
        )
        .await;
    assert_eq!(v["rows"][1], json!({"index": 1, "values": ["Gadget", 5]}));
    assert_eq!(v["next_cursor"], "2");
    req(
        "GET",
        &format!("{WB}/tables/Sales/rows"),
        &[("$top", "2"), ("$skip", "2")],
    )
    .respond(
        &s.fake,
        200,
        json!({"value": [{"index": 2, "values": [["Gizmo", 1]]}]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "microsoft_excel_get_table_rows",
            json!({"workbook_url": "W1", "table": "Sales", "limit": 2, "cursor": "2"}),
        )
        .await;
    assert_eq!(v["next_cursor"], serde_json::Value::Null);
    let err = s
        .client
        .call_err(
            "microsoft_excel_get_table_rows",
            json!({"workbook_url": "W1", "table": "Sales", "cursor": "abc"}),
        )
        .await;
    assert!(err.contains("`cursor` must be the next_cursor"), "{err}");
}

#[tokio::test]
async fn add_table_rows_in_a_session() {
    let s = setup().await;
    session(&s.fake, WB).await;
    expect("POST", format!("{WB}/tables/Sales/rows/add"))
        .bearer(TOKEN)
        .header("workbook-session-id", SESSION)
        .json_body(json!({"values": [["Widget", 3, true], ["Gadget", 5.5, null]]}))
        .respond(
            &s.fake,
            201,
            json!({"index": 7, "values": [["Widget", 3, true], ["Gadget", 5.5, ""]]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "microsoft_excel_add_table_rows",
            json!({"workbook_url": "W1", "table": "Sales", "values": [["Widget", 3, true], ["Gadget", 5.5, null]]}),
        )
        .await;
    assert_eq!(v, json!({"added": 2, "index": 7}));
}

#[tokio::test]
async fn add_table_rows_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "microsoft_excel_add_table_rows",
            json!({"workbook_url": "W1", "table": "Sales", "values": []}),
        )
        .await;
    assert!(err.contains("`values` must hold at least one row"), "{err}");
    session(&s.fake, WB).await;
    expect("POST", format!("{WB}/tables/Sales/rows/add"))
        .bearer(TOKEN)
        .header("workbook-session-id", SESSION)
        .any_body()
        .respond(
            &s.fake,
            400,
            graph_error("InvalidArgument", "The number of columns does not match"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "microsoft_excel_add_table_rows",
            json!({"workbook_url": "W1", "table": "Sales", "values": [["a"]]}),
        )
        .await;
    assert!(
        err.contains("The number of columns does not match"),
        "{err}"
    );
}
