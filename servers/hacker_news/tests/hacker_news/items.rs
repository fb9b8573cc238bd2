use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::{setup, story};

#[tokio::test]
async fn item_contract() {
    let s = setup().await;
    expect("GET", "/item/8863.json")
        .respond(
            &s.fake,
            200,
            story(8863, "My YC app: Dropbox - Throw away your USB drive"),
        )
        .await;
    let v = s
        .client
        .call_ok("hackerNews_item", json!({"item_id": 8863}))
        .await;
    assert_eq!(
        v,
        json!({"id": 8863, "type": "story", "by": "dhouston", "time": 1175714200,
               "title": "My YC app: Dropbox - Throw away your USB drive",
               "url": "http://www.getdropbox.com/u/2/screencast.html", "score": 111,
               "descendants": 71, "kids": [8952, 9224, 8917],
               "hn_url": "https://news.ycombinator.com/item?id=8863"})
    );
}

#[tokio::test]
async fn item_comment_keeps_text_and_parent() {
    let s = setup().await;
    expect("GET", "/item/2921983.json")
        .respond(
            &s.fake,
            200,
            json!({"by": "norvig", "id": 2921983, "kids": [2922097, 2922429], "parent": 2921506,
                   "text": "Aw shucks, guys ... you make me blush with your compliments.",
                   "time": 1314211127, "type": "comment"}),
        )
        .await;
    let v = s
        .client
        .call_ok("hackerNews_item", json!({"item_id": 2921983}))
        .await;
    assert_eq!(v["parent"], 2921506);
    assert_eq!(v["type"], "comment");
    assert!(v["text"].as_str().unwrap().starts_with("Aw shucks"));
}

#[tokio::test]
async fn item_unknown_id_is_a_clear_error() {
    let s = setup().await;
    expect("GET", "/item/999999999.json")
        .respond(&s.fake, 200, Value::Null)
        .await;
    let err = s
        .client
        .call_err("hackerNews_item", json!({"item_id": 999999999}))
        .await;
    assert!(err.contains("no item 999999999"), "{err}");
    let err = s
        .client
        .call_err("hackerNews_item", json!({"item_id": "abc"}))
        .await;
    assert!(
        err.contains("invalid arguments for hackerNews_item"),
        "{err}"
    );
    let err = s.client.call_err("hackerNews_item", json!({})).await;
    assert!(err.contains("item_id"), "{err}");
}

#[tokio::test]
async fn item_firebase_error_is_an_error() {
    let s = setup().await;
    expect("GET", "/item/1.json")
        .respond(&s.fake, 401, json!({"error": "Permission denied"}))
        .await;
    let err = s
        .client
        .call_err("hackerNews_item", json!({"item_id": 1}))
        .await;
    assert!(
        err.contains("401") && err.contains("Permission denied"),
        "{err}"
    );
}

#[tokio::test]
async fn user_contract() {
    let s = setup().await;
    let submitted: Vec<u64> = (0..30).map(|i| 8265435 - i).collect();
    expect("GET", "/user/jl.json")
        .respond(
            &s.fake,
            200,
            json!({"about": "This is a test", "created": 1173923446, "delay": 0, "id": "jl",
                   "karma": 2937, "submitted": submitted}),
        )
        .await;
    let v = s
        .client
        .call_ok("hackerNews_user", json!({"username": "jl"}))
        .await;
    assert_eq!(v["id"], "jl");
    assert_eq!(v["karma"], 2937);
    assert_eq!(v["created"], 1173923446);
    assert_eq!(v["about"], "This is a test");
    assert_eq!(v["submitted_count"], 30);
    assert_eq!(v["recent_submitted"].as_array().unwrap().len(), 20);
    assert_eq!(v["recent_submitted"][0], 8265435);
}

#[tokio::test]
async fn user_unknown_or_empty() {
    let s = setup().await;
    expect("GET", "/user/NoSuchUser.json")
        .respond(&s.fake, 200, Value::Null)
        .await;
    let err = s
        .client
        .call_err("hackerNews_user", json!({"username": "NoSuchUser"}))
        .await;
    assert!(
        err.contains("no user `NoSuchUser`") && err.contains("case-sensitive"),
        "{err}"
    );
    let err = s
        .client
        .call_err("hackerNews_user", json!({"username": " "}))
        .await;
    assert!(err.contains("`username` is empty"), "{err}");
}

#[tokio::test]
async fn updates_contract() {
    let s = setup().await;
    expect("GET", "/updates.json")
        .respond(
            &s.fake,
            200,
            json!({"items": [8423305, 8420805, 8423379, 8422504],
                   "profiles": ["thefox", "mdda", "plinkplonk", "GBond"]}),
        )
        .await;
    expect("GET", "/item/8423305.json")
        .respond(&s.fake, 200, story(8423305, "First"))
        .await;
    expect("GET", "/item/8420805.json")
        .respond(&s.fake, 200, Value::Null)
        .await;
    let v = s
        .client
        .call_ok("hackerNews_updates", json!({"count": 2}))
        .await;
    assert_eq!(v["profiles"], json!(["thefox", "mdda"]));
    let items = v["items"].as_array().unwrap();
    assert_eq!(items.len(), 1, "null items are left out: {v}");
    assert_eq!(items[0]["title"], "First");
    assert!(items[0].get("kids").is_none());
}

#[tokio::test]
async fn updates_upstream_failure() {
    let s = setup().await;
    expect("GET", "/updates.json")
        .times(3)
        .respond(&s.fake, 503, json!({"error": "Service Unavailable"}))
        .await;
    let err = s.client.call_err("hackerNews_updates", json!({})).await;
    assert!(err.contains("503"), "{err}");
    let err = s
        .client
        .call_err("hackerNews_updates", json!({"count": -1}))
        .await;
    assert!(
        err.contains("invalid arguments for hackerNews_updates"),
        "{err}"
    );
}
