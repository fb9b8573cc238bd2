use crate::common::{req, setup, v2_error};
use serde_json::json;

fn space_json() -> serde_json::Value {
    json!({"id": "98306", "key": "ENG", "name": "Engineering", "type": "global", "status": "current",
           "authorId": "5b10", "createdAt": "2026-01-01T00:00:00.000Z", "homepageId": "65537",
           "description": {"plain": {"value": "Eng docs", "representation": "plain"}},
           "_links": {"webui": "/spaces/ENG"}})
}

#[tokio::test]
async fn create_space_v1() {
    let s = setup().await;
    req("POST", "/rest/api/space", &[])
        .json_body(json!({"key": "TEAMDOCS", "name": "Team Docs!", "description": {"plain": {"value": "ours", "representation": "plain"}}}))
        .respond(
            &s.fake,
            200,
            json!({"id": 1234, "key": "TEAMDOCS", "name": "Team Docs!", "type": "global", "_links": {"webui": "/spaces/TEAMDOCS", "base": "https://acme.atlassian.net/wiki"}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "confluence_create_space",
            json!({"name": "Team Docs!", "description": "ours"}),
        )
        .await;
    assert_eq!(v["key"], "TEAMDOCS");
    assert_eq!(v["url"], "https://acme.atlassian.net/wiki/spaces/TEAMDOCS");
    req("POST", "/rest/api/space/_private", &[])
        .json_body(json!({"key": "ME", "name": "Mine"}))
        .respond(
            &s.fake,
            400,
            json!({"statusCode": 400, "message": "A space with key 'ME' already exists"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "confluence_create_space",
            json!({"name": "Mine", "key": "ME", "is_private": true}),
        )
        .await;
    assert!(err.contains("already exists"), "{err}");
}

#[tokio::test]
async fn list_and_get_spaces() {
    let s = setup().await;
    req("GET", "/api/v2/spaces", &[("limit", "25")])
        .respond(
            &s.fake,
            200,
            json!({"results": [space_json()], "_links": {"next": "/wiki/api/v2/spaces?cursor=c2"}}),
        )
        .await;
    let v = s.client.call_ok("confluence_list_spaces", json!({})).await;
    assert_eq!(v["items"][0]["key"], "ENG");
    assert_eq!(v["next_pagination_token"], "c2");
    req(
        "GET",
        "/api/v2/spaces/98306",
        &[("description-format", "plain")],
    )
    .respond(&s.fake, 200, space_json())
    .await;
    let v = s
        .client
        .call_ok("confluence_get_space", json!({"space_identifier": "98306"}))
        .await;
    assert_eq!(v["description"], "Eng docs");
    assert_eq!(v["homepageId"], "65537");
    let err = s
        .client
        .call_err("confluence_list_spaces", json!({"limit": 500}))
        .await;
    assert!(err.contains("between 1 and 250"), "{err}");
}

#[tokio::test]
async fn space_hierarchy_is_a_tree() {
    let s = setup().await;
    req("GET", "/api/v2/spaces", &[("keys", "ENG")])
        .respond(
            &s.fake,
            200,
            json!({"results": [space_json()], "_links": {}}),
        )
        .await;
    req("GET", "/api/v2/spaces/98306/pages", &[("limit", "250")])
        .respond(
            &s.fake,
            200,
            json!({"results": [
                {"id": "1", "title": "Home", "parentId": null, "status": "current"},
                {"id": "2", "title": "Guides", "parentId": "1", "status": "current"},
                {"id": "3", "title": "Setup", "parentId": "2", "status": "current"}
            ], "_links": {}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "confluence_get_space_hierarchy",
            json!({"space_identifier": "ENG"}),
        )
        .await;
    assert_eq!(
        v["pages"],
        json!([{"id": "1", "title": "Home", "children": [{"id": "2", "title": "Guides", "children": [{"id": "3", "title": "Setup"}]}]}])
    );
    assert!(v.get("note").is_none());
}

fn attachment_json() -> serde_json::Value {
    json!({"id": "att123", "status": "current", "title": "shot.png", "createdAt": "2026-11-30T10:00:00.000Z",
           "pageId": "123", "mediaType": "image/png", "comment": "", "fileId": "f1", "fileSize": 2048,
           "webuiLink": "/pages/viewpageattachments.action?pageId=123", "downloadLink": "/download/attachments/123/shot.png",
           "version": {"number": 1}, "_links": {"webui": "/pages/viewpageattachments.action?pageId=123&preview=shot.png", "download": "/download/attachments/123/shot.png"}})
}

#[tokio::test]
async fn attachments() {
    let s = setup().await;
    req(
        "GET",
        "/api/v2/attachments",
        &[("sort", "-created-date"), ("limit", "10")],
    )
    .respond(
        &s.fake,
        200,
        json!({"results": [attachment_json()], "_links": {}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "confluence_list_attachments",
            json!({"sort_order": "-created-date", "limit": 10}),
        )
        .await;
    assert_eq!(v["items"][0]["mediaType"], "image/png");
    req(
        "GET",
        "/api/v2/pages/123/attachments",
        &[("limit", "25"), ("cursor", "n1")],
    )
    .respond(
        &s.fake,
        200,
        json!({"results": [attachment_json()], "_links": {}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "confluence_get_attachments_for_page",
            json!({"page_identifier": "123", "pagination_token": "n1"}),
        )
        .await;
    assert_eq!(v["items"][0]["id"], "att123");
    req("GET", "/api/v2/attachments/att123", &[])
        .respond(&s.fake, 200, attachment_json())
        .await;
    let v = s
        .client
        .call_ok(
            "confluence_get_attachment",
            json!({"attachment_id": "att123"}),
        )
        .await;
    assert_eq!(v["downloadLink"], "/download/attachments/123/shot.png");
    req("GET", "/api/v2/attachments/att9", &[])
        .respond(
            &s.fake,
            404,
            v2_error(404, "NOT_FOUND", "Attachment not found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "confluence_get_attachment",
            json!({"attachment_id": "att9"}),
        )
        .await;
    assert!(err.contains("Attachment not found"), "{err}");
}
