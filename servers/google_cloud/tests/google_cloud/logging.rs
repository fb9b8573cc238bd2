use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{BQ, TOKEN, ok, received, start};

#[tokio::test]
async fn write_log() {
    let e = start().await;
    expect("POST", "/v2/entries:write")
        .bearer(TOKEN)
        .json_body(json!({
            "logName": "projects/proj-1/logs/my%2Fapp",
            "resource": {"type": "global", "labels": {"project_id": "proj-1"}},
            "entries": [{"severity": "ERROR", "textPayload": "boom"}]
        }))
        .respond(&e.fake, 200, json!({}))
        .await;
    let t = ok(
        &e.client,
        "logging_write_log",
        json!({"log_name": "my/app", "message": "boom", "severity": "error"}),
    )
    .await;
    assert_eq!(t, "Wrote a ERROR entry to log my/app.");
}

#[tokio::test]
async fn read_logs() {
    let e = start().await;
    expect("POST", "/v2/entries:list")
        .bearer(TOKEN)
        .json_body(json!({"resourceNames": ["projects/proj-1"], "orderBy": "timestamp desc", "pageSize": 2, "filter": "severity>=ERROR"}))
        .respond(&e.fake, 200, json!({"entries": [
            {"logName": "projects/proj-1/logs/app", "timestamp": "2024-01-01T00:00:00Z", "severity": "ERROR", "textPayload": "boom"},
            {"logName": "projects/proj-1/logs/app", "timestamp": "2024-01-01T00:00:01Z", "jsonPayload": {"k": 1}}
        ]}))
        .await;
    let t = ok(
        &e.client,
        "logging_read_logs",
        json!({"log_filter": "severity>=ERROR", "max_entries": 2}),
    )
    .await;
    assert!(t.contains("[2024-01-01T00:00:00Z] ERROR app: boom"), "{t}");
    assert!(t.contains("DEFAULT app: {\"k\":1}"), "{t}");
}

#[tokio::test]
async fn list_logs() {
    let e = start().await;
    expect("GET", "/v2/projects/proj-1/logs")
        .bearer(TOKEN)
        .query("pageSize", 1000)
        .respond(
            &e.fake,
            200,
            json!({"logNames": ["projects/proj-1/logs/app"]}),
        )
        .await;
    let t = ok(&e.client, "logging_list_logs", json!({})).await;
    assert_eq!(t, "Found 1 logs:\n- projects/proj-1/logs/app");
}

#[tokio::test]
async fn delete_log() {
    let e = start().await;
    expect("DELETE", "/v2/projects/proj-1/logs/app")
        .bearer(TOKEN)
        .respond(&e.fake, 200, json!({}))
        .await;
    let t = ok(&e.client, "logging_delete_log", json!({"log_name": "app"})).await;
    assert_eq!(t, "Deleted log app.");
}

#[tokio::test]
async fn create_log_sink() {
    let e = start().await;
    expect("POST", "/v2/projects/proj-1/sinks")
        .bearer(TOKEN)
        .query("uniqueWriterIdentity", "true")
        .json_body(json!({"name": "s1", "destination": "storage.googleapis.com/bkt", "filter": "severity>=ERROR"}))
        .respond(&e.fake, 200, json!({"name": "s1", "writerIdentity": "serviceAccount:w@x.iam.gserviceaccount.com"}))
        .await;
    let t = ok(&e.client, "logging_create_log_sink", json!({"sink_name": "s1", "destination": "storage.googleapis.com/bkt", "log_filter": "severity>=ERROR"})).await;
    assert!(
        t.contains("Writer identity: serviceAccount:w@x.iam.gserviceaccount.com"),
        "{t}"
    );
}

#[tokio::test]
async fn list_and_delete_log_sinks() {
    let e = start().await;
    expect("GET", "/v2/projects/proj-1/sinks")
        .bearer(TOKEN)
        .query("pageSize", 200)
        .respond(
            &e.fake,
            200,
            json!({"sinks": [{"name": "s1", "destination": "storage.googleapis.com/bkt"}]}),
        )
        .await;
    expect("DELETE", "/v2/projects/proj-1/sinks/s1")
        .bearer(TOKEN)
        .respond(&e.fake, 200, json!({}))
        .await;
    let t = ok(&e.client, "logging_list_log_sinks", json!({})).await;
    assert_eq!(
        t,
        "Found 1 log sinks:\n- s1 -> storage.googleapis.com/bkt (filter: all entries)"
    );
    let t = ok(
        &e.client,
        "logging_delete_log_sink",
        json!({"sink_name": "s1"}),
    )
    .await;
    assert_eq!(t, "Deleted sink s1.");
}

#[tokio::test]
async fn create_log_bucket() {
    let e = start().await;
    expect("POST", "/v2/projects/proj-1/locations/us-central1/buckets")
        .bearer(TOKEN)
        .query("bucketId", "audit")
        .json_body(json!({"retentionDays": 90}))
        .respond(&e.fake, 200, json!({"name": "projects/proj-1/locations/us-central1/buckets/audit", "retentionDays": 90}))
        .await;
    let t = ok(
        &e.client,
        "logging_create_log_bucket",
        json!({"bucket_id": "audit", "location": "us-central1", "retention_days": 90}),
    )
    .await;
    assert_eq!(
        t,
        "Created log bucket projects/proj-1/locations/us-central1/buckets/audit (retention 90 days)."
    );
}

#[tokio::test]
async fn export_logs_creates_table_and_inserts() {
    let e = start().await;
    expect("POST", "/v2/entries:list")
        .bearer(TOKEN)
        .any_body()
        .respond(&e.fake, 200, json!({"entries": [
            {"logName": "projects/proj-1/logs/app", "timestamp": "2024-01-01T00:00:00Z", "severity": "INFO", "textPayload": "hi", "insertId": "i1", "resource": {"type": "global"}}
        ]}))
        .await;
    expect("GET", format!("{BQ}/datasets/d/tables/t"))
        .bearer(TOKEN)
        .respond(
            &e.fake,
            404,
            mcp_vendor_google::testkit::google_error(
                404,
                "NOT_FOUND",
                Some("notFound"),
                "Not found: Table proj-1:d.t",
            ),
        )
        .await;
    expect("POST", format!("{BQ}/datasets/d/tables"))
        .bearer(TOKEN)
        .any_body()
        .respond(&e.fake, 200, json!({"id": "proj-1:d.t"}))
        .await;
    expect("POST", format!("{BQ}/datasets/d/tables/t/insertAll"))
        .bearer(TOKEN)
        .json_body(json!({"rows": [{"insertId": "i1", "json": {"timestamp": "2024-01-01T00:00:00Z", "severity": "INFO",
            "log_name": "projects/proj-1/logs/app", "message": "hi", "resource_type": "global", "insert_id": "i1"}}]}))
        .respond(&e.fake, 200, json!({"kind": "bigquery#tableDataInsertAllResponse"}))
        .await;
    let t = ok(
        &e.client,
        "logging_export_logs_to_bigquery",
        json!({"dataset_id": "d", "table_id": "t", "log_filter": "severity>=INFO", "days_back": 2}),
    )
    .await;
    assert_eq!(
        t,
        "Exported 1 log entries of the last 2 days to proj-1.d.t."
    );
    let list: Value =
        serde_json::from_slice(&received(&e.fake, "POST", "/v2/entries:list").await[0].body)
            .unwrap();
    let f = list["filter"].as_str().unwrap();
    assert!(
        f.starts_with("timestamp >= \"") && f.ends_with("\" AND (severity>=INFO)"),
        "{f}"
    );
    let table: Value = serde_json::from_slice(
        &received(&e.fake, "POST", &format!("{BQ}/datasets/d/tables")).await[0].body,
    )
    .unwrap();
    assert_eq!(
        table["tableReference"],
        json!({"projectId": "proj-1", "datasetId": "d", "tableId": "t"})
    );
    assert_eq!(
        table["schema"]["fields"][0],
        json!({"name": "timestamp", "type": "TIMESTAMP", "mode": "NULLABLE"})
    );
    let _ = ResponseTemplate::new(200);
}
