//! Queries: find, aggregate, count, explain.

use bson::{Bson, Document, doc};
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::db::{self, MAX_DOCUMENTS};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("find", "Find documents", Effect::Read, find).toolset("database"),
        // A read, offered in read-only mode; the writing stages ($out, $merge) are refused
        // there by the tool itself.
        tool("aggregate", "Run an aggregation", Effect::Read, aggregate).toolset("database"),
        tool("count", "Count documents", Effect::Read, count).toolset("database"),
        tool("explain", "Explain a query", Effect::Read, explain).toolset("database"),
    ]
}

/// Find documents of a collection. Returns them as relaxed Extended JSON (at most 100).
#[derive(Deserialize, JsonSchema)]
pub struct Find {
    database: String,
    collection: String,
    /// Query filter (MongoDB query syntax, Extended JSON for ObjectId/dates)
    filter: Option<Map<String, Value>>,
    /// Fields to include or exclude, e.g. {"name": 1}
    projection: Option<Map<String, Value>>,
    /// Most documents to return (max 100)
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
    /// Sort order, e.g. {"createdAt": -1}
    sort: Option<Map<String, Value>>,
}

async fn find(ctx: Ctx, a: Find) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    let asked = a.limit.map_or(10, Int::get);
    if asked == 0 {
        return Err(ToolError::invalid_input("`limit` must be at least 1."));
    }
    let limit = asked.min(MAX_DOCUMENTS);
    let mut cmd = doc! { "find": &a.collection };
    if let Some(f) = &a.filter {
        cmd.insert("filter", db::document(f, "filter")?);
    }
    if let Some(p) = &a.projection {
        cmd.insert("projection", db::document(p, "projection")?);
    }
    if let Some(s) = &a.sort {
        cmd.insert("sort", db::document(s, "sort")?);
    }
    cmd.insert("limit", limit as i64);
    cmd.insert("singleBatch", true);
    let reply = db::run(&ctx, &a.database, cmd).await?;
    let (docs, _) = db::drain(&ctx, &a.database, &a.collection, reply, limit as usize).await?;
    let mut out = json!({ "count": docs.len(), "documents": db::docs_json(docs) });
    if asked > limit {
        out["note"] = json!(format!(
            "limit {asked} is above the maximum of {MAX_DOCUMENTS}: page with sort and a filter on the sort key."
        ));
    }
    Ok(out)
}

/// Run an aggregation pipeline on a collection. Returns at most 100 result documents.
/// `$out` and `$merge` stages write to a collection (refused in read-only mode).
#[derive(Deserialize, JsonSchema)]
pub struct Aggregate {
    database: String,
    collection: String,
    /// Pipeline stages, e.g. [{"$match": {...}}, {"$group": {...}}]
    pipeline: Vec<Map<String, Value>>,
}

/// Whether a pipeline writes (`$out`, `$merge`, at any depth).
pub fn writes(stages: &[Bson]) -> bool {
    fn any(b: &Bson) -> bool {
        match b {
            Bson::Document(d) => d
                .iter()
                .any(|(k, v)| k == "$out" || k == "$merge" || any(v)),
            Bson::Array(a) => a.iter().any(any),
            _ => false,
        }
    }
    stages.iter().any(any)
}

fn refuse_writes_in_read_only(ctx: &Ctx, pipeline: &[Bson]) -> Result<(), ToolError> {
    if ctx.read_only() && writes(pipeline) {
        return Err(ToolError::invalid_input(
            "The pipeline has a $out or $merge stage, which writes; the server runs in read-only mode, so it is refused. Drop that stage to read the results.",
        ));
    }
    Ok(())
}

async fn aggregate(ctx: Ctx, a: Aggregate) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    let pipeline = db::documents(&a.pipeline, "pipeline")?;
    refuse_writes_in_read_only(&ctx, &pipeline)?;
    let cmd = doc! {
        "aggregate": &a.collection,
        "pipeline": pipeline,
        "cursor": { "batchSize": MAX_DOCUMENTS as i64 },
    };
    let reply = db::run(&ctx, &a.database, cmd).await?;
    let max = MAX_DOCUMENTS as usize;
    let (docs, more) = db::drain(&ctx, &a.database, &a.collection, reply, max).await?;
    let mut out = json!({ "count": docs.len(), "documents": db::docs_json(docs) });
    if more {
        out["note"] = json!(db::cut_note(max, "add $skip/$limit stages for the rest"));
    }
    Ok(out)
}

/// Count the documents of a collection that match a filter. Returns `{count}`.
#[derive(Deserialize, JsonSchema)]
pub struct Count {
    database: String,
    collection: String,
    /// Filter (all documents when absent)
    query: Option<Map<String, Value>>,
}

async fn count(ctx: Ctx, a: Count) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    let mut cmd = doc! { "count": &a.collection };
    if let Some(q) = &a.query {
        cmd.insert("query", db::document(q, "query")?);
    }
    let reply = db::run(&ctx, &a.database, cmd).await?;
    Ok(json!({ "count": db::int(&reply, "n").unwrap_or(0) }))
}

/// Explain how the server would run a find, aggregate or count (queryPlanner verbosity:
/// nothing runs). Returns the winning plan.
#[derive(Deserialize, JsonSchema)]
pub struct Explain {
    database: String,
    collection: String,
    /// One entry: {"name": "find"|"aggregate"|"count", "arguments": {...}} with the
    /// arguments of that tool (filter/projection/limit/sort, pipeline, or query)
    method: Vec<Map<String, Value>>,
}

async fn explain(ctx: Ctx, a: Explain) -> Result<Value, ToolError> {
    db::check_name(&a.database, "database")?;
    db::check_name(&a.collection, "collection")?;
    let [m] = a.method.as_slice() else {
        return Err(ToolError::invalid_input(
            "`method` takes exactly one entry: [{\"name\": \"find\", \"arguments\": {\"filter\": {...}}}].",
        ));
    };
    let name = m.get("name").and_then(Value::as_str).unwrap_or_default();
    let args = match m.get("arguments") {
        None => Map::new(),
        Some(Value::Object(o)) => o.clone(),
        Some(_) => {
            return Err(ToolError::invalid_input(
                "`method[0].arguments` must be an object.",
            ));
        }
    };
    let opt_doc = |key: &str| -> Result<Option<Document>, ToolError> {
        match args.get(key) {
            None => Ok(None),
            Some(Value::Object(o)) => db::document(o, key).map(Some),
            Some(_) => Err(ToolError::invalid_input(format!(
                "`{key}` must be an object."
            ))),
        }
    };
    let inner = match name {
        "find" => {
            let mut c = doc! { "find": &a.collection };
            for key in ["filter", "projection", "sort"] {
                if let Some(d) = opt_doc(key)? {
                    c.insert(key, d);
                }
            }
            if let Some(l) = args.get("limit").and_then(Value::as_i64) {
                c.insert("limit", l);
            }
            c
        }
        "aggregate" => {
            let stages: Vec<Map<String, Value>> = args
                .get("pipeline")
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(|s| s.as_object().cloned()).collect())
                .unwrap_or_default();
            let pipeline = db::documents(&stages, "pipeline")?;
            refuse_writes_in_read_only(&ctx, &pipeline)?;
            doc! { "aggregate": &a.collection, "pipeline": pipeline, "cursor": {} }
        }
        "count" => {
            let mut c = doc! { "count": &a.collection };
            if let Some(q) = opt_doc("query")? {
                c.insert("query", q);
            }
            c
        }
        other => {
            return Err(ToolError::invalid_input(format!(
                "`method[0].name` must be find, aggregate or count, not `{other}`."
            )));
        }
    };
    let cmd = doc! { "explain": inner, "verbosity": "queryPlanner" };
    let mut reply = db::run(&ctx, &a.database, cmd).await?;
    for noise in [
        "ok",
        "$clusterTime",
        "operationTime",
        "serverInfo",
        "serverParameters",
        "command",
    ] {
        reply.remove(noise);
    }
    Ok(db::to_json(reply))
}
