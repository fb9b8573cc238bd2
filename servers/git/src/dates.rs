//! The time bounds of `git_log` (`start_timestamp`, `end_timestamp`, git's `--since` and
//! `--until`), read without git's approxidate: the forms below, anything else refused.
//!
//! - ISO 8601 / RFC 3339: `2024-01-15` (midnight UTC), `2024-01-15T10:30`,
//!   `2024-01-15 10:30:00`, `2024-01-15T10:30:00Z`, `2024-01-15T10:30:00+02:00` (a time
//!   without an offset is UTC);
//! - Unix seconds: `1705314600` or `@1705314600`;
//! - relative: `now`, `today` (midnight UTC), `yesterday` (24 hours ago, as git reads it),
//!   `N <unit> ago` and `N.<unit>.ago` with second, minute, hour, day, week, month, year
//!   (singular or plural; `ago` may be left out), `last week|month|year` (one of them ago).

use chrono::{DateTime, Duration, FixedOffset, Months, NaiveDate, NaiveDateTime, Utc};
use mcp_shared::ToolError;

use crate::repo::{refish, shorten};

/// The forms accepted, for messages.
pub const FORMS: &str = "an ISO 8601 date or time (2024-01-15, 2024-01-15T10:30:00, 2024-01-15T10:30:00+02:00), Unix seconds (1705314600), or a relative form (now, today, yesterday, \"2 weeks ago\", \"3 days ago\", \"1 month ago\", \"last week\")";

/// `input` (the argument `arg`) as Unix seconds, relative forms counted from `now`.
pub fn parse(arg: &str, input: &str, now: DateTime<Utc>) -> Result<i64, ToolError> {
    let s = refish(arg, input)?;
    parse_inner(s, now).ok_or_else(|| {
        ToolError::invalid_input(format!(
            "`{arg}` {}: not a date this server reads; give {FORMS}",
            shorten(s)
        ))
    })
}

fn parse_inner(s: &str, now: DateTime<Utc>) -> Option<i64> {
    if let Some(t) = absolute(s) {
        return Some(t);
    }
    let digits = s.strip_prefix('@').unwrap_or(s);
    if !digits.is_empty() && digits.len() <= 12 && digits.bytes().all(|b| b.is_ascii_digit()) {
        return digits.parse().ok();
    }
    relative(&s.to_ascii_lowercase(), now)
}

fn absolute(s: &str) -> Option<i64> {
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Some(t.timestamp());
    }
    for f in [
        "%Y-%m-%d %H:%M:%S%:z",
        "%Y-%m-%d %H:%M:%S %z",
        "%Y-%m-%dT%H:%M:%S%.f%:z",
        "%Y-%m-%dT%H:%M%:z",
    ] {
        if let Ok(t) = DateTime::<FixedOffset>::parse_from_str(s, f) {
            return Some(t.timestamp());
        }
    }
    let naive = s.strip_suffix('Z').unwrap_or(s);
    for f in [
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%d %H:%M:%S%.f",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M",
    ] {
        if let Ok(t) = NaiveDateTime::parse_from_str(naive, f) {
            return Some(t.and_utc().timestamp());
        }
    }
    NaiveDate::parse_from_str(s, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc().timestamp())
}

fn relative(s: &str, now: DateTime<Utc>) -> Option<i64> {
    let words: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || c == '.' || c == '_')
        .filter(|w| !w.is_empty())
        .collect();
    let words: &[&str] = match words.split_last() {
        Some((&"ago", rest)) => rest,
        _ => &words,
    };
    match words {
        ["now"] => return Some(now.timestamp()),
        ["today"] => {
            return now
                .date_naive()
                .and_hms_opt(0, 0, 0)
                .map(|t| t.and_utc().timestamp());
        }
        ["yesterday"] => return ago(now, 1, "day"),
        ["last", unit] => return ago(now, 1, unit),
        _ => {}
    }
    let (n, unit) = match words {
        [n, unit] => (number(n)?, *unit),
        [unit] => (1, *unit),
        _ => return None,
    };
    ago(now, n, unit)
}

fn number(w: &str) -> Option<i64> {
    match w {
        "a" | "an" | "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        _ => w.parse().ok().filter(|n: &i64| (0..=100_000).contains(n)),
    }
}

fn ago(now: DateTime<Utc>, n: i64, unit: &str) -> Option<i64> {
    let unit = unit.strip_suffix('s').unwrap_or(unit);
    let t = match unit {
        "second" | "sec" => now.checked_sub_signed(Duration::try_seconds(n)?)?,
        "minute" | "min" => now.checked_sub_signed(Duration::try_minutes(n)?)?,
        "hour" => now.checked_sub_signed(Duration::try_hours(n)?)?,
        "day" => now.checked_sub_signed(Duration::try_days(n)?)?,
        "week" => now.checked_sub_signed(Duration::try_weeks(n)?)?,
        "month" => now.checked_sub_months(Months::new(u32::try_from(n).ok()?))?,
        "year" => now.checked_sub_months(Months::new(u32::try_from(n.checked_mul(12)?).ok()?))?,
        _ => return None,
    };
    Some(t.timestamp())
}
