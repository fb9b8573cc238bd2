//! list_databases, list_schemas, list_tables, describe_table.

use mcp_testkit::wiremock::MockServer;
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn list_databases_runs_show_databases() {
    let s = setup().await;
    answer(
        &s.fake,
        body("SHOW DATABASES"),
        &[
            ("created_on", "TIMESTAMP_LTZ"),
            ("name", "TEXT"),
            ("owner", "TEXT"),
            ("comment", "TEXT"),
        ],
        json!([
            ["1714000000.0", "SALES", "SYSADMIN", null],
            ["1714000001.0", "HR", "SYSADMIN", "people"]
        ]),
    )
    .await;
    let (yaml, v) = call_data(&s, "snowflake_list_databases", json!({})).await;
    assert_eq!(v["type"], "data");
    assert_eq!(v["data_id"], HANDLE);
    assert_eq!(
        v["data"],
        json!([
            {"DATABASE_NAME": "SALES", "OWNER": "SYSADMIN", "COMMENT": null, "CREATED": "1714000000.0"},
            {"DATABASE_NAME": "HR", "OWNER": "SYSADMIN", "COMMENT": "people", "CREATED": "1714000001.0"}
        ])
    );
    assert!(yaml.contains("- DATABASE_NAME: SALES"), "{yaml}");
    assert!(yaml.contains("type: data"), "{yaml}");
}

/// The fake answers list_schemas' query of database `db` (as written in the SQL) with `rows`.
async fn answer_schemas(fake: &MockServer, db: &str, rows: serde_json::Value) {
    let sql = format!(
        "SELECT SCHEMA_NAME, COMMENT FROM {db}.INFORMATION_SCHEMA.SCHEMATA ORDER BY SCHEMA_NAME"
    );
    let cols = [("SCHEMA_NAME", "TEXT"), ("COMMENT", "TEXT")];
    answer(fake, body(&sql), &cols, rows).await;
}

#[tokio::test]
async fn list_schemas_reads_information_schema() {
    let s = setup().await;
    answer_schemas(&s.fake, "sales", json!([["PUBLIC", null]])).await;
    let (_, v) = call_data(&s, "snowflake_list_schemas", json!({"database": "sales"})).await;
    assert_eq!(v["database"], "sales");
    assert_eq!(
        v["data"],
        json!([{"SCHEMA_NAME": "PUBLIC", "COMMENT": null}])
    );
}

#[tokio::test]
async fn list_schemas_quotes_a_name_that_is_not_plain() {
    let s = setup().await;
    answer_schemas(&s.fake, "\"my db; DROP DATABASE x\"", json!([])).await;
    call_data(
        &s,
        "snowflake_list_schemas",
        json!({"database": "my db; DROP DATABASE x"}),
    )
    .await;
}

#[tokio::test]
async fn list_tables_binds_the_schema() {
    let s = setup().await;
    let mut b = body(
        "SELECT TABLE_CATALOG, TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, ROW_COUNT, COMMENT FROM sales.INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME",
    );
    b["bindings"] = json!({"1": {"type": "TEXT", "value": "PUBLIC"}});
    answer(
        &s.fake,
        b,
        &[
            ("TABLE_CATALOG", "TEXT"),
            ("TABLE_SCHEMA", "TEXT"),
            ("TABLE_NAME", "TEXT"),
            ("TABLE_TYPE", "TEXT"),
            ("ROW_COUNT", "FIXED"),
            ("COMMENT", "TEXT"),
        ],
        json!([["SALES", "PUBLIC", "ORDERS", "BASE TABLE", "42", null]]),
    )
    .await;
    let (_, v) = call_data(
        &s,
        "snowflake_list_tables",
        json!({"database": "sales", "schema": "public"}),
    )
    .await;
    assert_eq!(
        v["data"],
        json!([{"TABLE_CATALOG": "SALES", "TABLE_SCHEMA": "PUBLIC", "TABLE_NAME": "ORDERS", "TABLE_TYPE": "BASE TABLE", "ROW_COUNT": 42, "COMMENT": null}])
    );
    assert_eq!(v["schema"], "public");
}

fn describe_body(db: &str, schema: &str, table: &str) -> serde_json::Value {
    let mut b = body(&format!(
        "SELECT COLUMN_NAME, COLUMN_DEFAULT, IS_NULLABLE, DATA_TYPE, COMMENT FROM {db}.INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION"
    ));
    b["bindings"] =
        json!({"1": {"type": "TEXT", "value": schema}, "2": {"type": "TEXT", "value": table}});
    b
}

#[tokio::test]
async fn describe_table_splits_the_qualified_name() {
    let s = setup().await;
    answer(
        &s.fake,
        describe_body("sales", "PUBLIC", "Order Lines"),
        &[
            ("COLUMN_NAME", "TEXT"),
            ("COLUMN_DEFAULT", "TEXT"),
            ("IS_NULLABLE", "TEXT"),
            ("DATA_TYPE", "TEXT"),
            ("COMMENT", "TEXT"),
        ],
        json!([
            ["ID", null, "NO", "NUMBER", "key"],
            ["NOTE", null, "YES", "TEXT", null]
        ]),
    )
    .await;
    let (_, v) = call_data(
        &s,
        "snowflake_describe_table",
        json!({"table_name": "sales.public.\"Order Lines\""}),
    )
    .await;
    assert_eq!(
        v["data"][0],
        json!({"COLUMN_NAME": "ID", "COLUMN_DEFAULT": null, "IS_NULLABLE": "NO", "DATA_TYPE": "NUMBER", "COMMENT": "key"})
    );
    assert_eq!(v["table"], "\"Order Lines\"");
}

#[tokio::test]
async fn describe_table_of_a_missing_table_says_so() {
    let s = setup().await;
    answer(
        &s.fake,
        describe_body("sales", "PUBLIC", "NOPE"),
        &[("COLUMN_NAME", "TEXT")],
        json!([]),
    )
    .await;
    let err = s
        .client
        .call_err(
            "snowflake_describe_table",
            json!({"table_name": "sales.public.nope"}),
        )
        .await;
    assert!(err.contains("No table `sales.public.nope`"), "{err}");
}

#[tokio::test]
async fn describe_table_needs_a_database_when_the_credentials_name_none() {
    let s = setup().await;
    let err = refused(
        &s,
        "snowflake_describe_table",
        json!({"table_name": "orders"}),
    )
    .await;
    assert!(err.contains("fully qualified"), "{err}");
}

#[tokio::test]
async fn describe_table_takes_the_default_database_and_schema() {
    let mut c = creds();
    c["SNOWFLAKE_DATABASE"] = json!("SALES");
    c["SNOWFLAKE_SCHEMA"] = json!("PUBLIC");
    let s = setup_with(c).await;
    let mut b = describe_body("SALES", "PUBLIC", "ORDERS");
    b["database"] = json!("SALES");
    b["schema"] = json!("PUBLIC");
    answer(&s.fake, b, &[("COLUMN_NAME", "TEXT")], json!([["ID"]])).await;
    call_data(
        &s,
        "snowflake_describe_table",
        json!({"table_name": "orders"}),
    )
    .await;
}
