//! create_databases, drop_databases, create_schemas, drop_schemas, create_tables, drop_tables.

use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn create_databases_one_statement_each() {
    let s = setup().await;
    answer_status(
        &s.fake,
        body("CREATE DATABASE IF NOT EXISTS sales"),
        "Database SALES successfully created.",
    )
    .await;
    answer_status(
        &s.fake,
        body("CREATE DATABASE IF NOT EXISTS \"Mixed\"\"Case\""),
        "Database Mixed\"Case successfully created.",
    )
    .await;
    let v = s
        .client
        .call_ok(
            "snowflake_create_databases",
            json!({"databases": ["sales", "Mixed\"Case"]}),
        )
        .await;
    assert_eq!(v["created"], 2);
    assert_eq!(
        v["results"][0],
        json!({"database": "sales", "ok": true, "status": "Database SALES successfully created."})
    );
}

#[tokio::test]
async fn drop_databases_reports_what_failed() {
    let s = setup().await;
    answer_status(
        &s.fake,
        body("DROP DATABASE IF EXISTS a"),
        "A successfully dropped.",
    )
    .await;
    submit(body("DROP DATABASE IF EXISTS b"))
        .respond(
            &s.fake,
            422,
            json!({"code": "003001", "sqlState": "42501", "message": "SQL access control error: Insufficient privileges to operate on database 'B'", "statementHandle": HANDLE}),
        )
        .await;
    let err = s
        .client
        .call_err("snowflake_drop_databases", json!({"databases": ["a", "b"]}))
        .await;
    assert!(err.contains("1 of 2 statements failed"), "{err}");
    assert!(err.contains("Insufficient privileges"), "{err}");
    assert!(err.contains("\"ok\":true"), "{err}");
}

#[tokio::test]
async fn create_and_drop_schemas() {
    let s = setup().await;
    for (verb, sql, msg, key) in [
        (
            "create",
            "CREATE SCHEMA IF NOT EXISTS sales.raw",
            "Schema RAW successfully created.",
            "created",
        ),
        (
            "drop",
            "DROP SCHEMA IF EXISTS sales.raw",
            "RAW successfully dropped.",
            "dropped",
        ),
    ] {
        answer_status(&s.fake, body(sql), msg).await;
        let v = s
            .client
            .call_ok(
                &format!("snowflake_{verb}_schemas"),
                json!({"database": "sales", "schemas": ["raw"]}),
            )
            .await;
        assert_eq!(v[key], 1);
    }
}

#[tokio::test]
async fn create_tables_from_statements_and_definitions() {
    let s = setup().await;
    let place = |sql: &str| {
        let mut b = body(sql);
        b["database"] = json!("SALES");
        b["schema"] = json!("RAW");
        b
    };
    answer_status(
        &s.fake,
        place("CREATE TABLE t1 (id INT)"),
        "Table T1 successfully created.",
    )
    .await;
    answer_status(
        &s.fake,
        place("CREATE TABLE IF NOT EXISTS sales.raw.t2 (id INT, name STRING)"),
        "Table T2 successfully created.",
    )
    .await;
    let v = s
        .client
        .call_ok(
            "snowflake_create_tables",
            json!({"database": "sales", "schema": "raw", "tables": [
                "CREATE TABLE t1 (id INT)",
                {"name": "t2", "definition": "id INT, name STRING"}
            ]}),
        )
        .await;
    assert_eq!(v["created"], 2);
}

#[tokio::test]
async fn create_tables_refuses_other_statements_before_sending_any() {
    let s = setup().await;
    let err = refused(&s, "snowflake_create_tables", json!({"database": "sales", "schema": "raw", "tables": ["CREATE TABLE a (x INT)", "DROP TABLE b"]})).await;
    assert!(err.contains("`tables[1]` is not a CREATE TABLE"), "{err}");
}

#[tokio::test]
async fn drop_tables_qualifies_each_name() {
    let s = setup().await;
    answer_status(
        &s.fake,
        body("DROP TABLE IF EXISTS sales.raw.t1"),
        "T1 successfully dropped.",
    )
    .await;
    let v = s
        .client
        .call_ok(
            "snowflake_drop_tables",
            json!({"database": "sales", "schema": "raw", "tables": ["t1"]}),
        )
        .await;
    assert_eq!(v["dropped"], 1);
    let err = s
        .client
        .call_err(
            "snowflake_drop_tables",
            json!({"database": "sales", "schema": "raw", "tables": []}),
        )
        .await;
    assert!(err.contains("lists nothing"), "{err}");
}
