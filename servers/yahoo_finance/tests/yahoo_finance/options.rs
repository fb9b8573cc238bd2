//! get_option_expiration_dates, get_option_chain.

use serde_json::{Value, json};

use crate::common::{Fake, yahoo};

fn contract(sym: &str, strike: f64) -> Value {
    json!({"contractSymbol": sym, "strike": strike, "currency": "USD", "lastPrice": 5.1, "change": 0.3,
           "percentChange": 6.25, "volume": 120, "openInterest": 3400, "bid": 5.0, "ask": 5.2,
           "contractSize": "REGULAR", "expiration": 1765497600, "lastTradeDate": 1765224000,
           "impliedVolatility": 0.27, "inTheMoney": true})
}

fn chain_body() -> Value {
    json!({"optionChain": {"result": [{
        "underlyingSymbol": "AAPL", "expirationDates": [1765497600, 1766102400], "strikes": [200.0, 210.0],
        "hasMiniOptions": false, "quote": {"symbol": "AAPL", "regularMarketPrice": 239.59, "currency": "USD"},
        "options": [{"expirationDate": 1765497600, "hasMiniOptions": false,
                     "calls": [contract("AAPL251212C00200000", 200.0)],
                     "puts": [contract("AAPL251212P00210000", 210.0)]}]
    }], "error": null}})
}

#[tokio::test]
async fn expiration_dates_contract() {
    let f = Fake::start().await;
    yahoo("/v7/finance/options/AAPL", &[])
        .respond(&f.fake, 200, chain_body())
        .await;
    let v = f
        .client
        .call_ok("get_option_expiration_dates", json!({"ticker": "AAPL"}))
        .await;
    assert_eq!(
        v,
        json!({"ticker": "AAPL", "expiration_dates": ["2025-12-12", "2025-12-19"]})
    );
}

#[tokio::test]
async fn expiration_dates_unknown_ticker() {
    let f = Fake::start().await;
    yahoo("/v7/finance/options/NOPE", &[])
        .respond(
            &f.fake,
            200,
            json!({"optionChain": {"result": [], "error": null}}),
        )
        .await;
    let err = f
        .client
        .call_err("get_option_expiration_dates", json!({"ticker": "NOPE"}))
        .await;
    assert!(err.contains("no data for `NOPE`"), "{err}");
}

#[tokio::test]
async fn option_chain_contract() {
    let f = Fake::start().await;
    yahoo("/v7/finance/options/AAPL", &[("date", "1765497600")])
        .respond(&f.fake, 200, chain_body())
        .await;
    let v = f
        .client
        .call_ok(
            "get_option_chain",
            json!({"ticker": "AAPL", "expiration_date": "2025-12-12", "option_type": "puts"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"ticker": "AAPL", "expiration_date": "2025-12-12", "option_type": "puts", "underlying_price": 239.59,
            "contracts": [{"contractSymbol": "AAPL251212P00210000", "strike": 210.0, "lastPrice": 5.1, "bid": 5.0, "ask": 5.2,
                "change": 0.3, "percentChange": 6.25, "volume": 120, "openInterest": 3400, "impliedVolatility": 0.27,
                "inTheMoney": true, "lastTradeDate": "2025-12-08"}]})
    );
}

#[tokio::test]
async fn option_chain_bad_type_and_no_expiration() {
    let f = Fake::start().await;
    let err = f
        .client
        .call_err(
            "get_option_chain",
            json!({"ticker": "AAPL", "expiration_date": "2025-12-12", "option_type": "straddles"}),
        )
        .await;
    assert!(err.contains("calls or puts"), "{err}");
    yahoo("/v7/finance/options/AAPL", &[("date", "1765584000")])
        .respond(&f.fake, 200, json!({"optionChain": {"result": [{"underlyingSymbol": "AAPL", "expirationDates": [1765497600], "options": []}], "error": null}}))
        .await;
    let err = f
        .client
        .call_err(
            "get_option_chain",
            json!({"ticker": "AAPL", "expiration_date": "2025-12-13", "option_type": "calls"}),
        )
        .await;
    assert!(err.contains("no options expiring on 2025-12-13"), "{err}");
}
