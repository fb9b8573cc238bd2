//! Channels: the user's channel and uploads, a channel's videos, channel search,
//! subscriptions, recent uploads of subscriptions.

use crate::common::{
    channel, channel_list, item_list, playlist_item, req, search_list, setup, video, video_list,
    video_out, yt_error,
};
use serde_json::json;

const CHANNELS: &str = "/youtube/v3/channels";
const ITEMS: &str = "/youtube/v3/playlistItems";
const VIDEOS: &str = "/youtube/v3/videos";
const SUBS: &str = "/youtube/v3/subscriptions";
const PARTS: &str = "snippet,contentDetails,statistics";

#[tokio::test]
async fn get_my_channel_contract() {
    let s = setup().await;
    req("GET", CHANNELS, &[("part", PARTS), ("mine", "true")])
        .respond(
            &s.fake,
            200,
            channel_list(vec![channel("UCme", "My channel", "UUme")]),
        )
        .await;
    let v = s.client.call_ok("youtube_get_my_channel", json!({})).await;
    assert_eq!(
        v,
        json!({
            "channelId": "UCme", "title": "My channel", "customUrl": "@youtube",
            "publishedAt": "2005-09-19T05:08:41Z", "subscriberCount": "46000000", "videoCount": "800",
            "viewCount": "3000000000", "uploadsPlaylistId": "UUme", "description": "Channel description",
            "thumbnailUrl": "https://i.ytimg.com/vi/UCme/hqdefault.jpg", "channelUrl": "https://www.youtube.com/channel/UCme"
        })
    );
}

#[tokio::test]
async fn get_my_channel_without_a_channel() {
    let s = setup().await;
    req("GET", CHANNELS, &[("part", PARTS), ("mine", "true")])
        .respond(&s.fake, 200, json!({"kind": "youtube#channelListResponse", "etag": "e", "pageInfo": {"totalResults": 0, "resultsPerPage": 5}}))
        .await;
    let err = s.client.call_err("youtube_get_my_channel", json!({})).await;
    assert!(
        err.contains("no channel") && err.contains("create one"),
        "{err}"
    );
}

#[tokio::test]
async fn get_my_videos_reads_the_uploads_playlist() {
    let s = setup().await;
    req(
        "GET",
        CHANNELS,
        &[("part", "contentDetails"), ("mine", "true")],
    )
    .respond(
        &s.fake,
        200,
        channel_list(vec![channel("UCme", "Me", "UUme")]),
    )
    .await;
    req(
        "GET",
        ITEMS,
        &[
            ("part", "contentDetails"),
            ("playlistId", "UUme"),
            ("maxResults", "2"),
            ("pageToken", "EAAaBlBUOkNBVQ"),
        ],
    )
    .respond(
        &s.fake,
        200,
        item_list(
            vec![
                playlist_item("i1", "UUme", "a1", 0, "2026-03-02T10:00:00Z"),
                playlist_item("i2", "UUme", "b2", 1, "2026-03-01T10:00:00Z"),
            ],
            Some("EAAaBlBUOkNBbw"),
        ),
    )
    .await;
    req("GET", VIDEOS, &[("part", PARTS), ("id", "a1,b2")])
        .respond(
            &s.fake,
            200,
            video_list(vec![video("a1", "First"), video("b2", "Second")], None),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "youtube_get_my_videos",
            json!({"max_results": 2, "cursor": "EAAaBlBUOkNBVQ"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"videos": [video_out("a1", "First"), video_out("b2", "Second")], "total_count": 2, "next_cursor": "EAAaBlBUOkNBbw"})
    );
}

#[tokio::test]
async fn get_channel_videos_by_handle() {
    let s = setup().await;
    req(
        "GET",
        CHANNELS,
        &[
            ("part", "snippet,contentDetails"),
            ("forHandle", "@GoogleDevelopers"),
        ],
    )
    .respond(
        &s.fake,
        200,
        channel_list(vec![channel(
            "UC_x5XG1OV2P6uZZ5FSM9Ttw",
            "Google for Developers",
            "UU_x5XG1OV2P6uZZ5FSM9Ttw",
        )]),
    )
    .await;
    req(
        "GET",
        ITEMS,
        &[
            ("part", "contentDetails"),
            ("playlistId", "UU_x5XG1OV2P6uZZ5FSM9Ttw"),
            ("maxResults", "25"),
        ],
    )
    .respond(
        &s.fake,
        200,
        item_list(
            vec![playlist_item(
                "i1",
                "UU_x5XG1OV2P6uZZ5FSM9Ttw",
                "a1",
                0,
                "2026-03-02T10:00:00Z",
            )],
            None,
        ),
    )
    .await;
    req("GET", VIDEOS, &[("part", PARTS), ("id", "a1")])
        .respond(&s.fake, 200, video_list(vec![video("a1", "First")], None))
        .await;
    let v = s
        .client
        .call_ok(
            "youtube_get_channel_videos",
            json!({"channel_id": "@GoogleDevelopers"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"videos": [video_out("a1", "First")], "total_count": 1, "next_cursor": null,
               "channelId": "UC_x5XG1OV2P6uZZ5FSM9Ttw", "channelTitle": "Google for Developers"})
    );
}

#[tokio::test]
async fn get_channel_videos_of_an_unknown_channel() {
    let s = setup().await;
    req(
        "GET",
        CHANNELS,
        &[("part", "snippet,contentDetails"), ("id", "UCnobody")],
    )
    .respond(&s.fake, 200, channel_list(vec![]))
    .await;
    let err = s
        .client
        .call_err(
            "youtube_get_channel_videos",
            json!({"channel_id": "UCnobody"}),
        )
        .await;
    assert!(err.contains("no channel \"UCnobody\""), "{err}");
    let err = s
        .client
        .call_err(
            "youtube_get_channel_videos",
            json!({"channel_id": "UC/../x"}),
        )
        .await;
    assert!(err.contains("not a YouTube id"), "{err}");
}

#[tokio::test]
async fn search_channels_with_statistics() {
    let s = setup().await;
    req(
        "GET",
        "/youtube/v3/search",
        &[
            ("part", "snippet"),
            ("q", "google"),
            ("type", "channel"),
            ("maxResults", "10"),
        ],
    )
    .respond(
        &s.fake,
        200,
        search_list("channel", &["UCa", "UCb"], Some("CAoQAA")),
    )
    .await;
    req(
        "GET",
        CHANNELS,
        &[
            ("part", "snippet,statistics"),
            ("id", "UCa,UCb"),
            ("maxResults", "2"),
        ],
    )
    .respond(
        &s.fake,
        200,
        channel_list(vec![channel("UCb", "B", "UUb"), channel("UCa", "A", "UUa")]),
    )
    .await;
    let v = s
        .client
        .call_ok("youtube_search_channels", json!({"query": "google"}))
        .await;
    assert_eq!(v["query"], "google");
    assert_eq!(v["next_cursor"], "CAoQAA");
    assert_eq!(v["total_count"], 2);
    assert_eq!(v["channels"][0]["channelId"], "UCa");
    assert_eq!(v["channels"][1]["title"], "B");
    assert_eq!(v["channels"][0]["subscriberCount"], "46000000");
    assert_eq!(
        v["channels"][0]["channelUrl"],
        "https://www.youtube.com/channel/UCa"
    );
}

#[tokio::test]
async fn search_channels_failure() {
    let s = setup().await;
    req(
        "GET",
        "/youtube/v3/search",
        &[
            ("part", "snippet"),
            ("q", "x"),
            ("type", "channel"),
            ("maxResults", "3"),
            ("pageToken", "bad"),
        ],
    )
    .respond(
        &s.fake,
        400,
        yt_error(
            400,
            "global",
            "invalidPageToken",
            "The request specifies an invalid page token.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "youtube_search_channels",
            json!({"query": "x", "max_results": 3, "cursor": "bad"}),
        )
        .await;
    assert!(err.contains("invalidPageToken"), "{err}");
}

fn subscription(id: &str, channel: &str, title: &str) -> serde_json::Value {
    json!({
        "kind": "youtube#subscription", "etag": "s", "id": id,
        "snippet": {"publishedAt": "2024-01-01T00:00:00Z", "title": title, "description": "About", "channelId": "UCme",
                    "resourceId": {"kind": "youtube#channel", "channelId": channel},
                    "thumbnails": {"default": {"url": "https://yt3.ggpht.com/x=s88"}}},
        "contentDetails": {"totalItemCount": 120, "newItemCount": 2, "activityType": "all"}
    })
}

#[tokio::test]
async fn get_subscriptions_page() {
    let s = setup().await;
    req("GET", SUBS, &[("part", "snippet,contentDetails"), ("mine", "true"), ("maxResults", "25")])
        .respond(
            &s.fake,
            200,
            json!({"kind": "youtube#subscriptionListResponse", "etag": "e", "nextPageToken": "CBkQAA",
                   "pageInfo": {"totalResults": 80, "resultsPerPage": 25}, "items": [subscription("sub1", "UCa", "Channel A")]}),
        )
        .await;
    let v = s
        .client
        .call_ok("youtube_get_subscriptions", json!({}))
        .await;
    assert_eq!(
        v,
        json!({"subscriptions": [{"subscriptionId": "sub1", "channelId": "UCa", "channelTitle": "Channel A", "totalItemCount": 120,
                "newItemCount": 2, "description": "About", "channelUrl": "https://www.youtube.com/channel/UCa"}],
               "total_count": 1, "next_cursor": "CBkQAA"})
    );
}

#[tokio::test]
async fn get_subscriptions_forbidden() {
    let s = setup().await;
    req(
        "GET",
        SUBS,
        &[
            ("part", "snippet,contentDetails"),
            ("mine", "true"),
            ("maxResults", "25"),
        ],
    )
    .respond(
        &s.fake,
        403,
        yt_error(
            403,
            "youtube.subscription",
            "subscriptionForbidden",
            "The requester is not allowed to access the requested subscriptions.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err("youtube_get_subscriptions", json!({}))
        .await;
    assert!(
        err.contains("403") && err.contains("subscriptionForbidden"),
        "{err}"
    );
}

#[tokio::test]
async fn recent_uploads_read_each_channels_uploads_playlist() {
    let s = setup().await;
    let recent = (chrono::Utc::now() - chrono::Duration::days(1))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let newer = (chrono::Utc::now() - chrono::Duration::hours(2))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    req("GET", SUBS, &[("part", "snippet"), ("mine", "true"), ("maxResults", "50")])
        .respond(
            &s.fake,
            200,
            json!({"kind": "youtube#subscriptionListResponse", "etag": "e", "nextPageToken": "CDIQAA",
                   "items": [subscription("s1", "UC1", "One"), subscription("s2", "UC2", "Two"), subscription("s3", "UC3", "Three")]}),
        )
        .await;
    req(
        "GET",
        CHANNELS,
        &[
            ("part", "contentDetails"),
            ("id", "UC1,UC2,UC3"),
            ("maxResults", "3"),
        ],
    )
    .respond(
        &s.fake,
        200,
        channel_list(vec![
            channel("UC1", "One", "UU1"),
            channel("UC2", "Two", "UU2"),
            channel("UC3", "Three", "UU3"),
        ]),
    )
    .await;
    fn items(p: &str) -> [(&str, &str); 3] {
        [
            ("part", "snippet,contentDetails"),
            ("playlistId", p),
            ("maxResults", "10"),
        ]
    }
    req("GET", ITEMS, &items("UU1"))
        .respond(
            &s.fake,
            200,
            item_list(
                vec![
                    playlist_item("i1", "UU1", "new1", 0, &recent),
                    playlist_item("i2", "UU1", "old1", 1, "2020-01-01T00:00:00Z"),
                ],
                None,
            ),
        )
        .await;
    req("GET", ITEMS, &items("UU2"))
        .respond(
            &s.fake,
            200,
            item_list(vec![playlist_item("i3", "UU2", "new2", 0, &newer)], None),
        )
        .await;
    // A channel without uploads has no uploads playlist: skipped.
    req("GET", ITEMS, &items("UU3"))
        .respond(
            &s.fake,
            404,
            yt_error(
                404,
                "youtube.playlistItem",
                "playlistNotFound",
                "The playlist identified with the request's playlistId parameter cannot be found.",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("youtube_get_recent_uploads", json!({"days": 7}))
        .await;
    assert_eq!(v["days"], 7);
    assert_eq!(v["channels_checked"], 3);
    assert_eq!(v["total_count"], 2);
    assert_eq!(v["note"], "only the first 50 subscriptions were checked");
    assert_eq!(v["videos"][0]["id"], "new2");
    assert_eq!(v["videos"][1]["id"], "new1");
    assert_eq!(v["videos"][1]["channelTitle"], "YouTube");
    assert_eq!(
        v["videos"][1]["url"],
        "https://www.youtube.com/watch?v=new1"
    );
}

#[tokio::test]
async fn recent_uploads_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("youtube_get_recent_uploads", json!({"days": 0}))
        .await;
    assert!(err.contains("between 1 and 3650"), "{err}");
    req(
        "GET",
        SUBS,
        &[("part", "snippet"), ("mine", "true"), ("maxResults", "50")],
    )
    .respond(
        &s.fake,
        401,
        yt_error(401, "global", "authError", "Invalid Credentials"),
    )
    .await;
    let err = s
        .client
        .call_err("youtube_get_recent_uploads", json!({}))
        .await;
    assert!(
        err.contains("401") && err.contains("Invalid Credentials"),
        "{err}"
    );
}
