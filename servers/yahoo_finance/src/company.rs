//! Company data: key figures (`quoteSummary`), news (`/v1/finance/search`), statements
//! (fundamentals timeseries), holders and analyst recommendations (`quoteSummary`).

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, cap, day, instant, pick_raw, quote_summary, raw};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "get_stock_info",
            "Company profile and key figures",
            Effect::Read,
            info,
        )
        .toolset("company"),
        tool(
            "get_yahoo_finance_news",
            "News about a ticker",
            Effect::Read,
            news,
        )
        .toolset("company"),
        tool(
            "get_financial_statement",
            "Financial statement",
            Effect::Read,
            statement,
        )
        .toolset("company"),
        tool(
            "get_holder_info",
            "Holders and insiders",
            Effect::Read,
            holders,
        )
        .toolset("company"),
        tool(
            "get_recommendations",
            "Analyst recommendations",
            Effect::Read,
            recommendations,
        )
        .toolset("company"),
        tool(
            "yahoo_finance_search_symbols",
            "Find ticker symbols",
            Effect::Read,
            search_symbols,
        )
        .toolset("company"),
    ]
}

/// yfinance's `info` modules.
const INFO_MODULES: &str =
    "financialData,quoteType,defaultKeyStatistics,assetProfile,summaryDetail";
const INFO_KEYS: &[&str] = &[
    "symbol",
    "longName",
    "shortName",
    "quoteType",
    "exchange",
    "currency",
    "sector",
    "industry",
    "country",
    "website",
    "fullTimeEmployees",
    "currentPrice",
    "previousClose",
    "open",
    "dayLow",
    "dayHigh",
    "fiftyTwoWeekLow",
    "fiftyTwoWeekHigh",
    "fiftyDayAverage",
    "twoHundredDayAverage",
    "volume",
    "averageVolume",
    "marketCap",
    "enterpriseValue",
    "sharesOutstanding",
    "beta",
    "trailingPE",
    "forwardPE",
    "priceToBook",
    "trailingEps",
    "forwardEps",
    "pegRatio",
    "dividendRate",
    "dividendYield",
    "payoutRatio",
    "exDividendDate",
    "totalRevenue",
    "revenueGrowth",
    "grossMargins",
    "operatingMargins",
    "profitMargins",
    "ebitda",
    "totalCash",
    "totalDebt",
    "freeCashflow",
    "returnOnEquity",
    "targetMeanPrice",
    "targetHighPrice",
    "targetLowPrice",
    "recommendationKey",
    "numberOfAnalystOpinions",
];

/// A company's (or fund's, index's) profile and key figures: name, sector, price, market
/// cap, valuation ratios, dividends, margins, analyst target, business summary.
#[derive(Deserialize, JsonSchema)]
pub struct Info {
    ticker: String,
}

async fn info(ctx: Ctx, a: Info) -> Result<Value, ToolError> {
    let symbol = api::ticker(&a.ticker)?;
    let r = quote_summary(&ctx, &symbol, INFO_MODULES).await?;
    // Like yfinance's `info`: the modules' fields in one object.
    let mut all = Map::new();
    for m in [
        "summaryDetail",
        "defaultKeyStatistics",
        "assetProfile",
        "financialData",
        "quoteType",
    ] {
        if let Some(o) = r.get(m).and_then(Value::as_object) {
            all.extend(o.clone());
        }
    }
    let all = Value::Object(all);
    let mut out = pick_raw(&all, INFO_KEYS);
    if let Some(t) = out.get("exDividendDate").and_then(Value::as_i64) {
        out.insert("exDividendDate".into(), json!(day(t)));
    }
    if let Some(s) = all.get("longBusinessSummary").and_then(Value::as_str) {
        out.insert("businessSummary".into(), json!(cap(s, 1000)));
    }
    Ok(Value::Object(out))
}

/// Recent news articles about a ticker: title, publisher, link, time, related tickers.
#[derive(Deserialize, JsonSchema)]
pub struct News {
    ticker: String,
    /// Default 10, at most 50
    #[schemars(range(min = 1, max = 50))]
    limit: Option<u32>,
}

async fn news(ctx: Ctx, a: News) -> Result<Value, ToolError> {
    let symbol = api::ticker(&a.ticker)?;
    let n = a.limit.unwrap_or(10).clamp(1, 50);
    let v = api::get_json(
        &ctx,
        "/v1/finance/search",
        &[
            ("q", symbol.clone()),
            ("quotesCount", "0".into()),
            ("newsCount", n.to_string()),
            ("enableFuzzyQuery", "false".into()),
        ],
    )
    .await?;
    let items: Vec<Value> = v
        .get("news")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|x| {
            let mut o = pick_raw(x, &["title", "publisher", "link", "relatedTickers"]);
            if let Some(t) = x.get("providerPublishTime").and_then(Value::as_i64) {
                o.insert("published".into(), json!(instant(t)));
            }
            Value::Object(o)
        })
        .collect();
    Ok(json!({ "ticker": symbol, "news": items }))
}

/// The statement lines asked for (Yahoo's fundamentals timeseries names; yfinance's keys).
const INCOME: &[&str] = &[
    "TotalRevenue",
    "CostOfRevenue",
    "GrossProfit",
    "ResearchAndDevelopment",
    "SellingGeneralAndAdministration",
    "OperatingExpense",
    "OperatingIncome",
    "InterestExpense",
    "PretaxIncome",
    "TaxProvision",
    "NetIncome",
    "NetIncomeCommonStockholders",
    "BasicEPS",
    "DilutedEPS",
    "BasicAverageShares",
    "DilutedAverageShares",
    "EBIT",
    "EBITDA",
];
const BALANCE: &[&str] = &[
    "TotalAssets",
    "CurrentAssets",
    "CashAndCashEquivalents",
    "CashCashEquivalentsAndShortTermInvestments",
    "Receivables",
    "Inventory",
    "NetPPE",
    "Goodwill",
    "TotalLiabilitiesNetMinorityInterest",
    "CurrentLiabilities",
    "AccountsPayable",
    "CurrentDebt",
    "LongTermDebt",
    "TotalDebt",
    "NetDebt",
    "StockholdersEquity",
    "RetainedEarnings",
    "WorkingCapital",
    "OrdinarySharesNumber",
];
const CASHFLOW: &[&str] = &[
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
/// yfinance's start of the timeseries (Yahoo returns at most 4 years or 5 quarters).
const SINCE: i64 = 1_483_142_400;

/// A financial statement, one entry per period (newest first) with Yahoo's line items.
/// `financial_type`: income_stmt, quarterly_income_stmt, balance_sheet,
/// quarterly_balance_sheet, cashflow or quarterly_cashflow.
#[derive(Deserialize, JsonSchema)]
pub struct Statement {
    ticker: String,
    financial_type: String,
}

async fn statement(ctx: Ctx, a: Statement) -> Result<Value, ToolError> {
    let symbol = api::ticker(&a.ticker)?;
    let kind = a.financial_type.trim().to_ascii_lowercase();
    let (scale, keys) = match kind.as_str() {
        "income_stmt" | "financials" => ("annual", INCOME),
        "quarterly_income_stmt" | "quarterly_financials" => ("quarterly", INCOME),
        "balance_sheet" => ("annual", BALANCE),
        "quarterly_balance_sheet" => ("quarterly", BALANCE),
        "cashflow" => ("annual", CASHFLOW),
        "quarterly_cashflow" => ("quarterly", CASHFLOW),
        _ => {
            return Err(ToolError::invalid_input(format!(
                "`financial_type` must be income_stmt, quarterly_income_stmt, balance_sheet, quarterly_balance_sheet, cashflow or quarterly_cashflow, not `{}`.",
                a.financial_type
            )));
        }
    };
    let types: Vec<String> = keys.iter().map(|k| format!("{scale}{k}")).collect();
    let end = (chrono::Utc::now().timestamp() / 86_400 + 1) * 86_400;
    let v = api::get_json(
        &ctx,
        &format!(
            "/ws/fundamentals-timeseries/v1/finance/timeseries/{}",
            seg(&symbol)
        ),
        &[
            ("symbol", symbol.clone()),
            ("type", types.join(",")),
            ("period1", SINCE.to_string()),
            ("period2", end.to_string()),
        ],
    )
    .await?;
    // Each result is one line item: {"meta": {"type": ["annualTotalRevenue"]},
    // "annualTotalRevenue": [{"asOfDate": "2024-09-30", "reportedValue": {"raw": ...}}]}.
    let mut periods: std::collections::BTreeMap<String, Map<String, Value>> = Default::default();
    let mut currency = None;
    for r in at(&v, "timeseries.result")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let Some(t) = at(r, "meta.type.0").and_then(Value::as_str) else {
            continue;
        };
        let line = t.strip_prefix(scale).unwrap_or(t);
        for p in r.get(t).and_then(Value::as_array).into_iter().flatten() {
            let (Some(date), Some(val)) = (p["asOfDate"].as_str(), p.get("reportedValue")) else {
                continue;
            };
            if currency.is_none() {
                currency = p["currencyCode"].as_str().map(str::to_owned);
            }
            periods
                .entry(date.to_owned())
                .or_default()
                .insert(line.to_owned(), raw(val));
        }
    }
    if periods.is_empty() {
        return Err(ToolError::new(
            mcp_shared::ErrorKind::Upstream,
            format!("Yahoo Finance has no {kind} for `{symbol}`."),
        )
        .with_status(404)
        .with_hint("funds, indices and currencies have no statements; check the ticker."));
    }
    let rows: Vec<Value> = periods
        .into_iter()
        .rev()
        .map(|(date, mut m)| {
            m.insert("date".into(), json!(date));
            Value::Object(m)
        })
        .collect();
    Ok(json!({ "ticker": symbol, "statement": kind, "currency": currency, "periods": rows }))
}

/// Holders of a ticker. `holder_type`: major_holders, institutional_holders,
/// mutualfund_holders, insider_transactions, insider_purchases or insider_roster_holders.
#[derive(Deserialize, JsonSchema)]
pub struct Holders {
    ticker: String,
    holder_type: String,
}

fn dated(x: &Value, keys: &[&str], dates: &[&str]) -> Value {
    let mut o = pick_raw(x, keys);
    for d in dates {
        if let Some(t) = o.get(*d).and_then(Value::as_i64) {
            o.insert((*d).to_owned(), json!(day(t)));
        }
    }
    Value::Object(o)
}

fn list(v: Option<&Value>, f: impl Fn(&Value) -> Value) -> Value {
    Value::Array(
        v.and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(f)
            .collect(),
    )
}

async fn holders(ctx: Ctx, a: Holders) -> Result<Value, ToolError> {
    let symbol = api::ticker(&a.ticker)?;
    let kind = a.holder_type.trim().to_ascii_lowercase();
    let module = match kind.as_str() {
        "major_holders" => "majorHoldersBreakdown",
        "institutional_holders" => "institutionOwnership",
        "mutualfund_holders" => "fundOwnership",
        "insider_transactions" => "insiderTransactions",
        "insider_purchases" => "netSharePurchaseActivity",
        "insider_roster_holders" => "insiderHolders",
        _ => {
            return Err(ToolError::invalid_input(format!(
                "`holder_type` must be major_holders, institutional_holders, mutualfund_holders, insider_transactions, insider_purchases or insider_roster_holders, not `{}`.",
                a.holder_type
            )));
        }
    };
    let r = quote_summary(&ctx, &symbol, module).await?;
    let m = r.get(module);
    let owners = |x: &Value| {
        dated(
            x,
            &[
                "organization",
                "pctHeld",
                "position",
                "value",
                "pctChange",
                "reportDate",
            ],
            &["reportDate"],
        )
    };
    let data = match kind.as_str() {
        "major_holders" => Value::Object(pick_raw(
            m.unwrap_or(&Value::Null),
            &[
                "insidersPercentHeld",
                "institutionsPercentHeld",
                "institutionsFloatPercentHeld",
                "institutionsCount",
            ],
        )),
        "institutional_holders" | "mutualfund_holders" => {
            list(m.and_then(|m| m.get("ownershipList")), owners)
        }
        "insider_transactions" => list(m.and_then(|m| m.get("transactions")), |x| {
            dated(
                x,
                &[
                    "filerName",
                    "filerRelation",
                    "transactionText",
                    "ownership",
                    "startDate",
                    "shares",
                    "value",
                ],
                &["startDate"],
            )
        }),
        "insider_purchases" => Value::Object(pick_raw(
            m.unwrap_or(&Value::Null),
            &[
                "period",
                "buyInfoShares",
                "buyInfoCount",
                "sellInfoShares",
                "sellInfoCount",
                "netInfoShares",
                "netInfoCount",
                "totalInsiderShares",
                "netPercentInsiderShares",
            ],
        )),
        _ => list(m.and_then(|m| m.get("holders")), |x| {
            dated(
                x,
                &[
                    "name",
                    "relation",
                    "transactionDescription",
                    "latestTransDate",
                    "positionDirect",
                    "positionDirectDate",
                ],
                &["latestTransDate", "positionDirectDate"],
            )
        }),
    };
    Ok(json!({ "ticker": symbol, "holder_type": kind, "holders": data }))
}

/// Analyst views of a ticker. `recommendation_type`: recommendations (counts of strong
/// buy…strong sell per month) or upgrades_downgrades (firm actions within `months_back`).
#[derive(Deserialize, JsonSchema)]
pub struct Recommendations {
    ticker: String,
    recommendation_type: String,
    /// For upgrades_downgrades
    #[schemars(extend("default" = 12))]
    months_back: Option<u32>,
}

async fn recommendations(ctx: Ctx, a: Recommendations) -> Result<Value, ToolError> {
    let symbol = api::ticker(&a.ticker)?;
    let kind = a.recommendation_type.trim().to_ascii_lowercase();
    let data = match kind.as_str() {
        "recommendations" => {
            let r = quote_summary(&ctx, &symbol, "recommendationTrend").await?;
            list(at(&r, "recommendationTrend.trend"), |x| {
                Value::Object(pick_raw(
                    x,
                    &["period", "strongBuy", "buy", "hold", "sell", "strongSell"],
                ))
            })
        }
        "upgrades_downgrades" => {
            let months = i64::from(a.months_back.unwrap_or(12));
            let since = chrono::Utc::now().timestamp() - months * 30 * 86_400;
            let r = quote_summary(&ctx, &symbol, "upgradeDowngradeHistory").await?;
            let hist = at(&r, "upgradeDowngradeHistory.history").and_then(Value::as_array);
            Value::Array(
                hist.into_iter()
                    .flatten()
                    .filter(|x| x["epochGradeDate"].as_i64().is_some_and(|t| t >= since))
                    .map(|x| {
                        let mut o = pick_raw(x, &["firm", "toGrade", "fromGrade", "action"]);
                        if let Some(t) = x["epochGradeDate"].as_i64() {
                            o.insert("date".into(), json!(day(t)));
                        }
                        Value::Object(o)
                    })
                    .collect(),
            )
        }
        _ => {
            return Err(ToolError::invalid_input(format!(
                "`recommendation_type` must be recommendations or upgrades_downgrades, not `{}`.",
                a.recommendation_type
            )));
        }
    };
    Ok(json!({ "ticker": symbol, "recommendation_type": kind, "items": data }))
}

/// Find Yahoo ticker symbols by company name or partial symbol: symbol, name, type,
/// exchange, sector.
#[derive(Deserialize, JsonSchema)]
pub struct SearchSymbols {
    query: String,
    /// Default 10, at most 25
    #[schemars(range(min = 1, max = 25))]
    limit: Option<u32>,
}

async fn search_symbols(ctx: Ctx, a: SearchSymbols) -> Result<Value, ToolError> {
    let q = mcp_shared::non_empty(&a.query, "query")?;
    let n = a.limit.unwrap_or(10).clamp(1, 25);
    let v = api::get_json(
        &ctx,
        "/v1/finance/search",
        &[
            ("q", q.to_owned()),
            ("quotesCount", n.to_string()),
            ("newsCount", "0".into()),
        ],
    )
    .await?;
    let items = list(v.get("quotes"), |x| {
        let mut o = pick_raw(
            x,
            &[
                "symbol",
                "quoteType",
                "exchange",
                "exchDisp",
                "sector",
                "industry",
            ],
        );
        if let Some(name) = x.get("longname").or_else(|| x.get("shortname")) {
            o.insert("name".into(), name.clone());
        }
        Value::Object(o)
    });
    Ok(json!({ "quotes": items }))
}
