use crate::{KEY_NAME, cb_error, setup, setup_with, test_key};
use serde_json::{Value, json};

const ACCOUNT: &str = "2bbf394c-193b-5b2a-9155-3b4732659ede";

fn account_json(id: &str, code: &str, amount: &str) -> Value {
    json!({
        "id": id, "name": format!("{code} Wallet"), "primary": true, "type": "wallet",
        "currency": {"code": code, "name": code, "color": "#F7931A", "exponent": 8, "type": "crypto"},
        "balance": {"amount": amount, "currency": code},
        "created_at": "2015-01-31T20:49:02Z", "updated_at": "2015-01-31T20:49:02Z",
        "resource": "account", "resource_path": format!("/v2/accounts/{id}")
    })
}

#[tokio::test]
async fn get_accounts_signs_each_request_with_the_callers_key() {
    let s = setup().await;
    s.signed_get(
        "/accounts",
        &[("limit", "2"), ("starting_after", "c1")],
        200,
        json!({
            "pagination": {"ending_before": null, "starting_after": "c1", "limit": 2, "order": "desc",
                "previous_uri": null, "next_uri": "/v2/accounts?limit=2&starting_after=58542935-67b5-56e1-a3f9-42686e07fa40",
                "next_starting_after": "58542935-67b5-56e1-a3f9-42686e07fa40"},
            "data": [account_json(ACCOUNT, "BTC", "0.00000001"), account_json("58542935-67b5-56e1-a3f9-42686e07fa40", "ETH", "1.10000000")]
        }),
    )
    .await;
    let v = s
        .client
        .call_ok("coinbase_get_accounts", json!({"limit": 2, "cursor": "c1"}))
        .await;
    assert_eq!(v["items"][0]["id"], ACCOUNT);
    assert_eq!(v["items"][0]["currency"], "BTC");
    assert_eq!(v["items"][0]["balance"]["amount"], "0.00000001");
    assert_eq!(v["items"][1]["balance"]["amount"], "1.10000000");
    assert_eq!(v["next_cursor"], "58542935-67b5-56e1-a3f9-42686e07fa40");
}

#[tokio::test]
async fn a_jwt_from_another_key_is_refused_by_the_fake() {
    let s = setup().await;
    s.signed_get("/accounts", &[("limit", "100")], 200, json!({"data": []}))
        .await;
    // Another key under the same name: the fake's signature check refuses it.
    let other = test_key();
    let intruder = s
        .server
        .client_with(&[(
            "x-auth-data",
            &mcp_shared::auth::encode_auth_data(
                &json!({"api_key_name": KEY_NAME, "api_key_private_key": other.sec1_pem}),
            ),
        )])
        .await;
    let err = intruder.call_err("coinbase_get_accounts", json!({})).await;
    assert!(err.contains("404"), "{err}");
    // The caller's own key passes (and satisfies the mock's one expected call).
    let v = s.client.call_ok("coinbase_get_accounts", json!({})).await;
    assert!(v["next_cursor"].is_null());
}

#[tokio::test]
async fn get_accounts_credential_errors() {
    let s = setup().await;
    let bare = s.server.client_with(&[]).await;
    let err = bare.call_err("coinbase_get_accounts", json!({})).await;
    assert!(
        err.contains("api_key_name") && err.contains("x-auth-data"),
        "{err}"
    );
    let no_secret = s
        .server
        .client_with(&[(
            "x-auth-data",
            &mcp_shared::auth::encode_auth_data(&json!({"api_key_name": KEY_NAME})),
        )])
        .await;
    let err = no_secret.call_err("coinbase_get_accounts", json!({})).await;
    assert!(
        err.contains("api_key_private_key") && err.contains("COINBASE_API_SECRET"),
        "{err}"
    );
    // An Ed25519-style secret (base64, no PEM) is refused clearly, without echoing it.
    let secret = "bm90LWEtcGVtLWtleS1idXQtYmFzZTY0LWJ5dGVzLWZvci1lZDI1NTE5LWtleXM=";
    let ed = s
        .server
        .client_with(&[(
            "x-auth-data",
            &mcp_shared::auth::encode_auth_data(
                &json!({"api_key_name": KEY_NAME, "api_secret": secret}),
            ),
        )])
        .await;
    let err = ed.call_err("coinbase_get_accounts", json!({})).await;
    assert!(err.contains("ECDSA") && err.contains("Ed25519"), "{err}");
    assert!(!err.contains(secret), "{err}");
    let err = s
        .client
        .call_err("coinbase_get_accounts", json!({"limit": 101}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
}

#[tokio::test]
async fn get_account_balance_with_a_pkcs8_key_and_klavis_field_names() {
    // Klavis's field `api_key` for the key name, `api_secret` for the key, PKCS#8 PEM.
    let s = setup_with(|k| json!({"api_key": KEY_NAME, "api_secret": k.pkcs8_pem})).await;
    s.signed_get(
        &format!("/accounts/{ACCOUNT}"),
        &[],
        200,
        json!({"data": account_json(ACCOUNT, "BTC", "39.59000000")}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "coinbase_get_account_balance",
            json!({"account_id": ACCOUNT}),
        )
        .await;
    assert_eq!(
        v["balance"],
        json!({"amount": "39.59000000", "currency": "BTC"})
    );
    assert_eq!(v["name"], "BTC Wallet");
    assert!(v.get("resource_path").is_none());
}

#[tokio::test]
async fn get_account_balance_not_found_and_revoked_key() {
    let s = setup().await;
    s.signed_get(
        "/accounts/nope",
        &[],
        404,
        cb_error("not_found", "Not found"),
    )
    .await;
    let err = s
        .client
        .call_err(
            "coinbase_get_account_balance",
            json!({"account_id": "nope"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Not found") && err.contains("not_found"),
        "{err}"
    );
    s.signed_get(
        &format!("/accounts/{ACCOUNT}"),
        &[],
        401,
        cb_error(
            "authentication_error",
            &format!("invalid api key {KEY_NAME}"),
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "coinbase_get_account_balance",
            json!({"account_id": ACCOUNT}),
        )
        .await;
    assert!(err.contains("401") && err.contains("ECDSA"), "{err}");
    // The key name Coinbase echoed is cut out.
    assert!(!err.contains(KEY_NAME), "{err}");
    let err = s
        .client
        .call_err("coinbase_get_account_balance", json!({"account_id": " "}))
        .await;
    assert!(err.contains("account_id"), "{err}");
}

fn transaction_json(id: &str) -> Value {
    json!({
        "id": id, "type": "send", "status": "completed",
        "amount": {"amount": "-0.00100000", "currency": "BTC"},
        "native_amount": {"amount": "-43.21", "currency": "USD"},
        "description": null, "created_at": "2026-03-11T13:13:35-07:00", "updated_at": "2026-03-26T15:55:45-07:00",
        "resource": "transaction", "resource_path": format!("/v2/accounts/{ACCOUNT}/transactions/{id}"),
        "network": {"status": "confirmed", "hash": "463397c87beddd9a61ade61359a13adc9efea26062191fe07147037bce7f33ed"},
        "to": {"resource": "bitcoin_address", "address": "1AUJ8z5RuHRTqD1eikyfUUetzGmdWLGkpT"},
        "details": {"title": "Sent bitcoin", "subtitle": "to User 2"}
    })
}

#[tokio::test]
async fn get_transactions_maps_klavis_cursors_to_coinbases() {
    let s = setup().await;
    let path = format!("/accounts/{ACCOUNT}/transactions");
    s.signed_get(
        &path,
        &[
            ("limit", "25"),
            ("starting_after", "57ffb4ae-0c59-5430-bcd3-3f98f797a66c"),
        ],
        200,
        json!({"pagination": {"next_starting_after": "4117f7d6-5694-5b36-bc8f-847509850ea4"},
            "data": [transaction_json("4117f7d6-5694-5b36-bc8f-847509850ea4")]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "coinbase_get_transactions",
            json!({"account_id": ACCOUNT, "after": "57ffb4ae-0c59-5430-bcd3-3f98f797a66c"}),
        )
        .await;
    let t = &v["items"][0];
    assert_eq!(
        t["amount"],
        json!({"amount": "-0.00100000", "currency": "BTC"})
    );
    assert_eq!(t["title"], "Sent bitcoin");
    assert_eq!(t["network_status"], "confirmed");
    assert_eq!(v["next_cursor"], "4117f7d6-5694-5b36-bc8f-847509850ea4");
    s.signed_get(
        &path,
        &[
            ("limit", "5"),
            ("ending_before", "4117f7d6-5694-5b36-bc8f-847509850ea4"),
        ],
        200,
        json!({"pagination": {"next_starting_after": null}, "data": []}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "coinbase_get_transactions",
            json!({"account_id": ACCOUNT, "limit": 5, "before": "4117f7d6-5694-5b36-bc8f-847509850ea4"}),
        )
        .await;
    assert!(v["next_cursor"].is_null());
    // Two requests, two different nonces.
    let nonces = s.nonces.lock().unwrap().clone();
    assert_eq!(nonces.len(), 2);
    assert_ne!(nonces[0], nonces[1]);
}

#[tokio::test]
async fn get_transactions_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "coinbase_get_transactions",
            json!({"account_id": ACCOUNT, "before": "a", "after": "b"}),
        )
        .await;
    assert!(err.contains("not both"), "{err}");
    s.signed_get(
        &format!("/accounts/{ACCOUNT}/transactions"),
        &[("limit", "25")],
        403,
        cb_error("invalid_scope", "Invalid scope"),
    )
    .await;
    let err = s
        .client
        .call_err("coinbase_get_transactions", json!({"account_id": ACCOUNT}))
        .await;
    assert!(
        err.contains("403") && err.contains("Invalid scope"),
        "{err}"
    );
}

#[tokio::test]
async fn get_portfolio_value_sums_exactly_across_pages() {
    let s = setup().await;
    s.signed_get(
        "/accounts",
        &[("limit", "100")],
        200,
        json!({"pagination": {"next_starting_after": "p2"},
            "data": [account_json("a1", "BTC", "0.10000000"), account_json("a2", "ETH", "0.00000000")]}),
    )
    .await;
    s.signed_get(
        "/accounts",
        &[("limit", "100"), ("starting_after", "p2")],
        200,
        json!({"pagination": {"next_starting_after": null},
            "data": [account_json("a3", "USD", "10.01"), account_json("a4", "XYZ", "5")]}),
    )
    .await;
    s.public_get(
        "/exchange-rates",
        &[("currency", "BTC")],
        200,
        json!({"data": {"currency": "BTC", "rates": {"USD": "43210.123456", "EUR": "40000.00"}}}),
    )
    .await;
    s.public_get(
        "/exchange-rates",
        &[("currency", "XYZ")],
        200,
        json!({"data": {"currency": "XYZ", "rates": {"EUR": "1.00"}}}),
    )
    .await;
    let v = s
        .client
        .call_ok("coinbase_get_portfolio_value", json!({}))
        .await;
    // 0.1 × 43210.123456 + 10.01 = 4331.0223456 → 4331.02; floats would not promise that.
    assert_eq!(v["total"], "4331.02");
    assert_eq!(v["currency"], "USD");
    assert_eq!(v["accounts"][0]["value"], "4321.0123456");
    assert_eq!(v["accounts"][1]["value"], "10.01");
    assert_eq!(v["unpriced"][0]["currency"], "XYZ");
    assert_eq!(v["accounts_read"], 4);
}

#[tokio::test]
async fn get_portfolio_value_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("coinbase_get_portfolio_value", json!({"currency": "US D"}))
        .await;
    assert!(err.contains("currency"), "{err}");
    s.signed_get(
        "/accounts",
        &[("limit", "100")],
        400,
        cb_error("validation_error", "Invalid limit"),
    )
    .await;
    let err = s
        .client
        .call_err("coinbase_get_portfolio_value", json!({}))
        .await;
    assert!(
        err.contains("400") && err.contains("Invalid limit"),
        "{err}"
    );
}

#[tokio::test]
async fn get_accounts_with_an_oauth_access_token() {
    let s = setup_with(|_| json!({"access_token": "oauth-4f3e2d1c0b9a8f7e"})).await;
    mcp_testkit::expect("GET", "/v2/accounts")
        .bearer("oauth-4f3e2d1c0b9a8f7e")
        .header("cb-version", crate::CB_VERSION)
        .query("limit", "100")
        .respond(&s.fake, 200, json!({"pagination": {"next_starting_after": null}, "data": [account_json(ACCOUNT, "BTC", "1.0")]}))
        .await;
    let v = s.client.call_ok("coinbase_get_accounts", json!({})).await;
    assert_eq!(v["items"][0]["balance"]["amount"], "1.0");
}
