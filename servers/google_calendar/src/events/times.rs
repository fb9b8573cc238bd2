//! An event's start and end: the time zone argument, Google's `start`/`end` objects, and
//! checking a range.

use chrono::Duration;
use chrono_tz::Tz;
use mcp_shared::ToolError;
use serde_json::{Map, Value, json};

use crate::time::{Moment, date_string, local_string, parse_zone, rfc3339, to_instant};

/// The time zone argument, checked.
pub(super) fn zone_arg(tz: Option<&str>, what: &str) -> Result<Option<Tz>, ToolError> {
    tz.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| parse_zone(s, what))
        .transpose()
}

/// Google's `start`/`end` object for a moment. `zone` goes into `timeZone` for timed events
/// (required with a local time, and for recurring events). With `clear_other`, the other form
/// is set to null, so that a PATCH can turn a timed event into an all-day one and back.
pub(super) fn event_time(m: Moment, zone: Option<Tz>, clear_other: bool) -> Value {
    let mut o = Map::new();
    match m {
        Moment::Date(d) => {
            o.insert("date".into(), json!(date_string(&d)));
            if clear_other {
                o.insert("dateTime".into(), Value::Null);
            }
        }
        Moment::Instant(_) | Moment::Local(_) => {
            let s = match m {
                Moment::Local(l) => local_string(&l),
                Moment::Instant(i) => rfc3339(&i),
                Moment::Date(_) => String::new(),
            };
            o.insert("dateTime".into(), json!(s));
            if let Some(z) = zone {
                o.insert("timeZone".into(), json!(z.name()));
            }
            if clear_other {
                o.insert("date".into(), Value::Null);
            }
        }
    }
    Value::Object(o)
}

/// Check a start/end pair and settle the all-day end: Google's end date is exclusive, so an
/// end date equal to the start date is read as a one-day event.
pub(super) fn check_range(
    start: Moment,
    end: Moment,
    zone: Option<Tz>,
) -> Result<Moment, ToolError> {
    match (start, end) {
        (Moment::Date(s), Moment::Date(e)) => {
            if e < s {
                return Err(ToolError::invalid_input(format!(
                    "the end date {} is before the start date {}",
                    date_string(&e),
                    date_string(&s)
                )));
            }
            Ok(Moment::Date(if e == s { s + Duration::days(1) } else { e }))
        }
        (Moment::Date(_), _) | (_, Moment::Date(_)) => Err(ToolError::invalid_input(
            "give start and end in the same form: both dates (YYYY-MM-DD) for an all-day event, or both date-times",
        )),
        (s, e) => {
            let ordered = match (s, e, zone) {
                (Moment::Local(a), Moment::Local(b), _) => Some(a < b),
                (Moment::Instant(a), Moment::Instant(b), _) => Some(a < b),
                (a, b, Some(z)) => Some(to_instant(a, z, false) < to_instant(b, z, false)),
                _ => None,
            };
            if ordered == Some(false) {
                return Err(ToolError::invalid_input(
                    "the end must be after the start (check the dates, the AM/PM and the offsets)",
                ));
            }
            Ok(e)
        }
    }
}
