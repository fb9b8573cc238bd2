//! What the tools share: Data API requests under `/youtube/v3`, Analytics requests on the
//! Analytics API, each call's quota cost and the quota error that names it, page sizes and
//! tokens, video ids from URLs, and the concise shapes of videos, channels and playlists.

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::America::Los_Angeles;
use mcp_shared::json::{at, pick};
pub use mcp_shared::pagination::cursor;
use mcp_shared::text::ellipsis;
use mcp_shared::{Ctx, Method, Request, Response, ToolError, VendorError};
pub use mcp_vendor_google::next_page_token as next_token;
use serde_json::{Map, Value, json};

/// The Data API's path prefix under the base URL (discovery: `youtube/v3/...`).
pub const V3: &str = "/youtube/v3";

/// Which API a call goes to (their quotas are separate).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Api {
    Data,
    Analytics,
}

/// One API method and its quota cost in units (Google's quota cost table; Analytics calls
/// do not count Data API units).
#[derive(Clone, Copy)]
pub struct Call {
    pub method: &'static str,
    pub units: u32,
    pub api: Api,
}

const fn data_call(method: &'static str, units: u32) -> Call {
    Call {
        method,
        units,
        api: Api::Data,
    }
}

pub const CHANNELS_LIST: Call = data_call("channels.list", 1);
pub const SEARCH_LIST: Call = data_call("search.list", 100);
pub const VIDEOS_LIST: Call = data_call("videos.list", 1);
pub const VIDEOS_RATE: Call = data_call("videos.rate", 50);
pub const PLAYLISTS_LIST: Call = data_call("playlists.list", 1);
pub const PLAYLISTS_INSERT: Call = data_call("playlists.insert", 50);
pub const PLAYLIST_ITEMS_LIST: Call = data_call("playlistItems.list", 1);
pub const PLAYLIST_ITEMS_INSERT: Call = data_call("playlistItems.insert", 50);
pub const SUBSCRIPTIONS_LIST: Call = data_call("subscriptions.list", 1);
pub const CAPTIONS_LIST: Call = data_call("captions.list", 50);
pub const CAPTIONS_DOWNLOAD: Call = data_call("captions.download", 200);
pub const REPORTS_QUERY: Call = Call {
    method: "reports.query",
    units: 0,
    api: Api::Analytics,
};

/// An authenticated Data API request to `/youtube/v3{path}`.
pub fn data(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    ctx.authorized(method, &format!("{V3}{path}"))
}

/// An authenticated YouTube Analytics API request (`path` under `.../v2`).
pub fn analytics(ctx: &Ctx, path: &str) -> Result<Request, ToolError> {
    ctx.api_authorized("analytics", Method::GET, path)
}

/// Send `req` (the API method `call`) and decode its JSON; a quota error names the call.
pub async fn send(call: Call, req: Request) -> Result<Value, ToolError> {
    req.send_json().await.map_err(|e| quota_error(call, e))
}

/// Send `req` and keep the whole response (bodiless answers, caption files).
pub async fn send_raw(call: Call, req: Request) -> Result<Response, ToolError> {
    req.send().await.map_err(|e| quota_error(call, e))
}

// ---- errors

const QUOTA_REASONS: [&str; 2] = ["quotaExceeded", "dailyLimitExceeded"];

/// Whether `e` is YouTube's "quota used up" (`quotaExceeded`, `dailyLimitExceeded`).
pub fn is_quota(e: &ToolError) -> bool {
    e.code
        .as_deref()
        .is_some_and(|c| QUOTA_REASONS.contains(&c))
}

/// Text without HTML tags (YouTube's quota message links the word "quota").
fn strip_tags(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// Google's error format, read by the shared Google parser; YouTube's quota errors are not
/// retried (the daily quota does not come back in seconds) and keep their reason as the code.
pub fn parse_error(
    status: u16,
    headers: &mcp_shared::reexports::http::HeaderMap,
    body: &Value,
) -> VendorError {
    let mut v = mcp_vendor_google::parse_error(status, headers, body);
    v.message = v.message.as_deref().map(strip_tags);
    if let Some(hint) = credential_hint(status, body, v.message.as_deref().unwrap_or_default()) {
        v.hint = Some(hint.to_owned());
    }
    let reasons = body
        .pointer("/error/errors")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|e| e.get("reason").and_then(Value::as_str));
    if let Some(r) = reasons.into_iter().find(|r| QUOTA_REASONS.contains(r)) {
        v.code = Some(r.to_owned());
        v.rate_limited = false;
        v.hint = Some(format!(
            "the project's daily YouTube quota is used up; it resets at midnight Pacific time ({}).",
            reset_text(Utc::now())
        ));
    }
    v
}

/// What to do about an error that is about the credential's kind: an API key where the
/// method needs the user's OAuth token, or an API key Google does not take. Google names these
/// in `errors[].reason` (`required`, `authorizationRequired`, `keyInvalid`), in
/// `details[].reason` (`CREDENTIALS_MISSING`, `API_KEY_INVALID`, `SERVICE_DISABLED`) or only
/// in the message.
fn credential_hint(status: u16, body: &Value, message: &str) -> Option<&'static str> {
    let err = body.get("error").unwrap_or(body);
    let reasons: Vec<&str> = ["errors", "details"]
        .iter()
        .filter_map(|k| err.get(*k).and_then(Value::as_array))
        .flatten()
        .filter_map(|e| e.get("reason").and_then(Value::as_str))
        .collect();
    let is = |r: &str| reasons.contains(&r);
    if is("keyInvalid") || is("API_KEY_INVALID") || message.contains("API key not valid") {
        Some(
            "the api_key is not a valid Google API key: copy it again from the Google Cloud console (APIs & Services, Credentials), from a project with the YouTube Data API v3 enabled.",
        )
    } else if is("keyExpired") || is("API_KEY_EXPIRED") || message.contains("API key expired") {
        Some("the api_key has expired: renew it in the Google Cloud console.")
    } else if is("accessNotConfigured") || is("SERVICE_DISABLED") {
        Some(
            "the YouTube API is not enabled in the Google Cloud project of the api_key or OAuth client: enable it in the console (APIs & Services, Library).",
        )
    } else if status == 401
        && (is("required")
            || is("authorizationRequired")
            || is("CREDENTIALS_MISSING")
            || message.contains("API key"))
    {
        Some(
            "this call acts for a signed-in YouTube user (the user's channel, subscriptions, ratings, playlists they change, caption files, analytics) and needs the user's OAuth access_token; an api_key reads only public data (videos, channels, playlists, search).",
        )
    } else {
        None
    }
}

/// When the daily quota resets after `now`: the next midnight in America/Los_Angeles, in
/// UTC, and how long until then.
pub fn reset_text(now: DateTime<Utc>) -> String {
    let local = now.with_timezone(&Los_Angeles);
    let next = local
        .date_naive()
        .succ_opt()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .and_then(|m| Los_Angeles.from_local_datetime(&m).earliest())
        .map(|t| t.with_timezone(&Utc));
    match next {
        Some(t) => {
            let mins = (t - now).num_minutes().max(0);
            format!(
                "{} UTC, in {} h {} min",
                t.format("%Y-%m-%d %H:%M"),
                mins / 60,
                mins % 60
            )
        }
        None => "the next midnight Pacific time".to_owned(),
    }
}

/// A quota error rewritten to name the call that hit it and what that call costs.
pub fn quota_error(call: Call, mut e: ToolError) -> ToolError {
    if !is_quota(&e) {
        return e;
    }
    let what = match call.api {
        Api::Analytics => format!(
            "The call was YouTube Analytics {} (its quota is separate from the Data API's units).",
            call.method
        ),
        Api::Data if call.method == "search.list" => format!(
            "The call was {} ({} units of the project's 10,000-unit daily Data API quota; projects on Google's newer scheme get 100 search.list calls a day instead).",
            call.method, call.units
        ),
        Api::Data => format!(
            "The call was {} ({} unit{} of the project's 10,000-unit daily Data API quota).",
            call.method,
            call.units,
            if call.units == 1 { "" } else { "s" }
        ),
    };
    e.message = format!("{} {what}", e.message);
    e.hint = Some(format!(
        "the quota resets at midnight Pacific time ({}); until then only tools whose calls fit the quota left can work, or the project's owner asks Google for more in the Cloud console.",
        reset_text(Utc::now())
    ));
    e.generic_hint = false;
    e
}

// ---- arguments

/// A page size for a Data API list: `default` when not given, else 1 to 50 (`maxResults`).
pub fn max_results(n: Option<u64>, default: u64) -> Result<u64, ToolError> {
    page_size(n, default, "max_results", "; use `cursor` for more")
}

/// A page size given as the argument `name`: `default` when not given, else 1 to 50; `more`
/// ends the error (how to read on).
pub fn page_size(n: Option<u64>, default: u64, name: &str, more: &str) -> Result<u64, ToolError> {
    match n {
        None => Ok(default),
        Some(n) if (1..=50).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "`{name}` must be between 1 and 50, YouTube's page size limit (got {n}){more}"
        ))),
    }
}

/// An id YouTube would accept: letters, digits, `-` and `_`.
fn is_id(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// An id argument (video, channel, playlist...), trimmed and checked.
pub fn id_arg(raw: &str, what: &str) -> Result<String, ToolError> {
    let s = raw.trim();
    if is_id(s) {
        return Ok(s.to_owned());
    }
    Err(ToolError::invalid_input(if s.is_empty() {
        format!("`{what}` must not be empty")
    } else {
        format!("`{what}` {s:?} is not a YouTube id (letters, digits, - and _)")
    }))
}

/// A video id from a bare id or a YouTube URL (`watch?v=`, `youtu.be/`, `/shorts/`,
/// `/embed/`, `/live/`).
pub fn video_id(raw: &str, what: &str) -> Result<String, ToolError> {
    let s = raw.trim();
    if is_id(s) {
        return Ok(s.to_owned());
    }
    let bad = || {
        ToolError::invalid_input(format!(
            "`{what}` {s:?} is not a YouTube video: give its id (dQw4w9WgXcQ) or URL (https://www.youtube.com/watch?v=dQw4w9WgXcQ, https://youtu.be/dQw4w9WgXcQ)"
        ))
    };
    let with_scheme = if s.contains("://") {
        s.to_owned()
    } else {
        format!("https://{s}")
    };
    let url = url::Url::parse(&with_scheme).map_err(|_| bad())?;
    let host = url.host_str().unwrap_or("").to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    let mut path = url.path_segments().into_iter().flatten();
    let id = match host {
        "youtu.be" => path.next().map(str::to_owned),
        "youtube.com" | "m.youtube.com" | "music.youtube.com" | "youtube-nocookie.com" => {
            match path.next() {
                Some("watch") => url
                    .query_pairs()
                    .find(|(k, _)| k == "v")
                    .map(|(_, v)| v.into_owned()),
                Some("shorts" | "embed" | "live" | "v") => path.next().map(str::to_owned),
                _ => None,
            }
        }
        _ => None,
    };
    id.filter(|i| is_id(i)).ok_or_else(bad)
}

/// A date `YYYY-MM-DD`.
pub fn date(raw: &str, what: &str) -> Result<NaiveDate, ToolError> {
    NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d").map_err(|_| {
        ToolError::invalid_input(format!(
            "`{what}` is {:?}: give a date as YYYY-MM-DD (2026-03-31)",
            raw.trim()
        ))
    })
}

pub use mcp_shared::types::time_bound;

/// Today in Pacific time (YouTube's reporting day).
pub fn today_pacific() -> NaiveDate {
    Utc::now().with_timezone(&Los_Angeles).date_naive()
}

/// `days` days before now, as RFC 3339 in UTC.
pub fn days_ago(days: u64) -> String {
    let days = i64::try_from(days).unwrap_or(i64::MAX).min(36_500);
    (Utc::now() - Duration::days(days)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

// ---- result shapes

/// A description cut for lists.
fn short(v: &Value, path: &str) -> Option<Value> {
    at(v, path)
        .and_then(Value::as_str)
        .map(|d| json!(ellipsis(d, 200)))
}

fn insert(o: &mut Value, key: &str, v: Option<Value>) {
    if let (Value::Object(m), Some(v)) = (o, v) {
        m.insert(key.to_owned(), v);
    }
}

/// A thumbnail URL: `size` (`medium`, `high`), else `default`.
fn thumbnail(v: &Value, size: &str) -> Option<Value> {
    at(v, &format!("snippet.thumbnails.{size}.url"))
        .or_else(|| at(v, "snippet.thumbnails.default.url"))
        .cloned()
}

/// A video resource (videos.list with snippet, contentDetails, statistics). `full` keeps the
/// whole description and the tags.
pub fn video(v: &Value, full: bool) -> Value {
    let mut o = pick(
        v,
        &[
            "id",
            "title=snippet.title",
            "channelId=snippet.channelId",
            "channelTitle=snippet.channelTitle",
            "publishedAt=snippet.publishedAt",
            "duration=contentDetails.duration",
            "viewCount=statistics.viewCount",
            "likeCount=statistics.likeCount",
            "commentCount=statistics.commentCount",
        ],
    );
    if full {
        insert(&mut o, "description", at(v, "snippet.description").cloned());
        insert(&mut o, "tags", at(v, "snippet.tags").cloned());
        insert(&mut o, "categoryId", at(v, "snippet.categoryId").cloned());
        insert(
            &mut o,
            "privacyStatus",
            at(v, "status.privacyStatus").cloned(),
        );
        insert(&mut o, "thumbnailUrl", thumbnail(v, "high"));
    } else {
        insert(&mut o, "description", short(v, "snippet.description"));
        insert(&mut o, "thumbnailUrl", thumbnail(v, "medium"));
    }
    if let Some(id) = at(v, "id").and_then(Value::as_str) {
        insert(
            &mut o,
            "url",
            Some(json!(format!("https://www.youtube.com/watch?v={id}"))),
        );
    }
    o
}

/// A channel resource (channels.list with snippet, statistics, contentDetails).
pub fn channel(v: &Value, full: bool) -> Value {
    let mut o = pick(
        v,
        &[
            "channelId=id",
            "title=snippet.title",
            "customUrl=snippet.customUrl",
            "publishedAt=snippet.publishedAt",
            "subscriberCount=statistics.subscriberCount",
            "videoCount=statistics.videoCount",
            "viewCount=statistics.viewCount",
            "uploadsPlaylistId=contentDetails.relatedPlaylists.uploads",
        ],
    );
    let desc = if full {
        at(v, "snippet.description").cloned()
    } else {
        short(v, "snippet.description")
    };
    insert(&mut o, "description", desc);
    insert(
        &mut o,
        "thumbnailUrl",
        thumbnail(v, if full { "high" } else { "medium" }),
    );
    if let Some(id) = at(v, "id").and_then(Value::as_str) {
        insert(
            &mut o,
            "channelUrl",
            Some(json!(format!("https://www.youtube.com/channel/{id}"))),
        );
    }
    o
}

/// A playlist item (playlistItems.list with snippet, contentDetails).
pub fn playlist_item(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "id",
            "videoId=contentDetails.videoId",
            "title=snippet.title",
            "videoOwnerChannelTitle=snippet.videoOwnerChannelTitle",
            "position=snippet.position",
            "videoPublishedAt=contentDetails.videoPublishedAt",
        ],
    );
    if at(&o, "videoId").is_none() {
        insert(
            &mut o,
            "videoId",
            at(v, "snippet.resourceId.videoId").cloned(),
        );
    }
    insert(&mut o, "description", short(v, "snippet.description"));
    insert(&mut o, "thumbnailUrl", thumbnail(v, "medium"));
    if let Some(id) = at(&o, "videoId").and_then(Value::as_str) {
        let url = format!("https://www.youtube.com/watch?v={id}");
        insert(&mut o, "url", Some(json!(url)));
    }
    o
}

/// The items of a list answer shaped by `f`.
pub fn items(v: &Value, f: impl Fn(&Value) -> Value) -> Vec<Value> {
    v.get("items")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(f)
        .collect()
}

/// The string at `path` of each item.
pub fn item_strings(v: &Value, path: &str) -> Vec<String> {
    v.get("items")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|i| at(i, path).and_then(Value::as_str))
        .map(str::to_owned)
        .collect()
}

/// The parts of a video that the lists read.
pub const VIDEO_PARTS: &str = "snippet,contentDetails,statistics";

/// videos.list for these ids (snippet, contentDetails, statistics), in the given order
/// (`maxResults` is not supported with `id`), in the concise shape.
pub async fn videos_by_id(ctx: &Ctx, ids: &[String]) -> Result<Vec<Value>, ToolError> {
    let found = videos_raw(ctx, ids, VIDEO_PARTS).await?;
    Ok(found.iter().map(|i| video(i, false)).collect())
}

/// videos.list for these ids (at most 50) with these parts: YouTube's video resources, in
/// the order of `ids` (ids YouTube does not know are left out).
pub async fn videos_raw(ctx: &Ctx, ids: &[String], part: &str) -> Result<Vec<Value>, ToolError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let v = send(
        VIDEOS_LIST,
        data(ctx, Method::GET, "/videos")?
            .query("part", part)
            .query("id", ids.join(",")),
    )
    .await?;
    let mut by_id: Map<String, Value> = v
        .get("items")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|i| Some((at(i, "id")?.as_str()?.to_owned(), i.clone())))
        .collect();
    Ok(ids.iter().filter_map(|i| by_id.remove(i)).collect())
}

/// search.list for `q`, results of one `kind` (`video`, `channel`, `playlist`), `n` a page
/// (100 units); callers add their filters.
pub fn search(ctx: &Ctx, q: &str, kind: &str, n: u64) -> Result<Request, ToolError> {
    Ok(data(ctx, Method::GET, "/search")?
        .query("part", "snippet")
        .query("q", q)
        .query("type", kind)
        .query("maxResults", n))
}

/// playlistItems.list of `playlist` with these parts, `n` a page, from `page_token`.
pub fn playlist_items(
    ctx: &Ctx,
    playlist: &str,
    part: &str,
    n: u64,
    page_token: Option<&str>,
) -> Result<Request, ToolError> {
    Ok(data(ctx, Method::GET, "/playlistItems")?
        .query("part", part)
        .query("playlistId", playlist)
        .query("maxResults", n)
        .query_opt("pageToken", cursor(page_token)))
}

/// A resource as YouTube sent it without its thumbnail URLs (`snippet.thumbnails` at any
/// depth), as the Toolathlon variant returns them.
pub fn without_thumbnails(mut v: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(o) => {
                if let Some(Value::Object(snippet)) = o.get_mut("snippet") {
                    snippet.remove("thumbnails");
                }
                o.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

/// A page of a list tool: the items under `key`, their count and `next_cursor`.
pub fn page(key: &str, list: Vec<Value>, next: Value) -> Value {
    let n = list.len();
    json!({ key: list, "total_count": n, "next_cursor": next })
}
