//! get_stock_info, get_yahoo_finance_news, get_financial_statement, get_holder_info,
//! get_recommendations.

use serde_json::{Value, json};

use crate::common::{Fake, yahoo};

fn summary(modules: &str, symbol: &str) -> Vec<(&'static str, String)> {
    vec![
        ("modules", modules.to_owned()),
        ("corsDomain", "finance.yahoo.com".to_owned()),
        ("formatted", "false".to_owned()),
        ("symbol", symbol.to_owned()),
    ]
}

fn q<'a>(v: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    v.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

fn result(modules: Value) -> Value {
    json!({"quoteSummary": {"result": [modules], "error": null}})
}

#[tokio::test]
async fn stock_info_contract() {
    let f = Fake::start().await;
    let qs = summary(
        "financialData,quoteType,defaultKeyStatistics,assetProfile,summaryDetail",
        "AAPL",
    );
    yahoo("/v10/finance/quoteSummary/AAPL", &q(&qs))
        .respond(
            &f.fake,
            200,
            result(json!({
                "summaryDetail": {"maxAge": 1, "previousClose": 237.33, "marketCap": 3621930000000_i64, "trailingPE": 39.4, "dividendYield": 0.0042, "exDividendDate": 1731024000, "currency": "USD"},
                "defaultKeyStatistics": {"maxAge": 1, "beta": 1.24, "sharesOutstanding": 15115800000_i64, "forwardEps": 8.31},
                "assetProfile": {"sector": "Technology", "industry": "Consumer Electronics", "fullTimeEmployees": 164000, "longBusinessSummary": "Apple Inc. designs, manufactures, and markets smartphones.", "companyOfficers": [{"name": "Tim Cook"}]},
                "financialData": {"currentPrice": 239.59, "targetMeanPrice": 245.0, "recommendationKey": "buy", "profitMargins": 0.239, "financialCurrency": "USD"},
                "quoteType": {"symbol": "AAPL", "longName": "Apple Inc.", "quoteType": "EQUITY", "exchange": "NMS"}
            })),
        )
        .await;
    let v = f
        .client
        .call_ok("get_stock_info", json!({"ticker": "AAPL"}))
        .await;
    assert_eq!(
        v,
        json!({"symbol": "AAPL", "longName": "Apple Inc.", "quoteType": "EQUITY", "exchange": "NMS", "currency": "USD",
            "sector": "Technology", "industry": "Consumer Electronics", "fullTimeEmployees": 164000, "currentPrice": 239.59,
            "previousClose": 237.33, "marketCap": 3621930000000_i64, "sharesOutstanding": 15115800000_i64, "beta": 1.24,
            "trailingPE": 39.4, "forwardEps": 8.31, "dividendYield": 0.0042, "exDividendDate": "2024-11-08",
            "profitMargins": 0.239, "targetMeanPrice": 245.0, "recommendationKey": "buy",
            "businessSummary": "Apple Inc. designs, manufactures, and markets smartphones."})
    );
}

#[tokio::test]
async fn stock_info_not_found() {
    let f = Fake::start().await;
    let qs = summary(
        "financialData,quoteType,defaultKeyStatistics,assetProfile,summaryDetail",
        "XXXX",
    );
    yahoo("/v10/finance/quoteSummary/XXXX", &q(&qs))
        .respond(&f.fake, 404, json!({"quoteSummary": {"result": null, "error": {"code": "Not Found", "description": "Quote not found for symbol: XXXX"}}}))
        .await;
    let err = f
        .client
        .call_err("get_stock_info", json!({"ticker": "XXXX"}))
        .await;
    assert!(
        err.contains("404") && err.contains("Quote not found for symbol: XXXX"),
        "{err}"
    );
}

#[tokio::test]
async fn news_contract() {
    let f = Fake::start().await;
    yahoo(
        "/v1/finance/search",
        &[("q", "AAPL"), ("quotesCount", "0"), ("newsCount", "10"), ("enableFuzzyQuery", "false")],
    )
    .respond(
        &f.fake,
        200,
        json!({"explains": [], "count": 1, "quotes": [], "news": [{
            "uuid": "3f1b", "title": "Apple shares rise", "publisher": "Reuters", "link": "https://finance.yahoo.com/news/apple-shares-rise.html",
            "providerPublishTime": 1733150000, "type": "STORY", "thumbnail": {"resolutions": []}, "relatedTickers": ["AAPL"]
        }], "nav": [], "lists": [], "researchReports": [], "totalTime": 20}),
    )
    .await;
    let v = f
        .client
        .call_ok("get_yahoo_finance_news", json!({"ticker": "AAPL"}))
        .await;
    assert_eq!(
        v,
        json!({"ticker": "AAPL", "news": [{"title": "Apple shares rise", "publisher": "Reuters",
            "link": "https://finance.yahoo.com/news/apple-shares-rise.html", "relatedTickers": ["AAPL"], "published": "2024-12-02T14:33:20Z"}]})
    );
}

#[tokio::test]
async fn news_rate_limited() {
    let f = Fake::start().await;
    yahoo(
        "/v1/finance/search",
        &[
            ("q", "AAPL"),
            ("quotesCount", "0"),
            ("newsCount", "10"),
            ("enableFuzzyQuery", "false"),
        ],
    )
    .times(3)
    .respond_with(
        &f.fake,
        mcp_testkit::wiremock::ResponseTemplate::new(429)
            .insert_header("retry-after", "0")
            .set_body_string("Too Many Requests"),
    )
    .await;
    let err = f
        .client
        .call_err("get_yahoo_finance_news", json!({"ticker": "AAPL"}))
        .await;
    assert!(
        err.contains("429") && err.contains("Too Many Requests"),
        "{err}"
    );
}

fn line(ty: &str, date: &str, value: f64) -> Value {
    json!({"meta": {"symbol": ["AAPL"], "type": [ty]}, "timestamp": [1727654400],
           ty: [{"dataId": 20100, "asOfDate": date, "periodType": "12M", "currencyCode": "USD",
                 "reportedValue": {"raw": value, "fmt": "x"}}]})
}

#[tokio::test]
async fn financial_statement_contract() {
    let f = Fake::start().await;
    let keys = [
        "OperatingCashFlow",
        "InvestingCashFlow",
        "FinancingCashFlow",
        "FreeCashFlow",
        "CapitalExpenditure",
        "DepreciationAndAmortization",
        "StockBasedCompensation",
        "ChangeInWorkingCapital",
        "CashDividendsPaid",
        "RepurchaseOfCapitalStock",
        "IssuanceOfDebt",
        "RepaymentOfDebt",
        "EndCashPosition",
    ];
    let types: Vec<String> = keys.iter().map(|k| format!("annual{k}")).collect();
    let end = (chrono_now() / 86_400 + 1) * 86_400;
    yahoo(
        "/ws/fundamentals-timeseries/v1/finance/timeseries/AAPL",
        &[
            ("symbol", "AAPL"),
            ("type", &types.join(",")),
            ("period1", "1483142400"),
            ("period2", &end.to_string()),
        ],
    )
    .respond(
        &f.fake,
        200,
        json!({"timeseries": {"result": [
            line("annualFreeCashFlow", "2024-09-30", 108807000000.0),
            line("annualFreeCashFlow", "2023-09-30", 99584000000.0),
            line("annualOperatingCashFlow", "2024-09-30", 118254000000.0),
            {"meta": {"symbol": ["AAPL"], "type": ["annualIssuanceOfDebt"]}}
        ], "error": null}}),
    )
    .await;
    let v = f
        .client
        .call_ok(
            "get_financial_statement",
            json!({"ticker": "AAPL", "financial_type": "cashflow"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"ticker": "AAPL", "statement": "cashflow", "currency": "USD", "periods": [
            {"date": "2024-09-30", "FreeCashFlow": 108807000000.0, "OperatingCashFlow": 118254000000.0},
            {"date": "2023-09-30", "FreeCashFlow": 99584000000.0}
        ]})
    );
}

fn chrono_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

#[tokio::test]
async fn financial_statement_bad_type() {
    let f = Fake::bare().await;
    let err = f
        .client
        .call_err(
            "get_financial_statement",
            json!({"ticker": "AAPL", "financial_type": "p&l"}),
        )
        .await;
    assert!(
        err.contains("`financial_type` must be income_stmt"),
        "{err}"
    );
}

#[tokio::test]
async fn holder_info_institutional() {
    let f = Fake::start().await;
    let qs = summary("institutionOwnership", "AAPL");
    yahoo("/v10/finance/quoteSummary/AAPL", &q(&qs))
        .respond(
            &f.fake,
            200,
            result(json!({"institutionOwnership": {"maxAge": 1, "ownershipList": [
                {"maxAge": 1, "reportDate": 1727654400, "organization": "Vanguard Group Inc", "pctHeld": 0.0842, "position": 1272378901_i64, "value": 304850000000_i64, "pctChange": 0.0093}
            ]}})),
        )
        .await;
    let v = f
        .client
        .call_ok(
            "get_holder_info",
            json!({"ticker": "AAPL", "holder_type": "institutional_holders"}),
        )
        .await;
    assert_eq!(
        v["holders"],
        json!([{"organization": "Vanguard Group Inc", "pctHeld": 0.0842, "position": 1272378901_i64, "value": 304850000000_i64, "pctChange": 0.0093, "reportDate": "2024-09-30"}])
    );
}

#[tokio::test]
async fn holder_info_insider_roster_and_bad_type() {
    let f = Fake::start().await;
    let qs = summary("insiderHolders", "AAPL");
    yahoo("/v10/finance/quoteSummary/AAPL", &q(&qs))
        .respond(
            &f.fake,
            200,
            result(json!({"insiderHolders": {"holders": [
                {"maxAge": 1, "name": "COOK TIMOTHY D", "relation": "Chief Executive Officer", "url": "", "transactionDescription": "Sale", "latestTransDate": 1727740800, "positionDirect": 3280418, "positionDirectDate": 1727740800}
            ]}})),
        )
        .await;
    let v = f
        .client
        .call_ok(
            "get_holder_info",
            json!({"ticker": "AAPL", "holder_type": "insider_roster_holders"}),
        )
        .await;
    assert_eq!(v["holders"][0]["name"], "COOK TIMOTHY D");
    assert_eq!(v["holders"][0]["latestTransDate"], "2024-10-01");
    let err = f
        .client
        .call_err(
            "get_holder_info",
            json!({"ticker": "AAPL", "holder_type": "whales"}),
        )
        .await;
    assert!(err.contains("`holder_type` must be"), "{err}");
}

#[tokio::test]
async fn recommendations_trend() {
    let f = Fake::start().await;
    let qs = summary("recommendationTrend", "AAPL");
    yahoo("/v10/finance/quoteSummary/AAPL", &q(&qs))
        .respond(
            &f.fake,
            200,
            result(json!({"recommendationTrend": {"maxAge": 86400, "trend": [
                {"period": "0m", "strongBuy": 8, "buy": 24, "hold": 12, "sell": 1, "strongSell": 2},
                {"period": "-1m", "strongBuy": 8, "buy": 23, "hold": 13, "sell": 1, "strongSell": 2}
            ]}})),
        )
        .await;
    let v = f
        .client
        .call_ok(
            "get_recommendations",
            json!({"ticker": "AAPL", "recommendation_type": "recommendations"}),
        )
        .await;
    assert_eq!(
        v["items"][0],
        json!({"period": "0m", "strongBuy": 8, "buy": 24, "hold": 12, "sell": 1, "strongSell": 2})
    );
    assert_eq!(v["items"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn upgrades_downgrades_within_months_back() {
    let f = Fake::start().await;
    let qs = summary("upgradeDowngradeHistory", "AAPL");
    let recent = chrono_now() - 10 * 86_400;
    let old = chrono_now() - 400 * 86_400;
    yahoo("/v10/finance/quoteSummary/AAPL", &q(&qs))
        .respond(
            &f.fake,
            200,
            result(json!({"upgradeDowngradeHistory": {"maxAge": 86400, "history": [
                {"epochGradeDate": recent, "firm": "Morgan Stanley", "toGrade": "Overweight", "fromGrade": "Equal-Weight", "action": "up"},
                {"epochGradeDate": old, "firm": "Jefferies", "toGrade": "Hold", "fromGrade": "Buy", "action": "down"}
            ]}})),
        )
        .await;
    let v = f
        .client
        .call_ok("get_recommendations", json!({"ticker": "AAPL", "recommendation_type": "upgrades_downgrades", "months_back": 12}))
        .await;
    let items = v["items"].as_array().unwrap();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["firm"], "Morgan Stanley");
    let err = f
        .client
        .call_err(
            "get_recommendations",
            json!({"ticker": "AAPL", "recommendation_type": "price_targets"}),
        )
        .await;
    assert!(
        err.contains("recommendations or upgrades_downgrades"),
        "{err}"
    );
}

#[tokio::test]
async fn search_symbols_contract() {
    let f = Fake::start().await;
    yahoo("/v1/finance/search", &[("q", "berkshire"), ("quotesCount", "2"), ("newsCount", "0")])
        .respond(
            &f.fake,
            200,
            json!({"explains": [], "count": 2, "news": [], "quotes": [
                {"exchange": "NYQ", "shortname": "Berkshire Hathaway Inc. New", "quoteType": "EQUITY", "symbol": "BRK-B", "index": "quotes",
                 "score": 20245.0, "typeDisp": "Equity", "longname": "Berkshire Hathaway Inc.", "exchDisp": "NYSE", "sector": "Financial Services",
                 "industry": "Insurance—Diversified", "isYahooFinance": true},
                {"exchange": "NYQ", "shortname": "Berkshire Hathaway Inc.", "quoteType": "EQUITY", "symbol": "BRK-A", "exchDisp": "NYSE"}
            ]}),
        )
        .await;
    let v = f
        .client
        .call_ok(
            "yahoo_finance_search_symbols",
            json!({"query": "berkshire", "limit": 2}),
        )
        .await;
    assert_eq!(
        v["quotes"],
        json!([
            {"symbol": "BRK-B", "quoteType": "EQUITY", "exchange": "NYQ", "exchDisp": "NYSE", "sector": "Financial Services", "industry": "Insurance—Diversified", "name": "Berkshire Hathaway Inc."},
            {"symbol": "BRK-A", "quoteType": "EQUITY", "exchange": "NYQ", "exchDisp": "NYSE", "name": "Berkshire Hathaway Inc."}
        ])
    );
}

#[tokio::test]
async fn search_symbols_empty_query_and_surface() {
    let f = Fake::bare().await;
    let err = f
        .client
        .call_err("yahoo_finance_search_symbols", json!({"query": "  "}))
        .await;
    assert!(err.contains("`query` must not be empty"), "{err}");
    let tools = f.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "yahoo_finance");
    assert_eq!(extra, ["yahoo_finance_search_symbols"]);
}
