use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::{TOKEN, discord_error, req, setup};
use mcp_testkit::wiremock::{Mock, Request, Respond, ResponseTemplate, matchers};
use serde_json::{Value, json};

fn msg(id: &str, content: &str) -> Value {
    json!({
        "id": id,
        "channel_id": "290926798999357250",
        "author": {"id": "53908232506183680", "username": "Mason", "avatar": "a_bab14f271d565501444b2ca3be944b25", "discriminator": "0", "global_name": "Mason", "public_flags": 131141},
        "content": content,
        "timestamp": "2017-07-11T17:27:07.299000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "reactions": [{"count": 1, "count_details": {"burst": 0, "normal": 1}, "me": false, "me_burst": false, "emoji": {"id": null, "name": "🔥"}, "burst_colors": []}],
        "pinned": false,
        "type": 0
    })
}

const FIRE: &str = "%F0%9F%94%A5";
const THUMBS: &str = "%F0%9F%91%8D";

#[tokio::test]
async fn read_messages_newest_first_with_cursor() {
    let s = setup().await;
    req("GET", "/channels/290926798999357250/messages")
        .query("limit", "2")
        .query("before", "334385199974967000")
        .respond(
            &s.fake,
            200,
            json!([
                msg("334385199974967042", "Supa Hot"),
                msg("334385199974967041", "older")
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "discord_read_messages",
            json!({"channel_id": "290926798999357250", "limit": 2, "cursor": "334385199974967000"}),
        )
        .await;
    assert_eq!(v["messages"][0]["content"], "Supa Hot");
    assert_eq!(v["messages"][0]["author"]["username"], "Mason");
    assert_eq!(v["messages"][0]["reactions"][0]["emoji"], "🔥");
    assert!(v["messages"][0].get("mentions").is_none());
    assert_eq!(v["next_cursor"], "334385199974967041");
    // Klavis's default of 50; a short page is the last.
    req("GET", "/channels/290926798999357250/messages")
        .query("limit", "50")
        .respond(&s.fake, 200, json!([msg("1", "only")]))
        .await;
    let v = s
        .client
        .call_ok(
            "discord_read_messages",
            json!({"channel_id": "290926798999357250"}),
        )
        .await;
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn read_messages_missing_access_and_bad_limit() {
    let s = setup().await;
    req("GET", "/channels/7/messages")
        .query("limit", "50")
        .respond(&s.fake, 403, discord_error(50001, "Missing Access"))
        .await;
    let err = s
        .client
        .call_err("discord_read_messages", json!({"channel_id": "7"}))
        .await;
    assert!(
        err.contains("Missing Access") && err.contains("Read Message History"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "discord_read_messages",
            json!({"channel_id": "7", "limit": 101}),
        )
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
}

#[tokio::test]
async fn send_message_as_reply() {
    let s = setup().await;
    req("POST", "/channels/290926798999357250/messages")
        .json_body(json!({"content": "Hello, **world**", "message_reference": {"message_id": "334385199974967042", "fail_if_not_exists": true}}))
        .respond(&s.fake, 200, {
            let mut m = msg("334385199974967099", "Hello, **world**");
            m["message_reference"] = json!({"type": 0, "channel_id": "290926798999357250", "message_id": "334385199974967042"});
            m
        })
        .await;
    let v = s
        .client
        .call_ok(
            "discord_send_message",
            json!({"channel_id": "290926798999357250", "content": "Hello, **world**", "reply_to_message_id": "334385199974967042"}),
        )
        .await;
    assert_eq!(v["id"], "334385199974967099");
    assert_eq!(v["reply_to"], "334385199974967042");
}

#[tokio::test]
async fn send_message_without_permission_and_too_long() {
    let s = setup().await;
    req("POST", "/channels/7/messages")
        .json_body(json!({"content": "hi"}))
        .respond(&s.fake, 403, discord_error(50013, "Missing Permissions"))
        .await;
    let err = s
        .client
        .call_err(
            "discord_send_message",
            json!({"channel_id": "7", "content": "hi"}),
        )
        .await;
    assert!(
        err.contains("50013") && err.contains("Send Messages"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "discord_send_message",
            json!({"channel_id": "7", "content": "x".repeat(2001)}),
        )
        .await;
    assert!(err.contains("2000"), "{err}");
}

#[tokio::test]
async fn add_reaction_unicode_and_custom() {
    let s = setup().await;
    req(
        "PUT",
        format!("/channels/1/messages/2/reactions/{THUMBS}/@me"),
    )
    .respond_with(&s.fake, ResponseTemplate::new(204))
    .await;
    let v = s
        .client
        .call_ok(
            "discord_add_reaction",
            json!({"channel_id": "1", "message_id": "2", "emoji": "👍"}),
        )
        .await;
    assert_eq!(v["added"], "👍");
    // A custom emoji as a message writes it, sent as name:id.
    req(
        "PUT",
        "/channels/1/messages/2/reactions/party_blob%3A1092837465012345678/@me",
    )
    .respond_with(&s.fake, ResponseTemplate::new(204))
    .await;
    s.client
        .call_ok(
            "discord_add_reaction",
            json!({"channel_id": "1", "message_id": "2", "emoji": "<a:party_blob:1092837465012345678>"}),
        )
        .await;
}

#[tokio::test]
async fn add_reaction_unknown_emoji_and_shortcode() {
    let s = setup().await;
    req("PUT", "/channels/1/messages/2/reactions/nope%3A123/@me")
        .respond(&s.fake, 400, discord_error(10014, "Unknown Emoji"))
        .await;
    let err = s
        .client
        .call_err(
            "discord_add_reaction",
            json!({"channel_id": "1", "message_id": "2", "emoji": "nope:123"}),
        )
        .await;
    assert!(
        err.contains("Unknown Emoji") && err.contains("name:id"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "discord_add_reaction",
            json!({"channel_id": "1", "message_id": "2", "emoji": ":thumbsup:"}),
        )
        .await;
    assert!(err.contains("`emoji`"), "{err}");
}

#[tokio::test]
async fn remove_reaction_contract() {
    let s = setup().await;
    req(
        "DELETE",
        format!("/channels/1/messages/2/reactions/{FIRE}/@me"),
    )
    .respond_with(&s.fake, ResponseTemplate::new(204))
    .await;
    let v = s
        .client
        .call_ok(
            "discord_remove_reaction",
            json!({"channel_id": "1", "message_id": "2", "emoji": "🔥"}),
        )
        .await;
    assert_eq!(v["removed"], "🔥");
}

#[tokio::test]
async fn remove_reaction_unknown_message() {
    let s = setup().await;
    req(
        "DELETE",
        format!("/channels/1/messages/3/reactions/{FIRE}/@me"),
    )
    .respond(&s.fake, 404, discord_error(10008, "Unknown Message"))
    .await;
    let err = s
        .client
        .call_err(
            "discord_remove_reaction",
            json!({"channel_id": "1", "message_id": "3", "emoji": "🔥"}),
        )
        .await;
    assert!(
        err.contains("Unknown Message") && err.contains("message_id"),
        "{err}"
    );
}

/// Answers 204 with the reactions bucket's headers and records when each request came.
struct Bucket {
    times: Arc<Mutex<Vec<Instant>>>,
    reset_after: &'static str,
}

impl Respond for Bucket {
    fn respond(&self, _: &Request) -> ResponseTemplate {
        self.times.lock().unwrap().push(Instant::now());
        ResponseTemplate::new(204)
            .insert_header("x-ratelimit-bucket", "f1bd4b0ab2e8fe9e0a2c6b2e5c8c2c55")
            .insert_header("x-ratelimit-limit", "1")
            .insert_header("x-ratelimit-remaining", "0")
            .insert_header("x-ratelimit-reset-after", self.reset_after)
    }
}

async fn mount_bucket(
    s: &mcp_testkit::Setup,
    emoji: &str,
    reset_after: &'static str,
) -> Arc<Mutex<Vec<Instant>>> {
    let times = Arc::new(Mutex::new(Vec::new()));
    Mock::given(matchers::method("PUT"))
        .and(matchers::path(format!(
            "/channels/1/messages/2/reactions/{emoji}/@me"
        )))
        .and(matchers::header(
            "authorization",
            format!("Bot {TOKEN}").as_str(),
        ))
        .respond_with(Bucket {
            times: times.clone(),
            reset_after,
        })
        .expect(1)
        .mount(&s.fake)
        .await;
    times
}

#[tokio::test]
async fn add_multiple_reactions_are_spaced_to_the_bucket() {
    let s = setup().await;
    let a = mount_bucket(&s, THUMBS, "0.3").await;
    let b = mount_bucket(&s, FIRE, "0.3").await;
    let c = mount_bucket(&s, "party_blob%3A1092837465012345678", "0.3").await;
    let v = s
        .client
        .call_ok(
            "discord_add_multiple_reactions",
            json!({"channel_id": "1", "message_id": "2", "emojis": ["👍", "🔥", "party_blob:1092837465012345678"]}),
        )
        .await;
    assert_eq!(
        v["added"],
        json!(["👍", "🔥", "party_blob:1092837465012345678"])
    );
    assert!(v.get("failed").is_none());
    let (a, b, c) = (
        a.lock().unwrap()[0],
        b.lock().unwrap()[0],
        c.lock().unwrap()[0],
    );
    // Each waited for the bucket's reset (0.3 s) after the previous answer.
    assert!(
        b.duration_since(a) >= Duration::from_millis(290),
        "{:?}",
        b.duration_since(a)
    );
    assert!(
        c.duration_since(b) >= Duration::from_millis(290),
        "{:?}",
        c.duration_since(b)
    );
}

#[tokio::test]
async fn add_multiple_reactions_stops_on_a_long_reset_and_reports_the_rest() {
    let s = setup().await;
    mount_bucket(&s, THUMBS, "42.5").await;
    let v = s
        .client
        .call_ok(
            "discord_add_multiple_reactions",
            json!({"channel_id": "1", "message_id": "2", "emojis": ["👍", "🔥", "🎉"]}),
        )
        .await;
    assert_eq!(v["added"], json!(["👍"]));
    assert_eq!(v["not_added"], json!(["🔥", "🎉"]));
    assert!(v["note"].as_str().unwrap().contains("42.5 s"), "{v}");
}

#[tokio::test]
async fn add_multiple_reactions_keeps_going_past_an_unknown_emoji() {
    let s = setup().await;
    mount_bucket(&s, THUMBS, "0").await;
    req("PUT", "/channels/1/messages/2/reactions/gone%3A5/@me")
        .respond(&s.fake, 400, discord_error(10014, "Unknown Emoji"))
        .await;
    mount_bucket(&s, FIRE, "0").await;
    let v = s
        .client
        .call_ok(
            "discord_add_multiple_reactions",
            json!({"channel_id": "1", "message_id": "2", "emojis": ["👍", "gone:5", "🔥"]}),
        )
        .await;
    assert_eq!(v["added"], json!(["👍", "🔥"]));
    assert_eq!(v["failed"][0]["emoji"], "gone:5");
    assert!(
        v["failed"][0]["error"]
            .as_str()
            .unwrap()
            .contains("Unknown Emoji")
    );
}

#[tokio::test]
async fn add_multiple_reactions_without_access_is_an_error() {
    let s = setup().await;
    req(
        "PUT",
        format!("/channels/1/messages/2/reactions/{THUMBS}/@me"),
    )
    .respond(&s.fake, 403, discord_error(50001, "Missing Access"))
    .await;
    // Nothing was added and the rest would fail alike: one request, an error.
    let err = s
        .client
        .call_err(
            "discord_add_multiple_reactions",
            json!({"channel_id": "1", "message_id": "2", "emojis": ["👍", "🔥"]}),
        )
        .await;
    assert!(err.contains("Missing Access"), "{err}");
    let err = s
        .client
        .call_err(
            "discord_add_multiple_reactions",
            json!({"channel_id": "1", "message_id": "2", "emojis": ["👍", "smile"]}),
        )
        .await;
    assert!(err.contains("emojis[1]"), "{err}");
}
