//! Index advice and top queries: the workload from pg_stat_statements, hypothetical indexes
//! from hypopg, costs from the planner's generic plans.

use std::collections::BTreeMap;

use deadpool_postgres::{Object, Transaction};
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::db::{Db, has_extension, ident, missing_extension, objects, pg_error};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "analyze_workload_indexes",
            "Analyze workload indexes",
            Effect::Read,
            workload,
        )
        .toolset("tuning"),
        tool(
            "analyze_query_indexes",
            "Analyze query indexes",
            Effect::Read,
            queries,
        )
        .toolset("tuning"),
        tool(
            "get_top_queries",
            "Get top queries",
            Effect::Read,
            top_queries,
        )
        .toolset("tuning"),
    ]
}

/// A hypothetical index for the planner (hypopg).
#[derive(Deserialize, JsonSchema)]
pub struct Hypothetical {
    /// Table, optionally schema-qualified (`public.orders`)
    table: String,
    columns: Vec<String>,
    /// Access method: btree (default), hash, brin or bloom
    #[serde(default)]
    using: Option<String>,
}

fn qualified(name: &str) -> String {
    name.split('.')
        .map(|p| ident(p.trim().trim_matches('"')))
        .collect::<Vec<_>>()
        .join(".")
}

impl Hypothetical {
    fn create_sql(&self) -> Result<String, ToolError> {
        let method = self
            .using
            .as_deref()
            .unwrap_or("btree")
            .to_ascii_lowercase();
        if !matches!(method.as_str(), "btree" | "hash" | "brin" | "bloom") {
            return Err(ToolError::invalid_input(format!(
                "hypothetical index method `{method}`: hypopg supports btree, hash, brin and bloom."
            )));
        }
        if self.table.trim().is_empty() || self.columns.is_empty() {
            return Err(ToolError::invalid_input(
                "a hypothetical index needs `table` and at least one column in `columns`.",
            ));
        }
        let cols: Vec<String> = self.columns.iter().map(|c| ident(c.trim())).collect();
        Ok(format!(
            "CREATE INDEX ON {} USING {method} ({})",
            qualified(&self.table),
            cols.join(", ")
        ))
    }
}

/// Create hypothetical indexes in this session; returns their definitions and names.
pub async fn create_hypothetical(
    tx: &Transaction<'_>,
    hypos: &[Hypothetical],
) -> Result<Vec<Value>, ToolError> {
    if hypos.is_empty() {
        return Ok(Vec::new());
    }
    require_hypopg(tx, "hypothetical indexes need it").await?;
    let mut created = Vec::new();
    for h in hypos {
        let sql = h.create_sql()?;
        let row = tx
            .query_one("SELECT indexname FROM hypopg_create_index($1)", &[&sql])
            .await
            .map_err(|e| pg_error(&e).context(format!("hypothetical index `{sql}`")))?;
        created.push(json!({ "name": row.get::<_, String>(0), "definition": sql }));
    }
    Ok(created)
}

async fn require_hypopg(tx: &Transaction<'_>, why: &str) -> Result<(), ToolError> {
    if has_extension(&**tx, "hypopg").await? {
        Ok(())
    } else {
        Err(missing_extension(&**tx, "hypopg", why).await)
    }
}

/// Drop this session's hypothetical indexes (they outlive transactions); a connection where
/// that fails is closed rather than reused.
pub async fn reset_hypopg(c: Object) {
    if c.batch_execute("SELECT hypopg_reset()").await.is_err() {
        let _ = Object::take(c);
    }
}

/// Find indexes that would speed up the database's workload: the 50 statements with the most
/// total time in pg_stat_statements, their generic plans' sequential scans with filters, and
/// (with hypopg) the cost each candidate index would save. Returns recommendations with
/// CREATE INDEX statements, estimated sizes and the statements they help; creates nothing.
#[derive(Deserialize, JsonSchema)]
pub struct Workload {
    /// Leave out indexes estimated larger than this
    #[serde(default = "max_size")]
    #[schemars(extend("default" = 10000))]
    max_index_size_mb: u32,
    /// Only `dta` (the planner's costs) is done here; `llm` is run as `dta`, with a note
    #[serde(default)]
    method: Method,
}

fn max_size() -> u32 {
    10000
}

#[derive(Deserialize, JsonSchema, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    #[default]
    Dta,
    Llm,
}

/// Find indexes that would speed up these statements (up to 10): as analyze_workload_indexes,
/// for statements you give.
#[derive(Deserialize, JsonSchema)]
pub struct Queries {
    queries: Vec<String>,
    /// Leave out indexes estimated larger than this
    #[serde(default = "max_size")]
    #[schemars(extend("default" = 10000))]
    max_index_size_mb: u32,
    /// Only `dta` (the planner's costs) is done here; `llm` is run as `dta`, with a note
    #[serde(default)]
    method: Method,
}

async fn pgss_version(tx: &Transaction<'_>, why: &str) -> Result<bool, ToolError> {
    if !has_extension(&**tx, "pg_stat_statements").await? {
        return Err(missing_extension(&**tx, "pg_stat_statements", why).await.with_hint(
            "run `CREATE EXTENSION pg_stat_statements;` (the server needs shared_preload_libraries = 'pg_stat_statements').",
        ));
    }
    let v: i32 = tx
        .query_one("SELECT current_setting('server_version_num')::int", &[])
        .await
        .map_err(|e| pg_error(&e))?
        .get(0);
    Ok(v >= 130000)
}

async fn workload(ctx: Ctx, a: Workload) -> Result<Value, ToolError> {
    let db = Db::of(&ctx)?;
    let mut c = db.client(&ctx).await?;
    let tx = db.begin(&mut c, true).await?;
    let pg13 = pgss_version(&tx, "the workload comes from it").await?;
    let total = if pg13 {
        "total_exec_time"
    } else {
        "total_time"
    };
    let rows = tx
        .query(
            &format!(
                "SELECT query, calls::float8 FROM pg_stat_statements \
                 WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) \
                   AND query ~* '^\\s*(select|with|update|delete)\\M' \
                   AND query !~* '(pg_catalog|pg_stat|information_schema|hypopg|pg_class|pg_namespace)' \
                 ORDER BY {total} DESC LIMIT 50"
            ),
            &[],
        )
        .await
        .map_err(|e| pg_error(&e))?;
    let list: Vec<(String, f64)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    let _ = tx.rollback().await;
    if list.is_empty() {
        return Ok(json!({
            "recommendations": [],
            "note": "pg_stat_statements has no SELECT/UPDATE/DELETE statements for this database yet: run the workload first, or use analyze_query_indexes."
        }));
    }
    advise(db, c, list, a.max_index_size_mb, a.method).await
}

async fn queries(ctx: Ctx, a: Queries) -> Result<Value, ToolError> {
    if a.queries.is_empty() || a.queries.len() > 10 {
        return Err(ToolError::invalid_input(
            "`queries` takes 1 to 10 SQL statements.",
        ));
    }
    let db = Db::of(&ctx)?;
    let c = db.client(&ctx).await?;
    let list = a.queries.into_iter().map(|q| (q, 1.0)).collect();
    advise(db, c, list, a.max_index_size_mb, a.method).await
}

/// A statement's generic plan (the plan for any parameter values), as EXPLAIN's JSON. Each
/// runs inside a savepoint, so one failing statement does not end the transaction.
async fn plan(tx: &Transaction<'_>, sql: &str, n: usize) -> Result<Value, ToolError> {
    let sql = sql.trim().trim_end_matches(';');
    tx.batch_execute("SAVEPOINT mcp_plan")
        .await
        .map_err(|e| pg_error(&e))?;
    let name = format!("mcp_advise_{n}");
    let result = async {
        let stmt = tx.prepare(sql).await.map_err(|e| pg_error(&e))?;
        let params = stmt.params().len();
        drop(stmt);
        let explain = if params == 0 {
            format!("EXPLAIN (FORMAT JSON, VERBOSE) {sql}")
        } else {
            tx.batch_execute(&format!("PREPARE {name} AS {sql}"))
                .await
                .map_err(|e| pg_error(&e))?;
            let nulls = vec!["NULL"; params].join(", ");
            format!("EXPLAIN (FORMAT JSON, VERBOSE) EXECUTE {name}({nulls})")
        };
        let row = tx
            .query_one(&explain, &[])
            .await
            .map_err(|e| pg_error(&e))?;
        let v: Value = row.try_get(0).map_err(|e| pg_error(&e))?;
        Ok::<_, ToolError>(v)
    }
    .await;
    match &result {
        Ok(_) => tx.batch_execute("RELEASE SAVEPOINT mcp_plan").await,
        Err(_) => tx.batch_execute("ROLLBACK TO SAVEPOINT mcp_plan").await,
    }
    .map_err(|e| pg_error(&e))?;
    // A prepared statement outlives the savepoint: deallocate it if it was made.
    let exists = tx
        .query_opt(
            "SELECT 1 FROM pg_prepared_statements WHERE name = $1",
            &[&name],
        )
        .await
        .map_err(|e| pg_error(&e))?
        .is_some();
    if exists {
        tx.batch_execute(&format!("DEALLOCATE {name}"))
            .await
            .map_err(|e| pg_error(&e))?;
    }
    result.map(|v| v[0]["Plan"].clone())
}

fn cost(plan: &Value) -> f64 {
    plan["Total Cost"].as_f64().unwrap_or(0.0)
}

/// Sequential scans with a filter in a plan: (schema.table, filter text).
fn seq_scans(plan: &Value, out: &mut Vec<(String, String)>) {
    if plan["Node Type"] == "Seq Scan"
        && let (Some(rel), Some(filter)) = (plan["Relation Name"].as_str(), plan["Filter"].as_str())
    {
        let schema = plan["Schema"].as_str().unwrap_or("public");
        out.push((
            format!("{}.{}", ident(schema), ident(rel)),
            filter.to_owned(),
        ));
    }
    for child in plan["Plans"].as_array().into_iter().flatten() {
        seq_scans(child, out);
    }
}

/// Columns of `table` named in `filter`, in order of appearance (at most 3).
fn filter_columns(filter: &str, columns: &[String]) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for token in
        filter.split(|ch: char| !(ch.is_alphanumeric() || ch == '_' || ch == '.' || ch == '"'))
    {
        let last = token.rsplit('.').next().unwrap_or(token).trim_matches('"');
        if columns.iter().any(|c| c == last) && !found.iter().any(|f| f == last) {
            found.push(last.to_owned());
        }
    }
    found.truncate(3);
    found
}

fn short(q: &str) -> String {
    let q = q.split_whitespace().collect::<Vec<_>>().join(" ");
    if q.chars().count() > 300 {
        format!("{}...", q.chars().take(300).collect::<String>())
    } else {
        q
    }
}

struct Candidate {
    table: String,
    columns: Vec<String>,
    /// Indexes into the statement list of the statements that scan this table.
    queries: Vec<usize>,
}

async fn advise(
    db: &Db,
    mut c: Object,
    list: Vec<(String, f64)>,
    max_mb: u32,
    method: Method,
) -> Result<Value, ToolError> {
    let tx = db.begin(&mut c, true).await?;
    let hypopg = has_extension(&*tx, "hypopg").await?;
    tx.query(
        "SELECT set_config('plan_cache_mode', 'force_generic_plan', true)",
        &[],
    )
    .await
    .map_err(|e| pg_error(&e))?;
    let mut plans: Vec<Option<Value>> = Vec::new();
    let mut errors = Vec::new();
    for (i, (q, _)) in list.iter().enumerate() {
        match plan(&tx, q, i).await {
            Ok(p) => plans.push(Some(p)),
            Err(e) => {
                errors.push(json!({ "query": short(q), "error": e.message }));
                plans.push(None);
            }
        }
    }
    // Candidates: per table, the filtered columns one by one and together.
    let mut candidates: BTreeMap<String, Candidate> = BTreeMap::new();
    let mut table_columns: BTreeMap<String, (Vec<String>, Vec<Vec<String>>)> = BTreeMap::new();
    for (i, p) in plans.iter().enumerate() {
        let Some(p) = p else { continue };
        let mut scans = Vec::new();
        seq_scans(p, &mut scans);
        for (table, filter) in scans {
            if !table_columns.contains_key(&table) {
                let cols = tx
                    .query(
                        "SELECT attname::text FROM pg_attribute WHERE attrelid = to_regclass($1)                          AND attnum > 0 AND NOT attisdropped",
                        &[&table],
                    )
                    .await
                    .map_err(|e| pg_error(&e))?
                    .iter()
                    .map(|r| r.get::<_, String>(0))
                    .collect();
                let existing = tx
                    .query(
                        "SELECT array_agg(a.attname::text ORDER BY k.ord) FROM pg_index i                          CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)                          JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum                          WHERE i.indrelid = to_regclass($1) AND i.indisvalid GROUP BY i.indexrelid",
                        &[&table],
                    )
                    .await
                    .map_err(|e| pg_error(&e))?
                    .iter()
                    .map(|r| r.get::<_, Vec<String>>(0))
                    .collect();
                table_columns.insert(table.clone(), (cols, existing));
            }
            let Some((cols, existing)) = table_columns.get(&table) else {
                continue;
            };
            let found = filter_columns(&filter, cols);
            let mut sets: Vec<Vec<String>> = found.iter().map(|c| vec![c.clone()]).collect();
            if found.len() > 1 {
                sets.push(found.clone());
            }
            for set in sets {
                if existing.iter().any(|e| e.starts_with(&set)) {
                    continue;
                }
                let key = format!("{table}({})", set.join(","));
                let cand = candidates.entry(key).or_insert_with(|| Candidate {
                    table: table.clone(),
                    columns: set,
                    queries: Vec::new(),
                });
                if !cand.queries.contains(&i) {
                    cand.queries.push(i);
                }
            }
        }
    }
    let max_bytes = i64::from(max_mb) * 1024 * 1024;
    let mut recs = Vec::new();
    let mut too_big = Vec::new();
    for cand in candidates.values() {
        let cols: Vec<String> = cand.columns.iter().map(|c| ident(c)).collect();
        let sql = format!(
            "CREATE INDEX ON {} USING btree ({})",
            cand.table,
            cols.join(", ")
        );
        if !hypopg {
            recs.push(json!({
                "index": sql,
                "reason": "sequential scan with a filter on these columns",
                "queries": cand.queries.iter().map(|&i| short(&list[i].0)).collect::<Vec<_>>(),
            }));
            continue;
        }
        let row = tx
            .query_one(
                "SELECT indexrelid::bigint, hypopg_relation_size(indexrelid)::bigint FROM hypopg_create_index($1)",
                &[&sql],
            )
            .await
            .map_err(|e| pg_error(&e))?;
        let (oid, size): (i64, i64) = (row.get(0), row.get(1));
        let mut improved = Vec::new();
        let mut benefit = 0.0;
        if size <= max_bytes {
            for &i in &cand.queries {
                let Some(Some(before)) = plans.get(i) else {
                    continue;
                };
                let Ok(after) = plan(&tx, &list[i].0, i).await else {
                    continue;
                };
                let (b, a) = (cost(before), cost(&after));
                if b > 0.0 && a < b * 0.9 {
                    benefit += (b - a) * list[i].1;
                    improved.push(json!({
                        "query": short(&list[i].0),
                        "cost_before": (b * 100.0).round() / 100.0,
                        "cost_after": (a * 100.0).round() / 100.0,
                        "improvement_pct": ((b - a) / b * 1000.0).round() / 10.0,
                    }));
                }
            }
        } else {
            too_big.push(sql.clone());
        }
        tx.query("SELECT hypopg_drop_index($1::bigint::oid)", &[&oid])
            .await
            .map_err(|e| pg_error(&e))?;
        if !improved.is_empty() {
            recs.push(json!({
                "index": sql,
                "estimated_size_mb": (size as f64 / 1_048_576.0 * 10.0).round() / 10.0,
                "benefit": benefit,
                "queries": improved,
            }));
        }
    }
    let _ = tx.rollback().await;
    if hypopg {
        reset_hypopg(c).await;
    }
    recs.sort_by(|a, b| {
        b["benefit"]
            .as_f64()
            .unwrap_or(0.0)
            .total_cmp(&a["benefit"].as_f64().unwrap_or(0.0))
    });
    recs.truncate(10);
    for r in &mut recs {
        if let Value::Object(m) = r {
            m.remove("benefit");
        }
    }
    let mut out = json!({ "queries_analyzed": list.len(), "recommendations": recs });
    if !errors.is_empty() {
        errors.truncate(5);
        out["errors"] = json!(errors);
    }
    if !too_big.is_empty() {
        out["skipped_over_max_size"] = json!(too_big);
    }
    let mut notes = Vec::new();
    if !hypopg {
        notes.push("The hypopg extension is not installed in this database, so these candidates (sequential scans with filters) are not costed; `CREATE EXTENSION hypopg;` (package postgresql-<version>-hypopg) gives estimated gains and sizes.");
    }
    if method == Method::Llm {
        notes.push(
            "method `llm` is not offered by this server; the planner's costs (dta) were used.",
        );
    }
    if !notes.is_empty() {
        out["note"] = json!(notes.join(" "));
    }
    Ok(out)
}

/// How get_top_queries orders: total_time, mean_time, or resources (blocks read, written and
/// dirtied, temp blocks, WAL).
#[derive(Deserialize, JsonSchema, Default, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum SortBy {
    TotalTime,
    MeanTime,
    #[default]
    Resources,
}

/// The statements with the most time or resources in pg_stat_statements (this database):
/// normalized text, calls, total and mean time (ms), rows, cache hit percentage.
#[derive(Deserialize, JsonSchema)]
pub struct TopQueries {
    /// How to order: total_time, mean_time or resources (blocks read/written/dirtied, temp, WAL)
    #[serde(default)]
    #[schemars(extend("default" = "resources"))]
    sort_by: SortBy,
    /// At most 100
    #[serde(default = "ten")]
    #[schemars(extend("default" = 10))]
    limit: u32,
}

fn ten() -> u32 {
    10
}

async fn top_queries(ctx: Ctx, a: TopQueries) -> Result<Value, ToolError> {
    let limit = i64::from(a.limit.clamp(1, 100));
    let db = Db::of(&ctx)?;
    let mut c = db.client(&ctx).await?;
    let tx = db.begin(&mut c, true).await?;
    let pg13 = pgss_version(&tx, "top queries come from it").await?;
    let (total, mean) = if pg13 {
        ("total_exec_time", "mean_exec_time")
    } else {
        ("total_time", "mean_time")
    };
    let resources = if pg13 {
        "shared_blks_read + shared_blks_written + shared_blks_dirtied + temp_blks_read + temp_blks_written + wal_bytes / 8192"
    } else {
        "shared_blks_read + shared_blks_written + shared_blks_dirtied + temp_blks_read + temp_blks_written"
    };
    let order = match a.sort_by {
        SortBy::TotalTime => total.to_owned(),
        SortBy::MeanTime => mean.to_owned(),
        SortBy::Resources => format!("({resources})"),
    };
    let list = objects(
        &*tx,
        &format!(
            "SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 500) AS query, calls,                round({total}::numeric, 2)::float8 AS total_time_ms, round({mean}::numeric, 2)::float8 AS mean_time_ms,                rows, round(100.0 * shared_blks_hit / nullif(shared_blks_hit + shared_blks_read, 0), 1)::float8 AS cache_hit_pct,                ({resources})::bigint AS blocks              FROM pg_stat_statements              WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())              ORDER BY {order} DESC NULLS LAST LIMIT $1"
        ),
        &[&limit],
    )
    .await?;
    Ok(json!({ "sort_by": match a.sort_by {
        SortBy::TotalTime => "total_time", SortBy::MeanTime => "mean_time", SortBy::Resources => "resources" },
        "queries": list }))
}
