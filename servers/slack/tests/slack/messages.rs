use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{
    BOT, USER, form_call, json_call, message_json, setup, slack_creds, slack_error,
};

fn history_body() -> serde_json::Value {
    let mut parent = message_json(
        "1512104434.000490",
        "U222BBB222",
        "What, you want to smell my shoes better?",
    );
    parent["thread_ts"] = json!("1512104434.000490");
    parent["reply_count"] = json!(2);
    parent["reactions"] =
        json!([{"name": "joy", "users": ["U123ABC456", "U222BBB222"], "count": 2}]);
    json!({
        "ok": true,
        "messages": [
            message_json("1512085950.000216", "U123ABC456", "I find you punny and would like to smell your nose letter"),
            parent
        ],
        "has_more": true,
        "pin_count": 0,
        "response_metadata": {"next_cursor": "bmV4dF90czoxNTEyMDg1ODYxMDAwNTQz"}
    })
}

#[tokio::test]
async fn get_channel_history_contract() {
    let s = setup().await;
    form_call("conversations.history", USER)
        .field("channel", "C123ABC456")
        .field("limit", 2)
        .field("cursor", "dXNlcjpVMDYxTkZUVDI=")
        .field("oldest", "1512085900.000000")
        .field("latest", "1512104500.000000")
        .field("inclusive", true)
        .respond(&s.fake, history_body())
        .await;
    let v = s
        .client
        .call_ok(
            "slack_get_channel_history",
            json!({"channel_id": "C123ABC456", "limit": 2, "cursor": "dXNlcjpVMDYxTkZUVDI=",
                   "oldest": "1512085900.000000", "latest": "1512104500.000000", "inclusive": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "messages": [
                {"ts": "1512085950.000216", "user": "U123ABC456", "text": "I find you punny and would like to smell your nose letter"},
                {"ts": "1512104434.000490", "user": "U222BBB222", "text": "What, you want to smell my shoes better?",
                 "thread_ts": "1512104434.000490", "reply_count": 2,
                 "reactions": [{"name": "joy", "count": 2, "users": ["U123ABC456", "U222BBB222"]}]}
            ],
            "has_more": true,
            "next_cursor": "bmV4dF90czoxNTEyMDg1ODYxMDAwNTQz"
        })
    );
}

#[tokio::test]
async fn get_channel_history_defaults_detailed_and_bot_fallback() {
    let s = setup().await;
    // Only a bot token: the tool falls back to it. Default limit 10, Slack's cap 999.
    form_call("conversations.history", BOT)
        .field("channel", "C123ABC456")
        .field("limit", 10)
        .respond(&s.fake, history_body())
        .await;
    form_call("conversations.history", BOT)
        .field("channel", "C999")
        .field("limit", 999)
        .respond(&s.fake, history_body())
        .await;
    let bot_only = s.client_with(slack_creds(Some(BOT), None)).await;
    let v = bot_only
        .call_ok(
            "slack_get_channel_history",
            json!({"channel_id": "C123ABC456", "response_format": "detailed"}),
        )
        .await;
    assert_eq!(
        v["messages"][0]["client_msg_id"],
        "b2f1c7c4-0c5e-4a1e-9d52-4c2c3b9f1a11"
    );
    assert_eq!(v["messages"][1]["blocks"][0]["type"], "rich_text");
    assert_eq!(v["next_cursor"], "bmV4dF90czoxNTEyMDg1ODYxMDAwNTQz");
    assert!(v.get("ok").is_none());
    bot_only
        .call_ok(
            "slack_get_channel_history",
            json!({"channel_id": "C999", "limit": 5000}),
        )
        .await;
}

#[tokio::test]
async fn get_channel_history_not_in_channel() {
    let s = setup().await;
    form_call("conversations.history", USER)
        .field("channel", "C0PRIVATE")
        .field("limit", 10)
        .respond(&s.fake, slack_error("not_in_channel"))
        .await;
    let err = s
        .client
        .call_err(
            "slack_get_channel_history",
            json!({"channel_id": "C0PRIVATE"}),
        )
        .await;
    assert!(
        err.starts_with("Slack API error in conversations.history (not_in_channel)"),
        "{err}"
    );
    assert!(err.contains("invite the app to the channel"), "{err}");
}

#[tokio::test]
async fn get_thread_replies_contract() {
    let s = setup().await;
    form_call("conversations.replies", USER)
        .field("channel", "C061EG9SL")
        .field("ts", "1482960137.003543")
        .field("limit", 10)
        .respond(
            &s.fake,
            json!({
                "messages": [
                    {"type": "message", "user": "U061F7AUR", "text": "island", "thread_ts": "1482960137.003543",
                     "reply_count": 3, "subscribed": true, "last_read": "1484678597.521003", "unread_count": 0,
                     "ts": "1482960137.003543"},
                    {"type": "message", "user": "U061F7AUR", "text": "one island", "thread_ts": "1482960137.003543",
                     "parent_user_id": "U061F7AUR", "ts": "1483037603.017503"}
                ],
                "has_more": false,
                "ok": true,
                "response_metadata": {"next_cursor": ""}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "slack_get_thread_replies",
            json!({"channel_id": "C061EG9SL", "thread_ts": "1482960137.003543"}),
        )
        .await;
    assert_eq!(v["messages"][0]["reply_count"], 3);
    assert_eq!(
        v["messages"][1],
        json!({"ts": "1483037603.017503", "user": "U061F7AUR", "text": "one island",
               "thread_ts": "1482960137.003543", "parent_user_id": "U061F7AUR"})
    );
    assert_eq!(v["has_more"], false);
    assert_eq!(v["next_cursor"], serde_json::Value::Null);
}

#[tokio::test]
async fn get_thread_replies_thread_not_found_and_bad_args() {
    let s = setup().await;
    form_call("conversations.replies", USER)
        .field("channel", "C061EG9SL")
        .field("ts", "1.000")
        .field("limit", 1000)
        .respond(&s.fake, slack_error("thread_not_found"))
        .await;
    let err = s
        .client
        .call_err(
            "slack_get_thread_replies",
            json!({"channel_id": "C061EG9SL", "thread_ts": "1.000", "limit": 100000}),
        )
        .await;
    assert!(err.contains("(thread_not_found)"), "{err}");
    assert!(err.contains("parent message"), "{err}");
    let err = s
        .client
        .call_err(
            "slack_get_thread_replies",
            json!({"channel_id": "C061EG9SL"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments for slack_get_thread_replies"),
        "{err}"
    );
    assert!(err.contains("thread_ts"), "{err}");
}

fn posted(channel: &str, ts: &str, text: &str, thread_ts: Option<&str>) -> serde_json::Value {
    let mut message = json!({"text": text, "username": "ecto1", "bot_id": "B123ABC456", "type": "message", "subtype": "bot_message", "ts": ts});
    if let Some(t) = thread_ts {
        message["thread_ts"] = json!(t);
    }
    json!({"ok": true, "channel": channel, "ts": ts, "message": message})
}

#[tokio::test]
async fn bot_post_message_sends_text_unchanged() {
    let s = setup().await;
    let text = "Grüße 👋 *bold* <@U123> & <#C42|general> :tada:\nnext line";
    json_call(
        "chat.postMessage",
        BOT,
        json!({"channel": "C123ABC456", "text": text}),
    )
    .respond(
        &s.fake,
        200,
        posted("C123ABC456", "1503435956.000247", text, None),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "slack_bot_post_message",
            json!({"channel_id": "C123ABC456", "text": text}),
        )
        .await;
    assert_eq!(
        v,
        json!({"channel": "C123ABC456", "ts": "1503435956.000247", "text": text})
    );
    // The exact bytes Slack received: UTF-8, not \u escapes, nothing rewritten.
    let received = s.fake.received_requests().await.unwrap();
    let body = String::from_utf8(received[0].body.clone()).unwrap();
    assert!(
        body.contains("\"text\":\"Grüße 👋 *bold* <@U123> & <#C42|general> :tada:\\nnext line\""),
        "{body}"
    );
}

#[tokio::test]
async fn bot_post_message_channel_not_found() {
    let s = setup().await;
    json_call(
        "chat.postMessage",
        BOT,
        json!({"channel": "#general", "text": "hi"}),
    )
    .respond(&s.fake, 200, slack_error("channel_not_found"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_bot_post_message",
            json!({"channel_id": "#general", "text": "hi"}),
        )
        .await;
    assert!(err.contains("(channel_not_found)"), "{err}");
    assert!(err.contains("not the #name"), "{err}");
}

#[tokio::test]
async fn user_post_message_contract() {
    let s = setup().await;
    json_call(
        "chat.postMessage",
        USER,
        json!({"channel": "C123ABC456", "text": "Hello from me"}),
    )
    .respond(
        &s.fake,
        200,
        posted("C123ABC456", "1503435956.000300", "Hello from me", None),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "slack_user_post_message",
            json!({"channel_id": "C123ABC456", "text": "Hello from me"}),
        )
        .await;
    assert_eq!(v["ts"], "1503435956.000300");
    assert_eq!(v["channel"], "C123ABC456");
}

#[tokio::test]
async fn user_post_message_needs_the_user_token() {
    let s = setup().await;
    let bot_only = s.client_with(slack_creds(Some(BOT), None)).await;
    let err = bot_only
        .call_err(
            "slack_user_post_message",
            json!({"channel_id": "C123ABC456", "text": "hi"}),
        )
        .await;
    assert!(
        err.contains(
            "slack_user_post_message acts as the Slack user and needs the user token (xoxp-...)"
        ),
        "{err}"
    );
    assert!(
        err.contains("`authed_user.access_token` is missing"),
        "{err}"
    );
    assert!(err.contains("SLACK_USER_TOKEN"), "{err}");
    assert!(!err.contains("Authorization"), "{err}");
    assert!(
        err.contains(
            "{\"access_token\":\"xoxb-...\",\"authed_user\":{\"access_token\":\"xoxp-...\"}}"
        ),
        "{err}"
    );
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn user_reply_to_thread_contract() {
    let s = setup().await;
    json_call(
        "chat.postMessage",
        USER,
        json!({"channel": "C123ABC456", "text": "On it ✅", "thread_ts": "1503435956.000247"}),
    )
    .respond(
        &s.fake,
        200,
        posted(
            "C123ABC456",
            "1503435999.000100",
            "On it ✅",
            Some("1503435956.000247"),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "slack_user_reply_to_thread",
            json!({"channel_id": "C123ABC456", "thread_ts": "1503435956.000247", "text": "On it ✅"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"channel": "C123ABC456", "ts": "1503435999.000100", "thread_ts": "1503435956.000247", "text": "On it ✅"})
    );
}

#[tokio::test]
async fn user_reply_to_thread_rejects_empty_text() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "slack_user_reply_to_thread",
            json!({"channel_id": "C1", "thread_ts": "1.2", "text": "   "}),
        )
        .await;
    assert!(err.contains("`text` is empty"), "{err}");
}

#[tokio::test]
async fn bot_reply_to_thread_contract_with_broadcast() {
    let s = setup().await;
    json_call(
        "chat.postMessage",
        BOT,
        json!({"channel": "C123ABC456", "text": "Done", "thread_ts": "1503435956.000247", "reply_broadcast": true}),
    )
    .respond(
        &s.fake,
        200,
        posted("C123ABC456", "1503436000.000100", "Done", Some("1503435956.000247")),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "slack_bot_reply_to_thread",
            json!({"channel_id": "C123ABC456", "thread_ts": "1503435956.000247", "text": "Done", "reply_broadcast": true}),
        )
        .await;
    assert_eq!(v["thread_ts"], "1503435956.000247");
    assert_eq!(v["ts"], "1503436000.000100");
}

#[tokio::test]
async fn bot_reply_to_thread_archived_channel() {
    let s = setup().await;
    json_call(
        "chat.postMessage",
        BOT,
        json!({"channel": "C0OLD", "text": "Done", "thread_ts": "1.2"}),
    )
    .respond(&s.fake, 200, slack_error("is_archived"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_bot_reply_to_thread",
            json!({"channel_id": "C0OLD", "thread_ts": "1.2", "text": "Done"}),
        )
        .await;
    assert!(
        err.contains("(is_archived): the channel is archived"),
        "{err}"
    );
}

#[tokio::test]
async fn update_message_contract_as_bot_and_user() {
    let s = setup().await;
    let answer = json!({"ok": true, "channel": "C123ABC456", "ts": "1401383885.000061",
        "text": "Updated text you carefully authored",
        "message": {"text": "Updated text you carefully authored", "user": "U34567890"}});
    json_call(
        "chat.update",
        BOT,
        json!({"channel": "C123ABC456", "ts": "1401383885.000061", "text": "Updated text you carefully authored"}),
    )
    .respond(&s.fake, 200, answer.clone())
    .await;
    json_call(
        "chat.update",
        USER,
        json!({"channel": "C123ABC456", "ts": "1401383885.000099", "text": "mine"}),
    )
    .respond(&s.fake, 200, answer)
    .await;
    let v = s
        .client
        .call_ok(
            "slack_update_message",
            json!({"channel_id": "C123ABC456", "ts": "1401383885.000061", "text": "Updated text you carefully authored"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"channel": "C123ABC456", "ts": "1401383885.000061", "text": "Updated text you carefully authored"})
    );
    s.client
        .call_ok(
            "slack_update_message",
            json!({"channel_id": "C123ABC456", "ts": "1401383885.000099", "text": "mine", "act_as": "user"}),
        )
        .await;
}

#[tokio::test]
async fn update_message_of_someone_else() {
    let s = setup().await;
    json_call(
        "chat.update",
        BOT,
        json!({"channel": "C1", "ts": "1.2", "text": "x"}),
    )
    .respond(&s.fake, 200, slack_error("cant_update_message"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_update_message",
            json!({"channel_id": "C1", "ts": "1.2", "text": "x"}),
        )
        .await;
    assert!(err.contains("(cant_update_message)"), "{err}");
    assert!(err.contains("act_as"), "{err}");
    let err = s
        .client
        .call_err(
            "slack_update_message",
            json!({"channel_id": "C1", "ts": "1.2", "text": "x", "act_as": "admin"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments for slack_update_message"),
        "{err}"
    );
}

#[tokio::test]
async fn delete_message_contract() {
    let s = setup().await;
    json_call(
        "chat.delete",
        BOT,
        json!({"channel": "C123ABC456", "ts": "1401383885.000061"}),
    )
    .respond(
        &s.fake,
        200,
        json!({"ok": true, "channel": "C123ABC456", "ts": "1401383885.000061"}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "slack_delete_message",
            json!({"channel_id": "C123ABC456", "ts": "1401383885.000061"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"channel": "C123ABC456", "ts": "1401383885.000061", "deleted": true})
    );
}

#[tokio::test]
async fn delete_message_not_found() {
    let s = setup().await;
    json_call(
        "chat.delete",
        USER,
        json!({"channel": "C123ABC456", "ts": "1.1"}),
    )
    .respond(&s.fake, 200, slack_error("message_not_found"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_delete_message",
            json!({"channel_id": "C123ABC456", "ts": "1.1", "act_as": "user"}),
        )
        .await;
    assert!(err.contains("(message_not_found)"), "{err}");
}

#[tokio::test]
async fn get_permalink_contract() {
    let s = setup().await;
    form_call("chat.getPermalink", BOT)
        .field("channel", "C1H9RESGA")
        .field("message_ts", "1358546515.000008")
        .respond(
            &s.fake,
            json!({"ok": true, "channel": "C1H9RESGA", "permalink": "https://ghostbusters.slack.com/archives/C1H9RESGA/p1358546515000008"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "slack_get_permalink",
            json!({"channel_id": "C1H9RESGA", "message_ts": "1358546515.000008"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"channel": "C1H9RESGA", "permalink": "https://ghostbusters.slack.com/archives/C1H9RESGA/p1358546515000008"})
    );
}

#[tokio::test]
async fn get_permalink_message_not_found() {
    let s = setup().await;
    form_call("chat.getPermalink", BOT)
        .field("channel", "C1H9RESGA")
        .field("message_ts", "9.9")
        .respond(&s.fake, slack_error("message_not_found"))
        .await;
    let err = s
        .client
        .call_err(
            "slack_get_permalink",
            json!({"channel_id": "C1H9RESGA", "message_ts": "9.9"}),
        )
        .await;
    assert!(err.contains("no message with this timestamp"), "{err}");
}

#[tokio::test]
async fn schedule_message_contract() {
    let s = setup().await;
    json_call(
        "chat.scheduleMessage",
        BOT,
        json!({"channel": "C1H9RESGL", "text": "Here's a message for you in the future", "post_at": 1562180400u64, "thread_ts": "1562170000.000100"}),
    )
    .respond(
        &s.fake,
        200,
        json!({"ok": true, "channel": "C1H9RESGL", "scheduled_message_id": "Q1298393284", "post_at": "1562180400",
               "message": {"text": "Here's a message for you in the future", "username": "ecto1", "bot_id": "B19LU7CSY",
                           "type": "delayed_message", "subtype": "bot_message"}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "slack_schedule_message",
            json!({"channel_id": "C1H9RESGL", "text": "Here's a message for you in the future", "post_at": 1562180400, "thread_ts": "1562170000.000100"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"scheduled_message_id": "Q1298393284", "channel": "C1H9RESGL", "post_at": "1562180400"})
    );
}

#[tokio::test]
async fn schedule_message_in_the_past() {
    let s = setup().await;
    json_call(
        "chat.scheduleMessage",
        BOT,
        json!({"channel": "C1", "text": "late", "post_at": 1000u64}),
    )
    .respond(&s.fake, 200, slack_error("time_in_past"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_schedule_message",
            json!({"channel_id": "C1", "text": "late", "post_at": 1000}),
        )
        .await;
    assert!(err.contains("(time_in_past)"), "{err}");
    assert!(err.contains("in the future"), "{err}");
    let err = s
        .client
        .call_err(
            "slack_schedule_message",
            json!({"channel_id": "C1", "text": "late", "post_at": -5}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
}

#[tokio::test]
async fn posting_is_not_retried_after_a_gateway_error() {
    let s = setup().await;
    json_call(
        "chat.postMessage",
        BOT,
        json!({"channel": "C1", "text": "once"}),
    )
    .respond_with(&s.fake, ResponseTemplate::new(502))
    .await;
    let err = s
        .client
        .call_err(
            "slack_bot_post_message",
            json!({"channel_id": "C1", "text": "once"}),
        )
        .await;
    assert!(err.contains("502"), "{err}");
}
