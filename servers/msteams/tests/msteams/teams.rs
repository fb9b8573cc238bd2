//! Teams and channels.

use crate::common::{CHANNEL, CHANNEL_SEG, TEAM, TOKEN, chat_message, graph_error, req, setup};
use mcp_testkit::expect;
use serde_json::json;

#[tokio::test]
async fn list_all_teams_uses_graphs_teams_collection() {
    let s = setup().await;
    let next = format!(
        "{}/teams?$select=id,displayName,description,visibility&$top=2&$skiptoken=X",
        s.fake.uri()
    );
    req("GET", "/teams", &[("$select", "id,displayName,description,visibility"), ("$top", "2")])
        .respond(&s.fake, 200, json!({"@odata.context": "https://graph.microsoft.com/v1.0/$metadata#teams",
            "value": [{"id": TEAM, "displayName": "Contoso Team", "description": "Sales", "visibility": "public", "createdDateTime": null},
                      {"id": "02bd9fd6-8f93-4758-87c3-1fb73740a315", "displayName": "HR Taskforce", "visibility": "private"}],
            "@odata.nextLink": next}))
        .await;
    let v = s
        .client
        .call_ok("msteams_list_all_teams", json!({"limit": 2}))
        .await;
    assert_eq!(
        v["teams"][0],
        json!({"id": TEAM, "displayName": "Contoso Team", "description": "Sales", "visibility": "public"})
    );
    assert_eq!(v["teams"][1]["displayName"], "HR Taskforce");
    assert_eq!(v["next_cursor"], json!(next));
}

#[tokio::test]
async fn list_joined_teams_and_a_token_without_the_scope() {
    let s = setup().await;
    req("GET", "/me/joinedTeams", &[])
        .respond(&s.fake, 200, json!({"value": [{"id": TEAM, "displayName": "Contoso Team", "description": null, "isArchived": false}]}))
        .await;
    let v = s
        .client
        .call_ok("msteams_list_all_teams", json!({"joined_only": true}))
        .await;
    assert_eq!(
        v,
        json!({"teams": [{"id": TEAM, "displayName": "Contoso Team"}], "next_cursor": null})
    );
    req(
        "GET",
        "/teams",
        &[
            ("$select", "id,displayName,description,visibility"),
            ("$top", "50"),
        ],
    )
    .respond(
        &s.fake,
        403,
        graph_error("Forbidden", "Missing role permissions on the request."),
    )
    .await;
    let err = s.client.call_err("msteams_list_all_teams", json!({})).await;
    assert!(err.contains("403 Forbidden (Forbidden): Missing role permissions on the request [request-id 0c7d3a52"), "{err}");
    assert!(
        err.contains("needs the delegated permission Team.ReadBasic.All"),
        "{err}"
    );
}

#[tokio::test]
async fn get_team() {
    let s = setup().await;
    req("GET", &format!("/teams/{TEAM}"), &[])
        .respond(&s.fake, 200, json!({"id": TEAM, "displayName": "Contoso Team", "description": "Sales", "visibility": "public",
            "webUrl": "https://teams.microsoft.com/l/team/19%3Ax/conversations", "isArchived": false, "classification": null,
            "memberSettings": {"allowCreateUpdateChannels": true}, "funSettings": {"allowGiphy": true}}))
        .await;
    let v = s
        .client
        .call_ok("msteams_get_team", json!({"team_id": TEAM}))
        .await;
    assert_eq!(v["displayName"], "Contoso Team");
    assert_eq!(v["memberSettings"]["allowCreateUpdateChannels"], true);
    assert!(v.get("funSettings").is_none());
    req("GET", "/teams/nope", &[])
        .respond(
            &s.fake,
            404,
            graph_error("NotFound", "No team found with Group Id nope"),
        )
        .await;
    let err = s
        .client
        .call_err("msteams_get_team", json!({"team_id": "nope"}))
        .await;
    assert!(
        err.contains("404 Not Found (NotFound): No team found with Group Id nope"),
        "{err}"
    );
}

#[tokio::test]
async fn list_channels_without_top() {
    let s = setup().await;
    req("GET", &format!("/teams/{TEAM}/channels"), &[("$select", "id,displayName,description,membershipType,webUrl,createdDateTime")])
        .respond(&s.fake, 200, json!({"value": [{"id": CHANNEL, "displayName": "General", "description": "Team chat", "membershipType": "standard",
            "webUrl": "https://teams.microsoft.com/l/channel/19%3Ax/General", "createdDateTime": "2026-01-01T00:00:00Z", "email": ""}]}))
        .await;
    let v = s
        .client
        .call_ok("msteams_list_channels", json!({"team_id": TEAM}))
        .await;
    assert_eq!(v["channels"][0]["displayName"], "General");
    assert!(v["channels"][0].get("email").is_none());
    let err = s
        .client
        .call_err("msteams_list_channels", json!({"team_id": ""}))
        .await;
    assert!(err.contains("`team_id` must not be empty"), "{err}");
}

#[tokio::test]
async fn create_channel() {
    let s = setup().await;
    expect("POST", format!("/teams/{TEAM}/channels"))
        .bearer(TOKEN)
        .json_body(json!({"displayName": "Architecture Discussion", "description": "Design talk", "membershipType": "standard"}))
        .respond(&s.fake, 201, json!({"id": "19:new@thread.tacv2", "displayName": "Architecture Discussion", "description": "Design talk", "membershipType": "standard"}))
        .await;
    let v = s
        .client
        .call_ok("msteams_create_channel", json!({"team_id": TEAM, "display_name": "Architecture Discussion", "description": "Design talk"}))
        .await;
    assert_eq!(v["id"], "19:new@thread.tacv2");
    expect("POST", format!("/teams/{TEAM}/channels"))
        .bearer(TOKEN)
        .json_body(json!({"displayName": "General", "membershipType": "standard"}))
        .respond(
            &s.fake,
            400,
            graph_error(
                "NameAlreadyExists",
                "Channel name already existed, please use other name.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "msteams_create_channel",
            json!({"team_id": TEAM, "display_name": "General"}),
        )
        .await;
    assert!(
        err.contains("(NameAlreadyExists): Channel name already existed"),
        "{err}"
    );
}

#[tokio::test]
async fn send_channel_message() {
    let s = setup().await;
    expect(
        "POST",
        format!("/teams/{TEAM}/channels/{CHANNEL_SEG}/messages"),
    )
    .bearer(TOKEN)
    .json_body(json!({"body": {"contentType": "html", "content": "<b>Release</b> is out"}}))
    .respond(
        &s.fake,
        201,
        chat_message("1616990032035", "<b>Release</b> is out"),
    )
    .await;
    let v = s
        .client
        .call_ok("msteams_send_channel_message", json!({"team_id": TEAM, "channel_id": CHANNEL, "message": "<b>Release</b> is out", "content_type": "html"}))
        .await;
    assert_eq!(v["id"], "1616990032035");
    assert_eq!(v["from"], "Ada Lovelace");
    let err = s
        .client
        .call_err(
            "msteams_send_channel_message",
            json!({"team_id": TEAM, "channel_id": CHANNEL, "message": "  "}),
        )
        .await;
    assert!(err.contains("`message` must not be empty"), "{err}");
}

#[tokio::test]
async fn list_channel_messages() {
    let s = setup().await;
    let next = format!(
        "{}/teams/{TEAM}/channels/{CHANNEL_SEG}/messages?$top=2&$skiptoken=old",
        s.fake.uri()
    );
    let mut long = chat_message("1616965872395", &"x".repeat(5000));
    long["messageType"] = json!("message");
    let mut system = chat_message("1616963377068", "<systemEventMessage/>");
    system["messageType"] = json!("systemEventMessage");
    req(
        "GET",
        &format!("/teams/{TEAM}/channels/{CHANNEL_SEG}/messages"),
        &[("$top", "2")],
    )
    .respond(
        &s.fake,
        200,
        json!({"@odata.count": 2, "value": [long, system], "@odata.nextLink": next}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "msteams_list_channel_messages",
            json!({"team_id": TEAM, "channel_id": CHANNEL, "limit": 2}),
        )
        .await;
    let body = v["messages"][0]["body"]["content"].as_str().unwrap();
    assert!(
        body.starts_with("xxxx") && body.contains("truncated"),
        "{body}"
    );
    assert_eq!(v["messages"][0]["from"], "Ada Lovelace");
    assert_eq!(v["messages"][1]["messageType"], "systemEventMessage");
    assert_eq!(v["next_cursor"], json!(next));
    req(
        "GET",
        &format!("/teams/{TEAM}/channels/{CHANNEL_SEG}/messages"),
        &[("$top", "20")],
    )
    .respond(
        &s.fake,
        403,
        graph_error("Forbidden", "Missing scope permissions on the request."),
    )
    .await;
    let err = s
        .client
        .call_err(
            "msteams_list_channel_messages",
            json!({"team_id": TEAM, "channel_id": CHANNEL}),
        )
        .await;
    assert!(err.contains("ChannelMessage.Read.All"), "{err}");
}
