use crate::{dbx_error, rpc, setup};
use serde_json::{Value, json};

#[tokio::test]
async fn current_account_sends_a_null_body() {
    let s = setup().await;
    let smoke: Value = serde_json::from_str(include_str!("../../smoke.json")).unwrap();
    rpc("users/get_current_account", Value::Null)
        .respond(&s.fake, 200, smoke["upstream_body"].clone())
        .await;
    let v = s
        .client
        .call_ok("dropbox_get_current_account", json!({}))
        .await;
    assert_eq!(
        v,
        json!({
            "account_id": "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
            "name": "Franz Ferdinand (Personal)",
            "email": "franz@dropbox.com",
            "email_verified": true,
            "country": "US",
            "locale": "en",
            "disabled": false,
            "is_paired": true,
            "team_member_id": "dbmid:AAHhy7WsR0x-u4ZCqiDl5Fz5zvuL3kmspwU",
            "root_namespace_id": "3235641",
            "home_namespace_id": "3235641",
            "account_type": "business"
        })
    );
    let raw = &s.fake.received_requests().await.unwrap()[0];
    assert_eq!(raw.body, b"null");
}

#[tokio::test]
async fn current_account_missing_scope() {
    let s = setup().await;
    rpc("users/get_current_account", Value::Null)
        .respond(
            &s.fake,
            401,
            dbx_error(
                "missing_scope/..",
                json!({".tag": "missing_scope", "required_scope": "account_info.read"}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_get_current_account", json!({}))
        .await;
    assert!(err.contains("missing_scope"), "{err}");
    assert!(err.contains("account_info.read"), "{err}");
}

#[tokio::test]
async fn space_usage_individual_and_team() {
    let s = setup().await;
    rpc("users/get_space_usage", Value::Null)
        .respond(
            &s.fake,
            200,
            json!({"used": 314159265, "allocation": {".tag": "individual", "allocated": 10000000000u64}}),
        )
        .await;
    let v = s.client.call_ok("dropbox_get_space_usage", json!({})).await;
    assert_eq!(
        v,
        json!({"used": 314159265, "allocation_type": "individual", "allocated": 10000000000u64, "used_percent": 3.1})
    );
    let s = setup().await;
    rpc("users/get_space_usage", Value::Null)
        .respond(
            &s.fake,
            200,
            json!({"used": 5, "allocation": {".tag": "team", "used": 500, "allocated": 1000, "user_within_team_space_allocated": 0, "user_within_team_space_limit_type": {".tag": "off"}, "user_within_team_space_used_cached": 5}}),
        )
        .await;
    let v = s.client.call_ok("dropbox_get_space_usage", json!({})).await;
    assert_eq!(v["team_used"], 500);
    assert_eq!(v["allocation_type"], "team");
}
