//! Online meetings: created, and looked up with the `$filter` Graph requires.

use crate::common::{TOKEN, graph_error, req, setup};
use mcp_testkit::expect;
use serde_json::{Value, json};

fn meeting() -> Value {
    json!({
        "id": "MSpkYzE3Njc0Yy04MWQ5LTRhZGItYmZiMi04ZjZhNDQyZTY4NDkqMCoqMTk6bWVldGluZ19Oamd5",
        "creationDateTime": "2026-12-03T08:20:00Z", "startDateTime": "2026-12-10T15:00:00Z", "endDateTime": "2026-12-10T15:30:00Z",
        "joinWebUrl": "https://teams.microsoft.com/l/meetup-join/19%3ameeting_NjgyMjAw%40thread.v2/0?context=%7b%22Tid%22%3a%22x%22%7d",
        "subject": "Design review",
        "joinMeetingIdSettings": {"isPasscodeRequired": false, "joinMeetingId": "1234567890", "passcode": "abc123"},
        "chatInfo": {"threadId": "19:meeting_NjgyMjAw@thread.v2", "messageId": "0", "replyChainMessageId": null},
        "participants": {"organizer": {"upn": "ada@contoso.com", "role": "presenter"}}
    })
}

#[tokio::test]
async fn create_online_meeting() {
    let s = setup().await;
    expect("POST", "/me/onlineMeetings")
        .bearer(TOKEN)
        .json_body(json!({"startDateTime": "2026-12-10T15:00:00Z", "endDateTime": "2026-12-10T15:30:00Z", "subject": "Design review"}))
        .respond(&s.fake, 201, meeting())
        .await;
    let v = s
        .client
        .call_ok("msteams_create_online_meeting", json!({"user_id": "me", "subject": "Design review", "start_datetime": "2026-12-10T15:00:00Z", "end_datetime": "2026-12-10T15:30:00Z"}))
        .await;
    assert_eq!(v["joinMeetingId"], "1234567890");
    assert_eq!(v["passcode"], "abc123");
    assert_eq!(v["chatId"], "19:meeting_NjgyMjAw@thread.v2");
    let err = s
        .client
        .call_err("msteams_create_online_meeting", json!({"user_id": "me", "subject": "x", "start_datetime": "tomorrow 3pm", "end_datetime": "2026-12-10T15:30:00Z"}))
        .await;
    assert!(
        err.contains("`start_datetime` must be an ISO 8601"),
        "{err}"
    );
}

#[tokio::test]
async fn create_online_meeting_for_another_user_is_refused_by_graph() {
    let s = setup().await;
    expect("POST", "/users/grace%40contoso.com/onlineMeetings")
        .bearer(TOKEN)
        .any_body()
        .respond(&s.fake, 403, graph_error("Forbidden", "Application does not have permission to create online meeting on behalf of this user."))
        .await;
    let err = s
        .client
        .call_err("msteams_create_online_meeting", json!({"user_id": "grace@contoso.com", "subject": "x", "start_datetime": "2026-12-10T15:00:00Z", "end_datetime": "2026-12-10T15:30:00Z"}))
        .await;
    assert!(err.contains("403 Forbidden (Forbidden)"), "{err}");
    assert!(err.contains("OnlineMeetings.ReadWrite"), "{err}");
}

#[tokio::test]
async fn list_online_meetings_sends_the_required_filter() {
    let s = setup().await;
    let url = "https://teams.microsoft.com/l/meetup-join/19%3ameeting_NjgyMjAw%40thread.v2/0?context=%7b%22Tid%22%3a%22x%22%7d";
    req(
        "GET",
        "/users/ada%40contoso.com/onlineMeetings",
        &[("$filter", &format!("JoinWebUrl eq '{url}'"))],
    )
    .respond(&s.fake, 200, json!({"value": [meeting()]}))
    .await;
    let v = s
        .client
        .call_ok(
            "msteams_list_online_meetings",
            json!({"user_id": "ada@contoso.com", "join_web_url": url}),
        )
        .await;
    assert_eq!(v["meetings"][0]["subject"], "Design review");
    req(
        "GET",
        "/me/onlineMeetings",
        &[(
            "$filter",
            "joinMeetingIdSettings/joinMeetingId eq '1234567890'",
        )],
    )
    .respond(&s.fake, 200, json!({"value": [meeting()]}))
    .await;
    let v = s
        .client
        .call_ok(
            "msteams_list_online_meetings",
            json!({"user_id": "me", "join_meeting_id": "1234567890"}),
        )
        .await;
    assert_eq!(v["meetings"][0]["joinWebUrl"], meeting()["joinWebUrl"]);
}

#[tokio::test]
async fn list_online_meetings_without_a_filter_is_refused_before_graph_says_400() {
    let s = setup().await;
    let err = s
        .client
        .call_err("msteams_list_online_meetings", json!({"user_id": "me"}))
        .await;
    assert!(err.contains("give `join_web_url`"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    req(
        "GET",
        "/me/onlineMeetings",
        &[(
            "$filter",
            "joinMeetingIdSettings/joinMeetingId eq 'O''Brien'",
        )],
    )
    .respond(
        &s.fake,
        400,
        graph_error("BadRequest", "Invalid meeting id."),
    )
    .await;
    let err = s
        .client
        .call_err(
            "msteams_list_online_meetings",
            json!({"user_id": "me", "join_meeting_id": "O'Brien"}),
        )
        .await;
    assert!(
        err.contains("400 Bad Request (BadRequest): Invalid meeting id"),
        "{err}"
    );
}
