//! The `atlas` profile (MCP-Atlas's Slack server): history, replies, channels and the disabled
//! post, each against the fake Slack with the exact request, and the CSV text the benchmark
//! reads.

use mcp_shared::Profile;
use mcp_testkit::wiremock::matchers::{method, path};
use mcp_testkit::wiremock::{Mock, ResponseTemplate};
use mcp_testkit::{Setup, assert_no_requests};
use serde_json::{Value, json};

use crate::common::{channel_json, form_call, im_json, message_json, slack_error, user_json};

pub const XOXP: &str = "xoxp-atlas-user-token";

/// A server under `--profile atlas` with a client sending Klavis's credential shape.
pub async fn atlas() -> Setup {
    Setup::start_with(&slack_mcp_server::SPEC, json!({"xoxp_token": XOXP}), |s| {
        s.profile = Profile::Atlas
    })
    .await
}

/// The workspace's users, as `users.list` answers (one page).
pub fn users_body() -> Value {
    json!({
        "ok": true,
        "members": [
            user_json("U1", "ada", "Ada Lovelace"),
            user_json("U2", "grace", "Grace Hopper")
        ],
        "cache_ts": 1498777272,
        "response_metadata": {"next_cursor": ""}
    })
}

/// The `users.list` call every atlas tool makes for names.
pub async fn expect_users(s: &Setup) {
    form_call("users.list", XOXP)
        .field("limit", 1000)
        .respond(&s.fake, users_body())
        .await;
}

pub const HEADER: &str = "UserID,UserName,RealName,Channel,ThreadTs,Text,Time,Cursor\n";

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

#[tokio::test]
async fn history_is_csv_with_names_quoting_and_the_cursor_in_the_last_row() {
    let s = atlas().await;
    expect_users(&s).await;
    let mut joined = message_json("1700000003.000300", "U2", "grace has joined the channel");
    joined["subtype"] = json!("channel_join");
    let mut parent = message_json(
        "1700000002.000200",
        "U2",
        "Lunch: \"tacos\", $5 each, don't be late!",
    );
    parent["thread_ts"] = json!("1700000002.000200");
    form_call("conversations.history", XOXP)
        .field("channel", "C1")
        .field("limit", 20)
        .respond(
            &s.fake,
            json!({
                "ok": true,
                "messages": [
                    joined,
                    parent,
                    message_json("1700000001.000100", "U1", "Ship it :rocket: <@U2>"),
                    {"type": "message", "subtype": "bot_message", "bot_id": "B1", "text": "deploy done", "ts": "1700000000.000050"}
                ],
                "has_more": true,
                "response_metadata": {"next_cursor": "bmV4dF90czoxNzAw"}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "conversations_history",
            json!({"channel_id": "C1", "limit": "20"}),
        )
        .await;
    // The activity and bot messages are left out; the text keeps every character (Klavis's
    // copy strips `"`, `$`, `'`, `!`, `:`-less emoji and mentions' `<@>`).
    assert_eq!(
        text(&v),
        format!(
            "{HEADER}U2,grace,Grace Hopper,C1,1700000002.000200,\"Lunch: \"\"tacos\"\", $5 each, don't be late!\",1700000002.000200,\n\
             U1,ada,Ada Lovelace,C1,,Ship it :rocket: <@U2>,1700000001.000100,bmV4dF90czoxNzAw\n"
        )
    );
}

#[tokio::test]
async fn history_by_channel_name_with_activity_and_a_numeric_limit() {
    let s = atlas().await;
    form_call("conversations.list", XOXP)
        .field("types", "public_channel,private_channel")
        .field("exclude_archived", true)
        .field("limit", 999)
        .respond(
            &s.fake,
            json!({"ok": true, "channels": [channel_json("C9", "random"), channel_json("C1", "general")],
                   "response_metadata": {"next_cursor": ""}}),
        )
        .await;
    let mut joined =
        json!({"type": "message", "subtype": "channel_join", "text": "joined", "ts": "1.000001"});
    joined["user"] = json!("");
    form_call("conversations.history", XOXP)
        .field("channel", "C1")
        .field("limit", 7)
        .field("cursor", "bmV4dA==")
        .respond(
            &s.fake,
            json!({"ok": true, "messages": [joined], "has_more": false}),
        )
        .await;
    // A numeric limit works with a cursor too (Klavis's copy ignores it then); a number where
    // the schema says text is read as that text.
    let v = s
        .client
        .call_ok(
            "conversations_history",
            json!({"channel_id": "#general", "limit": 7, "cursor": "bmV4dA==", "include_activity_messages": true}),
        )
        .await;
    assert_eq!(text(&v), format!("{HEADER},,,C1,,joined,1.000001,\n"));
}

/// The form of the one `conversations.history` request the fake received.
async fn history_form(s: &Setup) -> Vec<(String, String)> {
    let got = s.fake.received_requests().await.unwrap_or_default();
    let r = got
        .iter()
        .find(|r| r.url.path() == "/conversations.history")
        .expect("a conversations.history request");
    url::form_urlencoded::parse(&r.body)
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

fn unix_of(form: &[(String, String)], key: &str) -> i64 {
    let v = form
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| panic!("no {key} in {form:?}"));
    assert!(v.ends_with(".000000"), "{key} = {v}");
    v.trim_end_matches(".000000").parse().expect("seconds")
}

#[tokio::test]
async fn a_time_window_limit_asks_slack_for_oldest_and_latest() {
    let s = atlas().await;
    Mock::given(method("POST"))
        .and(path("/conversations.history"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"ok": true, "messages": [], "has_more": false})),
        )
        .expect(2)
        .mount(&s.fake)
        .await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or_default();
    let midnight = now - now.rem_euclid(86_400);
    let v = s
        .client
        .call_ok(
            "conversations_history",
            json!({"channel_id": "C1", "limit": "1w"}),
        )
        .await;
    assert_eq!(text(&v), HEADER, "no messages: the header alone");
    let form = history_form(&s).await;
    assert!(form.contains(&("limit".into(), "100".into())), "{form:?}");
    assert!(form.contains(&("channel".into(), "C1".into())), "{form:?}");
    // `1w`: today and the six days before, from midnight UTC, up to now.
    assert_eq!(unix_of(&form, "oldest"), midnight - 6 * 86_400);
    assert!((unix_of(&form, "latest") - now).abs() <= 5);
    s.fake.reset().await;
    Mock::given(method("POST"))
        .and(path("/conversations.history"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"ok": true, "messages": [], "has_more": false})),
        )
        .mount(&s.fake)
        .await;
    s.client
        .call_ok(
            "conversations_history",
            json!({"channel_id": "C1", "limit": "1d"}),
        )
        .await;
    assert_eq!(unix_of(&history_form(&s).await, "oldest"), midnight);
    // Absent: the 50 newest messages, no window.
    s.fake.reset().await;
    form_call("conversations.history", XOXP)
        .field("channel", "C1")
        .field("limit", 50)
        .respond(
            &s.fake,
            json!({"ok": true, "messages": [], "has_more": false}),
        )
        .await;
    s.client
        .call_ok("conversations_history", json!({"channel_id": "C1"}))
        .await;
}

#[tokio::test]
async fn bad_limits_and_channels_are_refused_before_any_request() {
    let s = atlas().await;
    for (limit, what) in [
        ("0d", "time window"),
        ("x", "number of messages"),
        ("-3", "number of messages"),
    ] {
        let err = s
            .client
            .call_err(
                "conversations_history",
                json!({"channel_id": "C1", "limit": limit}),
            )
            .await;
        assert!(
            err.contains("invalid `limit`") && err.contains(what),
            "{limit}: {err}"
        );
    }
    let err = s
        .client
        .call_err("conversations_history", json!({"channel_id": "  "}))
        .await;
    assert!(err.contains("`channel_id` is empty"), "{err}");
    let err = s
        .client
        .call_err(
            "conversations_replies",
            json!({"channel_id": "C1", "thread_ts": ""}),
        )
        .await;
    assert!(err.contains("`thread_ts` is empty"), "{err}");
    assert_no_requests(&s.fake).await;
}

#[tokio::test]
async fn replies_in_a_dm_named_by_user_and_slack_errors() {
    let s = atlas().await;
    expect_users(&s).await;
    form_call("conversations.list", XOXP)
        .field("types", "im")
        .field("exclude_archived", true)
        .field("limit", 999)
        .respond(
            &s.fake,
            json!({"ok": true, "channels": [im_json("D7", "U1"), im_json("D8", "U2")],
                   "response_metadata": {"next_cursor": ""}}),
        )
        .await;
    let mut parent = message_json("1700000100.000100", "U2", "Release notes?");
    parent["thread_ts"] = json!("1700000100.000100");
    let mut reply = message_json("1700000101.000200", "U1", "Done, see the doc");
    reply["thread_ts"] = json!("1700000100.000100");
    form_call("conversations.replies", XOXP)
        .field("channel", "D8")
        .field("ts", "1700000100.000100")
        .field("limit", 50)
        .respond(
            &s.fake,
            json!({"ok": true, "messages": [parent, reply], "has_more": false}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "conversations_replies",
            json!({"channel_id": "@grace", "thread_ts": "1700000100.000100"}),
        )
        .await;
    assert_eq!(
        text(&v),
        format!(
            "{HEADER}U2,grace,Grace Hopper,D8,1700000100.000100,Release notes?,1700000100.000100,\n\
             U1,ada,Ada Lovelace,D8,1700000100.000100,\"Done, see the doc\",1700000101.000200,\n"
        )
    );
    // Slack's own error is a clear isError result.
    form_call("conversations.replies", XOXP)
        .field("channel", "C404")
        .field("ts", "1.0")
        .field("limit", 50)
        .respond(&s.fake, slack_error("channel_not_found"))
        .await;
    let err = s
        .client
        .call_err(
            "conversations_replies",
            json!({"channel_id": "C404", "thread_ts": "1.0"}),
        )
        .await;
    assert!(err.contains("channel_not_found"), "{err}");
}

#[tokio::test]
async fn unknown_names_are_clear_errors() {
    let s = atlas().await;
    form_call("conversations.list", XOXP)
        .field("types", "public_channel,private_channel")
        .field("exclude_archived", true)
        .field("limit", 999)
        .respond(
            &s.fake,
            json!({"ok": true, "channels": [channel_json("C1", "general")]}),
        )
        .await;
    let err = s
        .client
        .call_err("conversations_history", json!({"channel_id": "#nope"}))
        .await;
    assert!(err.contains("`#nope` not found"), "{err}");
    expect_users(&s).await;
    form_call("conversations.list", XOXP)
        .field("types", "mpim")
        .field("exclude_archived", true)
        .field("limit", 999)
        .respond(&s.fake, json!({"ok": true, "channels": []}))
        .await;
    let err = s
        .client
        .call_err("conversations_history", json!({"channel_id": "@nobody"}))
        .await;
    assert!(
        err.contains("no user and no group DM is called `@nobody`"),
        "{err}"
    );
}

#[tokio::test]
async fn posting_is_disabled_and_never_reaches_slack() {
    let s = atlas().await;
    for args in [
        json!({"channel_id": "C1", "payload": "hello"}),
        json!({"channel_id": "#general", "thread_ts": "1.2", "payload": "# hi", "content_type": "text/plain"}),
    ] {
        let err = s.client.call_err("conversations_add_message", args).await;
        assert!(err.starts_with("write permission not allowed"), "{err}");
    }
    assert_no_requests(&s.fake).await;
}

#[tokio::test]
async fn the_token_is_xoxp_token_else_the_user_token_else_access_token() {
    let s = atlas().await;
    let answer = json!({"ok": true, "messages": [], "has_more": false});
    for token in ["xoxp-from-authed-user", "xoxb-or-xoxp-in-access-token"] {
        form_call("conversations.history", token)
            .field("channel", "C1")
            .field("limit", 50)
            .respond(&s.fake, answer.clone())
            .await;
    }
    let user = s
        .client_with(json!({"access_token": "xoxb-or-xoxp-in-access-token", "authed_user": {"access_token": "xoxp-from-authed-user"}}))
        .await;
    user.call_ok("conversations_history", json!({"channel_id": "C1"}))
        .await;
    let plain = s
        .client_with(json!({"access_token": "xoxb-or-xoxp-in-access-token"}))
        .await;
    plain
        .call_ok("conversations_history", json!({"channel_id": "C1"}))
        .await;
    let none = s.client_with(json!({"team": "T1"})).await;
    let err = none
        .call_err("conversations_history", json!({"channel_id": "C1"}))
        .await;
    assert!(err.contains("`xoxp_token` is missing"), "{err}");
    assert!(err.contains("user token"), "{err}");
}

fn channels_body() -> Value {
    let mut busy = channel_json("C2", "general");
    busy["num_members"] = json!(10);
    let mut quiet = channel_json("C1", "random");
    quiet["num_members"] = json!(3);
    quiet["topic"]["value"] = json!("Anything, really");
    json!({
        "ok": true,
        "channels": [quiet, busy, im_json("D1", "U1")],
        "response_metadata": {"next_cursor": ""}
    })
}

#[tokio::test]
async fn channels_list_sorts_by_members_names_dms_and_pages_with_a_cursor() {
    let s = atlas().await;
    Mock::given(method("POST"))
        .and(path("/conversations.list"))
        .and(mcp_testkit::FormBody(vec![
            ("types".into(), "public_channel,im".into()),
            ("exclude_archived".into(), "true".into()),
            ("limit".into(), "999".into()),
        ]))
        .respond_with(ResponseTemplate::new(200).set_body_json(channels_body()))
        .expect(3)
        .mount(&s.fake)
        .await;
    Mock::given(method("POST"))
        .and(path("/users.list"))
        .respond_with(ResponseTemplate::new(200).set_body_json(users_body()))
        .expect(3)
        .mount(&s.fake)
        .await;
    let header = "ID,Name,Topic,Purpose,MemberCount,Cursor\n";
    let v = s
        .client
        .call_ok(
            "channels_list",
            json!({"channel_types": "public_channel, im", "limit": 2}),
        )
        .await;
    assert_eq!(
        text(&v),
        format!(
            "{header}C2,#general,Company-wide announcements and work-based matters,This channel is for team-wide communication and announcements.,10,\n\
             C1,#random,\"Anything, really\",This channel is for team-wide communication and announcements.,3,QzE=\n"
        )
    );
    let v = s
        .client
        .call_ok(
            "channels_list",
            json!({"channel_types": "public_channel,im", "limit": 2, "cursor": "QzE="}),
        )
        .await;
    assert_eq!(
        text(&v),
        format!("{header}D1,@ada,,DM with Ada Lovelace,2,\n")
    );
    // Any other sort: by ID.
    let v = s
        .client
        .call_ok(
            "channels_list",
            json!({"channel_types": "public_channel,im", "sort": "id"}),
        )
        .await;
    let ids: Vec<&str> = text(&v)
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').next())
        .collect();
    assert_eq!(ids, ["C1", "C2", "D1"]);
}

#[tokio::test]
async fn channels_list_refuses_unknown_types_bad_limits_and_cursors() {
    let s = atlas().await;
    let err = s
        .client
        .call_err("channels_list", json!({"channel_types": "public"}))
        .await;
    assert!(err.contains("unknown channel type `public`"), "{err}");
    let err = s
        .client
        .call_err(
            "channels_list",
            json!({"channel_types": "im", "limit": 2.5}),
        )
        .await;
    assert!(
        err.contains("`limit` must be a whole number between 1 and 999"),
        "{err}"
    );
    assert_no_requests(&s.fake).await;
    form_call("conversations.list", XOXP)
        .field("types", "public_channel,private_channel")
        .field("exclude_archived", true)
        .field("limit", 999)
        .respond(
            &s.fake,
            json!({"ok": true, "channels": [channel_json("C1", "general")]}),
        )
        .await;
    // No valid type given: public and private channels, as Klavis's copy does.
    let err = s
        .client
        .call_err(
            "channels_list",
            json!({"channel_types": " , ", "cursor": "bm9wZQ=="}),
        )
        .await;
    assert!(err.contains("invalid `cursor`"), "{err}");
}

#[tokio::test]
async fn the_default_profile_lists_none_of_the_atlas_tools() {
    let server = mcp_shared::McpServer::new(
        &slack_mcp_server::SPEC,
        mcp_shared::Settings {
            toolsets: Some(vec!["all".to_owned()]),
            ..mcp_shared::Settings::default()
        },
    )
    .expect("default profile");
    let names: Vec<String> = server.tool_defs().map(|d| d.name().to_owned()).collect();
    for atlas in [
        "conversations_history",
        "channels_list",
        "conversations_add_message",
    ] {
        assert!(!names.iter().any(|n| n == atlas), "{atlas} in {names:?}");
    }
    assert_eq!(
        mcp_shared::docs::profiles(&slack_mcp_server::SPEC),
        [(Profile::Default, names.len()), (Profile::Atlas, 5)]
    );
}
