//! The three tools: `get_transcript`, `get_timed_transcript`, `get_video_info`.

use mcp_shared::{Ctx, Effect, Output, Profile, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use mcp_vendor_youtube::{Snippet, Web, runs};

/// The server option that sets the characters per answer.
pub const RESPONSE_LIMIT: &str = "response-limit";
const DEFAULT_LIMIT: usize = 50_000;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "get_transcript",
            "Video transcript",
            Effect::Read,
            get_transcript,
        )
        .toolset("transcripts")
        .output::<Transcript>()
        .in_profile(Profile::Toolathlon),
        tool(
            "get_timed_transcript",
            "Timed video transcript",
            Effect::Read,
            get_timed_transcript,
        )
        .toolset("transcripts")
        .output::<TimedTranscript>()
        .in_profile(Profile::Toolathlon),
        tool(
            "get_video_info",
            "Video information",
            Effect::Read,
            get_video_info,
        )
        .toolset("transcripts")
        .output::<VideoInfo>()
        .in_profile(Profile::Toolathlon),
    ]
}

/// Get a public YouTube video's transcript as text, one caption per line. Paged by next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct GetTranscript {
    /// Video URL or id
    url: String,
    /// Language codes, comma-separated, preferred first; else English
    #[serde(default = "en")]
    #[schemars(default = "en")]
    lang: String,
    /// From the previous page
    next_cursor: Option<String>,
}

/// Get a public YouTube video's captions with start and duration in seconds. Paged by next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct GetTimedTranscript {
    /// Video URL or id
    url: String,
    /// Language codes, comma-separated, preferred first; else English
    #[serde(default = "en")]
    #[schemars(default = "en")]
    lang: String,
    /// From the previous page
    next_cursor: Option<String>,
}

/// Get a public YouTube video's title, description, channel, upload date, duration and views.
#[derive(Deserialize, JsonSchema)]
pub struct GetVideoInfo {
    /// Video URL or id
    url: String,
}

fn en() -> String {
    "en".to_owned()
}

#[derive(Serialize, JsonSchema)]
pub struct Transcript {
    title: String,
    transcript: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    next_cursor: Option<String>,
    language_code: String,
    language: String,
    is_generated: bool,
    is_translated: bool,
}

#[derive(Serialize, JsonSchema)]
pub struct TimedSnippet {
    text: String,
    start: f64,
    duration: f64,
}

#[derive(Serialize, JsonSchema)]
pub struct TimedTranscript {
    title: String,
    snippets: Vec<TimedSnippet>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next_cursor: Option<String>,
    language_code: String,
    language: String,
    is_generated: bool,
    is_translated: bool,
}

#[derive(Serialize, JsonSchema)]
pub struct VideoInfo {
    video_id: String,
    title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    uploader: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    channel_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    upload_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    duration: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    length_seconds: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    view_count: Option<u64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    keywords: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    category: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    is_live: Option<bool>,
    url: String,
}

/// The transcript of `url` in the first of `lang`'s languages (comma-separated).
async fn fetch(
    ctx: &Ctx,
    url: &str,
    lang: &str,
) -> Result<mcp_vendor_youtube::Transcript, ToolError> {
    mcp_vendor_youtube::fetch_transcript(Web::base(ctx), url, &mcp_vendor_youtube::languages(lang))
        .await
}

fn limit(ctx: &Ctx) -> Result<usize, ToolError> {
    match ctx.option(RESPONSE_LIMIT) {
        None => Ok(DEFAULT_LIMIT),
        Some(v) => v.trim().parse::<i64>().map(|n| usize::try_from(n).unwrap_or(0)).map_err(|_| {
            ToolError::invalid_input(format!(
                "YOUTUBE_TRANSCRIPT_RESPONSE_LIMIT / --response-limit must be a number of characters, not `{v}`"
            ))
        }),
    }
}

fn cursor(next: Option<&str>, len: usize) -> Result<usize, ToolError> {
    let Some(c) = next.map(str::trim).filter(|c| !c.is_empty()) else {
        return Ok(0);
    };
    c.parse::<usize>()
        .ok()
        .filter(|&i| i < len)
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "`next_cursor` `{c}` is not a cursor this transcript gave (it has {len} lines): pass back the \
                 next_cursor of the previous answer, or omit it for the first page"
            ))
        })
}

/// The snippets of one page from `start`: at least one, then while the text fits `limit`
/// characters (0: no limit). Returns the end index.
fn page_end(snippets: &[Snippet], start: usize, limit: usize) -> usize {
    if limit == 0 {
        return snippets.len();
    }
    let mut used = 0;
    let mut end = start;
    for s in snippets.iter().skip(start) {
        let n = s.text.chars().count() + 1;
        if end > start && used + n > limit {
            break;
        }
        used += n;
        end += 1;
    }
    end
}

async fn get_transcript(ctx: Ctx, a: GetTranscript) -> Result<Output, ToolError> {
    let f = fetch(&ctx, &a.url, &a.lang).await?;
    let start = cursor(a.next_cursor.as_deref(), f.snippets.len())?;
    let end = page_end(&f.snippets, start, limit(&ctx)?);
    let text: Vec<&str> = f
        .snippets
        .get(start..end)
        .unwrap_or_default()
        .iter()
        .map(|s| s.text.as_str())
        .collect();
    to_output(&Transcript {
        title: f.title,
        transcript: text.join("\n"),
        next_cursor: (end < f.snippets.len()).then(|| end.to_string()),
        language_code: f.language_code,
        language: f.language,
        is_generated: f.generated,
        is_translated: f.translated,
    })
}

async fn get_timed_transcript(ctx: Ctx, a: GetTimedTranscript) -> Result<Output, ToolError> {
    let f = fetch(&ctx, &a.url, &a.lang).await?;
    let start = cursor(a.next_cursor.as_deref(), f.snippets.len())?;
    let end = page_end(&f.snippets, start, limit(&ctx)?);
    let total = f.snippets.len();
    let snippets = f
        .snippets
        .into_iter()
        .skip(start)
        .take(end.saturating_sub(start))
        .map(|s| TimedSnippet {
            text: s.text,
            start: s.start,
            duration: s.duration,
        })
        .collect();
    to_output(&TimedTranscript {
        title: f.title,
        snippets,
        next_cursor: (end < total).then(|| end.to_string()),
        language_code: f.language_code,
        language: f.language,
        is_generated: f.generated,
        is_translated: f.translated,
    })
}

fn to_output<T: Serialize>(v: &T) -> Result<Output, ToolError> {
    serde_json::to_value(v)
        .map(Output::Json)
        .map_err(|e| ToolError::transport(format!("cannot encode the answer: {e}")))
}

/// `H:MM:SS`.
fn hms(secs: u64) -> String {
    format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

fn number(v: &Value) -> Option<u64> {
    v.as_u64()
        .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

async fn get_video_info(ctx: Ctx, a: GetVideoInfo) -> Result<Output, ToolError> {
    let details = mcp_vendor_youtube::video_details(Web::base(&ctx), &a.url).await?;
    let id = details.video_id;
    let page_title = details.page_title;
    let player = details.player;
    let d = &player["videoDetails"];
    let m = &player["microformat"]["playerMicroformatRenderer"];
    let s = |v: &Value| v.as_str().map(str::to_owned).filter(|s| !s.is_empty());
    let length = number(&d["lengthSeconds"]).or_else(|| number(&m["lengthSeconds"]));
    to_output(&VideoInfo {
        video_id: id.clone(),
        title: s(&d["title"])
            .or_else(|| runs(&m["title"]))
            .or(page_title)
            .unwrap_or_default(),
        description: s(&d["shortDescription"]).or_else(|| runs(&m["description"])),
        uploader: s(&d["author"]).or_else(|| s(&m["ownerChannelName"])),
        channel_id: s(&d["channelId"]).or_else(|| s(&m["externalChannelId"])),
        upload_date: s(&m["uploadDate"]).or_else(|| s(&m["publishDate"])),
        duration: length.map(hms),
        length_seconds: length,
        view_count: number(&d["viewCount"]).or_else(|| number(&m["viewCount"])),
        keywords: d["keywords"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|k| k.as_str().map(str::to_owned))
            .collect(),
        category: s(&m["category"]),
        is_live: d["isLiveContent"].as_bool(),
        url: format!("https://www.youtube.com/watch?v={id}"),
    })
}
