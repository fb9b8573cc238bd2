//! Writes: documents, collections, indexes, databases.

use bson::{Bson, Document, doc, oid::ObjectId};
use mcp_shared::{Ctx, Effect, ErrorKind, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::db;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "insert-many",
            "Insert documents",
            Effect::Write,
            insert_many,
        )
        .toolset("database"),
        tool(
            "update-many",
            "Update documents",
            Effect::Write,
            update_many,
        )
        .toolset("database"),
        tool(
            "delete-many",
            "Delete documents",
            Effect::Destructive,
            delete_many,
        )
        .toolset("database"),
        tool(
            "create-index",
            "Create an index",
            Effect::IdempotentWrite,
            create_index,
        )
        .toolset("database"),
        tool(
            "create-collection",
            "Create a collection",
            Effect::IdempotentWrite,
            create_collection,
        )
        .toolset("database"),
        tool(
            "rename-collection",
            "Rename a collection",
            Effect::Write,
            rename_collection,
        )
        .toolset("database"),
        tool(
            "drop-collection",
            "Drop a collection",
            Effect::Destructive,
            drop_collection,
        )
        .toolset("database"),
        tool(
            "drop-database",
            "Drop a database",
            Effect::Destructive,
            drop_database,
        )
        .toolset("database"),
    ]
}

/// The write errors of a write command's reply (`writeErrors`, `writeConcernError`).
fn write_errors(reply: &Document) -> Result<(), ToolError> {
    let mut said = Vec::new();
    if let Ok(errs) = reply.get_array("writeErrors") {
        for e in errs.iter().filter_map(Bson::as_document).take(5) {
            said.push(format!(
                "#{} code {}: {}",
                db::int(e, "index").unwrap_or(0),
                db::int(e, "code").unwrap_or(0),
                e.get_str("errmsg").unwrap_or("")
            ));
        }
    }
    if let Ok(wc) = reply.get_document("writeConcernError") {
        said.push(format!(
            "write concern: code {}: {}",
            db::int(wc, "code").unwrap_or(0),
            wc.get_str("errmsg").unwrap_or("")
        ));
    }
    if said.is_empty() {
        return Ok(());
    }
    Err(ToolError::new(
        ErrorKind::Upstream,
        format!(
            "MongoDB applied {} write(s) and refused: {}",
            db::int(reply, "n").unwrap_or(0),
            said.join("; ")
        ),
    ))
}

/// Insert documents into a collection (created if missing). Returns the inserted ids;
/// documents without `_id` get a new ObjectId.
#[derive(Deserialize, JsonSchema)]
pub struct InsertMany {
    database: String,
    collection: String,
    /// Documents as (Extended) JSON objects
    documents: Vec<Map<String, Value>>,
}

async fn insert_many(ctx: Ctx, a: InsertMany) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    if a.documents.is_empty() {
        return Err(ToolError::invalid_input(
            "`documents` must hold at least one document.",
        ));
    }
    let mut ids = Vec::with_capacity(a.documents.len());
    let mut docs = Vec::with_capacity(a.documents.len());
    for (i, d) in a.documents.iter().enumerate() {
        let mut d = db::document(d, &format!("documents[{i}]"))?;
        if !d.contains_key("_id") {
            // Insert `_id` first, as drivers do.
            let mut with_id = doc! { "_id": ObjectId::new() };
            for (k, v) in d {
                with_id.insert(k, v);
            }
            d = with_id;
        }
        ids.push(
            d.get("_id")
                .cloned()
                .unwrap_or(Bson::Null)
                .into_relaxed_extjson(),
        );
        docs.push(Bson::Document(d));
    }
    let reply = db::run(
        &ctx,
        &a.database,
        doc! { "insert": &a.collection, "documents": docs },
    )
    .await?;
    write_errors(&reply)?;
    Ok(json!({ "insertedCount": db::int(&reply, "n").unwrap_or(0), "insertedIds": ids }))
}

/// Update every document that matches a filter. Returns matched and modified counts.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateMany {
    database: String,
    collection: String,
    /// Which documents (all when absent)
    filter: Option<Map<String, Value>>,
    /// Update operators, e.g. {"$set": {"status": "done"}}
    update: Map<String, Value>,
    /// Insert a document when none matches
    upsert: Option<bool>,
}

async fn update_many(ctx: Ctx, a: UpdateMany) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    if a.update.is_empty() || !a.update.keys().all(|k| k.starts_with('$')) {
        return Err(ToolError::invalid_input(
            "`update` must hold update operators only, e.g. {\"$set\": {\"field\": 1}}; a replacement document cannot update many documents.",
        ));
    }
    let filter = match &a.filter {
        Some(f) => db::document(f, "filter")?,
        None => Document::new(),
    };
    let mut statement = doc! {
        "q": filter,
        "u": db::document(&a.update, "update")?,
        "multi": true,
    };
    if let Some(u) = a.upsert {
        statement.insert("upsert", u);
    }
    let reply = db::run(
        &ctx,
        &a.database,
        doc! { "update": &a.collection, "updates": [statement] },
    )
    .await?;
    write_errors(&reply)?;
    let mut out = json!({
        "matchedCount": db::int(&reply, "n").unwrap_or(0),
        "modifiedCount": db::int(&reply, "nModified").unwrap_or(0),
    });
    if let Some(up) = reply
        .get_array("upserted")
        .ok()
        .and_then(|u| u.first())
        .and_then(Bson::as_document)
    {
        // An upsert counts in `n`; it matched nothing.
        out["matchedCount"] = json!(0);
        out["upsertedId"] = up
            .get("_id")
            .cloned()
            .unwrap_or(Bson::Null)
            .into_relaxed_extjson();
    }
    Ok(out)
}

/// Delete every document that matches a filter. Returns the deleted count. Pass `{}` to
/// delete all documents.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteMany {
    database: String,
    collection: String,
    /// Which documents; required in effect: `{}` deletes all
    filter: Option<Map<String, Value>>,
}

async fn delete_many(ctx: Ctx, a: DeleteMany) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    let Some(filter) = &a.filter else {
        return Err(ToolError::invalid_input(
            "Give `filter`: the documents to delete. To delete every document, pass {} explicitly.",
        ));
    };
    let reply = db::run(
        &ctx,
        &a.database,
        doc! {
            "delete": &a.collection,
            "deletes": [{ "q": db::document(filter, "filter")?, "limit": 0 }],
        },
    )
    .await?;
    write_errors(&reply)?;
    Ok(json!({ "deletedCount": db::int(&reply, "n").unwrap_or(0) }))
}

/// Create an index on a collection. Returns its name and whether it was new.
#[derive(Deserialize, JsonSchema)]
pub struct CreateIndex {
    database: String,
    collection: String,
    /// Index keys, e.g. {"email": 1} or {"title": "text"}
    keys: Map<String, Value>,
    /// Index name (default: from the keys, e.g. `email_1`)
    name: Option<String>,
}

/// The name drivers give an index by default: `field_direction` joined by `_`.
fn default_index_name(keys: &Document) -> String {
    keys.iter()
        .map(|(k, v)| {
            let v = match v {
                Bson::String(s) => s.clone(),
                Bson::Int32(i) => i.to_string(),
                Bson::Int64(i) => i.to_string(),
                Bson::Double(d) if d.fract() == 0.0 => format!("{}", *d as i64),
                other => other.to_string(),
            };
            format!("{k}_{v}")
        })
        .collect::<Vec<_>>()
        .join("_")
}

async fn create_index(ctx: Ctx, a: CreateIndex) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    let keys = db::document(&a.keys, "keys")?;
    if keys.is_empty() {
        return Err(ToolError::invalid_input(
            "`keys` must name at least one field.",
        ));
    }
    let name = a.name.clone().unwrap_or_else(|| default_index_name(&keys));
    let reply = db::run(
        &ctx,
        &a.database,
        doc! {
            "createIndexes": &a.collection,
            "indexes": [{ "key": keys, "name": &name }],
        },
    )
    .await?;
    let before = db::int(&reply, "numIndexesBefore");
    let after = db::int(&reply, "numIndexesAfter");
    Ok(json!({ "name": name, "created": after > before }))
}

/// Create an empty collection.
#[derive(Deserialize, JsonSchema)]
pub struct CreateCollection {
    database: String,
    collection: String,
}

async fn create_collection(ctx: Ctx, a: CreateCollection) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    db::run(&ctx, &a.database, doc! { "create": &a.collection }).await?;
    Ok(json!({ "created": format!("{}.{}", a.database, a.collection) }))
}

/// Rename a collection within its database.
#[derive(Deserialize, JsonSchema)]
pub struct RenameCollection {
    database: String,
    collection: String,
    #[serde(rename = "newName")]
    new_name: String,
    /// Drop an existing collection named `newName` first
    #[serde(rename = "dropTarget")]
    #[schemars(extend("default" = false))]
    drop_target: Option<bool>,
}

async fn rename_collection(ctx: Ctx, a: RenameCollection) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    db::check_name(&a.new_name, "newName")?;
    let from = format!("{}.{}", a.database, a.collection);
    let to = format!("{}.{}", a.database, a.new_name);
    db::run(
        &ctx,
        "admin",
        doc! {
            "renameCollection": &from,
            "to": &to,
            "dropTarget": a.drop_target.unwrap_or(false),
        },
    )
    .await?;
    Ok(json!({ "renamed": from, "to": to }))
}

/// Drop a collection with its documents and indexes. Cannot be undone.
#[derive(Deserialize, JsonSchema)]
pub struct DropCollection {
    database: String,
    collection: String,
}

async fn drop_collection(ctx: Ctx, a: DropCollection) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    db::run(&ctx, &a.database, doc! { "drop": &a.collection }).await?;
    Ok(json!({ "dropped": format!("{}.{}", a.database, a.collection) }))
}

/// Drop a database with all its collections. Cannot be undone.
#[derive(Deserialize, JsonSchema)]
pub struct DropDatabase {
    database: String,
}

async fn drop_database(ctx: Ctx, a: DropDatabase) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::run(&ctx, &a.database, doc! { "dropDatabase": 1 }).await?;
    Ok(json!({ "dropped": a.database }))
}
