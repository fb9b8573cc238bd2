use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::common::{BQ, TOKEN, ok, received, start};

fn without(mut v: Value, ptr: &[&str]) -> Value {
    for p in ptr {
        let (parent, key) = p.rsplit_once('/').unwrap();
        if let Some(o) = v.pointer_mut(parent).and_then(Value::as_object_mut) {
            o.remove(key);
        }
    }
    v
}

#[tokio::test]
async fn run_query_polls_until_complete() {
    let e = start().await;
    expect("POST", format!("{BQ}/queries"))
        .bearer(TOKEN)
        .any_body()
        .respond(
            &e.fake,
            200,
            json!({
                "kind": "bigquery#queryResponse",
                "jobComplete": false,
                "jobReference": {"projectId": "proj-1", "jobId": "job_1", "location": "US"}
            }),
        )
        .await;
    expect("GET", format!("{BQ}/queries/job_1"))
        .bearer(TOKEN)
        .queries(&[("location", "US"), ("maxResults", "10"), ("timeoutMs", "10000")])
        .respond(&e.fake, 200, json!({
            "jobComplete": true,
            "totalRows": "2",
            "schema": {"fields": [{"name": "name", "type": "STRING"}, {"name": "n", "type": "INTEGER"},
                {"name": "tags", "type": "STRING", "mode": "REPEATED"}]},
            "rows": [
                {"f": [{"v": "a"}, {"v": "1"}, {"v": [{"v": "x"}]}]},
                {"f": [{"v": "b"}, {"v": null}, {"v": []}]}
            ]
        }))
        .await;
    let t = ok(
        &e.client,
        "bigquery_run_query",
        json!({"query": "SELECT 1", "max_results": 10}),
    )
    .await;
    assert!(t.contains("Total rows: 2, Returned: 2"), "{t}");
    // Each row is a JSON object (its key order depends on serde_json's features).
    let rows: Vec<Value> = t
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        rows[0],
        json!({"n": "1", "name": "a", "tags": ["x"]}),
        "{t}"
    );
    let body: Value =
        serde_json::from_slice(&received(&e.fake, "POST", &format!("{BQ}/queries")).await[0].body)
            .unwrap();
    assert!(body["requestId"].as_str().is_some_and(|r| r.len() == 36));
    assert_eq!(
        without(body, &["/requestId"]),
        json!({"query": "SELECT 1", "useLegacySql": false, "maxResults": 10, "timeoutMs": 10000})
    );
}

#[tokio::test]
async fn run_query_dry_run_estimates() {
    let e = start().await;
    expect("POST", format!("{BQ}/queries"))
        .bearer(TOKEN)
        .any_body()
        .respond(
            &e.fake,
            200,
            json!({"jobComplete": true, "totalBytesProcessed": "1099511627776"}),
        )
        .await;
    let t = ok(
        &e.client,
        "bigquery_run_query",
        json!({"query": "SELECT x FROM d.t", "dry_run": true}),
    )
    .await;
    assert!(
        t.contains("Estimated bytes processed: 1099511627776"),
        "{t}"
    );
    assert!(t.contains("$6.250000 USD"), "{t}");
    let body: Value =
        serde_json::from_slice(&received(&e.fake, "POST", &format!("{BQ}/queries")).await[0].body)
            .unwrap();
    assert_eq!(body["dryRun"], json!(true));
    assert_eq!(body["maxResults"], json!(1000));
}

#[tokio::test]
async fn list_datasets_pages() {
    let e = start().await;
    expect("GET", format!("{BQ}/datasets"))
        .bearer(TOKEN)
        .query("maxResults", 1000)
        .respond(&e.fake, 200, json!({"datasets": [{"datasetReference": {"projectId": "proj-1", "datasetId": "sales"}, "location": "US"}], "nextPageToken": "p2"}))
        .await;
    expect("GET", format!("{BQ}/datasets"))
        .bearer(TOKEN)
        .queries(&[("maxResults", "1000"), ("pageToken", "p2")])
        .respond(&e.fake, 200, json!({"datasets": [{"datasetReference": {"projectId": "proj-1", "datasetId": "hr"}, "location": "EU"}]}))
        .await;
    let t = ok(&e.client, "bigquery_list_datasets", json!({})).await;
    assert!(t.starts_with("Found 2 datasets:"), "{t}");
    assert!(t.contains("- sales (Project: proj-1, Location: US)"), "{t}");
    assert!(t.contains("- hr (Project: proj-1, Location: EU)"), "{t}");
}

#[tokio::test]
async fn create_dataset_body() {
    let e = start().await;
    expect("POST", format!("{BQ}/datasets"))
        .bearer(TOKEN)
        .json_body(json!({"datasetReference": {"projectId": "proj-1", "datasetId": "sales"}, "location": "EU", "description": "Sales data"}))
        .respond(&e.fake, 200, json!({"id": "proj-1:sales", "location": "EU"}))
        .await;
    let t = ok(
        &e.client,
        "bigquery_create_dataset",
        json!({"dataset_id": "sales", "description": "Sales data", "location": "EU"}),
    )
    .await;
    assert_eq!(t, "Dataset proj-1:sales created in EU.");
}

#[tokio::test]
async fn get_dataset_info_with_tables() {
    let e = start().await;
    expect("GET", format!("{BQ}/datasets/sales"))
        .bearer(TOKEN)
        .respond(&e.fake, 200, json!({"id": "proj-1:sales", "location": "US", "description": "d", "creationTime": "1700000000000", "lastModifiedTime": "1700000000000"}))
        .await;
    expect("GET", format!("{BQ}/datasets/sales/tables"))
        .bearer(TOKEN)
        .query("maxResults", 1000)
        .respond(&e.fake, 200, json!({"tables": [{"tableReference": {"projectId": "proj-1", "datasetId": "sales", "tableId": "orders"}, "type": "TABLE"}]}))
        .await;
    let t = ok(
        &e.client,
        "bigquery_get_dataset_info",
        json!({"dataset_id": "sales"}),
    )
    .await;
    assert!(t.contains("Dataset: proj-1:sales"), "{t}");
    assert!(t.contains("Created: 2023-11-14T22:13:20+00:00"), "{t}");
    assert!(t.contains("- orders (TABLE)"), "{t}");
}

#[tokio::test]
async fn load_csv_uploads_multipart_and_waits() {
    let e = start().await;
    std::fs::write(e.dir.join("data.csv"), "name,n\na,1\n").unwrap();
    expect("POST", "/upload/bigquery/v2/projects/proj-1/jobs")
        .bearer(TOKEN)
        .query("uploadType", "multipart")
        .any_body()
        .respond(&e.fake, 200, json!({"jobReference": {"projectId": "proj-1", "jobId": "load_1", "location": "US"}, "status": {"state": "RUNNING"}}))
        .await;
    expect("GET", format!("{BQ}/jobs/load_1"))
        .bearer(TOKEN)
        .query("location", "US")
        .respond(&e.fake, 200, json!({"jobReference": {"jobId": "load_1"}, "status": {"state": "DONE"}, "statistics": {"load": {"outputRows": "1"}}}))
        .await;
    let t = ok(&e.client, "bigquery_load_csv_data", json!({"dataset_id": "sales", "table_id": "orders", "csv_file_path": "data.csv", "write_mode": "WRITE_APPEND"})).await;
    assert_eq!(
        t,
        "Loaded 1 rows from data.csv into proj-1.sales.orders (WRITE_APPEND)."
    );
    let r = &received(&e.fake, "POST", "/upload/bigquery/v2/projects/proj-1/jobs").await[0];
    let ct = r
        .headers
        .get("content-type")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    let boundary = ct.strip_prefix("multipart/related; boundary=").unwrap();
    let body = String::from_utf8(r.body.clone()).unwrap();
    let parts: Vec<&str> = body.split(&format!("--{boundary}")).collect();
    assert_eq!(parts.len(), 4, "{body}");
    let (h1, meta) = parts[1].split_once("\r\n\r\n").unwrap();
    assert!(h1.contains("Content-Type: application/json; charset=UTF-8"));
    let meta: Value = serde_json::from_str(meta.trim()).unwrap();
    assert!(
        meta["jobReference"]["jobId"]
            .as_str()
            .unwrap()
            .starts_with("load_")
    );
    assert_eq!(
        meta["configuration"],
        json!({"load": {"destinationTable": {"projectId": "proj-1", "datasetId": "sales", "tableId": "orders"},
            "sourceFormat": "CSV", "skipLeadingRows": 1, "autodetect": true, "writeDisposition": "WRITE_APPEND"}})
    );
    let (h2, media) = parts[2].split_once("\r\n\r\n").unwrap();
    assert!(h2.contains("Content-Type: text/csv"));
    assert_eq!(media, "name,n\na,1\n\r\n");
    assert_eq!(parts[3], "--");
}

#[tokio::test]
async fn load_csv_refuses_paths_outside_the_workspace() {
    let e = start().await;
    let err = e
        .client
        .call_err(
            "bigquery_load_csv_data",
            json!({"dataset_id": "d", "table_id": "t", "csv_file_path": "../../etc/passwd"}),
        )
        .await;
    assert!(err.contains("csv_file_path"), "{err}");
    mcp_testkit::assert_no_requests(&e.fake).await;
}

#[tokio::test]
async fn load_job_error_is_reported() {
    let e = start().await;
    std::fs::write(e.dir.join("bad.csv"), "x\n").unwrap();
    expect("POST", "/upload/bigquery/v2/projects/proj-1/jobs")
        .bearer(TOKEN)
        .query("uploadType", "multipart")
        .any_body()
        .respond(
            &e.fake,
            200,
            json!({"jobReference": {"jobId": "load_2"}, "status": {"state": "DONE",
            "errorResult": {"reason": "invalid", "message": "Error while reading data"}}}),
        )
        .await;
    let err = e
        .client
        .call_err(
            "bigquery_load_csv_data",
            json!({"dataset_id": "d", "table_id": "t", "csv_file_path": "bad.csv"}),
        )
        .await;
    assert!(err.contains("Error while reading data"), "{err}");
}

#[tokio::test]
async fn export_table_extract_job() {
    let e = start().await;
    expect("POST", format!("{BQ}/jobs"))
        .bearer(TOKEN)
        .any_body()
        .respond(&e.fake, 200, json!({"jobReference": {"jobId": "extract_1", "location": "US"}, "status": {"state": "DONE"}}))
        .await;
    let t = ok(&e.client, "bigquery_export_table", json!({"dataset_id": "sales", "table_id": "orders", "destination_bucket": "bkt", "destination_path": "out/orders.json", "file_format": "JSON"})).await;
    assert_eq!(
        t,
        "Exported proj-1.sales.orders to gs://bkt/out/orders.json (NEWLINE_DELIMITED_JSON)."
    );
    let body: Value =
        serde_json::from_slice(&received(&e.fake, "POST", &format!("{BQ}/jobs")).await[0].body)
            .unwrap();
    assert_eq!(body["jobReference"]["projectId"], "proj-1");
    assert_eq!(
        body["configuration"],
        json!({"extract": {"sourceTable": {"projectId": "proj-1", "datasetId": "sales", "tableId": "orders"},
            "destinationUris": ["gs://bkt/out/orders.json"], "destinationFormat": "NEWLINE_DELIMITED_JSON"}})
    );
}

#[tokio::test]
async fn list_jobs_with_state() {
    let e = start().await;
    expect("GET", format!("{BQ}/jobs"))
        .bearer(TOKEN)
        .queries(&[("maxResults", "5"), ("stateFilter", "running"), ("projection", "full")])
        .respond(&e.fake, 200, json!({"jobs": [{"jobReference": {"jobId": "j1", "location": "US"}, "state": "RUNNING",
            "configuration": {"jobType": "QUERY"}, "statistics": {"creationTime": "1700000000000"}}]}))
        .await;
    let t = ok(
        &e.client,
        "bigquery_list_jobs",
        json!({"max_results": 5, "state_filter": "RUNNING"}),
    )
    .await;
    assert!(
        t.contains("- j1 (QUERY, RUNNING, location US, created 2023-11-14T22:13:20+00:00)"),
        "{t}"
    );
    let err = e
        .client
        .call_err("bigquery_list_jobs", json!({"state_filter": "weird"}))
        .await;
    assert!(err.contains("state_filter"), "{err}");
}

#[tokio::test]
async fn cancel_job_with_location() {
    let e = start().await;
    expect("POST", format!("{BQ}/jobs/j1/cancel"))
        .bearer(TOKEN)
        .query("location", "EU")
        .respond(
            &e.fake,
            200,
            json!({"kind": "bigquery#jobCancelResponse", "job": {"status": {"state": "RUNNING"}}}),
        )
        .await;
    let t = ok(
        &e.client,
        "bigquery_cancel_job",
        json!({"job_id": "proj-1:EU.j1"}),
    )
    .await;
    assert_eq!(t, "Cancel requested for job j1; state: RUNNING.");
}
