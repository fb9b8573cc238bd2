//! Against a real MongoDB: run with `MONGODB_URI=mongodb://127.0.0.1:27017 cargo nextest run
//! -p mongodb-mcp-server real_`. Skipped (with a note) when `MONGODB_URI` is unset. Each test
//! works in a throwaway database and drops it.

use serde_json::json;

fn uri() -> Option<String> {
    let uri = std::env::var("MONGODB_URI").ok().filter(|u| !u.is_empty());
    if uri.is_none() {
        eprintln!("MONGODB_URI is not set: skipping the real-server test");
    }
    uri
}

fn scratch() -> String {
    format!(
        "mcp_test_{}_{}",
        std::process::id(),
        bson::oid::ObjectId::new().to_hex()
    )
}

#[tokio::test]
async fn real_insert_find_aggregate_and_drop() {
    let Some(uri) = uri() else { return };
    let db = scratch();
    let server = crate::server().await;
    let client = crate::client_for(&server, &uri).await;
    let v = client
        .call_ok(
            "insert-many",
            json!({"database": db, "collection": "people", "documents": [
                {"name": "Ada", "age": 36}, {"name": "Bob", "age": 25}, {"name": "Cy", "age": 41}
            ]}),
        )
        .await;
    assert_eq!(v["insertedCount"], 3);
    let v = client
        .call_ok("find", json!({"database": db, "collection": "people", "filter": {"age": {"$gt": 30}}, "sort": {"age": 1}, "projection": {"_id": 0, "name": 1}}))
        .await;
    assert_eq!(v["documents"], json!([{"name": "Ada"}, {"name": "Cy"}]));
    let v = client
        .call_ok("aggregate", json!({"database": db, "collection": "people", "pipeline": [{"$group": {"_id": null, "total": {"$sum": "$age"}}}]}))
        .await;
    assert_eq!(v["documents"][0]["total"], 102);
    let v = client
        .call_ok(
            "count",
            json!({"database": db, "collection": "people", "query": {"age": {"$lt": 30}}}),
        )
        .await;
    assert_eq!(v["count"], 1);
    let v = client
        .call_ok("update-many", json!({"database": db, "collection": "people", "filter": {}, "update": {"$inc": {"age": 1}}}))
        .await;
    assert_eq!(v["modifiedCount"], 3);
    let v = client
        .call_ok(
            "create-index",
            json!({"database": db, "collection": "people", "keys": {"name": 1}}),
        )
        .await;
    assert_eq!(v["name"], "name_1");
    let v = client
        .call_ok(
            "collection-indexes",
            json!({"database": db, "collection": "people"}),
        )
        .await;
    assert_eq!(v["indexes"].as_array().unwrap().len(), 2);
    let v = client
        .call_ok(
            "collection-schema",
            json!({"database": db, "collection": "people"}),
        )
        .await;
    assert_eq!(v["sampled"], 3);
    let v = client
        .call_ok("list-collections", json!({"database": db}))
        .await;
    assert_eq!(v["collections"][0]["name"], "people");
    client
        .call_ok(
            "rename-collection",
            json!({"database": db, "collection": "people", "newName": "folk"}),
        )
        .await;
    let v = client
        .call_ok(
            "delete-many",
            json!({"database": db, "collection": "folk", "filter": {"name": "Bob"}}),
        )
        .await;
    assert_eq!(v["deletedCount"], 1);
    client.call_ok("db-stats", json!({"database": db})).await;
    client.call_ok("explain", json!({"database": db, "collection": "folk", "method": [{"name": "find", "arguments": {"filter": {"name": "Ada"}}}]})).await;
    client
        .call_ok(
            "drop-collection",
            json!({"database": db, "collection": "folk"}),
        )
        .await;
    let v = client
        .call_ok("drop-database", json!({"database": db}))
        .await;
    assert_eq!(v["dropped"], db);
}

#[tokio::test]
async fn real_server_error_and_read_only_aggregate() {
    let Some(uri) = uri() else { return };
    let db = scratch();
    let server = crate::server().await;
    let client = crate::client_for(&server, &uri).await;
    let err = client
        .call_err(
            "aggregate",
            json!({"database": db, "collection": "c", "pipeline": [{"$nope": 1}]}),
        )
        .await;
    assert!(err.contains("MongoDB error"), "{err}");
    let ro = mcp_testkit::TestServer::start(
        &mongodb_mcp_server::SPEC,
        mcp_shared::Settings {
            read_only: true,
            ..crate::settings()
        },
    )
    .await;
    let roc = crate::client_for(&ro, &uri).await;
    let err = roc
        .call_err(
            "aggregate",
            json!({"database": db, "collection": "c", "pipeline": [{"$out": "x"}]}),
        )
        .await;
    assert!(err.contains("read-only mode"), "{err}");
    client
        .call_ok("drop-database", json!({"database": db}))
        .await;
}
