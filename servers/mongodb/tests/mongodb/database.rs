//! Each database tool: the exact command document it sends, the reply shaped as the server's,
//! and its failure paths.

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

#[tokio::test]
async fn insert_many_generates_missing_ids_and_returns_them() {
    let fake = Fake::start().await;
    fake.expect(
        doc! {
            "insert": "users",
            "documents": [ { "_id": 1, "name": "Ada" }, { "_id": "<objectId>", "name": "Bob" } ],
            "$db": "app",
        },
        doc! { "n": 2, "ok": 1.0 },
    );
    let v = call_ok(
        &fake,
        "insert-many",
        json!({"database": "app", "collection": "users", "documents": [{"_id": 1, "name": "Ada"}, {"name": "Bob"}]}),
    )
    .await;
    assert_eq!(v["insertedCount"], 2);
    assert_eq!(v["insertedIds"][0], 1);
    let sent = &fake.seen()[0].1;
    let docs = sent.get_array("documents").unwrap();
    let generated = docs[1].as_document().unwrap().get_object_id("_id").unwrap();
    assert_eq!(v["insertedIds"][1], json!({"$oid": generated.to_hex()}));
}

#[tokio::test]
async fn insert_many_write_errors_are_reported() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "insert": "users", "documents": [ { "_id": 1 } ], "$db": "app" },
        doc! { "n": 0, "writeErrors": [ { "index": 0, "code": 11000, "errmsg": "E11000 duplicate key error collection: app.users index: _id_ dup key: { _id: 1 }" } ], "ok": 1.0 },
    );
    let err = call_err(
        &fake,
        "insert-many",
        json!({"database": "app", "collection": "users", "documents": [{"_id": 1}]}),
    )
    .await;
    assert!(
        err.contains("applied 0 write(s)") && err.contains("E11000"),
        "{err}"
    );
    fake.assert_done();
    let err = call_err(
        &fake,
        "insert-many",
        json!({"database": "app", "collection": "users", "documents": []}),
    )
    .await;
    assert!(err.contains("at least one document"), "{err}");
}

#[tokio::test]
async fn update_many_sends_one_multi_statement() {
    let fake = Fake::start().await;
    fake.expect(
        doc! {
            "update": "users",
            "updates": [ { "q": {"active": false}, "u": {"$set": {"archived": true}}, "multi": true, "upsert": true } ],
            "$db": "app",
        },
        doc! { "n": 3, "nModified": 2, "ok": 1.0 },
    );
    let v = call_ok(
        &fake,
        "update-many",
        json!({"database": "app", "collection": "users", "filter": {"active": false}, "update": {"$set": {"archived": true}}, "upsert": true}),
    )
    .await;
    assert_eq!(v, json!({"matchedCount": 3, "modifiedCount": 2}));
}

#[tokio::test]
async fn update_many_reports_an_upsert_and_refuses_replacements() {
    let fake = Fake::start().await;
    let id = ObjectId::new();
    fake.expect(
        doc! { "update": "c", "updates": [ { "q": {}, "u": {"$inc": {"n": 1}}, "multi": true } ], "$db": "d" },
        doc! { "n": 1, "nModified": 0, "upserted": [ { "index": 0, "_id": id } ], "ok": 1.0 },
    );
    let v = call_ok(
        &fake,
        "update-many",
        json!({"database": "d", "collection": "c", "update": {"$inc": {"n": 1}}}),
    )
    .await;
    assert_eq!(
        v,
        json!({"matchedCount": 0, "modifiedCount": 0, "upsertedId": {"$oid": id.to_hex()}})
    );
    let err = call_err(
        &fake,
        "update-many",
        json!({"database": "d", "collection": "c", "update": {"n": 1}}),
    )
    .await;
    assert!(err.contains("update operators"), "{err}");
}

#[tokio::test]
async fn delete_many_sends_limit_zero_and_needs_a_filter() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "delete": "logs", "deletes": [ { "q": {"level": "debug"}, "limit": 0 } ], "$db": "app" },
        doc! { "n": 12, "ok": 1.0 },
    );
    let v = call_ok(
        &fake,
        "delete-many",
        json!({"database": "app", "collection": "logs", "filter": {"level": "debug"}}),
    )
    .await;
    assert_eq!(v, json!({"deletedCount": 12}));
    let err = call_err(
        &fake,
        "delete-many",
        json!({"database": "app", "collection": "logs"}),
    )
    .await;
    assert!(err.contains("pass {} explicitly"), "{err}");
}

#[tokio::test]
async fn create_index_names_it_like_the_drivers() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "createIndexes": "users", "indexes": [ { "key": {"email": 1, "age": -1}, "name": "email_1_age_-1" } ], "$db": "app" },
        doc! { "createdCollectionAutomatically": false, "numIndexesBefore": 1, "numIndexesAfter": 2, "ok": 1.0 },
    )
    .expect(
        doc! { "createIndexes": "users", "indexes": [ { "key": {"title": "text"}, "name": "t" } ], "$db": "app" },
        error_reply(85, "IndexOptionsConflict", "An equivalent index already exists with a different name"),
    );
    let server = crate::server().await;
    let client = crate::client_for(&server, &fake.uri()).await;
    let v = client
        .call_ok(
            "create-index",
            json!({"database": "app", "collection": "users", "keys": {"email": 1, "age": -1}}),
        )
        .await;
    assert_eq!(v, json!({"name": "email_1_age_-1", "created": true}));
    let err = client
        .call_err("create-index", json!({"database": "app", "collection": "users", "keys": {"title": "text"}, "name": "t"}))
        .await;
    assert!(err.contains("IndexOptionsConflict"), "{err}");
    fake.assert_done();
}

#[tokio::test]
async fn create_collection_and_its_error() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "create": "events", "$db": "app" },
        doc! { "ok": 1.0 },
    )
    .expect(
        doc! { "create": "events", "$db": "app" },
        error_reply(
            48,
            "NamespaceExists",
            "Collection app.events already exists.",
        ),
    );
    let server = crate::server().await;
    let client = crate::client_for(&server, &fake.uri()).await;
    let args = json!({"database": "app", "collection": "events"});
    assert_eq!(
        client.call_ok("create-collection", args.clone()).await,
        json!({"created": "app.events"})
    );
    let err = client.call_err("create-collection", args).await;
    assert!(
        err.contains("NamespaceExists") && err.contains("exists already"),
        "{err}"
    );
    fake.assert_done();
}

#[tokio::test]
async fn rename_collection_runs_on_admin() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "renameCollection": "app.old", "to": "app.new", "dropTarget": true, "$db": "admin" },
        doc! { "ok": 1.0 },
    )
    .expect(
        doc! { "renameCollection": "app.old", "to": "app.new", "dropTarget": false, "$db": "admin" },
        error_reply(26, "NamespaceNotFound", "Source collection app.old does not exist"),
    );
    let server = crate::server().await;
    let client = crate::client_for(&server, &fake.uri()).await;
    let v = client
        .call_ok(
            "rename-collection",
            json!({"database": "app", "collection": "old", "newName": "new", "dropTarget": true}),
        )
        .await;
    assert_eq!(v, json!({"renamed": "app.old", "to": "app.new"}));
    let err = client
        .call_err(
            "rename-collection",
            json!({"database": "app", "collection": "old", "newName": "new"}),
        )
        .await;
    assert!(
        err.contains("NamespaceNotFound") && err.contains("list-collections"),
        "{err}"
    );
    fake.assert_done();
}

#[tokio::test]
async fn drop_collection_and_database() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "drop": "tmp", "$db": "app" },
        doc! { "nIndexesWas": 1, "ns": "app.tmp", "ok": 1.0 },
    )
    .expect(
        doc! { "dropDatabase": 1, "$db": "scratch" },
        doc! { "ok": 1.0 },
    )
    .expect(
        doc! { "drop": "tmp", "$db": "app" },
        error_reply(
            13,
            "Unauthorized",
            "not authorized on app to execute command { drop: \"tmp\" }",
        ),
    );
    let server = crate::server().await;
    let client = crate::client_for(&server, &fake.uri()).await;
    let v = client
        .call_ok(
            "drop-collection",
            json!({"database": "app", "collection": "tmp"}),
        )
        .await;
    assert_eq!(v, json!({"dropped": "app.tmp"}));
    let v = client
        .call_ok("drop-database", json!({"database": "scratch"}))
        .await;
    assert_eq!(v, json!({"dropped": "scratch"}));
    let err = client
        .call_err(
            "drop-collection",
            json!({"database": "app", "collection": "tmp"}),
        )
        .await;
    assert!(err.contains("Unauthorized"), "{err}");
    let err = client
        .call_err("drop-database", json!({"database": ""}))
        .await;
    assert!(err.contains("must not be empty"), "{err}");
    fake.assert_done();
}

#[tokio::test]
async fn list_databases_on_admin() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "listDatabases": 1, "$db": "admin" },
        doc! {
            "databases": [ { "name": "admin", "sizeOnDisk": 40960i64, "empty": false }, { "name": "app", "sizeOnDisk": 73728i64, "empty": false } ],
            "totalSize": 114688i64, "totalSizeMb": 0i64, "ok": 1.0,
        },
    );
    let v = call_ok(&fake, "list-databases", json!({})).await;
    assert_eq!(
        v,
        json!({"databases": [{"name": "admin", "sizeOnDisk": 40960, "empty": false}, {"name": "app", "sizeOnDisk": 73728, "empty": false}], "totalSize": 114688})
    );
}

#[tokio::test]
async fn list_databases_unauthorized() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "listDatabases": 1, "$db": "admin" },
        error_reply(
            13,
            "Unauthorized",
            "not authorized on admin to execute command { listDatabases: 1 }",
        ),
    );
    let err = call_err(&fake, "list-databases", json!({})).await;
    assert!(err.contains("MongoDB error 13 (Unauthorized)"), "{err}");
}

#[tokio::test]
async fn list_collections_reads_every_batch() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "listCollections": 1, "nameOnly": true, "authorizedCollections": true, "$db": "app" },
        doc! { "cursor": { "firstBatch": [ { "name": "users", "type": "collection" } ], "id": 9i64, "ns": "app.$cmd.listCollections" }, "ok": 1.0 },
    )
    .expect(
        doc! { "getMore": 9i64, "collection": "$cmd.listCollections", "$db": "app" },
        doc! { "cursor": { "nextBatch": [ { "name": "recent", "type": "view" } ], "id": 0i64, "ns": "app.$cmd.listCollections" }, "ok": 1.0 },
    );
    let v = call_ok(&fake, "list-collections", json!({"database": "app"})).await;
    assert_eq!(
        v,
        json!({"collections": [{"name": "users", "type": "collection"}, {"name": "recent", "type": "view"}]})
    );
}

#[tokio::test]
async fn list_collections_error() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "listCollections": 1, "nameOnly": true, "authorizedCollections": true, "$db": "app" },
        error_reply(13, "Unauthorized", "not authorized"),
    );
    let err = call_err(&fake, "list-collections", json!({"database": "app"})).await;
    assert!(err.contains("Unauthorized"), "{err}");
}

#[tokio::test]
async fn collection_indexes_lists_keys() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "listIndexes": "users", "$db": "app" },
        cursor_reply(
            "app.users",
            vec![
                doc! { "v": 2, "key": { "_id": 1 }, "name": "_id_" },
                doc! { "v": 2, "key": { "email": 1 }, "name": "email_1", "unique": true },
            ],
        ),
    );
    let v = call_ok(
        &fake,
        "collection-indexes",
        json!({"database": "app", "collection": "users"}),
    )
    .await;
    assert_eq!(
        v,
        json!({"indexes": [{"key": {"_id": 1}, "name": "_id_"}, {"key": {"email": 1}, "name": "email_1", "unique": true}]})
    );
}

#[tokio::test]
async fn collection_indexes_of_a_missing_collection() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "listIndexes": "nope", "$db": "app" },
        error_reply(26, "NamespaceNotFound", "ns does not exist: app.nope"),
    );
    let err = call_err(
        &fake,
        "collection-indexes",
        json!({"database": "app", "collection": "nope"}),
    )
    .await;
    assert!(
        err.contains("NamespaceNotFound") && err.contains("does not exist"),
        "{err}"
    );
}

#[tokio::test]
async fn collection_schema_samples_and_summarises_fields() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "aggregate": "users", "pipeline": [ { "$sample": { "size": 100 } } ], "cursor": {}, "$db": "app" },
        cursor_reply("app.users", vec![
            doc! { "_id": ObjectId::new(), "name": "Ada", "tags": [ { "k": "a" } ], "address": { "city": "X" } },
            doc! { "_id": ObjectId::new(), "name": 7 },
        ]),
    );
    let v = call_ok(
        &fake,
        "collection-schema",
        json!({"database": "app", "collection": "users"}),
    )
    .await;
    assert_eq!(v["sampled"], 2);
    assert_eq!(
        v["fields"]["_id"],
        json!({"types": ["objectId"], "presence": 1.0})
    );
    assert_eq!(
        v["fields"]["name"],
        json!({"types": ["int", "string"], "presence": 1.0})
    );
    assert_eq!(
        v["fields"]["address.city"],
        json!({"types": ["string"], "presence": 0.5})
    );
    assert_eq!(
        v["fields"]["tags[].k"],
        json!({"types": ["string"], "presence": 0.5})
    );
}

#[tokio::test]
async fn collection_schema_error() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "aggregate": "users", "pipeline": [ { "$sample": { "size": 100 } } ], "cursor": {}, "$db": "app" },
        error_reply(13, "Unauthorized", "not authorized"),
    );
    let err = call_err(
        &fake,
        "collection-schema",
        json!({"database": "app", "collection": "users"}),
    )
    .await;
    assert!(err.contains("Unauthorized"), "{err}");
}

#[tokio::test]
async fn collection_storage_size_adds_up_shards() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "aggregate": "users", "pipeline": [ { "$collStats": { "storageStats": {} } } ], "cursor": {}, "$db": "app" },
        cursor_reply("app.users", vec![
            doc! { "ns": "app.users", "shard": "s0", "storageStats": { "size": 100, "count": 2, "storageSize": 4096, "totalIndexSize": 4096 } },
            doc! { "ns": "app.users", "shard": "s1", "storageStats": { "size": 50i64, "count": 1, "storageSize": 4096, "totalIndexSize": 8192 } },
        ]),
    );
    let v = call_ok(
        &fake,
        "collection-storage-size",
        json!({"database": "app", "collection": "users"}),
    )
    .await;
    assert_eq!(
        v,
        json!({"size": 150, "storageSize": 8192, "totalIndexSize": 12288, "count": 3})
    );
}

#[tokio::test]
async fn collection_storage_size_error() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "aggregate": "nope", "pipeline": [ { "$collStats": { "storageStats": {} } } ], "cursor": {}, "$db": "app" },
        error_reply(26, "NamespaceNotFound", "Unable to retrieve storageStats in $collStats stage :: caused by :: Collection [app.nope] not found."),
    );
    let err = call_err(
        &fake,
        "collection-storage-size",
        json!({"database": "app", "collection": "nope"}),
    )
    .await;
    assert!(err.contains("not found"), "{err}");
}

#[tokio::test]
async fn db_stats_with_scale_one() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "dbStats": 1, "scale": 1, "$db": "app" },
        doc! { "db": "app", "collections": 2i64, "views": 0i64, "objects": 5i64, "avgObjSize": 40.2, "dataSize": 201.0, "storageSize": 8192.0, "indexes": 2i64, "indexSize": 8192.0, "totalSize": 16384.0, "scaleFactor": 1i64, "fsUsedSize": 1.0, "fsTotalSize": 2.0, "ok": 1.0 },
    );
    let v = call_ok(&fake, "db-stats", json!({"database": "app"})).await;
    assert_eq!(v["db"], "app");
    assert_eq!(v["objects"], 5);
    assert_eq!(v["storageSize"], 8192.0);
    assert!(v.get("ok").is_none());
}

#[tokio::test]
async fn db_stats_error() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "dbStats": 1, "scale": 1, "$db": "app" },
        error_reply(13, "Unauthorized", "not authorized"),
    );
    let err = call_err(&fake, "db-stats", json!({"database": "app"})).await;
    assert!(err.contains("Unauthorized"), "{err}");
}

#[tokio::test]
async fn mongodb_logs_returns_the_last_entries() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "getLog": "startupWarnings", "$db": "admin" },
        doc! {
            "totalLinesWritten": 3,
            "log": [
                r#"{"t":{"$date":"2026-01-01T00:00:00.000+00:00"},"s":"I","c":"CONTROL","id":1,"msg":"one"}"#,
                r#"{"t":{"$date":"2026-01-01T00:00:01.000+00:00"},"s":"W","c":"CONTROL","id":2,"msg":"two"}"#,
                "not json",
            ],
            "ok": 1.0,
        },
    );
    let v = call_ok(
        &fake,
        "mongodb-logs",
        json!({"type": "startupWarnings", "limit": 2}),
    )
    .await;
    assert_eq!(v["totalLinesWritten"], 3);
    assert_eq!(v["entries"].as_array().unwrap().len(), 2);
    assert_eq!(v["entries"][0]["msg"], "two");
    assert_eq!(v["entries"][1], "not json");
}

#[tokio::test]
async fn mongodb_logs_errors() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "getLog": "global", "$db": "admin" },
        error_reply(13, "Unauthorized", "not authorized on admin"),
    );
    let err = call_err(&fake, "mongodb-logs", json!({})).await;
    assert!(err.contains("Unauthorized"), "{err}");
    let err = call_err(&fake, "mongodb-logs", json!({"type": "audit"})).await;
    assert!(err.contains("startupWarnings"), "{err}");
}

#[tokio::test]
async fn connect_checks_the_given_connection_string() {
    let other = Fake::start().await;
    other.expect(
        doc! { "buildInfo": 1, "$db": "admin" },
        doc! { "version": "7.0.14", "ok": 1.0 },
    );
    let mine = Fake::start().await;
    mine.expect(
        doc! { "buildInfo": 1, "$db": "admin" },
        doc! { "version": "8.0.1", "ok": 1.0 },
    );
    let server = crate::server().await;
    let client = crate::client_for(&server, &mine.uri()).await;
    let v = client
        .call_ok("connect", json!({"connectionString": other.uri()}))
        .await;
    assert_eq!(v["connected"], true);
    assert_eq!(v["version"], "7.0.14");
    assert!(v["note"].as_str().unwrap().contains("connection_string"));
    let v = client.call_ok("switch-connection", json!({})).await;
    assert_eq!(v, json!({"connected": true, "version": "8.0.1"}));
    other.assert_done();
    mine.assert_done();
    let err = client
        .call_err("connect", json!({"connectionString": "postgres://x"}))
        .await;
    assert!(err.contains("connection string was refused"), "{err}");
}

#[tokio::test]
async fn switch_connection_to_an_unreachable_server_keeps_the_password() {
    let nobody = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = nobody.local_addr().unwrap().to_string();
    drop(nobody);
    let fake = Fake::start().await;
    let server = crate::server().await;
    let client = crate::client_for(&server, &fake.uri()).await;
    let started = std::time::Instant::now();
    let err = client
        .call_err(
            "switch-connection",
            json!({"connectionString": format!("mongodb://ada:pw-s3cret-77@{address}/?directConnection=true")}),
        )
        .await;
    assert!(
        err.contains("Cannot reach a MongoDB server") && err.contains(&address),
        "{err}"
    );
    assert!(!err.contains("pw-s3cret-77"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(15));
}
