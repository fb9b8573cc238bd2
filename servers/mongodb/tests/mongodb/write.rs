//! The write tools (insert, update, delete, indexes, create, rename, drop): the exact command
//! document each sends, the reply shaped as the server's, and their failure paths.

use bson::{doc, oid::ObjectId};
use serde_json::json;

use crate::wire::{Fake, error_reply};
use crate::{call_err, call_ok};

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
