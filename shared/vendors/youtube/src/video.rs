//! A video's id from what the caller gives, its watch page and its player response.
//!
//! The flow (YouTube's web endpoints, not a published API):
//! 1. `GET /watch?v=<id>` (`Accept-Language: en-US`): the page embeds the InnerTube API key
//!    (`"INNERTUBE_API_KEY":"…"`) and the page's own player response (`ytInitialPlayerResponse`,
//!    with `videoDetails` and `microformat`).
//! 2. `POST /youtubei/v1/player?key=<key>` with `{"context":{"client":{"clientName":"ANDROID",
//!    "clientVersion":…}},"videoId":<id>}`: the player response whose caption tracks can be
//!    downloaded without a proof-of-origin token.

use mcp_shared::{ErrorKind, Method, ToolError};

use crate::Web;
use serde_json::{Value, json};

/// The InnerTube client the player request names (the Android app's).
pub const CLIENT_NAME: &str = "ANDROID";
pub const CLIENT_VERSION: &str = "20.10.38";

/// A video id: 11 characters of `[A-Za-z0-9_-]`.
fn is_id(s: &str) -> bool {
    s.len() == 11
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The video id of `input`: a bare id, or a `youtube.com/watch?v=`, `youtu.be/`, `/shorts/`,
/// `/embed/`, `/live/` or `/v/` URL (with or without scheme, `www.` or `m.`).
pub fn video_id(input: &str) -> Result<String, ToolError> {
    let s = input.trim();
    if is_id(s) {
        return Ok(s.to_owned());
    }
    let bad = || {
        ToolError::invalid_input(format!(
            "`{s}` is not a YouTube video id or URL: give the 11-character id (dQw4w9WgXcQ) or a URL such as \
             https://www.youtube.com/watch?v=dQw4w9WgXcQ, https://youtu.be/dQw4w9WgXcQ or \
             https://www.youtube.com/shorts/dQw4w9WgXcQ"
        ))
    };
    let with_scheme = if s.contains("://") {
        s.to_owned()
    } else {
        format!("https://{s}")
    };
    let url = url::Url::parse(&with_scheme).map_err(|_| bad())?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(bad());
    }
    let host = url.host_str().unwrap_or_default().to_ascii_lowercase();
    let host = host
        .strip_prefix("www.")
        .or_else(|| host.strip_prefix("m."))
        .or_else(|| host.strip_prefix("music."))
        .unwrap_or(&host);
    let mut segs = url
        .path_segments()
        .into_iter()
        .flatten()
        .filter(|p| !p.is_empty());
    let found = match host {
        "youtu.be" => segs.next().map(str::to_owned),
        "youtube.com" | "youtube-nocookie.com" => match segs.next() {
            Some("watch") => url
                .query_pairs()
                .find(|(k, _)| k == "v")
                .map(|(_, v)| v.into_owned()),
            Some("shorts" | "embed" | "live" | "v" | "e") => segs.next().map(str::to_owned),
            _ => None,
        },
        _ => None,
    };
    found.filter(|id| is_id(id)).ok_or_else(bad)
}

/// What the watch page gives.
pub struct WatchPage {
    /// The InnerTube API key, where the page has it.
    pub api_key: Option<String>,
    /// The page's own player response (`ytInitialPlayerResponse`).
    pub player: Option<Value>,
    /// The page's `<title>` without ` - YouTube`.
    pub title: Option<String>,
}

fn blocked(status: Option<u16>) -> ToolError {
    let why = match status {
        Some(s) => format!("HTTP {s}: too many requests"),
        None => "a CAPTCHA or \"confirm you're not a bot\" page".to_owned(),
    };
    let e = ToolError::new(
        ErrorKind::RateLimited,
        format!("YouTube blocked the request ({why})."),
    )
    .with_hint(
        "These are unofficial endpoints that YouTube blocks for busy or cloud IP addresses: retry later, or \
         route the server's requests to YouTube through an outbound proxy (its README says how).",
    );
    match status {
        Some(s) => e.with_status(s),
        None => e,
    }
}

/// `GET /watch?v=<id>`.
pub async fn watch_page(web: Web<'_>, id: &str) -> Result<WatchPage, ToolError> {
    let resp = web
        .request(Method::GET, "/watch")
        .query("v", id)
        .header("Accept-Language", "en-US")
        .send_raw()
        .await?;
    let status = resp.status.as_u16();
    if status == 429 {
        return Err(blocked(Some(status)));
    }
    if !resp.status.is_success() {
        return Err(resp.error());
    }
    let html = resp.text();
    let api_key = after(&html, "\"INNERTUBE_API_KEY\":")
        .and_then(|rest| {
            serde_json::Deserializer::from_str(rest)
                .into_iter::<String>()
                .next()
        })
        .and_then(Result::ok)
        .filter(|k| !k.is_empty());
    if api_key.is_none() && html.contains("class=\"g-recaptcha\"") {
        return Err(blocked(None));
    }
    let player = after(&html, "ytInitialPlayerResponse = ")
        .and_then(|rest| {
            serde_json::Deserializer::from_str(rest)
                .into_iter::<Value>()
                .next()
        })
        .and_then(Result::ok)
        .filter(Value::is_object);
    let title = after(&html, "<title>")
        .and_then(|rest| rest.split_once("</title>"))
        .map(|(t, _)| unescape_html(t.trim()))
        .map(|t| t.strip_suffix(" - YouTube").map(str::to_owned).unwrap_or(t))
        .filter(|t| !t.is_empty() && t != "YouTube");
    Ok(WatchPage {
        api_key,
        player,
        title,
    })
}

fn after<'a>(s: &'a str, marker: &str) -> Option<&'a str> {
    s.split_once(marker).map(|(_, rest)| rest.trim_start())
}

/// `POST /youtubei/v1/player?key=<key>`: the player response for the Android client.
pub async fn player(web: Web<'_>, id: &str, page: &WatchPage) -> Result<Value, ToolError> {
    let key = page.api_key.as_deref().ok_or_else(|| {
        ToolError::new(
            ErrorKind::Upstream,
            format!(
                "YouTube's watch page for {id} has no InnerTube API key: YouTube changed the page or refused the \
                 request."
            ),
        )
        .with_hint("Retry later; if it persists, the unofficial endpoint changed.")
    })?;
    let resp = web
        .request(Method::POST, "/youtubei/v1/player")
        .query("key", key)
        .header("Accept-Language", "en-US")
        .json(&json!({
            "context": {"client": {"clientName": CLIENT_NAME, "clientVersion": CLIENT_VERSION}},
            "videoId": id,
        }))
        .idempotent(true)
        .send_raw()
        .await?;
    if resp.status.as_u16() == 429 {
        return Err(blocked(Some(429)));
    }
    if !resp.status.is_success() {
        return Err(resp.error());
    }
    resp.json()
}

/// Why the player response cannot play the video, as a clear error; `Ok` when it can.
pub fn playable(id: &str, player: &Value) -> Result<(), ToolError> {
    let ps = &player["playabilityStatus"];
    let status = ps["status"].as_str().unwrap_or("OK");
    let reason = ps["reason"]
        .as_str()
        .map(str::to_owned)
        .or_else(|| runs(&ps["errorScreen"]["playerErrorMessageRenderer"]["reason"]))
        .unwrap_or_default();
    let sub = runs(&ps["errorScreen"]["playerErrorMessageRenderer"]["subreason"]);
    let because = |what: &str| {
        let mut m = format!("Video {id} {what}");
        if !reason.is_empty() {
            m.push_str(&format!(" (YouTube: \"{reason}\""));
            if let Some(s) = &sub {
                m.push_str(&format!("; {s}"));
            }
            m.push(')');
        }
        m.push('.');
        m
    };
    match status {
        "OK" => Ok(()),
        "LOGIN_REQUIRED" if reason.contains("not a bot") => Err(blocked(None)),
        "LOGIN_REQUIRED" | "AGE_CHECK_REQUIRED" | "AGE_VERIFICATION_REQUIRED"
        | "CONTENT_CHECK_REQUIRED" => Err(ToolError::new(
            ErrorKind::Upstream,
            because("is age-restricted or needs a signed-in account"),
        )
        .with_code(status)
        .with_hint("This server signs in to no account, so it cannot read this video's captions or details.")),
        "ERROR" => Err(ToolError::new(ErrorKind::Upstream, because("is unavailable"))
            .with_code(status)
            .with_hint("Check the id or URL: the video may be private, removed or never have existed.")),
        _ => Err(ToolError::new(ErrorKind::Upstream, because("cannot be played"))
            .with_code(status)
            .with_hint("The video may be region-blocked, a members-only video or an offline live stream.")),
    }
}

/// The text of a `{"runs":[{"text":…}]}` or `{"simpleText":…}` object.
pub fn runs(v: &Value) -> Option<String> {
    if let Some(s) = v["simpleText"].as_str() {
        return Some(s.to_owned());
    }
    let t: String = v["runs"]
        .as_array()?
        .iter()
        .filter_map(|r| r["text"].as_str())
        .collect();
    (!t.is_empty()).then_some(t)
}

/// HTML character references (`&amp;`, `&#39;`, `&#x27;`...) decoded.
pub fn unescape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some((before, after_amp)) = rest.split_once('&') {
        out.push_str(before);
        let decoded = after_amp.split_once(';').and_then(|(name, tail)| {
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some('\u{a0}'),
                _ => name
                    .strip_prefix("#x")
                    .or_else(|| name.strip_prefix("#X"))
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .or_else(|| name.strip_prefix('#').and_then(|d| d.parse().ok()))
                    .and_then(char::from_u32),
            };
            c.map(|c| (c, tail))
        });
        match decoded {
            Some((c, tail)) => {
                out.push(c);
                rest = tail;
            }
            None => {
                out.push('&');
                rest = after_amp;
            }
        }
    }
    out.push_str(rest);
    out
}
