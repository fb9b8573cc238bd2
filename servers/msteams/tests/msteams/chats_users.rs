//! Chats and users.

use crate::common::{TOKEN, chat_message, graph_error, req, setup};
use mcp_testkit::expect;
use serde_json::json;

const USER_SELECT: &str =
    "id,displayName,mail,userPrincipalName,jobTitle,department,officeLocation";

#[tokio::test]
async fn list_chats_at_chats_without_a_double_slash() {
    let s = setup().await;
    let next = format!("{}/chats?$top=2&$skiptoken=abc", s.fake.uri());
    req("GET", "/chats", &[("$top", "2")])
        .respond(&s.fake, 200, json!({"value": [
            {"id": "19:8b081ef6-4792-4def-b2c9-c363a1bf41d5_877192bd-9183-47d3-a74c-8aa0426716cf@unq.gbl.spaces", "topic": null, "chatType": "oneOnOne",
             "createdDateTime": "2026-04-06T19:49:52.431Z", "lastUpdatedDateTime": "2026-04-06T19:54:04.951Z", "webUrl": "https://teams.microsoft.com/l/chat/19%3Ax/0", "tenantId": "b33cbe9f"},
            {"id": "19:group@thread.v2", "topic": "Launch", "chatType": "group", "createdDateTime": "2026-04-06T19:49:52.431Z"}
        ], "@odata.nextLink": next}))
        .await;
    let v = s
        .client
        .call_ok("msteams_list_chats", json!({"limit": 2}))
        .await;
    assert_eq!(v["chats"][0]["chatType"], "oneOnOne");
    assert!(v["chats"][0].get("tenantId").is_none());
    assert_eq!(v["chats"][1]["topic"], "Launch");
    assert_eq!(v["next_cursor"], json!(next));
    let paths: Vec<String> = s
        .fake
        .received_requests()
        .await
        .unwrap()
        .iter()
        .map(|r| r.url.path().to_owned())
        .collect();
    assert_eq!(paths, ["/chats"]);
    let err = s
        .client
        .call_err("msteams_list_chats", json!({"limit": 51}))
        .await;
    assert!(err.contains("between 1 and 50"), "{err}");
}

#[tokio::test]
async fn send_chat_message() {
    let s = setup().await;
    expect("POST", "/chats/19%3Agroup%40thread.v2/messages")
        .bearer(TOKEN)
        .json_body(json!({"body": {"contentType": "text", "content": "Hello world"}}))
        .respond(&s.fake, 201, chat_message("1612289992105", "Hello world"))
        .await;
    let v = s
        .client
        .call_ok(
            "msteams_send_chat_message",
            json!({"chat_id": "19:group@thread.v2", "message": "Hello world"}),
        )
        .await;
    assert_eq!(v["id"], "1612289992105");
    assert_eq!(
        v["body"],
        json!({"contentType": "text", "content": "Hello world"})
    );
    expect("POST", "/chats/19%3Agone%40thread.v2/messages")
        .bearer(TOKEN)
        .any_body()
        .respond(&s.fake, 404, graph_error("NotFound", "Chat not found."))
        .await;
    let err = s
        .client
        .call_err(
            "msteams_send_chat_message",
            json!({"chat_id": "19:gone@thread.v2", "message": "Hi"}),
        )
        .await;
    assert!(
        err.contains("404 Not Found (NotFound): Chat not found"),
        "{err}"
    );
}

#[tokio::test]
async fn list_users_and_search_with_eventual_consistency() {
    let s = setup().await;
    req("GET", "/users", &[("$select", USER_SELECT), ("$top", "50")])
        .respond(&s.fake, 200, json!({"value": [{"id": "87d349ed-44d7-43e1-9a83-5f2406dee5bd", "displayName": "Adele Vance", "mail": "AdeleV@contoso.com",
            "userPrincipalName": "AdeleV@contoso.com", "jobTitle": "Retail Manager", "businessPhones": ["+1 425 555 0109"]}]}))
        .await;
    let v = s.client.call_ok("msteams_list_users", json!({})).await;
    assert_eq!(v["users"][0]["displayName"], "Adele Vance");
    assert!(v["users"][0].get("businessPhones").is_none());
    req(
        "GET",
        "/users",
        &[
            ("$select", USER_SELECT),
            ("$search", "\"displayName:ad\\\"e\" OR \"mail:ad\\\"e\""),
            ("$top", "5"),
        ],
    )
    .header("consistencylevel", "eventual")
    .respond(&s.fake, 200, json!({"value": []}))
    .await;
    let v = s
        .client
        .call_ok("msteams_list_users", json!({"search": "ad\"e", "limit": 5}))
        .await;
    assert_eq!(v, json!({"users": [], "next_cursor": null}));
}

#[tokio::test]
async fn get_user_by_upn_and_me() {
    let s = setup().await;
    let select = "id,displayName,mail,userPrincipalName,jobTitle,department,officeLocation,businessPhones,mobilePhone";
    req("GET", "/users/AdeleV%40contoso.com", &[("$select", select)])
        .respond(&s.fake, 200, json!({"id": "87d349ed", "displayName": "Adele Vance", "mail": "AdeleV@contoso.com", "businessPhones": ["+1 425 555 0109"]}))
        .await;
    let v = s
        .client
        .call_ok("msteams_get_user", json!({"user_id": "AdeleV@contoso.com"}))
        .await;
    assert_eq!(v["businessPhones"][0], "+1 425 555 0109");
    req("GET", "/me", &[("$select", select)])
        .respond(&s.fake, 200, json!({"id": "self", "displayName": "Me"}))
        .await;
    let v = s
        .client
        .call_ok("msteams_get_user", json!({"user_id": "me"}))
        .await;
    assert_eq!(v["id"], "self");
    req("GET", "/users/nobody", &[("$select", select)])
        .respond(&s.fake, 404, graph_error("Request_ResourceNotFound", "Resource 'nobody' does not exist or one of its queried reference-property objects are not present."))
        .await;
    let err = s
        .client
        .call_err("msteams_get_user", json!({"user_id": "nobody"}))
        .await;
    assert!(
        err.contains("(Request_ResourceNotFound): Resource 'nobody' does not exist"),
        "{err}"
    );
}

#[tokio::test]
async fn list_chat_messages() {
    let s = setup().await;
    req(
        "GET",
        "/chats/19%3Agroup%40thread.v2/messages",
        &[("$top", "20")],
    )
    .respond(
        &s.fake,
        200,
        json!({"value": [chat_message("1612289992105", "Hello world")]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "msteams_list_chat_messages",
            json!({"chat_id": "19:group@thread.v2"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"messages": [{"id": "1612289992105", "createdDateTime": "2026-12-03T08:10:00.123Z", "webUrl": "https://teams.microsoft.com/l/message/19%3Ax/1",
                             "from": "Ada Lovelace", "body": {"contentType": "text", "content": "Hello world"}}], "next_cursor": null})
    );
    let err = s
        .client
        .call_err(
            "msteams_list_chat_messages",
            json!({"chat_id": "19:group@thread.v2", "limit": 0}),
        )
        .await;
    assert!(err.contains("between 1 and 50"), "{err}");
}
