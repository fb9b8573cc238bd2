//! Users and follows: `GET /me`, `GET /me/top/{type}`, `GET /me/following` (followed
//! artists), `GET /me/library/contains` for follows; following users through
//! `PUT|DELETE /me/library` (`spotify:user:` URIs), following artists through
//! `PUT|DELETE /me/following` (the library endpoints take no artist URIs); and other users'
//! profiles, which Spotify removed for development-mode apps.

use crate::api::{self, Kind, library_change, library_contains, limit, page};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "spotify_get_current_user_profile",
            "Get my profile",
            Effect::Read,
            me,
        )
        .toolset("users"),
        tool(
            "spotify_get_current_user_top_items",
            "Get my top items",
            Effect::Read,
            top,
        )
        .toolset("users"),
        tool(
            "spotify_get_spotify_user_public_profile",
            "Get a user's profile",
            Effect::Read,
            profile,
        )
        .toolset("users"),
        tool(
            "spotify_get_current_user_followed_artists",
            "List followed artists",
            Effect::Read,
            followed,
        )
        .toolset("users"),
        tool(
            "spotify_follow_artists_or_users",
            "Follow artists or users",
            Effect::IdempotentWrite,
            follow,
        )
        .toolset("users"),
        tool(
            "spotify_unfollow_artists_or_users",
            "Unfollow artists or users",
            Effect::Destructive,
            unfollow,
        )
        .toolset("users"),
        tool(
            "spotify_check_user_follows",
            "Check follows",
            Effect::Read,
            check,
        )
        .toolset("users"),
    ]
}

/// Get the current user's profile: id, display name, URI and link (email, country and
/// product only where Spotify still returns them; development-mode apps lost them in 2026).
#[derive(Deserialize, JsonSchema)]
pub struct Me {}

async fn me(ctx: Ctx, _a: Me) -> Result<Value, ToolError> {
    let v: Value = ctx.authorized(Method::GET, "/me")?.send_json().await?;
    Ok(api::user(&v))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum TopType {
    Artists,
    Tracks,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::enum_variant_names)] // Spotify's own values
enum TimeRange {
    ShortTerm,
    MediumTerm,
    LongTerm,
}

/// Get the user's most-played artists or tracks. `time_range`: short_term ≈ 4 weeks,
/// medium_term ≈ 6 months, long_term ≈ 1 year. Returns `items`, `total`, `next_offset`.
#[derive(Deserialize, JsonSchema)]
pub struct Top {
    item_type: TopType,
    #[schemars(extend("default" = "medium_term"))]
    time_range: Option<TimeRange>,
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    #[schemars(extend("default" = 0))]
    offset: Option<Count>,
}

async fn top(ctx: Ctx, a: Top) -> Result<Value, ToolError> {
    let kind = mcp_shared::json::enum_str(&a.item_type);
    let range = a.time_range.map(|t| mcp_shared::json::enum_str(&t));
    let v: Value = api::list(&ctx, &format!("/me/top/{kind}"), a.limit, a.offset, 50)?
        .query_opt("time_range", range)
        .send_json()
        .await?;
    Ok(match a.item_type {
        TopType::Artists => page(&v, api::artist),
        TopType::Tracks => page(&v, api::track),
    })
}

/// Get another user's public profile. Spotify removed this endpoint for development-mode
/// apps in February 2026 (they get an error saying so).
#[derive(Deserialize, JsonSchema)]
pub struct Profile {
    /// Spotify user id
    user_id: String,
}

async fn profile(ctx: Ctx, a: Profile) -> Result<Value, ToolError> {
    let id = api::id_of(&a.user_id, Kind::User, "user_id")?;
    let v: Value = ctx
        .authorized(Method::GET, &format!("/users/{}", seg(&id)))?
        .send_json()
        .await
        .map_err(|e| {
            api::removed(
                e,
                "GET /users/{id}",
                "Only the current user's profile is available, with spotify_get_current_user_profile.",
            )
        })?;
    Ok(api::user(&v))
}

/// List the artists the user follows. Returns `items` and `next_after` (the cursor for
/// `after`; null on the last page).
#[derive(Deserialize, JsonSchema)]
pub struct Followed {
    /// 1-50
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    /// `next_after` of the previous page
    after: Option<String>,
}

async fn followed(ctx: Ctx, a: Followed) -> Result<Value, ToolError> {
    let after = match api::opt(&a.after) {
        Some(s) => Some(api::id_of(s, Kind::Artist, "after")?),
        None => None,
    };
    let v: Value = ctx
        .authorized(Method::GET, "/me/following")?
        .query("type", "artist")
        .query_opt("after", after)
        .query("limit", limit(a.limit, 20, 50)?)
        .send_json()
        .await?;
    let p = &v["artists"];
    let next = match p.get("next").and_then(Value::as_str) {
        Some(_) => p.pointer("/cursors/after").cloned().unwrap_or(Value::Null),
        None => Value::Null,
    };
    let items = mcp_shared::json::map_array(&p["items"], api::artist);
    Ok(json!({ "items": items, "total": p.get("total"), "next_after": next }))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, Default, PartialEq)]
#[serde(rename_all = "lowercase")]
enum FollowType {
    #[default]
    Artist,
    User,
}

impl FollowType {
    fn kind(self) -> Kind {
        match self {
            FollowType::Artist => Kind::Artist,
            FollowType::User => Kind::User,
        }
    }
}

/// Artists: `PUT|DELETE /me/following?type=artist` (Spotify's library endpoints take no
/// artist URIs; development-mode apps lost this endpoint in 2026).
async fn follow_artists(ctx: &Ctx, method: Method, list: &[String]) -> Result<Value, ToolError> {
    let ids = api::ids_of(list, Kind::Artist, "ids", 50)?;
    let done = if method == Method::DELETE {
        "unfollowed"
    } else {
        "followed"
    };
    let _: Value = ctx
        .authorized(method, "/me/following")?
        .query("type", "artist")
        .query("ids", ids.join(","))
        .idempotent(true)
        .send_json()
        .await
        .map_err(|e| {
            api::removed(
                e,
                "PUT|DELETE /me/following",
                "Its replacement, PUT|DELETE /me/library, takes no artist URIs, so such apps cannot change artist follows: use the Spotify app. Users can still be followed with `type` user.",
            )
        })?;
    Ok(json!({ done: ids.len(), "ids": ids }))
}

/// Follow artists (the default) or users. Users go through Spotify's library endpoint;
/// artists through `/me/following`, which development-mode apps lost in 2026.
#[derive(Deserialize, JsonSchema)]
pub struct FollowArgs {
    /// Artist or user ids (or spotify: URIs); artists at most 50, users at most 40
    ids: Vec<String>,
    #[serde(rename = "type", default)]
    #[schemars(extend("default" = "artist"))]
    kind: Option<FollowType>,
}

async fn follow(ctx: Ctx, a: FollowArgs) -> Result<Value, ToolError> {
    match a.kind.unwrap_or_default() {
        FollowType::Artist => follow_artists(&ctx, Method::PUT, &a.ids).await,
        FollowType::User => {
            let mut v = library_change(&ctx, Method::PUT, Kind::User, &a.ids, "ids").await?;
            rename(&mut v, "saved", "followed");
            Ok(v)
        }
    }
}

/// Unfollow artists (the default) or users. Users go through Spotify's library endpoint;
/// artists through `/me/following`, which development-mode apps lost in 2026.
#[derive(Deserialize, JsonSchema)]
pub struct UnfollowArgs {
    /// Artist or user ids (or spotify: URIs); artists at most 50, users at most 40
    ids: Vec<String>,
    #[serde(rename = "type", default)]
    #[schemars(extend("default" = "artist"))]
    kind: Option<FollowType>,
}

async fn unfollow(ctx: Ctx, a: UnfollowArgs) -> Result<Value, ToolError> {
    match a.kind.unwrap_or_default() {
        FollowType::Artist => follow_artists(&ctx, Method::DELETE, &a.ids).await,
        FollowType::User => {
            let mut v = library_change(&ctx, Method::DELETE, Kind::User, &a.ids, "ids").await?;
            rename(&mut v, "removed", "unfollowed");
            Ok(v)
        }
    }
}

fn rename(v: &mut Value, from: &str, to: &str) {
    if let Some(m) = v.as_object_mut()
        && let Some(x) = m.remove(from)
    {
        m.insert(to.to_owned(), x);
    }
}

/// Check whether the user follows these artists (the default) or users. Returns `items`
/// of `{id, following}`.
#[derive(Deserialize, JsonSchema)]
pub struct Check {
    /// Artist or user ids (or spotify: URIs), at most 40
    ids: Vec<String>,
    #[serde(rename = "type", default)]
    #[schemars(extend("default" = "artist"))]
    kind: Option<FollowType>,
}

async fn check(ctx: Ctx, a: Check) -> Result<Value, ToolError> {
    let kind = a.kind.unwrap_or_default().kind();
    library_contains(&ctx, kind, &a.ids, "ids", "following").await
}
