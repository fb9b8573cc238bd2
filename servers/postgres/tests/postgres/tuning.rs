use serde_json::json;

use mcp_shared::Settings;

use crate::{client, pg, start};

async fn orders(t: &pg::Tenant) {
    pg::connect(&t.dsn)
        .await
        .batch_execute(
            "CREATE TABLE orders (id int PRIMARY KEY, customer_id int, status text, total numeric); \
             INSERT INTO orders SELECT g, g % 5000, CASE WHEN g % 100 = 0 THEN 'open' ELSE 'done' END, g \
               FROM generate_series(1, 50000) g; \
             ANALYZE orders",
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn analyze_query_indexes_recommends_from_hypothetical_costs() {
    let t = pg::tenant(&["hypopg"]).await;
    orders(&t).await;
    let (_s, c) = start(Settings::default().with_option("pool-size", "1"), &t.dsn).await;
    let v = c
        .call_ok(
            "analyze_query_indexes",
            json!({"queries": [
                "SELECT * FROM orders WHERE customer_id = 42",
                "SELECT id FROM orders WHERE id = 7",
                "SELECT * FROM nowhere"
            ]}),
        )
        .await;
    assert_eq!(v["queries_analyzed"], 3);
    let recs = v["recommendations"].as_array().unwrap();
    assert_eq!(
        recs[0]["index"], "CREATE INDEX ON \"public\".\"orders\" USING btree (\"customer_id\")",
        "{v}"
    );
    let q = &recs[0]["queries"][0];
    assert_eq!(q["query"], "SELECT * FROM orders WHERE customer_id = 42");
    assert!(q["cost_after"].as_f64().unwrap() < q["cost_before"].as_f64().unwrap() / 2.0);
    assert!(q["improvement_pct"].as_f64().unwrap() > 50.0);
    assert!(recs[0]["estimated_size_mb"].as_f64().unwrap() > 0.0);
    assert!(
        !recs
            .iter()
            .any(|r| r["index"].as_str().unwrap().contains("(\"id\")")),
        "the primary key already covers id: {v}"
    );
    assert!(
        v["errors"][0]["error"]
            .as_str()
            .unwrap()
            .contains("relation \"nowhere\" does not exist"),
        "{v}"
    );
    assert!(v.get("note").is_none(), "{v}");
    // Hypothetical indexes do not outlive the call (one pooled connection: the same session).
    let plan = c
        .call_ok(
            "explain_query",
            json!({"sql": "SELECT * FROM orders WHERE customer_id = 42"}),
        )
        .await;
    assert!(
        plan["plan"]
            .as_str()
            .unwrap()
            .contains("Seq Scan on orders"),
        "{plan}"
    );
    // A size cap below the index's size leaves it out.
    let v = c
        .call_ok(
            "analyze_query_indexes",
            json!({"queries": ["SELECT * FROM orders WHERE customer_id = 42"], "max_index_size_mb": 0, "method": "llm"}),
        )
        .await;
    assert_eq!(v["recommendations"], json!([]));
    assert_eq!(
        v["skipped_over_max_size"][0],
        "CREATE INDEX ON \"public\".\"orders\" USING btree (\"customer_id\")"
    );
    assert!(
        v["note"].as_str().unwrap().contains("`llm` is not offered"),
        "{v}"
    );
}

#[tokio::test]
async fn analyze_query_indexes_without_hypopg_says_so() {
    let t = pg::tenant(&[]).await;
    orders(&t).await;
    let (_s, c) = client(&t.dsn).await;
    let v = c
        .call_ok(
            "analyze_query_indexes",
            json!({"queries": ["SELECT * FROM orders WHERE status = 'open' AND customer_id = 3"]}),
        )
        .await;
    let indexes: Vec<&str> = v["recommendations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["index"].as_str().unwrap())
        .collect();
    assert!(
        indexes.contains(
            &"CREATE INDEX ON \"public\".\"orders\" USING btree (\"status\", \"customer_id\")"
        ) || indexes.contains(
            &"CREATE INDEX ON \"public\".\"orders\" USING btree (\"customer_id\", \"status\")"
        ),
        "{v}"
    );
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("hypopg extension is not installed"),
        "{v}"
    );
    let err = c
        .call_err("analyze_query_indexes", json!({"queries": []}))
        .await;
    assert!(err.contains("1 to 10"), "{err}");
}

#[tokio::test]
async fn analyze_workload_indexes_reads_pg_stat_statements() {
    let t = pg::tenant(&["hypopg", "pg_stat_statements"]).await;
    orders(&t).await;
    let tenant = pg::connect(&t.dsn).await;
    for i in 0..20 {
        tenant
            .query("SELECT total FROM orders WHERE customer_id = $1", &[&i])
            .await
            .unwrap();
    }
    let (_s, c) = client(&t.dsn).await;
    let v = c.call_ok("analyze_workload_indexes", json!({})).await;
    let rec = v["recommendations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| {
            r["index"] == "CREATE INDEX ON \"public\".\"orders\" USING btree (\"customer_id\")"
        })
        .unwrap_or_else(|| panic!("{v}"));
    assert_eq!(
        rec["queries"][0]["query"],
        "SELECT total FROM orders WHERE customer_id = $1"
    );
}

#[tokio::test]
async fn workload_and_top_queries_need_pg_stat_statements() {
    let t = pg::tenant(&[]).await;
    let (_s, c) = client(&t.dsn).await;
    for tool in ["analyze_workload_indexes", "get_top_queries"] {
        let err = c.call_err(tool, json!({})).await;
        assert!(
            err.contains("The pg_stat_statements extension is not installed")
                && err.contains("shared_preload_libraries"),
            "{tool}: {err}"
        );
    }
}

#[tokio::test]
async fn get_top_queries_sorts_by_time_and_resources() {
    let t = pg::tenant(&["pg_stat_statements"]).await;
    orders(&t).await;
    let tenant = pg::connect(&t.dsn).await;
    for _ in 0..3 {
        tenant
            .query(
                "SELECT pg_sleep(0.2), count(*) FROM orders WHERE status = 'open'",
                &[],
            )
            .await
            .unwrap();
    }
    let (_s, c) = client(&t.dsn).await;
    let v = c
        .call_ok(
            "get_top_queries",
            json!({"sort_by": "total_time", "limit": 1}),
        )
        .await;
    assert_eq!(v["sort_by"], "total_time");
    let q = &v["queries"][0];
    assert_eq!(
        q["query"],
        "SELECT pg_sleep($1), count(*) FROM orders WHERE status = $2"
    );
    assert_eq!(q["calls"], 3);
    assert!(q["total_time_ms"].as_f64().unwrap() >= 600.0, "{v}");
    assert!(q["mean_time_ms"].as_f64().unwrap() >= 200.0, "{v}");
    let v = c.call_ok("get_top_queries", json!({})).await;
    assert_eq!(v["sort_by"], "resources");
    assert!(v["queries"].as_array().unwrap().len() <= 10);
    let err = c
        .call_err("get_top_queries", json!({"sort_by": "cpu"}))
        .await;
    assert!(err.contains("cpu") || err.contains("sort_by"), "{err}");
}
