use crate::{CB_VERSION, cb_error, setup};
use mcp_testkit::expect;
use serde_json::json;

#[tokio::test]
async fn get_prices_of_several_pairs_without_credentials() {
    let s = setup().await;
    s.public_get(
        "/prices/BTC-USD/spot",
        &[],
        200,
        json!({"data": {"amount": "43210.12", "base": "BTC", "currency": "USD"}}),
    )
    .await;
    s.public_get(
        "/prices/ETH-EUR/spot",
        &[],
        200,
        json!({"data": {"amount": "2100.5", "base": "ETH", "currency": "EUR"}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "coinbase_get_prices",
            json!({"symbols": ["btc-usd", "ETH-EUR"]}),
        )
        .await;
    assert_eq!(
        v["items"],
        json!([{"symbol": "BTC-USD", "amount": "43210.12", "base": "BTC", "currency": "USD"},
            {"symbol": "ETH-EUR", "amount": "2100.5", "base": "ETH", "currency": "EUR"}])
    );
    assert!(v.get("errors").is_none());
}

#[tokio::test]
async fn get_prices_partial_and_total_failures() {
    let s = setup().await;
    s.public_get(
        "/prices/BTC-USD/spot",
        &[],
        200,
        json!({"data": {"amount": "1.5", "base": "BTC", "currency": "USD"}}),
    )
    .await;
    s.public_get(
        "/prices/NOPE-USD/spot",
        &[],
        404,
        cb_error("not_found", "Invalid base currency"),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "coinbase_get_prices",
            json!({"symbols": ["BTC-USD", "NOPE-USD"]}),
        )
        .await;
    assert_eq!(v["items"][0]["amount"], "1.5");
    assert_eq!(v["errors"][0]["symbol"], "NOPE-USD");
    assert!(
        v["errors"][0]["error"]
            .as_str()
            .unwrap()
            .contains("Invalid base currency")
    );
    let err = s
        .client
        .call_err("coinbase_get_prices", json!({"symbols": ["BTC"]}))
        .await;
    assert!(err.contains("BTC-USD"), "{err}");
    let err = s
        .client
        .call_err("coinbase_get_prices", json!({"symbols": []}))
        .await;
    assert!(err.contains("1 to 25"), "{err}");
}

#[tokio::test]
async fn get_current_exchange_rate_for_codes_and_pairs() {
    let s = setup().await;
    s.public_get(
        "/exchange-rates",
        &[("currency", "BTC")],
        200,
        json!({"data": {"currency": "BTC", "rates": {"USD": "43210.12", "EUR": "40000.5", "GBP": "34000"}}}),
    )
    .await;
    s.public_get(
        "/exchange-rates",
        &[("currency", "ETH")],
        200,
        json!({"data": {"currency": "ETH", "rates": {"USD": "2300.1", "EUR": "2100.5"}}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "coinbase_get_current_exchange_rate",
            json!({"symbols": ["BTC", "eth-eur"]}),
        )
        .await;
    assert_eq!(v["items"][0]["rates"]["GBP"], "34000");
    assert_eq!(
        v["items"][1],
        json!({"currency": "ETH", "rates": {"EUR": "2100.5"}})
    );
}

#[tokio::test]
async fn get_current_exchange_rate_errors() {
    let s = setup().await;
    s.public_get(
        "/exchange-rates",
        &[("currency", "ZZZ")],
        400,
        cb_error("invalid_request", "Invalid currency (ZZZ)"),
    )
    .await;
    let err = s
        .client
        .call_err(
            "coinbase_get_current_exchange_rate",
            json!({"symbols": ["ZZZ"]}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("Invalid currency (ZZZ)"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "coinbase_get_current_exchange_rate",
            json!({"symbols": ["BTC/USD"]}),
        )
        .await;
    assert!(err.contains("pairs"), "{err}");
}

#[tokio::test]
async fn get_historical_prices_from_exchange_candles() {
    let s = setup().await;
    expect("GET", "/products/BTC-USD/candles")
        .query("start", "2026-01-01T00:00:00Z")
        .query("end", "2026-01-01T02:00:00Z")
        .query("granularity", "3600")
        .header("cb-version", CB_VERSION)
        .respond(
            &s.exchange,
            200,
            json!([
                [
                    1767229200, 42000.01, 42500.5, 42100.25, 42400.75, 12.3456789
                ],
                [1767225600, 41900, 42200.1, 41950.3, 42100.25, 10.5]
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "coinbase_get_historical_prices",
            json!({"symbol": "BTC-USD", "start": "2026-01-01T00:00:00Z", "end": "2026-01-01T02:00:00Z"}),
        )
        .await;
    assert_eq!(
        v["candles"][0],
        json!({"time": "2026-01-01T01:00:00Z", "low": "42000.01", "high": "42500.5", "open": "42100.25",
            "close": "42400.75", "volume": "12.3456789"})
    );
    assert_eq!(v["candles"][1]["low"], "41900");
    assert_eq!(v["granularity"], 3600);
}

#[tokio::test]
async fn get_historical_prices_errors() {
    let s = setup().await;
    expect("GET", "/products/BTC-USD/candles")
        .query("start", "2026-01-01")
        .query("end", "2026-12-31")
        .query("granularity", "60")
        .respond(
            &s.exchange,
            400,
            json!({"message": "granularity too small for the requested time range. Count of aggregations requested exceeds 300"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "coinbase_get_historical_prices",
            json!({"symbol": "BTC-USD", "start": "2026-01-01", "end": "2026-12-31", "granularity": 60}),
        )
        .await;
    assert!(err.contains("exceeds 300"), "{err}");
    let err = s
        .client
        .call_err(
            "coinbase_get_historical_prices",
            json!({"symbol": "BTC-USD", "start": "2026-01-01", "end": "2026-01-02", "granularity": 120}),
        )
        .await;
    assert!(err.contains("granularity"), "{err}");
    let err = s
        .client
        .call_err(
            "coinbase_get_historical_prices",
            json!({"symbol": "BTC-USD", "start": "yesterday", "end": "2026-01-02"}),
        )
        .await;
    assert!(err.contains("`start`"), "{err}");
}

#[tokio::test]
async fn get_product_details_from_exchange() {
    let s = setup().await;
    expect("GET", "/products/BTC-USD")
        .header("cb-version", CB_VERSION)
        .respond(
            &s.exchange,
            200,
            json!({"id": "BTC-USD", "base_currency": "BTC", "quote_currency": "USD", "quote_increment": "0.01",
                "base_increment": "0.00000001", "display_name": "BTC/USD", "min_market_funds": "1",
                "margin_enabled": false, "post_only": false, "limit_only": false, "cancel_only": false,
                "status": "online", "status_message": "", "trading_disabled": false, "fx_stablecoin": false,
                "max_slippage_percentage": "0.02000000", "auction_mode": false, "high_bid_limit_percentage": ""}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "coinbase_get_product_details",
            json!({"product_id": "btc-usd"}),
        )
        .await;
    assert_eq!(v["quote_increment"], "0.01");
    assert_eq!(v["status"], "online");
    assert!(v.get("margin_enabled").is_none());
}

#[tokio::test]
async fn get_product_details_not_found() {
    let s = setup().await;
    expect("GET", "/products/FOO-BAR")
        .respond(&s.exchange, 404, json!({"message": "NotFound"}))
        .await;
    let err = s
        .client
        .call_err(
            "coinbase_get_product_details",
            json!({"product_id": "FOO-BAR"}),
        )
        .await;
    assert!(err.contains("404") && err.contains("NotFound"), "{err}");
    let err = s
        .client
        .call_err(
            "coinbase_get_product_details",
            json!({"product_id": "../accounts"}),
        )
        .await;
    assert!(err.contains("product_id"), "{err}");
}
