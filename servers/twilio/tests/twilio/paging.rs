//! Pagination: `next_page_uri` as the cursor (followed only under the same account and list on
//! the same base), a bare `PageToken`, and cursors that are refused before any request.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;
use twilio_mcp_server::{Cursor, cursor_query};

use crate::common::*;

const BASE: &str = "https://api.twilio.com/2010-04-01";

fn list() -> String {
    format!("/Accounts/{SID}/Messages.json")
}

#[test]
fn cursor_accepts_next_page_uris_of_this_list() {
    let uri = format!(
        "/2010-04-01/Accounts/{SID}/Messages.json?To=%2B1415&PageSize=5&Page=1&PageToken=PASM1"
    );
    let want = Cursor::Uri(vec![
        ("To".into(), "+1415".into()),
        ("PageSize".into(), "5".into()),
        ("Page".into(), "1".into()),
        ("PageToken".into(), "PASM1".into()),
    ]);
    assert_eq!(cursor_query(&uri, BASE, &list()), Ok(want));
    let url = format!("https://api.twilio.com{uri}");
    assert!(matches!(
        cursor_query(&url, BASE, &list()),
        Ok(Cursor::Uri(_))
    ));
    assert_eq!(
        cursor_query("PASM1-x_y", BASE, &list()),
        Ok(Cursor::Token("PASM1-x_y".into()))
    );
}

#[test]
fn cursor_refuses_other_hosts_accounts_and_lists() {
    let other_account =
        "/2010-04-01/Accounts/AC00000000000000000000000000000000/Messages.json?Page=1";
    for bad in [
        format!("https://evil.example.com/2010-04-01/Accounts/{SID}/Messages.json?Page=1"),
        format!("https://api.twilio.com.evil.io/2010-04-01/Accounts/{SID}/Messages.json"),
        format!("http://api.twilio.com/2010-04-01/Accounts/{SID}/Messages.json"),
        other_account.to_owned(),
        format!("/2010-04-01/Accounts/{SID}/Calls.json?Page=1"),
        format!("/2010-04-01/Accounts/{SID}/Messages.json/../../x?Page=1"),
        format!("/2099-01-01/Accounts/{SID}/Messages.json?Page=1"),
        format!("//evil.example.com/2010-04-01/Accounts/{SID}/Messages.json"),
        "PageToken=PA1&x=y".to_owned(),
        "not a token".to_owned(),
    ] {
        assert!(cursor_query(&bad, BASE, &list()).is_err(), "{bad}");
    }
}

#[tokio::test]
async fn get_messages_follows_next_page_uri_under_the_base_path() {
    let fake = MockServer::start().await;
    let server = TestServer::start(
        &twilio_mcp_server::SPEC,
        settings_for(&format!("{}/2010-04-01", fake.uri())),
    )
    .await;
    let auth = mcp_shared::auth::encode_auth_data(&creds());
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let next = format!(
        "/2010-04-01/Accounts/{SID}/Messages.json?To=%2B14155552346&PageSize=1&Page=1&PageToken=PASMb"
    );
    expect("GET", format!("/2010-04-01/Accounts/{SID}/Messages.json"))
        .header("authorization", &basic())
        .queries(&[
            ("To", "+14155552346"),
            ("PageSize", "1"),
            ("Page", "1"),
            ("PageToken", "PASMb"),
        ])
        .respond(
            &fake,
            200,
            page("messages", vec![message_json(MSG, "sent")], None),
        )
        .await;
    let v = client
        .call_ok("twilio_get_messages", json!({"cursor": next}))
        .await;
    assert_eq!(v["messages"][0]["sid"], MSG);
    assert!(v.get("next_cursor").is_none());
}

#[tokio::test]
async fn a_bare_page_token_keeps_the_filters() {
    let s = setup().await;
    expect("GET", acct("/Calls.json"))
        .header("authorization", &basic())
        .queries(&[
            ("Status", "completed"),
            ("PageSize", "2"),
            ("PageToken", "PACAc"),
        ])
        .respond(
            &s.fake,
            200,
            page("calls", vec![call_json(CALL, "completed")], None),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_get_calls",
            json!({"status": "completed", "limit": 2, "cursor": "PACAc"}),
        )
        .await;
    assert_eq!(v["calls"][0]["sid"], CALL);
}

#[tokio::test]
async fn a_cursor_of_another_account_is_refused_before_any_request() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "twilio_get_recordings",
            json!({"cursor": "/Accounts/AC00000000000000000000000000000000/Recordings.json?Page=1&PageToken=x"}),
        )
        .await;
    assert!(err.contains("not a next page of this list"), "{err}");
    let err = s
        .client
        .call_err(
            "twilio_list_phone_numbers",
            json!({"cursor": format!("https://evil.example.com/Accounts/{SID}/IncomingPhoneNumbers.json?Page=1")}),
        )
        .await;
    assert!(err.contains("No request was made"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}
