//! The connector: one bounded connection pool per distinct connection string (never shared
//! between credentials, closed when idle), the safety settings, and PostgreSQL errors as
//! messages for people and agents.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{
    Manager, ManagerConfig, Object, Pool, PoolError, RecyclingMethod, Runtime,
};
use futures::{StreamExt, pin_mut};
use mcp_shared::{Ctx, ErrorKind, Pools, Settings, State, ToolError};
use serde_json::{Value, json};
use tokio_postgres::GenericClient;
use tokio_postgres::config::SslMode;
use tokio_postgres::types::ToSql;

use crate::tls::Rustls;
use crate::values;

pub const STATEMENT_TIMEOUT: &str = "statement-timeout";
pub const MAX_ROWS: &str = "max-rows";
pub const POOL_SIZE: &str = "pool-size";

/// The server's process state.
pub struct Db {
    pools: Arc<Pools<Pool>>,
    /// Per statement, in milliseconds.
    pub statement_timeout_ms: u64,
    pub max_rows: usize,
    pool_size: usize,
}

fn number(settings: &Settings, name: &str, default: u64) -> Result<u64, String> {
    match settings.option(name) {
        None => Ok(default),
        Some(v) => v
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| format!("--{name} must be a whole number above 0, got `{v}`")),
    }
}

pub fn make_state(settings: &Settings) -> Result<State, String> {
    let secs = number(settings, STATEMENT_TIMEOUT, 30)?;
    Ok(Arc::new(Db {
        pools: Pools::new(64, Duration::from_secs(300)),
        statement_timeout_ms: secs.saturating_mul(1000),
        max_rows: usize::try_from(number(settings, MAX_ROWS, 500)?).unwrap_or(usize::MAX),
        pool_size: usize::try_from(number(settings, POOL_SIZE, 5)?).unwrap_or(5),
    }))
}

/// How the connection string asks for TLS.
#[derive(Debug, PartialEq, Eq)]
enum Tls {
    Off,
    /// Encrypt without checking the certificate (`prefer`, `require`).
    Encrypt(SslMode),
    /// Check the chain against the webpki roots and the host name (`verify-ca`, `verify-full`).
    Verify,
}

/// Parse the connection string (URL or `key=value` form), taking `sslmode` out since the
/// driver knows only `disable|prefer|require`.
fn parse(dsn: &str) -> Result<(tokio_postgres::Config, Tls), ToolError> {
    let bad = |why: String| {
        ToolError::invalid_input(format!("The connection string is not valid: {why}."))
            .with_hint("send postgresql://user:password@host:5432/database[?sslmode=require].")
    };
    let mut mode: Option<String> = None;
    let cleaned = if dsn.starts_with("postgres://") || dsn.starts_with("postgresql://") {
        let mut url = url::Url::parse(dsn).map_err(|e| bad(e.to_string()))?;
        let pairs: Vec<(String, String)> = url
            .query_pairs()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let mut kept = Vec::new();
        for (k, v) in pairs {
            match k.as_str() {
                "sslmode" => mode = Some(v),
                "sslrootcert" | "sslcert" | "sslkey" | "sslcrl" | "sslpassword" => {}
                _ => kept.push((k, v)),
            }
        }
        if kept.is_empty() {
            url.set_query(None);
        } else {
            url.query_pairs_mut().clear().extend_pairs(kept);
        }
        url.to_string()
    } else {
        dsn.split_whitespace()
            .filter(|t| {
                if let Some(v) = t.strip_prefix("sslmode=") {
                    mode = Some(v.trim_matches('\'').to_owned());
                    false
                } else {
                    true
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let tls = match mode.as_deref().unwrap_or("prefer") {
        "disable" => Tls::Off,
        "allow" | "prefer" => Tls::Encrypt(SslMode::Prefer),
        "require" => Tls::Encrypt(SslMode::Require),
        "verify-ca" | "verify-full" => Tls::Verify,
        other => {
            return Err(bad(format!(
                "sslmode `{other}` is not one of disable, allow, prefer, require, verify-ca, verify-full"
            )));
        }
    };
    let mut config = tokio_postgres::Config::from_str(&cleaned).map_err(|e| bad(e.to_string()))?;
    config.ssl_mode(match tls {
        Tls::Off => SslMode::Disable,
        Tls::Encrypt(m) => m,
        Tls::Verify => SslMode::Require,
    });
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(Duration::from_secs(10));
    }
    if config.get_application_name().is_none() {
        config.application_name("postgres-mcp-server");
    }
    Ok((config, tls))
}

/// `host:port` of a config, for messages (never the user or password).
fn address(config: &tokio_postgres::Config) -> String {
    let host = match config.get_hosts().first() {
        Some(tokio_postgres::config::Host::Tcp(h)) => h.clone(),
        #[cfg(unix)]
        Some(tokio_postgres::config::Host::Unix(p)) => p.display().to_string(),
        None => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    format!("{host}:{port}")
}

fn pool(dsn: &str, size: usize) -> Result<Pool, ToolError> {
    let (config, tls) = parse(dsn)?;
    let connector = match tls {
        Tls::Verify => Rustls::verifying(),
        _ => Rustls::encrypting_only(),
    }
    .map_err(|e| ToolError::transport(format!("TLS set-up failed: {e}")))?;
    let manager = Manager::from_config(
        config,
        connector,
        ManagerConfig {
            // Resets what a statement may have changed in its session (SET, SET ROLE, temp
            // tables, LISTEN, advisory locks) before a connection is used again.
            recycling_method: RecyclingMethod::Clean,
        },
    );
    Pool::builder(manager)
        .max_size(size)
        .runtime(Runtime::Tokio1)
        .wait_timeout(Some(Duration::from_secs(30)))
        .create_timeout(Some(Duration::from_secs(15)))
        .recycle_timeout(Some(Duration::from_secs(10)))
        .build()
        .map_err(|e| ToolError::transport(format!("connection pool set-up failed: {e}")))
}

impl Db {
    pub fn of(ctx: &Ctx) -> Result<&Db, ToolError> {
        ctx.state::<Db>()
    }

    /// A connection of this request's database, from its own pool.
    pub async fn client(&self, ctx: &Ctx) -> Result<Object, ToolError> {
        let dsn = ctx.connection()?;
        let pool = self
            .pools
            .get(&dsn, || async { pool(dsn.expose(), self.pool_size) })
            .await?;
        let at = parse(dsn.expose())
            .map(|(c, _)| address(&c))
            .unwrap_or_default();
        pool.get().await.map_err(|e| match e {
            PoolError::Backend(e) => connect_error(&e, &at),
            PoolError::Timeout(deadpool_postgres::TimeoutType::Wait) => {
                ToolError::transport(format!(
                    "All {} connections to PostgreSQL at {at} stayed busy for 30 s.",
                    self.pool_size
                ))
                .with_hint("retry later, or raise --pool-size.")
            }
            PoolError::Timeout(_) => ToolError::transport(format!(
                "PostgreSQL at {at} did not accept a connection in time."
            ))
            .with_hint(
                "check the host and port of the connection string and that the server runs.",
            ),
            other => ToolError::transport(format!("No connection to PostgreSQL at {at}: {other}.")),
        })
    }

    /// Start a transaction (read-only or not) with this server's statement timeout.
    pub async fn begin<'a>(
        &self,
        client: &'a mut Object,
        read_only: bool,
    ) -> Result<deadpool_postgres::Transaction<'a>, ToolError> {
        let tx = client
            .build_transaction()
            .read_only(read_only)
            .start()
            .await
            .map_err(|e| pg_error(&e))?;
        // A query, so the transaction has its snapshot: a statement can no longer turn the
        // transaction read-write.
        tx.query(
            "SELECT set_config('statement_timeout', $1, true)",
            &[&self.timeout_text()],
        )
        .await
        .map_err(|e| pg_error(&e))?;
        Ok(tx)
    }

    pub fn timeout_text(&self) -> String {
        format!("{}ms", self.statement_timeout_ms)
    }
}

/// Connection failures: where, and what to check; never the credentials.
fn connect_error(e: &tokio_postgres::Error, at: &str) -> ToolError {
    if let Some(db) = e.as_db_error() {
        let hint = match db.code().code() {
            "28P01" | "28000" => "check the user and password of the connection string.",
            "3D000" => "check the database name of the connection string.",
            "53300" => "the server has no free connection slots; retry later.",
            _ => "check the connection string.",
        };
        return ToolError::new(
            ErrorKind::Upstream,
            format!(
                "PostgreSQL at {at} refused the connection: {}.",
                db.message()
            ),
        )
        .with_code(db.code().code())
        .with_hint(hint);
    }
    let cause = std::error::Error::source(e).map_or_else(|| e.to_string(), |s| s.to_string());
    ToolError::transport(format!("Cannot connect to PostgreSQL at {at}: {cause}."))
        .with_hint("check the host, port and sslmode of the connection string and that the server runs and accepts connections from this host.")
}

/// A statement's failure: PostgreSQL's message, detail and hint, and ours for the safety
/// settings.
pub fn pg_error(e: &tokio_postgres::Error) -> ToolError {
    let Some(db) = e.as_db_error() else {
        return ToolError::transport(format!("The PostgreSQL connection failed: {e}."))
            .with_hint("retry; if it persists, check that the server is up.");
    };
    let code = db.code().code();
    let mut message = format!("PostgreSQL error {code}: {}", db.message());
    if let Some(d) = db.detail() {
        message.push_str(&format!(" ({d})"));
    }
    let hint = match code {
        "57014" => Some(
            "the statement ran past this server's statement timeout and was cancelled; make it cheaper (filters, LIMIT, an index) or ask the operator to raise --statement-timeout."
                .to_owned(),
        ),
        "25006" => Some(
            "this call runs in a read-only transaction (the server's --read-only or the request's X-MCP-Readonly, and always for explain_query), so nothing can be written."
                .to_owned(),
        ),
        "42601" if db.message().contains("multiple commands") => Some(
            "send one statement per call (no `;` between statements); each call runs in its own transaction."
                .to_owned(),
        ),
        _ => db.hint().map(str::to_owned),
    };
    let err = ToolError::new(ErrorKind::Upstream, message).with_code(code);
    match hint {
        Some(h) => err.with_hint(h),
        None => err,
    }
}

pub fn no_params() -> impl ExactSizeIterator<Item = &'static (dyn ToSql + Sync)> {
    std::iter::empty()
}

/// Rows of a statement, at most `max` (then `truncated`), as `columns` + `rows`.
pub async fn rows<C: GenericClient>(c: &C, sql: &str, max: usize) -> Result<Value, ToolError> {
    let stmt = c.prepare(sql).await.map_err(|e| pg_error(&e))?;
    if !stmt.params().is_empty() {
        return Err(ToolError::invalid_input(format!(
            "The statement has {} parameter placeholder(s) ($1...), but no values can be passed: write the values into the SQL.",
            stmt.params().len()
        )));
    }
    let columns: Vec<&str> = stmt.columns().iter().map(|c| c.name()).collect();
    let stream = c
        .query_raw(&stmt, no_params())
        .await
        .map_err(|e| pg_error(&e))?;
    pin_mut!(stream);
    let mut out = Vec::new();
    let mut truncated = false;
    while let Some(row) = stream.next().await {
        let row = row.map_err(|e| pg_error(&e))?;
        if out.len() == max {
            truncated = true;
            break;
        }
        out.push(Value::Array(values::row(&row)));
    }
    let mut v = json!({ "columns": columns, "rows": out, "row_count": out.len() });
    if truncated {
        v["truncated"] = json!(true);
        v["note"] = json!(format!(
            "Result cut at {max} rows (the server's --max-rows); add LIMIT/OFFSET or filters to see the rest."
        ));
    } else if columns.is_empty() {
        v = json!({ "rows_affected": stream.rows_affected().unwrap_or(0) });
    }
    Ok(v)
}

/// All rows of a catalog query as objects keyed by column name.
pub async fn objects<C: GenericClient>(
    c: &C,
    sql: &str,
    params: &[&(dyn ToSql + Sync)],
) -> Result<Vec<Value>, ToolError> {
    let rows = c.query(sql, params).await.map_err(|e| pg_error(&e))?;
    Ok(rows
        .iter()
        .map(|r| {
            let names = r.columns().iter().map(|c| c.name().to_owned());
            Value::Object(names.zip(values::row(r)).collect())
        })
        .collect())
}

/// Quote an identifier as PostgreSQL does (`quote_ident`).
pub fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Whether an extension is installed in the current database.
pub async fn has_extension<C: GenericClient>(c: &C, name: &str) -> Result<bool, ToolError> {
    let r = c
        .query_opt("SELECT 1 FROM pg_extension WHERE extname = $1", &[&name])
        .await
        .map_err(|e| pg_error(&e))?;
    Ok(r.is_some())
}

/// The message for a missing extension: create it here, or install it on the server first.
pub async fn missing_extension<C: GenericClient>(c: &C, name: &str, why: &str) -> ToolError {
    let available = c
        .query_opt(
            "SELECT 1 FROM pg_available_extensions WHERE name = $1",
            &[&name],
        )
        .await
        .ok()
        .flatten()
        .is_some();
    let hint = if available {
        format!(
            "a user allowed to create extensions can run `CREATE EXTENSION {name};` in this database."
        )
    } else {
        format!(
            "the server does not have it: install it (e.g. Debian's postgresql-<version>-{name} package), then `CREATE EXTENSION {name};`."
        )
    };
    ToolError::invalid_input(format!(
        "The {name} extension is not installed in this database; {why}."
    ))
    .with_hint(hint)
}
