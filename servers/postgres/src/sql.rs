//! `execute_sql` and `explain_query`: the caller's SQL, one statement per call, under the
//! statement timeout, read-only where it must be.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::db::{Db, pg_error, rows};
use crate::tuning::{Hypothetical, create_hypothetical, reset_hypopg};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "execute_sql",
            "Execute SQL",
            Effect::Destructive,
            execute_sql,
        )
        .toolset("sql")
        .read_only_by_itself(),
        tool(
            "explain_query",
            "Explain query",
            Effect::Read,
            explain_query,
        )
        .toolset("sql"),
    ]
}

/// Run one SQL statement and return `columns` and `rows` (arrays in column order), or
/// `rows_affected`. Runs in its own transaction, committed on success; in read-only mode it
/// is a READ ONLY transaction that is rolled back, so nothing can be written. Results over the
/// server's row cap are cut (`truncated`); statements past its timeout are cancelled.
#[derive(Deserialize, JsonSchema)]
pub struct ExecuteSql {
    /// One statement (no `;`-separated list, no $1 placeholders); BEGIN/COMMIT have no effect
    sql: String,
}

fn statement(sql: &str) -> Result<&str, ToolError> {
    let s = sql.trim().trim_end_matches(';').trim_end();
    if s.is_empty() {
        return Err(ToolError::invalid_input(
            "`sql` is empty: give one SQL statement.",
        ));
    }
    Ok(s)
}

/// Statements PostgreSQL refuses inside a transaction block; they run on their own.
fn needs_autocommit(sql: &str) -> bool {
    let words: Vec<String> = strip_comments(sql)
        .split_whitespace()
        .take(4)
        .map(str::to_ascii_uppercase)
        .collect();
    let w = |i: usize| words.get(i).map_or("", String::as_str);
    matches!(w(0), "VACUUM")
        || (matches!(w(0), "CREATE" | "DROP") && matches!(w(1), "DATABASE" | "TABLESPACE"))
        || (w(0) == "ALTER" && w(1) == "SYSTEM")
        || (w(0) == "REINDEX" && matches!(w(1), "DATABASE" | "SYSTEM"))
        || (matches!(w(0), "CREATE" | "DROP" | "REINDEX")
            && words.iter().any(|x| x == "CONCURRENTLY"))
        || (w(0) == "CREATE" && w(1) == "UNIQUE" && w(3) == "CONCURRENTLY")
}

fn strip_comments(sql: &str) -> String {
    let mut s = sql.trim_start();
    loop {
        if let Some(rest) = s.strip_prefix("--") {
            s = rest.split_once('\n').map_or("", |(_, r)| r).trim_start();
        } else if let Some(rest) = s.strip_prefix("/*") {
            s = rest.split_once("*/").map_or("", |(_, r)| r).trim_start();
        } else {
            return s.to_owned();
        }
    }
}

async fn execute_sql(ctx: Ctx, a: ExecuteSql) -> Result<Value, ToolError> {
    let sql = statement(&a.sql)?;
    let db = Db::of(&ctx)?;
    let mut c = db.client(&ctx).await?;
    if ctx.read_only() {
        let tx = db.begin(&mut c, true).await?;
        let mut out = rows(&*tx, sql, db.max_rows).await?;
        // Rolled back even when it succeeded: nothing of a read-only call is kept.
        let _ = tx.rollback().await;
        out["read_only"] = json!(true);
        return Ok(out);
    }
    if needs_autocommit(sql) {
        // Session-wide for this connection only; the pool resets it (RESET ALL) before reuse.
        c.query(
            "SELECT set_config('statement_timeout', $1, false)",
            &[&db.timeout_text()],
        )
        .await
        .map_err(|e| pg_error(&e))?;
        return rows(&**c, sql, db.max_rows).await;
    }
    let tx = db.begin(&mut c, false).await?;
    let out = rows(&*tx, sql, db.max_rows).await?;
    tx.commit().await.map_err(|e| pg_error(&e))?;
    Ok(out)
}

/// Show PostgreSQL's plan for a statement (text format, with estimated costs and rows).
/// `analyze` runs it for actual times and rows, inside a READ ONLY transaction that is rolled
/// back, so a write is refused. `hypothetical_indexes` (needs the hypopg extension) plans as
/// if those indexes existed, without creating them; not with `analyze`.
#[derive(Deserialize, JsonSchema)]
pub struct ExplainQuery {
    /// One statement
    sql: String,
    #[serde(default)]
    analyze: bool,
    /// e.g. `[{"table": "public.orders", "columns": ["customer_id", "created_at"], "using": "btree"}]`
    #[serde(default)]
    hypothetical_indexes: Vec<Hypothetical>,
}

async fn explain_query(ctx: Ctx, a: ExplainQuery) -> Result<Value, ToolError> {
    let sql = statement(&a.sql)?;
    if a.analyze && !a.hypothetical_indexes.is_empty() {
        return Err(ToolError::invalid_input(
            "`analyze` runs the query, and hypothetical indexes exist only for planning: use one or the other.",
        ));
    }
    let db = Db::of(&ctx)?;
    let mut c = db.client(&ctx).await?;
    let options = if a.analyze {
        "ANALYZE, BUFFERS"
    } else {
        "COSTS"
    };
    let explain = format!("EXPLAIN ({options}) {sql}");
    let tx = db.begin(&mut c, true).await?;
    let result = async {
        let created = create_hypothetical(&tx, &a.hypothetical_indexes).await?;
        let out = rows(&*tx, &explain, usize::MAX).await?;
        let lines: Vec<&str> = out["rows"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r[0].as_str())
            .collect();
        let mut v = json!({ "plan": lines.join("\n") });
        if !created.is_empty() {
            v["hypothetical_indexes"] = json!(created);
        }
        if a.analyze {
            v["note"] = json!("The statement ran (read-only) and was rolled back.");
        }
        Ok::<_, ToolError>(v)
    }
    .await;
    let _ = tx.rollback().await;
    if !a.hypothetical_indexes.is_empty() {
        reset_hypopg(c).await;
    }
    result
}
