//! Service logs and advisors.

use chrono::{DateTime, Utc};
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use serde_json::json;

use crate::common::{REF, TOKEN, sb, setup};

/// Matches the logs query: this SQL and a 24-hour window ending now.
fn logs_request(sql_part: &'static str) -> impl Fn(&mcp_testkit::wiremock::Request) -> bool {
    move |r: &mcp_testkit::wiremock::Request| {
        let q: std::collections::HashMap<String, String> =
            r.url.query_pairs().into_owned().collect();
        let time = |k: &str| {
            q.get(k)
                .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
                .map(|t| t.with_timezone(&Utc))
        };
        let (Some(start), Some(end)) = (time("iso_timestamp_start"), time("iso_timestamp_end"))
        else {
            return false;
        };
        q.len() == 3
            && q.get("sql").is_some_and(|s| s.contains(sql_part))
            && (end - start).num_hours() == 24
            && (Utc::now() - end).num_seconds().abs() < 60
    }
}

#[tokio::test]
async fn get_logs_queries_the_service_source() {
    let s = setup().await;
    let entries = json!([{
        "id": "b2f6c3a1-0000-4000-8000-000000000001",
        "timestamp": 1741000000000000_i64,
        "event_message": "connection received: host=10.0.0.1",
        "error_severity": "LOG",
        "identifier": REF
    }]);
    Mock::given(matchers::method("GET"))
        .and(matchers::path(format!(
            "/v1/projects/{REF}/analytics/endpoints/logs.all"
        )))
        .and(matchers::header("authorization", format!("Bearer {TOKEN}")))
        .and(logs_request("from postgres_logs"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"result": entries})))
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok(
            "supabase_get_logs",
            json!({"project_id": REF, "service": "postgres"}),
        )
        .await;
    assert_eq!(v["entries"], entries);
    assert!(v["from"].as_str().unwrap().ends_with('Z'));
}

#[tokio::test]
async fn get_logs_error_inside_a_200_and_bad_service() {
    let s = setup().await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path(format!(
            "/v1/projects/{REF}/analytics/endpoints/logs.all"
        )))
        .and(logs_request("from edge_logs"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "error": {"code": 400, "errors": [], "message": "Timestamp range is more than 24 hours", "status": "INVALID"}
        })))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err(
            "supabase_get_logs",
            json!({"project_id": REF, "service": "api"}),
        )
        .await;
    assert!(
        err.contains("Timestamp range is more than 24 hours"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "supabase_get_logs",
            json!({"project_id": REF, "service": "kafka"}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
}

#[tokio::test]
async fn get_advisors_contract() {
    let s = setup().await;
    sb("GET", &format!("/v1/projects/{REF}/advisors/security"))
        .respond(
            &s.fake,
            200,
            json!({"lints": [{
                "name": "rls_disabled_in_public",
                "title": "RLS Disabled in Public",
                "level": "ERROR",
                "facing": "EXTERNAL",
                "categories": ["SECURITY"],
                "description": "Detects cases where row level security (RLS) has not been enabled on tables in schemas exposed to PostgREST",
                "detail": "Table `public.todos` is public, but RLS has not been enabled.",
                "remediation": "https://supabase.com/docs/guides/database/database-linter?lint=0013_rls_disabled_in_public",
                "metadata": {"schema": "public", "name": "todos", "type": "table"},
                "cache_key": "rls_disabled_in_public_public_todos"
            }]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "supabase_get_advisors",
            json!({"project_id": REF, "type": "security"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"lints": [{
            "name": "rls_disabled_in_public",
            "title": "RLS Disabled in Public",
            "level": "ERROR",
            "categories": ["SECURITY"],
            "detail": "Table `public.todos` is public, but RLS has not been enabled.",
            "remediation": "https://supabase.com/docs/guides/database/database-linter?lint=0013_rls_disabled_in_public",
            "metadata": {"schema": "public", "name": "todos", "type": "table"}
        }]})
    );
}

#[tokio::test]
async fn get_advisors_rate_limited() {
    let s = setup().await;
    sb("GET", &format!("/v1/projects/{REF}/advisors/performance"))
        .times(3)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .set_body_json(json!({"message": "Too many requests"})),
        )
        .await;
    let err = s
        .client
        .call_err(
            "supabase_get_advisors",
            json!({"project_id": REF, "type": "performance"}),
        )
        .await;
    assert!(err.contains("429") && err.contains("rate limited"), "{err}");
}
