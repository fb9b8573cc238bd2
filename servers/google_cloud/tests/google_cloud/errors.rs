//! Every tool's Google error body becomes an `isError` result with Google's own message.

use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use mcp_vendor_google::testkit::google_error;
use serde_json::json;

use crate::common::start;

#[tokio::test]
async fn google_errors_reach_the_caller_for_every_tool() {
    let e = start().await;
    std::fs::write(e.dir.join("f.csv"), "a\n1\n").unwrap();
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(403).set_body_json(google_error(
            403,
            "PERMISSION_DENIED",
            Some("forbidden"),
            "Permission denied on resource project proj-1.",
        )))
        .mount(&e.fake)
        .await;
    let inst = json!({"instance_name": "vm1", "zone": "us-central1-a"});
    let calls = [
        ("bigquery_run_query", json!({"query": "SELECT 1"})),
        ("bigquery_list_datasets", json!({})),
        ("bigquery_create_dataset", json!({"dataset_id": "d"})),
        ("bigquery_get_dataset_info", json!({"dataset_id": "d"})),
        (
            "bigquery_load_csv_data",
            json!({"dataset_id": "d", "table_id": "t", "csv_file_path": "f.csv"}),
        ),
        (
            "bigquery_export_table",
            json!({"dataset_id": "d", "table_id": "t", "destination_bucket": "b", "destination_path": "x.csv"}),
        ),
        ("bigquery_list_jobs", json!({})),
        ("bigquery_cancel_job", json!({"job_id": "j"})),
        ("storage_list_buckets", json!({})),
        ("storage_create_bucket", json!({"bucket_name": "b"})),
        ("storage_list_objects", json!({"bucket_name": "b"})),
        (
            "storage_upload_file",
            json!({"bucket_name": "b", "source_file_path": "f.csv", "destination_blob_name": "f.csv"}),
        ),
        (
            "storage_download_file",
            json!({"bucket_name": "b", "source_blob_name": "f.csv", "destination_file_path": "g.csv"}),
        ),
        (
            "storage_delete_object",
            json!({"bucket_name": "b", "blob_name": "o"}),
        ),
        ("storage_get_bucket_info", json!({"bucket_name": "b"})),
        (
            "storage_copy_object",
            json!({"source_bucket": "a", "source_blob": "x", "dest_bucket": "b", "dest_blob": "y"}),
        ),
        (
            "storage_move_object",
            json!({"source_bucket": "a", "source_blob": "x", "dest_bucket": "b", "dest_blob": "y"}),
        ),
        ("storage_enable_versioning", json!({"bucket_name": "b"})),
        ("storage_get_bucket_size", json!({"bucket_name": "b"})),
        ("storage_set_bucket_lifecycle", json!({"bucket_name": "b"})),
        (
            "logging_write_log",
            json!({"log_name": "l", "message": "m"}),
        ),
        ("logging_read_logs", json!({})),
        ("logging_list_logs", json!({})),
        ("logging_delete_log", json!({"log_name": "l"})),
        (
            "logging_create_log_sink",
            json!({"sink_name": "s", "destination": "storage.googleapis.com/b"}),
        ),
        ("logging_list_log_sinks", json!({})),
        ("logging_delete_log_sink", json!({"sink_name": "s"})),
        (
            "logging_export_logs_to_bigquery",
            json!({"dataset_id": "d", "table_id": "t"}),
        ),
        ("logging_create_log_bucket", json!({"bucket_id": "b"})),
        ("compute_list_instances", json!({})),
        ("compute_create_instance", inst.clone()),
        ("compute_delete_instance", inst.clone()),
        ("compute_start_instance", inst.clone()),
        ("compute_stop_instance", inst.clone()),
        ("compute_restart_instance", inst.clone()),
        ("compute_get_instance", inst.clone()),
        ("compute_list_zones", json!({})),
        (
            "compute_wait_for_operation",
            json!({"operation_name": "op", "zone": "us-central1-a"}),
        ),
    ];
    for (tool, args) in calls {
        let err = e.client.call_err(tool, args).await;
        assert!(err.contains("403"), "{tool}: {err}");
        assert!(
            err.contains("Permission denied on resource project proj-1."),
            "{tool}: {err}"
        );
    }
    assert!(
        !e.dir.join("g.csv").exists(),
        "a failed download writes nothing"
    );
}

#[tokio::test]
async fn bad_arguments_are_refused_before_any_request() {
    let e = start().await;
    for (tool, args, word) in [
        ("bigquery_run_query", json!({"query": "  "}), "query"),
        (
            "bigquery_create_dataset",
            json!({"dataset_id": "a/b"}),
            "dataset_id",
        ),
        (
            "bigquery_load_csv_data",
            json!({"dataset_id": "d", "table_id": "t", "csv_file_path": "f.csv", "write_mode": "MERGE"}),
            "write_mode",
        ),
        (
            "bigquery_export_table",
            json!({"dataset_id": "d", "table_id": "t", "destination_bucket": "b", "destination_path": "x", "file_format": "XLS"}),
            "file_format",
        ),
        (
            "logging_write_log",
            json!({"log_name": "l", "message": "m", "severity": "LOUD"}),
            "severity",
        ),
        (
            "logging_create_log_bucket",
            json!({"bucket_id": "b", "retention_days": 0}),
            "retention_days",
        ),
        (
            "compute_get_instance",
            json!({"instance_name": "", "zone": "z"}),
            "instance_name",
        ),
        (
            "storage_generate_signed_url",
            json!({"bucket_name": "b", "blob_name": "o", "expiration_minutes": 99999}),
            "expiration_minutes",
        ),
    ] {
        let err = e.client.call_err(tool, args).await;
        assert!(err.contains(word), "{tool}: {err}");
    }
    mcp_testkit::assert_no_requests(&e.fake).await;
}
