//! gmail_search_emails, gmail_modify_email, gmail_delete_email, gmail_trash_email,
//! gmail_untrash_email, gmail_get_profile.

use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::common::{TOKEN, google_error, me, not_found, setup};

/// A message in `format=metadata` with the summary headers.
pub fn metadata(id: &str, thread: &str, from: &str, subject: &str, labels: &[&str]) -> Value {
    json!({
        "id": id,
        "threadId": thread,
        "labelIds": labels,
        "snippet": "Don&#39;t forget the meeting &amp; the agenda",
        "historyId": "4242",
        "internalDate": "1717236000000",
        "payload": {
            "partId": "",
            "mimeType": "multipart/alternative",
            "filename": "",
            "headers": [
                {"name": "From", "value": from},
                {"name": "To", "value": "bob@example.com"},
                {"name": "Subject", "value": subject},
                {"name": "Date", "value": "Mon, 3 Jun 2024 09:15:00 +0200"},
                {"name": "Message-ID", "value": format!("<{id}@mail.example.com>")}
            ],
            "body": {"size": 0}
        },
        "sizeEstimate": 2048
    })
}

pub async fn expect_metadata(fake: &mcp_testkit::wiremock::MockServer, id: &str, answer: Value) {
    let mut e = expect("GET", me(&format!("/messages/{id}")))
        .bearer(TOKEN)
        .query("format", "metadata");
    for h in ["From", "To", "Subject", "Date", "Message-ID"] {
        e = e.query("metadataHeaders", h);
    }
    e.respond(fake, 200, answer).await;
}

#[tokio::test]
async fn search_contract() {
    let s = setup().await;
    expect("GET", me("/messages"))
        .bearer(TOKEN)
        .query("q", "from:ann@example.com is:unread")
        .query("maxResults", 2)
        .respond(
            &s.fake,
            200,
            json!({
                "messages": [{"id": "m1", "threadId": "t1"}, {"id": "m2", "threadId": "t2"}],
                "nextPageToken": "09876543210",
                "resultSizeEstimate": 7
            }),
        )
        .await;
    expect_metadata(
        &s.fake,
        "m1",
        metadata(
            "m1",
            "t1",
            "Ann <ann@example.com>",
            "Agenda",
            &["INBOX", "UNREAD"],
        ),
    )
    .await;
    expect_metadata(
        &s.fake,
        "m2",
        metadata(
            "m2",
            "t2",
            "=?UTF-8?Q?Ann_=C3=89lise?= <ann@example.com>",
            "Notes",
            &["INBOX"],
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "gmail_search_emails",
            json!({"query": "from:ann@example.com is:unread", "maxResults": 2}),
        )
        .await;
    assert_eq!(v["nextPageToken"], "09876543210");
    assert_eq!(v["resultSizeEstimate"], 7);
    let m = v["messages"].as_array().unwrap();
    assert_eq!(m.len(), 2);
    assert_eq!(m[0]["id"], "m1");
    assert_eq!(m[0]["threadId"], "t1");
    assert_eq!(m[0]["from"], "Ann <ann@example.com>");
    assert_eq!(m[0]["subject"], "Agenda");
    assert_eq!(m[0]["date"], "2024-06-03T09:15:00+02:00");
    assert_eq!(m[0]["unread"], true);
    assert_eq!(m[0]["snippet"], "Don't forget the meeting & the agenda");
    assert_eq!(m[1]["from"], "Ann Élise <ann@example.com>");
    assert_eq!(m[1]["unread"], false);
}

#[tokio::test]
async fn search_next_page_and_defaults() {
    let s = setup().await;
    expect("GET", me("/messages"))
        .bearer(TOKEN)
        .query("q", "label:work")
        .query("maxResults", 10)
        .query("pageToken", "09876543210")
        .query("includeSpamTrash", true)
        .respond(&s.fake, 200, json!({"resultSizeEstimate": 0}))
        .await;
    let v = s
        .client
        .call_ok(
            "gmail_search_emails",
            json!({"query": "label:work", "pageToken": "09876543210", "includeSpamTrash": true}),
        )
        .await;
    assert_eq!(v, json!({"messages": [], "resultSizeEstimate": 0}));
}

#[tokio::test]
async fn search_reports_a_message_deleted_meanwhile() {
    let s = setup().await;
    expect("GET", me("/messages"))
        .bearer(TOKEN)
        .query("q", "x")
        .query("maxResults", 100)
        .respond(
            &s.fake,
            200,
            json!({"messages": [{"id": "gone", "threadId": "t9"}], "resultSizeEstimate": 1}),
        )
        .await;
    let mut e = expect("GET", me("/messages/gone"))
        .bearer(TOKEN)
        .query("format", "metadata");
    for h in ["From", "To", "Subject", "Date", "Message-ID"] {
        e = e.query("metadataHeaders", h);
    }
    e.respond(&s.fake, 404, not_found()).await;
    let v = s
        .client
        .call_ok(
            "gmail_search_emails",
            json!({"query": "x", "maxResults": 500}),
        )
        .await;
    assert_eq!(v["messages"][0]["id"], "gone");
    assert_eq!(v["messages"][0]["threadId"], "t9");
    assert!(
        v["messages"][0]["error"]
            .as_str()
            .unwrap()
            .contains("not found")
    );
}

#[tokio::test]
async fn search_with_an_expired_token() {
    let s = setup().await;
    expect("GET", me("/messages"))
        .bearer(TOKEN)
        .query("q", "in:inbox")
        .query("maxResults", 10)
        .respond(
            &s.fake,
            401,
            google_error(
                401,
                "UNAUTHENTICATED",
                "authError",
                "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("gmail_search_emails", json!({"query": "in:inbox"}))
        .await;
    assert!(err.contains("401"), "{err}");
    assert!(err.contains("invalid or expired"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
}

#[tokio::test]
async fn modify_contract() {
    let s = setup().await;
    expect("POST", me("/messages/m1/modify"))
        .bearer(TOKEN)
        .json_body(json!({"addLabelIds": ["STARRED", "Label_12"], "removeLabelIds": ["INBOX"]}))
        .respond(
            &s.fake,
            200,
            json!({"id": "m1", "threadId": "t1", "labelIds": ["STARRED", "Label_12", "UNREAD"]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "gmail_modify_email",
            json!({"messageId": "m1", "addLabelIds": ["STARRED", "Label_12"], "removeLabelIds": ["INBOX"]}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "m1", "threadId": "t1", "labelIds": ["STARRED", "Label_12", "UNREAD"]})
    );
}

#[tokio::test]
async fn modify_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "gmail_modify_email",
            json!({"messageId": "m1", "addLabelIds": []}),
        )
        .await;
    assert!(
        err.contains("give `addLabelIds` or `removeLabelIds`"),
        "{err}"
    );
    expect("POST", me("/messages/m1/modify"))
        .bearer(TOKEN)
        .json_body(json!({"addLabelIds": ["Label_404"]}))
        .respond(
            &s.fake,
            400,
            google_error(
                400,
                "INVALID_ARGUMENT",
                "invalidArgument",
                "Invalid label: Label_404",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "gmail_modify_email",
            json!({"messageId": "m1", "addLabelIds": ["Label_404"]}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("Invalid label: Label_404"),
        "{err}"
    );
}

#[tokio::test]
async fn delete_contract() {
    let s = setup().await;
    mcp_testkit::wiremock::Mock::given(mcp_testkit::wiremock::matchers::method("DELETE"))
        .and(mcp_testkit::wiremock::matchers::path(me("/messages/m1")))
        .and(mcp_testkit::wiremock::matchers::header(
            "authorization",
            format!("Bearer {TOKEN}").as_str(),
        ))
        .and(mcp_testkit::NoBody)
        .respond_with(mcp_testkit::wiremock::ResponseTemplate::new(204))
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok("gmail_delete_email", json!({"messageId": "m1"}))
        .await;
    assert_eq!(v, json!({"deleted": true, "messageId": "m1"}));
}

#[tokio::test]
async fn delete_without_full_mail_scope() {
    let s = setup().await;
    crate::common::mock_no_body("DELETE", &me("/messages/m1"), &[])
        .respond_with(crate::common::insufficient_scope(
            "https://mail.google.com/",
        ))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("gmail_delete_email", json!({"messageId": "m1"}))
        .await;
    assert!(err.contains("https://mail.google.com/"), "{err}");
}

#[tokio::test]
async fn trash_and_untrash_contract() {
    let s = setup().await;
    expect("POST", me("/messages/m1/trash"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"id": "m1", "threadId": "t1", "labelIds": ["TRASH"]}),
        )
        .await;
    expect("POST", me("/messages/m1/untrash"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"id": "m1", "threadId": "t1", "labelIds": ["INBOX"]}),
        )
        .await;
    let v = s
        .client
        .call_ok("gmail_trash_email", json!({"messageId": "m1"}))
        .await;
    assert_eq!(v["labelIds"], json!(["TRASH"]));
    let v = s
        .client
        .call_ok("gmail_untrash_email", json!({"messageId": "m1"}))
        .await;
    assert_eq!(v["labelIds"], json!(["INBOX"]));
    // Google answers 411 to a POST without Content-Length.
    for r in s.fake.received_requests().await.unwrap() {
        assert_eq!(
            r.headers.get("content-length").map(|v| v.to_str().unwrap()),
            Some("0"),
            "{} {}",
            r.method,
            r.url
        );
    }
}

#[tokio::test]
async fn trash_and_untrash_unknown_message() {
    let s = setup().await;
    for verb in ["trash", "untrash"] {
        expect("POST", me(&format!("/messages/zz/{verb}")))
            .bearer(TOKEN)
            .respond(&s.fake, 404, not_found())
            .await;
        let err = s
            .client
            .call_err(&format!("gmail_{verb}_email"), json!({"messageId": "zz"}))
            .await;
        assert!(err.contains("404") && err.contains("check the id"), "{err}");
    }
}

#[tokio::test]
async fn profile_contract_and_failure() {
    let s = setup().await;
    expect("GET", me("/profile"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"emailAddress": "bob@example.com", "messagesTotal": 1204, "threadsTotal": 833, "historyId": "55123"}),
        )
        .await;
    let v = s.client.call_ok("gmail_get_profile", json!({})).await;
    assert_eq!(
        v,
        json!({"emailAddress": "bob@example.com", "messagesTotal": 1204, "threadsTotal": 833, "historyId": "55123"})
    );
    expect("GET", me("/profile"))
        .bearer("expired-token")
        .respond(
            &s.fake,
            401,
            google_error(401, "UNAUTHENTICATED", "authError", "Invalid Credentials"),
        )
        .await;
    let other = s
        .server
        .client_with(&[("authorization", "Bearer expired-token")])
        .await;
    let err = other.call_err("gmail_get_profile", json!({})).await;
    assert!(
        err.contains("401") && err.contains("Invalid Credentials") && err.contains("refresh"),
        "{err}"
    );
}

#[tokio::test]
async fn ids_are_path_encoded() {
    let s = setup().await;
    expect("POST", me("/messages/a%2F..%2Fb/trash"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"id": "x", "threadId": "y", "labelIds": []}),
        )
        .await;
    s.client
        .call_ok("gmail_trash_email", json!({"messageId": "a/../b"}))
        .await;
}
