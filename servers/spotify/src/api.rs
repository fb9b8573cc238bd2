//! What every Spotify tool shares: Spotify's error body (`{"error":{"status","message"}}`,
//! or `{"status","message"}` from the library endpoints), ids and URIs, offset pages
//! (`limit` + `offset`, returned as `next_offset`), the generic library endpoints of 2026
//! (`PUT|DELETE /me/library`, `GET /me/library/contains`), and the note for endpoints that
//! Spotify removed for development-mode apps in February 2026.

use futures::StreamExt as _;
use mcp_shared::json::{pick, pluck};
use mcp_shared::reexports::http;
use mcp_shared::text::ellipsis;
use mcp_shared::{Count, Ctx, Method, Request, ToolError, VendorError, seg};
use serde_json::{Map, Value, json};

/// Reads Spotify's error body: the message, and a hint where it says more than the status.
pub fn parse_error(status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let inner = body.get("error").filter(|e| e.is_object()).unwrap_or(body);
    let message = inner
        .get("message")
        .and_then(Value::as_str)
        .or_else(|| body.get("error_description").and_then(Value::as_str))
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty());
    let code = body.get("error").and_then(Value::as_str).map(str::to_owned);
    let lower = message.as_deref().unwrap_or("").to_ascii_lowercase();
    let hint = if lower.contains("scope") {
        Some(
            "the token lacks a scope this call needs: ask the user to authorize the app again with it (library calls need user-library-read/-modify, follows user-follow-read/-modify, playlists playlist-read-private/playlist-modify-public/-private, top items user-top-read).",
        )
    } else if lower.contains("premium") {
        Some(
            "Spotify development-mode apps only work while the app owner has an active Premium subscription.",
        )
    } else if status == 401 || lower.contains("expired") {
        Some(
            "the Spotify access token is invalid or expired (they last one hour): send a fresh user token in x-auth-data (`access_token`) or x-auth-token.",
        )
    } else if lower.contains("not registered") || lower.contains("user may not") {
        Some(
            "a development-mode app only serves the users added under User Management in the Spotify developer dashboard (at most 5).",
        )
    } else {
        None
    };
    VendorError {
        code,
        message,
        hint: hint.map(str::to_owned),
        ..VendorError::default()
    }
}

/// A removed-for-development-mode endpoint: a 403 or 404 from it says so and what to use.
pub fn removed(e: ToolError, endpoint: &str, instead: &str) -> ToolError {
    match e.status {
        Some(403 | 404) => e.with_hint(format!(
            "Spotify removed `{endpoint}` for development-mode apps in February 2026 (only apps with extended quota keep it). {instead}"
        )),
        _ => e,
    }
}

/// The kinds of Spotify objects the tools name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Track,
    Album,
    Artist,
    Episode,
    Show,
    Playlist,
    User,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Track => "track",
            Kind::Album => "album",
            Kind::Artist => "artist",
            Kind::Episode => "episode",
            Kind::Show => "show",
            Kind::Playlist => "playlist",
            Kind::User => "user",
        }
    }
}

/// The id in a bare id, a `spotify:<kind>:<id>` URI or an `open.spotify.com/<kind>/<id>` link.
pub fn id_of(raw: &str, kind: Kind, what: &str) -> Result<String, ToolError> {
    let s = raw.trim();
    let k = kind.name();
    let id = if let Some(rest) = s.strip_prefix("spotify:") {
        match rest.split_once(':') {
            Some((t, id)) if t == k => id,
            _ => {
                return Err(ToolError::invalid_input(format!(
                    "`{what}`: `{}` is not a spotify:{k}: URI or {k} id",
                    ellipsis(s, 60)
                )));
            }
        }
    } else if let Some(rest) = s
        .strip_prefix("https://open.spotify.com/")
        .or_else(|| s.strip_prefix("http://open.spotify.com/"))
    {
        let path = rest.split(['?', '#']).next().unwrap_or("");
        match path.split_once('/') {
            Some((t, id)) if t == k => id.trim_end_matches('/'),
            _ => {
                return Err(ToolError::invalid_input(format!(
                    "`{what}`: the link does not name a {k}"
                )));
            }
        }
    } else {
        s
    };
    let ok_char =
        |c: char| c.is_ascii_alphanumeric() || (kind == Kind::User && matches!(c, '.' | '_' | '-'));
    if id.is_empty() || id.len() > 64 || !id.chars().all(ok_char) {
        return Err(ToolError::invalid_input(format!(
            "`{what}`: `{}` is not a Spotify {k} id (base-62, e.g. 4iV5W9uYEdYUVa79Axb7Rh) or spotify:{k}: URI",
            ellipsis(s, 60)
        )));
    }
    Ok(id.to_owned())
}

/// Ids of one kind from a list argument: at least one, at most `max`.
pub fn ids_of(
    list: &[String],
    kind: Kind,
    what: &str,
    max: usize,
) -> Result<Vec<String>, ToolError> {
    if list.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must name at least one {}",
            kind.name()
        )));
    }
    if list.len() > max {
        return Err(ToolError::invalid_input(format!(
            "`{what}` names {} items; at most {max} per call",
            list.len()
        )));
    }
    list.iter().map(|s| id_of(s, kind, what)).collect()
}

/// `limit` checked against the endpoint's range (1..=max), or its default.
pub fn limit(l: Option<Count>, default: u64, max: u64) -> Result<u64, ToolError> {
    match l.map(Count::get) {
        None => Ok(default),
        Some(n) if (1..=max).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "`limit` must be between 1 and {max} (got {n})"
        ))),
    }
}

/// A list request with `limit` and `offset`.
pub fn list(
    ctx: &Ctx,
    path: &str,
    lim: Option<Count>,
    offset: Option<Count>,
    max: u64,
) -> Result<Request, ToolError> {
    Ok(ctx
        .authorized(Method::GET, path)?
        .query("limit", limit(lim, 20, max)?)
        .query("offset", offset.map_or(0, Count::get)))
}

/// A Spotify paging object as a result: its items (each through `item`, nulls left out),
/// `total`, and `next_offset` (null on the last page).
pub fn page(v: &Value, item: impl Fn(&Value) -> Value) -> Value {
    let items: Vec<Value> = v
        .get("items")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter(|x| !x.is_null()).map(&item).collect())
        .unwrap_or_default();
    let n = |k: &str| v.get(k).and_then(Value::as_u64);
    let next = match (
        v.get("next").and_then(Value::as_str),
        n("offset"),
        n("limit"),
    ) {
        (Some(_), Some(o), Some(l)) => json!(o + l),
        _ => Value::Null,
    };
    json!({ "items": items, "total": v.get("total").cloned().unwrap_or(Value::Null), "next_offset": next })
}

/// Several objects from the single-object endpoint, a few requests at a time (Spotify
/// removed the several-at-once endpoints such as `GET /tracks?ids=` for development-mode
/// apps in February 2026).
pub async fn each(
    ctx: &Ctx,
    kind: Kind,
    ids: Vec<String>,
    market: Option<&str>,
    item: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let reqs = ids
        .iter()
        .map(|id| {
            ctx.authorized(Method::GET, &format!("/{}s/{}", kind.name(), seg(id)))
                .map(|r| (id.clone(), r.query_opt("market", market)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let results: Vec<Result<Value, ToolError>> = futures::stream::iter(reqs)
        .map(|(id, r)| async move {
            r.send_json::<Value>()
                .await
                .map(|v| item(&v))
                .map_err(|e| e.context(format!("{} {id}", kind.name())))
        })
        .buffered(4)
        .collect()
        .await;
    let items = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    Ok(json!({ "items": items }))
}

fn uris(kind: Kind, ids: &[String]) -> String {
    ids.iter()
        .map(|id| format!("spotify:{}:{id}", kind.name()))
        .collect::<Vec<_>>()
        .join(",")
}

/// Save (`PUT`) or remove (`DELETE`) items of one kind with `/me/library` (at most 40 URIs),
/// the endpoint that replaced the per-type ones (`/me/tracks`, `/me/following`,
/// `/playlists/{id}/followers`, ...) in February 2026.
pub async fn library_change(
    ctx: &Ctx,
    method: Method,
    kind: Kind,
    list: &[String],
    what: &str,
) -> Result<Value, ToolError> {
    let ids = ids_of(list, kind, what, 40)?;
    let done = if method == Method::DELETE {
        "removed"
    } else {
        "saved"
    };
    let _: Value = ctx
        .authorized(method, "/me/library")?
        .query("uris", uris(kind, &ids))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(json!({ done: ids.len(), "ids": ids }))
}

/// Whether each item is in the user's library (or followed): `GET /me/library/contains`.
pub async fn library_contains(
    ctx: &Ctx,
    kind: Kind,
    list: &[String],
    what: &str,
    key: &str,
) -> Result<Value, ToolError> {
    let ids = ids_of(list, kind, what, 40)?;
    let v: Value = ctx
        .authorized(Method::GET, "/me/library/contains")?
        .query("uris", uris(kind, &ids))
        .send_json()
        .await?;
    let flags = v.as_array().cloned().unwrap_or_default();
    let items: Vec<Value> = ids
        .iter()
        .zip(flags.iter().chain(std::iter::repeat(&Value::Null)))
        .map(|(id, f)| {
            let mut m = Map::new();
            m.insert("id".into(), json!(id));
            m.insert(key.into(), f.clone());
            Value::Object(m)
        })
        .collect();
    Ok(json!({ "items": items }))
}

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// A market argument: an ISO 3166-1 alpha-2 code (or `from_token`).
pub fn market(s: &Option<String>, what: &str) -> Result<Option<String>, ToolError> {
    match opt(s) {
        None => Ok(None),
        Some(m) if m == "from_token" => Ok(Some(m.to_owned())),
        Some(m) if m.len() == 2 && m.chars().all(|c| c.is_ascii_alphabetic()) => {
            Ok(Some(m.to_ascii_uppercase()))
        }
        Some(m) => Err(ToolError::invalid_input(format!(
            "`{what}` must be an ISO 3166-1 alpha-2 country code such as US or DE (got `{}`)",
            ellipsis(m, 20)
        ))),
    }
}

fn with(mut v: Value, extra: &[(&str, Value)]) -> Value {
    if let Some(m) = v.as_object_mut() {
        for (k, x) in extra {
            if !x.is_null() && x.as_array().is_none_or(|a| !a.is_empty()) {
                m.insert((*k).to_owned(), x.clone());
            }
        }
    }
    v
}

fn url(v: &Value) -> Value {
    v.pointer("/external_urls/spotify")
        .cloned()
        .unwrap_or(Value::Null)
}

fn short(v: &Value, k: &str) -> Value {
    v.get(k)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .map_or(Value::Null, |s| json!(ellipsis(s, 300)))
}

pub fn track(v: &Value) -> Value {
    let base = pick(
        v,
        &[
            "id",
            "name",
            "uri",
            "duration_ms",
            "explicit",
            "track_number",
            "popularity",
        ],
    );
    with(
        base,
        &[
            ("artists", pluck(v, "artists", "name")),
            (
                "album",
                v.pointer("/album/name").cloned().unwrap_or(Value::Null),
            ),
            (
                "album_id",
                v.pointer("/album/id").cloned().unwrap_or(Value::Null),
            ),
            ("url", url(v)),
        ],
    )
}

pub fn album(v: &Value) -> Value {
    let base = pick(
        v,
        &[
            "id",
            "name",
            "uri",
            "album_type",
            "release_date",
            "total_tracks",
            "label",
            "popularity",
        ],
    );
    with(
        base,
        &[("artists", pluck(v, "artists", "name")), ("url", url(v))],
    )
}

pub fn artist(v: &Value) -> Value {
    let base = pick(
        v,
        &[
            "id",
            "name",
            "uri",
            "genres",
            "popularity",
            "followers=followers.total",
        ],
    );
    with(base, &[("url", url(v))])
}

pub fn episode(v: &Value) -> Value {
    let base = pick(
        v,
        &[
            "id",
            "name",
            "uri",
            "release_date",
            "duration_ms",
            "explicit",
        ],
    );
    with(
        base,
        &[
            ("description", short(v, "description")),
            (
                "show",
                v.pointer("/show/name").cloned().unwrap_or(Value::Null),
            ),
            ("url", url(v)),
        ],
    )
}

pub fn show(v: &Value) -> Value {
    let base = pick(
        v,
        &[
            "id",
            "name",
            "uri",
            "publisher",
            "media_type",
            "total_episodes",
            "explicit",
        ],
    );
    with(
        base,
        &[("description", short(v, "description")), ("url", url(v))],
    )
}

pub fn playlist(v: &Value) -> Value {
    let base = pick(
        v,
        &[
            "id",
            "name",
            "uri",
            "public",
            "collaborative",
            "snapshot_id",
            "owner_id=owner.id",
            "owner=owner.display_name",
        ],
    );
    // `items` replaced `tracks` (February 2026); a paging object or `{href,total}`.
    let total = v
        .pointer("/items/total")
        .or_else(|| v.pointer("/tracks/total"))
        .cloned()
        .unwrap_or(Value::Null);
    with(
        base,
        &[
            ("description", short(v, "description")),
            ("items_total", total),
            ("url", url(v)),
        ],
    )
}

/// A playlist entry: when and by whom it was added, and the track or episode (`item`,
/// formerly `track`).
pub fn playlist_entry(v: &Value) -> Value {
    let obj = v
        .get("item")
        .or_else(|| v.get("track"))
        .unwrap_or(&Value::Null);
    let item = match obj.get("type").and_then(Value::as_str) {
        Some("episode") => with(episode(obj), &[("type", json!("episode"))]),
        _ if obj.is_null() => Value::Null,
        _ => with(track(obj), &[("type", json!("track"))]),
    };
    with(
        pick(v, &["added_at", "added_by=added_by.id", "is_local"]),
        &[("item", item)],
    )
}

pub fn user(v: &Value) -> Value {
    let base = pick(
        v,
        &[
            "id",
            "display_name",
            "uri",
            "email",
            "country",
            "product",
            "followers=followers.total",
        ],
    );
    with(base, &[("url", url(v))])
}

/// An item of a saved-items page (`{added_at, <key>: {...}}`).
pub fn saved(key: &'static str, f: fn(&Value) -> Value) -> impl Fn(&Value) -> Value {
    move |v: &Value| {
        with(
            f(v.get(key).unwrap_or(&Value::Null)),
            &[(
                "added_at",
                v.get("added_at").cloned().unwrap_or(Value::Null),
            )],
        )
    }
}
