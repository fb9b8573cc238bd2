//! SQL the caller writes: read queries (checked to only read), writes, and CREATE TABLE.

use mcp_shared::{Ctx, Effect, Output, Profile, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

use crate::api;
use crate::output;
use crate::sql;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef, name: &'static str| d.toolset("query").profile(Profile::Toolathlon, name);
    vec![
        t(
            tool(
                "snowflake_read_query",
                "Run a read query",
                Effect::Read,
                read_query,
            ),
            "read_query",
        ),
        t(
            tool(
                "snowflake_write_query",
                "Run a write statement",
                Effect::Destructive,
                write_query,
            ),
            "write_query",
        ),
        t(
            tool(
                "snowflake_create_table",
                "Create a table",
                Effect::Write,
                create_table,
            ),
            "create_table",
        ),
    ]
}

/// Run a statement and answer with its rows (YAML and the JSON resource).
async fn rows(ctx: &Ctx, query: &str) -> Result<Output, ToolError> {
    let rs = api::execute(ctx, query, None).await?;
    output::data(&rs, vec![])
}

/// Run one SQL statement that only reads (SELECT, SHOW, DESCRIBE, EXPLAIN, WITH ... SELECT)
/// and return its rows: YAML of `{type: data, data_id, data: [rows]}` and the same as a JSON
/// resource; at most 10,000 rows (the result says when it was cut). Statements that change
/// anything are refused before they are sent.
#[derive(Deserialize, JsonSchema)]
pub struct ReadQuery {
    /// One SELECT (or SHOW, DESCRIBE, EXPLAIN, WITH) statement; name tables fully
    /// (`db.schema.table`).
    pub query: String,
}

async fn read_query(ctx: Ctx, a: ReadQuery) -> Result<Output, ToolError> {
    if let Some(why) = sql::not_read_only(&a.query) {
        return Err(ToolError::invalid_input(format!(
            "read_query runs only statements that read, and this one may not: {why}. Nothing was sent to Snowflake."
        ))
        .with_hint(if ctx.read_only() {
            "this server is read-only: only SELECT, SHOW, DESCRIBE, EXPLAIN and WITH ... SELECT run."
        } else {
            "use write_query (or create_table) for statements that change data or objects."
        }));
    }
    rows(&ctx, &a.query).await
}

/// Run one SQL statement that changes data or objects (INSERT, UPDATE, DELETE, MERGE, DDL...)
/// and return its result: YAML of `{type: data, data_id, data, stats}` (rows inserted,
/// updated, deleted) and the same as a JSON resource. A statement that only reads is refused:
/// use read_query.
#[derive(Deserialize, JsonSchema)]
pub struct WriteQuery {
    /// One SQL statement that writes; name tables fully (`db.schema.table`).
    pub query: String,
}

async fn write_query(ctx: Ctx, a: WriteQuery) -> Result<Output, ToolError> {
    if sql::not_read_only(&a.query).is_none() {
        return Err(ToolError::invalid_input(
            "write_query is for statements that change data or objects; this one only reads. Nothing was sent to Snowflake.",
        )
        .with_hint("use read_query for SELECT, SHOW, DESCRIBE and EXPLAIN."));
    }
    rows(&ctx, &a.query).await
}

/// Create a table with a CREATE TABLE statement (`CREATE [OR REPLACE] [TRANSIENT] TABLE
/// db.schema.name (...)`; CREATE TABLE ... AS SELECT too). Returns the statement handle and
/// Snowflake's status message.
#[derive(Deserialize, JsonSchema)]
pub struct CreateTable {
    /// The CREATE TABLE statement.
    pub query: String,
}

async fn create_table(ctx: Ctx, a: CreateTable) -> Result<Output, ToolError> {
    if !sql::is_create_table(&a.query) {
        return Err(ToolError::invalid_input(format!(
            "create_table takes only a CREATE TABLE statement, and this one starts with {}. Nothing was sent to Snowflake.",
            sql::first_word(&a.query).unwrap_or_else(|| "nothing".to_owned())
        ))
        .with_hint("use write_query for other statements."));
    }
    let rs = api::execute(&ctx, &a.query, None).await?;
    let status = rs.status().unwrap_or(json!("Table created"));
    Ok(Output::Json(json!({
        "created": true,
        "status": status,
        "data_id": rs.handle,
    })))
}
