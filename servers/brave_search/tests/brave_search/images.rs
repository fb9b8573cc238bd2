//! `brave_image_search`: Brave's image endpoint has no paging, so `offset` pages within the
//! (at most 200) images of one request.

use serde_json::{Value, json};

use crate::common::{brave, setup};

fn image(n: u32) -> Value {
    json!({
        "type": "image_result",
        "title": format!("Aurora {n}"),
        "url": format!("https://photos.example.com/aurora-{n}"),
        "source": "photos.example.com",
        "page_fetched": "2026-10-01T12:00:00Z",
        "thumbnail": {"src": format!("https://imgs.search.brave.com/{n}.jpg"), "width": 200, "height": 150},
        "properties": {"url": format!("https://photos.example.com/img/aurora-{n}.jpg"), "placeholder": "https://imgs.search.brave.com/p.jpg", "width": 1920, "height": 1080},
        "meta_url": {"scheme": "https", "netloc": "photos.example.com", "hostname": "photos.example.com", "favicon": "https://imgs.search.brave.com/f.png", "path": "› aurora"},
        "confidence": "high"
    })
}

#[tokio::test]
async fn image_search_pages_within_one_request() {
    let s = setup().await;
    brave(
        "/images/search",
        &[
            ("q", "aurora"),
            ("count", "4"),
            ("safesearch", "off"),
            ("country", "NO"),
            ("search_lang", "nb"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({
            "type": "images",
            "query": {"original": "aurora", "spellcheck_off": false, "show_strict_warning": false},
            "results": [image(1), image(2), image(3), image(4)],
            "extra": {"might_be_offensive": false}
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "brave_image_search",
            json!({"query": "aurora", "count": 2, "offset": 1, "safesearch": "off", "country": "NO", "search_lang": "nb"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "next_offset": 2,
            "results": [
                {"title": "Aurora 3", "url": "https://photos.example.com/aurora-3",
                 "image_url": "https://photos.example.com/img/aurora-3.jpg", "source": "photos.example.com"},
                {"title": "Aurora 4", "url": "https://photos.example.com/aurora-4",
                 "image_url": "https://photos.example.com/img/aurora-4.jpg", "source": "photos.example.com"}
            ]
        })
    );
}

#[tokio::test]
async fn image_search_limits() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "brave_image_search",
            json!({"query": "aurora", "count": 50, "offset": 4}),
        )
        .await;
    assert!(err.contains("at most 200 images"), "{err}");
    let err = s
        .client
        .call_err(
            "brave_image_search",
            json!({"query": "aurora", "safesearch": "moderate"}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    brave("/images/search", &[("q", "aurora"), ("count", "10")])
        .respond(
            &s.fake,
            403,
            json!({"type": "ErrorResponse", "error": {"id": "1", "status": 403, "code": "OPTION_NOT_IN_PLAN",
                   "detail": "The option is not subscribed in the plan.", "meta": {"plan": "Free", "option": "images"}}}),
        )
        .await;
    let err = s
        .client
        .call_err("brave_image_search", json!({"query": "aurora"}))
        .await;
    assert!(
        err.contains("403") && err.contains("OPTION_NOT_IN_PLAN") && err.contains("not subscribed"),
        "{err}"
    );
}
