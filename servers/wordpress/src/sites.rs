//! Sites and their stats: `GET /me/sites`, `GET /sites/{site}`, `GET /sites/{site}/stats`
//! and `GET /sites/{site}/stats/top-posts`.

use crate::api::site;
use mcp_shared::json::{map_array, pick};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "wordpress_get_user_sites",
            "List my sites",
            Effect::Read,
            user_sites,
        )
        .toolset("sites"),
        tool(
            "wordpress_get_site_info",
            "Get site info",
            Effect::Read,
            site_info,
        )
        .toolset("sites"),
        tool(
            "wordpress_get_site_stats",
            "Get site stats",
            Effect::Read,
            site_stats,
        )
        .toolset("stats"),
        tool(
            "wordpress_get_top_posts",
            "Get top posts",
            Effect::Read,
            top_posts,
        )
        .toolset("stats"),
    ]
}

const SITE_FIELDS: &[&str] = &[
    "ID",
    "name",
    "description",
    "URL",
    "jetpack",
    "is_private",
    "visible",
    "post_count",
    "subscribers_count",
    "lang",
    "timezone=options.timezone",
    "admin_url=options.admin_url",
];

fn site_summary(s: &Value) -> Value {
    pick(s, SITE_FIELDS)
}

/// List the sites of the token's user: id, name, URL, whether private or Jetpack, post
/// count. Their id or domain is the `site` other tools take.
#[derive(Deserialize, JsonSchema)]
pub struct UserSites {}

async fn user_sites(ctx: Ctx, _: UserSites) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/me/sites")?
        .send_json()
        .await?;
    Ok(json!({ "sites": map_array(v.get("sites").unwrap_or(&Value::Null), site_summary) }))
}

/// Get a site: id, name, tagline, URL, privacy, Jetpack, post and subscriber counts,
/// language, time zone.
#[derive(Deserialize, JsonSchema)]
pub struct SiteInfo {
    /// Site id or domain (e.g. `example.wordpress.com`)
    site: String,
}

async fn site_info(ctx: Ctx, a: SiteInfo) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, &site(&a.site)?)?
        .send_json()
        .await?;
    Ok(site_summary(&v))
}

/// Get a site's stats summary: views and visitors (today, yesterday, all time, best day),
/// comments, posts, followers, and daily views and visitors of the last 30 days. Needs a
/// token with stats access.
#[derive(Deserialize, JsonSchema)]
pub struct SiteStats {
    /// Site id or domain (e.g. `example.wordpress.com`)
    site: String,
}

async fn site_stats(ctx: Ctx, a: SiteStats) -> Result<Value, ToolError> {
    let path = format!("{}/stats", site(&a.site)?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    let mut out = pick(&v, &["date", "stats"]);
    // `visits`: `fields` names the columns of each `data` row (period, views, visitors).
    if let (Some(m), Some(visits)) = (out.as_object_mut(), v.get("visits")) {
        let fields: Vec<String> = visits
            .get("fields")
            .and_then(Value::as_array)
            .map(|f| {
                f.iter()
                    .filter_map(|x| x.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        let rows: Vec<Value> = visits
            .get("data")
            .and_then(Value::as_array)
            .map(|rows| {
                rows.iter()
                    .map(|r| {
                        let cells = r.as_array().cloned().unwrap_or_default();
                        let row: Map<String, Value> = fields.iter().cloned().zip(cells).collect();
                        Value::Object(row)
                    })
                    .collect()
            })
            .unwrap_or_default();
        m.insert("visits".into(), json!(rows));
        if let Some(u) = visits.get("unit") {
            m.insert("visits_unit".into(), u.clone());
        }
    }
    Ok(out)
}

// The period of each row of top posts.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Period {
    Day,
    Week,
    Month,
    Year,
}

/// Get a site's most viewed posts and pages: for each period (newest first), each post's
/// id, title, link, views, and the period's total. Needs a token with stats access.
#[derive(Deserialize, JsonSchema)]
pub struct TopPosts {
    /// Site id or domain (e.g. `example.wordpress.com`)
    site: String,
    #[schemars(extend("default" = "day"))]
    period: Option<Period>,
    /// How many periods back from `date`
    #[schemars(extend("default" = 1))]
    num: Option<Int>,
    /// Last day of the range, `YYYY-MM-DD` (default today)
    date: Option<String>,
    /// Most posts per period (0 for all)
    #[schemars(extend("default" = 10))]
    max: Option<Int>,
}

async fn top_posts(ctx: Ctx, a: TopPosts) -> Result<Value, ToolError> {
    let path = format!("{}/stats/top-posts", site(&a.site)?);
    let date = a.date.as_deref().map(str::trim).filter(|d| !d.is_empty());
    if let Some(d) = date
        && !(d.len() == 10
            && d.chars().enumerate().all(|(i, c)| {
                if i == 4 || i == 7 {
                    c == '-'
                } else {
                    c.is_ascii_digit()
                }
            }))
    {
        return Err(ToolError::invalid_input(format!(
            "`date` must be YYYY-MM-DD (got {d:?})"
        )));
    }
    let v: Value = ctx
        .authorized(Method::GET, &path)?
        .query_opt("period", a.period.map(|p| mcp_shared::json::enum_str(&p)))
        .query_opt("num", a.num.map(Int::get))
        .query_opt("date", date)
        .query_opt("max", a.max.map(Int::get))
        .send_json()
        .await?;
    let mut days: Vec<(String, Value)> = v
        .get("days")
        .and_then(Value::as_object)
        .map(|d| d.iter().map(|(k, x)| (k.clone(), x.clone())).collect())
        .unwrap_or_default();
    days.sort_by(|x, y| y.0.cmp(&x.0));
    let periods: Vec<Value> = days
        .iter()
        .map(|(day, d)| {
            json!({
                "date": day,
                "total_views": d.get("total_views"),
                "posts": map_array(d.get("postviews").unwrap_or(&Value::Null), |p| pick(p, &["id", "title", "href", "type", "views"])),
            })
        })
        .collect();
    Ok(json!({
        "period": v.get("period"),
        "date": v.get("date"),
        "periods": periods,
    }))
}
