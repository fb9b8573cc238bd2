use crate::{req, setup};
use serde_json::{Value, json};

fn article(id: &str) -> Value {
    json!({"id": id, "type": "article", "workspace_id": "this_is_an_id64_that_should_be_at_least_4",
           "parent_id": 143, "parent_type": "collection", "parent_ids": [], "tags": {"type": "tag.list", "tags": []},
           "title": "This is the article title", "description": "", "body": "<p>Body</p>", "author_id": 991267492,
           "state": "published", "created_at": 1734537283, "updated_at": 1734537283,
           "url": "http://help-center.test/myapp-64/en/articles/39-this-is-the-article-title"})
}

fn collection(id: &str) -> Value {
    json!({"id": id, "workspace_id": "this_is_an_id96_that_should_be_at_least_4", "name": "English collection title",
           "url": "http://help-center.test/myapp-96/collection-17", "order": 17, "created_at": 1734537309,
           "updated_at": 1734537309, "description": "english collection description", "icon": "bookmark",
           "parent_id": null, "help_center_id": 79})
}

#[tokio::test]
async fn list_articles_by_numbered_pages() {
    let s = setup().await;
    req("GET", "/articles")
        .queries(&[("page", "1"), ("per_page", "50")])
        .respond(&s.fake, 200, json!({"type": "list", "pages": {"type": "pages", "page": 1, "per_page": 50, "total_pages": 2},
                                       "total_count": 51, "data": [article("39")]}))
        .await;
    let v = s.client.call_ok("intercom_list_articles", json!({})).await;
    assert_eq!(v["items"][0]["id"], "39");
    assert!(v["items"][0].get("body").is_none());
    assert_eq!(v["total_count"], 51);
    assert_eq!(v["next_cursor"], "2");
    req("GET", "/articles")
        .queries(&[("page", "2"), ("per_page", "10")])
        .respond(&s.fake, 200, json!({"type": "list", "pages": {"type": "pages", "page": 2, "per_page": 10, "total_pages": 2},
                                       "total_count": 11, "data": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_list_articles",
            json!({"starting_after": "2", "per_page": 10}),
        )
        .await;
    assert_eq!(v["next_cursor"], Value::Null);
    let err = s
        .client
        .call_err(
            "intercom_list_articles",
            json!({"starting_after": "WzE3MzQ1XQ=="}),
        )
        .await;
    assert!(err.contains("page number"), "{err}");
    let err = s
        .client
        .call_err("intercom_list_articles", json!({"per_page": 500}))
        .await;
    assert!(err.contains("between 1 and 150"), "{err}");
}

#[tokio::test]
async fn get_article() {
    let s = setup().await;
    req("GET", "/articles/39")
        .respond(&s.fake, 200, article("39"))
        .await;
    let v = s
        .client
        .call_ok("intercom_get_article", json!({"id": 39}))
        .await;
    assert_eq!(v["body"], "<p>Body</p>");
    assert_eq!(v["parent_type"], "collection");
    assert!(v.get("workspace_id").is_none());
}

#[tokio::test]
async fn create_article_as_draft_or_published() {
    let s = setup().await;
    req("POST", "/articles")
        .json_body(json!({"title": "Thanks for everything", "description": "Description of the Article",
                          "body": "Body of the Article", "author_id": 991267497, "state": "published",
                          "parent_id": 145, "parent_type": "collection",
                          "translated_content": {"fr": {"title": "Merci", "author_id": 991267497}}}))
        .respond(&s.fake, 200, article("42"))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_create_article",
            json!({"title": "Thanks for everything", "description": "Description of the Article",
                   "body": "Body of the Article", "author_id": 991267497, "state": "published",
                   "parent_id": 145, "parent_type": "collection",
                   "translated_content": {"fr": {"title": "Merci", "author_id": 991267497}}}),
        )
        .await;
    assert_eq!(v["id"], "42");
    let err = s
        .client
        .call_err(
            "intercom_create_article",
            json!({"title": " ", "author_id": 1}),
        )
        .await;
    assert!(err.contains("`title`"), "{err}");
}

#[tokio::test]
async fn update_article_sends_only_the_changes() {
    let s = setup().await;
    req("PUT", "/articles/39")
        .json_body(json!({"title": "Christmas is here!", "body": "<p>New gifts in store for the jolly season</p>", "state": "draft", "parent_id": "18"}))
        .respond(&s.fake, 200, article("39"))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_update_article",
            json!({"id": 39, "title": "Christmas is here!", "body": "<p>New gifts in store for the jolly season</p>", "state": "draft", "parent_id": "18"}),
        )
        .await;
    assert_eq!(v["id"], "39");
    let err = s
        .client
        .call_err("intercom_update_article", json!({"id": 39}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn delete_article() {
    let s = setup().await;
    req("DELETE", "/articles/51")
        .respond(
            &s.fake,
            200,
            json!({"id": "51", "object": "article", "deleted": true}),
        )
        .await;
    let v = s
        .client
        .call_ok("intercom_delete_article", json!({"id": 51}))
        .await;
    assert_eq!(v, json!({"id": "51", "object": "article", "deleted": true}));
}

#[tokio::test]
async fn search_articles_and_narrow_by_author_and_parent() {
    let s = setup().await;
    let mut other = article("56");
    other["author_id"] = json!(1);
    req("GET", "/articles/search")
        .queries(&[
            ("phrase", "Getting started"),
            ("state", "published"),
            ("help_center_id", "79"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"type": "list", "total_count": 2,
            "data": {"articles": [article("55"), other], "highlights": []},
            "pages": {"type": "pages", "page": 1, "total_pages": 1, "per_page": 10}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_search_articles",
            json!({"phrase": "Getting started", "state": "published", "help_center_id": 79,
                   "author_id": 991267492, "parent_id": 143, "parent_type": "collection"}),
        )
        .await;
    let ids: Vec<&str> = v["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["55"]);
    assert_eq!(v["total_count"], 2);
}

#[tokio::test]
async fn list_collections() {
    let s = setup().await;
    req("GET", "/help_center/collections")
        .queries(&[("page", "1"), ("per_page", "20")])
        .respond(&s.fake, 200, json!({"type": "list", "data": [collection("159")], "total_count": 1,
                                       "pages": {"type": "pages", "page": 1, "per_page": 20, "total_pages": 1}}))
        .await;
    let v = s
        .client
        .call_ok("intercom_list_collections", json!({"per_page": 20}))
        .await;
    assert_eq!(v["items"][0]["name"], "English collection title");
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn get_create_update_delete_collection() {
    let s = setup().await;
    req("GET", "/help_center/collections/159")
        .respond(&s.fake, 200, collection("159"))
        .await;
    let v = s
        .client
        .call_ok("intercom_get_collection", json!({"id": "159"}))
        .await;
    assert_eq!(v["help_center_id"], 79);
    req("POST", "/help_center/collections")
        .json_body(json!({"name": "Thanks for everything", "description": "d", "parent_id": "6871118", "help_center_id": 79,
                          "translated_content": {"fr": {"name": "Merci"}}}))
        .respond(&s.fake, 200, collection("165"))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_create_collection",
            json!({"name": "Thanks for everything", "description": "d", "parent_id": "6871118", "help_center_id": 79,
                   "translated_content": {"fr": {"name": "Merci"}}}),
        )
        .await;
    assert_eq!(v["id"], "165");
    req("PUT", "/help_center/collections/165")
        .json_body(json!({"name": "Update collection name", "description": ""}))
        .respond(&s.fake, 200, collection("165"))
        .await;
    s.client
        .call_ok(
            "intercom_update_collection",
            json!({"id": "165", "name": "Update collection name", "description": ""}),
        )
        .await;
    let err = s
        .client
        .call_err("intercom_update_collection", json!({"id": "165"}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    req("DELETE", "/help_center/collections/182")
        .respond(
            &s.fake,
            200,
            json!({"id": "182", "object": "collection", "deleted": true}),
        )
        .await;
    let v = s
        .client
        .call_ok("intercom_delete_collection", json!({"id": "182"}))
        .await;
    assert_eq!(v["deleted"], true);
    for bad in [" ", ".."] {
        let err = s
            .client
            .call_err("intercom_delete_collection", json!({"id": bad}))
            .await;
        assert!(err.contains("`id`"), "{err}");
    }
}
