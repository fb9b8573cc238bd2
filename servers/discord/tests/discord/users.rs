use crate::{discord_error, req, setup};
use serde_json::json;

#[tokio::test]
async fn get_user_info_contract() {
    let s = setup().await;
    req("GET", "/users/80351110224678912")
        .respond(
            &s.fake,
            200,
            json!({"id": "80351110224678912", "username": "nelly", "discriminator": "0", "global_name": "Nelly", "avatar": "8342729096ea3675442027381ff50dfe", "verified": true, "email": "nelly@discord.com", "flags": 64, "banner": "06c16474723fe537c283b8efa61a30c8", "accent_color": 16711680, "premium_type": 1, "public_flags": 64}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "discord_get_user_info",
            json!({"user_id": "80351110224678912"}),
        )
        .await;
    assert_eq!(v["username"], "nelly");
    assert_eq!(v["global_name"], "Nelly");
    assert_eq!(v["accent_color"], 16711680);
    assert!(v.get("email").is_none());
}

#[tokio::test]
async fn get_user_info_unknown_user_and_bad_id() {
    let s = setup().await;
    req("GET", "/users/1")
        .respond(&s.fake, 404, discord_error(10013, "Unknown User"))
        .await;
    let err = s
        .client
        .call_err("discord_get_user_info", json!({"user_id": "1"}))
        .await;
    assert!(
        err.contains("Unknown User") && err.contains("10013"),
        "{err}"
    );
    let err = s
        .client
        .call_err("discord_get_user_info", json!({"user_id": "nelly"}))
        .await;
    assert!(err.contains("user_id"), "{err}");
}

#[tokio::test]
async fn list_servers_pages() {
    let s = setup().await;
    req("GET", "/users/@me/guilds")
        .query("limit", "2")
        .query("after", "50")
        .query("with_counts", "true")
        .respond(
            &s.fake,
            200,
            json!([
                {"id": "80351110224678912", "name": "1337 Krew", "icon": "8342729096ea3675442027381ff50dfe", "owner": true, "permissions": "36953089", "features": ["COMMUNITY", "NEWS"], "approximate_member_count": 3268, "approximate_presence_count": 784},
                {"id": "80351110224678913", "name": "Other", "icon": null, "owner": false, "permissions": "104324673", "features": []}
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok("discord_list_servers", json!({"limit": 2, "cursor": "50"}))
        .await;
    assert_eq!(v["servers"][0]["name"], "1337 Krew");
    assert_eq!(v["servers"][0]["member_count"], 3268);
    assert_eq!(v["servers"][1]["permissions"], "104324673");
    assert_eq!(v["next_cursor"], "80351110224678913");
}

#[tokio::test]
async fn list_servers_global_rate_limit_is_explained() {
    let s = setup().await;
    use mcp_testkit::wiremock::ResponseTemplate;
    req("GET", "/users/@me/guilds")
        .query("limit", "100")
        .query("with_counts", "true")
        .times(3)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .insert_header("x-ratelimit-global", "true")
                .insert_header("x-ratelimit-scope", "global")
                .set_body_json(json!({"message": "You are being rate limited.", "retry_after": 0.05, "global": true})),
        )
        .await;
    let err = s.client.call_err("discord_list_servers", json!({})).await;
    assert!(err.contains("429"), "{err}");
    assert!(err.contains("global rate limit"), "{err}");
    assert!(err.contains("retry after"), "{err}");
    let err = s
        .client
        .call_err("discord_list_servers", json!({"cursor": "abc"}))
        .await;
    assert!(err.contains("cursor"), "{err}");
}
