//! Hand-made recordings in the shapes YouTube's web endpoints answer (a watch page, an InnerTube
//! player response, caption tracks), and the fake's expectations of the exact requests, for
//! the tests of the servers that use this crate.

use mcp_testkit::expect;
use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use serde_json::{Value, json};

pub const ID: &str = "dQw4w9WgXcQ";
pub const KEY: &str = "AIzaSyTestInnertubeKey_123";

/// The watch page: the InnerTube key and the page's own player response.
pub fn watch_html(player: &Value) -> String {
    format!(
        "<!DOCTYPE html><html><head><title>Never Gonna Give You Up - YouTube</title></head><body>\
         <script>ytcfg.set({{\"INNERTUBE_API_KEY\":\"{KEY}\",\"INNERTUBE_CONTEXT_CLIENT_NAME\":1}});</script>\
         <script>var ytInitialPlayerResponse = {player};var meta = document.createElement('meta');</script>\
         </body></html>"
    )
}

pub fn html(status: u16, body: &str) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_raw(body.as_bytes().to_vec(), "text/html; charset=utf-8")
}

pub fn xml(body: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_raw(body.as_bytes().to_vec(), "text/xml; charset=UTF-8")
}

pub fn details() -> Value {
    json!({
        "videoId": ID,
        "title": "Rick Astley - Never Gonna Give You Up (Official Video)",
        "lengthSeconds": "213",
        "keywords": ["rick astley", "never gonna give you up"],
        "channelId": "UCuAXFkgsw1L7xaCfnd5JJOw",
        "shortDescription": "The official video for “Never Gonna Give You Up”.",
        "viewCount": "1700000000",
        "author": "Rick Astley",
        "isLiveContent": false
    })
}

fn track(code: &str, name: &str, asr: bool) -> Value {
    let mut url = format!(
        "https://www.youtube.com/api/timedtext?v={ID}&ei=abc&caps=asr&opi=112496729&xoaf=5&hl=en&ip=0.0.0.0&ipbits=0&expire=1700000000&sparams=ip,ipbits,expire,v,ei,caps,opi,xoaf&signature=ABC.DEF&key=yt8&lang={code}&fmt=srv3"
    );
    if asr {
        url = url.replace("&lang=", "&kind=asr&lang=");
    }
    let mut t = json!({
        "baseUrl": url,
        "name": {"runs": [{"text": name}]},
        "vssId": if asr { format!("a.{code}") } else { format!(".{code}") },
        "languageCode": code,
        "isTranslatable": true,
        "trackName": ""
    });
    if asr {
        t["kind"] = json!("asr");
    }
    t
}

/// The InnerTube player response: a manual German track, an auto-generated English one and
/// a manual Spanish one, with translation languages.
pub fn player() -> Value {
    json!({
        "responseContext": {"visitorData": "Cgt"},
        "playabilityStatus": {"status": "OK", "playableInEmbed": true},
        "captions": {"playerCaptionsTracklistRenderer": {
            "captionTracks": [track("de", "German", false), track("en", "English (auto-generated)", true), track("es", "Spanish", false)],
            "audioTracks": [{"captionTrackIndices": [0, 1, 2]}],
            "translationLanguages": [
                {"languageCode": "fr", "languageName": {"runs": [{"text": "French"}]}},
                {"languageCode": "ja", "languageName": {"runs": [{"text": "Japanese"}]}}
            ],
            "defaultAudioTrackIndex": 0
        }},
        "videoDetails": details()
    })
}

/// The watch page's own player response (the web client's, with the microformat).
pub fn page_player() -> Value {
    json!({
        "playabilityStatus": {"status": "OK"},
        "videoDetails": details(),
        "microformat": {"playerMicroformatRenderer": {
            "title": {"simpleText": "Rick Astley - Never Gonna Give You Up (Official Video)"},
            "description": {"simpleText": "The official video"},
            "lengthSeconds": "213",
            "ownerChannelName": "Rick Astley",
            "externalChannelId": "UCuAXFkgsw1L7xaCfnd5JJOw",
            "category": "Music",
            "publishDate": "2009-10-24T23:57:33-07:00",
            "uploadDate": "2009-10-24T23:57:33-07:00",
            "viewCount": "1700000000"
        }}
    })
}

pub const XML: &str = r#"<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0.0" dur="1.54">Hey there</text><text start="1.54" dur="4.16">how are you &amp;#39;today&amp;#39;?</text><text start="5.7" dur="2.1">&lt;i&gt;[Music]&lt;/i&gt; &amp;amp; more</text><text start="7.8" dur="0.5"></text></transcript>"#;

/// `GET /watch?v=<id>` answering the page.
pub async fn watch(yt: &MockServer, page: &str) {
    expect("GET", "/watch")
        .query("v", ID)
        .header("accept-language", "en-US")
        .respond_with(yt, html(200, page))
        .await;
}

/// `POST /youtubei/v1/player?key=<key>` with the Android client, answering `player`.
pub async fn innertube(yt: &MockServer, player: Value) {
    expect("POST", "/youtubei/v1/player")
        .query("key", KEY)
        .header("accept-language", "en-US")
        .json_body(json!({
            "context": {"client": {"clientName": "ANDROID", "clientVersion": "20.10.38"}},
            "videoId": ID
        }))
        .respond(yt, 200, player)
        .await;
}

/// The timedtext query of a track (as in its baseUrl, `fmt` dropped), `extra` appended.
pub fn timedtext_query(code: &str, asr: bool, extra: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut q: Vec<(String, String)> = [
        ("v", ID),
        ("ei", "abc"),
        ("caps", "asr"),
        ("opi", "112496729"),
        ("xoaf", "5"),
        ("hl", "en"),
        ("ip", "0.0.0.0"),
        ("ipbits", "0"),
        ("expire", "1700000000"),
        ("sparams", "ip,ipbits,expire,v,ei,caps,opi,xoaf"),
        ("signature", "ABC.DEF"),
        ("key", "yt8"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    if asr {
        q.push(("kind".into(), "asr".into()));
    }
    q.push(("lang".into(), code.into()));
    for (k, v) in extra {
        q.push((k.to_string(), v.to_string()));
    }
    q
}

/// `GET /api/timedtext?…` answering `body`.
pub async fn timedtext(yt: &MockServer, query: Vec<(String, String)>, body: ResponseTemplate) {
    let mut e = expect("GET", "/api/timedtext").header("accept-language", "en-US");
    for (k, v) in query {
        e = e.query(&k, v);
    }
    e.respond_with(yt, body).await;
}
