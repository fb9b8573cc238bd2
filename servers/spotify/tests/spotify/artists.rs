use crate::{paging, req, setup, spotify_error, track_obj, track_out};
use serde_json::json;

const ARTIST: &str = "0TnOYISbd1XYRBk9myaseg";

#[tokio::test]
async fn get_artists_reads_each_artist() {
    let s = setup().await;
    req("GET", &format!("/artists/{ARTIST}"))
        .respond(
            &s.fake,
            200,
            json!({"external_urls": {"spotify": format!("https://open.spotify.com/artist/{ARTIST}")},
                   "href": format!("https://api.spotify.com/v1/artists/{ARTIST}"), "id": ARTIST, "images": [],
                   "name": "Pitbull", "type": "artist", "uri": format!("spotify:artist:{ARTIST}")}),
        )
        .await;
    let v = s
        .client
        .call_ok("spotify_get_artists_info", json!({"artist_ids": [ARTIST]}))
        .await;
    assert_eq!(
        v["items"],
        json!([{"id": ARTIST, "name": "Pitbull", "uri": format!("spotify:artist:{ARTIST}"), "url": format!("https://open.spotify.com/artist/{ARTIST}")}])
    );
    let too_many: Vec<String> = (0..21).map(|_| ARTIST.to_owned()).collect();
    let err = s
        .client
        .call_err("spotify_get_artists_info", json!({"artist_ids": too_many}))
        .await;
    assert!(err.contains("at most 20"), "{err}");
}

#[tokio::test]
async fn artist_albums_clamps_to_ten() {
    let s = setup().await;
    req("GET", &format!("/artists/{ARTIST}/albums"))
        .queries(&[("include_groups", "album,single"), ("limit", "10"), ("offset", "0")])
        .respond(
            &s.fake,
            200,
            paging(&format!("/artists/{ARTIST}/albums"), vec![json!({"album_type": "single", "id": "a1", "name": "Single", "total_tracks": 1,
                "release_date": "2020", "uri": "spotify:album:a1", "artists": [{"name": "Pitbull"}], "album_group": "single"})], 0, 10, 25),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_artist_albums",
            json!({"artist_id": ARTIST, "limit": 20, "include_groups": "album, single"}),
        )
        .await;
    assert_eq!(v["items"][0]["name"], "Single");
    assert_eq!(v["next_offset"], 10);
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("lowered from 20 to 10")
    );
    let err = s
        .client
        .call_err(
            "spotify_get_artist_albums",
            json!({"artist_id": ARTIST, "include_groups": "ep"}),
        )
        .await;
    assert!(err.contains("`include_groups`"), "{err}");
}

#[tokio::test]
async fn artist_top_tracks_contract() {
    let s = setup().await;
    req("GET", &format!("/artists/{ARTIST}/top-tracks"))
        .query("market", "US")
        .respond(
            &s.fake,
            200,
            json!({"tracks": [track_obj("11dFghVXANMlKmJXsNCbNl", "Hit")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "spotify_get_artist_top_tracks",
            json!({"artist_id": ARTIST, "country": "US"}),
        )
        .await;
    assert_eq!(
        v["items"],
        json!([track_out("11dFghVXANMlKmJXsNCbNl", "Hit")])
    );
}

#[tokio::test]
async fn artist_top_tracks_removed_for_dev_mode() {
    let s = setup().await;
    req("GET", &format!("/artists/{ARTIST}/top-tracks"))
        .respond(&s.fake, 403, spotify_error(403, "Forbidden"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_get_artist_top_tracks",
            json!({"artist_id": ARTIST}),
        )
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(
        err.contains(
            "removed `GET /artists/{id}/top-tracks` for development-mode apps in February 2026"
        ),
        "{err}"
    );
    assert!(err.contains("spotify_search_tracks"), "{err}");
    // Another failure (a bad token) keeps its own hint.
    req("GET", "/artists/1vCWHaC5f2uS3yhpwWbIA6/top-tracks")
        .respond(&s.fake, 401, spotify_error(401, "The access token expired"))
        .await;
    let err = s
        .client
        .call_err(
            "spotify_get_artist_top_tracks",
            json!({"artist_id": "1vCWHaC5f2uS3yhpwWbIA6"}),
        )
        .await;
    assert!(!err.contains("February 2026"), "{err}");
}
