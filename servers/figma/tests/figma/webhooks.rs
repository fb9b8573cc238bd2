use crate::{figma_err, figma_error_bool, req, setup};
use serde_json::{Value, json};

fn hook(id: &str, event: &str, endpoint: &str, status: &str, description: Value) -> Value {
    json!({
        "id": id, "event_type": event, "team_id": "1234", "context": "TEAM", "context_id": "1234",
        "plan_api_id": "organization-1", "status": status, "client_id": null, "passcode": "",
        "endpoint": endpoint, "description": description
    })
}

#[tokio::test]
async fn get_team_webhooks_contract() {
    let s = setup().await;
    req("GET", "/v2/teams/1234/webhooks")
        .respond(
            &s.fake,
            200,
            json!({"webhooks": [hook("22", "FILE_UPDATE", "https://hooks.example.com/f", "ACTIVE", json!("CI"))]}),
        )
        .await;
    let v = s
        .client
        .call_ok("figma_get_team_webhooks", json!({"team_id": "1234"}))
        .await;
    assert_eq!(
        v,
        json!({"webhooks": [{"id": "22", "event_type": "FILE_UPDATE", "context": "TEAM", "context_id": "1234",
            "status": "ACTIVE", "endpoint": "https://hooks.example.com/f", "description": "CI"}]})
    );
}

#[tokio::test]
async fn get_team_webhooks_errors() {
    let s = setup().await;
    req("GET", "/v2/teams/1234/webhooks")
        .respond(&s.fake, 403, figma_err(403, "Forbidden"))
        .await;
    let err = s
        .client
        .call_err("figma_get_team_webhooks", json!({"team_id": "1234"}))
        .await;
    assert!(err.contains("403"), "{err}");
}

#[tokio::test]
async fn post_webhook_uses_v2_with_a_team_context() {
    let s = setup().await;
    req("POST", "/v2/webhooks")
        .json_body(json!({"event_type": "FILE_VERSION_UPDATE", "context": "team", "context_id": "1234",
            "endpoint": "https://hooks.example.com/v", "passcode": "s3cret", "description": "Versions",
            "status": "PAUSED"}))
        .respond(
            &s.fake,
            200,
            hook("23", "FILE_VERSION_UPDATE", "https://hooks.example.com/v", "PAUSED", json!("Versions")),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "figma_post_webhook",
            json!({"team_id": "1234", "event_type": "FILE_VERSION_UPDATE", "endpoint": "https://hooks.example.com/v",
                   "passcode": "s3cret", "description": "Versions", "status": "PAUSED"}),
        )
        .await;
    assert_eq!(v["id"], "23");
    assert_eq!(v["status"], "PAUSED");
    assert!(v.get("passcode").is_none());
}

#[tokio::test]
async fn post_webhook_generates_a_passcode_when_none_is_given() {
    let s = setup().await;
    req("POST", "/v2/webhooks")
        .any_body()
        .respond(
            &s.fake,
            200,
            hook(
                "24",
                "PING",
                "https://hooks.example.com/p",
                "ACTIVE",
                Value::Null,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "figma_post_webhook",
            json!({"team_id": "1234", "event_type": "PING", "endpoint": "https://hooks.example.com/p"}),
        )
        .await;
    let sent = mcp_testkit::request_bodies(&s.fake, "POST", "/v2/webhooks").await;
    let passcode = sent[0]["passcode"].as_str().unwrap();
    assert_eq!(passcode.len(), 32);
    assert_eq!(v["passcode"], passcode);
    assert_eq!(
        sent[0],
        json!({"event_type": "PING", "context": "team", "context_id": "1234",
               "endpoint": "https://hooks.example.com/p", "passcode": passcode})
    );
}

#[tokio::test]
async fn post_webhook_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "figma_post_webhook",
            json!({"team_id": "1234", "event_type": "NOPE", "endpoint": "https://x"}),
        )
        .await;
    assert!(err.contains("event_type"), "{err}");
    req("POST", "/v2/webhooks")
        .any_body()
        .respond(&s.fake, 400, figma_error_bool(400, "Invalid endpoint"))
        .await;
    let err = s
        .client
        .call_err(
            "figma_post_webhook",
            json!({"team_id": "1234", "event_type": "PING", "endpoint": "http://localhost", "passcode": "p"}),
        )
        .await;
    assert!(err.contains("Invalid endpoint"), "{err}");
}

#[tokio::test]
async fn put_webhook_sends_the_whole_webhook() {
    let s = setup().await;
    req("GET", "/v2/webhooks/22")
        .respond(
            &s.fake,
            200,
            hook(
                "22",
                "FILE_UPDATE",
                "https://hooks.example.com/f",
                "ACTIVE",
                json!("CI"),
            ),
        )
        .await;
    req("PUT", "/v2/webhooks/22")
        .json_body(
            json!({"event_type": "FILE_UPDATE", "endpoint": "https://hooks.example.com/new",
            "passcode": "s3cret", "team_id": "1234", "status": "ACTIVE", "description": "CI"}),
        )
        .respond(
            &s.fake,
            200,
            hook(
                "22",
                "FILE_UPDATE",
                "https://hooks.example.com/new",
                "ACTIVE",
                json!("CI"),
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "figma_put_webhook",
            json!({"webhook_id": "22", "endpoint": "https://hooks.example.com/new", "passcode": "s3cret"}),
        )
        .await;
    assert_eq!(v["endpoint"], "https://hooks.example.com/new");
}

#[tokio::test]
async fn put_webhook_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "figma_put_webhook",
            json!({"webhook_id": "22", "status": "PAUSED"}),
        )
        .await;
    assert!(err.contains("passcode"), "{err}");
    req("GET", "/v2/webhooks/404")
        .respond(&s.fake, 404, figma_error_bool(404, "Webhook not found"))
        .await;
    let err = s
        .client
        .call_err(
            "figma_put_webhook",
            json!({"webhook_id": "404", "status": "PAUSED", "passcode": "p"}),
        )
        .await;
    assert!(err.contains("Webhook not found"), "{err}");
}

#[tokio::test]
async fn delete_webhook_contract() {
    let s = setup().await;
    req("DELETE", "/v2/webhooks/22")
        .respond(
            &s.fake,
            200,
            hook(
                "22",
                "FILE_UPDATE",
                "https://hooks.example.com/f",
                "ACTIVE",
                Value::Null,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("figma_delete_webhook", json!({"webhook_id": "22"}))
        .await;
    assert_eq!(v["id"], "22");
    assert_eq!(v["deleted"], true);
}

#[tokio::test]
async fn delete_webhook_errors() {
    let s = setup().await;
    req("DELETE", "/v2/webhooks/9")
        .respond(&s.fake, 404, figma_error_bool(404, "Webhook not found"))
        .await;
    let err = s
        .client
        .call_err("figma_delete_webhook", json!({"webhook_id": "9"}))
        .await;
    assert!(err.contains("Webhook not found"), "{err}");
}
