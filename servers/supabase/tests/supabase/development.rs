//! Project URL, publishable keys and TypeScript types.

use serde_json::json;

use crate::common::{REF, sb, setup};

#[tokio::test]
async fn project_url_is_derived_from_the_ref() {
    let s = setup().await;
    let v = s
        .client
        .call_ok("supabase_get_project_url", json!({"project_id": REF}))
        .await;
    assert_eq!(
        v,
        json!({"project_id": REF, "url": format!("https://{REF}.supabase.co")})
    );
    let err = s
        .client
        .call_err(
            "supabase_get_project_url",
            json!({"project_id": "evil.example.com/"}),
        )
        .await;
    assert!(err.contains("project ref"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn anon_key_returns_client_keys_only() {
    let s = setup().await;
    sb("GET", &format!("/v1/projects/{REF}/api-keys"))
        .query("reveal", "false")
        .respond(
            &s.fake,
            200,
            json!([
                {"name": "anon", "api_key": "eyJhbGciOiJIUzI1NiJ9.anon", "id": "anon", "type": "legacy", "hash": "", "prefix": "", "description": "Legacy anon API key"},
                {"name": "service_role", "api_key": "eyJhbGciOiJIUzI1NiJ9.service", "id": "service_role", "type": "legacy"},
                {"name": "default", "api_key": "sb_publishable_abc123", "id": "11111111-1111-4111-8111-111111111111", "type": "publishable"},
                {"name": "default", "api_key": "sb_secret_abc1··········", "id": "22222222-2222-4222-8222-222222222222", "type": "secret"}
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok("supabase_get_anon_key", json!({"project_id": REF}))
        .await;
    assert_eq!(
        v,
        json!({
            "keys": [
                {"name": "anon", "type": "legacy", "api_key": "eyJhbGciOiJIUzI1NiJ9.anon", "id": "anon"},
                {"name": "default", "type": "publishable", "api_key": "sb_publishable_abc123", "id": "11111111-1111-4111-8111-111111111111"}
            ],
            "anon_key": "eyJhbGciOiJIUzI1NiJ9.anon"
        })
    );
}

#[tokio::test]
async fn anon_key_project_not_found() {
    let s = setup().await;
    sb("GET", &format!("/v1/projects/{REF}/api-keys"))
        .query("reveal", "false")
        .respond(&s.fake, 404, json!({"message": "Project not found"}))
        .await;
    let err = s
        .client
        .call_err("supabase_get_anon_key", json!({"project_id": REF}))
        .await;
    assert!(
        err.contains("404") && err.contains("Project not found"),
        "{err}"
    );
}

#[tokio::test]
async fn typescript_types_as_text() {
    let s = setup().await;
    let types = "export type Json = string | number | boolean | null\n";
    sb("GET", &format!("/v1/projects/{REF}/types/typescript"))
        .respond(&s.fake, 200, json!({"types": types}))
        .await;
    sb("GET", &format!("/v1/projects/{REF}/types/typescript"))
        .query("included_schemas", "public,auth")
        .respond(&s.fake, 200, json!({"types": "// two"}))
        .await;
    let v = s
        .client
        .call_ok(
            "supabase_generate_typescript_types",
            json!({"project_id": REF}),
        )
        .await;
    assert_eq!(v, json!(types));
    let v = s
        .client
        .call_ok(
            "supabase_generate_typescript_types",
            json!({"project_id": REF, "schemas": ["public", "auth"]}),
        )
        .await;
    assert_eq!(v, json!("// two"));
}

#[tokio::test]
async fn typescript_types_failure() {
    let s = setup().await;
    // A GET is retried after a 500: three attempts, then the error.
    sb("GET", &format!("/v1/projects/{REF}/types/typescript"))
        .times(3)
        .respond(
            &s.fake,
            500,
            json!({"message": "Failed to generate TypeScript types"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "supabase_generate_typescript_types",
            json!({"project_id": REF}),
        )
        .await;
    assert!(
        err.contains("500") && err.contains("Failed to generate"),
        "{err}"
    );
}
