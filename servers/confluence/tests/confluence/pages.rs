use crate::common::{page_json, req, setup, v2_error};
use serde_json::json;

#[tokio::test]
async fn create_page_by_space_key_sends_storage() {
    let s = setup().await;
    req("GET", "/api/v2/spaces", &[("keys", "ENG")])
        .respond(&s.fake, 200, json!({"results": [{"id": "98306", "key": "ENG", "name": "Engineering"}], "_links": {}}))
        .await;
    req("POST", "/api/v2/pages", &[("private", "true")])
        .json_body(json!({
            "spaceId": "98306", "status": "draft", "title": "Plan", "parentId": "65537",
            "body": {"representation": "storage", "value": "<h2>Goals</h2>\n<ul>\n<li><strong>ship</strong></li>\n</ul>"}
        }))
        .respond(&s.fake, 200, page_json("123", "Plan"))
        .await;
    let v = s
        .client
        .call_ok(
            "confluence_create_page",
            json!({"space_identifier": "ENG", "title": "Plan", "content": "## Goals\n\n- **ship**", "parent_id": "65537", "is_private": true, "is_draft": true}),
        )
        .await;
    assert_eq!(v["id"], "123");
    assert_eq!(v["version"], 3);
    req("GET", "/api/v2/spaces", &[("keys", "NOPE")])
        .respond(&s.fake, 200, json!({"results": [], "_links": {}}))
        .await;
    let err = s
        .client
        .call_err(
            "confluence_create_page",
            json!({"space_identifier": "NOPE", "title": "t", "content": "c"}),
        )
        .await;
    assert!(err.contains("No space with key"), "{err}");
}

#[tokio::test]
async fn get_page_renders_markdown() {
    let s = setup().await;
    let mut p = page_json("123", "Plan");
    let doc = json!({"type": "doc", "version": 1, "content": [
        {"type": "heading", "attrs": {"level": 1}, "content": [{"type": "text", "text": "Plan"}]},
        {"type": "table", "content": [
            {"type": "tableRow", "content": [{"type": "tableHeader", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "A"}]}]}]},
            {"type": "tableRow", "content": [{"type": "tableCell", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "1"}]}]}]}
        ]}
    ]});
    p["body"] = json!({"atlas_doc_format": {"representation": "atlas_doc_format", "value": doc.to_string()}});
    req(
        "GET",
        "/api/v2/pages/123",
        &[("body-format", "atlas_doc_format")],
    )
    .respond(&s.fake, 200, p)
    .await;
    let v = s
        .client
        .call_ok("confluence_get_page", json!({"page_identifier": "123"}))
        .await;
    assert_eq!(v["content"], "# Plan\n\n| A |\n| --- |\n| 1 |");
    assert_eq!(v["url"], "/spaces/ENG/pages/123/Title");
    req(
        "GET",
        "/api/v2/pages/9",
        &[("body-format", "atlas_doc_format")],
    )
    .respond(&s.fake, 404, v2_error(404, "NOT_FOUND", "Not Found"))
    .await;
    let err = s
        .client
        .call_err("confluence_get_page", json!({"page_identifier": "9"}))
        .await;
    assert!(err.contains("Not Found"), "{err}");
    let err = s
        .client
        .call_err("confluence_get_page", json!({"page_identifier": "My page"}))
        .await;
    assert!(err.contains("numeric id"), "{err}");
}

#[tokio::test]
async fn pages_by_id_and_list() {
    let s = setup().await;
    req("GET", "/api/v2/pages", &[("id", "1,2"), ("limit", "2")])
        .respond(
            &s.fake,
            200,
            json!({"results": [page_json("1", "A"), page_json("2", "B")], "_links": {}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "confluence_get_pages_by_id",
            json!({"page_ids": ["1", "2"]}),
        )
        .await;
    assert_eq!(v["items"][1]["title"], "B");
    assert_eq!(v["next_pagination_token"], serde_json::Value::Null);
    req(
        "GET",
        "/api/v2/pages",
        &[("space-id", "98306"), ("sort", "-modified-date"), ("limit", "1"), ("cursor", "abc")],
    )
    .respond(
        &s.fake,
        200,
        json!({"results": [page_json("1", "A")], "_links": {"next": "/wiki/api/v2/pages?space-id=98306&cursor=eyJpZCI6%3D%3D&limit=1", "base": "https://acme.atlassian.net/wiki"}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "confluence_list_pages",
            json!({"space_ids": ["98306"], "sort_by": "-modified-date", "limit": 1, "pagination_token": "abc"}),
        )
        .await;
    assert_eq!(v["next_pagination_token"], "eyJpZCI6==");
    let err = s
        .client
        .call_err("confluence_get_pages_by_id", json!({"page_ids": []}))
        .await;
    assert!(err.contains("1 to 250"), "{err}");
}

#[tokio::test]
async fn update_page_appends_a_new_version() {
    let s = setup().await;
    let mut p = page_json("123", "Plan");
    p["body"] = json!({"storage": {"representation": "storage", "value": "<p>old</p>"}});
    req("GET", "/api/v2/pages/123", &[("body-format", "storage")])
        .respond(&s.fake, 200, p)
        .await;
    req("PUT", "/api/v2/pages/123", &[])
        .json_body(json!({"id": "123", "status": "current", "title": "Plan",
            "body": {"representation": "storage", "value": "<p>old</p><p>new <code>x</code></p>"},
            "version": {"number": 4}}))
        .respond(&s.fake, 200, page_json("123", "Plan"))
        .await;
    let v = s
        .client
        .call_ok(
            "confluence_update_page_content",
            json!({"page_identifier": "123", "content": "new `x`", "update_mode": "append"}),
        )
        .await;
    assert_eq!(v["id"], "123");
    let err = s
        .client
        .call_err(
            "confluence_update_page_content",
            json!({"page_identifier": "123", "content": "x", "update_mode": "merge"}),
        )
        .await;
    assert!(
        err.contains("merge") || err.contains("update_mode"),
        "{err}"
    );
}

#[tokio::test]
async fn rename_page_keeps_the_body() {
    let s = setup().await;
    let mut p = page_json("123", "Plan");
    p["body"] = json!({"storage": {"representation": "storage", "value": "<p>body</p>"}});
    req("GET", "/api/v2/pages/123", &[("body-format", "storage")])
        .respond(&s.fake, 200, p)
        .await;
    req("PUT", "/api/v2/pages/123", &[])
        .json_body(json!({"id": "123", "status": "current", "title": "Plan v2",
            "body": {"representation": "storage", "value": "<p>body</p>"}, "version": {"number": 4}}))
        .respond(&s.fake, 409, v2_error(409, "CONFLICT", "Version must be incremented"))
        .await;
    let err = s
        .client
        .call_err(
            "confluence_rename_page",
            json!({"page_identifier": "123", "title": "Plan v2"}),
        )
        .await;
    assert!(err.contains("Version must be incremented"), "{err}");
}

#[tokio::test]
async fn search_builds_cql() {
    let s = setup().await;
    req(
        "GET",
        "/rest/api/search",
        &[
            ("cql", "text ~ \"deploy~\" AND (text ~ \"k8s~\" OR text ~ \"helm chart\")"),
            ("limit", "5"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"results": [{"content": {"id": "123", "type": "page", "status": "current", "title": "Deploy"},
            "title": "Deploy", "excerpt": "how to @@@hl@@@deploy@@@endhl@@@", "url": "/spaces/ENG/pages/123/Deploy",
            "lastModified": "2026-11-30T10:00:00.000Z"}],
            "start": 0, "limit": 5, "size": 1, "totalSize": 1, "_links": {"base": "https://acme.atlassian.net/wiki"}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "confluence_search_content",
            json!({"must_contain_all": ["deploy"], "can_contain_any": ["k8s", "helm chart"], "enable_fuzzy": true, "limit": 5}),
        )
        .await;
    assert_eq!(v["results"][0]["id"], "123");
    assert_eq!(
        v["results"][0]["url"],
        "https://acme.atlassian.net/wiki/spaces/ENG/pages/123/Deploy"
    );
    let err = s
        .client
        .call_err("confluence_search_content", json!({}))
        .await;
    assert!(err.contains("must_contain_all"), "{err}");
}
