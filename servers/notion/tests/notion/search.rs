//! Search.

use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn search_pages_and_data_sources() {
    let s = setup().await;
    notion("POST", "/v1/search")
        .json_body(json!({
            "query": "Tasks",
            "filter": {"property": "object", "value": "data_source"},
            "sort": {"direction": "descending", "timestamp": "last_edited_time"},
            "page_size": 5
        }))
        .respond(
            &s.fake,
            200,
            list_json(
                vec![data_source_json(), page_json(PAGE_ID, "Tasks notes")],
                None,
                "page_or_data_source",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "notion_search",
            json!({
                "query": "Tasks",
                "filter": {"value": "database"},
                "sort": {"direction": "descending", "timestamp": "last_edited_time"},
                "page_size": 5
            }),
        )
        .await;
    assert_eq!(v["results"][0]["object"], "data_source");
    assert_eq!(v["results"][0]["database_id"], DB_ID);
    assert_eq!(v["results"][0]["title"], "Tasks");
    assert_eq!(v["results"][1]["object"], "page");
    assert_eq!(v["results"][1]["title"], "Tasks notes");
}

#[tokio::test]
async fn search_failure() {
    let s = setup().await;
    notion("POST", "/v1/search")
        .json_body(json!({}))
        .respond(
            &s.fake,
            400,
            error_json(400, "validation_error", "body failed validation: body.filter.value should be `\"page\"` or `\"data_source\"`."),
        )
        .await;
    let err = s.client.call_err("notion_search", json!({})).await;
    assert!(err.contains("(validation_error)"), "{err}");
}
