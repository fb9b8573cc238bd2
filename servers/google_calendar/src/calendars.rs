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

/// Get the current date and time in the user's time zone (their Google Calendar setting),
/// so that "today", "tomorrow at 10" and "next Monday" are computed from the real date. Call
/// it before creating, listing or scheduling events unless the conversation already states
/// the current time. Returns the local date-time, date, time, weekday, time zone and UTC offset.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetCurrentTime {
    /// IANA time zone to use instead of the user's calendar setting (e.g. `Europe/Berlin`);
    /// then Google is not asked at all
    timezone: Option<String>,
}

/// The current time in a time zone.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct CurrentTime {
    /// Local date and time without offset, `YYYY-MM-DDTHH:MM:SS`
    datetime: String,
    /// The IANA time zone
    timezone: String,
    /// Local date, `YYYY-MM-DD`
    date: String,
    /// Local time, `HH:MM:SS`
    time: String,
    /// Weekday name in English (`Monday`)
    day_of_week: String,
    /// Offset from UTC now, `+02:00`
    utc_offset: String,
    /// The same instant in RFC 3339 with the offset
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

/// List the calendars in the user's calendar list (their own, shared with them, subscribed),
/// with each calendar's id (what the event tools take; `primary` is the user's main
/// calendar), name, description, time zone and the user's access role. Pages with
/// `next_page_token`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListCalendars {
    /// Calendars per page, 1 to 250 (default 10)
    #[schemars(extend("default" = 10), range(min = 1, max = 250))]
    max_results: Option<u32>,
    /// Include calendars removed from the list (default false)
    #[schemars(extend("default" = false))]
    show_deleted: Option<bool>,
    /// Include calendars hidden from the list (default false)
    #[schemars(extend("default" = false))]
    show_hidden: Option<bool>,
    /// `next_page_token` of the previous page
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
