use serde_json::json;

use crate::{client, pg};

#[tokio::test]
async fn analyze_db_health_finds_what_needs_attention() {
    let t = pg::tenant(&[]).await;
    let db = pg::connect(&t.dsn).await;
    db.batch_execute(
        "CREATE TABLE t (v int); INSERT INTO t VALUES (1), (1), (2); \
         CREATE INDEX t_v_a ON t (v); CREATE INDEX t_v_b ON t (v); \
         ALTER TABLE t ADD CONSTRAINT v_positive CHECK (v > 0) NOT VALID; \
         CREATE SEQUENCE almost_out MAXVALUE 100; SELECT setval('almost_out', 90);",
    )
    .await
    .unwrap();
    // A failed concurrent unique index is left behind invalid.
    assert!(
        db.batch_execute("CREATE UNIQUE INDEX CONCURRENTLY t_v_unique ON t (v)")
            .await
            .is_err()
    );
    let (_s, c) = client(&t.dsn).await;
    let v = c
        .call_ok(
            "analyze_db_health",
            json!({"health_type": "index, sequence,constraint"}),
        )
        .await;
    // Key order depends on serde_json's build features: compare as a set.
    let mut checks: Vec<&String> = v.as_object().unwrap().keys().collect();
    checks.sort();
    assert_eq!(checks, ["constraint", "index", "sequence"]);
    assert_eq!(
        v["index"]["invalid_indexes"],
        json!([{"schema": "public", "index": "t_v_unique", "table": "t"}])
    );
    assert_eq!(
        v["index"]["duplicate_indexes"][0]["indexes"],
        json!(["t_v_a", "t_v_b"])
    );
    assert_eq!(
        v["sequence"]["near_max"],
        json!([{"schema": "public", "sequence": "almost_out", "last_value": 90, "max_value": 100, "pct_used": 90.0}])
    );
    assert_eq!(
        v["constraint"]["not_validated"][0]["constraint"],
        "v_positive"
    );
}

#[tokio::test]
async fn analyze_db_health_all_and_bad_types() {
    let t = pg::tenant(&[]).await;
    let (_s, c) = client(&t.dsn).await;
    let v = c.call_ok("analyze_db_health", json!({})).await;
    for k in [
        "index",
        "connection",
        "vacuum",
        "sequence",
        "replication",
        "buffer",
        "constraint",
    ] {
        assert!(v.get(k).is_some(), "{k}: {v}");
    }
    let conns = &v["connection"]["connections"][0];
    assert!(conns["total"].as_i64().unwrap() >= 1);
    assert_eq!(conns["max_connections"], 400);
    assert_eq!(v["replication"]["this_server"][0]["is_standby"], false);
    assert!(
        v["vacuum"]["wraparound"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["database"] == t.database.as_str())
    );
    let err = c
        .call_err("analyze_db_health", json!({"health_type": "index,disk"}))
        .await;
    assert!(err.contains("Unknown health_type `disk`"), "{err}");
}
