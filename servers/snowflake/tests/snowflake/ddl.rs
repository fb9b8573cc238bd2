//! create_databases, drop_databases, create_schemas, drop_schemas, create_tables, drop_tables.

use serde_json::json;

use crate::common::*;

fn status(msg: &str) -> serde_json::Value {
    result(HANDLE, &[("status", "TEXT")], json!([[msg]]))
}

#[tokio::test]
async fn create_databases_one_statement_each() {
    let s = setup().await;
    submit(body("CREATE DATABASE IF NOT EXISTS sales"))
        .respond(&s.fake, 200, status("Database SALES successfully created."))
        .await;
    submit(body("CREATE DATABASE IF NOT EXISTS \"Mixed\"\"Case\""))
        .respond(
            &s.fake,
            200,
            status("Database Mixed\"Case successfully created."),
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
    submit(body("DROP DATABASE IF EXISTS a"))
        .respond(&s.fake, 200, status("A successfully dropped."))
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
    submit(body("CREATE SCHEMA IF NOT EXISTS sales.raw"))
        .respond(&s.fake, 200, status("Schema RAW successfully created."))
        .await;
    let v = s
        .client
        .call_ok(
            "snowflake_create_schemas",
            json!({"database": "sales", "schemas": ["raw"]}),
        )
        .await;
    assert_eq!(v["created"], 1);
    submit(body("DROP SCHEMA IF EXISTS sales.raw"))
        .respond(&s.fake, 200, status("RAW successfully dropped."))
        .await;
    let v = s
        .client
        .call_ok(
            "snowflake_drop_schemas",
            json!({"database": "sales", "schemas": ["raw"]}),
        )
        .await;
    assert_eq!(v["dropped"], 1);
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
    submit(place("CREATE TABLE t1 (id INT)"))
        .respond(&s.fake, 200, status("Table T1 successfully created."))
        .await;
    submit(place(
        "CREATE TABLE IF NOT EXISTS sales.raw.t2 (id INT, name STRING)",
    ))
    .respond(&s.fake, 200, status("Table T2 successfully created."))
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
    let err = s
        .client
        .call_err(
            "snowflake_create_tables",
            json!({"database": "sales", "schema": "raw", "tables": ["CREATE TABLE a (x INT)", "DROP TABLE b"]}),
        )
        .await;
    assert!(err.contains("`tables[1]` is not a CREATE TABLE"), "{err}");
    mcp_testkit::assert_no_requests(&s.fake).await;
}

#[tokio::test]
async fn drop_tables_qualifies_each_name() {
    let s = setup().await;
    submit(body("DROP TABLE IF EXISTS sales.raw.t1"))
        .respond(&s.fake, 200, status("T1 successfully dropped."))
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
