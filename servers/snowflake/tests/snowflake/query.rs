//! read_query, write_query, create_table, append_insight.

use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn read_query_returns_typed_rows_as_yaml_and_json() {
    let s = setup().await;
    let sql = "-- top customers\nSELECT name, total, active FROM sales.public.customers LIMIT 2";
    answer(
        &s.fake,
        body(sql),
        &[("NAME", "TEXT"), ("TOTAL", "FIXED"), ("ACTIVE", "BOOLEAN")],
        json!([["Ann: \"VIP\"", "1200", "true"], [null, "7", "false"]]),
    )
    .await;
    let (yaml, v) = call_data(&s, "snowflake_read_query", json!({"query": sql})).await;
    assert_eq!(
        v["data"],
        json!([{"NAME": "Ann: \"VIP\"", "TOTAL": 1200, "ACTIVE": true}, {"NAME": null, "TOTAL": 7, "ACTIVE": false}])
    );
    assert!(yaml.contains("- NAME: \"Ann: \\\"VIP\\\"\""), "{yaml}");
    assert!(yaml.contains("    TOTAL: 1200"), "{yaml}");
}

#[tokio::test]
async fn read_query_refuses_statements_that_write() {
    let s = setup().await;
    for q in [
        "INSERT INTO t VALUES (1)",
        "  /* hi */ delete from t",
        "WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x",
        "SELECT 1; DROP TABLE t",
        "CREATE TABLE t (a INT)",
        "CALL my_proc()",
        "",
    ] {
        let err = refused(&s, "snowflake_read_query", json!({"query": q})).await;
        assert!(err.contains("Nothing was sent to Snowflake"), "{q}: {err}");
    }
}

#[tokio::test]
async fn read_query_passes_words_inside_strings_and_comments() {
    let s = setup().await;
    let sql = "SELECT 'drop table x' AS \"delete\" -- insert\nFROM t";
    answer(
        &s.fake,
        body(sql),
        &[("delete", "TEXT")],
        json!([["drop table x"]]),
    )
    .await;
    call_data(&s, "snowflake_read_query", json!({"query": sql})).await;
}

#[tokio::test]
async fn write_query_returns_the_dml_stats() {
    let s = setup().await;
    let sql = "UPDATE sales.public.orders SET status = 'shipped' WHERE id = 3";
    let mut answer = result(
        HANDLE,
        &[
            ("number of rows updated", "FIXED"),
            ("number of multi-joined rows updated", "FIXED"),
        ],
        json!([["1", "0"]]),
    );
    answer["stats"] = json!({"numRowsUpdated": 1});
    submit(body(sql)).respond(&s.fake, 200, answer).await;
    let (_, v) = call_data(&s, "snowflake_write_query", json!({"query": sql})).await;
    assert_eq!(v["stats"], json!({"numRowsUpdated": 1}));
    assert_eq!(v["data"][0]["number of rows updated"], 1);
}

#[tokio::test]
async fn write_query_refuses_a_select() {
    let s = setup().await;
    let err = refused(
        &s,
        "snowflake_write_query",
        json!({"query": "select * from t"}),
    )
    .await;
    assert!(err.contains("read_query"), "{err}");
}

#[tokio::test]
async fn create_table_runs_the_statement() {
    let s = setup().await;
    let sql = "CREATE OR REPLACE TABLE sales.public.t (id INT, name STRING)";
    answer_status(&s.fake, body(sql), "Table T successfully created.").await;
    let v = s
        .client
        .call_ok("snowflake_create_table", json!({"query": sql}))
        .await;
    assert_eq!(
        v,
        json!({"created": true, "status": "Table T successfully created.", "data_id": HANDLE})
    );
}

#[tokio::test]
async fn create_table_refuses_other_statements() {
    let s = setup().await;
    let err = refused(
        &s,
        "snowflake_create_table",
        json!({"query": "DROP TABLE t"}),
    )
    .await;
    assert!(err.contains("starts with DROP"), "{err}");
}

#[tokio::test]
async fn append_insight_keeps_a_memo_per_tenant() {
    let s = setup().await;
    let r = s
        .client
        .call(
            "snowflake_append_insight",
            json!({"insight": "Sales peak in March."}),
        )
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true));
    let r = s
        .client
        .call(
            "snowflake_append_insight",
            json!({"insight": "HR is small."}),
        )
        .await
        .unwrap();
    let memo = embedded(&r);
    assert_eq!(memo["resource"]["uri"], "memo://insights");
    let text = memo["resource"]["text"].as_str().unwrap();
    assert!(
        text.contains("- Sales peak in March.\n- HR is small."),
        "{text}"
    );
    assert!(mcp_testkit::text_of(&r).contains("2 so far"));
    // Another tenant has its own memo.
    let mut other = creds();
    other["SNOWFLAKE_USER"] = json!("someone_else");
    let c = s.client_with(other).await;
    let r = c
        .call("snowflake_append_insight", json!({"insight": "Mine."}))
        .await
        .unwrap();
    assert!(mcp_testkit::text_of(&r).contains("1 so far"));
    mcp_testkit::assert_no_requests(&s.fake).await;
}
