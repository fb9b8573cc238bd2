//! `--profile toolathlon`'s list sessions: `channels_listVideos` and `channels_navigateList`
//! (paging as asked, the orders over the whole list, a list per caller's credentials, the
//! per-caller cap, empty channels, failures).

use mcp_testkit::wiremock::MockServer;
use serde_json::{Value, json};

use crate::common::*;
use crate::toolathlon::*;

/// Video ids `v000`, `v001`, ... of an uploads playlist, newest first.
fn vid(i: usize) -> String {
    format!("v{i:03}")
}

/// A playlistItems page of `ids` (contentDetails only), with YouTube's count of the whole
/// playlist and the next page's token.
fn uploads_page(ids: std::ops::Range<usize>, total: usize, next: Option<&str>) -> Value {
    let items: Vec<Value> = ids
        .map(|i| {
            let mut it = playlist_item(
                &format!("item{i}"),
                UPLOADS,
                &vid(i),
                0,
                "2026-01-01T00:00:00Z",
            );
            if let Some(o) = it.as_object_mut() {
                o.remove("snippet");
            }
            it
        })
        .collect();
    let mut v = item_list(items, next);
    v["pageInfo"]["totalResults"] = json!(total);
    v
}

fn ids(range: impl Iterator<Item = usize>) -> String {
    range.map(vid).collect::<Vec<_>>().join(",")
}

/// videos.list for these ids, answering each as a video.
async fn videos_of(fake: &MockServer, list: &[String], key: bool) {
    videos_of_times(fake, list, key, 1).await;
}

async fn videos_of_times(fake: &MockServer, list: &[String], key: bool, times: u64) {
    let joined = list.join(",");
    let q = [("part", PARTS), ("id", joined.as_str())];
    let e = if key {
        key_req("GET", VIDEOS, &q)
    } else {
        req("GET", VIDEOS, &q)
    };
    e.times(times)
        .respond(
            fake,
            200,
            video_list(list.iter().map(|i| video(i, i)).collect(), None),
        )
        .await;
}

/// channels.list of the list tool (its parts), `times` times.
async fn list_channel(fake: &MockServer, key: bool, times: u64) {
    let q = [
        ("part", "contentDetails,snippet,statistics"),
        ("id", CHANNEL),
    ];
    let e = if key {
        key_req("GET", CHANNELS, &q)
    } else {
        req("GET", CHANNELS, &q)
    };
    e.times(times)
        .respond(
            fake,
            200,
            channel_list(vec![channel(CHANNEL, "YouTube", UPLOADS)]),
        )
        .await;
}

fn uploads_query(token: Option<&str>) -> Vec<(&str, &str)> {
    let mut q = vec![
        ("part", "contentDetails"),
        ("playlistId", UPLOADS),
        ("maxResults", "50"),
    ];
    if let Some(t) = token {
        q.push(("pageToken", t));
    }
    q
}

fn video_ids(v: &Value) -> Vec<String> {
    v["videos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn list_videos_newest_reads_pages_as_they_are_asked_for() {
    let s = Tl::start().await;
    list_channel(&s.fake, true, 1).await;
    key_req("GET", ITEMS, &uploads_query(None))
        .times(1)
        .respond(&s.fake, 200, uploads_page(0..50, 120, Some("T2")))
        .await;
    key_req("GET", ITEMS, &uploads_query(Some("T2")))
        .times(1)
        .respond(&s.fake, 200, uploads_page(50..100, 120, Some("T3")))
        .await;
    let page1: Vec<String> = (0..20).map(vid).collect();
    let page3: Vec<String> = (40..60).map(vid).collect();
    let page2: Vec<String> = (20..40).map(vid).collect();
    videos_of(&s.fake, &page1, true).await;
    videos_of(&s.fake, &page3, true).await;
    videos_of(&s.fake, &page2, true).await;
    let c = s.key_client(KEY).await;
    let v = c
        .call_ok("channels_listVideos", json!({"channelId": CHANNEL}))
        .await;
    let list_id = v["listId"].as_str().unwrap().to_owned();
    let hex = list_id.strip_prefix("list_").unwrap_or_default();
    assert!(
        hex.len() == 32 && hex.chars().all(|c| c.is_ascii_hexdigit()),
        "{list_id}"
    );
    let mut head = v.clone();
    head.as_object_mut().unwrap().remove("videos");
    assert_eq!(
        head,
        json!({
            "listId": list_id, "channelId": CHANNEL, "channelTitle": "YouTube", "sortOrder": "newest",
            "currentPage": 1, "totalPages": 6, "pageSize": 20, "totalVideos": 120,
            "hasNextPage": true, "hasPrevPage": false
        })
    );
    assert_eq!(video_ids(&v), page1);
    assert_eq!(v["videos"][0], bare(video("v000", "v000")));
    // Page 3 needs the playlist's second page (T2); page 2 is read already.
    let v = c
        .call_ok(
            "channels_navigateList",
            json!({"listId": list_id, "page": 3}),
        )
        .await;
    assert_eq!(video_ids(&v), page3);
    assert_eq!(
        (
            v["currentPage"].clone(),
            v["hasPrevPage"].clone(),
            v["hasNextPage"].clone()
        ),
        (json!(3), json!(true), json!(true))
    );
    let v = c
        .call_ok(
            "channels_navigateList",
            json!({"listId": list_id, "page": 2}),
        )
        .await;
    assert_eq!(video_ids(&v), page2);
    let err = c
        .call_err(
            "channels_navigateList",
            json!({"listId": list_id, "page": 7}),
        )
        .await;
    assert!(
        err.contains("Invalid page number: 7. Valid range: 1-6"),
        "{err}"
    );
    let err = c
        .call_err(
            "channels_navigateList",
            json!({"listId": list_id, "page": 0}),
        )
        .await;
    assert!(
        err.contains("Valid range: 1-6") || err.contains("page"),
        "{err}"
    );
}

#[tokio::test]
async fn list_videos_oldest_and_popular_order_the_whole_list() {
    let s = Tl::start().await;
    list_channel(&s.fake, false, 2).await;
    req("GET", ITEMS, &uploads_query(None))
        .times(2)
        .respond(&s.fake, 200, uploads_page(0..50, 53, Some("T2")))
        .await;
    req("GET", ITEMS, &uploads_query(Some("T2")))
        .times(2)
        .respond(&s.fake, 200, uploads_page(50..53, 53, None))
        .await;
    // oldest: the last uploads first.
    let oldest: Vec<String> = (48..53).rev().map(vid).collect();
    videos_of(&s.fake, &oldest, false).await;
    let c = s.token_client(TOKEN).await;
    let v = c
        .call_ok(
            "channels_listVideos",
            json!({"channelId": CHANNEL, "sortOrder": "oldest", "maxResults": 5}),
        )
        .await;
    assert_eq!(video_ids(&v), oldest);
    assert_eq!(
        (
            v["totalPages"].clone(),
            v["totalVideos"].clone(),
            v["sortOrder"].clone()
        ),
        (json!(11), json!(53), json!("oldest"))
    );
    // popular: view counts of every upload (statistics, 50 at a time), most viewed first.
    let stats = |range: std::ops::Range<usize>| {
        let items: Vec<Value> = range
            .map(|i| json!({"kind": "youtube#video", "id": vid(i), "statistics": {"viewCount": ((i * 37) % 101).to_string()}}))
            .collect();
        video_list(items, None)
    };
    req(
        "GET",
        VIDEOS,
        &[("part", "statistics"), ("id", &ids(0..50))],
    )
    .respond(&s.fake, 200, stats(0..50))
    .await;
    req(
        "GET",
        VIDEOS,
        &[("part", "statistics"), ("id", &ids(50..53))],
    )
    .respond(&s.fake, 200, stats(50..53))
    .await;
    let mut by_views: Vec<usize> = (0..53).collect();
    by_views.sort_by_key(|i| std::cmp::Reverse((i * 37) % 101));
    let popular: Vec<String> = by_views.iter().take(5).map(|i| vid(*i)).collect();
    videos_of(&s.fake, &popular, false).await;
    let v = c
        .call_ok(
            "channels_listVideos",
            json!({"channelId": CHANNEL, "sortOrder": "popular", "maxResults": 5}),
        )
        .await;
    assert_eq!(video_ids(&v), popular);
}

#[tokio::test]
async fn a_list_belongs_to_the_credentials_that_made_it() {
    let s = Tl::start().await;
    list_channel(&s.fake, true, 1).await;
    key_req("GET", ITEMS, &uploads_query(None))
        .respond(&s.fake, 200, uploads_page(0..3, 3, None))
        .await;
    let page1: Vec<String> = (0..2).map(vid).collect();
    let page2 = vec![vid(2)];
    videos_of(&s.fake, &page1, true).await;
    videos_of(&s.fake, &page2, true).await;
    let alice = s.key_client(KEY).await;
    let v = alice
        .call_ok(
            "channels_listVideos",
            json!({"channelId": CHANNEL, "maxResults": 2}),
        )
        .await;
    let list_id = v["listId"].as_str().unwrap().to_owned();
    assert_eq!(v["totalPages"], 2);
    // Another API key, an OAuth token: the list does not exist for them.
    for other in [
        s.key_client("AIzaSyD-another-tenant-key-9876543210").await,
        s.token_client(TOKEN).await,
    ] {
        let err = other
            .call_err(
                "channels_navigateList",
                json!({"listId": list_id, "page": 2}),
            )
            .await;
        assert!(
            err.contains(&format!("List session expired or not found: {list_id}"))
                && err.contains("channels_listVideos again"),
            "{err}"
        );
    }
    // A new connection with the same key reads it.
    let again = s.key_client(KEY).await;
    let v = again
        .call_ok(
            "channels_navigateList",
            json!({"listId": list_id, "page": 2}),
        )
        .await;
    assert_eq!(video_ids(&v), page2);
    assert_eq!(v["hasNextPage"], false);
    let err = again
        .call_err(
            "channels_navigateList",
            json!({"listId": "list_00000000000000000000000000000000", "page": 1}),
        )
        .await;
    assert!(err.contains("List session expired or not found"), "{err}");
}

#[tokio::test]
async fn one_caller_keeps_at_most_32_lists() {
    let s = Tl::start().await;
    list_channel(&s.fake, true, 33).await;
    key_req("GET", ITEMS, &uploads_query(None))
        .times(33)
        .respond(&s.fake, 200, uploads_page(0..1, 1, None))
        .await;
    videos_of_times(&s.fake, &[vid(0)], true, 34).await;
    let c = s.key_client(KEY).await;
    let mut made = Vec::new();
    for _ in 0..33 {
        let v = c
            .call_ok("channels_listVideos", json!({"channelId": CHANNEL}))
            .await;
        made.push(v["listId"].as_str().unwrap().to_owned());
    }
    let err = c
        .call_err(
            "channels_navigateList",
            json!({"listId": made[0], "page": 1}),
        )
        .await;
    assert!(err.contains("List session expired or not found"), "{err}");
    let v = c
        .call_ok(
            "channels_navigateList",
            json!({"listId": made[1], "page": 1}),
        )
        .await;
    assert_eq!(video_ids(&v), [vid(0)]);
    assert_eq!(v["totalPages"], 1);
}

#[tokio::test]
async fn a_channel_without_uploads_is_an_empty_list() {
    let s = Tl::start().await;
    list_channel(&s.fake, true, 1).await;
    key_req("GET", ITEMS, &uploads_query(None))
        .respond(
            &s.fake,
            404,
            yt_error(
                404,
                "youtube.playlistItem",
                "playlistNotFound",
                "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
            ),
        )
        .await;
    let c = s.key_client(KEY).await;
    let v = c
        .call_ok("channels_listVideos", json!({"channelId": CHANNEL}))
        .await;
    assert_eq!(
        (
            v["totalPages"].clone(),
            v["totalVideos"].clone(),
            v["videos"].clone(),
            v["hasNextPage"].clone()
        ),
        (json!(1), json!(0), json!([]), json!(false))
    );
}

#[tokio::test]
async fn list_videos_failures_are_clear() {
    let s = Tl::start().await;
    key_req(
        "GET",
        CHANNELS,
        &[
            ("part", "contentDetails,snippet,statistics"),
            ("id", "UCnobody"),
        ],
    )
    .respond(&s.fake, 200, channel_list(vec![]))
    .await;
    let c = s.key_client(KEY).await;
    let err = c
        .call_err("channels_listVideos", json!({"channelId": "UCnobody"}))
        .await;
    assert!(err.contains("YouTube has no channel"), "{err}");
    let err = c
        .call_err(
            "channels_listVideos",
            json!({"channelId": CHANNEL, "sortOrder": "random"}),
        )
        .await;
    assert!(err.contains("sortOrder"), "{err}");
    let err = c
        .call_err(
            "channels_listVideos",
            json!({"channelId": CHANNEL, "maxResults": 0}),
        )
        .await;
    assert!(
        err.contains("`maxResults` must be between 1 and 50"),
        "{err}"
    );
    // No credentials at all: the usual message, naming both fields.
    let anon = s.server.client_with(&[]).await;
    let err = anon
        .call_err(
            "channels_navigateList",
            json!({"listId": "list_x", "page": 1}),
        )
        .await;
    assert!(
        err.contains("`access_token` is missing") && err.contains("`api_key`"),
        "{err}"
    );
}
