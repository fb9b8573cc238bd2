//! YouTube Analytics reports of the user's own channel (`ids=channel==MINE`) and its
//! videos: one `reports.query` per tool, daily rows and totals.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Number, Value, json};

use crate::api::{REPORTS_QUERY, analytics, date, send, today_pacific, video_id};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "youtube_get_my_analytics",
            "Channel analytics",
            Effect::Read,
            get_my_analytics,
        )
        .toolset("analytics"),
        tool(
            "youtube_get_video_analytics",
            "Video analytics",
            Effect::Read,
            get_video_analytics,
        )
        .toolset("analytics"),
    ]
}

const CHANNEL_METRICS: &str = "views,estimatedMinutesWatched,averageViewDuration,likes,dislikes,comments,shares,subscribersGained,subscribersLost";
const VIDEO_METRICS: &str =
    "views,estimatedMinutesWatched,averageViewDuration,likes,dislikes,comments,shares";

/// The date range: given dates, else the 30 days up to today (Pacific time).
fn range(start: Option<&str>, end: Option<&str>) -> Result<(String, String), ToolError> {
    let end = match end.filter(|s| !s.trim().is_empty()) {
        Some(e) => date(e, "end_date")?,
        None => today_pacific(),
    };
    let start = match start.filter(|s| !s.trim().is_empty()) {
        Some(s) => date(s, "start_date")?,
        None => end - chrono::Duration::days(30),
    };
    if start > end {
        return Err(ToolError::invalid_input(format!(
            "`start_date` {start} is after `end_date` {end}"
        )));
    }
    Ok((start.to_string(), end.to_string()))
}

/// A number as an integer when it is whole.
fn num(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 9.0e15 {
        json!(x as i64)
    } else {
        Number::from_f64(x).map_or(Value::Null, Value::Number)
    }
}

/// Daily rows as objects, and totals (sums; averageViewDuration weighted by views).
async fn report(
    ctx: &Ctx,
    metrics: &str,
    filter: Option<String>,
    start: &str,
    end: &str,
) -> Result<(Value, Vec<Value>), ToolError> {
    let v = send(
        REPORTS_QUERY,
        analytics(ctx, "/reports")?
            .query("ids", "channel==MINE")
            .query("startDate", start)
            .query("endDate", end)
            .query("metrics", metrics)
            .query("dimensions", "day")
            .query("sort", "day")
            .query_opt("filters", filter),
    )
    .await?;
    let names: Vec<String> = v
        .get("columnHeaders")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|h| h.get("name").and_then(Value::as_str).map(str::to_owned))
        .collect();
    let rows: Vec<&Vec<Value>> = v
        .get("rows")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_array)
        .collect();
    let daily = rows
        .iter()
        .map(|r| {
            Value::Object(
                names
                    .iter()
                    .cloned()
                    .zip(r.iter().cloned())
                    .collect::<Map<String, Value>>(),
            )
        })
        .collect();
    let mut totals = Map::new();
    let sum = |i: usize| -> f64 {
        rows.iter()
            .filter_map(|r| r.get(i).and_then(Value::as_f64))
            .sum()
    };
    for (i, n) in names.iter().enumerate() {
        if n != "day" && n != "averageViewDuration" {
            totals.insert(n.clone(), num(sum(i)));
        }
    }
    if names.iter().any(|n| n == "averageViewDuration") {
        let views = names.iter().position(|n| n == "views").map_or(0.0, sum);
        let minutes = names
            .iter()
            .position(|n| n == "estimatedMinutesWatched")
            .map_or(0.0, sum);
        let avg = if views > 0.0 {
            (minutes * 60.0 / views).round()
        } else {
            0.0
        };
        totals.insert("averageViewDuration".into(), num(avg));
    }
    Ok((Value::Object(totals), daily))
}

/// Daily analytics of the user's channel: views, watch time (minutes), average view
/// duration (s), likes, dislikes, comments, shares, subscribers gained and lost, with totals.
/// Quota: YouTube Analytics, no Data API units.
#[derive(Deserialize, JsonSchema)]
pub struct GetMyAnalytics {
    /// YYYY-MM-DD (default: 30 days before end_date)
    start_date: Option<String>,
    /// YYYY-MM-DD (default: today, Pacific time)
    end_date: Option<String>,
}

async fn get_my_analytics(ctx: Ctx, a: GetMyAnalytics) -> Result<Value, ToolError> {
    let (start, end) = range(a.start_date.as_deref(), a.end_date.as_deref())?;
    let (totals, daily) = report(&ctx, CHANNEL_METRICS, None, &start, &end).await?;
    Ok(json!({
        "dateRange": {"startDate": start, "endDate": end},
        "totals": totals,
        "dailyData": daily,
    }))
}

/// Daily analytics of one of the user's videos: views, watch time (minutes), average view
/// duration (s), likes, dislikes, comments, shares, with totals. Quota: YouTube Analytics, no
/// Data API units.
#[derive(Deserialize, JsonSchema)]
pub struct GetVideoAnalytics {
    /// Video id or URL (a video of the user's channel)
    video_id: String,
    /// YYYY-MM-DD (default: 30 days before end_date)
    start_date: Option<String>,
    /// YYYY-MM-DD (default: today, Pacific time)
    end_date: Option<String>,
}

async fn get_video_analytics(ctx: Ctx, a: GetVideoAnalytics) -> Result<Value, ToolError> {
    let id = video_id(&a.video_id, "video_id")?;
    let (start, end) = range(a.start_date.as_deref(), a.end_date.as_deref())?;
    let filter = format!("video=={id}");
    let (totals, daily) = report(&ctx, VIDEO_METRICS, Some(filter), &start, &end).await?;
    Ok(json!({
        "videoId": id,
        "dateRange": {"startDate": start, "endDate": end},
        "totals": totals,
        "dailyData": daily,
    }))
}
