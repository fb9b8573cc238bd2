//! The key owner's accounts (wallets) and transactions, signed with the caller's CDP API
//! key: `GET /v2/accounts`, `GET /v2/accounts/{id}`, `GET /v2/accounts/{id}/transactions`.

use crate::api::{Dec, code_ok, data, next_cursor, public_get, send, signed};
use mcp_shared::json::{map_array, pick};
use mcp_shared::pagination::Pages;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "coinbase_get_accounts",
            "List accounts",
            Effect::Read,
            get_accounts,
        )
        .toolset("accounts"),
        tool(
            "coinbase_get_account_balance",
            "Get account balance",
            Effect::Read,
            get_account_balance,
        )
        .toolset("accounts"),
        tool(
            "coinbase_get_transactions",
            "List transactions",
            Effect::Read,
            get_transactions,
        )
        .toolset("accounts"),
        tool(
            "coinbase_get_portfolio_value",
            "Get portfolio value",
            Effect::Read,
            get_portfolio_value,
        )
        .toolset("accounts"),
    ]
}

/// The account's currency code (`currency` is an object in current versions, a code in old
/// ones).
fn currency_code(a: &Value) -> Option<String> {
    let c = a.get("currency")?;
    c.get("code")
        .and_then(Value::as_str)
        .or_else(|| c.as_str())
        .map(str::to_owned)
}

fn account(a: &Value) -> Value {
    let mut v = pick(
        a,
        &[
            "id",
            "name",
            "type",
            "primary",
            "balance",
            "native_balance",
            "created_at",
            "updated_at",
        ],
    );
    if let (Value::Object(m), Some(c)) = (&mut v, currency_code(a)) {
        m.insert("currency".into(), json!(c));
    }
    v
}

fn limit(l: Option<Count>, default: u64) -> Result<u64, ToolError> {
    match l.map(Count::get) {
        None => Ok(default),
        Some(n) if (1..=100).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "limit must be between 1 and 100 (got {n})"
        ))),
    }
}

fn cursor(c: Option<&str>) -> Option<&str> {
    c.map(str::trim).filter(|c| !c.is_empty())
}

/// List the API key owner's accounts (one per currency wallet) with balances (decimal
/// strings). Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct GetAccounts {
    /// 1-100
    #[schemars(extend("default" = 100))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn get_accounts(ctx: Ctx, a: GetAccounts) -> Result<Value, ToolError> {
    let req = signed(&ctx, Method::GET, "/accounts")?
        .query("limit", limit(a.limit, 100)?)
        .query_opt("starting_after", cursor(a.cursor.as_deref()));
    let v = send(&ctx, req).await?;
    Ok(json!({"items": map_array(data(&v), account), "next_cursor": next_cursor(&v)}))
}

/// One account's balance: id, name, currency, `balance` {amount, currency}.
#[derive(Deserialize, JsonSchema)]
pub struct GetAccountBalance {
    /// Account id (UUID) from coinbase_get_accounts, or a currency code (BTC) for that wallet
    account_id: String,
}

async fn get_account_balance(ctx: Ctx, a: GetAccountBalance) -> Result<Value, ToolError> {
    let path = format!("/accounts/{}", seg_id(&a.account_id, "account_id")?);
    let v = send(&ctx, signed(&ctx, Method::GET, &path)?).await?;
    Ok(account(data(&v)))
}

fn transaction(t: &Value) -> Value {
    pick(
        t,
        &[
            "id",
            "type",
            "status",
            "amount",
            "native_amount",
            "description",
            "created_at",
            "title=details.title",
            "subtitle=details.subtitle",
            "network_status=network.status",
            "network_hash=network.hash",
        ],
    )
}

/// An account's transactions, newest first: id, type, status, amount and native_amount
/// (decimal strings), created_at. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct GetTransactions {
    account_id: String,
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// A transaction id: only transactions newer than it (Coinbase's `ending_before`)
    before: Option<String>,
    /// A transaction id: only older ones (Coinbase's `starting_after`); same as `cursor`
    after: Option<String>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn get_transactions(ctx: Ctx, a: GetTransactions) -> Result<Value, ToolError> {
    let path = format!(
        "/accounts/{}/transactions",
        seg_id(&a.account_id, "account_id")?
    );
    let after = cursor(a.cursor.as_deref()).or(cursor(a.after.as_deref()));
    let before = cursor(a.before.as_deref());
    if after.is_some() && before.is_some() {
        return Err(ToolError::invalid_input(
            "give `before` or `after` (or `cursor`), not both",
        ));
    }
    let req = signed(&ctx, Method::GET, &path)?
        .query("limit", limit(a.limit, 25)?)
        .query_opt("starting_after", after)
        .query_opt("ending_before", before);
    let v = send(&ctx, req).await?;
    Ok(json!({"items": map_array(data(&v), transaction), "next_cursor": next_cursor(&v)}))
}

/// Most distinct currencies priced by one portfolio valuation (one rate request each).
const MAX_CURRENCIES: usize = 40;

/// The total value of every account with a balance, in one currency: each balance times
/// Coinbase's exchange rate, summed exactly. Returns `total`, `currency`, the `accounts`
/// with their `value`, and `unpriced` balances Coinbase has no rate for.
#[derive(Deserialize, JsonSchema)]
pub struct GetPortfolioValue {
    /// Currency to value in
    #[schemars(extend("default" = "USD"))]
    currency: Option<String>,
}

async fn get_portfolio_value(ctx: Ctx, a: GetPortfolioValue) -> Result<Value, ToolError> {
    let quote = a
        .currency
        .as_deref()
        .map(|c| c.trim().to_ascii_uppercase())
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| "USD".to_owned());
    if !code_ok(&quote) {
        return Err(ToolError::invalid_input(format!(
            "currency must be a currency code such as USD (got {quote:?})"
        )));
    }
    // Every account, page by page.
    let mut accounts = Vec::new();
    let mut pages = Pages::new();
    let mut after: Option<String> = None;
    loop {
        let req = signed(&ctx, Method::GET, "/accounts")?
            .query("limit", 100)
            .query_opt("starting_after", after.as_deref());
        let v = send(&ctx, req).await?;
        accounts.extend(data(&v).as_array().cloned().unwrap_or_default());
        match pages.next(next_cursor(&v).as_str()) {
            Some(c) => after = Some(c),
            None => break,
        }
    }
    let held: Vec<(Value, String, Dec)> = accounts
        .iter()
        .filter_map(|acc| {
            let amount = acc.pointer("/balance/amount").and_then(Value::as_str)?;
            let cur = acc
                .pointer("/balance/currency")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .or_else(|| currency_code(acc))?;
            let d = Dec::parse(amount)?;
            (!d.is_zero()).then(|| (account(acc), cur, d))
        })
        .collect();
    // One rate per currency held.
    let mut rates: BTreeMap<String, Option<Dec>> = BTreeMap::new();
    for (_, cur, _) in &held {
        if rates.contains_key(cur) {
            continue;
        }
        if rates.len() >= MAX_CURRENCIES {
            rates.insert(cur.clone(), None);
            continue;
        }
        let rate = if *cur == quote {
            Dec::parse("1")
        } else {
            let v = public_get(&ctx, "/exchange-rates", &[("currency", cur)]).await?;
            data(&v)
                .pointer(&format!("/rates/{quote}"))
                .and_then(Value::as_str)
                .and_then(Dec::parse)
        };
        rates.insert(cur.clone(), rate);
    }
    let mut total = Dec::ZERO;
    let mut valued = Vec::new();
    let mut unpriced = Vec::new();
    for (mut acc, cur, amount) in held {
        match rates
            .get(&cur)
            .copied()
            .flatten()
            .and_then(|r| amount.mul(r))
            .map(|v| v.round(18))
        {
            Some(value) => {
                total = total.add(value).ok_or_else(|| {
                    ToolError::transport("the portfolio total does not fit an exact decimal")
                })?;
                if let Value::Object(m) = &mut acc {
                    m.insert("value".into(), json!(value.round(8).to_string()));
                }
                valued.push(acc);
            }
            None => unpriced.push(acc),
        }
    }
    Ok(json!({
        "currency": quote,
        "total": total.round(2).to_string(),
        "accounts": valued,
        "unpriced": unpriced,
        "accounts_read": accounts.len(),
        "note": pages.note(),
    }))
}
