//! Free-slot arithmetic on half-open time spans `[start, end)`: merge busy periods, take the
//! gaps in a window, keep the parts inside working hours, drop the short ones.

use chrono::{DateTime, Duration, NaiveTime, Utc};
use chrono_tz::Tz;

use crate::time::{is_weekend, resolve, start_of_day};

pub type Span = (DateTime<Utc>, DateTime<Utc>);

/// Sorted, disjoint spans: empty ones dropped, overlapping and touching ones joined.
pub fn merge(mut spans: Vec<Span>) -> Vec<Span> {
    spans.retain(|(s, e)| s < e);
    spans.sort();
    let mut out: Vec<Span> = Vec::with_capacity(spans.len());
    for (s, e) in spans {
        match out.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

/// The parts of `window` that no busy span covers.
pub fn gaps(window: Span, busy: &[Span]) -> Vec<Span> {
    let mut out = Vec::new();
    let mut cursor = window.0;
    for &(s, e) in &merge(busy.to_vec()) {
        if e <= window.0 || s >= window.1 {
            continue;
        }
        if s > cursor {
            out.push((cursor, s));
        }
        cursor = cursor.max(e);
    }
    if cursor < window.1 {
        out.push((cursor, window.1));
    }
    out
}

/// The intersection of two sets of sorted, disjoint spans.
pub fn intersect(a: &[Span], b: &[Span]) -> Vec<Span> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < a.len() && j < b.len() {
        let s = a[i].0.max(b[j].0);
        let e = a[i].1.min(b[j].1);
        if s < e {
            out.push((s, e));
        }
        if a[i].1 < b[j].1 {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

/// The spans of `window` a meeting may use: each day's working hours (local wall-clock times
/// in `tz`, so 09:00 stays 09:00 across a DST change), or whole days; weekends left out
/// when `weekdays_only`.
pub fn allowed_spans(
    window: Span,
    tz: Tz,
    hours: Option<(NaiveTime, NaiveTime)>,
    weekdays_only: bool,
) -> Vec<Span> {
    if hours.is_none() && !weekdays_only {
        return vec![window];
    }
    let first = window.0.with_timezone(&tz).date_naive() - Duration::days(1);
    let last = window.1.with_timezone(&tz).date_naive();
    let mut spans = Vec::new();
    let mut day = first;
    while day <= last {
        if !(weekdays_only && is_weekend(day)) {
            let (s, e) = match hours {
                Some((from, to)) => (
                    resolve(day.and_time(from), tz),
                    resolve(day.and_time(to), tz),
                ),
                None => (
                    start_of_day(day, tz),
                    start_of_day(day + Duration::days(1), tz),
                ),
            };
            let (s, e) = (
                s.with_timezone(&Utc).max(window.0),
                e.with_timezone(&Utc).min(window.1),
            );
            if s < e {
                spans.push((s, e));
            }
        }
        day += Duration::days(1);
    }
    merge(spans)
}

/// Free spans of `window` given the busy spans: inside `allowed`, at least `min` long.
pub fn free(window: Span, busy: &[Span], allowed: &[Span], min: Duration) -> Vec<Span> {
    intersect(&gaps(window, busy), allowed)
        .into_iter()
        .filter(|(s, e)| *e - *s >= min)
        .collect()
}
