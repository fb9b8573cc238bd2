//! Health checks from the statistics views and catalogs.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::db::{Db, objects, pg_error};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "analyze_db_health",
            "Analyze database health",
            Effect::Read,
            health,
        )
        .toolset("health"),
    ]
}

const CHECKS: &[&str] = &[
    "index",
    "connection",
    "vacuum",
    "sequence",
    "replication",
    "buffer",
    "constraint",
];

/// Check the database's health and list what needs attention: invalid, duplicate and unused
/// indexes; connections against max_connections and long idle transactions; dead-tuple
/// bloat, vacuum age and transaction-ID wrap-around; sequences near their maximum;
/// replication lag and inactive slots; cache hit ratios; constraints not validated.
#[derive(Deserialize, JsonSchema)]
pub struct Health {
    /// Comma-separated checks: index, connection, vacuum, sequence, replication, buffer, constraint, or all
    #[serde(default = "all")]
    #[schemars(extend("default" = "all"))]
    health_type: String,
}

fn all() -> String {
    "all".into()
}

async fn health(ctx: Ctx, a: Health) -> Result<Value, ToolError> {
    let mut wanted: Vec<&str> = Vec::new();
    for t in a
        .health_type
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        let t = t.to_ascii_lowercase();
        if t == "all" {
            wanted = CHECKS.to_vec();
            break;
        }
        match CHECKS.iter().find(|c| **c == t) {
            Some(c) if !wanted.contains(c) => wanted.push(c),
            Some(_) => {}
            None => {
                return Err(ToolError::invalid_input(format!(
                    "Unknown health_type `{t}`: use {} or all, comma-separated.",
                    CHECKS.join(", ")
                )));
            }
        }
    }
    if wanted.is_empty() {
        wanted = CHECKS.to_vec();
    }
    let db = Db::of(&ctx)?;
    let mut c = db.client(&ctx).await?;
    let tx = db.begin(&mut c, true).await?;
    let mut out = Map::new();
    for check in wanted {
        let mut section = Map::new();
        for (name, sql) in queries(check) {
            let rows = objects(&*tx, sql, &[]).await?;
            section.insert((*name).into(), json!(rows));
        }
        out.insert(check.into(), Value::Object(section));
    }
    let _ = tx.rollback().await.map_err(|e| pg_error(&e));
    Ok(Value::Object(out))
}

fn queries(check: &str) -> &'static [(&'static str, &'static str)] {
    match check {
        "index" => &[
            (
                "invalid_indexes",
                "SELECT n.nspname AS schema, c.relname AS index, t.relname AS table \
                FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid \
                JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT i.indisvalid ORDER BY 1, 2",
            ),
            (
                "duplicate_indexes",
                "SELECT n.nspname AS schema, t.relname AS table, array_agg(c.relname::text ORDER BY c.relname) AS indexes, \
                pg_size_pretty(sum(pg_relation_size(c.oid))::bigint) AS total_size \
                FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid \
                JOIN pg_namespace n ON n.oid = t.relnamespace \
                WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND i.indisvalid \
                GROUP BY n.nspname, t.relname, i.indrelid, i.indkey::text, i.indclass::text, coalesce(pg_get_expr(i.indexprs, i.indrelid), ''), coalesce(pg_get_expr(i.indpred, i.indrelid), '') \
                HAVING count(*) > 1 ORDER BY 1, 2",
            ),
            (
                "unused_indexes",
                "SELECT s.schemaname AS schema, s.relname AS table, s.indexrelname AS index, \
                pg_size_pretty(pg_relation_size(s.indexrelid)) AS size \
                FROM pg_stat_user_indexes s JOIN pg_index i ON i.indexrelid = s.indexrelid \
                WHERE s.idx_scan = 0 AND NOT i.indisunique AND NOT i.indisprimary \
                ORDER BY pg_relation_size(s.indexrelid) DESC LIMIT 20",
            ),
        ],
        "connection" => &[
            (
                "connections",
                "SELECT count(*) AS total, current_setting('max_connections')::int AS max_connections, \
                count(*) FILTER (WHERE state = 'active') AS active, count(*) FILTER (WHERE state = 'idle') AS idle, \
                count(*) FILTER (WHERE state LIKE 'idle in transaction%') AS idle_in_transaction \
                FROM pg_stat_activity WHERE backend_type = 'client backend'",
            ),
            (
                "long_idle_transactions",
                "SELECT pid, usename AS user, datname AS database, \
                round(extract(epoch FROM now() - xact_start))::bigint AS seconds \
                FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' AND now() - xact_start > interval '5 minutes' \
                ORDER BY xact_start LIMIT 20",
            ),
        ],
        "vacuum" => &[
            (
                "wraparound",
                "SELECT datname AS database, age(datfrozenxid) AS xid_age, \
                round(100.0 * age(datfrozenxid) / current_setting('autovacuum_freeze_max_age')::int, 1)::float8 AS pct_of_freeze_max_age \
                FROM pg_database WHERE datallowconn ORDER BY 2 DESC",
            ),
            (
                "bloated_tables",
                "SELECT schemaname AS schema, relname AS table, n_live_tup AS live_rows, n_dead_tup AS dead_rows, \
                round(100.0 * n_dead_tup / nullif(n_live_tup + n_dead_tup, 0), 1)::float8 AS dead_pct, \
                last_autovacuum, last_vacuum \
                FROM pg_stat_user_tables WHERE n_dead_tup > 1000 AND n_dead_tup > 0.1 * (n_live_tup + n_dead_tup) \
                ORDER BY n_dead_tup DESC LIMIT 20",
            ),
            (
                "oldest_tables",
                "SELECT n.nspname AS schema, c.relname AS table, age(c.relfrozenxid) AS xid_age \
                FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
                WHERE c.relkind IN ('r', 'm', 't') AND age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::int / 2 \
                ORDER BY 3 DESC LIMIT 20",
            ),
        ],
        "sequence" => &[(
            "near_max",
            "SELECT schemaname AS schema, sequencename AS sequence, last_value, max_value, \
                round(100.0 * last_value / max_value, 1)::float8 AS pct_used \
                FROM pg_sequences WHERE last_value IS NOT NULL AND increment_by > 0 AND last_value > 0.75 * max_value \
                ORDER BY 5 DESC",
        )],
        "replication" => &[
            (
                "this_server",
                "SELECT pg_is_in_recovery() AS is_standby, \
                CASE WHEN pg_is_in_recovery() THEN round(extract(epoch FROM now() - pg_last_xact_replay_timestamp()))::bigint END AS replay_lag_seconds",
            ),
            (
                "standbys",
                "SELECT application_name, client_addr::text AS client, state, sync_state, \
                pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint AS replay_lag_bytes \
                FROM pg_stat_replication WHERE NOT pg_is_in_recovery()",
            ),
            (
                "slots",
                "SELECT slot_name, slot_type, active, \
                CASE WHEN pg_is_in_recovery() THEN NULL ELSE pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn)::bigint END AS retained_wal_bytes \
                FROM pg_replication_slots ORDER BY active, slot_name",
            ),
        ],
        "buffer" => &[(
            "cache_hit",
            "SELECT round(100.0 * sum(heap_blks_hit) / nullif(sum(heap_blks_hit) + sum(heap_blks_read), 0), 2)::float8 AS table_hit_pct, \
                (SELECT round(100.0 * sum(idx_blks_hit) / nullif(sum(idx_blks_hit) + sum(idx_blks_read), 0), 2)::float8 FROM pg_statio_user_indexes) AS index_hit_pct \
                FROM pg_statio_user_tables",
        )],
        "constraint" => &[(
            "not_validated",
            "SELECT n.nspname AS schema, t.relname AS table, c.conname AS constraint, pg_get_constraintdef(c.oid, true) AS definition \
                FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace \
                WHERE NOT c.convalidated ORDER BY 1, 2, 3",
        )],
        _ => &[],
    }
}
