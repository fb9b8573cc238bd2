//! get_historical_stock_prices, get_stock_price_by_date, get_stock_actions.

use serde_json::{Value, json};

use crate::common::{Fake, yahoo};

/// A chart answer as Yahoo returns it (`chart.result[0]`), daily bars at 14:30 UTC (09:30
/// New York).
fn chart(ts: &[i64], close: &[f64], adj: &[f64], events: Value) -> Value {
    json!({"chart": {"result": [{
        "meta": {"currency": "USD", "symbol": "AAPL", "exchangeName": "NMS", "fullExchangeName": "NasdaqGS",
                 "instrumentType": "EQUITY", "firstTradeDate": 345479400, "regularMarketTime": 1733173201,
                 "gmtoffset": -18000, "timezone": "EST", "exchangeTimezoneName": "America/New_York",
                 "regularMarketPrice": 239.59, "dataGranularity": "1d", "range": "1mo",
                 "validRanges": ["1d", "5d", "1mo", "max"]},
        "timestamp": ts,
        "events": events,
        "indicators": {
            "quote": [{"open": close.iter().map(|c| c - 1.0).collect::<Vec<_>>(), "high": close.iter().map(|c| c + 2.0).collect::<Vec<_>>(),
                       "low": close.iter().map(|c| c - 2.0).collect::<Vec<_>>(), "close": close, "volume": vec![1000; close.len()]}],
            "adjclose": [{"adjclose": adj}]
        }
    }], "error": null}})
}

#[tokio::test]
async fn historical_prices_contract() {
    let f = Fake::start().await;
    yahoo(
        "/v8/finance/chart/AAPL",
        &[
            ("range", "5d"),
            ("interval", "1d"),
            ("includePrePost", "false"),
            ("events", "div,splits,capitalGains"),
        ],
    )
    .respond(
        &f.fake,
        200,
        chart(
            &[1733149800, 1733236200],
            &[100.0, 110.0],
            &[50.0, 55.0],
            json!({}),
        ),
    )
    .await;
    let v = f
        .client
        .call_ok(
            "get_historical_stock_prices",
            json!({"ticker": "AAPL", "period": "5d"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"symbol": "AAPL", "currency": "USD", "exchange": "NMS", "prices": [
            {"date": "2024-12-02", "open": 49.5, "high": 51.0, "low": 49.0, "close": 50.0, "volume": 1000},
            {"date": "2024-12-03", "open": 54.5, "high": 56.0, "low": 54.0, "close": 55.0, "volume": 1000}
        ]})
    );
}

#[tokio::test]
async fn historical_prices_by_dates_unadjusted() {
    let f = Fake::start().await;
    yahoo(
        "/v8/finance/chart/MSFT",
        &[
            ("period1", "1733097600"),
            ("period2", "1733184000"),
            ("interval", "1wk"),
            ("includePrePost", "false"),
            ("events", "div,splits,capitalGains"),
        ],
    )
    .respond(
        &f.fake,
        200,
        chart(&[1733149800], &[100.0], &[99.0], json!({})),
    )
    .await;
    let v = f
        .client
        .call_ok(
            "get_historical_stock_prices",
            json!({"ticker": "MSFT", "start_date": "2024-12-02", "end_date": "2024-12-03", "interval": "1wk", "auto_adjust": false}),
        )
        .await;
    assert_eq!(
        v["prices"][0],
        json!({"date": "2024-12-02", "open": 99.0, "high": 102.0, "low": 98.0, "close": 100.0, "adj_close": 99.0, "volume": 1000})
    );
}

#[tokio::test]
async fn historical_prices_bad_input_and_delisted() {
    let f = Fake::start().await;
    let err = f
        .client
        .call_err(
            "get_historical_stock_prices",
            json!({"ticker": "AAPL", "period": "2w"}),
        )
        .await;
    assert!(err.contains("`period` must be one of"), "{err}");
    yahoo(
        "/v8/finance/chart/ZZZZZ",
        &[("range", "1mo"), ("interval", "1d"), ("includePrePost", "false"), ("events", "div,splits,capitalGains")],
    )
    .respond(&f.fake, 404, json!({"chart": {"result": null, "error": {"code": "Not Found", "description": "No data found, symbol may be delisted"}}}))
    .await;
    let err = f
        .client
        .call_err("get_historical_stock_prices", json!({"ticker": "ZZZZZ"}))
        .await;
    assert!(
        err.contains("404") && err.contains("symbol may be delisted"),
        "{err}"
    );
}

#[tokio::test]
async fn price_by_date_nearest() {
    let f = Fake::start().await;
    // 2024-12-01 is a Sunday: the window is a week either side.
    yahoo(
        "/v8/finance/chart/AAPL",
        &[
            ("period1", "1732406400"),
            ("period2", "1733702400"),
            ("interval", "1d"),
            ("includePrePost", "false"),
            ("events", "div,splits,capitalGains"),
        ],
    )
    .times(2)
    .respond(
        &f.fake,
        200,
        chart(
            &[1732890600, 1733149800],
            &[237.0, 239.0],
            &[237.0, 239.0],
            json!({}),
        ),
    )
    .await;
    let v = f
        .client
        .call_ok(
            "get_stock_price_by_date",
            json!({"ticker": "AAPL", "date": "2024-12-01"}),
        )
        .await;
    // 2024-11-29 and 2024-12-02 are two and one day away.
    assert_eq!(v["date"], "2024-12-02");
    assert_eq!(v["close"], 239.0);
    assert_eq!(v["exact"], false);
    let err = f
        .client
        .call_err(
            "get_stock_price_by_date",
            json!({"ticker": "AAPL", "date": "2024-12-01", "find_nearest": false}),
        )
        .await;
    assert!(err.contains("did not trade on 2024-12-01"), "{err}");
}

#[tokio::test]
async fn price_by_date_bad_date() {
    let f = Fake::bare().await;
    let err = f
        .client
        .call_err(
            "get_stock_price_by_date",
            json!({"ticker": "AAPL", "date": "12/01/2024"}),
        )
        .await;
    assert!(err.contains("YYYY-MM-DD"), "{err}");
}

#[tokio::test]
async fn stock_actions_contract() {
    let f = Fake::start().await;
    let events = json!({
        "dividends": {"1731076200": {"amount": 0.25, "date": 1731076200}, "1723815000": {"amount": 0.25, "date": 1723815000}},
        "splits": {"1598880600": {"date": 1598880600, "numerator": 4.0, "denominator": 1.0, "splitRatio": "4:1"}}
    });
    yahoo(
        "/v8/finance/chart/AAPL",
        &[
            ("range", "max"),
            ("interval", "1d"),
            ("includePrePost", "false"),
            ("events", "div,splits,capitalGains"),
        ],
    )
    .respond(
        &f.fake,
        200,
        chart(&[1733149800], &[239.0], &[239.0], events),
    )
    .await;
    let v = f
        .client
        .call_ok("get_stock_actions", json!({"ticker": "AAPL"}))
        .await;
    assert_eq!(
        v["actions"],
        json!([{"date": "2020-08-31", "split": "4:1"}, {"date": "2024-08-16", "dividend": 0.25}, {"date": "2024-11-08", "dividend": 0.25}])
    );
}

#[tokio::test]
async fn stock_actions_bad_ticker() {
    let f = Fake::bare().await;
    let err = f
        .client
        .call_err("get_stock_actions", json!({"ticker": "AA PL"}))
        .await;
    assert!(err.contains("`ticker` must be"), "{err}");
}
