use std::sync::Arc;

use mcp_shared::Settings;
use mcp_testkit::TestServer;
use serde_json::json;

use crate::{auth, client, pg, start};

/// Two tenants, two databases and roles, 16 concurrent calls each on one server: every call
/// sees its own tenant's database only.
#[tokio::test]
async fn tenants_never_see_each_others_data_under_concurrency() {
    let a = pg::tenant(&[]).await;
    let b = pg::tenant(&[]).await;
    for (t, secret) in [(&a, "alpha-data"), (&b, "beta-data")] {
        pg::connect(&t.dsn)
            .await
            .batch_execute(&format!(
                "CREATE TABLE secrets (v text); INSERT INTO secrets VALUES ('{secret}')"
            ))
            .await
            .unwrap();
    }
    let server = TestServer::start(&postgres_mcp_server::SPEC, Settings::default()).await;
    let ca = Arc::new(server.client_with(&[("x-auth-data", &auth(&a.dsn))]).await);
    let cb = Arc::new(server.client_with(&[("x-auth-data", &auth(&b.dsn))]).await);
    let mut tasks = Vec::new();
    for i in 0..32 {
        let (c, t, secret) = if i % 2 == 0 {
            (ca.clone(), &a, "alpha-data")
        } else {
            (cb.clone(), &b, "beta-data")
        };
        let expected = json!([[secret, t.database, t.role]]);
        tasks.push(tokio::spawn(async move {
            let v = c
                .call_ok(
                    "execute_sql",
                    json!({"sql": "SELECT v, current_database()::text, current_user::text FROM secrets, pg_sleep(0.05)"}),
                )
                .await;
            assert_eq!(v["rows"], expected);
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
}

async fn with_writes() -> pg::Tenant {
    let t = pg::tenant(&[]).await;
    pg::connect(&t.dsn)
        .await
        .batch_execute(
            "CREATE TABLE audit (v text); \
             CREATE FUNCTION sneaky() RETURNS int LANGUAGE plpgsql AS $$ BEGIN INSERT INTO audit VALUES ('fn'); RETURN 1; END $$;",
        )
        .await
        .unwrap();
    t
}

async fn audit_rows(t: &pg::Tenant) -> i64 {
    t.admin()
        .await
        .query_one("SELECT count(*) FROM audit", &[])
        .await
        .unwrap()
        .get(0)
}

/// `--read-only`: an INSERT in a CTE or inside a function is refused and nothing is written;
/// reads work.
#[tokio::test]
async fn read_only_refuses_hidden_writes() {
    let t = with_writes().await;
    let ro = Settings {
        read_only: true,
        ..Settings::default()
    };
    let (_s, c) = start(ro, &t.dsn).await;
    for sql in [
        "WITH w AS (INSERT INTO audit VALUES ('cte') RETURNING v) SELECT * FROM w",
        "SELECT sneaky()",
        "INSERT INTO audit VALUES ('plain')",
        "SET transaction_read_only = off",
        "CREATE TABLE other (v int)",
    ] {
        let err = c.call_err("execute_sql", json!({"sql": sql})).await;
        assert!(
            err.contains("read-only transaction") || err.contains("25006") || err.contains("25001"),
            "{sql}: {err}"
        );
    }
    let err = c
        .call_err(
            "execute_sql",
            json!({"sql": "COMMIT; INSERT INTO audit VALUES ('x')"}),
        )
        .await;
    assert!(err.contains("one statement per call"), "{err}");
    assert_eq!(audit_rows(&t).await, 0, "nothing was written");
    let v = c
        .call_ok("execute_sql", json!({"sql": "SELECT count(*) FROM audit"}))
        .await;
    assert_eq!(v["rows"], json!([[0]]));
    assert_eq!(v["read_only"], true);
}

/// The same through one request's `X-MCP-Readonly` header; without it the server writes.
#[tokio::test]
async fn x_mcp_readonly_makes_one_request_read_only() {
    let t = with_writes().await;
    let server = TestServer::start(&postgres_mcp_server::SPEC, Settings::default()).await;
    let ro = server
        .client_with(&[("x-auth-data", &auth(&t.dsn)), ("x-mcp-readonly", "true")])
        .await;
    let err = ro
        .call_err(
            "execute_sql",
            json!({"sql": "WITH w AS (INSERT INTO audit VALUES ('cte') RETURNING v) SELECT * FROM w"}),
        )
        .await;
    assert!(err.contains("25006"), "{err}");
    let err = ro
        .call_err("execute_sql", json!({"sql": "SELECT sneaky()"}))
        .await;
    assert!(err.contains("25006"), "{err}");
    assert_eq!(audit_rows(&t).await, 0);
    let rw = server.client_with(&[("x-auth-data", &auth(&t.dsn))]).await;
    rw.call_ok("execute_sql", json!({"sql": "SELECT sneaky()"}))
        .await;
    assert_eq!(audit_rows(&t).await, 1, "a read-write request writes");
}

/// Session settings a statement changes do not reach the next call on the pooled connection.
#[tokio::test]
async fn pooled_connections_are_reset_between_calls() {
    let t = pg::tenant(&[]).await;
    let (_s, c) = start(Settings::default().with_option("pool-size", "1"), &t.dsn).await;
    c.call_ok("execute_sql", json!({"sql": "SET search_path = nowhere"}))
        .await;
    let v = c
        .call_ok("execute_sql", json!({"sql": "SHOW search_path"}))
        .await;
    assert_eq!(v["rows"], json!([["\"$user\", public"]]));
}

#[tokio::test]
async fn bad_credentials_and_unreachable_hosts_are_clear_and_keep_the_password() {
    let t = pg::tenant(&[]).await;
    let wrong = t.dsn.replace(&t.password, "wrong-password-123");
    let (_s, c) = client(&wrong).await;
    let err = c.call_err("list_schemas", json!({})).await;
    assert!(
        err.contains("refused the connection")
            && err.contains("password authentication failed")
            && err.contains("check the user and password"),
        "{err}"
    );
    assert!(!err.contains("wrong-password-123"), "{err}");
    let nobody = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = nobody.local_addr().unwrap().port();
    drop(nobody);
    let dsn = format!("postgresql://u:pw-secret-99@127.0.0.1:{port}/db");
    let (_s, c) = client(&dsn).await;
    let err = c.call_err("execute_sql", json!({"sql": "SELECT 1"})).await;
    assert!(
        err.contains(&format!("Cannot connect to PostgreSQL at 127.0.0.1:{port}")),
        "{err}"
    );
    assert!(!err.contains("pw-secret-99"), "{err}");
    for (bad, says) in [
        ("not a connection string", "not valid"),
        (
            "postgresql://u:pw-secret-99@host/db?sslmode=sometimes",
            "sslmode `sometimes`",
        ),
        ("postgresql://u:pw-secret-99@host/db?bogus=1", "not valid"),
    ] {
        let (_s, c) = client(bad).await;
        let err = c.call_err("list_schemas", json!({})).await;
        assert!(err.contains(says), "{bad}: {err}");
        assert!(!err.contains("pw-secret-99"), "{err}");
    }
}

/// TLS with rustls: `require` and `prefer` encrypt (the cluster has a self-signed
/// certificate), `verify-full` refuses a certificate no known authority signed, `disable`
/// stays plain.
#[tokio::test]
async fn sslmode_encrypts_and_verifies() {
    let t = pg::tenant(&[]).await;
    let ssl_used = "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()";
    let tls = pg::has_tls();
    for (mode, encrypted) in [("disable", false), ("prefer", tls), ("require", tls)] {
        let dsn = t.dsn.replace("sslmode=disable", &format!("sslmode={mode}"));
        let (_s, c) = client(&dsn).await;
        if !tls && mode == "require" {
            let err = c.call_err("list_schemas", json!({})).await;
            assert!(
                err.contains("Cannot connect") && err.contains("TLS"),
                "{err}"
            );
            continue;
        }
        let v = c.call_ok("execute_sql", json!({ "sql": ssl_used })).await;
        assert_eq!(v["rows"], json!([[encrypted]]), "sslmode={mode}");
    }
    for mode in ["verify-full", "verify-ca"] {
        let dsn = t.dsn.replace("sslmode=disable", &format!("sslmode={mode}"));
        let (_s, c) = client(&dsn).await;
        let err = c.call_err("list_schemas", json!({})).await;
        assert!(err.contains("Cannot connect"), "{mode}: {err}");
        if tls {
            assert!(err.contains("certificate"), "{mode}: {err}");
        }
        assert!(!err.contains(&t.password), "{err}");
    }
}

/// The connection string may come as `connection_string` / `database_url`, or from
/// `DATABASE_URI` in the server's environment.
#[tokio::test]
async fn connection_string_fields_and_database_uri() {
    let t = pg::tenant(&[]).await;
    let server = TestServer::start(&postgres_mcp_server::SPEC, Settings::default()).await;
    for field in ["connection_string", "database_url"] {
        let a = mcp_shared::auth::encode_auth_data(&json!({ field: t.dsn }));
        let c = server.client_with(&[("x-auth-data", &a)]).await;
        let v = c
            .call_ok(
                "execute_sql",
                json!({"sql": "SELECT current_database()::text"}),
            )
            .await;
        assert_eq!(v["rows"], json!([[t.database]]));
    }
    let c = server.client_with(&[]).await;
    let err = c.call_err("list_schemas", json!({})).await;
    assert!(
        err.contains("`api_key` is missing") && err.contains("DATABASE_URI"),
        "{err}"
    );
    const BIN: &str = env!("CARGO_BIN_EXE_postgres-mcp-server");
    let c = mcp_testkit::spawn_stdio(BIN, &[], &[("DATABASE_URI", &t.dsn)]).await;
    let v = c
        .call_ok("execute_sql", json!({"sql": "SELECT current_user::text"}))
        .await;
    c.close().await;
    assert_eq!(v["rows"], json!([[t.role]]));
}
