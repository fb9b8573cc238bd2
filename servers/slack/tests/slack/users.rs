use serde_json::json;

use crate::common::{BOT, USER, form_call, setup, slack_creds, slack_error, user_json};

fn members() -> serde_json::Value {
    let mut bot = user_json("B0BOT", "deploybot", "Deploy Bot");
    bot["is_bot"] = json!(true);
    json!({
        "ok": true,
        "members": [
            user_json("W012A3CDE", "spengler", "Egon Spengler"),
            user_json("W07QCRPA4", "glinda", "Glinda Southgood"),
            bot
        ],
        "cache_ts": 1498777272,
        "response_metadata": {"next_cursor": "dXNlcjpVMEc5V0ZYTlo="}
    })
}

#[tokio::test]
async fn list_users_contract() {
    let s = setup().await;
    form_call("users.list", USER)
        .field("limit", 100)
        .respond(&s.fake, members())
        .await;
    let v = s.client.call_ok("slack_list_users", json!({})).await;
    assert_eq!(
        v["members"][0],
        json!({"id": "W012A3CDE", "name": "spengler", "real_name": "Egon Spengler",
               "display_name": "spengler", "email": "spengler@ghostbusters.example.com",
               "title": "Ghost scientist", "tz": "America/Los_Angeles", "is_bot": false,
               "is_admin": true, "deleted": false})
    );
    assert_eq!(v["members"].as_array().unwrap().len(), 3);
    assert_eq!(v["next_cursor"], "dXNlcjpVMEc5V0ZYTlo=");
}

#[tokio::test]
async fn list_users_filters_with_bot_token() {
    let s = setup().await;
    form_call("users.list", BOT)
        .field("limit", 999)
        .field("cursor", "dXNlcjpVMEc5V0ZYTlo=")
        .field("team_id", "T012AB3C4")
        .field("include_locale", true)
        .respond(&s.fake, members())
        .await;
    let bot_only = s.client_with(slack_creds(Some(BOT), None)).await;
    let v = bot_only
        .call_ok(
            "slack_list_users",
            json!({"limit": 5000, "cursor": "dXNlcjpVMEc5V0ZYTlo=", "team_id": "T012AB3C4",
                   "include_locale": true, "name": "SOUTHGOOD", "user_id": "B0BOT"}),
        )
        .await;
    let ids: Vec<&str> = v["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["W07QCRPA4", "B0BOT"]);
}

#[tokio::test]
async fn list_users_invalid_auth() {
    let s = setup().await;
    form_call("users.list", USER)
        .field("limit", 100)
        .respond(&s.fake, slack_error("invalid_auth"))
        .await;
    let err = s.client.call_err("slack_list_users", json!({})).await;
    assert!(
        err.contains("Slack API error in users.list (invalid_auth): the token was not accepted."),
        "{err}"
    );
    assert!(err.contains("invalid, revoked or expired"), "{err}");
    let err = s
        .client
        .call_err("slack_list_users", json!({"limit": 2.5}))
        .await;
    assert!(
        err.contains("invalid arguments for slack_list_users"),
        "{err}"
    );
}

#[tokio::test]
async fn user_get_info_contract() {
    let s = setup().await;
    let mut user = user_json("W012A3CDE", "spengler", "Egon Spengler");
    user["locale"] = json!("en-US");
    form_call("users.info", USER)
        .field("user", "W012A3CDE")
        .field("include_locale", true)
        .respond(&s.fake, json!({"ok": true, "user": user}))
        .await;
    let v = s
        .client
        .call_ok(
            "slack_user_get_info",
            json!({"user_id": "W012A3CDE", "include_locale": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "W012A3CDE", "name": "spengler", "real_name": "Egon Spengler",
               "display_name": "spengler", "email": "spengler@ghostbusters.example.com",
               "title": "Ghost scientist", "tz": "America/Los_Angeles", "is_bot": false,
               "is_admin": true, "deleted": false, "team_id": "T012AB3C4",
               "tz_label": "Pacific Daylight Time", "locale": "en-US", "is_owner": false,
               "is_restricted": false, "is_ultra_restricted": false,
               "status_text": "Print is dead", "status_emoji": ":books:",
               "image": "https://secure.gravatar.com/avatar/ge3b51ca72de.jpg", "updated": 1502138686})
    );
}

#[tokio::test]
async fn user_get_info_user_not_found_and_missing_user_token() {
    let s = setup().await;
    form_call("users.info", USER)
        .field("user", "UNOPE")
        .respond(&s.fake, slack_error("user_not_found"))
        .await;
    let err = s
        .client
        .call_err("slack_user_get_info", json!({"user_id": "UNOPE"}))
        .await;
    assert!(err.contains("(user_not_found)"), "{err}");
    let bot_only = s.client_with(slack_creds(Some(BOT), None)).await;
    let err = bot_only
        .call_err("slack_user_get_info", json!({"user_id": "UNOPE"}))
        .await;
    assert!(err.contains("needs the user token"), "{err}");
}

#[tokio::test]
async fn lookup_user_by_email_contract() {
    let s = setup().await;
    form_call("users.lookupByEmail", BOT)
        .field("email", "spengler@ghostbusters.example.com")
        .respond(
            &s.fake,
            json!({"ok": true, "user": user_json("W012A3CDE", "spengler", "Egon Spengler")}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "slack_lookup_user_by_email",
            json!({"email": "spengler@ghostbusters.example.com"}),
        )
        .await;
    assert_eq!(v["id"], "W012A3CDE");
    assert_eq!(v["email"], "spengler@ghostbusters.example.com");
}

#[tokio::test]
async fn lookup_user_by_email_not_found() {
    let s = setup().await;
    form_call("users.lookupByEmail", BOT)
        .field("email", "nobody@example.com")
        .respond(&s.fake, slack_error("users_not_found"))
        .await;
    let err = s
        .client
        .call_err(
            "slack_lookup_user_by_email",
            json!({"email": "nobody@example.com"}),
        )
        .await;
    assert!(
        err.contains("(users_not_found): the user was not found"),
        "{err}"
    );
    let err = s
        .client
        .call_err("slack_lookup_user_by_email", json!({"email": "nobody"}))
        .await;
    assert!(err.contains("not an email address"), "{err}");
}
