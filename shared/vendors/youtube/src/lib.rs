//! YouTube's public web endpoints, read the way a browser's player does: a video's watch page,
//! its InnerTube player response, its caption tracks and their timedtext files. These are not
//! a published API and may change; the YouTube Data API gives caption files only to a video's
//! owner. Used by the `youtube_transcript` server and by the `youtube` server's
//! `--profile toolathlon` (`transcripts_getTranscript`).
//!
//! The API:
//! - [`Web`]: where the endpoints are (`https://www.youtube.com`, or the operator's override):
//!   the server's own base URL ([`Web::base`]) or one of its extra APIs ([`Web::api`]). Every
//!   request goes through that `mcp_shared` client (timeouts, retries, the server's proxy
//!   settings) and carries none of the caller's credentials.
//! - [`fetch_transcript`]`(web, video, languages)`: a video's captions in the first of
//!   `languages` YouTube has (a translation where it offers one, English as the last
//!   fallback), as a [`Transcript`].
//! - [`video_details`]`(web, video)`: the player response with `videoDetails` and, where the
//!   page has it, `microformat` (title, description, channel, dates, duration, views).
//! - [`video::video_id`], [`languages`]: the arguments as callers give them.
//!
//! With the feature `testkit`, [`testkit`] has recordings of YouTube's answers and the fake's
//! expectations, for the servers' tests.

pub mod captions;
pub mod video;

#[cfg(feature = "testkit")]
pub mod testkit;

use mcp_shared::{Ctx, ErrorKind, Method, Request, ToolError, Upstream};
use serde_json::Value;

pub use captions::Snippet;
pub use video::{runs, video_id};

/// Where YouTube's web endpoints are, and the client that reaches them.
#[derive(Clone, Copy)]
pub struct Web<'a> {
    up: &'a Upstream,
}

impl<'a> Web<'a> {
    /// The server's own base URL is YouTube's web origin (the `youtube_transcript` server).
    pub fn base(ctx: &'a Ctx) -> Self {
        Self { up: ctx.upstream() }
    }

    /// One of the server's extra APIs is YouTube's web origin (`ExtraApi::name`).
    pub fn api(ctx: &'a Ctx, name: &str) -> Result<Self, ToolError> {
        Ok(Self { up: ctx.api(name)? })
    }

    /// A request to `path` on the web origin, without credentials.
    pub(crate) fn request(&self, method: Method, path: &str) -> Request {
        self.up.request(method, path)
    }
}

/// The caption lines of one video in one language, and what was chosen.
pub struct Transcript {
    pub video_id: String,
    pub title: String,
    pub snippets: Vec<Snippet>,
    /// The language of the lines (the translation's, when translated).
    pub language_code: String,
    pub language: String,
    /// Made by speech recognition.
    pub generated: bool,
    /// Translated by YouTube from another track (`tlang`).
    pub translated: bool,
}

/// Language codes from a comma-separated list, in order (`en` when none is given).
pub fn languages(list: &str) -> Vec<String> {
    let mut out: Vec<String> = list
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
        .collect();
    if out.is_empty() {
        out.push("en".to_owned());
    }
    out
}

/// The transcript of `video` (an id or any YouTube URL) in the first of `languages` YouTube
/// has: a track of that language (made by hand before generated), else a translation into it,
/// else an English track; a clear error naming the available languages otherwise. Requests:
/// the watch page, the InnerTube player, the chosen track's timedtext.
pub async fn fetch_transcript(
    web: Web<'_>,
    video: &str,
    languages: &[String],
) -> Result<Transcript, ToolError> {
    let id = video::video_id(video)?;
    let page = video::watch_page(web, &id).await?;
    let player = video::player(web, &id, &page).await?;
    video::playable(&id, &player)?;
    let title = player["videoDetails"]["title"]
        .as_str()
        .map(str::to_owned)
        .or_else(|| {
            page.player
                .as_ref()
                .and_then(|p| p["videoDetails"]["title"].as_str().map(str::to_owned))
        })
        .or(page.title)
        .unwrap_or_default();
    let all = captions::tracks(&id, &player)?;
    let (track, translate) = captions::choose(&id, &all, languages)?;
    let snippets = captions::fetch(web, track, translate.as_deref()).await?;
    let (language_code, language) = match &translate {
        Some(code) => {
            let name = all
                .translations
                .iter()
                .find(|(c, _)| c == code)
                .map(|(_, n)| n.clone())
                .unwrap_or_default();
            (code.clone(), name)
        }
        None => (track.language_code.clone(), track.language.clone()),
    };
    Ok(Transcript {
        video_id: id,
        title,
        snippets,
        language_code,
        language,
        generated: track.generated,
        translated: translate.is_some(),
    })
}

/// What the watch page tells of a video.
pub struct Details {
    pub video_id: String,
    /// A player response with `videoDetails`: the page's own (with `microformat`: upload date,
    /// category), else the InnerTube player's.
    pub player: Value,
    /// The page's `<title>` without ` - YouTube`.
    pub page_title: Option<String>,
}

/// The details of `video` (an id or any YouTube URL): the watch page, and the InnerTube player
/// when the page has no player response; a clear error for a video YouTube will not play.
pub async fn video_details(web: Web<'_>, video: &str) -> Result<Details, ToolError> {
    let id = video::video_id(video)?;
    let page = video::watch_page(web, &id).await?;
    let player = match page.player.clone() {
        Some(p) if p["videoDetails"].is_object() => p,
        _ => video::player(web, &id, &page).await?,
    };
    if !player["videoDetails"].is_object() {
        video::playable(&id, &player)?;
        return Err(ToolError::new(
            ErrorKind::Upstream,
            format!("YouTube gave no details for video {id}."),
        ));
    }
    Ok(Details {
        video_id: id,
        player,
        page_title: page.title,
    })
}
