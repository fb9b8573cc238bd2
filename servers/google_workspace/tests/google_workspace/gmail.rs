//! Gmail tools against a fake Gmail API: exact requests, Google's answers, failures.

use base64::Engine as _;
use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::common::{TOKEN, gm, google_error, message, start};

#[tokio::test]
async fn list_emails_lists_then_reads_each_message() {
    let e = start().await;
    expect("GET", gm("/messages"))
        .bearer(TOKEN)
        .queries(&[("maxResults", "2"), ("q", "is:unread")])
        .respond(
            &e.gmail,
            200,
            json!({
                "messages": [{"id": "m1", "threadId": "t-m1"}, {"id": "m2", "threadId": "t-m2"}],
                "nextPageToken": "p2",
                "resultSizeEstimate": 2
            }),
        )
        .await;
    expect("GET", gm("/messages/m1"))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(
            &e.gmail,
            200,
            message(
                "m1",
                "Hello",
                "Ann <ann@example.com>",
                "Hi there",
                &["INBOX", "UNREAD"],
            ),
        )
        .await;
    // A single-part message: its body is the payload's own data.
    let mut single = message("m2", "Plain", "bob@example.com", "", &["INBOX"]);
    single["payload"] = json!({
        "mimeType": "text/plain",
        "headers": [{"name": "subject", "value": "Plain"}, {"name": "from", "value": "bob@example.com"}],
        "body": {"size": 4, "data": crate::common::b64url("Yo ü")}
    });
    expect("GET", gm("/messages/m2"))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(&e.gmail, 200, single)
        .await;
    let v = e
        .client
        .call_ok(
            "google_workspace_list_emails",
            json!({"max_results": 2, "query": "is:unread"}),
        )
        .await;
    assert_eq!(
        v,
        json!([
            {"id": "m1", "subject": "Hello", "from": "Ann <ann@example.com>", "date": "Wed, 1 Jan 2025 10:00:00 +0000", "body": "Hi there"},
            {"id": "m2", "subject": "Plain", "from": "bob@example.com", "date": "", "body": "Yo ü"}
        ])
    );
}

#[tokio::test]
async fn list_emails_defaults_to_ten_without_a_query() {
    let e = start().await;
    expect("GET", gm("/messages"))
        .bearer(TOKEN)
        .query("maxResults", "10")
        .respond(&e.gmail, 200, json!({"resultSizeEstimate": 0}))
        .await;
    let v = e
        .client
        .call_ok("google_workspace_list_emails", json!({}))
        .await;
    assert_eq!(v, json!([]));
}

#[tokio::test]
async fn search_emails_adds_labels_and_says_when_there_is_no_text() {
    let e = start().await;
    expect("GET", gm("/messages"))
        .bearer(TOKEN)
        .queries(&[
            ("maxResults", "10"),
            ("q", "from:ann@example.com has:attachment"),
        ])
        .respond(
            &e.gmail,
            200,
            json!({"messages": [{"id": "m3", "threadId": "t3"}], "resultSizeEstimate": 1}),
        )
        .await;
    let mut m = message("m3", "Report", "ann@example.com", "", &["INBOX", "Label_7"]);
    m["payload"]["parts"] = json!([{"partId": "0", "mimeType": "text/html", "body": {"size": 3, "data": crate::common::b64url("<b>")}}]);
    expect("GET", gm("/messages/m3"))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(&e.gmail, 200, m)
        .await;
    let v = e
        .client
        .call_ok(
            "google_workspace_search_emails",
            json!({"query": "from:ann@example.com has:attachment"}),
        )
        .await;
    assert_eq!(
        v,
        json!([{
            "id": "m3", "subject": "Report", "from": "ann@example.com",
            "date": "Wed, 1 Jan 2025 10:00:00 +0000", "body": "(No body content)",
            "labels": ["INBOX", "Label_7"]
        }])
    );
}

#[tokio::test]
async fn search_emails_needs_a_query_and_a_sane_count() {
    let e = start().await;
    let err = e
        .client
        .call_err("google_workspace_search_emails", json!({"query": "  "}))
        .await;
    assert!(err.contains("query"), "{err}");
    let err = e
        .client
        .call_err(
            "google_workspace_search_emails",
            json!({"query": "x", "max_results": 501}),
        )
        .await;
    assert!(err.contains("between 1 and 500"), "{err}");
    e.assert_no_requests().await;
}

#[tokio::test]
async fn a_gmail_error_is_a_tool_error() {
    let e = start().await;
    expect("GET", gm("/messages"))
        .bearer(TOKEN)
        .query("maxResults", "10")
        .respond(
            &e.gmail,
            401,
            google_error(401, "UNAUTHENTICATED", "authError", "Invalid Credentials"),
        )
        .await;
    let err = e
        .client
        .call_err("google_workspace_list_emails", json!({}))
        .await;
    assert!(err.contains("Invalid Credentials"), "{err}");
    assert!(err.contains("expired"), "{err}");
}

/// The `raw` of a messages.send body, decoded.
fn raw_of(body: &[u8]) -> String {
    let v: Value = serde_json::from_slice(body).unwrap();
    let obj = v.as_object().unwrap();
    assert_eq!(obj.len(), 1, "only `raw` is sent: {v}");
    let raw = v["raw"].as_str().unwrap();
    let bytes = base64::engine::general_purpose::URL_SAFE
        .decode(raw)
        .unwrap();
    String::from_utf8(bytes).unwrap()
}

#[tokio::test]
async fn send_email_posts_a_raw_message() {
    let e = start().await;
    expect("POST", gm("/messages/send"))
        .bearer(TOKEN)
        .any_body()
        .respond(
            &e.gmail,
            200,
            json!({"id": "s1", "threadId": "ts1", "labelIds": ["SENT"]}),
        )
        .await;
    let v = e
        .client
        .call_ok(
            "google_workspace_send_email",
            json!({
                "to": "Ann <ann@example.com>",
                "subject": "Lunch\r\nBcc: evil@example.com",
                "body": "See you at noon.",
                "cc": "bob@example.com, carl@example.com",
                "bcc": "dora@example.com"
            }),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "s1", "threadId": "ts1", "labelIds": ["SENT"]})
    );
    let reqs = e.gmail.received_requests().await.unwrap();
    assert_eq!(reqs.len(), 1);
    let raw = raw_of(&reqs[0].body);
    assert!(raw.contains("To: \"Ann\" <ann@example.com>"), "{raw}");
    assert!(
        raw.contains("Cc: <bob@example.com>, <carl@example.com>"),
        "{raw}"
    );
    assert!(raw.contains("Bcc: <dora@example.com>"), "{raw}");
    assert!(
        raw.contains("Subject: Lunch  Bcc: evil@example.com"),
        "{raw}"
    );
    assert!(!raw.contains("\r\nBcc: evil"), "no header injection: {raw}");
    assert!(raw.contains("See you at noon."), "{raw}");
    assert!(raw.contains("text/plain"), "{raw}");
}

#[tokio::test]
async fn send_email_refuses_a_bad_address_before_sending() {
    let e = start().await;
    let err = e
        .client
        .call_err(
            "google_workspace_send_email",
            json!({"to": "not an address", "subject": "s", "body": "b"}),
        )
        .await;
    assert!(err.contains("not an email address"), "{err}");
    e.assert_no_requests().await;
}

#[tokio::test]
async fn send_email_reports_googles_refusal() {
    let e = start().await;
    expect("POST", gm("/messages/send"))
        .bearer(TOKEN)
        .any_body()
        .respond(
            &e.gmail,
            400,
            google_error(
                400,
                "FAILED_PRECONDITION",
                "failedPrecondition",
                "Mail service not enabled",
            ),
        )
        .await;
    let err = e
        .client
        .call_err(
            "google_workspace_send_email",
            json!({"to": "ann@example.com", "subject": "s", "body": "b"}),
        )
        .await;
    assert!(err.contains("Mail service not enabled"), "{err}");
}

#[tokio::test]
async fn modify_email_adds_and_removes_labels() {
    let e = start().await;
    expect("POST", gm("/messages/m1/modify"))
        .bearer(TOKEN)
        .json_body(json!({"addLabelIds": ["STARRED"], "removeLabelIds": ["UNREAD", "INBOX"]}))
        .respond(
            &e.gmail,
            200,
            json!({"id": "m1", "threadId": "t-m1", "labelIds": ["STARRED"], "snippet": "x"}),
        )
        .await;
    let v = e
        .client
        .call_ok(
            "google_workspace_modify_email",
            json!({"id": "m1", "add_labels": ["STARRED"], "remove_labels": ["UNREAD", " INBOX "]}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "m1", "threadId": "t-m1", "labelIds": ["STARRED"]})
    );
}

#[tokio::test]
async fn modify_email_needs_a_label_and_reports_a_missing_message() {
    let e = start().await;
    let err = e
        .client
        .call_err("google_workspace_modify_email", json!({"id": "m1"}))
        .await;
    assert!(err.contains("nothing to change"), "{err}");
    mcp_testkit::assert_no_requests(&e.gmail).await;
    expect("POST", gm("/messages/gone/modify"))
        .bearer(TOKEN)
        .json_body(json!({"removeLabelIds": ["UNREAD"]}))
        .respond(
            &e.gmail,
            404,
            google_error(
                404,
                "NOT_FOUND",
                "notFound",
                "Requested entity was not found.",
            ),
        )
        .await;
    let err = e
        .client
        .call_err(
            "google_workspace_modify_email",
            json!({"id": "gone", "remove_labels": ["UNREAD"]}),
        )
        .await;
    assert!(err.contains("Requested entity was not found."), "{err}");
}
