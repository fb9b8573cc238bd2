//! Create and drop databases, schemas and tables in bulk: one statement per object, names
//! written as identifiers (plain, or double-quoted with `"` doubled), never pasted as SQL.

use mcp_shared::{Ctx, Effect, Output, Profile, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api;
use crate::sql::{self, ident, stored_name};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef, name: &'static str| d.toolset("ddl").profile(Profile::Toolathlon, name);
    vec![
        t(
            tool(
                "snowflake_create_databases",
                "Create databases",
                Effect::IdempotentWrite,
                create_databases,
            ),
            "create_databases",
        ),
        t(
            tool(
                "snowflake_drop_databases",
                "Drop databases",
                Effect::Destructive,
                drop_databases,
            ),
            "drop_databases",
        ),
        t(
            tool(
                "snowflake_create_schemas",
                "Create schemas",
                Effect::IdempotentWrite,
                create_schemas,
            ),
            "create_schemas",
        ),
        t(
            tool(
                "snowflake_drop_schemas",
                "Drop schemas",
                Effect::Destructive,
                drop_schemas,
            ),
            "drop_schemas",
        ),
        t(
            tool(
                "snowflake_create_tables",
                "Create tables",
                Effect::Write,
                create_tables,
            ),
            "create_tables",
        ),
        t(
            tool(
                "snowflake_drop_tables",
                "Drop tables",
                Effect::Destructive,
                drop_tables,
            ),
            "drop_tables",
        ),
    ]
}

fn non_empty<T>(items: &[T], what: &str) -> Result<(), ToolError> {
    if items.is_empty() {
        return Err(ToolError::invalid_input(format!("`{what}` lists nothing")));
    }
    Ok(())
}

/// Run `(name, statement)` one after the other; every one is tried. The result lists each
/// name with `ok` or Snowflake's error; the call fails, naming what did succeed, when any
/// statement failed.
async fn batch(
    ctx: &Ctx,
    key: &str,
    done: &str,
    items: Vec<(String, String)>,
    place: Option<(String, String)>,
) -> Result<Output, ToolError> {
    let mut results = Vec::new();
    let mut failed = 0;
    for (name, statement) in items {
        match api::execute_in(ctx, &statement, None, place.clone()).await {
            Ok(rs) => {
                let status = rs.status().unwrap_or(Value::Null);
                results.push(json!({key: name, "ok": true, "status": status}));
            }
            Err(e) => {
                failed += 1;
                results.push(json!({key: name, "ok": false, "error": e.to_string()}));
            }
        }
    }
    let out =
        json!({ done: results.iter().filter(|r| r["ok"] == true).count(), "results": results });
    if failed > 0 {
        return Err(ToolError::invalid_input(format!(
            "{failed} of {} statements failed; the others took effect: {out}",
            results.len()
        )));
    }
    Ok(Output::Json(out))
}

/// One statement per name, `{lead}{name}` with the name written as an identifier (`field`
/// names the argument in errors), run by `batch`.
async fn per_name(
    ctx: &Ctx,
    names: &[String],
    field: &str,
    lead: &str,
    key: &str,
    done: &str,
) -> Result<Output, ToolError> {
    let items = names
        .iter()
        .map(|n| Ok((n.clone(), format!("{lead}{}", ident(n, field)?))))
        .collect::<Result<Vec<_>, ToolError>>()?;
    batch(ctx, key, done, items, None).await
}

/// Create databases (`CREATE DATABASE IF NOT EXISTS`, one statement each; an existing one is
/// left as it is). Returns each name with its outcome.
#[derive(Deserialize, JsonSchema)]
pub struct CreateDatabases {
    /// Database names (plain names are stored upper case; `"Quoted"` keeps case).
    pub databases: Vec<String>,
}

async fn create_databases(ctx: Ctx, a: CreateDatabases) -> Result<Output, ToolError> {
    non_empty(&a.databases, "databases")?;
    let lead = "CREATE DATABASE IF NOT EXISTS ";
    per_name(&ctx, &a.databases, "databases", lead, "database", "created").await
}

/// Drop databases and everything in them (`DROP DATABASE IF EXISTS`, one statement each).
/// Returns each name with its outcome.
#[derive(Deserialize, JsonSchema)]
pub struct DropDatabases {
    /// Database names.
    pub databases: Vec<String>,
}

async fn drop_databases(ctx: Ctx, a: DropDatabases) -> Result<Output, ToolError> {
    non_empty(&a.databases, "databases")?;
    let lead = "DROP DATABASE IF EXISTS ";
    per_name(&ctx, &a.databases, "databases", lead, "database", "dropped").await
}

/// Create schemas in a database (`CREATE SCHEMA IF NOT EXISTS db.schema`, one statement
/// each). Returns each name with its outcome.
#[derive(Deserialize, JsonSchema)]
pub struct CreateSchemas {
    /// The database.
    pub database: String,
    /// Schema names.
    pub schemas: Vec<String>,
}

async fn create_schemas(ctx: Ctx, a: CreateSchemas) -> Result<Output, ToolError> {
    non_empty(&a.schemas, "schemas")?;
    let lead = format!(
        "CREATE SCHEMA IF NOT EXISTS {}.",
        ident(&a.database, "database")?
    );
    per_name(&ctx, &a.schemas, "schemas", &lead, "schema", "created").await
}

/// Drop schemas of a database and everything in them (`DROP SCHEMA IF EXISTS db.schema`,
/// one statement each). Returns each name with its outcome.
#[derive(Deserialize, JsonSchema)]
pub struct DropSchemas {
    /// The database.
    pub database: String,
    /// Schema names.
    pub schemas: Vec<String>,
}

async fn drop_schemas(ctx: Ctx, a: DropSchemas) -> Result<Output, ToolError> {
    non_empty(&a.schemas, "schemas")?;
    let lead = format!("DROP SCHEMA IF EXISTS {}.", ident(&a.database, "database")?);
    per_name(&ctx, &a.schemas, "schemas", &lead, "schema", "dropped").await
}

/// A table to create: a whole CREATE TABLE statement, or a name and its column definitions.
#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum TableSpec {
    /// A CREATE TABLE statement, run in the given database and schema.
    Sql(String),
    /// A table name and its column list (`id INT, name STRING`).
    Def { name: String, definition: String },
}

/// Create tables in a schema, one statement each: each item is a CREATE TABLE statement (run
/// with the given database and schema as its context) or `{name, definition}` (run as
/// `CREATE TABLE IF NOT EXISTS db.schema.name (definition)`). Returns each table with its
/// outcome.
#[derive(Deserialize, JsonSchema)]
pub struct CreateTables {
    /// The database.
    pub database: String,
    /// The schema.
    pub schema: String,
    /// The tables: CREATE TABLE statements, or `{"name": ..., "definition": "<columns>"}`.
    pub tables: Vec<TableSpec>,
}

async fn create_tables(ctx: Ctx, a: CreateTables) -> Result<Output, ToolError> {
    non_empty(&a.tables, "tables")?;
    let db = ident(&a.database, "database")?;
    let schema = ident(&a.schema, "schema")?;
    let mut items = Vec::new();
    for (i, t) in a.tables.iter().enumerate() {
        match t {
            TableSpec::Sql(s) => {
                if !sql::is_create_table(s) {
                    return Err(ToolError::invalid_input(format!(
                        "`tables[{i}]` is not a CREATE TABLE statement (it starts with {}). Nothing was sent to Snowflake.",
                        sql::first_word(s).unwrap_or_else(|| "nothing".to_owned())
                    )));
                }
                items.push((format!("tables[{i}]"), s.clone()));
            }
            TableSpec::Def { name, definition } => {
                let def = definition.trim();
                if def.is_empty() {
                    return Err(ToolError::invalid_input(format!(
                        "`tables[{i}].definition` is empty"
                    )));
                }
                let cols = if def.starts_with('(') {
                    def.to_owned()
                } else {
                    format!("({def})")
                };
                items.push((
                    name.clone(),
                    format!(
                        "CREATE TABLE IF NOT EXISTS {db}.{schema}.{} {cols}",
                        ident(name, "tables")?
                    ),
                ));
            }
        }
    }
    let place = Some((stored_name(&a.database), stored_name(&a.schema)));
    batch(&ctx, "table", "created", items, place).await
}

/// Drop tables of a schema (`DROP TABLE IF EXISTS db.schema.table`, one statement each).
/// Returns each name with its outcome.
#[derive(Deserialize, JsonSchema)]
pub struct DropTables {
    /// The database.
    pub database: String,
    /// The schema.
    pub schema: String,
    /// Table names.
    pub tables: Vec<String>,
}

async fn drop_tables(ctx: Ctx, a: DropTables) -> Result<Output, ToolError> {
    non_empty(&a.tables, "tables")?;
    let db = ident(&a.database, "database")?;
    let schema = ident(&a.schema, "schema")?;
    let lead = format!("DROP TABLE IF EXISTS {db}.{schema}.");
    per_name(&ctx, &a.tables, "tables", &lead, "table", "dropped").await
}
