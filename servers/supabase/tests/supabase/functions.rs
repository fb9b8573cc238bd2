//! Edge functions.

use serde_json::{Value, json};

use crate::common::{REF, sb, setup};

fn function_body() -> Value {
    json!({
        "id": "3c078cce-ad70-4148-9f37-4da362789053",
        "slug": "hello-world",
        "name": "hello-world",
        "status": "ACTIVE",
        "version": 3,
        "created_at": 1741000000000_i64,
        "updated_at": 1741100000000_i64,
        "verify_jwt": true,
        "import_map": false,
        "entrypoint_path": "file:///src/index.ts",
        "import_map_path": null,
        "ezbr_sha256": "44c691990518d25498f0fd80cf6631ecf2b58eb9c5eb2a087dd1688f2904dac7"
    })
}

fn function_concise() -> Value {
    json!({
        "id": "3c078cce-ad70-4148-9f37-4da362789053",
        "slug": "hello-world",
        "name": "hello-world",
        "status": "ACTIVE",
        "version": 3,
        "verify_jwt": true,
        "entrypoint_path": "file:///src/index.ts",
        "created_at": 1741000000000_i64,
        "updated_at": 1741100000000_i64
    })
}

#[tokio::test]
async fn list_and_get_edge_functions() {
    let s = setup().await;
    sb("GET", &format!("/v1/projects/{REF}/functions"))
        .respond(&s.fake, 200, json!([function_body()]))
        .await;
    sb("GET", &format!("/v1/projects/{REF}/functions/hello-world"))
        .respond(&s.fake, 200, function_body())
        .await;
    let v = s
        .client
        .call_ok("supabase_list_edge_functions", json!({"project_id": REF}))
        .await;
    assert_eq!(v, json!({"functions": [function_concise()]}));
    let v = s
        .client
        .call_ok(
            "supabase_get_edge_function",
            json!({"project_id": REF, "function_slug": "hello-world"}),
        )
        .await;
    assert_eq!(v, function_concise());
}

#[tokio::test]
async fn get_edge_function_not_found_and_bad_slug() {
    let s = setup().await;
    sb("GET", &format!("/v1/projects/{REF}/functions/nope"))
        .respond(&s.fake, 404, json!({"message": "Function not found"}))
        .await;
    let err = s
        .client
        .call_err(
            "supabase_get_edge_function",
            json!({"project_id": REF, "function_slug": "nope"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Function not found"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "supabase_get_edge_function",
            json!({"project_id": REF, "function_slug": ""}),
        )
        .await;
    assert!(err.contains("`function_slug` must not be empty"), "{err}");
}
