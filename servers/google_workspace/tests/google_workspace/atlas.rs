//! `--profile atlas` (MCP-Atlas's google_workspace_atlas): the variant's tool and parameter
//! names, reads that call Google, and write tools that answer `ok` and send nothing.

use mcp_shared::Profile;
use mcp_testkit::expect;
use serde_json::json;

use crate::common::{TOKEN, ev, event, gm, message, start_with};

async fn atlas() -> crate::common::Env {
    start_with(Profile::Atlas, json!({ "access_token": TOKEN })).await
}

#[tokio::test]
async fn lists_the_variants_eight_tools() {
    let e = atlas().await;
    let mut names: Vec<String> = e
        .client
        .list_tools()
        .await
        .into_iter()
        .map(|t| t.name.to_string())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "create_event",
            "delete_event",
            "list_emails",
            "list_events",
            "modify_email",
            "search_emails",
            "send_email",
            "update_event"
        ]
    );
}

#[tokio::test]
async fn write_tools_answer_ok_and_send_nothing() {
    let e = atlas().await;
    let calls = [
        (
            "send_email",
            json!({"to": "ann@example.com", "subject": "s", "body": "b", "cc": "c@example.com", "bcc": "d@example.com"}),
        ),
        (
            "modify_email",
            json!({"id": "m1", "addLabels": ["STARRED"], "removeLabels": ["UNREAD"]}),
        ),
        (
            "create_event",
            json!({"summary": "x", "start": "2025-03-31T09:00:00Z", "end": "2025-03-31T10:00:00Z", "attendees": ["bob@example.com"]}),
        ),
        ("update_event", json!({"eventId": "e1", "summary": "y"})),
        ("delete_event", json!({"eventId": "e1"})),
    ];
    for (name, args) in calls {
        let r = e.client.call(name, args).await.unwrap();
        assert_ne!(r.is_error, Some(true), "{name}");
        assert_eq!(mcp_testkit::text_of(&r), "ok", "{name}");
    }
    e.assert_no_requests().await;
}

#[tokio::test]
async fn reads_use_the_variants_parameter_names() {
    let e = atlas().await;
    expect("GET", gm("/messages"))
        .bearer(TOKEN)
        .queries(&[("maxResults", "1"), ("q", "subject:Hello")])
        .respond(
            &e.gmail,
            200,
            json!({"messages": [{"id": "m1", "threadId": "t-m1"}], "resultSizeEstimate": 1}),
        )
        .await;
    expect("GET", gm("/messages/m1"))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(
            &e.gmail,
            200,
            message("m1", "Hello", "ann@example.com", "Hi", &["INBOX"]),
        )
        .await;
    let v = e
        .client
        .call_ok(
            "search_emails",
            json!({"query": "subject:Hello", "maxResults": 1}),
        )
        .await;
    assert_eq!(v[0]["labels"], json!(["INBOX"]));
    assert_eq!(v[0]["body"], "Hi");

    expect("GET", ev(""))
        .bearer(TOKEN)
        .queries(&[
            ("timeMin", "2025-03-01T00:00:00Z"),
            ("timeMax", "2025-03-02T00:00:00Z"),
            ("maxResults", "3"),
            ("singleEvents", "true"),
            ("orderBy", "startTime"),
        ])
        .respond(
            &e.calendar,
            200,
            json!({"items": [event("e1", "Standup", "2025-03-01T09:00:00+01:00", "2025-03-01T09:15:00+01:00")]}),
        )
        .await;
    let v = e
        .client
        .call_ok(
            "list_events",
            json!({"maxResults": 3, "timeMin": "2025-03-01T00:00:00Z", "timeMax": "2025-03-02T00:00:00Z"}),
        )
        .await;
    assert_eq!(v[0]["id"], "e1");
    assert_eq!(v[0]["summary"], "Standup");
}
