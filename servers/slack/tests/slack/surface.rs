//! The tool surface beyond what the standard suite checks (the Klavis catalog's tools and
//! parameters, valid schemas): the tools added to the catalog's, annotations that match what
//! each tool does, Slack's enums and defaults, and the toolsets.

use serde_json::{Value, json};

use crate::common::setup;

/// What each tool does to the workspace: (name, read-only, destructive, idempotent).
const EFFECTS: &[(&str, bool, bool, bool)] = &[
    ("slack_user_list_channels", true, false, true),
    ("slack_invite_users_to_channel", false, false, true),
    ("slack_list_user_conversations", true, false, true),
    ("slack_get_channel_info", true, false, true),
    ("slack_open_dm", false, false, true),
    ("slack_set_channel_topic", false, false, true),
    ("slack_set_channel_purpose", false, false, true),
    ("slack_get_channel_history", true, false, true),
    ("slack_get_thread_replies", true, false, true),
    ("slack_user_post_message", false, false, false),
    ("slack_user_reply_to_thread", false, false, false),
    ("slack_bot_post_message", false, false, false),
    ("slack_bot_reply_to_thread", false, false, false),
    ("slack_update_message", false, false, true),
    ("slack_delete_message", false, true, false),
    ("slack_get_permalink", true, false, true),
    ("slack_schedule_message", false, false, false),
    ("slack_user_add_reaction", false, false, true),
    ("slack_bot_add_reaction", false, false, true),
    ("slack_get_reactions", true, false, true),
    ("slack_remove_reaction", false, false, true),
    ("slack_list_users", true, false, true),
    ("slack_user_get_info", true, false, true),
    ("slack_lookup_user_by_email", true, false, true),
    ("slack_upload_file", false, false, false),
    ("slack_user_search_messages", true, false, true),
];

#[tokio::test]
async fn tools_beyond_the_catalog_and_their_annotations() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "slack");
    extra.sort();
    let mut want_extra = vec![
        "slack_delete_message",
        "slack_get_channel_info",
        "slack_get_permalink",
        "slack_get_reactions",
        "slack_list_user_conversations",
        "slack_lookup_user_by_email",
        "slack_open_dm",
        "slack_remove_reaction",
        "slack_schedule_message",
        "slack_set_channel_purpose",
        "slack_set_channel_topic",
        "slack_update_message",
        "slack_upload_file",
    ];
    want_extra.sort_unstable();
    assert_eq!(extra, want_extra);
    assert_eq!(tools.len(), EFFECTS.len());
    for tool in &tools {
        let name = tool.name.as_ref();
        let (_, read, destructive, idempotent) = EFFECTS
            .iter()
            .find(|e| e.0 == name)
            .unwrap_or_else(|| panic!("{name} has no expected effect"));
        let a = tool.annotations.as_ref().unwrap();
        assert_eq!(a.read_only_hint, Some(*read), "{name}: readOnlyHint");
        assert_eq!(
            a.destructive_hint,
            Some(*destructive),
            "{name}: destructiveHint"
        );
        assert_eq!(
            a.idempotent_hint,
            Some(*idempotent),
            "{name}: idempotentHint"
        );
        assert_eq!(a.open_world_hint, Some(true), "{name}: openWorldHint");
    }
    let with_output: Vec<&str> = tools
        .iter()
        .filter(|t| t.output_schema.is_some())
        .map(|t| t.name.as_ref())
        .collect();
    assert_eq!(
        with_output,
        [
            "slack_user_post_message",
            "slack_user_reply_to_thread",
            "slack_bot_post_message",
            "slack_bot_reply_to_thread",
            "slack_get_permalink"
        ]
    );
}

#[tokio::test]
async fn enums_and_defaults_follow_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let prop = |tool: &str, param: &str| {
        let t = tools.iter().find(|t| t.name == tool).unwrap();
        Value::Object((*t.input_schema).clone())["properties"][param].clone()
    };
    let search = "slack_user_search_messages";
    assert_eq!(
        prop(search, "to_me")["enum"],
        json!(["dm", "mention", "off"])
    );
    assert_eq!(prop(search, "to_me")["default"], "off");
    assert_eq!(prop(search, "sort")["enum"], json!(["score", "timestamp"]));
    assert_eq!(prop(search, "sort_dir")["enum"], json!(["asc", "desc"]));
    assert_eq!(prop(search, "count")["default"], 20);
    for tool in [
        "slack_user_list_channels",
        "slack_get_channel_history",
        "slack_get_thread_replies",
        "slack_list_users",
        search,
    ] {
        assert_eq!(
            prop(tool, "response_format")["enum"],
            json!(["concise", "detailed"]),
            "{tool}"
        );
        assert_eq!(
            prop(tool, "response_format")["default"],
            "concise",
            "{tool}"
        );
    }
    assert_eq!(
        prop("slack_user_list_channels", "types")["default"],
        "public_channel"
    );
    assert_eq!(prop("slack_user_list_channels", "limit")["default"], 100);
    assert_eq!(prop("slack_get_channel_history", "limit")["default"], 10);
    assert_eq!(prop("slack_list_users", "limit")["type"], "integer");
    assert_eq!(
        prop("slack_update_message", "act_as")["enum"],
        json!(["bot", "user"])
    );
    assert_eq!(
        prop("slack_invite_users_to_channel", "user_ids")["items"]["type"],
        "string"
    );
}

#[tokio::test]
async fn toolsets_group_tools_by_slack_area() {
    let names = |toolset: &str| -> Vec<String> {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_slack-mcp-server"))
            .args(["--toolsets", toolset, "tools", "--json"])
            .output()
            .expect("run tools");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        v.as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(names("search"), ["slack_user_search_messages"]);
    assert_eq!(names("files"), ["slack_upload_file"]);
    assert_eq!(
        names("reactions"),
        [
            "slack_user_add_reaction",
            "slack_bot_add_reaction",
            "slack_get_reactions",
            "slack_remove_reaction"
        ]
    );
    assert_eq!(
        names("users"),
        [
            "slack_list_users",
            "slack_user_get_info",
            "slack_lookup_user_by_email"
        ]
    );
    assert_eq!(names("channels").len(), 7);
    assert_eq!(names("messages").len(), 10);
}
