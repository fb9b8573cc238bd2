//! Caption tracks of a player response (`captions.playerCaptionsTracklistRenderer`), the choice
//! of one by language, and its download from the track's timedtext `baseUrl` (XML
//! `<transcript><text start dur>`, or json3 `events[].segs[].utf8`).

use mcp_shared::{ErrorKind, Method, ToolError};
use quick_xml::Reader;
use quick_xml::events::Event;
use serde_json::Value;

use crate::Web;
use crate::video::{runs, unescape_html};

/// One caption track.
pub struct Track {
    pub language_code: String,
    pub language: String,
    /// Made by speech recognition (`kind: "asr"`).
    pub generated: bool,
    pub translatable: bool,
    pub base_url: String,
}

/// The tracks and the languages YouTube can translate them into.
pub struct Tracks {
    pub tracks: Vec<Track>,
    /// `(code, name)`.
    pub translations: Vec<(String, String)>,
}

/// The player response's caption tracks; a clear error when the video has none.
pub fn tracks(id: &str, player: &Value) -> Result<Tracks, ToolError> {
    let list = &player["captions"]["playerCaptionsTracklistRenderer"];
    let tracks: Vec<Track> = list["captionTracks"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| {
            Some(Track {
                language_code: t["languageCode"].as_str()?.to_owned(),
                language: runs(&t["name"]).unwrap_or_default(),
                generated: t["kind"].as_str() == Some("asr"),
                translatable: t["isTranslatable"].as_bool().unwrap_or(false),
                base_url: t["baseUrl"].as_str()?.to_owned(),
            })
        })
        .collect();
    if tracks.is_empty() {
        return Err(ToolError::new(
            ErrorKind::Upstream,
            format!("Video {id} has no captions: its owner turned them off, or YouTube made none."),
        )
        .with_code("NO_CAPTIONS")
        .with_hint(
            "No transcript can be read for this video; its details (title, description) can still be read.",
        ));
    }
    let translations = list["translationLanguages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|l| {
            Some((
                l["languageCode"].as_str()?.to_owned(),
                runs(&l["languageName"]).unwrap_or_default(),
            ))
        })
        .collect();
    Ok(Tracks {
        tracks,
        translations,
    })
}

/// The track to read: for each wanted code in order, a manual track, then a generated one;
/// failing all, a translation into the first wanted code that YouTube offers (`Some(code)`);
/// failing that, an English track (the variant's fallback).
pub fn choose<'a>(
    id: &str,
    all: &'a Tracks,
    wanted: &[String],
) -> Result<(&'a Track, Option<String>), ToolError> {
    let same = |t: &Track, code: &str| t.language_code.eq_ignore_ascii_case(code);
    let existing = |codes: &[String]| {
        codes.iter().find_map(|code| {
            [false, true].into_iter().find_map(|generated| {
                all.tracks
                    .iter()
                    .find(|t| t.generated == generated && same(t, code))
            })
        })
    };
    if let Some(t) = existing(wanted) {
        return Ok((t, None));
    }
    for code in wanted {
        let offered = all
            .translations
            .iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(code));
        let source = all
            .tracks
            .iter()
            .filter(|t| t.translatable)
            .min_by_key(|t| t.generated);
        if let (Some((c, _)), Some(t)) = (offered, source) {
            return Ok((t, Some(c.clone())));
        }
    }
    let english = ["en".to_owned()];
    if let Some(t) = existing(&english) {
        return Ok((t, None));
    }
    let mut tried = wanted.to_vec();
    if !tried.iter().any(|c| c.eq_ignore_ascii_case("en")) {
        tried.push("en".to_owned());
    }
    let available: Vec<String> = all
        .tracks
        .iter()
        .map(|t| {
            format!(
                "{} ({}{})",
                t.language_code,
                t.language,
                if t.generated { ", auto-generated" } else { "" }
            )
        })
        .collect();
    Err(ToolError::invalid_input(format!(
        "Video {id} has no transcript in {}. Available: {}{}.",
        tried.join(", "),
        available.join("; "),
        if all.translations.is_empty() {
            String::new()
        } else {
            format!(
                "; YouTube can also translate into {} languages ({})",
                all.translations.len(),
                all.translations
                    .iter()
                    .take(20)
                    .map(|(c, _)| c.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    )))
}

/// One caption line.
#[derive(Debug, Clone, PartialEq)]
pub struct Snippet {
    pub text: String,
    pub start: f64,
    pub duration: f64,
}

/// The path and query of a caption track URL on the configured base. A track URL on any other
/// host than www.youtube.com (or the base itself) is refused.
fn track_path(base_url: &str, translate: Option<&str>) -> Result<String, ToolError> {
    let refuse = || {
        ToolError::new(
            ErrorKind::Upstream,
            "YouTube gave a caption track URL outside www.youtube.com; refusing to follow it.",
        )
    };
    let url = if base_url.starts_with('/') {
        url::Url::parse(&format!("https://www.youtube.com{base_url}")).map_err(|_| refuse())?
    } else {
        url::Url::parse(base_url).map_err(|_| refuse())?
    };
    if url.scheme() != "https" || url.host_str() != Some("www.youtube.com") {
        return Err(refuse());
    }
    let mut pairs: Vec<(String, String)> = url
        .query_pairs()
        .filter(|(k, _)| k != "fmt" && k != "tlang")
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    if pairs.iter().any(|(k, v)| k == "exp" && v == "xpe") {
        return Err(ToolError::new(
            ErrorKind::Upstream,
            "YouTube asks for a proof-of-origin token to download this caption track, which this server cannot give.",
        )
        .with_hint("Retry later: YouTube changes which clients need it."));
    }
    if let Some(code) = translate {
        pairs.push(("tlang".into(), code.into()));
    }
    let query = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish();
    Ok(format!("{}?{query}", url.path()))
}

/// Download and parse a track (translated into `translate` when given).
pub async fn fetch(
    web: Web<'_>,
    track: &Track,
    translate: Option<&str>,
) -> Result<Vec<Snippet>, ToolError> {
    let path = track_path(&track.base_url, translate)?;
    let resp = web
        .request(Method::GET, &path)
        .header("Accept-Language", "en-US")
        .send()
        .await?;
    let body = resp.text();
    if body.trim().is_empty() {
        return Err(ToolError::new(
            ErrorKind::Upstream,
            "YouTube answered the caption track with an empty body (it does so for clients it blocks).",
        )
        .with_hint(
            "Retry later, or route the server's requests to YouTube through an outbound proxy (its README says how).",
        ));
    }
    parse(&body)
}

/// The lines of a timedtext body: json3 (`{"events":…}`) or XML (`<transcript><text start dur>`).
pub fn parse(body: &str) -> Result<Vec<Snippet>, ToolError> {
    if body.trim_start().starts_with('{') {
        json3(body)
    } else {
        xml(body)
    }
}

/// Text as shown: HTML references decoded, formatting tags (`<i>`, `<font>`) dropped.
fn clean(s: &str) -> String {
    let s = unescape_html(s);
    let mut out = String::with_capacity(s.len());
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.trim().to_owned()
}

fn bad_track(e: impl std::fmt::Display) -> ToolError {
    ToolError::transport(format!("YouTube's caption track could not be read: {e}"))
}

/// `<transcript><text start="1.2" dur="3.4">…</text>…</transcript>`.
fn xml(body: &str) -> Result<Vec<Snippet>, ToolError> {
    let mut reader = Reader::from_str(body);
    let mut out = Vec::new();
    let mut current: Option<(f64, f64, String)> = None;
    loop {
        match reader.read_event().map_err(bad_track)? {
            Event::Start(e) if e.name().as_ref() == "text" => {
                let mut start = 0.0;
                let mut dur = 0.0;
                for a in e.attributes().flatten() {
                    let v = a
                        .normalized_value(quick_xml::XmlVersion::default())
                        .map_err(bad_track)?;
                    match a.key.as_ref() {
                        "start" => start = v.parse().unwrap_or(0.0),
                        "dur" => dur = v.parse().unwrap_or(0.0),
                        _ => {}
                    }
                }
                current = Some((start, dur, String::new()));
            }
            Event::Text(t) => {
                if let Some((_, _, text)) = &mut current {
                    text.push_str(&t.xml10_content());
                }
            }
            Event::GeneralRef(r) => {
                if let Some((_, _, text)) = &mut current {
                    let name: &str = r.as_ref();
                    text.push_str(&unescape_html(&format!("&{name};")));
                }
            }
            Event::CData(t) => {
                if let Some((_, _, text)) = &mut current {
                    text.push_str(t.as_ref());
                }
            }
            Event::End(e) if e.name().as_ref() == "text" => {
                if let Some((start, duration, text)) = current.take() {
                    let text = clean(&text);
                    if !text.is_empty() {
                        out.push(Snippet {
                            text,
                            start,
                            duration,
                        });
                    }
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(out)
}

/// json3: `{"events":[{"tStartMs":0,"dDurationMs":1500,"segs":[{"utf8":"…"}]}]}`.
fn json3(body: &str) -> Result<Vec<Snippet>, ToolError> {
    let v: Value = serde_json::from_str(body).map_err(bad_track)?;
    Ok(v["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| {
            let text: String = e["segs"]
                .as_array()?
                .iter()
                .filter_map(|s| s["utf8"].as_str())
                .collect();
            let text = clean(&text.replace('\n', " "));
            (!text.is_empty()).then(|| Snippet {
                text,
                start: e["tStartMs"].as_f64().unwrap_or(0.0) / 1000.0,
                duration: e["dDurationMs"].as_f64().unwrap_or(0.0) / 1000.0,
            })
        })
        .collect())
}
