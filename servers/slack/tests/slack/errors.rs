//! Slack's failure answers (HTTP 200 with `ok: false`, and error statuses), rate limits,
//! retries, and which credentials a call uses.

use mcp_shared::EnvCredentials;
use mcp_testkit::wiremock::matchers::{body_json, header, method, path};
use mcp_testkit::wiremock::{Mock, ResponseTemplate};
use mcp_testkit::{TestServer, settings_for};
use serde_json::json;

use crate::common::{BOT, USER, form_call, json_call, setup, slack_creds, slack_error};

/// `ok: false` is never a success: each code becomes an error naming the method, the code,
/// what it means and what to do.
#[tokio::test]
async fn ok_false_answers_are_tool_errors_with_hints() {
    let s = setup().await;
    let cases = [
        (
            json!({"ok": false, "error": "channel_not_found"}),
            vec![
                "(channel_not_found): the channel was not found.",
                "check the channel ID",
            ],
        ),
        (
            json!({"ok": false, "error": "not_in_channel"}),
            vec![
                "(not_in_channel)",
                "invite the app to the channel",
                "/invite @YourApp",
            ],
        ),
        (
            json!({"ok": false, "error": "missing_scope", "needed": "chat:write", "provided": "channels:read,users:read"}),
            vec![
                "(missing_scope): the token is missing a required OAuth scope.",
                "lacks the OAuth scope `chat:write` (it has: channels:read,users:read)",
            ],
        ),
        (
            json!({"ok": false, "error": "invalid_auth"}),
            vec![
                "(invalid_auth): the token was not accepted.",
                "supply a fresh token",
            ],
        ),
        (
            json!({"ok": false, "error": "token_revoked"}),
            vec!["(token_revoked)", "invalid, revoked or expired"],
        ),
        (
            json!({"ok": false, "error": "ratelimited"}),
            vec![
                "(ratelimited): rate limited by Slack.",
                "wait a minute and retry",
            ],
        ),
        (
            json!({"ok": false, "error": "invalid_arguments", "response_metadata": {"messages": ["[ERROR] missing required field: channel"]}}),
            vec![
                "(invalid_arguments): Slack rejected the arguments ([ERROR] missing required field: channel).",
            ],
        ),
        (
            json!({"ok": false, "error": "some_future_error"}),
            vec!["(some_future_error)", "docs.slack.dev/reference/methods"],
        ),
        (
            json!({"status": "healthy"}),
            vec!["(unknown_error)", "neither `ok: true` nor an `error` code"],
        ),
    ];
    for (i, (body, wants)) in cases.iter().enumerate() {
        let channel = format!("C{i}");
        json_call(
            "chat.postMessage",
            BOT,
            json!({"channel": channel, "text": "hi"}),
        )
        .respond(&s.fake, 200, body.clone())
        .await;
        let err = s
            .client
            .call_err(
                "slack_bot_post_message",
                json!({"channel_id": channel, "text": "hi"}),
            )
            .await;
        assert!(
            err.starts_with("Slack API error in chat.postMessage ("),
            "{err}"
        );
        for want in wants {
            assert!(err.contains(want), "{body}: {err}");
        }
    }
}

/// HTTP 429 with `Retry-After: 1`: waited out and retried, even for a post (Slack did not
/// process it), then the success comes through.
#[tokio::test]
async fn rate_limit_429_is_retried_after_retry_after() {
    let s = setup().await;
    // The first answer is a 429 (once); the retry gets the success.
    Mock::given(method("POST"))
        .and(path("/chat.postMessage"))
        .and(header("authorization", format!("Bearer {BOT}").as_str()))
        .and(body_json(json!({"channel": "C1", "text": "retry me"})))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("retry-after", "1")
                .set_body_json(slack_error("ratelimited")),
        )
        .up_to_n_times(1)
        .expect(1)
        .with_priority(1)
        .mount(&s.fake)
        .await;
    json_call(
        "chat.postMessage",
        BOT,
        json!({"channel": "C1", "text": "retry me"}),
    )
    .respond(
        &s.fake,
        200,
        json!({"ok": true, "channel": "C1", "ts": "1503435956.000247", "message": {"text": "retry me", "type": "message", "ts": "1503435956.000247"}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "slack_bot_post_message",
            json!({"channel_id": "C1", "text": "retry me"}),
        )
        .await;
    assert_eq!(v["ts"], "1503435956.000247");
    assert_eq!(s.fake.received_requests().await.unwrap().len(), 2);
}

/// A `Retry-After` longer than the server waits is reported with the wait, not slept through.
#[tokio::test]
async fn long_rate_limit_is_reported_with_the_wait() {
    let s = setup().await;
    form_call("conversations.history", USER)
        .field("channel", "C1")
        .field("limit", 10)
        .mock(
            ResponseTemplate::new(429)
                .insert_header("retry-after", "120")
                .set_body_json(slack_error("ratelimited")),
        )
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("slack_get_channel_history", json!({"channel_id": "C1"}))
        .await;
    assert!(
        err.contains("Slack API error 429 Too Many Requests (ratelimited): rate limited by Slack."),
        "{err}"
    );
    assert!(err.contains("retry after 120 s"), "{err}");
}

/// Read methods are POSTs marked idempotent: a gateway error is retried.
#[tokio::test]
async fn reads_are_retried_after_a_gateway_error() {
    let s = setup().await;
    Mock::given(method("POST"))
        .and(path("/conversations.history"))
        .respond_with(ResponseTemplate::new(502))
        .up_to_n_times(1)
        .expect(1)
        .with_priority(1)
        .mount(&s.fake)
        .await;
    form_call("conversations.history", USER)
        .field("channel", "C1")
        .field("limit", 10)
        .respond(
            &s.fake,
            json!({"ok": true, "messages": [], "has_more": false, "pin_count": 0, "response_metadata": {"next_cursor": ""}}),
        )
        .await;
    let v = s
        .client
        .call_ok("slack_get_channel_history", json!({"channel_id": "C1"}))
        .await;
    assert_eq!(
        v,
        json!({"messages": [], "has_more": false, "next_cursor": null})
    );
}

/// Slack's error body on a non-2xx status is read by the server's error parser.
#[tokio::test]
async fn error_statuses_are_read_with_slacks_error_body() {
    let s = setup().await;
    json_call(
        "chat.postMessage",
        BOT,
        json!({"channel": "C1", "text": "x"}),
    )
    .respond(&s.fake, 500, slack_error("internal_error"))
    .await;
    let err = s
        .client
        .call_err(
            "slack_bot_post_message",
            json!({"channel_id": "C1", "text": "x"}),
        )
        .await;
    assert!(
        err.contains("Slack API error 500 Internal Server Error (internal_error): Slack had a server-side problem."),
        "{err}"
    );
    assert!(err.contains("check whether it happened"), "{err}");
}

#[tokio::test]
async fn a_call_without_any_token_says_what_to_send() {
    let s = setup().await;
    let nobody = s.server.client_with(&[]).await;
    let err = nobody
        .call_err("slack_get_channel_history", json!({"channel_id": "C1"}))
        .await;
    assert!(
        err.contains("needs a Slack user token (xoxp-..., preferred) or bot token (xoxb-...)"),
        "{err}"
    );
    assert!(err.contains("SLACK_USER_TOKEN / SLACK_BOT_TOKEN"), "{err}");
    let err = nobody
        .call_err(
            "slack_bot_post_message",
            json!({"channel_id": "C1", "text": "x"}),
        )
        .await;
    assert!(err.contains("needs the bot token (xoxb-...)"), "{err}");
    assert!(err.contains("SLACK_BOT_TOKEN"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

/// A user token alone does not stand in for the bot token a bot tool needs.
#[tokio::test]
async fn a_user_token_does_not_stand_in_for_the_bot_token() {
    let s = setup().await;
    let user_only = s.client_with(slack_creds(None, Some(USER))).await;
    let err = user_only
        .call_err(
            "slack_bot_add_reaction",
            json!({"channel_id": "C1", "timestamp": "1.2", "reaction": "x"}),
        )
        .await;
    assert!(err.contains("`access_token` is missing"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

/// `SLACK_BOT_TOKEN` and `SLACK_USER_TOKEN` fill `access_token` and
/// `authed_user.access_token` for callers that send no credentials.
#[tokio::test]
async fn environment_tokens_fill_both_fields() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.env_credentials = EnvCredentials::from_lookup(
        |k| match k {
            "SLACK_BOT_TOKEN" => Some("xoxb-from-env".to_owned()),
            "SLACK_USER_TOKEN" => Some("xoxp-from-env".to_owned()),
            _ => None,
        },
        slack_mcp_server::SPEC.credential_env,
    )
    .unwrap();
    let server = TestServer::start(&slack_mcp_server::SPEC, settings).await;
    json_call(
        "chat.postMessage",
        "xoxb-from-env",
        json!({"channel": "C1", "text": "bot"}),
    )
    .respond(
        &fake,
        200,
        json!({"ok": true, "channel": "C1", "ts": "1.1", "message": {"text": "bot"}}),
    )
    .await;
    json_call(
        "chat.postMessage",
        "xoxp-from-env",
        json!({"channel": "C1", "text": "user"}),
    )
    .respond(
        &fake,
        200,
        json!({"ok": true, "channel": "C1", "ts": "1.2", "message": {"text": "user"}}),
    )
    .await;
    let client = server.client_with(&[]).await;
    assert_eq!(
        client
            .call_ok(
                "slack_bot_post_message",
                json!({"channel_id": "C1", "text": "bot"})
            )
            .await["ts"],
        "1.1"
    );
    assert_eq!(
        client
            .call_ok(
                "slack_user_post_message",
                json!({"channel_id": "C1", "text": "user"})
            )
            .await["ts"],
        "1.2"
    );
}

/// `Authorization: Bearer <token>` is the bot token (`access_token`).
#[tokio::test]
async fn a_bearer_header_is_the_bot_token() {
    let s = setup().await;
    json_call(
        "reactions.add",
        "xoxb-bearer",
        json!({"channel": "C1", "timestamp": "1.2", "name": "eyes"}),
    )
    .respond(&s.fake, 200, json!({"ok": true}))
    .await;
    let client = s
        .server
        .client_with(&[("authorization", "Bearer xoxb-bearer")])
        .await;
    client
        .call_ok(
            "slack_bot_add_reaction",
            json!({"channel_id": "C1", "timestamp": "1.2", "reaction": "eyes"}),
        )
        .await;
    let err = client
        .call_err(
            "slack_user_add_reaction",
            json!({"channel_id": "C1", "timestamp": "1.2", "reaction": "eyes"}),
        )
        .await;
    assert!(err.contains("needs the user token"), "{err}");
}

/// A user token as `Authorization: Bearer` (what an MCP client holds after signing the user
/// in with Slack's user-token flow, `--oauth`) serves the user tools.
#[tokio::test]
async fn a_bearer_user_token_serves_the_user_tools() {
    let s = setup().await;
    json_call(
        "reactions.add",
        "xoxp-signed-in",
        json!({"channel": "C1", "timestamp": "1.2", "name": "eyes"}),
    )
    .respond(&s.fake, 200, json!({"ok": true}))
    .await;
    let client = s
        .server
        .client_with(&[("authorization", "Bearer xoxp-signed-in")])
        .await;
    client
        .call_ok(
            "slack_user_add_reaction",
            json!({"channel_id": "C1", "timestamp": "1.2", "reaction": "eyes"}),
        )
        .await;
}
