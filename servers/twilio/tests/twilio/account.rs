//! The account: details (never its auth token), balance, usage records by granularity.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn get_account_info_leaves_out_the_auth_token() {
    let s = setup().await;
    expect("GET", format!("/Accounts/{SID}.json"))
        .header("authorization", &basic())
        .respond(
            &s.fake,
            200,
            json!({
                "auth_token": "upstream_secret_token",
                "date_created": "Thu, 30 Jul 2015 20:00:00 +0000",
                "date_updated": "Thu, 30 Jul 2015 20:00:00 +0000",
                "friendly_name": "My Account",
                "owner_account_sid": SID,
                "sid": SID,
                "status": "active",
                "subresource_uris": {"balance": format!("/2010-04-01/Accounts/{SID}/Balance.json")},
                "type": "Full",
                "uri": format!("/2010-04-01/Accounts/{SID}.json")
            }),
        )
        .await;
    let v = s.client.call_ok("twilio_get_account_info", json!({})).await;
    assert_eq!(v["sid"], SID);
    assert_eq!(v["friendly_name"], "My Account");
    assert_eq!(v["type"], "Full");
    assert!(!v.to_string().contains("upstream_secret_token"), "{v}");
}

#[tokio::test]
async fn get_account_info_unauthorized() {
    let s = setup().await;
    expect("GET", format!("/Accounts/{SID}.json"))
        .respond(&s.fake, 401, tw_error(401, 20003, "Authenticate"))
        .await;
    let err = s
        .client
        .call_err("twilio_get_account_info", json!({}))
        .await;
    assert!(
        err.contains("20003") && err.contains("Twilio refused the credentials"),
        "{err}"
    );
}

#[tokio::test]
async fn get_balance_is_a_decimal_string() {
    let s = setup().await;
    expect("GET", acct("/Balance.json"))
        .header("authorization", &basic())
        .respond(
            &s.fake,
            200,
            json!({"account_sid": SID, "balance": "0.05", "currency": "USD"}),
        )
        .await;
    let v = s.client.call_ok("twilio_get_balance", json!({})).await;
    assert_eq!(
        v,
        json!({"account_sid": SID, "balance": "0.05", "currency": "USD"})
    );
}

#[tokio::test]
async fn get_balance_error() {
    let s = setup().await;
    expect("GET", acct("/Balance.json"))
        .respond(&s.fake, 403, tw_error(403, 20003, "Permission denied"))
        .await;
    let err = s.client.call_err("twilio_get_balance", json!({})).await;
    assert!(
        err.contains("403") && err.contains("Permission denied"),
        "{err}"
    );
}

fn usage_json(category: &str) -> serde_json::Value {
    json!({
        "account_sid": SID,
        "api_version": "2010-04-01",
        "as_of": "2024-05-02T00:00:00+00:00",
        "category": category,
        "count": "12",
        "count_unit": "messages",
        "description": "SMS",
        "end_date": "2024-05-01",
        "price": "0.0948",
        "price_unit": "usd",
        "start_date": "2024-05-01",
        "subresource_uris": {},
        "uri": "/2010-04-01/Accounts/x/Usage/Records/Daily.json",
        "usage": "12",
        "usage_unit": "messages"
    })
}

#[tokio::test]
async fn get_usage_records_daily_by_default() {
    let s = setup().await;
    expect("GET", acct("/Usage/Records/Daily.json"))
        .header("authorization", &basic())
        .queries(&[
            ("Category", "sms"),
            ("StartDate", "2024-05-01"),
            ("EndDate", "2024-05-31"),
            ("PageSize", "50"),
        ])
        .respond(
            &s.fake,
            200,
            page("usage_records", vec![usage_json("sms")], None),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_get_usage_records",
            json!({"category": "sms", "start_date": "2024-05-01", "end_date": "2024-05-31"}),
        )
        .await;
    let r = &v["usage_records"][0];
    assert_eq!(r["category"], "sms");
    assert_eq!(r["price"], "0.0948");
    assert!(r.get("uri").is_none());
}

#[tokio::test]
async fn get_usage_records_by_granularity() {
    let s = setup().await;
    for (g, path) in [
        ("monthly", "/Usage/Records/Monthly.json"),
        ("yearly", "/Usage/Records/Yearly.json"),
        ("all-time", "/Usage/Records/AllTime.json"),
    ] {
        expect("GET", acct(path))
            .header("authorization", &basic())
            .query("PageSize", "7")
            .respond(
                &s.fake,
                200,
                page("usage_records", vec![usage_json("calls")], None),
            )
            .await;
        let v = s
            .client
            .call_ok(
                "twilio_get_usage_records",
                json!({"granularity": g, "limit": 7}),
            )
            .await;
        assert_eq!(v["usage_records"][0]["category"], "calls", "{g}");
    }
}

#[tokio::test]
async fn get_usage_records_bad_granularity_and_vendor_error() {
    let s = setup().await;
    let err = s
        .client
        .call_err("twilio_get_usage_records", json!({"granularity": "hourly"}))
        .await;
    assert!(err.contains("granularity"), "{err}");
    expect("GET", acct("/Usage/Records/Daily.json"))
        .queries(&[("Category", "nope"), ("PageSize", "50")])
        .respond(&s.fake, 400, tw_error(400, 20001, "Category is not valid"))
        .await;
    let err = s
        .client
        .call_err("twilio_get_usage_records", json!({"category": "nope"}))
        .await;
    assert!(
        err.contains("20001") && err.contains("Category is not valid"),
        "{err}"
    );
}
