//! The free-slot arithmetic and the time-zone rules on their own (the library's `slots` and
//! `time` modules): edge cases that are awkward to reach through a fake.

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use chrono_tz::Europe::Berlin;
use google_calendar_mcp_server::slots::{Span, allowed_spans, free, gaps, intersect, merge};
use google_calendar_mcp_server::time::{Moment, parse_moment, resolve, rfc3339, to_instant};

fn t(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn span(a: &str, b: &str) -> Span {
    (t(a), t(b))
}

#[test]
fn merge_joins_overlapping_and_touching_and_drops_empty() {
    let got = merge(vec![
        span("2025-06-02T12:00:00Z", "2025-06-02T13:00:00Z"),
        span("2025-06-02T09:00:00Z", "2025-06-02T10:00:00Z"),
        span("2025-06-02T09:30:00Z", "2025-06-02T09:45:00Z"),
        span("2025-06-02T10:00:00Z", "2025-06-02T10:30:00Z"),
        span("2025-06-02T11:00:00Z", "2025-06-02T11:00:00Z"),
        span("2025-06-02T15:00:00Z", "2025-06-02T14:00:00Z"),
    ]);
    assert_eq!(
        got,
        vec![
            span("2025-06-02T09:00:00Z", "2025-06-02T10:30:00Z"),
            span("2025-06-02T12:00:00Z", "2025-06-02T13:00:00Z"),
        ]
    );
}

#[test]
fn gaps_ignore_busy_outside_the_window() {
    let window = span("2025-06-02T09:00:00Z", "2025-06-02T17:00:00Z");
    let busy = [
        span("2025-06-01T09:00:00Z", "2025-06-01T10:00:00Z"),
        span("2025-06-02T08:00:00Z", "2025-06-02T09:30:00Z"),
        span("2025-06-02T16:30:00Z", "2025-06-02T18:00:00Z"),
        span("2025-06-03T09:00:00Z", "2025-06-03T10:00:00Z"),
    ];
    assert_eq!(
        gaps(window, &busy),
        vec![span("2025-06-02T09:30:00Z", "2025-06-02T16:30:00Z")]
    );
    assert_eq!(gaps(window, &[]), vec![window]);
    assert_eq!(
        gaps(
            window,
            &[span("2025-06-02T00:00:00Z", "2025-06-03T00:00:00Z")]
        ),
        vec![]
    );
}

#[test]
fn intersect_and_minimum_length() {
    let a = [
        span("2025-06-02T08:00:00Z", "2025-06-02T10:00:00Z"),
        span("2025-06-02T11:00:00Z", "2025-06-02T20:00:00Z"),
    ];
    let b = [span("2025-06-02T09:00:00Z", "2025-06-02T17:00:00Z")];
    assert_eq!(
        intersect(&a, &b),
        vec![
            span("2025-06-02T09:00:00Z", "2025-06-02T10:00:00Z"),
            span("2025-06-02T11:00:00Z", "2025-06-02T17:00:00Z"),
        ]
    );
    let window = span("2025-06-02T09:00:00Z", "2025-06-02T10:00:00Z");
    let busy = [span("2025-06-02T09:29:00Z", "2025-06-02T09:30:00Z")];
    // 29 minutes before, 30 after: only the 30-minute one is long enough.
    assert_eq!(
        free(window, &busy, &[window], Duration::minutes(30)),
        vec![span("2025-06-02T09:30:00Z", "2025-06-02T10:00:00Z")]
    );
}

#[test]
fn working_hours_starting_inside_the_dst_gap_start_after_it() {
    // 02:30 does not exist in Berlin on 2025-03-30: the working window starts at 03:30 CEST.
    let window = span("2025-03-29T23:00:00Z", "2025-03-30T22:00:00Z");
    let hours = Some((
        NaiveTime::from_hms_opt(2, 30, 0).unwrap(),
        NaiveTime::from_hms_opt(5, 0, 0).unwrap(),
    ));
    assert_eq!(
        allowed_spans(window, Berlin, hours, false),
        vec![span(
            "2025-03-30T03:30:00+02:00",
            "2025-03-30T05:00:00+02:00"
        )]
    );
}

#[test]
fn weekdays_only_without_hours_is_whole_weekdays() {
    // Friday 2025-10-24 to Tuesday 2025-10-28 in Berlin; the clocks go back on Sunday.
    let window = span("2025-10-24T00:00:00+02:00", "2025-10-29T00:00:00+01:00");
    assert_eq!(
        allowed_spans(window, Berlin, None, true),
        vec![
            span("2025-10-24T00:00:00+02:00", "2025-10-25T00:00:00+02:00"),
            span("2025-10-27T00:00:00+01:00", "2025-10-29T00:00:00+01:00"),
        ]
    );
}

#[test]
fn local_times_resolve_across_dst() {
    let at = |s: &str| chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M").unwrap();
    // Twice on the autumn night: the first (CEST) one.
    assert_eq!(
        rfc3339(&resolve(at("2025-10-26T02:30"), Berlin)),
        "2025-10-26T02:30:00+02:00"
    );
    // Skipped on the spring night: read with the winter offset, so it lands after the gap.
    assert_eq!(
        rfc3339(&resolve(at("2025-03-30T02:30"), Berlin)),
        "2025-03-30T03:30:00+02:00"
    );
    let day = NaiveDate::from_ymd_opt(2025, 3, 30).unwrap();
    let start = to_instant(Moment::Date(day), Berlin, false);
    let end = to_instant(Moment::Date(day), Berlin, true);
    assert_eq!((end - start).num_hours(), 23);
}

#[test]
fn moments_in_every_accepted_form() {
    assert!(matches!(
        parse_moment("2025-06-02T09:00:00+02:00", "x"),
        Ok(Moment::Instant(_))
    ));
    assert!(matches!(
        parse_moment("2025-06-02T07:00:00.250Z", "x"),
        Ok(Moment::Instant(_))
    ));
    assert!(matches!(
        parse_moment("2025-06-02T09:00", "x"),
        Ok(Moment::Local(_))
    ));
    assert!(matches!(
        parse_moment("2025-06-02 09:00:00", "x"),
        Ok(Moment::Local(_))
    ));
    assert!(matches!(
        parse_moment(" 2025-06-02 ", "x"),
        Ok(Moment::Date(_))
    ));
    for bad in [
        "",
        "tomorrow",
        "2025-13-01",
        "2025-06-02T25:00",
        "06/02/2025",
    ] {
        let err = parse_moment(bad, "start_datetime").unwrap_err().to_string();
        assert!(err.contains("start_datetime"), "{bad}: {err}");
    }
}
