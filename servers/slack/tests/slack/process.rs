//! The real binary, started as a process: over stdio and HTTP, the `tools` and `healthcheck`
//! subcommands, graceful shutdown, and no token in its logs.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{assert_valid_tools, spawn_stdio_logged};
use serde_json::json;

use crate::common::{form_call, json_call};

const BIN: &str = env!("CARGO_BIN_EXE_slack-mcp-server");
const TOOLS: usize = 26;
const BOT_SECRET: &str = "xoxb-process-secret-bot-1234";
const USER_SECRET: &str = "xoxp-process-secret-user-5678";

fn log_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("slack-{name}-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir.join("stderr.log")
}

#[tokio::test]
async fn stdio_binary_uses_env_tokens_without_leaking_them() {
    let fake = MockServer::start().await;
    json_call(
        "chat.postMessage",
        BOT_SECRET,
        json!({"channel": "C1", "text": "from stdio"}),
    )
    .respond(
        &fake,
        200,
        json!({"ok": true, "channel": "C1", "ts": "1700000000.000100", "message": {"text": "from stdio", "type": "message"}}),
    )
    .await;
    form_call("users.info", USER_SECRET)
        .field("user", "U1")
        .respond(
            &fake,
            json!({"ok": true, "user": {"id": "U1", "name": "ada", "real_name": "Ada Lovelace", "profile": {"display_name": "ada"}}}),
        )
        .await;
    let log = log_path("stdio");
    let uri = fake.uri();
    let client = spawn_stdio_logged(
        BIN,
        &[],
        &[
            ("SLACK_API_BASE_URL", &uri),
            ("SLACK_BOT_TOKEN", BOT_SECRET),
            ("SLACK_USER_TOKEN", USER_SECRET),
            ("RUST_LOG", "trace"),
        ],
        Some(&log),
    )
    .await;
    let tools = client.list_tools().await;
    assert_eq!(tools.len(), TOOLS);
    assert_valid_tools(&tools);
    let v = client
        .call_ok(
            "slack_bot_post_message",
            json!({"channel_id": "C1", "text": "from stdio"}),
        )
        .await;
    assert_eq!(v["ts"], "1700000000.000100");
    let v = client
        .call_ok("slack_user_get_info", json!({"user_id": "U1"}))
        .await;
    assert_eq!(v["real_name"], "Ada Lovelace");
    client.close().await;
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(logs.contains("tool call"), "expected trace logs: {logs}");
    assert!(
        !logs.contains(BOT_SECRET),
        "the bot token appeared in the logs"
    );
    assert!(
        !logs.contains(USER_SECRET),
        "the user token appeared in the logs"
    );
}
