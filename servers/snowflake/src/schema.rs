//! The catalog: databases (`SHOW DATABASES`), schemas, tables and columns (each database's
//! `INFORMATION_SCHEMA`), with names bound as parameters where they are values.

use mcp_shared::{Ctx, Effect, Output, Profile, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, ResultSet};
use crate::auth;
use crate::output;
use crate::sql::{ident, split_qualified, stored_name};

pub fn tools() -> Vec<ToolDef> {
    let t =
        |d: ToolDef, name: &'static str| d.toolset("catalog").profile(Profile::Toolathlon, name);
    vec![
        t(
            tool(
                "snowflake_list_databases",
                "List databases",
                Effect::Read,
                list_databases,
            ),
            "list_databases",
        ),
        t(
            tool(
                "snowflake_list_schemas",
                "List schemas",
                Effect::Read,
                list_schemas,
            ),
            "list_schemas",
        ),
        t(
            tool(
                "snowflake_list_tables",
                "List tables",
                Effect::Read,
                list_tables,
            ),
            "list_tables",
        ),
        t(
            tool(
                "snowflake_describe_table",
                "Describe table",
                Effect::Read,
                describe_table,
            ),
            "describe_table",
        ),
    ]
}

/// `{"1": {"type": "TEXT", "value": a}, "2": ...}`: the SQL API's bindings for `?` markers.
pub fn text_bindings(values: &[&str]) -> Value {
    let mut m = serde_json::Map::new();
    for (i, v) in values.iter().enumerate() {
        m.insert((i + 1).to_string(), json!({"type": "TEXT", "value": v}));
    }
    Value::Object(m)
}

/// List the databases the role can see. Returns YAML of `{type: data, data_id, data:
/// [{DATABASE_NAME, OWNER, COMMENT, CREATED}]}` and the same as a JSON resource.
#[derive(Deserialize, JsonSchema)]
pub struct ListDatabases {}

async fn list_databases(ctx: Ctx, _a: ListDatabases) -> Result<Output, ToolError> {
    let rs = api::execute(&ctx, "SHOW DATABASES", None).await?;
    // SHOW answers lower-case columns (`name`, `owner`, ...): the variant's names.
    let pick = |rec: &Value, k: &str| rec.get(k).cloned().unwrap_or(Value::Null);
    let rows: Vec<Vec<Value>> = rs
        .records()
        .iter()
        .map(|r| {
            vec![
                pick(r, "name"),
                pick(r, "owner"),
                pick(r, "comment"),
                pick(r, "created_on"),
            ]
        })
        .collect();
    let projected = ResultSet {
        columns: ["DATABASE_NAME", "OWNER", "COMMENT", "CREATED"]
            .iter()
            .map(|n| api::Column {
                name: (*n).to_owned(),
                kind: "TEXT".to_owned(),
                scale: 0,
            })
            .collect(),
        rows,
        ..rs
    };
    output::data(&projected, vec![])
}

/// List the schemas of a database (its INFORMATION_SCHEMA.SCHEMATA). Returns YAML of
/// `{type: data, data_id, database, data: [{SCHEMA_NAME, COMMENT}]}` and the same as JSON.
#[derive(Deserialize, JsonSchema)]
pub struct ListSchemas {
    /// The database (a plain name is matched case-insensitively; `"Quoted"` exactly).
    pub database: String,
}

async fn list_schemas(ctx: Ctx, a: ListSchemas) -> Result<Output, ToolError> {
    let db = ident(&a.database, "database")?;
    let sql = format!(
        "SELECT SCHEMA_NAME, COMMENT FROM {db}.INFORMATION_SCHEMA.SCHEMATA ORDER BY SCHEMA_NAME"
    );
    let rs = api::execute(&ctx, &sql, None).await?;
    output::data(&rs, vec![("database", json!(a.database))])
}

/// List the tables and views of a schema (INFORMATION_SCHEMA.TABLES). Returns YAML of
/// `{type: data, data_id, database, schema, data: [{TABLE_CATALOG, TABLE_SCHEMA, TABLE_NAME,
/// TABLE_TYPE, ROW_COUNT, COMMENT}]}` and the same as JSON.
#[derive(Deserialize, JsonSchema)]
pub struct ListTables {
    /// The database.
    pub database: String,
    /// The schema in that database.
    pub schema: String,
}

async fn list_tables(ctx: Ctx, a: ListTables) -> Result<Output, ToolError> {
    let db = ident(&a.database, "database")?;
    ident(&a.schema, "schema")?;
    let sql = format!(
        "SELECT TABLE_CATALOG, TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, ROW_COUNT, COMMENT FROM {db}.INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME"
    );
    let binds = text_bindings(&[&stored_name(&a.schema)]);
    let rs = api::execute(&ctx, &sql, Some(binds)).await?;
    output::data(
        &rs,
        vec![("database", json!(a.database)), ("schema", json!(a.schema))],
    )
}

/// Describe a table's columns (INFORMATION_SCHEMA.COLUMNS): name, default, nullability, type
/// and comment, in column order. Returns YAML of `{type: data, data_id, database, schema,
/// table, data: [{COLUMN_NAME, COLUMN_DEFAULT, IS_NULLABLE, DATA_TYPE, COMMENT}]}` and the
/// same as JSON.
#[derive(Deserialize, JsonSchema)]
pub struct DescribeTable {
    /// The table, fully qualified: `database.schema.table` (a shorter name is taken in the
    /// credentials' SNOWFLAKE_DATABASE and SNOWFLAKE_SCHEMA).
    pub table_name: String,
}

async fn describe_table(ctx: Ctx, a: DescribeTable) -> Result<Output, ToolError> {
    let parts = split_qualified(&a.table_name);
    let from_creds = |names: &[&str], what: &str| {
        auth::field(&ctx, names).ok_or_else(|| {
            ToolError::invalid_input(format!(
                "`table_name` must be fully qualified (`database.schema.table`): `{}` names no {what}, and the credentials set no default one",
                a.table_name
            ))
        })
    };
    let (db, schema, table) = match parts.as_slice() {
        [d, s, t] => (d.clone(), s.clone(), t.clone()),
        [s, t] => (
            from_creds(&["SNOWFLAKE_DATABASE", "database"], "database")?,
            s.clone(),
            t.clone(),
        ),
        [t] => (
            from_creds(&["SNOWFLAKE_DATABASE", "database"], "database")?,
            from_creds(&["SNOWFLAKE_SCHEMA", "schema"], "schema")?,
            t.clone(),
        ),
        _ => {
            return Err(ToolError::invalid_input(format!(
                "`table_name` must be `database.schema.table`, not `{}`",
                a.table_name
            )));
        }
    };
    let db_sql = ident(&db, "table_name")?;
    ident(&schema, "table_name")?;
    ident(&table, "table_name")?;
    let sql = format!(
        "SELECT COLUMN_NAME, COLUMN_DEFAULT, IS_NULLABLE, DATA_TYPE, COMMENT FROM {db_sql}.INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION"
    );
    let binds = text_bindings(&[&stored_name(&schema), &stored_name(&table)]);
    let rs = api::execute(&ctx, &sql, Some(binds)).await?;
    if rs.rows.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "No table `{}` with columns the role can see (looked for {}.{}.{}).",
            a.table_name,
            stored_name(&db),
            stored_name(&schema),
            stored_name(&table)
        ))
        .with_hint("list the tables with list_tables; plain names are upper case in Snowflake unless created quoted."));
    }
    output::data(
        &rs,
        vec![
            ("database", json!(db)),
            ("schema", json!(schema)),
            ("table", json!(table)),
        ],
    )
}
