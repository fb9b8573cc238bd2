//! The account: ping and account details; problem+json errors with the key's auth.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn ping_sends_the_key_as_basic_password() {
    let s = setup().await;
    expect("GET", "/ping")
        .header("authorization", &basic())
        .respond(
            &s.fake,
            200,
            json!({"health_status": "Everything's Chimpy!"}),
        )
        .await;
    let v = s.client.call_ok("mailchimp_ping", json!({})).await;
    assert_eq!(v, json!({"health_status": "Everything's Chimpy!"}));
}

#[tokio::test]
async fn ping_with_a_revoked_key_says_so() {
    let s = setup().await;
    expect("GET", "/ping")
        .header("authorization", &basic())
        .respond_with(
            &s.fake,
            problem(
                401,
                "API Key Invalid",
                "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
                serde_json::Value::Null,
            ),
        )
        .await;
    let err = s.client.call_err("mailchimp_ping", json!({})).await;
    assert!(err.contains("API Key Invalid"), "{err}");
    assert!(err.contains("wrong datacenter"), "{err}");
    assert!(err.contains("`api_key`"), "{err}");
    assert!(!err.contains(KEY), "{err}");
}

#[tokio::test]
async fn get_account_info_is_concise() {
    let s = setup().await;
    expect("GET", "/")
        .header("authorization", &basic())
        .query("exclude_fields", "_links")
        .respond(
            &s.fake,
            200,
            json!({
                "account_id": "8d3a3db4d97663a9074efcc16",
                "login_id": "1234",
                "account_name": "Acme",
                "email": "owner@acme.com",
                "first_name": "Ann",
                "last_name": "Lee",
                "username": "acme",
                "avatar_url": "https://x",
                "role": "owner",
                "member_since": "2020-01-01T00:00:00+00:00",
                "pricing_plan_type": "monthly",
                "first_payment": "2020-01-01T00:00:00+00:00",
                "account_timezone": "America/New_York",
                "account_industry": "Retail",
                "contact": {"company": "Acme", "country": "US"},
                "pro_enabled": false,
                "last_login": "2026-02-01T00:00:00+00:00",
                "total_subscribers": 42,
                "industry_stats": {"open_rate": 0.2, "bounce_rate": 0.01, "click_rate": 0.03}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("mailchimp_get_account_info", json!({}))
        .await;
    assert_eq!(v["account_name"], "Acme");
    assert_eq!(v["total_subscribers"], 42);
    assert!(v.get("avatar_url").is_none(), "{v}");
}

#[tokio::test]
async fn get_account_info_forbidden_is_explained() {
    let s = setup().await;
    expect("GET", "/")
        .query("exclude_fields", "_links")
        .respond_with(
            &s.fake,
            problem(
                403,
                "User Disabled",
                "This account has been disabled.",
                serde_json::Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err("mailchimp_get_account_info", json!({}))
        .await;
    assert!(err.contains("User Disabled"), "{err}");
    assert!(err.contains("disabled"), "{err}");
}
