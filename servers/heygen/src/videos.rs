//! Avatar videos on v3: `POST /v3/videos` (with an `Idempotency-Key`), `GET /v3/videos/{id}`
//! (polled with progress while a tool waits), `GET /v3/videos`, `DELETE /v3/videos/{id}`.

use std::time::Duration;

use crate::api::{data, limit, list, opt, paged};
use mcp_shared::json::{at, insert_opt, pick};
use mcp_shared::pagination::Pages;
use mcp_shared::poll::{self, Outcome, Poll, Progress, Step};
use mcp_shared::{
    Count, Ctx, Effect, ErrorKind, Method, ToolDef, ToolError, non_empty, seg_id, tool,
};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "heygen_generate_avatar_video",
            "Generate avatar video",
            Effect::Write,
            generate_avatar_video,
        )
        .toolset("videos"),
        tool(
            "heygen_get_avatar_video_status",
            "Get video status",
            Effect::Read,
            get_avatar_video_status,
        )
        .toolset("videos"),
        tool(
            "heygen_wait_for_video",
            "Wait for a video",
            Effect::Read,
            wait_for_video,
        )
        .toolset("videos"),
        tool(
            "heygen_list_videos",
            "List videos",
            Effect::Read,
            list_videos,
        )
        .toolset("videos"),
        tool(
            "heygen_delete_video",
            "Delete video",
            Effect::Destructive,
            delete_video,
        )
        .toolset("videos"),
    ]
}

/// How often a waiting tool asks about the video.
const EVERY: Duration = Duration::from_secs(5);
/// The longest wait unless the operator's `--max-wait-secs` says otherwise.
const MAX_WAIT: u64 = 600;

fn video(v: &Value) -> Value {
    pick(
        v,
        &[
            "video_id=id",
            "status",
            "title",
            "video_url",
            "thumbnail_url",
            "video_page_url",
            "subtitle_url",
            "duration",
            "created_at",
            "completed_at",
            "failure_code",
            "failure_message",
        ],
    )
}

/// v3's aspect ratios and resolutions for Klavis's `width` × `height`.
fn dimension(width: u64, height: u64) -> Result<(&'static str, &'static str), ToolError> {
    const RATIOS: [(u64, u64, &str); 5] = [
        (16, 9, "16:9"),
        (9, 16, "9:16"),
        (4, 5, "4:5"),
        (5, 4, "5:4"),
        (1, 1, "1:1"),
    ];
    let bad = || {
        ToolError::invalid_input(format!(
            "HeyGen renders 16:9, 9:16, 4:5, 5:4 or 1:1 videos at 720p, 1080p or 4k; {width}×{height} is none of them (e.g. 1280×720, 1920×1080, 720×1280, 1080×1080)"
        ))
    };
    if width == 0 || height == 0 {
        return Err(bad());
    }
    let ratio = RATIOS
        .iter()
        .find(|(w, h, _)| width * h == height * w)
        .map(|(_, _, r)| *r)
        .ok_or_else(bad)?;
    let resolution = match width.min(height) {
        ..=720 => "720p",
        721..=1080 => "1080p",
        1081..=2160 => "4k",
        _ => return Err(bad()),
    };
    Ok((ratio, resolution))
}

/// Seconds to wait: the caller's, at most the operator's limit (default 600).
fn wait_limit(ctx: &Ctx, seconds: u64) -> Result<Duration, ToolError> {
    let max = ctx
        .option_secs("max-wait-secs")?
        .unwrap_or(Duration::from_secs(MAX_WAIT));
    Ok(Duration::from_secs(seconds).min(max))
}

/// One status answer: done when completed, an error when failed, else still pending.
fn step(v: Value) -> Result<Step<Value>, ToolError> {
    let d = data(&v);
    match at(d, "status").and_then(Value::as_str) {
        Some("completed") => Ok(Step::Done(video(d))),
        Some("failed") => Err(failed(d)),
        s => Ok(Step::Pending(Progress::status(format!(
            "video {}",
            s.unwrap_or("processing")
        )))),
    }
}

fn failed(d: &Value) -> ToolError {
    let s = |k: &str| at(d, k).and_then(Value::as_str);
    let code = s("failure_code")
        .map(|c| format!(" ({c})"))
        .unwrap_or_default();
    ToolError::new(
        ErrorKind::Upstream,
        format!(
            "the HeyGen video {} failed{code}: {}",
            s("id").unwrap_or("?"),
            s("failure_message").unwrap_or("no reason given")
        ),
    )
}

/// Poll `GET /v3/videos/{id}` with progress for at most `wait`; the video when completed, its
/// id and status (and the tool to ask again) when still rendering.
async fn wait(ctx: &Ctx, id: &str, wait: Duration) -> Result<Value, ToolError> {
    let path = format!("/v3/videos/{}", seg_id(id, "video_id")?);
    let outcome = poll::until_done(ctx, Poll::every(EVERY).at_most(wait), |_| async {
        let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
        step(v)
    })
    .await?;
    Ok(match outcome {
        Outcome::Done(v) => v,
        Outcome::StillRunning { waited, last } => json!({
            "video_id": id,
            "status": last.message.as_deref().and_then(|m| m.strip_prefix("video ")).unwrap_or("processing"),
            "note": format!("still rendering after {} s: call heygen_wait_for_video or heygen_get_avatar_video_status with this video_id later", waited.as_secs()),
        }),
    })
}

/// Start rendering an avatar video speaking `text` (spends credits). Returns its video_id at
/// once, or waits up to `wait_seconds` for the finished video, with progress. Started once
/// even if the call is retried.
#[derive(Deserialize, JsonSchema)]
pub struct GenerateAvatarVideo {
    /// A look id (heygen_list_avatars)
    avatar_id: String,
    /// The script the avatar speaks
    text: String,
    /// From heygen_get_voices
    voice_id: String,
    /// Hex, e.g. `#ffffff`; else the avatar's own
    background_color: Option<String>,
    /// With height, one of 16:9, 9:16, 4:5, 5:4, 1:1; the short side picks 720p, 1080p or 4k
    #[schemars(extend("default" = 1280))]
    width: Option<Count>,
    #[schemars(extend("default" = 720))]
    height: Option<Count>,
    /// Only `normal`: v3 has no circle or closeUp styles
    #[schemars(extend("default" = "normal"))]
    avatar_style: Option<String>,
    /// Title in the HeyGen app
    title: Option<String>,
    /// 0 (default): return the video_id at once
    #[schemars(range(max = 600))]
    wait_seconds: Option<Count>,
}

async fn generate_avatar_video(ctx: Ctx, a: GenerateAvatarVideo) -> Result<Value, ToolError> {
    let style = opt(&a.avatar_style).unwrap_or("normal");
    if !style.eq_ignore_ascii_case("normal") {
        return Err(ToolError::invalid_input(format!(
            "avatar_style `{style}` is gone: HeyGen's v3 video API has no avatar styles (circle and closeUp were v2 only); leave avatar_style out"
        )));
    }
    let (ratio, resolution) = dimension(
        a.width.map_or(1280, Count::get),
        a.height.map_or(720, Count::get),
    )?;
    let mut body = Map::new();
    body.insert("type".into(), json!("avatar"));
    body.insert(
        "avatar_id".into(),
        json!(non_empty(&a.avatar_id, "avatar_id")?),
    );
    body.insert("script".into(), json!(non_empty(&a.text, "text")?));
    body.insert(
        "voice_id".into(),
        json!(non_empty(&a.voice_id, "voice_id")?),
    );
    body.insert("aspect_ratio".into(), json!(ratio));
    body.insert("resolution".into(), json!(resolution));
    if let Some(c) = opt(&a.background_color) {
        let hex = c.strip_prefix('#').unwrap_or(c);
        if !(hex.len() == 6 || hex.len() == 3) || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(ToolError::invalid_input(format!(
                "background_color must be a hex color such as `#ffffff` (got `{c}`)"
            )));
        }
        body.insert(
            "background".into(),
            json!({"type": "color", "value": format!("#{hex}")}),
        );
    }
    insert_opt(&mut body, "title", opt(&a.title));
    let wait_for = wait_limit(&ctx, a.wait_seconds.map_or(0, Count::get))?;
    // HeyGen answers a repeated Idempotency-Key with the first answer: safe to retry.
    let v: Value = ctx
        .authorized(Method::POST, "/v3/videos")?
        .idempotency_key("Idempotency-Key")
        .json(&body)
        .send_json()
        .await?;
    let d = data(&v);
    let id = at(d, "video_id")
        .and_then(Value::as_str)
        .ok_or_else(|| {
            ToolError::new(
                ErrorKind::Upstream,
                "HeyGen started no video (its answer has no video_id)",
            )
        })?
        .to_owned();
    if wait_for.is_zero() {
        return Ok(pick(d, &["video_id", "status"]));
    }
    wait(&ctx, &id, wait_for).await
}

/// Check a video once: status (pending, processing, completed, failed), and when completed
/// its video_url (a presigned link that expires), thumbnail, duration; failure_code and
/// failure_message when failed.
#[derive(Deserialize, JsonSchema)]
pub struct GetVideoStatus {
    video_id: String,
}

async fn get_avatar_video_status(ctx: Ctx, a: GetVideoStatus) -> Result<Value, ToolError> {
    let path = format!("/v3/videos/{}", seg_id(&a.video_id, "video_id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(video(data(&v)))
}

/// Wait for a video to finish rendering, with progress notifications: the completed video
/// (video_url...), an error if it failed, or its status when still rendering at the limit.
#[derive(Deserialize, JsonSchema)]
pub struct WaitForVideo {
    video_id: String,
    /// Longest wait in seconds
    #[schemars(extend("default" = 120), range(max = 600))]
    wait_seconds: Option<Count>,
}

async fn wait_for_video(ctx: Ctx, a: WaitForVideo) -> Result<Value, ToolError> {
    let id = non_empty(&a.video_id, "video_id")?.to_owned();
    let wait_for = wait_limit(&ctx, a.wait_seconds.map_or(120, Count::get))?;
    wait(&ctx, &id, wait_for).await
}

/// List the account's videos: video_id, title, status, video_url, times.
#[derive(Deserialize, JsonSchema)]
pub struct ListVideos {
    /// 1-100
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    /// Skip this many videos first (the result then gives `next_offset`); or page with `token`
    #[schemars(extend("default" = 0))]
    offset: Option<Count>,
    /// `next_token` of the previous page
    token: Option<String>,
    /// Only videos whose title contains this
    title: Option<String>,
}

async fn list_videos(ctx: Ctx, a: ListVideos) -> Result<Value, ToolError> {
    let n = limit(a.limit, 20, 100)?;
    let offset = a.offset.map_or(0, Count::get);
    let title = opt(&a.title);
    if offset == 0 {
        let v: Value = list(&ctx, "/v3/videos", n, &a.token)?
            .query_opt("title", title)
            .send_json()
            .await?;
        return Ok(paged(&v, video));
    }
    if opt(&a.token).is_some() {
        return Err(ToolError::invalid_input(
            "give `offset` or `token`, not both",
        ));
    }
    // v3 pages by cursor only: read pages and skip `offset` videos.
    let (mut skip, want) = (offset, usize::try_from(n).unwrap_or(100));
    let mut items = Vec::new();
    let mut pages = Pages::with_cap(20);
    let mut token: Option<String> = None;
    let mut more;
    loop {
        let size = skip.saturating_add(n).min(100);
        let v: Value = list(&ctx, "/v3/videos", size, &token)?
            .query_opt("title", title)
            .send_json()
            .await?;
        let page: Vec<Value> = v
            .get("data")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let dropped = usize::try_from(skip).unwrap_or(usize::MAX).min(page.len());
        skip -= dropped as u64;
        let rest = page.len() - dropped;
        let take = rest.min(want - items.len());
        items.extend(page.iter().skip(dropped).take(take).map(video));
        more = take < rest || v.get("has_more").and_then(Value::as_bool).unwrap_or(false);
        if items.len() >= want || !more {
            break;
        }
        match pages.next(v.get("next_token").and_then(Value::as_str)) {
            Some(t) => token = Some(t),
            None => {
                more = false;
                break;
            }
        }
    }
    let returned = items.len() as u64;
    let mut out = json!({
        "items": items,
        "has_more": more,
        "next_offset": if more { json!(offset + returned) } else { Value::Null },
    });
    if let Some(note) = pages.note() {
        out["note"] = json!(note);
    }
    Ok(out)
}

/// Delete a video and its files for good. Returns its id and `deleted: true`.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteVideo {
    video_id: String,
}

async fn delete_video(ctx: Ctx, a: DeleteVideo) -> Result<Value, ToolError> {
    let path = format!("/v3/videos/{}", seg_id(&a.video_id, "video_id")?);
    let v: Value = ctx.authorized(Method::DELETE, &path)?.send_json().await?;
    Ok(pick(data(&v), &["video_id=id", "deleted"]))
}
