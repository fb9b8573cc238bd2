//! The delegated permission each tool declares, named when Graph refuses its call with 403.

use crate::common::{CHANNEL, TEAM, graph_error, setup};
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use serde_json::json;

#[tokio::test]
async fn every_tool_names_its_permission_when_graph_answers_403() {
    let s = setup().await;
    Mock::given(matchers::any())
        .respond_with(ResponseTemplate::new(403).set_body_json(graph_error(
            "Forbidden",
            "Missing role permissions on the request.",
        )))
        .mount(&s.fake)
        .await;
    let chat = "19:8b081ef6-4792-4def-b2c9-c363a1bf41d5_5031bb31-22c0-4f6f-9f73-91d34ab2b32d@unq.gbl.spaces";
    // The permission Microsoft Graph documents for each call (delegated, least privileged).
    let cases = [
        ("msteams_list_all_teams", json!({}), "Team.ReadBasic.All"),
        (
            "msteams_get_team",
            json!({"team_id": TEAM}),
            "Team.ReadBasic.All",
        ),
        (
            "msteams_list_channels",
            json!({"team_id": TEAM}),
            "Channel.ReadBasic.All",
        ),
        (
            "msteams_create_channel",
            json!({"team_id": TEAM, "display_name": "Plans"}),
            "Channel.Create",
        ),
        (
            "msteams_list_channel_messages",
            json!({"team_id": TEAM, "channel_id": CHANNEL}),
            "ChannelMessage.Read.All",
        ),
        (
            "msteams_send_channel_message",
            json!({"team_id": TEAM, "channel_id": CHANNEL, "message": "Hello"}),
            "ChannelMessage.Send",
        ),
        ("msteams_list_chats", json!({}), "Chat.ReadBasic"),
        (
            "msteams_list_chat_messages",
            json!({"chat_id": chat}),
            "Chat.Read",
        ),
        (
            "msteams_send_chat_message",
            json!({"chat_id": chat, "message": "Hello"}),
            "ChatMessage.Send",
        ),
        ("msteams_list_users", json!({}), "User.ReadBasic.All"),
        (
            "msteams_get_user",
            json!({"user_id": "me"}),
            "User.ReadBasic.All",
        ),
        (
            "msteams_create_online_meeting",
            json!({"user_id": "me", "subject": "Sync", "start_datetime": "2026-12-10T15:00:00Z", "end_datetime": "2026-12-10T15:30:00Z"}),
            "OnlineMeetings.ReadWrite",
        ),
        (
            "msteams_list_online_meetings",
            json!({"user_id": "me", "join_meeting_id": "1234567890"}),
            "OnlineMeetings.Read",
        ),
    ];
    mcp_testkit::assert_refusals_name_permissions(
        &s.client,
        &cases,
        "403 Forbidden (Forbidden)",
        |p| format!("this call needs the delegated permission {p}: consent to it"),
    )
    .await;
}
