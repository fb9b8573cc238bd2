//! The metadata tools (databases, collections, indexes, schema, sizes, stats, logs): the exact
//! command document each sends, the reply shaped as the server's, and their failure paths.

use bson::{doc, oid::ObjectId};
use serde_json::json;

use crate::wire::{Fake, cursor_reply, error_reply};
use crate::{call_err, call_ok};

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
