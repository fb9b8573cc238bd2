use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::{setup, story};

/// Each list tool reads its own endpoint, then the first `count` items, in HN's order.
#[tokio::test]
async fn every_list_tool_contract() {
    for (tool, path) in [
        ("hackerNews_topstories", "/topstories.json"),
        ("hackerNews_beststories", "/beststories.json"),
        ("hackerNews_newstories", "/newstories.json"),
        ("hackerNews_showstories", "/showstories.json"),
        ("hackerNews_askstories", "/askstories.json"),
        ("hackerNews_jobstories", "/jobstories.json"),
    ] {
        let s = setup().await;
        expect("GET", path)
            .respond(&s.fake, 200, json!([9129911, 9129199, 9127761, 9128141]))
            .await;
        for (id, title) in [(9129911, "one"), (9129199, "two"), (9127761, "three")] {
            expect("GET", format!("/item/{id}.json"))
                .respond(&s.fake, 200, story(id, title))
                .await;
        }
        let v = s.client.call_ok(tool, json!({"count": 3})).await;
        let titles: Vec<&str> = v["stories"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["title"].as_str().unwrap())
            .collect();
        assert_eq!(titles, ["one", "two", "three"], "{tool}");
        assert_eq!(v["total"], 4, "{tool}");
        assert_eq!(
            v["stories"][0],
            json!({"id": 9129911, "type": "story", "by": "dhouston", "time": 1175714200,
                   "title": "one", "url": "http://www.getdropbox.com/u/2/screencast.html",
                   "score": 111, "descendants": 71,
                   "hn_url": "https://news.ycombinator.com/item?id=9129911"}),
            "{tool}"
        );
    }
}

#[tokio::test]
async fn default_count_is_five_and_long_text_is_shortened() {
    let s = setup().await;
    let ids: Vec<u64> = (1..=200).collect();
    expect("GET", "/askstories.json")
        .respond(&s.fake, 200, json!(ids))
        .await;
    for id in 1..=5u64 {
        let mut item = story(id, "Ask HN: something?");
        item["text"] = json!("x".repeat(1000));
        item.as_object_mut().unwrap().remove("url");
        expect("GET", format!("/item/{id}.json"))
            .respond(&s.fake, 200, item)
            .await;
    }
    let v = s.client.call_ok("hackerNews_askstories", json!({})).await;
    let stories = v["stories"].as_array().unwrap();
    assert_eq!(stories.len(), 5);
    let text = stories[0]["text"].as_str().unwrap();
    assert_eq!(text.chars().count(), 301, "300 characters and an ellipsis");
    assert_eq!(v["total"], 200);
}

#[tokio::test]
async fn count_is_capped_at_one_hundred() {
    let s = setup().await;
    let ids: Vec<u64> = (1..=500).collect();
    expect("GET", "/newstories.json")
        .respond(&s.fake, 200, json!(ids))
        .await;
    for id in 1..=100u64 {
        expect("GET", format!("/item/{id}.json"))
            .respond(&s.fake, 200, story(id, "t"))
            .await;
    }
    let v = s
        .client
        .call_ok("hackerNews_newstories", json!({"count": 1000}))
        .await;
    assert_eq!(v["stories"].as_array().unwrap().len(), 100);
}

#[tokio::test]
async fn list_failures_are_errors() {
    let s = setup().await;
    expect("GET", "/topstories.json")
        .respond(&s.fake, 200, json!({"not": "a list"}))
        .await;
    let err = s.client.call_err("hackerNews_topstories", json!({})).await;
    assert!(err.contains("no list of ids"), "{err}");
    expect("GET", "/beststories.json")
        .respond(&s.fake, 200, json!([1]))
        .await;
    expect("GET", "/item/1.json")
        .respond(&s.fake, 404, json!({"error": "not found"}))
        .await;
    let err = s.client.call_err("hackerNews_beststories", json!({})).await;
    assert!(err.contains("404"), "{err}");
    expect("GET", "/jobstories.json")
        .respond(&s.fake, 200, Value::Null)
        .await;
    let err = s.client.call_err("hackerNews_jobstories", json!({})).await;
    assert!(err.contains("no list of ids"), "{err}");
    let err = s
        .client
        .call_err("hackerNews_showstories", json!({"count": "many"}))
        .await;
    assert!(
        err.contains("invalid arguments for hackerNews_showstories"),
        "{err}"
    );
}
