//! gmail_list_threads and gmail_get_thread.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::{LATIN1_QP, NESTED, TOKEN, gmail_full, me, not_found, setup};
use crate::messages::metadata;

#[tokio::test]
async fn list_threads_contract() {
    let s = setup().await;
    expect("GET", me("/threads"))
        .bearer(TOKEN)
        .query("maxResults", 2)
        .query("q", "is:unread")
        .query("labelIds", "INBOX")
        .query("labelIds", "IMPORTANT")
        .respond(
            &s.fake,
            200,
            json!({
                "threads": [{"id": "t1", "snippet": "Agenda", "historyId": "1"}],
                "nextPageToken": "tp2",
                "resultSizeEstimate": 4
            }),
        )
        .await;
    expect("GET", me("/threads/t1"))
        .bearer(TOKEN)
        .query("format", "metadata")
        .query("metadataHeaders", "From")
        .query("metadataHeaders", "Subject")
        .query("metadataHeaders", "Date")
        .respond(
            &s.fake,
            200,
            json!({"id": "t1", "historyId": "1", "messages": [
                metadata("m1", "t1", "Ann <ann@example.com>", "Agenda", &["INBOX"]),
                metadata("m2", "t1", "Bob <bob@example.com>", "Re: Agenda", &["INBOX", "UNREAD"]),
                metadata("m3", "t1", "ann@example.com", "Re: Agenda", &["INBOX", "IMPORTANT"])
            ]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "gmail_list_threads",
            json!({"query": "is:unread", "labelIds": ["INBOX", "IMPORTANT"], "maxResults": 2}),
        )
        .await;
    assert_eq!(v["nextPageToken"], "tp2");
    let t = &v["threads"][0];
    assert_eq!(t["id"], "t1");
    assert_eq!(t["subject"], "Agenda");
    assert_eq!(t["messageCount"], 3);
    assert_eq!(
        t["participants"],
        json!(["Ann <ann@example.com>", "Bob <bob@example.com>"])
    );
    assert_eq!(t["unread"], true);
    assert_eq!(t["labelIds"], json!(["INBOX", "UNREAD", "IMPORTANT"]));
}

#[tokio::test]
async fn list_threads_failure() {
    let s = setup().await;
    expect("GET", me("/threads"))
        .bearer(TOKEN)
        .query("maxResults", 50)
        .query("pageToken", "bad")
        .respond(
            &s.fake,
            400,
            crate::common::google_error(
                400,
                "INVALID_ARGUMENT",
                "invalidArgument",
                "Invalid pageToken",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "gmail_list_threads",
            json!({"pageToken": "bad", "maxResults": 80}),
        )
        .await;
    assert!(err.contains("Invalid pageToken"), "{err}");
}

#[tokio::test]
async fn get_thread_contract() {
    let s = setup().await;
    let a = gmail_full("m1", "t1", &["INBOX"], NESTED).json;
    let b = gmail_full("m2", "t1", &["INBOX", "UNREAD"], LATIN1_QP).json;
    expect("GET", me("/threads/t1"))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(
            &s.fake,
            200,
            json!({"id": "t1", "historyId": "77", "messages": [a, b]}),
        )
        .await;
    let v = s
        .client
        .call_ok("gmail_get_thread", json!({"threadId": "t1"}))
        .await;
    assert_eq!(v["threadId"], "t1");
    assert_eq!(v["messageCount"], 2);
    assert_eq!(v["messages"][0]["subject"], "Quarterly report");
    assert_eq!(v["messages"][0]["attachments"][0]["filename"], "report.pdf");
    assert_eq!(
        v["messages"][1]["body"],
        "Café crème, crème brûlée.\r\nÀ bientôt !\r\n"
    );
}

#[tokio::test]
async fn get_thread_not_found() {
    let s = setup().await;
    expect("GET", me("/threads/t404"))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err("gmail_get_thread", json!({"threadId": "t404"}))
        .await;
    assert!(err.contains("404") && err.contains("check the id"), "{err}");
}
