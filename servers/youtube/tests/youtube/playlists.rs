//! Playlists: list, items, create, add a video.

use crate::common::{item_list, playlist_item, req, req_json, setup, yt_error};
use serde_json::json;

const PLAYLISTS: &str = "/youtube/v3/playlists";
const ITEMS: &str = "/youtube/v3/playlistItems";

fn playlist(id: &str, title: &str) -> serde_json::Value {
    json!({
        "kind": "youtube#playlist", "etag": "p", "id": id,
        "snippet": {"publishedAt": "2025-05-01T09:00:00Z", "channelId": "UCme", "title": title, "description": "Mix",
                    "thumbnails": {"medium": {"url": "https://i.ytimg.com/vi/a1/mqdefault.jpg"}}, "channelTitle": "Me"},
        "status": {"privacyStatus": "private"},
        "contentDetails": {"itemCount": 12}
    })
}

#[tokio::test]
async fn list_playlists_of_a_channel() {
    let s = setup().await;
    req(
        "GET",
        PLAYLISTS,
        &[("part", "snippet,contentDetails,status"), ("maxResults", "3"), ("channelId", "UCa"), ("pageToken", "CAMQAA")],
    )
    .respond(&s.fake, 200, json!({"kind": "youtube#playlistListResponse", "etag": "e", "nextPageToken": "CAYQAA", "items": [playlist("PLa", "Mix")]}))
    .await;
    let v = s
        .client
        .call_ok(
            "youtube_list_playlists",
            json!({"channel_id": "UCa", "max_results": 3, "cursor": "CAMQAA"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"playlists": [{"id": "PLa", "title": "Mix", "description": "Mix", "publishedAt": "2025-05-01T09:00:00Z", "itemCount": 12,
                 "privacyStatus": "private", "thumbnailUrl": "https://i.ytimg.com/vi/a1/mqdefault.jpg", "url": "https://www.youtube.com/playlist?list=PLa"}],
               "total_count": 1, "next_cursor": "CAYQAA"})
    );
}

#[tokio::test]
async fn list_playlists_mine_by_default_and_when_asked() {
    let s = setup().await;
    req(
        "GET",
        PLAYLISTS,
        &[
            ("part", "snippet,contentDetails,status"),
            ("maxResults", "25"),
            ("mine", "true"),
        ],
    )
    .times(2)
    .respond(
        &s.fake,
        200,
        json!({"kind": "youtube#playlistListResponse", "etag": "e", "items": []}),
    )
    .await;
    let v = s.client.call_ok("youtube_list_playlists", json!({})).await;
    assert_eq!(v["playlists"], json!([]));
    // `mine` wins over channel_id, as in Klavis.
    let v = s
        .client
        .call_ok(
            "youtube_list_playlists",
            json!({"mine": true, "channel_id": "UCa"}),
        )
        .await;
    assert_eq!(v["next_cursor"], json!(null));
}

#[tokio::test]
async fn list_playlists_failure() {
    let s = setup().await;
    req(
        "GET",
        PLAYLISTS,
        &[
            ("part", "snippet,contentDetails,status"),
            ("maxResults", "25"),
            ("channelId", "UCgone"),
        ],
    )
    .respond(
        &s.fake,
        404,
        yt_error(
            404,
            "youtube.playlist",
            "channelNotFound",
            "The channel specified in the channelId parameter cannot be found.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err("youtube_list_playlists", json!({"channel_id": "UCgone"}))
        .await;
    assert!(
        err.contains("404") && err.contains("channelNotFound"),
        "{err}"
    );
}

#[tokio::test]
async fn get_playlist_items_contract() {
    let s = setup().await;
    req(
        "GET",
        ITEMS,
        &[
            ("part", "snippet,contentDetails"),
            ("playlistId", "PLa"),
            ("maxResults", "25"),
        ],
    )
    .respond(
        &s.fake,
        200,
        item_list(
            vec![playlist_item(
                "UExhLmk",
                "PLa",
                "a1",
                0,
                "2026-03-02T10:00:00Z",
            )],
            Some("EAAa"),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok("youtube_get_playlist_items", json!({"playlist_id": "PLa"}))
        .await;
    assert_eq!(
        v,
        json!({"items": [{"id": "UExhLmk", "videoId": "a1", "title": "Video a1", "videoOwnerChannelTitle": "YouTube", "position": 0,
                 "videoPublishedAt": "2026-03-02T10:00:00Z", "description": "Item description",
                 "thumbnailUrl": "https://i.ytimg.com/vi/a1/mqdefault.jpg", "url": "https://www.youtube.com/watch?v=a1"}],
               "total_count": 1, "next_cursor": "EAAa", "playlist_id": "PLa"})
    );
}

#[tokio::test]
async fn get_playlist_items_failure() {
    let s = setup().await;
    req(
        "GET",
        ITEMS,
        &[
            ("part", "snippet,contentDetails"),
            ("playlistId", "PLnone"),
            ("maxResults", "25"),
        ],
    )
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
    let err = s
        .client
        .call_err(
            "youtube_get_playlist_items",
            json!({"playlist_id": "PLnone"}),
        )
        .await;
    assert!(err.contains("playlistNotFound"), "{err}");
    let err = s
        .client
        .call_err("youtube_get_playlist_items", json!({"playlist_id": ""}))
        .await;
    assert!(err.contains("`playlist_id` must not be empty"), "{err}");
}

#[tokio::test]
async fn create_playlist_contract() {
    let s = setup().await;
    req_json(
        "POST",
        PLAYLISTS,
        &[("part", "snippet,status")],
        json!({"snippet": {"title": "Road trip", "description": "Songs"}, "status": {"privacyStatus": "unlisted"}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"kind": "youtube#playlist", "etag": "x", "id": "PLnew",
               "snippet": {"publishedAt": "2026-12-03T12:00:00Z", "channelId": "UCme", "title": "Road trip", "description": "Songs", "channelTitle": "Me"},
               "status": {"privacyStatus": "unlisted"}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "youtube_create_playlist",
            json!({"title": "Road trip", "description": "Songs", "privacy_status": "unlisted"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"success": true, "playlist_id": "PLnew", "title": "Road trip", "description": "Songs",
               "privacy_status": "unlisted", "url": "https://www.youtube.com/playlist?list=PLnew"})
    );
}

#[tokio::test]
async fn create_playlist_defaults_and_failure() {
    let s = setup().await;
    req_json(
        "POST",
        PLAYLISTS,
        &[("part", "snippet,status")],
        json!({"snippet": {"title": "T"}, "status": {"privacyStatus": "private"}}),
    )
    .respond(
        &s.fake,
        400,
        yt_error(
            400,
            "youtube.playlist",
            "playlistTitleRequired",
            "The request must specify a playlist title.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err("youtube_create_playlist", json!({"title": "T"}))
        .await;
    assert!(err.contains("playlistTitleRequired"), "{err}");
    let err = s
        .client
        .call_err(
            "youtube_create_playlist",
            json!({"title": "T", "privacy_status": "secret"}),
        )
        .await;
    assert!(err.contains("privacy_status"), "{err}");
}

#[tokio::test]
async fn add_video_to_playlist_at_a_position() {
    let s = setup().await;
    req_json(
        "POST",
        ITEMS,
        &[("part", "snippet")],
        json!({"snippet": {"playlistId": "PLa", "resourceId": {"kind": "youtube#video", "videoId": "dQw4w9WgXcQ"}, "position": 2}}),
    )
    .respond(&s.fake, 200, playlist_item("UExhLm5ldw", "PLa", "dQw4w9WgXcQ", 2, "2026-03-02T10:00:00Z"))
    .await;
    let v = s
        .client
        .call_ok("youtube_add_video_to_playlist", json!({"playlist_id": "PLa", "video_id": "https://youtu.be/dQw4w9WgXcQ", "position": 2}))
        .await;
    assert_eq!(
        v,
        json!({"success": true, "playlist_item_id": "UExhLm5ldw", "playlist_id": "PLa", "video_id": "dQw4w9WgXcQ", "position": 2})
    );
}

#[tokio::test]
async fn add_video_to_playlist_failure() {
    let s = setup().await;
    req_json(
        "POST",
        ITEMS,
        &[("part", "snippet")],
        json!({"snippet": {"playlistId": "PLa", "resourceId": {"kind": "youtube#video", "videoId": "a1"}}}),
    )
    .respond(&s.fake, 403, yt_error(403, "youtube.playlistItem", "playlistItemsNotAccessible", "The request is not properly authorized to insert the specified playlist item."))
    .await;
    let err = s
        .client
        .call_err(
            "youtube_add_video_to_playlist",
            json!({"playlist_id": "PLa", "video_id": "a1"}),
        )
        .await;
    assert!(
        err.contains("403") && err.contains("playlistItemsNotAccessible"),
        "{err}"
    );
}
