//! Users and the bot user.

use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn get_user_contract_and_failure() {
    let s = setup().await;
    notion("GET", format!("/v1/users/{USER_ID}"))
        .respond(
            &s.fake,
            200,
            person_json(USER_ID, "Ada Lovelace", "ada@example.com"),
        )
        .await;
    let v = s
        .client
        .call_ok("notion_get_user", json!({"user_id": USER_ID}))
        .await;
    assert_eq!(
        v,
        json!({
            "object": "user",
            "id": USER_ID,
            "type": "person",
            "name": "Ada Lovelace",
            "avatar_url": "https://secure.notion-static.com/e6a352a8.jpg",
            "email": "ada@example.com"
        })
    );
    notion("GET", "/v1/users/nobody")
        .respond(&s.fake, 404, not_found("user", "nobody"))
        .await;
    let err = s
        .client
        .call_err("notion_get_user", json!({"user_id": "nobody"}))
        .await;
    assert!(err.contains("(object_not_found)"), "{err}");
}

#[tokio::test]
async fn list_users_contract_and_failure() {
    let s = setup().await;
    notion("GET", "/v1/users")
        .query("page_size", "100")
        .query("start_cursor", "u-2")
        .respond(
            &s.fake,
            200,
            list_json(
                vec![
                    person_json(USER_ID, "Ada Lovelace", "ada@example.com"),
                    bot_json(),
                ],
                Some("u-3"),
                "user",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "notion_list_users",
            json!({"start_cursor": "u-2", "page_size": 100}),
        )
        .await;
    assert_eq!(v["results"][0]["email"], "ada@example.com");
    assert_eq!(v["results"][1]["type"], "bot");
    assert_eq!(v["next_cursor"], "u-3");
    assert_eq!(v["has_more"], true);
    let err = s
        .client
        .call_err("notion_list_users", json!({"page_size": -1}))
        .await;
    assert!(
        err.contains("invalid arguments for notion_list_users"),
        "{err}"
    );
}

#[tokio::test]
async fn get_me_contract_and_failure() {
    let s = setup().await;
    notion("GET", "/v1/users/me")
        .respond(&s.fake, 200, bot_json())
        .await;
    let v = s.client.call_ok("notion_get_me", json!({})).await;
    assert_eq!(v["type"], "bot");
    assert_eq!(v["workspace_name"], "Acme");
    assert_eq!(v["owner"], "workspace");
    // Without credentials: a clear message naming what to set, and no request.
    let anonymous = s.server.client_with(&[]).await;
    let err = anonymous.call_err("notion_get_me", json!({})).await;
    assert!(err.contains("No Notion credentials"), "{err}");
    assert!(err.contains("NOTION_API_KEY"), "{err}");
}
