use mcp_testkit::expect;
use serde_json::json;

use crate::common::{GCE, TOKEN, ok, start};

fn op(name: &str, status: &str) -> serde_json::Value {
    json!({"kind": "compute#operation", "name": name, "status": status, "operationType": "start",
        "targetLink": "https://compute.googleapis.com/compute/v1/projects/proj-1/zones/us-central1-a/instances/vm1"})
}

#[tokio::test]
async fn list_instances_in_zone_and_aggregated() {
    let e = start().await;
    expect("GET", format!("{GCE}/zones/us-central1-a/instances"))
        .bearer(TOKEN)
        .respond(&e.fake, 200, json!({"items": [{"name": "vm1", "zone": "https://x/zones/us-central1-a", "status": "RUNNING", "machineType": "https://x/machineTypes/e2-micro"}]}))
        .await;
    expect("GET", format!("{GCE}/aggregated/instances"))
        .bearer(TOKEN)
        .respond(&e.fake, 200, json!({"items": {"zones/us-central1-a": {"instances": [{"name": "vm1", "zone": "z/us-central1-a", "status": "RUNNING", "machineType": "m/e2-micro"}]},
            "zones/europe-west1-b": {"warning": {"code": "NO_RESULTS_ON_PAGE"}}}}))
        .await;
    let t = ok(
        &e.client,
        "compute_list_instances",
        json!({"zone": "us-central1-a"}),
    )
    .await;
    assert_eq!(
        t,
        "Found 1 instances:\n- vm1 (Zone: us-central1-a, Status: RUNNING, Machine type: e2-micro)"
    );
    let t = ok(&e.client, "compute_list_instances", json!({})).await;
    assert!(t.starts_with("Found 1 instances:"), "{t}");
}

#[tokio::test]
async fn create_instance_body() {
    let e = start().await;
    expect("POST", format!("{GCE}/zones/us-central1-a/instances"))
        .bearer(TOKEN)
        .json_body(json!({
            "name": "vm1",
            "machineType": "zones/us-central1-a/machineTypes/e2-small",
            "disks": [{"boot": true, "autoDelete": true, "initializeParams": {"sourceImage": "projects/debian-cloud/global/images/family/debian-12"}}],
            "networkInterfaces": [{"network": "global/networks/default", "accessConfigs": [{"type": "ONE_TO_ONE_NAT", "name": "External NAT"}]}]
        }))
        .respond(&e.fake, 200, op("op-1", "RUNNING"))
        .await;
    let t = ok(
        &e.client,
        "compute_create_instance",
        json!({"instance_name": "vm1", "zone": "us-central1-a", "machine_type": "e2-small"}),
    )
    .await;
    assert!(t.contains("operation op-1 is RUNNING"), "{t}");
}

#[tokio::test]
async fn instance_actions() {
    let e = start().await;
    let base = format!("{GCE}/zones/us-central1-a/instances/vm1");
    for (method, suffix, tool) in [
        ("POST", "/start", "compute_start_instance"),
        ("POST", "/stop", "compute_stop_instance"),
        ("POST", "/reset", "compute_restart_instance"),
        ("DELETE", "", "compute_delete_instance"),
    ] {
        expect(method, format!("{base}{suffix}"))
            .bearer(TOKEN)
            .respond(&e.fake, 200, op("op-x", "PENDING"))
            .await;
        let t = ok(
            &e.client,
            tool,
            json!({"instance_name": "vm1", "zone": "us-central1-a"}),
        )
        .await;
        assert!(
            t.contains("instance vm1 in us-central1-a: operation op-x is PENDING"),
            "{tool}: {t}"
        );
    }
}

#[tokio::test]
async fn get_instance() {
    let e = start().await;
    expect("GET", format!("{GCE}/zones/us-central1-a/instances/vm1"))
        .bearer(TOKEN)
        .respond(&e.fake, 200, json!({"name": "vm1", "zone": "z/us-central1-a", "status": "TERMINATED", "machineType": "m/e2-micro",
            "networkInterfaces": [{"networkIP": "10.0.0.2", "accessConfigs": [{"natIP": "34.1.2.3"}]}],
            "disks": [{"source": "d/vm1", "diskSizeGb": "10", "boot": true}]}))
        .await;
    let t = ok(
        &e.client,
        "compute_get_instance",
        json!({"instance_name": "vm1", "zone": "us-central1-a"}),
    )
    .await;
    assert!(t.contains("Status: TERMINATED"), "{t}");
    assert!(t.contains("External IP: 34.1.2.3"), "{t}");
    assert!(t.contains("Disk: vm1 (10 GB, boot)"), "{t}");
}

#[tokio::test]
async fn list_zones() {
    let e = start().await;
    expect("GET", format!("{GCE}/zones"))
        .bearer(TOKEN)
        .respond(&e.fake, 200, json!({"items": [{"name": "us-central1-a", "region": "https://x/regions/us-central1", "status": "UP"}]}))
        .await;
    let t = ok(&e.client, "compute_list_zones", json!({})).await;
    assert_eq!(
        t,
        "Found 1 zones:\n- us-central1-a (Region: us-central1, Status: UP)"
    );
}

#[tokio::test]
async fn wait_for_operation_polls() {
    let e = start().await;
    let path = format!("{GCE}/zones/us-central1-a/operations/op-1");
    mcp_testkit::wiremock::Mock::given(mcp_testkit::wiremock::matchers::method("GET"))
        .and(mcp_testkit::wiremock::matchers::path(path.clone()))
        .respond_with(
            mcp_testkit::wiremock::ResponseTemplate::new(200).set_body_json(op("op-1", "RUNNING")),
        )
        .up_to_n_times(1)
        .mount(&e.fake)
        .await;
    expect("GET", path)
        .bearer(TOKEN)
        .respond(&e.fake, 200, op("op-1", "DONE"))
        .await;
    let t = ok(
        &e.client,
        "compute_wait_for_operation",
        json!({"operation_name": "op-1", "zone": "us-central1-a", "timeout_minutes": 1}),
    )
    .await;
    assert_eq!(t, "Operation op-1 (start of vm1) is DONE.");
}

#[tokio::test]
async fn failed_operation_is_an_error() {
    let e = start().await;
    let mut failed = op("op-2", "DONE");
    failed["error"] =
        json!({"errors": [{"code": "QUOTA_EXCEEDED", "message": "Quota 'CPUS' exceeded"}]});
    expect("GET", format!("{GCE}/zones/us-central1-a/operations/op-2"))
        .bearer(TOKEN)
        .respond(&e.fake, 200, failed)
        .await;
    let err = e
        .client
        .call_err(
            "compute_wait_for_operation",
            json!({"operation_name": "op-2", "zone": "us-central1-a"}),
        )
        .await;
    assert!(err.contains("Quota 'CPUS' exceeded"), "{err}");
}
