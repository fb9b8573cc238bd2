//! The SQL API v2 (docs.snowflake.com/developer-guide/sql-api/reference): a statement is
//! submitted (`POST /api/v2/statements?async=true`), polled while it runs
//! (`GET /api/v2/statements/{handle}`, 202 until done) with progress notifications, cancelled
//! (`POST /api/v2/statements/{handle}/cancel`) when the call is cancelled or outlives its
//! time, and its result read partition by partition (`?partition=n`) up to a cap.

use std::time::Duration;

use mcp_shared::poll::{self, Outcome, Poll, Progress, Step};
use mcp_shared::reexports::http::HeaderMap;
use mcp_shared::{Ctx, Method, Request, ToolError, VendorError, seg};
use serde_json::{Map, Value, json};

use crate::auth::{self, Token};

/// How long a statement may run before it is cancelled, unless the operator says otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(300);
/// At most this many rows of a result are read...
pub const MAX_ROWS: usize = 10_000;
/// ...and at most this many bytes of cell text.
pub const MAX_BYTES: usize = 4 * 1024 * 1024;

/// Snowflake's error body: `{"code", "message", "sqlState", "statementHandle"}`.
pub fn parse_error(status: u16, _headers: &HeaderMap, body: &Value) -> VendorError {
    let s = |k: &str| {
        body.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let mut message = s("message");
    if let (Some(m), Some(state)) = (&message, s("sqlState")) {
        message = Some(format!("{} (SQL state {state})", m.trim_end_matches('.')));
    }
    let code = s("code");
    let hint = match (status, code.as_deref()) {
        (401, _) | (_, Some("390144")) | (_, Some("390303")) => Some(
            "Snowflake refused the credentials: for key-pair authentication check SNOWFLAKE_ACCOUNT, SNOWFLAKE_USER and that the user's RSA_PUBLIC_KEY matches SNOWFLAKE_PRIVATE_KEY; a programmatic access token or OAuth token may have expired.".to_owned(),
        ),
        (403, _) => Some(
            "the user or role lacks a privilege for this statement, or the SQL API is not enabled for the account.".to_owned(),
        ),
        (_, Some("002003")) => Some(
            "the object does not exist or the role cannot see it: check the name (fully qualified, `db.schema.table`) and SNOWFLAKE_ROLE.".to_owned(),
        ),
        (408, _) => Some("the statement ran longer than its timeout and was cancelled.".to_owned()),
        (429, _) => Some("Snowflake's request limit was hit: wait and retry.".to_owned()),
        _ => None,
    };
    VendorError {
        code,
        message,
        hint,
        rate_limited: status == 429,
        missing_scopes: None,
    }
}

/// A request to the SQL API with this call's token and the headers the reference requires.
pub fn request(ctx: &Ctx, token: &Token, method: Method, path: &str) -> Result<Request, ToolError> {
    Ok(ctx
        .authorized(method, path)?
        .bearer(&token.value)
        .header("X-Snowflake-Authorization-Token-Type", token.kind)
        .header("Accept", "application/json"))
}

/// Fires the cancel request when dropped while armed: the tool call was cancelled (its
/// future dropped) or gave up waiting, with the statement still running.
struct CancelGuard {
    cancel: Option<Request>,
}

impl CancelGuard {
    fn disarm(&mut self) {
        self.cancel = None;
    }
}

impl Drop for CancelGuard {
    fn drop(&mut self) {
        if let Some(req) = self.cancel.take()
            && let Ok(rt) = tokio::runtime::Handle::try_current()
        {
            // Best effort: the call is gone, nobody reads the answer (the shared client logs it).
            rt.spawn(async move {
                let _ = req.send().await;
            });
        }
    }
}

/// The context fields of a statement (`database`, `schema`, `warehouse`, `role`) from the
/// credentials, as Snowflake's body takes them (case-sensitive, as given).
fn context_fields(ctx: &Ctx, body: &mut Map<String, Value>) {
    for (key, names) in [
        ("database", &["SNOWFLAKE_DATABASE", "database"][..]),
        ("schema", &["SNOWFLAKE_SCHEMA", "schema"][..]),
        ("warehouse", &["SNOWFLAKE_WAREHOUSE", "warehouse"][..]),
        ("role", &["SNOWFLAKE_ROLE", "role"][..]),
    ] {
        if let Some(v) = auth::field(ctx, names) {
            body.insert(key.to_owned(), Value::String(v));
        }
    }
}

/// One column of a result.
#[derive(Debug, Clone)]
pub struct Column {
    pub name: String,
    pub kind: String,
    pub scale: i64,
}

/// A statement's result, as far as it was read.
#[derive(Debug, Clone)]
pub struct ResultSet {
    pub handle: String,
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Value>>,
    /// Why not every row was read (the cap), if so.
    pub truncated: Option<String>,
    /// `stats` (rows inserted, updated, deleted) of a DML statement.
    pub stats: Option<Value>,
}

impl ResultSet {
    /// The rows as objects keyed by column name, values typed by the column's type.
    pub fn records(&self) -> Vec<Value> {
        self.rows
            .iter()
            .map(|row| {
                let mut m = Map::new();
                for (i, c) in self.columns.iter().enumerate() {
                    let v = row.get(i).cloned().unwrap_or(Value::Null);
                    m.insert(c.name.clone(), typed(c, v));
                }
                Value::Object(m)
            })
            .collect()
    }

    /// The `status` column of the first row: Snowflake's message for a DDL statement.
    pub fn status(&self) -> Option<Value> {
        self.records()
            .first()
            .and_then(|r| r.get("status").cloned())
    }
}

/// A cell (always a string or null in `jsonv2`) as JSON of its column's type.
fn typed(c: &Column, v: Value) -> Value {
    let Value::String(s) = &v else { return v };
    match c.kind.to_ascii_uppercase().as_str() {
        "FIXED" if c.scale == 0 => s.parse::<i64>().map(Value::from).unwrap_or(v),
        "REAL" => s
            .parse::<f64>()
            .ok()
            .and_then(|f| serde_json::Number::from_f64(f).map(Value::Number))
            .unwrap_or(v),
        "BOOLEAN" => match s.to_ascii_lowercase().as_str() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => v,
        },
        _ => v,
    }
}

fn columns_of(meta: &Value) -> Vec<Column> {
    meta["rowType"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| Column {
            name: c["name"].as_str().unwrap_or_default().to_owned(),
            kind: c["type"].as_str().unwrap_or_default().to_owned(),
            scale: c["scale"].as_i64().unwrap_or(0),
        })
        .collect()
}

/// Adds `data` rows to `rows` within the caps; the number of bytes taken so far in `bytes`.
/// Returns false once a cap is reached.
fn take_rows(data: &Value, rows: &mut Vec<Vec<Value>>, bytes: &mut usize) -> bool {
    for row in data.as_array().into_iter().flatten() {
        if rows.len() >= MAX_ROWS {
            return false;
        }
        let cells: Vec<Value> = row.as_array().cloned().unwrap_or_default();
        let size: usize = cells
            .iter()
            .map(|c| c.as_str().map_or(4, str::len) + 4)
            .sum();
        if *bytes + size > MAX_BYTES && !rows.is_empty() {
            return false;
        }
        *bytes += size;
        rows.push(cells);
    }
    true
}

fn handle_of(v: &Value) -> Result<String, ToolError> {
    v["statementHandle"]
        .as_str()
        .filter(|h| !h.is_empty())
        .map(str::to_owned)
        .ok_or_else(|| {
            ToolError::transport("Snowflake answered without a statementHandle".to_owned())
        })
}

/// The statement time limit: `--statement-timeout` (seconds) or five minutes.
fn time_limit(ctx: &Ctx) -> Result<Duration, ToolError> {
    Ok(ctx
        .option_secs("statement-timeout")?
        .filter(|d| !d.is_zero())
        .unwrap_or(DEFAULT_TIMEOUT))
}

/// Run one statement and read its result (capped). `bindings` fill `?` placeholders:
/// `{"1": {"type": "TEXT", "value": "..."}}`.
pub async fn execute(
    ctx: &Ctx,
    sql: &str,
    bindings: Option<Value>,
) -> Result<ResultSet, ToolError> {
    execute_in(ctx, sql, bindings, None).await
}

/// As [`execute`], in `database` and `schema` (as Snowflake stores them) instead of those of
/// the credentials.
pub async fn execute_in(
    ctx: &Ctx,
    sql: &str,
    bindings: Option<Value>,
    place: Option<(String, String)>,
) -> Result<ResultSet, ToolError> {
    let token = auth::token(ctx)?;
    let limit = time_limit(ctx)?;
    let mut body = Map::new();
    body.insert("statement".into(), Value::String(sql.to_owned()));
    body.insert("timeout".into(), json!(limit.as_secs()));
    context_fields(ctx, &mut body);
    if let Some((db, schema)) = place {
        body.insert("database".into(), Value::String(db));
        body.insert("schema".into(), Value::String(schema));
    }
    if let Some(b) = bindings {
        body.insert("bindings".into(), b);
    }
    let submitted = request(ctx, &token, Method::POST, "/api/v2/statements")?
        .query("async", "true")
        .json(&Value::Object(body))
        .send()
        .await?;
    let first: Value = submitted.json()?;
    let handle = handle_of(&first)?;
    let path = format!("/api/v2/statements/{}", seg(&handle));
    let mut done = if submitted.status.as_u16() == 200 && first.get("resultSetMetaData").is_some() {
        Some(first)
    } else {
        None
    };
    if done.is_none() {
        let mut guard = CancelGuard {
            cancel: Some(request(
                ctx,
                &token,
                Method::POST,
                &format!("{path}/cancel"),
            )?),
        };
        let outcome = poll::until_done(
            ctx,
            Poll::every(Duration::from_millis(500)).at_most(limit),
            |attempt| {
                let req = request(ctx, &token, Method::GET, &path);
                async move {
                    let resp = req?.send().await?;
                    if resp.status.as_u16() == 202 {
                        return Ok(Step::Pending(Progress::status(format!(
                            "the statement is running (check {})",
                            attempt + 1
                        ))));
                    }
                    Ok(Step::Done(resp.json::<Value>()?))
                }
            },
        )
        .await;
        match outcome {
            Ok(Outcome::Done(v)) => {
                guard.disarm();
                done = Some(v);
            }
            Ok(Outcome::StillRunning { waited, .. }) => {
                drop(guard);
                return Err(ToolError::invalid_input(format!(
                    "The statement {handle} was still running after {} s and was cancelled.",
                    waited.as_secs()
                ))
                .with_hint(
                    "narrow the query, or ask the operator for a longer --statement-timeout.",
                ));
            }
            Err(e) => {
                // A statement that failed (422) has ended; anything else may still run.
                if e.status.is_some_and(|s| s == 422 || s == 408) {
                    guard.disarm();
                }
                return Err(e);
            }
        }
    }
    let v = done.unwrap_or_default();
    let meta = v.get("resultSetMetaData").cloned().unwrap_or(Value::Null);
    let columns = columns_of(&meta);
    let total_rows = meta["numRows"].as_u64().unwrap_or(0);
    let partitions = meta["partitionInfo"].as_array().map_or(1, Vec::len).max(1);
    let mut rows = Vec::new();
    let mut bytes = 0usize;
    let mut complete = take_rows(&v["data"], &mut rows, &mut bytes);
    let mut partition = 1;
    while complete && partition < partitions {
        let part: Value = request(ctx, &token, Method::GET, &path)?
            .query("partition", partition)
            .send_json()
            .await?;
        complete = take_rows(&part["data"], &mut rows, &mut bytes);
        partition += 1;
    }
    let truncated = (!complete || (rows.len() as u64) < total_rows).then(|| {
        format!(
            "showing the first {} of {total_rows} rows: results are capped at {MAX_ROWS} rows and {} MiB of data; narrow the query (LIMIT, fewer columns, a WHERE clause) to see the rest",
            rows.len(),
            MAX_BYTES / (1024 * 1024)
        )
    });
    Ok(ResultSet {
        handle,
        columns,
        rows,
        truncated,
        stats: v.get("stats").cloned(),
    })
}
