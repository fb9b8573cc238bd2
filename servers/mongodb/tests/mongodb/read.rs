//! The read tools (find, aggregate, count, explain): the exact command document each sends,
//! the reply shaped as the server's, and their failure paths.

use bson::{doc, oid::ObjectId};
use serde_json::json;

use crate::wire::{Fake, cursor_reply, error_reply};
use crate::{call_err, call_ok};

#[tokio::test]
async fn find_sends_filter_projection_sort_and_limit() {
    let fake = Fake::start().await;
    let id = ObjectId::parse_str("65a1b2c3d4e5f60718293a4b").unwrap();
    fake.expect(
        doc! {
            "find": "users",
            "filter": { "age": { "$gte": 30 }, "_id": id },
            "projection": { "name": 1 },
            "sort": { "name": -1 },
            "limit": 5i64,
            "singleBatch": true,
            "$db": "app",
        },
        cursor_reply(
            "app.users",
            vec![doc! { "_id": id, "name": "Ada", "joined": bson::DateTime::from_millis(0) }],
        ),
    );
    let v = call_ok(
        &fake,
        "find",
        json!({
            "database": "app", "collection": "users",
            "filter": {"age": {"$gte": 30}, "_id": {"$oid": "65a1b2c3d4e5f60718293a4b"}},
            "projection": {"name": 1}, "sort": {"name": -1}, "limit": 5
        }),
    )
    .await;
    assert_eq!(
        v,
        json!({"count": 1, "documents": [
            {"_id": {"$oid": "65a1b2c3d4e5f60718293a4b"}, "name": "Ada", "joined": {"$date": "1970-01-01T00:00:00Z"}}
        ]})
    );
}

#[tokio::test]
async fn find_defaults_to_ten_and_caps_the_limit() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "find": "c", "limit": 10i64, "singleBatch": true, "$db": "d" },
        cursor_reply("d.c", vec![]),
    )
    .expect(
        doc! { "find": "c", "limit": 100i64, "singleBatch": true, "$db": "d" },
        cursor_reply("d.c", vec![doc! {"_id": 1}]),
    );
    let server = crate::server().await;
    let client = crate::client_for(&server, &fake.uri()).await;
    let v = client
        .call_ok("find", json!({"database": "d", "collection": "c"}))
        .await;
    assert_eq!(v, json!({"count": 0, "documents": []}));
    let v = client
        .call_ok(
            "find",
            json!({"database": "d", "collection": "c", "limit": 5000}),
        )
        .await;
    assert_eq!(v["count"], 1);
    assert!(
        v["note"].as_str().unwrap().contains("maximum of 100"),
        "{v}"
    );
    fake.assert_done();
}

#[tokio::test]
async fn find_server_error_is_a_clear_tool_error() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "find": "c", "filter": {"$bad": 1}, "limit": 10i64, "singleBatch": true, "$db": "d" },
        error_reply(2, "BadValue", "unknown top level operator: $bad"),
    );
    let err = call_err(
        &fake,
        "find",
        json!({"database": "d", "collection": "c", "filter": {"$bad": 1}}),
    )
    .await;
    assert!(
        err.contains("MongoDB error 2 (BadValue): unknown top level operator: $bad"),
        "{err}"
    );
    fake.assert_done();
    let err = call_err(
        &fake,
        "find",
        json!({"database": "d", "collection": "c", "limit": 0}),
    )
    .await;
    assert!(err.contains("`limit` must be at least 1"), "{err}");
    let err = call_err(&fake, "find", json!({"database": "d"})).await;
    assert!(err.contains("collection"), "{err}");
}

#[tokio::test]
async fn aggregate_sends_the_pipeline_with_a_bounded_batch() {
    let fake = Fake::start().await;
    fake.expect(
        doc! {
            "aggregate": "orders",
            "pipeline": [{ "$match": {"status": "A"} }, { "$group": {"_id": "$cust", "total": {"$sum": "$amount"}} }],
            "cursor": { "batchSize": 100i64 },
            "$db": "shop",
        },
        cursor_reply("shop.orders", vec![doc! {"_id": "c1", "total": 42.5}]),
    );
    let v = call_ok(
        &fake,
        "aggregate",
        json!({"database": "shop", "collection": "orders", "pipeline": [
            {"$match": {"status": "A"}}, {"$group": {"_id": "$cust", "total": {"$sum": "$amount"}}}
        ]}),
    )
    .await;
    assert_eq!(
        v,
        json!({"count": 1, "documents": [{"_id": "c1", "total": 42.5}]})
    );
}

#[tokio::test]
async fn aggregate_with_more_results_kills_the_cursor_and_says_so() {
    let fake = Fake::start().await;
    let batch: Vec<bson::Document> = (0..100).map(|i| doc! {"i": i}).collect();
    fake.expect(
        doc! { "aggregate": "c", "pipeline": [], "cursor": { "batchSize": 100i64 }, "$db": "d" },
        doc! { "cursor": { "firstBatch": batch, "id": 77i64, "ns": "d.c" }, "ok": 1.0 },
    )
    .expect(
        doc! { "killCursors": "c", "cursors": [77i64], "$db": "d" },
        doc! { "cursorsKilled": [77i64], "cursorsNotFound": [], "cursorsAlive": [], "cursorsUnknown": [], "ok": 1.0 },
    );
    let v = call_ok(
        &fake,
        "aggregate",
        json!({"database": "d", "collection": "c", "pipeline": []}),
    )
    .await;
    assert_eq!(v["count"], 100);
    assert!(v["note"].as_str().unwrap().contains("first 100"), "{v}");
}

#[tokio::test]
async fn aggregate_error_reply_is_a_tool_error() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "aggregate": "c", "pipeline": [{"$nope": 1}], "cursor": { "batchSize": 100i64 }, "$db": "d" },
        error_reply(40324, "Location40324", "Unrecognized pipeline stage name: '$nope'"),
    );
    let err = call_err(
        &fake,
        "aggregate",
        json!({"database": "d", "collection": "c", "pipeline": [{"$nope": 1}]}),
    )
    .await;
    assert!(err.contains("Unrecognized pipeline stage name"), "{err}");
    fake.assert_done();
}

#[tokio::test]
async fn count_sends_the_query() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "count": "users", "query": {"active": true}, "$db": "app" },
        doc! { "n": 7, "ok": 1.0 },
    );
    let v = call_ok(
        &fake,
        "count",
        json!({"database": "app", "collection": "users", "query": {"active": true}}),
    )
    .await;
    assert_eq!(v, json!({"count": 7}));
}

#[tokio::test]
async fn count_error_reply_is_a_tool_error() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "count": "users", "$db": "app" },
        error_reply(
            13,
            "Unauthorized",
            "not authorized on app to execute command",
        ),
    );
    let err = call_err(
        &fake,
        "count",
        json!({"database": "app", "collection": "users"}),
    )
    .await;
    assert!(
        err.contains("Unauthorized") && err.contains("lacks the privilege"),
        "{err}"
    );
}

#[tokio::test]
async fn explain_wraps_the_command_with_query_planner_verbosity() {
    let fake = Fake::start().await;
    fake.expect(
        doc! {
            "explain": { "find": "users", "filter": {"age": 3}, "limit": 2i64 },
            "verbosity": "queryPlanner",
            "$db": "app",
        },
        doc! {
            "explainVersion": "1",
            "queryPlanner": { "namespace": "app.users", "winningPlan": { "stage": "COLLSCAN" }, "rejectedPlans": [] },
            "command": { "find": "users" },
            "serverInfo": { "host": "h" },
            "ok": 1.0,
        },
    );
    let v = call_ok(
        &fake,
        "explain",
        json!({"database": "app", "collection": "users", "method": [{"name": "find", "arguments": {"filter": {"age": 3}, "limit": 2}}]}),
    )
    .await;
    assert_eq!(
        v,
        json!({"explainVersion": "1", "queryPlanner": {"namespace": "app.users", "winningPlan": {"stage": "COLLSCAN"}, "rejectedPlans": []}})
    );
}

#[tokio::test]
async fn explain_of_aggregate_and_count_and_bad_methods() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "explain": { "aggregate": "c", "pipeline": [{"$match": {}}], "cursor": {} }, "verbosity": "queryPlanner", "$db": "d" },
        doc! { "stages": [], "ok": 1.0 },
    )
    .expect(
        doc! { "explain": { "count": "c", "query": {"x": 1} }, "verbosity": "queryPlanner", "$db": "d" },
        doc! { "queryPlanner": { "winningPlan": { "stage": "COUNT" } }, "ok": 1.0 },
    );
    let server = crate::server().await;
    let client = crate::client_for(&server, &fake.uri()).await;
    let v = client
        .call_ok("explain", json!({"database": "d", "collection": "c", "method": [{"name": "aggregate", "arguments": {"pipeline": [{"$match": {}}]}}]}))
        .await;
    assert_eq!(v, json!({"stages": []}));
    let v = client
        .call_ok("explain", json!({"database": "d", "collection": "c", "method": [{"name": "count", "arguments": {"query": {"x": 1}}}]}))
        .await;
    assert_eq!(v["queryPlanner"]["winningPlan"]["stage"], "COUNT");
    fake.assert_done();
    let err = client
        .call_err(
            "explain",
            json!({"database": "d", "collection": "c", "method": [{"name": "remove"}]}),
        )
        .await;
    assert!(err.contains("find, aggregate or count"), "{err}");
    let err = client
        .call_err(
            "explain",
            json!({"database": "d", "collection": "c", "method": []}),
        )
        .await;
    assert!(err.contains("exactly one entry"), "{err}");
}
