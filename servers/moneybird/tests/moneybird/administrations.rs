use crate::{ADMIN, TOKEN, link_next, req, setup};
use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

#[tokio::test]
async fn list_administrations_keeps_ids_as_strings() {
    let s = setup().await;
    expect("GET", "/administrations.json")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!([{"id": ADMIN, "name": "Administratie", "language": "nl", "currency": "EUR", "country": "NL",
                "time_zone": "Europe/Amsterdam", "access": "accountant_company", "suspended": false,
                "period_locked_until": null, "period_start_date": "2026-01-01"},
                {"id": 178732006888903011u64, "name": "Tweede", "currency": "EUR"}]),
        )
        .await;
    let v = s
        .client
        .call_ok("moneybird_list_administrations", json!({}))
        .await;
    assert_eq!(v["items"][0]["id"], ADMIN);
    assert_eq!(v["items"][0]["time_zone"], "Europe/Amsterdam");
    // A numeric id comes back exact, as a string.
    assert_eq!(v["items"][1]["id"], "178732006888903011");
}

#[tokio::test]
async fn list_administrations_with_a_revoked_token() {
    let s = setup().await;
    expect("GET", "/administrations.json")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            401,
            json!({"error": "Token is invalid", "symbolic": {"token": "invalid"}}),
        )
        .await;
    let err = s
        .client
        .call_err("moneybird_list_administrations", json!({}))
        .await;
    assert!(err.contains("401"), "{err}");
    assert!(err.contains("Token is invalid"), "{err}");
    assert!(err.contains("token: invalid"), "{err}");
    assert!(err.contains("Settings > Developers"), "{err}");
}

#[tokio::test]
async fn list_financial_accounts_contract_and_bad_administration() {
    let s = setup().await;
    req("GET", "financial_accounts")
        .respond(
            &s.fake,
            200,
            json!([{"id": "496081479060686306", "administration_id": 123, "type": "CreditCardAccount",
                "name": "Creditcard 0001", "identifier": "0001", "currency": "EUR", "provider": null,
                "moneybird_account": false, "active": true, "created_at": "2026-08-21T13:49:47.146Z"}]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_list_financial_accounts",
            json!({"administration_id": ADMIN}),
        )
        .await;
    assert_eq!(
        v["items"][0],
        json!({"id": "496081479060686306", "type": "CreditCardAccount", "name": "Creditcard 0001",
            "identifier": "0001", "currency": "EUR", "active": true})
    );
    let err = s
        .client
        .call_err(
            "moneybird_list_financial_accounts",
            json!({"administration_id": "../contacts"}),
        )
        .await;
    assert!(
        err.contains("administration_id") && err.contains("digits"),
        "{err}"
    );
    // A number instead of a string is refused (it may already have been rounded).
    let err = s
        .client
        .call_err(
            "moneybird_list_financial_accounts",
            json!({"administration_id": 123}),
        )
        .await;
    assert!(
        err.contains("administration_id") || err.contains("string"),
        "{err}"
    );
}

#[tokio::test]
async fn list_financial_accounts_without_the_settings_scope() {
    let s = setup().await;
    req("GET", "financial_accounts")
        .respond(&s.fake, 403, json!({"error": "No access to this resource"}))
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_list_financial_accounts",
            json!({"administration_id": ADMIN}),
        )
        .await;
    assert!(err.contains("No access to this resource"), "{err}");
    assert!(err.contains("scope"), "{err}");
}

#[tokio::test]
async fn list_tax_rates_with_filter_and_link_pages() {
    let s = setup().await;
    req("GET", "tax_rates")
        .query("filter", "tax_rate_type:sales_invoice,partial_name:hoog")
        .query("page", "2")
        .query("per_page", "1")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link_next("tax_rates", 3, 1).as_str())
                .set_body_json(json!([{"id": "496081347565061258", "administration_id": 123, "name": "21% btw",
                    "percentage": "21.0", "tax_rate_type": "sales_invoice", "show_tax": true, "active": true,
                    "country": null, "created_at": "2026-08-21T13:47:41.736Z"}])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_list_tax_rates",
            json!({"administration_id": ADMIN, "tax_rate_type": "sales_invoice", "partial_name": "hoog", "limit": 1, "cursor": "2"}),
        )
        .await;
    assert_eq!(v["items"][0]["percentage"], "21.0");
    assert_eq!(v["items"][0]["id"], "496081347565061258");
    assert_eq!(v["next_cursor"], "3");
    let err = s
        .client
        .call_err(
            "moneybird_list_tax_rates",
            json!({"administration_id": ADMIN, "partial_name": "a,b"}),
        )
        .await;
    assert!(err.contains("comma"), "{err}");
    let err = s
        .client
        .call_err(
            "moneybird_list_tax_rates",
            json!({"administration_id": ADMIN, "limit": 101}),
        )
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
}

#[tokio::test]
async fn list_ledger_accounts_contract_and_not_found() {
    let s = setup().await;
    req("GET", "ledger_accounts")
        .respond(
            &s.fake,
            200,
            json!([{"id": "496081347348006005", "administration_id": 123, "name": "Algemene kosten",
                "account_type": "expenses", "account_id": "46801.01", "parent_id": null, "active": true,
                "allowed_document_types": ["purchase_invoice"], "taxonomy_item": {"code": "WBedAlkOal"}}]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "moneybird_list_ledger_accounts",
            json!({"administration_id": ADMIN}),
        )
        .await;
    assert_eq!(v["items"][0]["account_id"], "46801.01");
    assert_eq!(v["items"][0]["account_type"], "expenses");
    assert!(v["items"][0].get("taxonomy_item").is_none());
    expect("GET", "/1/ledger_accounts.json")
        .bearer(TOKEN)
        .respond(&s.fake, 404, json!({"error": "Administration not found", "symbolic": {"administration_id": "not_found"}}))
        .await;
    let err = s
        .client
        .call_err(
            "moneybird_list_ledger_accounts",
            json!({"administration_id": "1"}),
        )
        .await;
    assert!(err.contains("Administration not found"), "{err}");
    assert!(err.contains("moneybird_list_administrations"), "{err}");
}
