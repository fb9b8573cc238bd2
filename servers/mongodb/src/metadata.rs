//! What is there: databases, collections, indexes, schemas, sizes, statistics, logs.

use std::collections::BTreeMap;

use bson::{Bson, Document, doc};
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::db;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "list-databases",
            "List databases",
            Effect::Read,
            list_databases,
        )
        .toolset("database"),
        tool(
            "list-collections",
            "List collections",
            Effect::Read,
            list_collections,
        )
        .toolset("database"),
        tool(
            "collection-indexes",
            "List indexes",
            Effect::Read,
            collection_indexes,
        )
        .toolset("database"),
        tool(
            "collection-schema",
            "Infer a schema",
            Effect::Read,
            collection_schema,
        )
        .toolset("database"),
        tool(
            "collection-storage-size",
            "Collection storage size",
            Effect::Read,
            collection_storage_size,
        )
        .toolset("database"),
        tool("db-stats", "Database statistics", Effect::Read, db_stats).toolset("database"),
        tool("mongodb-logs", "Server log", Effect::Read, logs).toolset("database"),
    ]
}

/// List the databases of the deployment with their size on disk in bytes.
#[derive(Deserialize, JsonSchema)]
pub struct ListDatabases {}

async fn list_databases(ctx: Ctx, _a: ListDatabases) -> Result<Value, ToolError> {
    let reply = db::run(&ctx, "admin", doc! { "listDatabases": 1 }).await?;
    let dbs: Vec<Value> = reply
        .get_array("databases")
        .map(|a| {
            a.iter()
                .filter_map(Bson::as_document)
                .map(|d| {
                    json!({
                        "name": d.get_str("name").unwrap_or_default(),
                        "sizeOnDisk": db::int(d, "sizeOnDisk"),
                        "empty": d.get_bool("empty").ok(),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({ "databases": dbs, "totalSize": db::int(&reply, "totalSize") }))
}

/// List the collections and views of a database.
#[derive(Deserialize, JsonSchema)]
pub struct ListCollections {
    database: String,
}

async fn list_collections(ctx: Ctx, a: ListCollections) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    let reply = db::run(
        &ctx,
        &a.database,
        doc! { "listCollections": 1, "nameOnly": true, "authorizedCollections": true },
    )
    .await?;
    let (docs, more) = db::drain(&ctx, &a.database, "$cmd.listCollections", reply, 1000).await?;
    let collections: Vec<Value> = docs
        .iter()
        .map(|d| {
            json!({
                "name": d.get_str("name").unwrap_or_default(),
                "type": d.get_str("type").unwrap_or("collection"),
            })
        })
        .collect();
    let mut out = json!({ "collections": collections });
    if more {
        out["note"] = json!("Only the first 1000 collections are listed.");
    }
    Ok(out)
}

/// List the indexes of a collection: name, keys and options.
#[derive(Deserialize, JsonSchema)]
pub struct CollectionIndexes {
    database: String,
    collection: String,
}

async fn collection_indexes(ctx: Ctx, a: CollectionIndexes) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    let reply = db::run(&ctx, &a.database, doc! { "listIndexes": &a.collection }).await?;
    let (docs, _) = db::drain(&ctx, &a.database, &a.collection, reply, 1000).await?;
    let indexes: Vec<Value> = docs
        .into_iter()
        .map(|mut d| {
            d.remove("v");
            db::to_json(d)
        })
        .collect();
    Ok(json!({ "indexes": indexes }))
}

/// Documents sampled to infer a collection's schema.
const SAMPLE: i32 = 100;

/// Infer a collection's schema from a random sample of 100 documents: each field path with
/// its BSON types and the share of documents that have it.
#[derive(Deserialize, JsonSchema)]
pub struct CollectionSchema {
    database: String,
    collection: String,
}

fn type_name(b: &Bson) -> &'static str {
    match b {
        Bson::Double(_) => "double",
        Bson::String(_) => "string",
        Bson::Array(_) => "array",
        Bson::Document(_) => "object",
        Bson::Boolean(_) => "bool",
        Bson::Null => "null",
        Bson::RegularExpression(_) => "regex",
        Bson::JavaScriptCode(_) | Bson::JavaScriptCodeWithScope(_) => "javascript",
        Bson::Int32(_) => "int",
        Bson::Int64(_) => "long",
        Bson::Timestamp(_) => "timestamp",
        Bson::Binary(_) => "binData",
        Bson::ObjectId(_) => "objectId",
        Bson::DateTime(_) => "date",
        Bson::Decimal128(_) => "decimal",
        Bson::Symbol(_) => "symbol",
        Bson::Undefined => "undefined",
        Bson::MaxKey => "maxKey",
        Bson::MinKey => "minKey",
        Bson::DbPointer(_) => "dbPointer",
    }
}

/// Field path -> (type -> documents with that type there), documents that have the path.
type Fields = BTreeMap<String, (BTreeMap<&'static str, u32>, u32)>;

fn walk(prefix: &str, d: &Document, fields: &mut Fields, depth: usize) {
    for (k, v) in d {
        let path = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        let entry = fields.entry(path.clone()).or_default();
        *entry.0.entry(type_name(v)).or_default() += 1;
        entry.1 += 1;
        if depth < 4 {
            match v {
                Bson::Document(sub) => walk(&path, sub, fields, depth + 1),
                Bson::Array(items) => {
                    if let Some(Bson::Document(first)) = items.first() {
                        walk(&format!("{path}[]"), first, fields, depth + 1);
                    }
                }
                _ => {}
            }
        }
    }
}

async fn collection_schema(ctx: Ctx, a: CollectionSchema) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    let reply = db::run(
        &ctx,
        &a.database,
        doc! {
            "aggregate": &a.collection,
            "pipeline": [{ "$sample": { "size": SAMPLE } }],
            "cursor": {},
        },
    )
    .await?;
    let (docs, _) = db::drain(&ctx, &a.database, &a.collection, reply, SAMPLE as usize).await?;
    let mut fields = Fields::new();
    for d in &docs {
        walk("", d, &mut fields, 0);
    }
    let n = docs.len().max(1) as f64;
    let out: serde_json::Map<String, Value> = fields
        .into_iter()
        .map(|(path, (types, present))| {
            let share = (f64::from(present) / n * 100.0).round() / 100.0;
            (
                path,
                json!({ "types": types.keys().collect::<Vec<_>>(), "presence": share }),
            )
        })
        .collect();
    Ok(json!({ "sampled": docs.len(), "fields": out }))
}

/// The storage a collection uses: data size, storage size and index size in bytes, and its
/// document count.
#[derive(Deserialize, JsonSchema)]
pub struct CollectionStorageSize {
    database: String,
    collection: String,
}

async fn collection_storage_size(ctx: Ctx, a: CollectionStorageSize) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    let reply = db::run(
        &ctx,
        &a.database,
        doc! {
            "aggregate": &a.collection,
            "pipeline": [{ "$collStats": { "storageStats": {} } }],
            "cursor": {},
        },
    )
    .await?;
    let (docs, _) = db::drain(&ctx, &a.database, &a.collection, reply, 1000).await?;
    // One document per shard on a sharded cluster: add them up.
    let mut sums = [0i64; 4];
    for d in &docs {
        let Ok(s) = d.get_document("storageStats") else {
            continue;
        };
        for (i, key) in ["size", "storageSize", "totalIndexSize", "count"]
            .iter()
            .enumerate()
        {
            sums[i] += db::int(s, key).unwrap_or(0);
        }
    }
    Ok(json!({
        "size": sums[0],
        "storageSize": sums[1],
        "totalIndexSize": sums[2],
        "count": sums[3],
    }))
}

/// Statistics of a database: collections, objects, data, storage and index sizes in bytes.
#[derive(Deserialize, JsonSchema)]
pub struct DbStats {
    database: String,
}

async fn db_stats(ctx: Ctx, a: DbStats) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    let mut reply = db::run(&ctx, &a.database, doc! { "dbStats": 1, "scale": 1 }).await?;
    for noise in ["ok", "$clusterTime", "operationTime", "raw"] {
        reply.remove(noise);
    }
    Ok(db::to_json(reply))
}

// The log the server keeps in memory.
#[derive(Deserialize, JsonSchema, Clone, Copy, Default)]
#[serde(rename_all = "camelCase")]
enum LogType {
    #[default]
    Global,
    StartupWarnings,
}

/// The server's most recent log entries (getLog; needs the getLog privilege).
#[derive(Deserialize, JsonSchema)]
pub struct Logs {
    #[serde(rename = "type")]
    #[schemars(extend("default" = "global"))]
    log_type: Option<LogType>,
    /// Most recent entries to return (max 1024)
    #[schemars(extend("default" = 50))]
    limit: Option<u32>,
}

async fn logs(ctx: Ctx, a: Logs) -> Result<Value, ToolError> {
    let name = match a.log_type.unwrap_or_default() {
        LogType::Global => "global",
        LogType::StartupWarnings => "startupWarnings",
    };
    let limit = a.limit.unwrap_or(50).clamp(1, 1024) as usize;
    let reply = db::run(&ctx, "admin", doc! { "getLog": name }).await?;
    let lines: Vec<&str> = reply
        .get_array("log")
        .map(|a| a.iter().filter_map(Bson::as_str).collect())
        .unwrap_or_default();
    let skip = lines.len().saturating_sub(limit);
    let entries: Vec<Value> = lines[skip..]
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|_| json!(l)))
        .collect();
    Ok(json!({
        "totalLinesWritten": db::int(&reply, "totalLinesWritten"),
        "entries": entries,
    }))
}
