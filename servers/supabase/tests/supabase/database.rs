//! Tables, extensions, migrations and SQL through the project's query endpoint.

use mcp_testkit::{Setup, TestServer, request_bodies, settings_for};
use serde_json::json;

use crate::common::{REF, TOKEN, sb, setup};

fn query_path() -> String {
    format!("/v1/projects/{REF}/database/query")
}

#[tokio::test]
async fn list_tables_runs_read_only_sql_for_the_schemas() {
    let s = setup().await;
    let table = json!({
        "schema": "public", "name": "todos", "rls_enabled": true, "rows_estimate": 42, "comment": null,
        "columns": [{"name": "id", "type": "bigint", "nullable": false, "default": null},
                    {"name": "task", "type": "text", "nullable": true, "default": null}],
        "primary_key": ["id"]
    });
    sb("POST", &query_path())
        .any_body()
        .respond(&s.fake, 201, json!([table]))
        .await;
    let v = s
        .client
        .call_ok(
            "supabase_list_tables",
            json!({"project_id": REF, "schemas": ["public", "it's"]}),
        )
        .await;
    assert_eq!(v, json!({"tables": [table]}));
    let body = &request_bodies(&s.fake, "POST", &query_path()).await[0];
    assert_eq!(body["read_only"], true);
    let sql = body["query"].as_str().unwrap();
    assert!(sql.contains("n.nspname in ('public', 'it''s')"), "{sql}");
    assert!(sql.contains("relrowsecurity"), "{sql}");
    assert_eq!(body.as_object().unwrap().len(), 2);
}

#[tokio::test]
async fn list_tables_defaults_to_public_and_reports_sql_errors() {
    let s = setup().await;
    sb("POST", &query_path())
        .any_body()
        .respond(
            &s.fake,
            400,
            json!({"message": "Failed to run sql query: ERROR:  42501: permission denied for schema public"}),
        )
        .await;
    let err = s
        .client
        .call_err("supabase_list_tables", json!({"project_id": REF}))
        .await;
    assert!(
        err.contains("400") && err.contains("permission denied"),
        "{err}"
    );
    let body = &request_bodies(&s.fake, "POST", &query_path()).await[0];
    assert!(
        body["query"]
            .as_str()
            .unwrap()
            .contains("n.nspname in ('public')")
    );
}

#[tokio::test]
async fn list_extensions_contract() {
    let s = setup().await;
    let rows = json!([
        {"name": "pg_graphql", "schema": "graphql", "installed_version": "1.5.11", "default_version": "1.5.11", "comment": "GraphQL support"},
        {"name": "postgis", "schema": null, "installed_version": null, "default_version": "3.3.7", "comment": "PostGIS geometry"}
    ]);
    sb("POST", &query_path())
        .any_body()
        .respond(&s.fake, 201, rows.clone())
        .await;
    let v = s
        .client
        .call_ok("supabase_list_extensions", json!({"project_id": REF}))
        .await;
    assert_eq!(v, json!({"extensions": rows}));
    let body = &request_bodies(&s.fake, "POST", &query_path()).await[0];
    assert_eq!(body["read_only"], true);
    assert!(
        body["query"]
            .as_str()
            .unwrap()
            .contains("from pg_available_extensions")
    );
    let err = s
        .client
        .call_err("supabase_list_extensions", json!({}))
        .await;
    assert!(err.contains("project_id"), "{err}");
}

#[tokio::test]
async fn list_migrations_contract() {
    let s = setup().await;
    sb("GET", &format!("/v1/projects/{REF}/database/migrations"))
        .respond(
            &s.fake,
            200,
            json!([{"version": "20250312000000", "name": "create_widgets_table"}, {"version": "20250313000000"}]),
        )
        .await;
    let v = s
        .client
        .call_ok("supabase_list_migrations", json!({"project_id": REF}))
        .await;
    assert_eq!(
        v,
        json!({"migrations": [{"version": "20250312000000", "name": "create_widgets_table"},
                              {"version": "20250313000000"}]})
    );
}

#[tokio::test]
async fn list_migrations_partner_only() {
    let s = setup().await;
    sb("GET", &format!("/v1/projects/{REF}/database/migrations"))
        .respond(&s.fake, 403, json!({"message": "Forbidden resource"}))
        .await;
    let err = s
        .client
        .call_err("supabase_list_migrations", json!({"project_id": REF}))
        .await;
    assert!(
        err.contains("403") && err.contains("Forbidden resource"),
        "{err}"
    );
}

#[tokio::test]
async fn apply_migration_contract() {
    let s = setup().await;
    let query = "create table public.widgets(id bigint primary key);";
    sb("POST", &format!("/v1/projects/{REF}/database/migrations"))
        .json_body(json!({"query": query, "name": "create_widgets_table"}))
        .respond_with(&s.fake, mcp_testkit::wiremock::ResponseTemplate::new(200))
        .await;
    let v = s
        .client
        .call_ok(
            "supabase_apply_migration",
            json!({"project_id": REF, "name": "create_widgets_table", "query": query}),
        )
        .await;
    assert_eq!(v, json!({"applied": true, "name": "create_widgets_table"}));
    let err = s
        .client
        .call_err(
            "supabase_apply_migration",
            json!({"project_id": REF, "name": "x", "query": "  "}),
        )
        .await;
    assert!(err.contains("`query` must not be empty"), "{err}");
}

#[tokio::test]
async fn apply_migration_sql_error_is_not_retried() {
    let s = setup().await;
    sb("POST", &format!("/v1/projects/{REF}/database/migrations"))
        .any_body()
        .respond(
            &s.fake,
            500,
            json!({"message": "Failed to apply database migration"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "supabase_apply_migration",
            json!({"project_id": REF, "name": "x", "query": "drop table t;"}),
        )
        .await;
    assert!(
        err.contains("500") && err.contains("Failed to apply"),
        "{err}"
    );
}

#[tokio::test]
async fn execute_sql_writes_when_not_read_only() {
    let s = setup().await;
    sb("POST", &query_path())
        .json_body(json!({"query": "insert into todos(task) values ('x') returning id"}))
        .respond(&s.fake, 201, json!([{"id": 7}]))
        .await;
    let v = s
        .client
        .call_ok(
            "supabase_execute_sql",
            json!({"project_id": REF, "query": " insert into todos(task) values ('x') returning id "}),
        )
        .await;
    assert_eq!(v, json!({"rows": [{"id": 7}], "row_count": 1}));
}

#[tokio::test]
async fn execute_sql_caps_rows() {
    let s = setup().await;
    let rows: Vec<_> = (0..501).map(|i| json!({"n": i})).collect();
    sb("POST", &query_path())
        .json_body(json!({"query": "select generate_series(0, 500) as n"}))
        .respond(&s.fake, 201, json!(rows))
        .await;
    let v = s
        .client
        .call_ok(
            "supabase_execute_sql",
            json!({"project_id": REF, "query": "select generate_series(0, 500) as n"}),
        )
        .await;
    assert_eq!(v["rows"].as_array().unwrap().len(), 500);
    assert_eq!(v["row_count"], 501);
    assert!(v["truncated"].as_str().unwrap().contains("LIMIT"));
}

/// `--read-only`: execute_sql stays offered and asks the endpoint for a read-only
/// transaction; tools that write are gone.
#[tokio::test]
async fn execute_sql_runs_read_only_in_read_only_mode() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_shared::Settings {
        read_only: true,
        ..settings_for(&fake.uri())
    };
    let server = TestServer::start(&supabase_mcp_server::SPEC, settings).await;
    let client = server.client(TOKEN).await;
    sb("POST", &query_path())
        .json_body(json!({"query": "delete from todos", "read_only": true}))
        .respond(
            &fake,
            400,
            json!({"message": "Failed to run sql query: ERROR:  25006: cannot execute DELETE in a read-only transaction"}),
        )
        .await;
    let err = client
        .call_err(
            "supabase_execute_sql",
            json!({"project_id": REF, "query": "delete from todos"}),
        )
        .await;
    assert!(err.contains("read-only transaction"), "{err}");
    let names: Vec<String> = client
        .list_tools()
        .await
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert!(names.contains(&"supabase_execute_sql".to_owned()));
    assert!(!names.contains(&"supabase_apply_migration".to_owned()));
    assert!(!names.contains(&"supabase_create_project".to_owned()));
}

/// `X-MCP-Readonly: true` makes one request read-only the same way.
#[tokio::test]
async fn execute_sql_runs_read_only_for_a_read_only_request() {
    let s: Setup = setup().await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"access_token": TOKEN}));
    let client = s
        .server
        .client_with(&[("x-auth-data", &auth), ("x-mcp-readonly", "true")])
        .await;
    sb("POST", &query_path())
        .json_body(json!({"query": "select 1 as one", "read_only": true}))
        .respond(&s.fake, 201, json!([{"one": 1}]))
        .await;
    let v = client
        .call_ok(
            "supabase_execute_sql",
            json!({"project_id": REF, "query": "select 1 as one"}),
        )
        .await;
    assert_eq!(v, json!({"rows": [{"one": 1}], "row_count": 1}));
    let err = client
        .call_err(
            "supabase_execute_sql",
            json!({"project_id": REF, "query": ""}),
        )
        .await;
    assert!(err.contains("`query` must not be empty"), "{err}");
}
