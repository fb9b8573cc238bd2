use mcp_testkit::expect;
use serde_json::json;

use crate::common::*;

fn user(id: &str) -> serde_json::Value {
    json!({
        "id": id, "emailAddress": "jane@acme.com", "created": "2018-02-17T02:30:00-08:00",
        "active": true, "emailAliases": ["jane.doe@acme.com"], "trustedEmailAddress": "jane@acme.com",
        "firstName": "Jane", "lastName": "Doe", "title": "AE", "phoneNumber": "+1 123-567-8989",
        "extension": "123", "personalMeetingUrls": ["https://zoom.us/j/1"],
        "settings": {"webConferencesRecorded": true, "preventWebConferenceRecording": false},
        "managerId": "563515258458745", "meetingConsentPageUrl": "https://join.gong.io/my-company/jane",
        "spokenLanguages": [{"language": "es-ES", "primary": true}]
    })
}

#[tokio::test]
async fn list_users_contract() {
    let s = setup().await;
    expect("GET", "/v2/users")
        .header("authorization", BASIC)
        .query("cursor", "c1")
        .query("includeAvatars", "true")
        .respond(
            &s.fake,
            200,
            json!({"requestId": "r", "records": records(Some("c2")), "users": [user("234599484848423")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "gong_list_all_users",
            json!({"cursor": "c1", "include_avatars": true}),
        )
        .await;
    assert_eq!(v["users"][0]["emailAddress"], "jane@acme.com");
    assert!(v["users"][0].get("settings").is_none());
    assert_eq!(v["next_cursor"], "c2");
}

#[tokio::test]
async fn list_users_unauthorized() {
    let s = setup().await;
    expect("GET", "/v2/users")
        .respond(&s.fake, 401, gong_error("Unauthorized"))
        .await;
    let err = s.client.call_err("gong_list_all_users", json!({})).await;
    assert!(err.contains("access key"), "{err}");
}

#[tokio::test]
async fn get_user_contract() {
    let s = setup().await;
    expect("GET", "/v2/users/234599484848423")
        .header("authorization", BASIC)
        .respond(
            &s.fake,
            200,
            json!({"requestId": "r", "user": user("234599484848423")}),
        )
        .await;
    let v = s
        .client
        .call_ok("gong_get_user_by_id", json!({"user_id": "234599484848423"}))
        .await;
    assert_eq!(v["lastName"], "Doe");
    assert_eq!(v["settings"]["webConferencesRecorded"], true);
    let err = s
        .client
        .call_err("gong_get_user_by_id", json!({"user_id": " "}))
        .await;
    assert!(err.contains("user_id"), "{err}");
}

#[tokio::test]
async fn settings_history_contract() {
    let s = setup().await;
    expect("GET", "/v2/users/234599484848423/settings-history")
        .header("authorization", BASIC)
        .respond(
            &s.fake,
            200,
            json!({"requestId": "r", "userSettingsHistory": [
                {"startTime": "2018-02-17T02:30:00-08:00", "endTime": "2018-05-17T02:30:00-08:00",
                 "webConferencesRecorded": true, "telephonyCallsImported": false}
            ]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "gong_get_user_settings_history",
            json!({"user_id": "234599484848423"}),
        )
        .await;
    assert_eq!(v["settings_history"][0]["webConferencesRecorded"], true);
}

#[tokio::test]
async fn settings_history_not_found() {
    let s = setup().await;
    expect("GET", "/v2/users/9/settings-history")
        .respond(&s.fake, 404, gong_error("User 9 not found"))
        .await;
    let err = s
        .client
        .call_err("gong_get_user_settings_history", json!({"user_id": "9"}))
        .await;
    assert!(err.contains("User 9 not found"), "{err}");
}

#[tokio::test]
async fn users_by_filter_contract() {
    let s = setup().await;
    expect("POST", "/v2/users/extensive")
        .header("authorization", BASIC)
        .json_body(json!({"cursor": "c1", "filter": {"userIds": ["234599484848423"], "createdFromDateTime": "2018-02-17T02:30:00-08:00"}}))
        .respond(
            &s.fake,
            200,
            json!({"requestId": "r", "records": records(None), "users": [user("234599484848423")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "gong_list_users_by_filter",
            json!({"filter_data": {"userIds": ["234599484848423"], "createdFromDateTime": "2018-02-17T02:30:00-08:00"}, "cursor": "c1"}),
        )
        .await;
    assert_eq!(v["users"][0]["id"], "234599484848423");
}

#[tokio::test]
async fn users_by_filter_error() {
    let s = setup().await;
    expect("POST", "/v2/users/extensive")
        .json_body(json!({"filter": {"userIds": "x"}}))
        .respond(&s.fake, 400, gong_error("userIds must be an array"))
        .await;
    let err = s
        .client
        .call_err(
            "gong_list_users_by_filter",
            json!({"filter_data": {"userIds": "x"}}),
        )
        .await;
    assert!(err.contains("userIds must be an array"), "{err}");
}
