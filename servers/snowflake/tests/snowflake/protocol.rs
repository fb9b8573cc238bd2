//! The SQL API's protocol: a 202 polled to 200 with progress, partitions fetched and capped,
//! a statement that outlives its time cancelled, Snowflake's error bodies, read-only mode,
//! the toolathlon names and the account host guard.

use std::time::Duration;

use mcp_testkit::wiremock::{Mock, MockServer, Request, ResponseTemplate, matchers};
use mcp_testkit::{Client, Setup, TestServer, settings_for};
use serde_json::{Value, json};

use crate::common::*;

/// The fake answers every status request of `HANDLE` with "still running".
async fn keeps_running(fake: &MockServer) {
    Mock::given(matchers::method("GET"))
        .and(matchers::path(format!("/api/v2/statements/{HANDLE}")))
        .respond_with(ResponseTemplate::new(202).set_body_json(running(HANDLE)))
        .mount(fake)
        .await;
}

fn is_cancel(r: &Request) -> bool {
    r.url.path().ends_with("/cancel")
}

/// A server with these settings and a client sending the test credentials.
async fn serve(settings: mcp_shared::Settings) -> (TestServer, Client) {
    let server = TestServer::start(&snowflake_mcp_server::SPEC, settings).await;
    let client = client_for(&server, &creds()).await;
    (server, client)
}

async fn tool_names(client: &Client) -> Vec<String> {
    client
        .list_tools()
        .await
        .iter()
        .map(|t| t.name.to_string())
        .collect()
}

#[tokio::test]
async fn a_running_statement_is_polled_until_done_with_progress() {
    let s = setup().await;
    submit(body("SELECT 1"))
        .respond(&s.fake, 202, running(HANDLE))
        .await;
    // Two answers "still running", then the result.
    status(HANDLE)
        .times(2)
        .respond(&s.fake, 202, running(HANDLE))
        .await;
    let (_, progress) = {
        let fake = &s.fake;
        let done = async {
            // Once both 202s were served, the result is there.
            loop {
                let n = requests(fake).await.len();
                if n >= 3 {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            fake.reset().await;
            status(HANDLE)
                .respond(fake, 200, result(HANDLE, &[("1", "FIXED")], json!([["1"]])))
                .await;
        };
        let call = s
            .client
            .call_ok_with_progress("snowflake_read_query", json!({"query": "SELECT 1"}));
        let (r, ()) = tokio::join!(call, done);
        r
    };
    assert!(progress.len() >= 2, "progress notifications: {progress:?}");
    let values: Vec<f64> = progress.iter().map(|p| p.progress).collect();
    assert!(values.windows(2).all(|w| w[0] < w[1]), "{values:?}");
    // No cancel was sent for a statement that finished.
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(
        requests(&s.fake).await.iter().all(|r| !is_cancel(r)),
        "a finished statement was cancelled"
    );
}

#[tokio::test]
async fn further_partitions_are_fetched() {
    let s = setup().await;
    let mut first = result(HANDLE, &[("N", "FIXED")], json!([["1"], ["2"]]));
    first["resultSetMetaData"]["numRows"] = json!(5);
    first["resultSetMetaData"]["partitionInfo"] = json!([{"rowCount": 2, "uncompressedSize": 10}, {"rowCount": 2, "uncompressedSize": 10}, {"rowCount": 1, "uncompressedSize": 5}]);
    submit(body("SELECT n FROM t"))
        .respond(&s.fake, 200, first)
        .await;
    status(HANDLE)
        .query("partition", 1)
        .respond(&s.fake, 200, json!({"data": [["3"], ["4"]]}))
        .await;
    status(HANDLE)
        .query("partition", 2)
        .respond(&s.fake, 200, json!({"data": [["5"]]}))
        .await;
    let (_, v) = call_data(
        &s,
        "snowflake_read_query",
        json!({"query": "SELECT n FROM t"}),
    )
    .await;
    assert_eq!(
        v["data"],
        json!([{"N": 1}, {"N": 2}, {"N": 3}, {"N": 4}, {"N": 5}])
    );
    assert!(v.get("truncated").is_none());
}

#[tokio::test]
async fn results_are_capped_and_say_so() {
    let s = setup().await;
    let rows = |from: usize, n: usize| -> Value {
        Value::Array((from..from + n).map(|i| json!([i.to_string()])).collect())
    };
    let mut first = result(HANDLE, &[("N", "FIXED")], rows(0, 6000));
    first["resultSetMetaData"]["numRows"] = json!(18000);
    first["resultSetMetaData"]["partitionInfo"] =
        json!([{"rowCount": 6000}, {"rowCount": 6000}, {"rowCount": 6000}]);
    submit(body("SELECT n FROM big"))
        .respond(&s.fake, 200, first)
        .await;
    status(HANDLE)
        .query("partition", 1)
        .respond(&s.fake, 200, json!({"data": rows(6000, 6000)}))
        .await;
    // Partition 2 is never asked for: the cap was reached.
    let (_, v) = call_data(
        &s,
        "snowflake_read_query",
        json!({"query": "SELECT n FROM big"}),
    )
    .await;
    assert_eq!(v["data"].as_array().unwrap().len(), 10_000);
    let note = v["truncated"].as_str().unwrap();
    assert!(note.contains("first 10000 of 18000 rows"), "{note}");
    assert!(note.contains("capped at 10000 rows"), "{note}");
}

#[tokio::test]
async fn a_statement_that_outlives_its_time_is_cancelled() {
    let s = Setup::start_with(&snowflake_mcp_server::SPEC, creds(), |st| {
        st.poll_interval = Some(Duration::from_millis(50));
        st.options
            .push(("statement-timeout".to_owned(), "1".to_owned()));
    })
    .await;
    let mut b = body("SELECT SYSTEM$WAIT(60)");
    b["timeout"] = json!(1);
    submit(b).respond(&s.fake, 202, running(HANDLE)).await;
    keeps_running(&s.fake).await;
    mcp_testkit::expect("POST", format!("/api/v2/statements/{HANDLE}/cancel"))
        .bearer(PAT)
        .header(
            "x-snowflake-authorization-token-type",
            "PROGRAMMATIC_ACCESS_TOKEN",
        )
        .header("accept", "application/json")
        .respond(
            &s.fake,
            200,
            json!({"message": "successfully canceled", "statementHandle": HANDLE}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "snowflake_read_query",
            json!({"query": "SELECT SYSTEM$WAIT(60)"}),
        )
        .await;
    assert!(err.contains("was cancelled"), "{err}");
    // The cancel request goes out from the guard's task.
    assert!(
        received(&s.fake, 100, is_cancel).await,
        "no cancel request was sent"
    );
}

#[tokio::test]
async fn snowflake_errors_carry_code_message_and_sql_state() {
    let s = setup().await;
    submit(body("SELECT * FROM nope"))
        .respond(
            &s.fake,
            422,
            json!({
                "code": "002003",
                "sqlState": "42S02",
                "message": "SQL compilation error:\nObject 'NOPE' does not exist or not authorized.",
                "statementHandle": HANDLE,
                "statementStatusUrl": format!("/api/v2/statements/{HANDLE}")
            }),
        )
        .await;
    let err = s
        .client
        .call_err(
            "snowflake_read_query",
            json!({"query": "SELECT * FROM nope"}),
        )
        .await;
    assert!(err.contains("422"), "{err}");
    assert!(err.contains("002003"), "{err}");
    assert!(err.contains("Object 'NOPE' does not exist"), "{err}");
    assert!(err.contains("SQL state 42S02"), "{err}");
    assert!(err.contains("fully qualified"), "the hint: {err}");
    assert!(!err.contains(PAT));
}

#[tokio::test]
async fn a_failure_while_polling_is_reported() {
    let s = setup().await;
    submit(body("SELECT 1/0"))
        .respond(&s.fake, 202, running(HANDLE))
        .await;
    status(HANDLE)
        .respond(
            &s.fake,
            422,
            json!({"code": "100051", "sqlState": "22012", "message": "Division by zero", "statementHandle": HANDLE}),
        )
        .await;
    let err = s
        .client
        .call_err("snowflake_read_query", json!({"query": "SELECT 1/0"}))
        .await;
    assert!(
        err.contains("Division by zero") && err.contains("22012"),
        "{err}"
    );
}

#[tokio::test]
async fn read_only_mode_lists_no_write_tool_and_refuses_writes() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_shared::Settings {
        read_only: true,
        ..settings_for(&fake.uri())
    };
    let (_server, client) = serve(settings).await;
    let mut names = tool_names(&client).await;
    names.sort();
    assert_eq!(
        names,
        [
            "snowflake_describe_table",
            "snowflake_list_databases",
            "snowflake_list_schemas",
            "snowflake_list_tables",
            "snowflake_read_query"
        ]
    );
    let err = client
        .call_err("snowflake_read_query", json!({"query": "TRUNCATE TABLE t"}))
        .await;
    assert!(err.contains("read-only"), "{err}");
    let err = client
        .call_protocol_err("snowflake_drop_databases", json!({"databases": ["a"]}))
        .await;
    assert!(err.contains("read-only"), "{err}");
    mcp_testkit::assert_no_requests(&fake).await;
}

#[tokio::test]
async fn the_toolathlon_profile_uses_the_variants_names() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_shared::Settings {
        profile: mcp_shared::Profile::Toolathlon,
        ..settings_for(&fake.uri())
    };
    let (_server, client) = serve(settings).await;
    let names = tool_names(&client).await;
    assert_eq!(names.len(), 14, "{names:?}");
    assert!(
        names.iter().all(|n| !n.starts_with("snowflake_")),
        "{names:?}"
    );
    answer(&fake, body("SELECT 2"), &[("2", "FIXED")], json!([["2"]])).await;
    let r = client
        .call("read_query", json!({"query": "SELECT 2"}))
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true), "{}", mcp_testkit::text_of(&r));
}

fn no_base() -> mcp_shared::Settings {
    mcp_shared::Settings {
        api_base_url: None,
        ..settings_for("http://unused.invalid")
    }
}

#[tokio::test]
async fn an_account_that_is_not_a_host_name_is_refused() {
    let server = TestServer::start(&snowflake_mcp_server::SPEC, no_base()).await;
    for account in ["evil.com/x", "a b", "user@evil.com", "acme:8443"] {
        let mut c = creds();
        c["SNOWFLAKE_ACCOUNT"] = json!(account);
        let client = client_for(&server, &c).await;
        let err = client.call_err("snowflake_list_databases", json!({})).await;
        assert!(err.contains("No request was made"), "{account}: {err}");
        assert!(!err.contains(PAT), "{err}");
    }
}

#[tokio::test]
async fn the_account_names_the_host_and_allowed_hosts_widen_the_guard() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let port = fake.address().port();
    let settings = mcp_shared::Settings {
        api_base_url: Some(format!("http://{{snowflake_account_host}}:{port}")),
        tenant_hosts: vec!["127.0.0.1".to_owned()],
        ..settings_for("http://unused.invalid")
    };
    let server = TestServer::start(&snowflake_mcp_server::SPEC, settings).await;
    let mut c = creds();
    c["SNOWFLAKE_ACCOUNT"] = json!("127.0.0.1");
    let client = client_for(&server, &c).await;
    answer(
        &fake,
        body("SHOW DATABASES"),
        &[("name", "TEXT")],
        json!([]),
    )
    .await;
    client
        .call("snowflake_list_databases", json!({}))
        .await
        .unwrap();
    // Another host is refused: it is neither Snowflake's nor allowed.
    c["SNOWFLAKE_ACCOUNT"] = json!("10.0.0.1");
    let client = client_for(&server, &c).await;
    let err = client.call_err("snowflake_list_databases", json!({})).await;
    assert!(err.contains("Refusing"), "{err}");
}

#[test]
fn statements_are_classified_by_their_words() {
    use snowflake_mcp_server::sql::{first_word, is_create_table, not_read_only};
    assert_eq!(
        first_word("  -- x\n /* y */ select 1"),
        Some("SELECT".to_owned())
    );
    for q in [
        "SELECT 1",
        "show tables in database sales",
        "DESC TABLE t",
        "WITH a AS (SELECT 1) SELECT * FROM a",
        "SELECT $$ drop $$, 'it''s update' FROM t;",
        "explain select * from t",
    ] {
        assert_eq!(not_read_only(q), None, "{q}");
    }
    for q in [
        "MERGE INTO t USING s ON 1=1 WHEN MATCHED THEN DELETE",
        "select 1; select 2",
        "GRANT ROLE r TO USER u",
        "USE DATABASE x",
    ] {
        assert!(not_read_only(q).is_some(), "{q}");
    }
    assert!(is_create_table(
        "create or replace transient table t (a int)"
    ));
    assert!(!is_create_table("create view v as select 1"));
}

#[tokio::test]
async fn a_call_whose_client_goes_away_cancels_its_statement() {
    use tokio::io::AsyncWriteExt as _;
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_shared::Settings {
        stateless: true,
        poll_interval: Some(Duration::from_millis(50)),
        ..settings_for(&fake.uri())
    };
    let server = TestServer::start(&snowflake_mcp_server::SPEC, settings).await;
    submit(body("SELECT 1"))
        .respond(&fake, 202, running(HANDLE))
        .await;
    keeps_running(&fake).await;
    mcp_testkit::expect("POST", format!("/api/v2/statements/{HANDLE}/cancel"))
        .bearer(PAT)
        .respond(
            &fake,
            200,
            json!({"message": "successfully canceled", "statementHandle": HANDLE}),
        )
        .await;
    let call = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"snowflake_read_query","arguments":{"query":"SELECT 1"}}}"#;
    let auth = mcp_shared::auth::encode_auth_data(&creds());
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\nx-auth-data: {auth}\r\nContent-Length: {}\r\n\r\n{call}",
        call.len(),
        port = server.port()
    );
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", server.port()))
        .await
        .unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    // The statement is running (the fake was asked for its status); then the client leaves.
    received(&fake, 100, |r| r.method.as_str() == "GET").await;
    drop(stream);
    assert!(
        received(&fake, 150, is_cancel).await,
        "no cancel request after the client went away"
    );
}
