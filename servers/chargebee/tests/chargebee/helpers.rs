//! The form encoding and the site check, directly.

use chargebee_mcp_server::{check_site, form_pairs};
use serde_json::json;

fn pairs(v: serde_json::Value) -> Vec<(String, String)> {
    let mut p = form_pairs(v.as_object().unwrap());
    p.sort();
    p
}

fn own(v: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut p: Vec<(String, String)> = v
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    p.sort();
    p
}

#[test]
fn form_pairs_use_chargebees_bracketed_names() {
    let got = pairs(json!({
        "first_name": "Jöhn & Co",
        "auto_collection": "on",
        "net_term_days": 30,
        "allow_direct_debit": false,
        "skipped": null,
        "billing_address": {"city": "Walnut", "zip": "91789", "line2": null},
        "subscription_items": [
            {"item_price_id": "pro-USD-monthly", "quantity": 2},
            {"item_price_id": "seat-USD-monthly", "quantity": 10, "unit_price": 1999}
        ],
        "coupon_ids": ["SAVE10", "WELCOME"],
        // One key: serde_json's key order depends on its features in the build.
        "meta_data": {"source": "agent"}
    }));
    assert_eq!(
        got,
        own(&[
            ("first_name", "Jöhn & Co"),
            ("auto_collection", "on"),
            ("net_term_days", "30"),
            ("allow_direct_debit", "false"),
            ("billing_address[city]", "Walnut"),
            ("billing_address[zip]", "91789"),
            ("subscription_items[item_price_id][0]", "pro-USD-monthly"),
            ("subscription_items[quantity][0]", "2"),
            ("subscription_items[item_price_id][1]", "seat-USD-monthly"),
            ("subscription_items[quantity][1]", "10"),
            ("subscription_items[unit_price][1]", "1999"),
            ("coupon_ids[0]", "SAVE10"),
            ("coupon_ids[1]", "WELCOME"),
            ("meta_data", r#"{"source":"agent"}"#),
        ])
    );
}

#[test]
fn form_pairs_keep_large_amounts_exact() {
    let got = pairs(json!({"amount": 9_007_199_254_740_993_u64, "price_in_decimal": "12.345"}));
    assert_eq!(
        got,
        own(&[
            ("amount", "9007199254740993"),
            ("price_in_decimal", "12.345")
        ])
    );
    assert!(pairs(json!({})).is_empty());
}

#[test]
fn site_check_accepts_chargebee_sites_only() {
    for ok in [
        "acme",
        "acme-test",
        "ACME",
        "acme.chargebee.com",
        "acme-test.chargebee.com",
        "https://acme.chargebee.com",
        "https://acme.chargebee.com/",
        " acme ",
        "ACME.chargebee.com.",
        "HTTPS://Acme.Chargebee.com./",
    ] {
        assert!(check_site(ok).is_ok(), "{ok}");
    }
    for bad in [
        "evil.com",
        "https://evil.com",
        "acme.chargebee.com.evil.io",
        "chargebee.com",
        ".chargebee.com",
        "acme.chargebee.com:8443",
        "acme.chargebee.com/api/v2",
        "user@acme.chargebee.com",
        "http://127.0.0.1:9000",
        "-acme",
        "",
    ] {
        let err = check_site(bad).expect_err(bad);
        assert!(err.message.contains("No request was made"), "{bad}: {err}");
    }
    let err = check_site("https://evil.example.com/x").unwrap_err();
    assert!(
        err.message.contains("Refusing the host `evil.example.com`"),
        "{err}"
    );
}
