//! Transcripts through the official captions API only: captions.list finds a video's caption
//! tracks, captions.download (`tfmt=srt`) fetches one, and the SubRip (or WebVTT) cues
//! become plain text. YouTube serves caption files only to the video's owner (or a channel
//! allowed to edit it); for other videos the tools say that the transcript cannot be had.
//! Nothing here reads youtube.com pages.

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, ErrorKind, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{CAPTIONS_DOWNLOAD, CAPTIONS_LIST, data, is_quota, send, send_raw, video_id};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "get_youtube_video_transcript",
            "Get video transcript",
            Effect::Read,
            get_transcript,
        )
        .toolset("transcripts"),
        tool(
            "youtube_list_captions",
            "List caption tracks",
            Effect::Read,
            list_captions,
        )
        .toolset("transcripts"),
    ]
}

/// A 403 from the captions API (not a quota error nor a missing scope): the transcript
/// cannot be had.
fn not_owner(video: &str, e: ToolError) -> ToolError {
    let scope = matches!(
        e.code.as_deref(),
        Some("insufficientPermissions" | "ACCESS_TOKEN_SCOPE_INSUFFICIENT")
    );
    if e.status != Some(403) || is_quota(&e) || scope {
        return e;
    }
    let mut e = e.context(format!(
        "The transcript of video {video} cannot be had: YouTube's captions API serves caption tracks only to the video's owner \
         (or a channel allowed to edit it), and this server does not scrape youtube.com"
    ));
    e.hint = Some(
        "sign in with the channel that owns the video; for other videos youtube_get_video_details gives the title and description."
            .into(),
    );
    e.generic_hint = false;
    e
}

async fn tracks(ctx: &Ctx, video: &str) -> Result<Vec<Value>, ToolError> {
    let v = send(
        CAPTIONS_LIST,
        data(ctx, Method::GET, "/captions")?
            .query("part", "snippet")
            .query("videoId", video),
    )
    .await
    .map_err(|e| not_owner(video, e))?;
    Ok(v.get("items")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default())
}

fn track(t: &Value) -> Value {
    pick(
        t,
        &[
            "id",
            "language=snippet.language",
            "name=snippet.name",
            "trackKind=snippet.trackKind",
            "status=snippet.status",
            "isDraft=snippet.isDraft",
            "lastUpdated=snippet.lastUpdated",
        ],
    )
}

/// List a video's caption tracks: id, language, name, kind (standard, asr = automatic,
/// forced), status. Works for videos the user owns. Quota: 50 units.
#[derive(Deserialize, JsonSchema)]
pub struct ListCaptions {
    /// Video id or URL
    video_id: String,
}

async fn list_captions(ctx: Ctx, a: ListCaptions) -> Result<Value, ToolError> {
    let id = video_id(&a.video_id, "video_id")?;
    let list: Vec<Value> = tracks(&ctx, &id).await?.iter().map(track).collect();
    Ok(json!({ "video_id": id, "total_count": list.len(), "captions": list }))
}

/// The track to read: the first preferred language (exact or regional, `en` takes `en-GB`)
/// that has a usable track, human-made before automatic; else any usable track.
fn choose<'a>(list: &'a [Value], langs: &[String]) -> Option<&'a Value> {
    let usable = |t: &&Value| {
        at(t, "snippet.status").and_then(Value::as_str) != Some("failed")
            && at(t, "snippet.isDraft").and_then(Value::as_bool) != Some(true)
    };
    let rank = |t: &Value| match at(t, "snippet.trackKind").and_then(Value::as_str) {
        Some("standard") => 0,
        Some("asr") => 1,
        _ => 2,
    };
    let lang_of = |t: &Value| {
        at(t, "snippet.language")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    for l in langs {
        let best = list
            .iter()
            .filter(usable)
            .filter(|t| {
                let tl = lang_of(t);
                tl == *l || tl.starts_with(&format!("{l}-"))
            })
            .min_by_key(|t| rank(t));
        if best.is_some() {
            return best;
        }
    }
    list.iter().filter(usable).min_by_key(|t| rank(t))
}

/// Seconds of an SRT/VTT time (`00:01:02,345`, `01:02.345`).
fn seconds(t: &str) -> Option<f64> {
    let t = t.trim().replace(',', ".");
    let parts: Vec<&str> = t.split(':').collect();
    let mut total = 0.0;
    for p in &parts {
        total = total * 60.0 + p.parse::<f64>().ok()?;
    }
    (parts.len() >= 2).then_some(total)
}

/// `MM:SS`, or `HH:MM:SS` from an hour on.
fn clock(secs: f64) -> String {
    let s = secs.max(0.0) as u64;
    let (h, m, s) = (s / 3600, (s / 60) % 60, s % 60);
    if h > 0 {
        format!("{h:02}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

/// Text without markup tags (`<i>`, `<c>`, `<00:00:01.000>`).
fn untag(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut depth = false;
    for c in s.chars() {
        match c {
            '<' => depth = true,
            '>' if depth => depth = false,
            c if !depth => out.push(c),
            _ => {}
        }
    }
    out.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&quot;", "\"")
        .replace("&nbsp;", " ")
}

/// One cue: start and end (seconds) and its text on one line.
pub struct Cue {
    pub start: f64,
    pub end: f64,
    pub text: String,
}

/// The cues of a SubRip or WebVTT file, in order, consecutive repeats dropped.
pub fn cues(file: &str) -> Vec<Cue> {
    let norm = file.replace("\r\n", "\n").replace('\r', "\n");
    let mut out: Vec<Cue> = Vec::new();
    for block in norm.split("\n\n") {
        let mut lines = block.lines().skip_while(|l| !l.contains("-->"));
        let Some(timing) = lines.next() else { continue };
        let (a, b) = timing.split_once("-->").unwrap_or((timing, ""));
        // VTT cue settings follow the end time (`00:00:02.000 align:start`).
        let b = b.split_whitespace().next().unwrap_or("");
        let text: Vec<String> = lines
            .map(|l| untag(l).trim().to_owned())
            .filter(|l| !l.is_empty())
            .collect();
        let text = text.join(" ");
        if text.is_empty() {
            continue;
        }
        if out.last().is_some_and(|c| c.text == text) {
            continue;
        }
        out.push(Cue {
            start: seconds(a).unwrap_or(0.0),
            end: seconds(b).unwrap_or(0.0),
            text,
        });
    }
    out
}

/// Get a video's transcript from its caption track (official captions API), as plain text
/// or timed segments (`timestamps`). YouTube serves captions only to the video's owner: for
/// other videos this fails saying so. Quota: 250 units (captions.list 50, captions.download
/// 200).
#[derive(Deserialize, JsonSchema)]
pub struct GetTranscript {
    /// Video URL or id
    url: String,
    /// Preferred languages, comma-separated (default: the server's TRANSCRIPT_LANGUAGE, else
    /// en); other languages when none has a track
    language: Option<String>,
    /// Segments with start and end times (MM:SS) instead of one text
    #[schemars(extend("default" = false))]
    timestamps: Option<bool>,
}

async fn get_transcript(ctx: Ctx, a: GetTranscript) -> Result<Value, ToolError> {
    let id = video_id(&a.url, "url")?;
    let prefs = a
        .language
        .as_deref()
        .filter(|l| !l.trim().is_empty())
        .or(ctx.option("transcript-language"))
        .unwrap_or("en");
    let langs: Vec<String> = prefs
        .split(',')
        .map(|l| l.trim().to_ascii_lowercase())
        .filter(|l| !l.is_empty())
        .collect();
    let list = tracks(&ctx, &id).await?;
    let Some(t) = choose(&list, &langs) else {
        return Err(ToolError::new(
            ErrorKind::Upstream,
            format!(
                "Video {id} has no caption track that can be downloaded ({} track(s), none serving), so no transcript can be had.",
                list.len()
            ),
        ));
    };
    let track_id = at(t, "id").and_then(Value::as_str).unwrap_or_default();
    let resp = send_raw(
        CAPTIONS_DOWNLOAD,
        data(&ctx, Method::GET, &format!("/captions/{}", seg(track_id)))?.query("tfmt", "srt"),
    )
    .await
    .map_err(|e| not_owner(&id, e))?;
    let cues = cues(&resp.text());
    let language = at(t, "snippet.language").cloned().unwrap_or(Value::Null);
    let mut out = json!({
        "video_id": id,
        "caption_id": track_id,
        "language": language,
        "track_kind": at(t, "snippet.trackKind").cloned().unwrap_or(Value::Null),
    });
    if a.timestamps == Some(true) {
        out["transcript"] = cues
            .iter()
            .map(|c| json!({"start": clock(c.start), "end": clock(c.end), "text": c.text}))
            .collect();
    } else {
        let text: Vec<&str> = cues.iter().map(|c| c.text.as_str()).collect();
        out["text"] = json!(text.join("\n"));
    }
    let lang = language.as_str().unwrap_or("").to_ascii_lowercase();
    if !langs
        .iter()
        .any(|l| lang == *l || lang.starts_with(&format!("{l}-")))
    {
        out["note"] = json!(format!(
            "no track in {}: this is the {} track",
            langs.join(", "),
            if lang.is_empty() { "only" } else { &lang }
        ));
    }
    Ok(out)
}
