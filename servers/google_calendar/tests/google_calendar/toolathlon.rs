//! The `toolathlon` profile (Klavis's `google_calendar_toolathlon`): its five tools on the
//! primary calendar, each against the fake Calendar API with the exact request, and the text
//! results that variant answers.

use mcp_shared::Profile;
use mcp_testkit::wiremock::ResponseTemplate;
use mcp_testkit::{Setup, assert_no_requests, expect};
use serde_json::{Value, json};

use crate::common::{TOKEN, not_found, timed_event, v3};

async fn toolathlon() -> Setup {
    Setup::start_with(
        &google_calendar_mcp_server::SPEC,
        json!({"access_token": TOKEN}),
        |s| s.profile = Profile::Toolathlon,
    )
    .await
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

#[tokio::test]
async fn create_event_inserts_in_primary_and_answers_its_id() {
    let s = toolathlon().await;
    expect("POST", v3("/calendars/primary/events"))
        .bearer(TOKEN)
        .json_body(json!({
            "summary": "Team Meeting",
            "start": {"dateTime": "2024-01-20T10:00:00", "timeZone": "Europe/Berlin"},
            "end": {"dateTime": "2024-01-20T11:00:00Z"},
            "description": "Weekly team sync",
            "location": "Conference Room A"
        }))
        .respond(
            &s.fake,
            200,
            timed_event(
                "abc123",
                "Team Meeting",
                "2024-01-20T10:00:00+01:00",
                "2024-01-20T12:00:00+01:00",
                "Europe/Berlin",
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "create_event",
            json!({
                "summary": "Team Meeting",
                "start": {"dateTime": "2024-01-20T10:00:00", "timeZone": "Europe/Berlin"},
                "end": {"dateTime": "2024-01-20T11:00:00Z"},
                "description": "Weekly team sync",
                "location": "Conference Room A"
            }),
        )
        .await;
    assert_eq!(
        text(&v),
        "Event created with ID: abc123\nTitle: Team Meeting\nStart: 2024-01-20T10:00:00\nEnd: 2024-01-20T11:00:00Z"
    );
}

#[tokio::test]
async fn get_event_answers_googles_event_as_indented_json() {
    let s = toolathlon().await;
    let event = timed_event(
        "abc123",
        "Team Meeting",
        "2024-01-20T10:00:00Z",
        "2024-01-20T11:00:00Z",
        "UTC",
    );
    expect("GET", v3("/calendars/primary/events/abc123"))
        .bearer(TOKEN)
        .respond(&s.fake, 200, event.clone())
        .await;
    let v = s
        .client
        .call_ok("get_event", json!({"eventId": "abc123"}))
        .await;
    // The text is the indented JSON itself (the client parses it back).
    assert_eq!(v, event);
}

#[tokio::test]
async fn get_event_text_is_indented_by_two_spaces() {
    let s = toolathlon().await;
    expect("GET", v3("/calendars/primary/events/e%2F1"))
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!({"id": "e/1", "summary": "S"}))
        .await;
    let r = s
        .client
        .call("get_event", json!({"eventId": "e/1"}))
        .await
        .expect("a result");
    let text = mcp_testkit::text_of(&r);
    assert!(text.starts_with("{\n  \""), "{text}");
    assert!(text.contains("\n  \"summary\": \"S\""), "{text}");
}

#[tokio::test]
async fn update_event_patches_only_what_is_given() {
    let s = toolathlon().await;
    expect("PATCH", v3("/calendars/primary/events/abc123"))
        .bearer(TOKEN)
        .json_body(json!({
            "summary": "Renamed",
            "start": {"dateTime": "2024-01-20T11:00:00Z"}
        }))
        .respond(&s.fake, 200, json!({"id": "abc123", "summary": "Renamed"}))
        .await;
    let v = s
        .client
        .call_ok(
            "update_event",
            json!({"eventId": "abc123", "summary": "Renamed", "start": {"dateTime": "2024-01-20T11:00:00Z"}}),
        )
        .await;
    assert_eq!(
        text(&v),
        "Event updated: abc123\nNew title: Renamed\nNew start: 2024-01-20T11:00:00Z\nNew end: (unchanged)"
    );
    let err = s
        .client
        .call_err("update_event", json!({"eventId": "abc123"}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn delete_event_and_a_missing_one() {
    let s = toolathlon().await;
    expect("DELETE", v3("/calendars/primary/events/abc123"))
        .bearer(TOKEN)
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok("delete_event", json!({"eventId": "abc123"}))
        .await;
    assert_eq!(text(&v), "Event deleted: abc123");
    expect("DELETE", v3("/calendars/primary/events/gone"))
        .bearer(TOKEN)
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err("delete_event", json!({"eventId": "gone"}))
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn list_events_expands_recurring_events_and_reads_on_to_max_results() {
    let s = toolathlon().await;
    let one = timed_event(
        "e1",
        "One",
        "2024-01-02T09:00:00Z",
        "2024-01-02T10:00:00Z",
        "UTC",
    );
    let two = timed_event(
        "e2",
        "Two",
        "2024-01-03T09:00:00Z",
        "2024-01-03T10:00:00Z",
        "UTC",
    );
    let three = timed_event(
        "e3",
        "Three",
        "2024-01-04T09:00:00Z",
        "2024-01-04T10:00:00Z",
        "UTC",
    );
    let base = [
        ("timeMin", "2024-01-01T00:00:00Z"),
        ("timeMax", "2024-01-31T23:59:59+01:00"),
        ("orderBy", "updated"),
        ("singleEvents", "true"),
    ];
    // Google answers fewer than asked with a next page: the tool reads on for the rest.
    expect("GET", v3("/calendars/primary/events"))
        .bearer(TOKEN)
        .queries(&base)
        .query("maxResults", 3)
        .respond(
            &s.fake,
            200,
            json!({"kind": "calendar#events", "items": [one, two], "nextPageToken": "p2"}),
        )
        .await;
    expect("GET", v3("/calendars/primary/events"))
        .bearer(TOKEN)
        .queries(&base)
        .query("maxResults", 1)
        .query("pageToken", "p2")
        .respond(
            &s.fake,
            200,
            json!({"kind": "calendar#events", "items": [three], "nextPageToken": "p3"}),
        )
        .await;
    let r = s
        .client
        .call(
            "list_events",
            json!({"timeMin": "2024-01-01T00:00:00Z", "timeMax": "2024-01-31T23:59:59+01:00",
                   "maxResults": 3, "orderBy": "updated"}),
        )
        .await
        .expect("a result");
    let text = mcp_testkit::text_of(&r);
    let (head, rest) = text.split_once('\n').unwrap_or_default();
    assert_eq!(head, "Found 3 events:");
    let items: Value = serde_json::from_str(rest).expect("indented JSON");
    assert_eq!(items, json!([one, two, three]));
}

#[tokio::test]
async fn list_events_defaults_and_an_empty_range() {
    let s = toolathlon().await;
    expect("GET", v3("/calendars/primary/events"))
        .bearer(TOKEN)
        .queries(&[
            ("timeMin", "2024-01-01T00:00:00Z"),
            ("timeMax", "2024-01-02T00:00:00Z"),
            ("maxResults", "10"),
            ("orderBy", "startTime"),
            ("singleEvents", "true"),
        ])
        .respond(&s.fake, 200, json!({"kind": "calendar#events"}))
        .await;
    let v = s
        .client
        .call_ok(
            "list_events",
            json!({"timeMin": "2024-01-01T00:00:00Z", "timeMax": "2024-01-02T00:00:00Z"}),
        )
        .await;
    // No `items` at all is an empty list (the variant printed `undefined`).
    assert_eq!(text(&v), "Found 0 events:\n[]");
}

#[tokio::test]
async fn bad_arguments_are_refused_before_any_request() {
    let s = toolathlon().await;
    let cases = [
        (
            "list_events",
            json!({"timeMin": "2024-01-01", "timeMax": "2024-01-02T00:00:00Z"}),
            "`timeMin` must be an RFC 3339 time",
        ),
        (
            "list_events",
            json!({"timeMin": "2024-01-01T00:00:00Z", "timeMax": "tomorrow"}),
            "`timeMax` must be an RFC 3339 time",
        ),
        (
            "list_events",
            json!({"timeMin": "2024-01-01T00:00:00Z", "timeMax": "2024-01-02T00:00:00Z", "maxResults": 0}),
            "`maxResults` must be between 1 and 2500",
        ),
        (
            "get_event",
            json!({"eventId": " "}),
            "`eventId` must not be empty",
        ),
        (
            "delete_event",
            json!({"eventId": ""}),
            "`eventId` must not be empty",
        ),
        (
            "create_event",
            json!({"summary": "x", "start": {"timeZone": "UTC"}, "end": {"dateTime": "2024-01-01T00:00:00Z"}}),
            "dateTime",
        ),
    ];
    for (tool, args, want) in cases {
        let err = s.client.call_err(tool, args.clone()).await;
        assert!(err.contains(want), "{tool} {args}: {err}");
    }
    assert_no_requests(&s.fake).await;
}

#[tokio::test]
async fn the_default_profile_keeps_its_own_tools() {
    let names = |p: Profile| -> Vec<String> {
        mcp_shared::McpServer::new(
            &google_calendar_mcp_server::SPEC,
            mcp_shared::Settings {
                toolsets: Some(vec!["all".to_owned()]),
                profile: p,
                ..mcp_shared::Settings::default()
            },
        )
        .map(|s| s.tool_defs().map(|d| d.name().to_owned()).collect())
        .unwrap_or_default()
    };
    assert!(!names(Profile::Default).iter().any(|n| n == "create_event"));
    assert_eq!(
        names(Profile::Toolathlon),
        [
            "create_event",
            "get_event",
            "update_event",
            "delete_event",
            "list_events"
        ]
    );
}
