use mcp_shared::Settings;
use serde_json::json;

use crate::{client, pg, start};

#[tokio::test]
async fn execute_sql_maps_column_types_to_json() {
    let t = pg::tenant(&[]).await;
    pg::connect(&t.dsn)
        .await
        .batch_execute("CREATE TYPE mood AS ENUM ('happy', 'sad')")
        .await
        .unwrap();
    let (_s, c) = client(&t.dsn).await;
    let v = c
        .call_ok(
            "execute_sql",
            json!({"sql": "SELECT 1::int2 AS a, 2::int4 AS b, 9007199254740993::int8 AS c, 12.50::numeric(6,2) AS d, \
                -0.000123::numeric AS e, 1.5::float8 AS f, 'txt'::text AS g, true AS h, NULL::text AS i, \
                '2024-05-06 07:08:09.5+00'::timestamptz AS j, '2024-05-06'::date AS k, '{\"x\": [1, null]}'::jsonb AS l, \
                ARRAY[1, NULL, 3] AS m, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS n, '\\x0102ff'::bytea AS o, \
                '1 day 02:03:04'::interval AS p, '10.0.0.1'::inet AS q, 'happy'::mood AS r, point(1, 2) AS s, \
                ARRAY['x', 'y'] AS t, 'infinity'::timestamptz AS u, 123456789.000::numeric AS w;"}),
        )
        .await;
    assert_eq!(
        v["columns"],
        json!([
            "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q",
            "r", "s", "t", "u", "w"
        ])
    );
    assert_eq!(v["row_count"], 1);
    assert_eq!(
        v["rows"][0],
        json!([
            1, 2, 9007199254740993_i64, "12.50", "-0.000123", 1.5, "txt", true, null,
            "2024-05-06T07:08:09.500+00:00", "2024-05-06", {"x": [1, null]}, [1, null, 3],
            "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "AQL/", "1 days 02:03:04", "10.0.0.1", "happy",
            "(point value of 16 bytes, not shown)", ["x", "y"], "infinity", "123456789.000"
        ])
    );
    assert!(v.get("truncated").is_none());
}

#[tokio::test]
async fn execute_sql_writes_are_committed_and_counted() {
    let t = pg::tenant(&[]).await;
    let (_s, c) = client(&t.dsn).await;
    let v = c
        .call_ok(
            "execute_sql",
            json!({"sql": "CREATE TABLE notes (id int, body text)"}),
        )
        .await;
    assert_eq!(v, json!({"rows_affected": 0}));
    let v = c
        .call_ok(
            "execute_sql",
            json!({"sql": "INSERT INTO notes VALUES (1, 'a'), (2, 'b')"}),
        )
        .await;
    assert_eq!(v, json!({"rows_affected": 2}));
    let v = c
        .call_ok(
            "execute_sql",
            json!({"sql": "UPDATE notes SET body = 'c' WHERE id = 2 RETURNING id, body"}),
        )
        .await;
    assert_eq!(v["rows"], json!([[2, "c"]]));
    let admin = t.admin().await;
    let n: i64 = admin
        .query_one("SELECT count(*) FROM notes WHERE body IN ('a', 'c')", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(n, 2, "committed");
    // Statements that cannot run in a transaction block run on their own.
    let v = c
        .call_ok("execute_sql", json!({"sql": "VACUUM notes"}))
        .await;
    assert_eq!(v, json!({"rows_affected": 0}));
    c.call_ok(
        "execute_sql",
        json!({"sql": "/* online */ CREATE INDEX CONCURRENTLY notes_id ON notes (id)"}),
    )
    .await;
    let valid: bool = admin
        .query_one(
            "SELECT indisvalid FROM pg_index WHERE indexrelid = 'notes_id'::regclass",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(valid);
}

#[tokio::test]
async fn execute_sql_refuses_several_statements_and_bad_input() {
    let t = pg::tenant(&[]).await;
    pg::connect(&t.dsn)
        .await
        .batch_execute("CREATE TABLE kept (v int)")
        .await
        .unwrap();
    let (_s, c) = client(&t.dsn).await;
    let err = c
        .call_err(
            "execute_sql",
            json!({"sql": "SELECT 1; INSERT INTO kept VALUES (1)"}),
        )
        .await;
    assert!(
        err.contains("42601") && err.contains("one statement per call"),
        "{err}"
    );
    let err = c
        .call_err(
            "execute_sql",
            json!({"sql": "COMMIT; INSERT INTO kept VALUES (1)"}),
        )
        .await;
    assert!(err.contains("one statement per call"), "{err}");
    let n: i64 = t
        .admin()
        .await
        .query_one("SELECT count(*) FROM kept", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(n, 0, "nothing ran");
    let err = c.call_err("execute_sql", json!({"sql": "  ;"})).await;
    assert!(err.contains("`sql` is empty"), "{err}");
    let err = c
        .call_err(
            "execute_sql",
            json!({"sql": "SELECT * FROM kept WHERE v = $1"}),
        )
        .await;
    assert!(err.contains("placeholder"), "{err}");
    let err = c
        .call_err("execute_sql", json!({"sql": "SELECT * FROM missing_table"}))
        .await;
    assert!(
        err.contains("42P01") && err.contains("relation \"missing_table\" does not exist"),
        "{err}"
    );
}

#[tokio::test]
async fn explain_query_plans_and_analyzes() {
    let t = pg::tenant(&[]).await;
    pg::connect(&t.dsn)
        .await
        .batch_execute("CREATE TABLE items (id int PRIMARY KEY, v text); INSERT INTO items SELECT g, 'x' FROM generate_series(1, 100) g; ANALYZE items")
        .await
        .unwrap();
    let (_s, c) = client(&t.dsn).await;
    let v = c
        .call_ok(
            "explain_query",
            json!({"sql": "SELECT * FROM items WHERE v = 'y'"}),
        )
        .await;
    let plan = v["plan"].as_str().unwrap();
    assert!(plan.starts_with("Seq Scan on items"), "{plan}");
    assert!(
        plan.contains("Filter: (v = 'y'::text)") && plan.contains("cost="),
        "{plan}"
    );
    assert!(!plan.contains("actual time"), "not run: {plan}");
    let v = c
        .call_ok(
            "explain_query",
            json!({"sql": "SELECT count(*) FROM items", "analyze": true}),
        )
        .await;
    let plan = v["plan"].as_str().unwrap();
    assert!(
        plan.contains("actual time=") && plan.contains("Execution Time"),
        "{plan}"
    );
    assert!(v["note"].as_str().unwrap().contains("rolled back"));
}

#[tokio::test]
async fn explain_analyze_of_a_write_is_refused_and_writes_nothing() {
    let t = pg::tenant(&[]).await;
    pg::connect(&t.dsn)
        .await
        .batch_execute("CREATE TABLE items (id int)")
        .await
        .unwrap();
    let (_s, c) = client(&t.dsn).await;
    let err = c
        .call_err(
            "explain_query",
            json!({"sql": "INSERT INTO items VALUES (1)", "analyze": true}),
        )
        .await;
    assert!(
        err.contains("25006") && err.contains("read-only transaction"),
        "{err}"
    );
    // Without analyze the write is only planned.
    let v = c
        .call_ok(
            "explain_query",
            json!({"sql": "INSERT INTO items VALUES (1)"}),
        )
        .await;
    assert!(
        v["plan"].as_str().unwrap().starts_with("Insert on items"),
        "{v}"
    );
    let n: i64 = t
        .admin()
        .await
        .query_one("SELECT count(*) FROM items", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(n, 0);
    let err = c
        .call_err(
            "explain_query",
            json!({"sql": "SELECT 1", "analyze": true, "hypothetical_indexes": [{"table": "items", "columns": ["id"]}]}),
        )
        .await;
    assert!(err.contains("use one or the other"), "{err}");
}

async fn big_table(t: &pg::Tenant) {
    pg::connect(&t.dsn)
        .await
        .batch_execute(
            "CREATE TABLE orders (id int PRIMARY KEY, customer_id int, created date, total numeric); \
             INSERT INTO orders SELECT g, g % 5000, date '2024-01-01' + (g % 365), g FROM generate_series(1, 50000) g; \
             ANALYZE orders",
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn explain_query_with_hypothetical_indexes() {
    let t = pg::tenant(&["hypopg"]).await;
    big_table(&t).await;
    // One connection, so the second plan is made in the session of the first.
    let (_s, c) = start(Settings::default().with_option("pool-size", "1"), &t.dsn).await;
    let args = json!({
        "sql": "SELECT * FROM orders WHERE customer_id = 42",
        "hypothetical_indexes": [{"table": "public.orders", "columns": ["customer_id"], "using": "btree"}]
    });
    let v = c.call_ok("explain_query", args.clone()).await;
    let plan = v["plan"].as_str().unwrap();
    let name = v["hypothetical_indexes"][0]["name"].as_str().unwrap();
    assert!(name.contains("btree_orders_customer_id"), "{v}");
    assert_eq!(
        v["hypothetical_indexes"][0]["definition"],
        "CREATE INDEX ON \"public\".\"orders\" USING btree (\"customer_id\")"
    );
    assert!(
        plan.contains(&format!("Index Scan on \"{name}\""))
            || plan.contains(&format!("using \"{name}\"")),
        "{plan}"
    );
    // Nothing was created, and nothing stays in the session.
    let v = c
        .call_ok(
            "explain_query",
            json!({"sql": "SELECT * FROM orders WHERE customer_id = 42"}),
        )
        .await;
    assert!(
        v["plan"].as_str().unwrap().contains("Seq Scan on orders"),
        "{v}"
    );
    let err = c
        .call_err(
            "explain_query",
            json!({"sql": "SELECT 1", "hypothetical_indexes": [{"table": "orders", "columns": ["customer_id"], "using": "gist"}]}),
        )
        .await;
    assert!(err.contains("btree, hash, brin and bloom"), "{err}");
}

#[tokio::test]
async fn explain_query_hypothetical_indexes_need_hypopg() {
    let t = pg::tenant(&[]).await;
    big_table(&t).await;
    let (_s, c) = client(&t.dsn).await;
    let err = c
        .call_err(
            "explain_query",
            json!({"sql": "SELECT * FROM orders WHERE customer_id = 42",
                   "hypothetical_indexes": [{"table": "orders", "columns": ["customer_id"]}]}),
        )
        .await;
    assert!(
        err.contains("The hypopg extension is not installed in this database")
            && err.contains("CREATE EXTENSION hypopg"),
        "{err}"
    );
    // The connection is still good afterwards.
    let v = c
        .call_ok("execute_sql", json!({"sql": "SELECT 1 AS one"}))
        .await;
    assert_eq!(v["rows"], json!([[1]]));
}

#[tokio::test]
async fn a_statement_past_the_timeout_is_cancelled() {
    let t = pg::tenant(&[]).await;
    let settings = Settings::default()
        .with_option("statement-timeout", "1")
        .with_option("pool-size", "1");
    let (_s, c) = start(settings, &t.dsn).await;
    let started = std::time::Instant::now();
    let err = c
        .call_err("execute_sql", json!({"sql": "SELECT pg_sleep(5)"}))
        .await;
    assert!(started.elapsed() < std::time::Duration::from_secs(4));
    assert!(
        err.contains("57014")
            && err.contains("canceling statement due to statement timeout")
            && err.contains("--statement-timeout"),
        "{err}"
    );
    // A caller's own SET does not lift the timeout for the next call on the pooled connection.
    c.call_ok("execute_sql", json!({"sql": "SET statement_timeout = 0"}))
        .await;
    let err = c
        .call_err("execute_sql", json!({"sql": "SELECT pg_sleep(5)"}))
        .await;
    assert!(err.contains("57014"), "{err}");
    let err = c
        .call_err(
            "explain_query",
            json!({"sql": "SELECT pg_sleep(5)", "analyze": true}),
        )
        .await;
    assert!(err.contains("57014"), "{err}");
}

#[tokio::test]
async fn a_result_over_the_row_cap_says_it_was_cut() {
    let t = pg::tenant(&[]).await;
    let (_s, c) = start(Settings::default().with_option("max-rows", "5"), &t.dsn).await;
    let v = c
        .call_ok(
            "execute_sql",
            json!({"sql": "SELECT g FROM generate_series(1, 1000000) g"}),
        )
        .await;
    assert_eq!(v["rows"], json!([[1], [2], [3], [4], [5]]));
    assert_eq!(v["truncated"], true);
    assert!(v["note"].as_str().unwrap().contains("cut at 5 rows"), "{v}");
    let v = c
        .call_ok(
            "execute_sql",
            json!({"sql": "SELECT g FROM generate_series(1, 5) g"}),
        )
        .await;
    assert_eq!(v["row_count"], 5);
    assert!(v.get("truncated").is_none(), "exactly the cap is not cut");
}
