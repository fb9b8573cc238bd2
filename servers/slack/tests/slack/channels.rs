use serde_json::json;

use crate::common::{BOT, USER, channel_json, form_call, im_json, json_call, setup, slack_error};

fn list_body() -> serde_json::Value {
    json!({
        "ok": true,
        "channels": [
            channel_json("C012AB3CD", "general"),
            channel_json("C061EG9T2", "random"),
            channel_json("C0RND2", "Random-Thoughts"),
            im_json("D0C0F7S8Y", "U0BS9U4SV"),
            im_json("D0C0F7S9Z", "U0OTHER")
        ],
        "response_metadata": {"next_cursor": "dGVhbTpDMDYxRkE1UEI="}
    })
}

#[tokio::test]
async fn user_list_channels_contract() {
    let s = setup().await;
    form_call("conversations.list", USER)
        .field("types", "public_channel")
        .field("exclude_archived", true)
        .field("limit", 100)
        .respond(&s.fake, list_body())
        .await;
    let v = s
        .client
        .call_ok("slack_user_list_channels", json!({}))
        .await;
    assert_eq!(v["channels"].as_array().unwrap().len(), 5);
    assert_eq!(
        v["channels"][0],
        json!({"id": "C012AB3CD", "name": "general", "is_private": false, "is_im": false, "is_mpim": false,
               "is_archived": false, "is_member": true, "num_members": 4,
               "topic": "Company-wide announcements and work-based matters",
               "purpose": "This channel is for team-wide communication and announcements."})
    );
    assert_eq!(
        v["channels"][3],
        json!({"id": "D0C0F7S8Y", "user": "U0BS9U4SV", "is_im": true})
    );
    assert_eq!(v["next_cursor"], "dGVhbTpDMDYxRkE1UEI=");
}

#[tokio::test]
async fn user_list_channels_filters_and_pages() {
    let s = setup().await;
    form_call("conversations.list", USER)
        .field("types", "public_channel,im")
        .field("exclude_archived", false)
        .field("limit", 999)
        .field("cursor", "dGVhbTpDMDYxRkE1UEI=")
        .respond(&s.fake, list_body())
        .await;
    let v = s
        .client
        .call_ok(
            "slack_user_list_channels",
            json!({"types": "public_channel, im", "exclude_archived": false, "limit": 2000,
                   "cursor": "dGVhbTpDMDYxRkE1UEI=", "channel_name": "#RANDOM", "user_id": "U0BS9U4SV",
                   "response_format": "detailed"}),
        )
        .await;
    let ids: Vec<&str> = v["channels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["C061EG9T2", "C0RND2", "D0C0F7S8Y"]);
    // detailed: Slack's objects as they are
    assert_eq!(v["channels"][0]["name_normalized"], "random");
}

#[tokio::test]
async fn user_list_channels_missing_scope() {
    let s = setup().await;
    form_call("conversations.list", USER)
        .field("types", "private_channel")
        .field("exclude_archived", true)
        .field("limit", 100)
        .respond(
            &s.fake,
            json!({"ok": false, "error": "missing_scope", "needed": "groups:read", "provided": "channels:read,chat:write"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "slack_user_list_channels",
            json!({"types": "private_channel"}),
        )
        .await;
    assert!(err.contains("(missing_scope)"), "{err}");
    assert!(
        err.contains("lacks the OAuth scope `groups:read` (it has: channels:read,chat:write)"),
        "{err}"
    );
    assert!(err.contains("reinstall the app"), "{err}");
}

#[tokio::test]
async fn invite_users_to_channel_contract() {
    let s = setup().await;
    let mut channel = channel_json("C012AB3CD", "general");
    channel["num_members"] = json!(6);
    json_call(
        "conversations.invite",
        USER,
        json!({"channel": "C012AB3CD", "users": "U1234567890,W2345678901"}),
    )
    .respond(&s.fake, 200, json!({"ok": true, "channel": channel}))
    .await;
    let v = s
        .client
        .call_ok(
            "slack_invite_users_to_channel",
            json!({"channel_id": "C012AB3CD", "user_ids": ["U1234567890", " W2345678901 "]}),
        )
        .await;
    assert_eq!(v["channel"]["id"], "C012AB3CD");
    assert_eq!(v["channel"]["num_members"], 6);
    assert_eq!(v["invited"], json!(["U1234567890", "W2345678901"]));
}

#[tokio::test]
async fn invite_users_to_channel_errors() {
    let s = setup().await;
    json_call(
        "conversations.invite",
        USER,
        json!({"channel": "C012AB3CD", "users": "U1"}),
    )
    .respond(&s.fake, 200, slack_error("already_in_channel"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_invite_users_to_channel",
            json!({"channel_id": "C012AB3CD", "user_ids": ["U1"]}),
        )
        .await;
    assert!(err.contains("(already_in_channel)"), "{err}");
    let err = s
        .client
        .call_err(
            "slack_invite_users_to_channel",
            json!({"channel_id": "C012AB3CD", "user_ids": []}),
        )
        .await;
    assert!(err.contains("`user_ids` is empty"), "{err}");
}

#[tokio::test]
async fn list_user_conversations_contract() {
    let s = setup().await;
    form_call("users.conversations", BOT)
        .field("user", "W0B2345D")
        .field("types", "public_channel,private_channel")
        .field("exclude_archived", true)
        .field("limit", 50)
        .respond(
            &s.fake,
            json!({"ok": true, "channels": [channel_json("C012AB3CD", "general")], "response_metadata": {"next_cursor": ""}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "slack_list_user_conversations",
            json!({"user": "W0B2345D", "types": "public_channel,private_channel", "limit": 50}),
        )
        .await;
    assert_eq!(v["channels"][0]["name"], "general");
    assert_eq!(v["next_cursor"], serde_json::Value::Null);
}

#[tokio::test]
async fn list_user_conversations_as_user_invalid_cursor() {
    let s = setup().await;
    form_call("users.conversations", USER)
        .field("types", "public_channel")
        .field("exclude_archived", true)
        .field("limit", 100)
        .field("cursor", "stale")
        .respond(&s.fake, slack_error("invalid_cursor"))
        .await;
    let err = s
        .client
        .call_err(
            "slack_list_user_conversations",
            json!({"cursor": "stale", "act_as": "user"}),
        )
        .await;
    assert!(err.contains("(invalid_cursor)"), "{err}");
    assert!(err.contains("start again without `cursor`"), "{err}");
}

#[tokio::test]
async fn get_channel_info_contract() {
    let s = setup().await;
    form_call("conversations.info", BOT)
        .field("channel", "C012AB3CD")
        .field("include_num_members", true)
        .respond(
            &s.fake,
            json!({"ok": true, "channel": channel_json("C012AB3CD", "general")}),
        )
        .await;
    let v = s
        .client
        .call_ok("slack_get_channel_info", json!({"channel_id": "C012AB3CD"}))
        .await;
    assert_eq!(v["name"], "general");
    assert_eq!(v["num_members"], 4);
    assert_eq!(v["creator"], "U012A3CDE");
    assert_eq!(v["is_general"], true);
}

#[tokio::test]
async fn get_channel_info_channel_not_found() {
    let s = setup().await;
    form_call("conversations.info", BOT)
        .field("channel", "CNOPE")
        .field("include_num_members", true)
        .respond(&s.fake, slack_error("channel_not_found"))
        .await;
    let err = s
        .client
        .call_err("slack_get_channel_info", json!({"channel_id": "CNOPE"}))
        .await;
    assert!(
        err.contains(
            "Slack API error in conversations.info (channel_not_found): the channel was not found."
        ),
        "{err}"
    );
}

#[tokio::test]
async fn open_dm_contract() {
    let s = setup().await;
    json_call(
        "conversations.open",
        BOT,
        json!({"users": "W1234567890,U2345678901"}),
    )
    .respond(
        &s.fake,
        200,
        json!({"ok": true, "no_op": true, "already_open": true, "channel": {"id": "D069C7QFK"}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "slack_open_dm",
            json!({"user_ids": ["W1234567890", "U2345678901"]}),
        )
        .await;
    assert_eq!(v, json!({"channel_id": "D069C7QFK", "already_open": true}));
}

#[tokio::test]
async fn open_dm_errors() {
    let s = setup().await;
    json_call("conversations.open", USER, json!({"users": "UGONE"}))
        .respond(&s.fake, 200, slack_error("user_not_found"))
        .await;
    let err = s
        .client
        .call_err(
            "slack_open_dm",
            json!({"user_ids": ["UGONE"], "act_as": "user"}),
        )
        .await;
    assert!(err.contains("(user_not_found)"), "{err}");
    let err = s
        .client
        .call_err("slack_open_dm", json!({"user_ids": []}))
        .await;
    assert!(err.contains("give 1 user ID for a DM"), "{err}");
}

#[tokio::test]
async fn set_channel_topic_contract() {
    let s = setup().await;
    let mut channel = channel_json("C012AB3CD", "general");
    channel["topic"] = json!({"value": "Apply topically for best effects 🧴", "creator": "U0BS9U4SV", "last_set": 1649952691});
    json_call(
        "conversations.setTopic",
        BOT,
        json!({"channel": "C012AB3CD", "topic": "Apply topically for best effects 🧴"}),
    )
    .respond(&s.fake, 200, json!({"ok": true, "channel": channel}))
    .await;
    let v = s
        .client
        .call_ok(
            "slack_set_channel_topic",
            json!({"channel_id": "C012AB3CD", "topic": "Apply topically for best effects 🧴"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"channel_id": "C012AB3CD", "topic": "Apply topically for best effects 🧴"})
    );
}

#[tokio::test]
async fn set_channel_topic_not_in_channel() {
    let s = setup().await;
    json_call(
        "conversations.setTopic",
        BOT,
        json!({"channel": "C1", "topic": "x"}),
    )
    .respond(&s.fake, 200, slack_error("not_in_channel"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_set_channel_topic",
            json!({"channel_id": "C1", "topic": "x"}),
        )
        .await;
    assert!(err.contains("(not_in_channel)"), "{err}");
}

#[tokio::test]
async fn set_channel_purpose_contract() {
    let s = setup().await;
    json_call(
        "conversations.setPurpose",
        USER,
        json!({"channel": "C012AB3CD", "purpose": "I didn't set this purpose on purpose!"}),
    )
    .respond(
        &s.fake,
        200,
        json!({"ok": true, "purpose": "I didn't set this purpose on purpose!"}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "slack_set_channel_purpose",
            json!({"channel_id": "C012AB3CD", "purpose": "I didn't set this purpose on purpose!", "act_as": "user"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"channel_id": "C012AB3CD", "purpose": "I didn't set this purpose on purpose!"})
    );
}

#[tokio::test]
async fn set_channel_purpose_archived() {
    let s = setup().await;
    json_call(
        "conversations.setPurpose",
        BOT,
        json!({"channel": "C1", "purpose": "x"}),
    )
    .respond(&s.fake, 200, slack_error("is_archived"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_set_channel_purpose",
            json!({"channel_id": "C1", "purpose": "x"}),
        )
        .await;
    assert!(err.contains("(is_archived)"), "{err}");
}
