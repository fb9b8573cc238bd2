//! Credentials: the account SID per request (two accounts in one process), an API key pair,
//! Klavis's `x-auth-token` with TWILIO_ACCOUNT_SID, and what is refused before any request.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Setup, TestServer, expect, settings_for};
use serde_json::json;

use crate::common::*;

const SID2: &str = "AC22222222222222222222222222222222";

#[tokio::test]
async fn each_request_uses_its_own_account() {
    let s = setup().await;
    expect("GET", acct("/Balance.json"))
        .header("authorization", &basic())
        .respond(
            &s.fake,
            200,
            json!({"account_sid": SID, "balance": "1.00", "currency": "USD"}),
        )
        .await;
    expect("GET", format!("/Accounts/{SID2}/Balance.json"))
        .header(
            "authorization",
            &mcp_testkit::basic_auth(SID2, "other_token"),
        )
        .respond(
            &s.fake,
            200,
            json!({"account_sid": SID2, "balance": "2.00", "currency": "EUR"}),
        )
        .await;
    let other = s
        .client_with(json!({"account_sid": SID2, "auth_token": "other_token"}))
        .await;
    let a = s.client.call_ok("twilio_get_balance", json!({})).await;
    let b = other.call_ok("twilio_get_balance", json!({})).await;
    assert_eq!(a["balance"], "1.00");
    assert_eq!(b["balance"], "2.00");
}

#[tokio::test]
async fn an_api_key_pair_is_the_basic_user_with_the_account_in_the_path() {
    let sk = "SK99999999999999999999999999999999";
    let s = Setup::start(
        &twilio_mcp_server::SPEC,
        json!({"account_sid": SID, "api_key_sid": sk, "api_key_secret": "key_secret_1234"}),
    )
    .await;
    expect("GET", acct(&format!("/Calls/{CALL}.json")))
        .header(
            "authorization",
            &mcp_testkit::basic_auth(sk, "key_secret_1234"),
        )
        .respond(&s.fake, 200, call_json(CALL, "completed"))
        .await;
    let v = s
        .client
        .call_ok("twilio_get_call_by_sid", json!({"call_sid": CALL}))
        .await;
    assert_eq!(v["sid"], CALL);
}

#[tokio::test]
async fn klavis_x_auth_token_with_the_account_from_the_environment() {
    let fake = MockServer::start().await;
    let server = TestServer::start(
        &twilio_mcp_server::SPEC,
        settings_for(&fake.uri()).with_option("account-sid", SID),
    )
    .await;
    expect("GET", acct(&format!("/Messages/{MSG}.json")))
        .header("authorization", &basic())
        .respond(&fake, 200, message_json(MSG, "sent"))
        .await;
    let client = server.client_with(&[("x-auth-token", TOKEN)]).await;
    let v = client
        .call_ok("twilio_get_message_by_sid", json!({"message_sid": MSG}))
        .await;
    assert_eq!(v["status"], "sent");
    // x-auth-data's account wins over the environment's.
    expect("GET", format!("/Accounts/{SID2}/Balance.json"))
        .header("authorization", &mcp_testkit::basic_auth(SID2, "t2_token"))
        .respond(
            &fake,
            200,
            json!({"account_sid": SID2, "balance": "3", "currency": "USD"}),
        )
        .await;
    let auth =
        mcp_shared::auth::encode_auth_data(&json!({"account_sid": SID2, "auth_token": "t2_token"}));
    let other = server.client_with(&[("x-auth-data", &auth)]).await;
    let b = other.call_ok("twilio_get_balance", json!({})).await;
    assert_eq!(b["account_sid"], SID2);
}

#[tokio::test]
async fn x_auth_token_without_an_account_sid_names_what_to_set() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&twilio_mcp_server::SPEC, settings_for(&fake.uri())).await;
    let client = server.client_with(&[("x-auth-token", TOKEN)]).await;
    let err = client.call_err("twilio_get_balance", json!({})).await;
    assert!(err.contains("account_sid"), "{err}");
    assert!(err.contains("TWILIO_ACCOUNT_SID"), "{err}");
    assert!(fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_malformed_account_sid_is_refused_before_any_request() {
    let s = Setup::start(
        &twilio_mcp_server::SPEC,
        json!({"account_sid": "AC123/../../evil", "auth_token": TOKEN}),
    )
    .await;
    let err = s.client.call_err("twilio_get_balance", json!({})).await;
    assert!(err.contains("AC` followed by letters and digits"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn an_account_sid_without_a_token_names_the_token() {
    let s = Setup::start(&twilio_mcp_server::SPEC, json!({"account_sid": SID})).await;
    let err = s.client.call_err("twilio_get_balance", json!({})).await;
    assert!(
        err.contains("auth_token") || err.contains("api_key"),
        "{err}"
    );
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[test]
fn twilio_error_bodies_are_parsed() {
    let h = mcp_shared::reexports::http::HeaderMap::new();
    let e = twilio_mcp_server::parse_error(
        400,
        &h,
        &tw_error(400, 21610, "Attempt to send to unsubscribed recipient"),
    );
    assert_eq!(e.code.as_deref(), Some("21610"));
    let m = e.message.unwrap();
    assert!(m.contains("unsubscribed recipient"), "{m}");
    assert!(
        m.contains("https://www.twilio.com/docs/errors/21610"),
        "{m}"
    );
    assert!(e.hint.unwrap().contains("STOP"));
    assert!(!e.rate_limited);
    let e = twilio_mcp_server::parse_error(429, &h, &tw_error(429, 20429, "Too Many Requests"));
    assert!(e.rate_limited);
    assert_eq!(e.code.as_deref(), Some("20429"));
    let e = twilio_mcp_server::parse_error(500, &h, &json!({"unexpected": true}));
    assert!(e.code.is_none() && e.message.is_none() && e.hint.is_none());
}

#[tokio::test]
async fn an_api_key_pair_with_the_account_from_the_environment() {
    let sk = "SK88888888888888888888888888888888";
    let fake = MockServer::start().await;
    let server = TestServer::start(
        &twilio_mcp_server::SPEC,
        settings_for(&fake.uri()).with_option("account-sid", SID),
    )
    .await;
    expect("GET", acct("/IncomingPhoneNumbers.json"))
        .header(
            "authorization",
            &mcp_testkit::basic_auth(sk, "key_secret_5678"),
        )
        .query("PageSize", "50")
        .respond(
            &fake,
            200,
            page(
                "incoming_phone_numbers",
                vec![incoming_json(PN, "Main")],
                None,
            ),
        )
        .await;
    let auth = mcp_shared::auth::encode_auth_data(
        &json!({"api_key": sk, "api_key_secret": "key_secret_5678"}),
    );
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let v = client.call_ok("twilio_list_phone_numbers", json!({})).await;
    assert_eq!(v["incoming_phone_numbers"][0]["sid"], PN);
}
