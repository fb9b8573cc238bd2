//! One fake for both APIs (the Data API under `/youtube/v3`, Analytics under `/v2`), a
//! server pointed at it, a client sending the token, and the check that every request a
//! test expects is one YouTube's discovery documents describe.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Expect, Setup, TestServer, expect, settings_for};
use serde_json::{Value, json};

pub const TOKEN: &str = "ya29.a0AfH6SMBx-youtube-test-token";

pub async fn setup() -> Setup {
    let fake = MockServer::start().await;
    let settings = settings_for(&fake.uri()).with_api("analytics", &format!("{}/v2", fake.uri()));
    start(fake, settings).await
}

pub async fn start(fake: MockServer, settings: mcp_shared::Settings) -> Setup {
    let server = TestServer::start(&youtube_mcp_server::SPEC, settings).await;
    let client = server.client(TOKEN).await;
    Setup {
        fake,
        server,
        client,
    }
}

// ---- the discovery documents' facts (tests/youtube/discovery.json, made by discovery.py)

fn discovery() -> Value {
    serde_json::from_str(include_str!("discovery.json")).expect("discovery.json")
}

/// `path` (as the fake sees it) matches the discovery path template `tpl`.
fn path_matches(tpl: &str, path: &str) -> bool {
    let want: Vec<&str> = tpl.split('/').collect();
    let got: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    want.len() == got.len()
        && want
            .iter()
            .zip(&got)
            .all(|(w, g)| (w.starts_with('{') && !g.is_empty()) || w == g)
}

/// The body's fields all exist in the request schema, with the schema's JSON types.
fn body_fits(schema: &Value, body: &Value, at: &str) -> Result<(), String> {
    let Some(obj) = body.as_object() else {
        return Err(format!("{at}: expected an object"));
    };
    for (k, v) in obj {
        let here = format!("{at}.{k}");
        match schema.get(k) {
            None => return Err(format!("{here} is not a field of the request resource")),
            Some(Value::Object(_)) => body_fits(&schema[k], v, &here)?,
            Some(Value::String(t)) => {
                let ok = match t.as_str() {
                    "string" => v.is_string(),
                    "integer" | "number" => v.is_number(),
                    "boolean" => v.is_boolean(),
                    "array" => v.is_array(),
                    _ => true,
                };
                if !ok {
                    return Err(format!("{here} should be a {t}, is {v}"));
                }
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Check one request against the discovery documents: a method with this HTTP method and
/// path, only its parameters (or Google's global ones), all its required ones, enum values,
/// integer bounds, booleans, `part` names, and the body's fields. The method id on success.
pub fn conforms(
    method: &str,
    path: &str,
    query: &[(&str, &str)],
    body: Option<&Value>,
) -> Result<String, String> {
    let d = discovery();
    let methods = d["methods"].as_object().expect("methods");
    let (id, m) = methods
        .iter()
        .find(|(_, m)| m["httpMethod"] == method && path_matches(m["path"].as_str().unwrap(), path))
        .ok_or_else(|| format!("no discovery method is {method} {path}"))?;
    let params = m["parameters"].as_object().expect("parameters");
    let globals: Vec<&str> = m["globalParameters"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    for (k, v) in query {
        let Some(p) = params.get(*k) else {
            if globals.contains(k) {
                continue;
            }
            return Err(format!("{id}: `{k}` is not one of its parameters"));
        };
        if p["location"] != "query" {
            return Err(format!(
                "{id}: `{k}` goes in the {}, not the query",
                p["location"]
            ));
        }
        if let Some(e) = p["enum"].as_array()
            && !e.iter().any(|x| x == v)
        {
            return Err(format!("{id}: `{k}={v}` is not one of {e:?}"));
        }
        match p["type"].as_str() {
            Some("integer") => {
                let n: i64 = v
                    .parse()
                    .map_err(|_| format!("{id}: `{k}={v}` is no integer"))?;
                let bound = |b: &str| p[b].as_str().and_then(|s| s.parse::<i64>().ok());
                if bound("minimum").is_some_and(|lo| n < lo)
                    || bound("maximum").is_some_and(|hi| n > hi)
                {
                    return Err(format!("{id}: `{k}={v}` is out of its range"));
                }
            }
            Some("boolean") if *v != "true" && *v != "false" => {
                return Err(format!("{id}: `{k}={v}` is no boolean"));
            }
            _ => {}
        }
        if *k == "part" {
            let parts: Vec<&str> = m["parts"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(Value::as_str)
                .collect();
            for part in v.split(',') {
                if !parts.contains(&part) {
                    return Err(format!("{id}: part `{part}` is not a part of the resource"));
                }
            }
        }
    }
    // videos.list's `maxResults` "is not supported for use in conjunction with the id parameter".
    if id == "youtube.videos.list"
        && query.iter().any(|(k, _)| *k == "id")
        && query.iter().any(|(k, _)| *k == "maxResults")
    {
        return Err(format!("{id}: `maxResults` is not supported with `id`"));
    }
    for (k, p) in params {
        if p["required"] == true && p["location"] == "query" && !query.iter().any(|(q, _)| q == k) {
            return Err(format!("{id}: required `{k}` is missing"));
        }
    }
    match (body, m.get("request")) {
        (Some(b), Some(schema)) => body_fits(schema, b, "body")?,
        (Some(_), None) => return Err(format!("{id} takes no request body")),
        (None, Some(_)) => return Err(format!("{id} needs a request body")),
        (None, None) => {}
    }
    Ok(id.clone())
}

/// `method path` with the bearer token and exactly these query parameters, checked against
/// the discovery documents first.
pub fn req(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    if let Err(e) = conforms(method, path, query, None) {
        panic!("not YouTube's API: {e}");
    }
    expect(method, path).bearer(TOKEN).queries(query)
}

/// The same, with exactly this JSON body.
pub fn req_json(method: &'static str, path: &str, query: &[(&str, &str)], body: Value) -> Expect {
    if let Err(e) = conforms(method, path, query, Some(&body)) {
        panic!("not YouTube's API: {e}");
    }
    expect(method, path)
        .bearer(TOKEN)
        .queries(query)
        .json_body(body)
}

// ---- YouTube's answers

/// A YouTube error: `{"error": {code, message, errors: [{message, domain, reason}]}}`.
pub fn yt_error(code: u16, domain: &str, reason: &str, message: &str) -> Value {
    json!({"error": {
        "code": code,
        "message": message,
        "errors": [{"message": message, "domain": domain, "reason": reason}]
    }})
}

/// YouTube's quota error, as the Data API sends it.
pub fn quota_exceeded() -> Value {
    yt_error(
        403,
        "youtube.quota",
        "quotaExceeded",
        "The request cannot be completed because you have exceeded your <a href=\"/youtube/v3/getting-started#quota\">quota</a>.",
    )
}

fn thumbs(id: &str) -> Value {
    json!({
        "default": {"url": format!("https://i.ytimg.com/vi/{id}/default.jpg"), "width": 120, "height": 90},
        "medium": {"url": format!("https://i.ytimg.com/vi/{id}/mqdefault.jpg"), "width": 320, "height": 180},
        "high": {"url": format!("https://i.ytimg.com/vi/{id}/hqdefault.jpg"), "width": 480, "height": 360}
    })
}

/// A video resource with snippet, contentDetails and statistics (videos.list).
pub fn video(id: &str, title: &str) -> Value {
    json!({
        "kind": "youtube#video",
        "etag": "Ks-_Mh1QhMc",
        "id": id,
        "snippet": {
            "publishedAt": "2026-03-01T15:00:08Z",
            "channelId": "UCBR8-60-B28hp2BmDPdntcQ",
            "title": title,
            "description": "A description",
            "thumbnails": thumbs(id),
            "channelTitle": "YouTube",
            "tags": ["music"],
            "categoryId": "10",
            "liveBroadcastContent": "none",
            "localized": {"title": title, "description": "A description"}
        },
        "contentDetails": {"duration": "PT3M33S", "dimension": "2d", "definition": "hd", "caption": "true", "licensedContent": true, "projection": "rectangular"},
        "statistics": {"viewCount": "1500000000", "likeCount": "17000000", "favoriteCount": "0", "commentCount": "2400000"}
    })
}

/// A videoListResponse.
pub fn video_list(items: Vec<Value>, next: Option<&str>) -> Value {
    let mut v = json!({
        "kind": "youtube#videoListResponse",
        "etag": "abc",
        "items": items,
        "pageInfo": {"totalResults": 1, "resultsPerPage": 5}
    });
    if let Some(n) = next {
        v["nextPageToken"] = json!(n);
    }
    v
}

/// What the tools return for `video(id, title)` in a list.
pub fn video_out(id: &str, title: &str) -> Value {
    json!({
        "id": id,
        "title": title,
        "channelId": "UCBR8-60-B28hp2BmDPdntcQ",
        "channelTitle": "YouTube",
        "publishedAt": "2026-03-01T15:00:08Z",
        "duration": "PT3M33S",
        "viewCount": "1500000000",
        "likeCount": "17000000",
        "commentCount": "2400000",
        "description": "A description",
        "thumbnailUrl": format!("https://i.ytimg.com/vi/{id}/mqdefault.jpg"),
        "url": format!("https://www.youtube.com/watch?v={id}")
    })
}

/// A channel resource (channels.list).
pub fn channel(id: &str, title: &str, uploads: &str) -> Value {
    json!({
        "kind": "youtube#channel",
        "etag": "e1",
        "id": id,
        "snippet": {
            "title": title,
            "description": "Channel description",
            "customUrl": "@youtube",
            "publishedAt": "2005-09-19T05:08:41Z",
            "thumbnails": thumbs(id)
        },
        "contentDetails": {"relatedPlaylists": {"likes": "", "uploads": uploads}},
        "statistics": {"viewCount": "3000000000", "subscriberCount": "46000000", "hiddenSubscriberCount": false, "videoCount": "800"}
    })
}

/// A channelListResponse.
pub fn channel_list(items: Vec<Value>) -> Value {
    json!({"kind": "youtube#channelListResponse", "etag": "e", "pageInfo": {"totalResults": items.len(), "resultsPerPage": 5}, "items": items})
}

/// A playlistItem resource (playlistItems.list, snippet and contentDetails).
pub fn playlist_item(
    item: &str,
    playlist: &str,
    video: &str,
    position: u64,
    published: &str,
) -> Value {
    json!({
        "kind": "youtube#playlistItem",
        "etag": "p1",
        "id": item,
        "snippet": {
            "publishedAt": published,
            "channelId": "UCBR8-60-B28hp2BmDPdntcQ",
            "title": format!("Video {video}"),
            "description": "Item description",
            "thumbnails": thumbs(video),
            "channelTitle": "YouTube",
            "playlistId": playlist,
            "position": position,
            "resourceId": {"kind": "youtube#video", "videoId": video},
            "videoOwnerChannelTitle": "YouTube",
            "videoOwnerChannelId": "UCBR8-60-B28hp2BmDPdntcQ"
        },
        "contentDetails": {"videoId": video, "videoPublishedAt": published}
    })
}

/// A playlistItemListResponse.
pub fn item_list(items: Vec<Value>, next: Option<&str>) -> Value {
    let mut v = json!({"kind": "youtube#playlistItemListResponse", "etag": "l", "items": items, "pageInfo": {"totalResults": 2, "resultsPerPage": 5}});
    if let Some(n) = next {
        v["nextPageToken"] = json!(n);
    }
    v
}

/// A searchListResponse of videos (`id.videoId`) or channels (`id.channelId`).
pub fn search_list(kind: &str, ids: &[&str], next: Option<&str>) -> Value {
    let items: Vec<Value> = ids
        .iter()
        .map(|id| {
            let key = if kind == "video" { "videoId" } else { "channelId" };
            json!({
                "kind": "youtube#searchResult",
                "etag": "s",
                "id": {"kind": format!("youtube#{kind}"), key: id},
                "snippet": {"publishedAt": "2026-03-01T15:00:08Z", "channelId": "UCBR8-60-B28hp2BmDPdntcQ", "title": "t", "description": "d", "thumbnails": thumbs(id), "channelTitle": "YouTube", "liveBroadcastContent": "none"}
            })
        })
        .collect();
    let mut v = json!({"kind": "youtube#searchListResponse", "etag": "s", "regionCode": "US", "pageInfo": {"totalResults": 1000000, "resultsPerPage": ids.len()}, "items": items});
    if let Some(n) = next {
        v["nextPageToken"] = json!(n);
    }
    v
}
