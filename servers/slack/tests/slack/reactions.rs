use serde_json::json;

use crate::common::{BOT, USER, form_call, json_call, setup, slack_error};

#[tokio::test]
async fn user_add_reaction_contract() {
    let s = setup().await;
    json_call(
        "reactions.add",
        USER,
        json!({"channel": "C123ABC456", "timestamp": "1234567890.123456", "name": "thumbsup"}),
    )
    .respond(&s.fake, 200, json!({"ok": true}))
    .await;
    let v = s
        .client
        .call_ok(
            "slack_user_add_reaction",
            json!({"channel_id": "C123ABC456", "timestamp": "1234567890.123456", "reaction": ":thumbsup:"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"added": true, "channel": "C123ABC456", "timestamp": "1234567890.123456", "reaction": "thumbsup"})
    );
}

#[tokio::test]
async fn user_add_reaction_already_reacted() {
    let s = setup().await;
    json_call(
        "reactions.add",
        USER,
        json!({"channel": "C1", "timestamp": "1.2", "name": "heart"}),
    )
    .respond(&s.fake, 200, slack_error("already_reacted"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_user_add_reaction",
            json!({"channel_id": "C1", "timestamp": "1.2", "reaction": "heart"}),
        )
        .await;
    assert!(err.contains("(already_reacted)"), "{err}");
}

#[tokio::test]
async fn bot_add_reaction_contract() {
    let s = setup().await;
    json_call(
        "reactions.add",
        BOT,
        json!({"channel": "C123ABC456", "timestamp": "1234567890.123456", "name": "white_check_mark"}),
    )
    .respond(&s.fake, 200, json!({"ok": true}))
    .await;
    let v = s
        .client
        .call_ok(
            "slack_bot_add_reaction",
            json!({"channel_id": "C123ABC456", "timestamp": "1234567890.123456", "reaction": "white_check_mark"}),
        )
        .await;
    assert_eq!(v["added"], true);
    assert_eq!(v["reaction"], "white_check_mark");
}

#[tokio::test]
async fn bot_add_reaction_invalid_name() {
    let s = setup().await;
    json_call(
        "reactions.add",
        BOT,
        json!({"channel": "C1", "timestamp": "1.2", "name": "not-an-emoji"}),
    )
    .respond(&s.fake, 200, slack_error("invalid_name"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_bot_add_reaction",
            json!({"channel_id": "C1", "timestamp": "1.2", "reaction": "not-an-emoji"}),
        )
        .await;
    assert!(err.contains("(invalid_name): unknown emoji name"), "{err}");
    let err = s
        .client
        .call_err(
            "slack_bot_add_reaction",
            json!({"channel_id": "C1", "timestamp": "1.2", "reaction": "::"}),
        )
        .await;
    assert!(err.contains("`reaction` is empty"), "{err}");
}

#[tokio::test]
async fn get_reactions_contract() {
    let s = setup().await;
    form_call("reactions.get", BOT)
        .field("channel", "C123ABC456")
        .field("timestamp", "1614215651.001300")
        .field("full", true)
        .respond(
            &s.fake,
            json!({
                "type": "message",
                "channel": "C123ABC456",
                "message": {
                    "type": "message", "text": "Hello", "user": "U123ABC456", "ts": "1614215651.001300",
                    "team": "T123ABC456",
                    "reactions": [{"name": "thumbsup", "users": ["U123ABC456", "U222BBB222"], "count": 2}],
                    "permalink": "https://xxx.slack.com/archives/C123ABC456/p1614215651001300"
                },
                "ok": true
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "slack_get_reactions",
            json!({"channel_id": "C123ABC456", "timestamp": "1614215651.001300"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"ts": "1614215651.001300", "text": "Hello", "channel": "C123ABC456",
               "reactions": [{"name": "thumbsup", "count": 2, "users": ["U123ABC456", "U222BBB222"]}]})
    );
}

#[tokio::test]
async fn get_reactions_message_not_found() {
    let s = setup().await;
    form_call("reactions.get", USER)
        .field("channel", "C1")
        .field("timestamp", "1.2")
        .field("full", true)
        .respond(&s.fake, slack_error("message_not_found"))
        .await;
    let err = s
        .client
        .call_err(
            "slack_get_reactions",
            json!({"channel_id": "C1", "timestamp": "1.2", "act_as": "user"}),
        )
        .await;
    assert!(err.contains("(message_not_found)"), "{err}");
}

#[tokio::test]
async fn remove_reaction_contract() {
    let s = setup().await;
    json_call(
        "reactions.remove",
        USER,
        json!({"channel": "C123ABC456", "timestamp": "1234567890.123456", "name": "thumbsup"}),
    )
    .respond(&s.fake, 200, json!({"ok": true}))
    .await;
    let v = s
        .client
        .call_ok(
            "slack_remove_reaction",
            json!({"channel_id": "C123ABC456", "timestamp": "1234567890.123456", "reaction": "thumbsup", "act_as": "user"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"removed": true, "channel": "C123ABC456", "timestamp": "1234567890.123456", "reaction": "thumbsup"})
    );
}

#[tokio::test]
async fn remove_reaction_that_is_not_there() {
    let s = setup().await;
    json_call(
        "reactions.remove",
        BOT,
        json!({"channel": "C1", "timestamp": "1.2", "name": "heart"}),
    )
    .respond(&s.fake, 200, slack_error("no_reaction"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_remove_reaction",
            json!({"channel_id": "C1", "timestamp": "1.2", "reaction": "heart"}),
        )
        .await;
    assert!(err.contains("(no_reaction)"), "{err}");
    assert!(err.contains("act_as"), "{err}");
}
