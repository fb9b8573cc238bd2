//! Dates, times and time zones: what the tools accept (RFC 3339, local date-times, dates),
//! IANA zone names, and DST-correct conversions between local times and instants.

use chrono::{
    DateTime, Datelike, Duration, FixedOffset, LocalResult, NaiveDate, NaiveDateTime, NaiveTime,
    Offset, SecondsFormat, TimeZone, Utc, Weekday,
};
use chrono_tz::Tz;
use mcp_shared::ToolError;

/// A point in time as a caller wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    /// RFC 3339 with an offset (`2024-06-01T09:00:00+02:00`, `...Z`): an instant.
    Instant(DateTime<FixedOffset>),
    /// A wall-clock time without offset (`2024-06-01T09:00:00`): in some time zone.
    Local(NaiveDateTime),
    /// A calendar date (`2024-06-01`): an all-day value, or a whole day as a bound.
    Date(NaiveDate),
}

impl Moment {
    /// Whether a time zone is needed to place it on the timeline.
    pub fn needs_zone(&self) -> bool {
        !matches!(self, Moment::Instant(_))
    }
}

const FORMS: &str = "use RFC 3339 with an offset (2024-12-31T15:30:00-07:00 or 2024-12-31T22:30:00Z), \
    a local date-time (2024-12-31T15:30:00) or a date (2024-12-31)";

/// Parse a caller's date, date-time or RFC 3339 timestamp; `what` names the argument.
pub fn parse_moment(s: &str, what: &str) -> Result<Moment, ToolError> {
    let t = s.trim();
    if t.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` is empty: {FORMS}"
        )));
    }
    if let Ok(d) = DateTime::parse_from_rfc3339(t) {
        return Ok(Moment::Instant(d));
    }
    for f in [
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S%.f",
        "%Y-%m-%d %H:%M",
    ] {
        if let Ok(d) = NaiveDateTime::parse_from_str(t, f) {
            return Ok(Moment::Local(d));
        }
    }
    if let Ok(d) = NaiveDate::parse_from_str(t, "%Y-%m-%d") {
        return Ok(Moment::Date(d));
    }
    Err(ToolError::invalid_input(format!(
        "`{what}` is not a date or time I can read (`{t}`): {FORMS}"
    )))
}

/// An IANA time zone name (`Europe/Berlin`, `America/New_York`, `UTC`).
pub fn parse_zone(name: &str, what: &str) -> Result<Tz, ToolError> {
    name.trim().parse::<Tz>().map_err(|_| {
        ToolError::invalid_input(format!(
            "`{what}` `{}` is not an IANA time zone name: use e.g. Europe/Berlin, America/New_York, Asia/Tokyo or UTC",
            name.trim()
        ))
    })
}

/// A wall-clock time in `tz` as an instant. Daylight saving time: a time the clocks skip
/// (02:30 on a spring-forward night) is read with the offset before the change (so it lands
/// just after it, 03:30); a time that happens twice (autumn) is the first one.
pub fn resolve(local: NaiveDateTime, tz: Tz) -> DateTime<Tz> {
    match tz.from_local_datetime(&local) {
        LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => t,
        LocalResult::None => {
            let before = tz.offset_from_utc_datetime(&(local - Duration::hours(24)));
            let utc = local - Duration::seconds(i64::from(before.fix().local_minus_utc()));
            Utc.from_utc_datetime(&utc).with_timezone(&tz)
        }
    }
}

/// The first instant of `date` in `tz`.
pub fn start_of_day(date: NaiveDate, tz: Tz) -> DateTime<Tz> {
    resolve(date.and_time(NaiveTime::MIN), tz)
}

/// A moment as an instant: local times and dates are in `tz` (a date is the start of that
/// day, or with `end_of_date` the start of the next one).
pub fn to_instant(m: Moment, tz: Tz, end_of_date: bool) -> DateTime<Tz> {
    match m {
        Moment::Instant(d) => d.with_timezone(&tz),
        Moment::Local(l) => resolve(l, tz),
        Moment::Date(d) if end_of_date => start_of_day(d + Duration::days(1), tz),
        Moment::Date(d) => start_of_day(d, tz),
    }
}

/// RFC 3339 with a numeric offset, to the second (`2024-03-31T09:00:00+02:00`).
pub fn rfc3339<T: TimeZone>(t: &DateTime<T>) -> String {
    t.fixed_offset().to_rfc3339_opts(SecondsFormat::Secs, false)
}

/// A local date-time as Google takes it with a separate `timeZone` (`2024-06-01T09:00:00`).
pub fn local_string(l: &NaiveDateTime) -> String {
    l.format("%Y-%m-%dT%H:%M:%S").to_string()
}

/// The date as `YYYY-MM-DD`.
pub fn date_string(d: &NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// A wall-clock time of day, `HH:MM` (24 h).
pub fn parse_clock(s: &str, what: &str) -> Result<NaiveTime, ToolError> {
    let t = s.trim();
    NaiveTime::parse_from_str(t, "%H:%M")
        .or_else(|_| NaiveTime::parse_from_str(t, "%H:%M:%S"))
        .map_err(|_| {
            ToolError::invalid_input(format!(
                "`{what}` `{t}` is not a time of day: use 24-hour HH:MM, e.g. 09:00 or 17:30"
            ))
        })
}

pub fn is_weekend(d: NaiveDate) -> bool {
    matches!(d.weekday(), Weekday::Sat | Weekday::Sun)
}

/// Parse an RFC 3339 timestamp Google returned.
pub fn parse_google(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s)
        .ok()
        .map(|d| d.with_timezone(&Utc))
}
