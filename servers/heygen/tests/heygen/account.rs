use crate::{hg_error, req, setup};
use serde_json::json;

#[tokio::test]
async fn remaining_credits_contract() {
    let s = setup().await;
    req("GET", "/v3/users/me")
        .respond(
            &s.fake,
            200,
            json!({"data": {
                "username": "acme", "email": "ops@acme.com", "first_name": "Ada", "last_name": "L",
                "billing_type": "subscription",
                "subscription": {"plan": "creator", "credits": {
                    "premium_credits": {"remaining": 120, "resets_at": "2026-12-31T00:00:00Z"},
                    "add_on_credits": {"remaining": 0, "resets_at": null}}},
                "wallet": null, "usage_based": null}}),
        )
        .await;
    let v = s
        .client
        .call_ok("heygen_get_remaining_credits", json!({}))
        .await;
    assert_eq!(
        v,
        json!({"billing_type": "subscription",
               "subscription": {"plan": "creator", "credits": {
                   "premium_credits": {"remaining": 120, "resets_at": "2026-12-31T00:00:00Z"},
                   "add_on_credits": {"remaining": 0, "resets_at": null}}},
               "username": "acme", "email": "ops@acme.com"})
    );
}

#[tokio::test]
async fn remaining_credits_forbidden() {
    let s = setup().await;
    req("GET", "/v3/users/me")
        .respond(
            &s.fake,
            403,
            hg_error(
                "forbidden",
                "The API key does not have permission to perform this request.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("heygen_get_remaining_credits", json!({}))
        .await;
    assert!(err.contains("403") && err.contains("forbidden"), "{err}");
    assert!(err.contains("member key"), "{err}");
}
