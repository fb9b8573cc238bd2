use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{TOKEN, ok, received, start};

#[tokio::test]
async fn list_buckets() {
    let e = start().await;
    expect("GET", "/storage/v1/b")
        .bearer(TOKEN)
        .query("project", "proj-1")
        .respond(&e.fake, 200, json!({"kind": "storage#buckets", "items": [{"name": "bkt", "location": "US", "storageClass": "STANDARD", "timeCreated": "2024-01-01T00:00:00Z"}]}))
        .await;
    let t = ok(&e.client, "storage_list_buckets", json!({})).await;
    assert_eq!(
        t,
        "Found 1 buckets:\n- bkt (Location: US, Class: STANDARD, Created: 2024-01-01T00:00:00Z)"
    );
}

#[tokio::test]
async fn create_bucket() {
    let e = start().await;
    expect("POST", "/storage/v1/b")
        .bearer(TOKEN)
        .query("project", "proj-1")
        .json_body(json!({"name": "new-bkt", "location": "EU"}))
        .respond(&e.fake, 200, json!({"name": "new-bkt", "location": "EU"}))
        .await;
    let t = ok(
        &e.client,
        "storage_create_bucket",
        json!({"bucket_name": "new-bkt", "location": "EU"}),
    )
    .await;
    assert_eq!(t, "Bucket new-bkt created in EU.");
}

#[tokio::test]
async fn list_objects_with_prefix() {
    let e = start().await;
    expect("GET", "/storage/v1/b/bkt/o")
        .bearer(TOKEN)
        .query("prefix", "logs/")
        .respond(&e.fake, 200, json!({"items": [{"name": "logs/a.txt", "size": "12", "contentType": "text/plain", "updated": "2024-01-01T00:00:00Z"}]}))
        .await;
    let t = ok(
        &e.client,
        "storage_list_objects",
        json!({"bucket_name": "bkt", "prefix": "logs/"}),
    )
    .await;
    assert!(t.contains("- logs/a.txt (12 bytes, text/plain"), "{t}");
}

#[tokio::test]
async fn upload_file_from_workspace() {
    let e = start().await;
    std::fs::write(e.dir.join("report.csv"), "a,b\n1,2\n").unwrap();
    expect("POST", "/upload/storage/v1/b/bkt/o")
        .bearer(TOKEN)
        .queries(&[("uploadType", "media"), ("name", "in/report.csv")])
        .header("content-type", "text/csv")
        .any_body()
        .respond(
            &e.fake,
            200,
            json!({"name": "in/report.csv", "size": "8", "generation": "17"}),
        )
        .await;
    let t = ok(&e.client, "storage_upload_file", json!({"bucket_name": "bkt", "source_file_path": "report.csv", "destination_blob_name": "in/report.csv"})).await;
    assert_eq!(
        t,
        "Uploaded report.csv to gs://bkt/in/report.csv (8 bytes, generation 17)."
    );
    let r = &received(&e.fake, "POST", "/upload/storage/v1/b/bkt/o").await[0];
    assert_eq!(r.body, b"a,b\n1,2\n");
}

#[tokio::test]
async fn upload_refuses_absolute_path() {
    let e = start().await;
    let err = e.client.call_err("storage_upload_file", json!({"bucket_name": "bkt", "source_file_path": "/etc/passwd", "destination_blob_name": "x"})).await;
    assert!(err.contains("source_file_path"), "{err}");
    mcp_testkit::assert_no_requests(&e.fake).await;
}

#[tokio::test]
async fn download_file_to_workspace() {
    let e = start().await;
    expect("GET", "/storage/v1/b/bkt/o/in%2Freport.csv")
        .bearer(TOKEN)
        .query("alt", "media")
        .respond_with(
            &e.fake,
            ResponseTemplate::new(200).set_body_bytes(b"hello,world\n".to_vec()),
        )
        .await;
    let t = ok(&e.client, "storage_download_file", json!({"bucket_name": "bkt", "source_blob_name": "in/report.csv", "destination_file_path": "out.csv"})).await;
    assert_eq!(
        t,
        "Downloaded gs://bkt/in/report.csv to out.csv (12 bytes)."
    );
    assert_eq!(
        std::fs::read(e.dir.join("out.csv")).unwrap(),
        b"hello,world\n"
    );
    let err = e.client.call_err("storage_download_file", json!({"bucket_name": "bkt", "source_blob_name": "x", "destination_file_path": "../escape.txt"})).await;
    assert!(err.contains("destination_file_path"), "{err}");
}

#[tokio::test]
async fn delete_object() {
    let e = start().await;
    expect("DELETE", "/storage/v1/b/bkt/o/a%2Fb.txt")
        .bearer(TOKEN)
        .respond_with(&e.fake, ResponseTemplate::new(204))
        .await;
    let t = ok(
        &e.client,
        "storage_delete_object",
        json!({"bucket_name": "bkt", "blob_name": "a/b.txt"}),
    )
    .await;
    assert_eq!(t, "Deleted gs://bkt/a/b.txt.");
}

#[tokio::test]
async fn get_bucket_info() {
    let e = start().await;
    expect("GET", "/storage/v1/b/bkt")
        .bearer(TOKEN)
        .respond(&e.fake, 200, json!({"name": "bkt", "location": "US", "locationType": "multi-region", "storageClass": "STANDARD", "versioning": {"enabled": true}, "lifecycle": {"rule": [{"action": {"type": "Delete"}, "condition": {"age": 7}}]}}))
        .await;
    let t = ok(
        &e.client,
        "storage_get_bucket_info",
        json!({"bucket_name": "bkt"}),
    )
    .await;
    assert!(t.contains("Versioning: enabled"), "{t}");
    assert!(t.contains("Lifecycle rules:"), "{t}");
}

#[tokio::test]
async fn copy_object() {
    let e = start().await;
    expect(
        "POST",
        "/storage/v1/b/src/o/a%2F1.txt/copyTo/b/dst/o/b%2F2.txt",
    )
    .bearer(TOKEN)
    .respond(&e.fake, 200, json!({"name": "b/2.txt", "size": "5"}))
    .await;
    let t = ok(&e.client, "storage_copy_object", json!({"source_bucket": "src", "source_blob": "a/1.txt", "dest_bucket": "dst", "dest_blob": "b/2.txt"})).await;
    assert_eq!(t, "Copied gs://src/a/1.txt to gs://dst/b/2.txt (5 bytes).");
}

#[tokio::test]
async fn move_object_copies_then_deletes() {
    let e = start().await;
    expect("POST", "/storage/v1/b/src/o/a.txt/copyTo/b/dst/o/b.txt")
        .bearer(TOKEN)
        .respond(&e.fake, 200, json!({"name": "b.txt", "size": "5"}))
        .await;
    expect("DELETE", "/storage/v1/b/src/o/a.txt")
        .bearer(TOKEN)
        .respond_with(&e.fake, ResponseTemplate::new(204))
        .await;
    let t = ok(&e.client, "storage_move_object", json!({"source_bucket": "src", "source_blob": "a.txt", "dest_bucket": "dst", "dest_blob": "b.txt"})).await;
    assert_eq!(t, "Moved gs://src/a.txt to gs://dst/b.txt.");
}

#[tokio::test]
async fn enable_versioning() {
    let e = start().await;
    expect("PATCH", "/storage/v1/b/bkt")
        .bearer(TOKEN)
        .json_body(json!({"versioning": {"enabled": false}}))
        .respond(
            &e.fake,
            200,
            json!({"name": "bkt", "versioning": {"enabled": false}}),
        )
        .await;
    let t = ok(
        &e.client,
        "storage_enable_versioning",
        json!({"bucket_name": "bkt", "enabled": false}),
    )
    .await;
    assert_eq!(t, "Versioning disabled for bucket bkt.");
}

/// Two pages of the objects of bucket `bkt`: the first request without a page token, the
/// second with `t2`.
async fn object_pages(e: &crate::common::Env, first: serde_json::Value, second: serde_json::Value) {
    expect("GET", "/storage/v1/b/bkt/o")
        .bearer(TOKEN)
        .respond(&e.fake, 200, first)
        .await;
    expect("GET", "/storage/v1/b/bkt/o")
        .bearer(TOKEN)
        .query("pageToken", "t2")
        .respond(&e.fake, 200, second)
        .await;
}

#[tokio::test]
async fn get_bucket_size_sums_pages() {
    let e = start().await;
    object_pages(
        &e,
        json!({"items": [{"name": "a", "size": "1048576"}], "nextPageToken": "t2"}),
        json!({"items": [{"name": "b", "size": "1048576"}]}),
    )
    .await;
    let t = ok(
        &e.client,
        "storage_get_bucket_size",
        json!({"bucket_name": "bkt"}),
    )
    .await;
    assert_eq!(t, "Bucket bkt: 2 objects, 2097152 bytes (2.00 MB).");
}

#[tokio::test]
async fn set_bucket_lifecycle() {
    let e = start().await;
    expect("PATCH", "/storage/v1/b/bkt")
        .bearer(TOKEN)
        .json_body(json!({"lifecycle": {"rule": [{"action": {"type": "SetStorageClass", "storageClass": "COLDLINE"}, "condition": {"age": 90}}]}}))
        .respond(&e.fake, 200, json!({"name": "bkt"}))
        .await;
    let t = ok(
        &e.client,
        "storage_set_bucket_lifecycle",
        json!({"bucket_name": "bkt", "age_days": 90, "action": "SetStorageClass:coldline"}),
    )
    .await;
    assert!(
        t.contains("SetStorageClass objects older than 90 days"),
        "{t}"
    );
    let err = e
        .client
        .call_err(
            "storage_set_bucket_lifecycle",
            json!({"bucket_name": "bkt", "action": "Explode"}),
        )
        .await;
    assert!(err.contains("action"), "{err}");
}

#[tokio::test]
async fn allow_lists_refuse_and_filter() {
    let e = crate::common::start_opts(
        crate::common::creds(),
        &[
            ("allowed-buckets", "ok-bkt, other-ok"),
            ("allowed-instances", "vm-ok"),
        ],
    )
    .await;
    let err = e
        .client
        .call_err(
            "storage_get_bucket_info",
            json!({"bucket_name": "secret-bkt"}),
        )
        .await;
    assert!(
        err.contains("Access denied: bucket `secret-bkt` is not in the allowed buckets list"),
        "{err}"
    );
    let err = e.client.call_err("storage_copy_object", json!({"source_bucket": "ok-bkt", "source_blob": "a", "dest_bucket": "secret-bkt", "dest_blob": "b"})).await;
    assert!(err.contains("secret-bkt"), "{err}");
    let err = e
        .client
        .call_err(
            "compute_stop_instance",
            json!({"instance_name": "vm-other", "zone": "us-central1-a"}),
        )
        .await;
    assert!(err.contains("Access denied: instance `vm-other`"), "{err}");
    mcp_testkit::assert_no_requests(&e.fake).await;
    expect("GET", "/storage/v1/b")
        .bearer(TOKEN)
        .query("project", "proj-1")
        .respond(
            &e.fake,
            200,
            json!({"items": [{"name": "ok-bkt"}, {"name": "secret-bkt"}]}),
        )
        .await;
    let t = ok(&e.client, "storage_list_buckets", json!({})).await;
    assert!(t.starts_with("Found 1 buckets:\n- ok-bkt"), "{t}");
}

#[tokio::test]
async fn list_objects_stops_on_a_repeated_page_token() {
    let e = start().await;
    // Google gives the same token again: read once, not until the page cap.
    object_pages(
        &e,
        json!({"items": [{"name": "a", "size": "1"}], "nextPageToken": "t2"}),
        json!({"items": [{"name": "b", "size": "2"}], "nextPageToken": "t2"}),
    )
    .await;
    let t = ok(
        &e.client,
        "storage_list_objects",
        json!({"bucket_name": "bkt"}),
    )
    .await;
    assert_eq!(
        t,
        "Found 2 objects in bucket bkt:\n- a (1 bytes, , updated )\n- b (2 bytes, , updated )\n\
         (stopped after 2 pages: the vendor repeated a page token, so the rest could not be read; \
         the result is incomplete)"
    );
    assert_eq!(
        received(&e.fake, "GET", "/storage/v1/b/bkt/o").await.len(),
        2
    );
}
