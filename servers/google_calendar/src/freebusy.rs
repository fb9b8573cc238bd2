//! Free/busy: ask Google when calendars are busy (`freeBusy.query`) and compute the free
//! slots between, per calendar and for everyone together.

use chrono::{Duration, Utc};
use chrono_tz::Tz;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::req;
use crate::slots::{Span, allowed_spans, free, intersect, merge};
use crate::time::{
    Moment, parse_clock, parse_google, parse_moment, parse_zone, rfc3339, start_of_day, to_instant,
};

/// Google answers for at most 50 calendars per query.
const MAX_ITEMS: usize = 50;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_calendar_find_free_slots",
            "Find free slots",
            Effect::Read,
            find_free_slots,
        )
        .toolset("freebusy"),
    ]
}

/// Find free slots of calendars in a range (default: today), and `common_free`, when all are free;
/// optionally in working hours on weekdays. Times: RFC 3339 in `timezone`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct FindFreeSlots {
    /// `primary` (default), calendar ids or emails; at most 50
    items: Option<Vec<String>>,
    /// RFC 3339, local date-time or date; default today
    time_min: Option<String>,
    /// Default: the end of time_min's day
    time_max: Option<String>,
    /// IANA zone
    #[schemars(extend("default" = "UTC"))]
    timezone: Option<String>,
    #[schemars(extend("default" = 30), range(min = 1))]
    min_slot_duration_minutes: Option<u32>,
    /// Local `HH:MM`
    working_hours_start: Option<String>,
    /// Local `HH:MM`
    working_hours_end: Option<String>,
    #[schemars(extend("default" = false))]
    weekdays_only: Option<bool>,
}

fn slot(s: &Span, tz: Tz) -> Value {
    json!({
        "start": rfc3339(&s.0.with_timezone(&tz)),
        "end": rfc3339(&s.1.with_timezone(&tz)),
        "minutes": (s.1 - s.0).num_minutes(),
    })
}

fn slots(list: &[Span], tz: Tz) -> Value {
    Value::Array(list.iter().map(|s| slot(s, tz)).collect())
}

/// The busy periods Google reported for one calendar, or its error reason.
fn busy_of(entry: Option<&Value>) -> Result<Vec<Span>, String> {
    let Some(entry) = entry else {
        return Err("missing from Google's answer".to_owned());
    };
    if let Some(errors) = entry.get("errors").and_then(Value::as_array)
        && let Some(first) = errors.first()
    {
        let reason = first
            .get("reason")
            .and_then(Value::as_str)
            .unwrap_or("unknown error");
        return Err(match reason {
            "notFound" => {
                "notFound: no such calendar, or its free/busy is not shared with you".to_owned()
            }
            r => r.to_owned(),
        });
    }
    Ok(entry
        .get("busy")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|b| {
            let s = parse_google(b.get("start")?.as_str()?)?;
            let e = parse_google(b.get("end")?.as_str()?)?;
            Some((s, e))
        })
        .collect())
}

async fn find_free_slots(ctx: Ctx, a: FindFreeSlots) -> Result<Value, ToolError> {
    let tz = parse_zone(a.timezone.as_deref().unwrap_or("UTC"), "timezone")?;
    let mut items: Vec<String> = Vec::new();
    for i in a.items.unwrap_or_default() {
        let i = i.trim();
        if i.is_empty() {
            return Err(ToolError::invalid_input(
                "`items` has an empty entry: give calendar ids or email addresses",
            ));
        }
        if !items.iter().any(|x| x == i) {
            items.push(i.to_owned());
        }
    }
    if items.is_empty() {
        items.push("primary".to_owned());
    }
    if items.len() > MAX_ITEMS {
        return Err(ToolError::invalid_input(format!(
            "`items` has {} calendars; Google answers for at most {MAX_ITEMS} at once: split the request",
            items.len()
        )));
    }
    let min_minutes = a.min_slot_duration_minutes.unwrap_or(30);
    if min_minutes == 0 {
        return Err(ToolError::invalid_input(
            "`min_slot_duration_minutes` must be at least 1",
        ));
    }
    let hours = match (
        a.working_hours_start
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty()),
        a.working_hours_end
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty()),
    ) {
        (None, None) => None,
        (Some(s), Some(e)) => {
            let (s, e) = (
                parse_clock(s, "working_hours_start")?,
                parse_clock(e, "working_hours_end")?,
            );
            if e <= s {
                return Err(ToolError::invalid_input(
                    "`working_hours_end` must be later than `working_hours_start` on the same day (overnight hours are not supported)",
                ));
            }
            Some((s, e))
        }
        _ => {
            return Err(ToolError::invalid_input(
                "give both `working_hours_start` and `working_hours_end`, or neither",
            ));
        }
    };
    let weekdays_only = a.weekdays_only.unwrap_or(false);

    let parse = |v: &Option<String>, what: &str| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| parse_moment(s, what))
            .transpose()
    };
    let min = match parse(&a.time_min, "time_min")? {
        Some(m) => to_instant(m, tz, false),
        None => start_of_day(Utc::now().with_timezone(&tz).date_naive(), tz),
    };
    let max = match parse(&a.time_max, "time_max")? {
        Some(m) => to_instant(m, tz, true),
        None => to_instant(Moment::Date(min.date_naive()), tz, true),
    };
    if min >= max {
        return Err(ToolError::invalid_input(format!(
            "`time_min` ({}) must be before `time_max` ({})",
            rfc3339(&min),
            rfc3339(&max)
        )));
    }
    let window: Span = (min.with_timezone(&Utc), max.with_timezone(&Utc));

    let body = json!({
        "timeMin": rfc3339(&min),
        "timeMax": rfc3339(&max),
        "timeZone": tz.name(),
        "items": items.iter().map(|i| json!({ "id": i })).collect::<Vec<_>>(),
    });
    let v: Value = req(&ctx, Method::POST, "/freeBusy")?
        .query("fields", "calendars")
        .json(&body)
        // A query: safe to repeat after a gateway error.
        .idempotent(true)
        .send_json()
        .await?;

    let allowed = allowed_spans(window, tz, hours, weekdays_only);
    let min_len = Duration::minutes(i64::from(min_minutes));
    let mut calendars = Map::new();
    let mut everyone: Vec<Span> = Vec::new();
    let mut unknown: Vec<&str> = Vec::new();
    for id in &items {
        match busy_of(v.get("calendars").and_then(|c| c.get(id))) {
            Ok(busy) => {
                let busy = intersect(&merge(busy), &[window]);
                let free_here = free(window, &busy, &allowed, min_len);
                calendars.insert(
                    id.clone(),
                    json!({ "busy": slots(&busy, tz), "free": slots(&free_here, tz) }),
                );
                everyone.extend(busy);
            }
            Err(reason) => {
                calendars.insert(
                    id.clone(),
                    json!({ "error": reason, "busy": [], "free": [] }),
                );
                unknown.push(id);
            }
        }
    }
    let mut out = json!({
        "timezone": tz.name(),
        "time_min": rfc3339(&min),
        "time_max": rfc3339(&max),
        "min_slot_duration_minutes": min_minutes,
        "calendars": calendars,
    });
    if let Some((s, e)) = hours {
        out["working_hours"] =
            json!({ "start": s.format("%H:%M").to_string(), "end": e.format("%H:%M").to_string() });
    }
    if weekdays_only {
        out["weekdays_only"] = json!(true);
    }
    if unknown.len() < items.len() {
        out["common_free"] = slots(&free(window, &everyone, &allowed, min_len), tz);
        if !unknown.is_empty() {
            out["note"] = json!(format!(
                "common_free leaves out calendars whose availability is unknown: {}",
                unknown.join(", ")
            ));
        }
    }
    Ok(out)
}
