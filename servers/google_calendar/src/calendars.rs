//! The user's calendar list and settings: list calendars, the current time in their zone.

use chrono::{Offset, Utc};
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::req;
use crate::time::{parse_zone, rfc3339};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_calendar_get_current_time",
            "Get current time",
            Effect::Read,
            get_current_time,
        )
        .output::<CurrentTime>()
        .toolset("calendars"),
        tool(
            "google_calendar_list_calendars",
            "List calendars",
            Effect::Read,
            list_calendars,
        )
        .toolset("calendars"),
    ]
}

/// Get the current date, time and UTC offset in the user's time zone; call it before resolving
/// "today" or "next Monday".
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetCurrentTime {
    /// IANA zone instead of the user's
    timezone: Option<String>,
}

/// The current time in a time zone.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct CurrentTime {
    /// Local, `YYYY-MM-DDTHH:MM:SS`
    datetime: String,
    timezone: String,
    date: String,
    time: String,
    day_of_week: String,
    utc_offset: String,
    rfc3339: String,
}

async fn get_current_time(ctx: Ctx, a: GetCurrentTime) -> Result<Value, ToolError> {
    let tz = match a
        .timezone
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(name) => parse_zone(name, "timezone")?,
        None => {
            let v: Value = req(&ctx, Method::GET, "/users/me/settings/timezone")?
                .send_json()
                .await?;
            let name = v.get("value").and_then(Value::as_str).ok_or_else(|| {
                ToolError::transport(
                    "Google Calendar returned the timezone setting without a value",
                )
                .with_hint("pass `timezone` explicitly.")
            })?;
            parse_zone(name, "the user's timezone setting")?
        }
    };
    let now = Utc::now().with_timezone(&tz);
    let stamp = rfc3339(&now);
    Ok(json!({
        "datetime": now.format("%Y-%m-%dT%H:%M:%S").to_string(),
        "timezone": tz.name(),
        "date": now.format("%Y-%m-%d").to_string(),
        "time": now.format("%H:%M:%S").to_string(),
        "day_of_week": now.format("%A").to_string(),
        "utc_offset": now.offset().fix().to_string(),
        "rfc3339": stamp,
    }))
}

/// List the user's calendars: id (`primary` is the main one), name, time zone, access role. Pages
/// with `next_page_token`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListCalendars {
    #[schemars(extend("default" = 10), range(min = 1, max = 250))]
    max_results: Option<u32>,
    #[schemars(extend("default" = false))]
    show_deleted: Option<bool>,
    #[schemars(extend("default" = false))]
    show_hidden: Option<bool>,
    next_page_token: Option<String>,
}

const CALENDAR_LIST_FIELDS: &str = "nextPageToken,items(id,summary,summaryOverride,description,\
timeZone,primary,accessRole,hidden,deleted)";

fn calendar(v: &Value) -> Value {
    let mut c = pick(
        v,
        &[
            "id",
            "summary",
            "description",
            "timeZone",
            "primary",
            "accessRole",
            "hidden",
            "deleted",
        ],
    );
    // The name the user gave the calendar in their list wins over its owner's name.
    if let Some(name) = v.get("summaryOverride").filter(|s| s.is_string()) {
        c["summary"] = name.clone();
    }
    c
}

async fn list_calendars(ctx: Ctx, a: ListCalendars) -> Result<Value, ToolError> {
    let max = a.max_results.unwrap_or(10).clamp(1, 250);
    let v: Value = req(&ctx, Method::GET, "/users/me/calendarList")?
        .query("maxResults", max)
        .query_opt("showDeleted", a.show_deleted.filter(|b| *b))
        .query_opt("showHidden", a.show_hidden.filter(|b| *b))
        .query_opt(
            "pageToken",
            a.next_page_token
                .as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty()),
        )
        .query("fields", CALENDAR_LIST_FIELDS)
        .send_json()
        .await?;
    let calendars: Vec<Value> = v
        .get("items")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(calendar)
        .collect();
    let mut out = json!({ "num_calendars": calendars.len(), "calendars": calendars });
    if let Some(t) = v.get("nextPageToken") {
        out["next_page_token"] = t.clone();
    }
    Ok(out)
}
