//! Yahoo Finance helpers: the cookie + crumb session (one per process, refreshed once when
//! Yahoo calls it invalid), JSON requests with clear messages when Yahoo blocks, the error
//! parser, and date and number helpers.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate};
use mcp_shared::reexports::http;
use mcp_shared::{Ctx, ErrorKind, Method, Response, Settings, State, ToolError, VendorError};
use serde_json::{Map, Value};
use tokio::sync::Mutex;
use url::Url;

/// The cookie and crumb Yahoo's query hosts want; no user credential is involved, so one
/// per process.
#[derive(Clone)]
struct Session {
    cookie: Option<String>,
    crumb: String,
}

#[derive(Default)]
pub struct Yahoo {
    session: Mutex<Option<Session>>,
}

pub fn make_state(_settings: &Settings) -> Result<State, String> {
    Ok(Arc::new(Yahoo::default()))
}

pub const DEFAULT_BASE: &str = "https://query2.finance.yahoo.com";
pub const DEFAULT_COOKIE_BASE: &str = "https://fc.yahoo.com";

const BLOCKED_HINT: &str = "Yahoo Finance's API is unofficial and blocks or rate-limits busy IP addresses: wait a few minutes before retrying, or run the server from another network.";

/// A cookie from `https://fc.yahoo.com` (its status does not matter: it answers 404 with the
/// cookie), then the crumb from the query host's `/v1/test/getcrumb`.
async fn new_session(ctx: &Ctx) -> Result<Session, ToolError> {
    // `YAHOO_FINANCE_API_BASE_URL` moves the cookie host too unless it has its own override.
    let main = ctx.upstream();
    let cookie_api = ctx.api("cookie")?;
    let host = |u: Option<&Url>| u.map(|u| u.as_str().trim_end_matches('/').to_owned());
    let moved = host(main.base_url()).as_deref() != Some(DEFAULT_BASE)
        && host(cookie_api.base_url()).as_deref() == Some(DEFAULT_COOKIE_BASE);
    let up = if moved { main } else { cookie_api };
    let cookie = match up.request(Method::GET, "/").send_raw().await {
        Ok(r) => r
            .headers
            .get_all(http::header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .filter_map(|v| v.split(';').next())
            .map(str::trim)
            .filter(|c| c.contains('=') && !c.to_ascii_lowercase().contains("consent"))
            .collect::<Vec<_>>()
            .join("; "),
        // Not fatal: the crumb request says whether Yahoo needs it.
        Err(_) => String::new(),
    };
    let cookie = (!cookie.is_empty()).then_some(cookie);
    let mut req = ctx.request(Method::GET, "/v1/test/getcrumb");
    if let Some(c) = &cookie {
        req = req.header("cookie", c);
    }
    let r = req.send_raw().await?;
    let text = r.text();
    if !r.status.is_success() {
        return Err(blocked_or_error(&r, "the session crumb request"));
    }
    let crumb = text.trim();
    if crumb.is_empty() || crumb.starts_with('<') || crumb.contains("Too Many Requests") {
        return Err(ToolError::new(
            ErrorKind::RateLimited,
            "Yahoo Finance did not hand out a session crumb (it answered with a page, not a crumb).",
        )
        .with_hint(BLOCKED_HINT));
    }
    Ok(Session {
        cookie,
        crumb: crumb.to_owned(),
    })
}

async fn session(ctx: &Ctx, state: &Yahoo, renew: bool) -> Result<Session, ToolError> {
    // One fetch at a time: concurrent calls wait for it rather than hammer Yahoo.
    let mut slot = state.session.lock().await;
    if !renew && let Some(s) = slot.as_ref() {
        return Ok(s.clone());
    }
    let s = new_session(ctx).await?;
    *slot = Some(s.clone());
    Ok(s)
}

fn invalid_session(r: &Response) -> bool {
    let t = r.text();
    r.status.as_u16() == 401 || t.contains("Invalid Crumb") || t.contains("Invalid Cookie")
}

/// `GET path` on the query host with the session's cookie and `&crumb=`; the session is
/// renewed once when Yahoo calls it invalid. HTML (a consent or "will be right back" page)
/// and 429s become clear messages.
pub async fn get_json(ctx: &Ctx, path: &str, query: &[(&str, String)]) -> Result<Value, ToolError> {
    let state = ctx.state::<Yahoo>()?;
    let mut renew = false;
    loop {
        let s = session(ctx, state, renew).await?;
        let mut req = ctx.request(Method::GET, path);
        for (k, v) in query {
            req = req.query(k, v);
        }
        req = req.query("crumb", &s.crumb);
        if let Some(c) = &s.cookie {
            req = req.header("cookie", c);
        }
        let r = req.send_raw().await?;
        if !renew && invalid_session(&r) {
            renew = true;
            continue;
        }
        if !r.status.is_success() {
            return Err(blocked_or_error(&r, "the request"));
        }
        return r.json::<Value>().map_err(|_| html_answer(&r));
    }
}

fn html_answer(r: &Response) -> ToolError {
    let t = r.text();
    let what = if t.contains("consent") || t.contains("guce.yahoo") {
        "a cookie-consent page"
    } else if t.contains("Will be right back") {
        "a \"will be right back\" page (Yahoo Finance is down)"
    } else {
        "something that is not JSON"
    };
    ToolError::new(
        ErrorKind::Transport,
        format!("Yahoo Finance answered with {what} instead of data."),
    )
    .with_hint(BLOCKED_HINT)
}

fn blocked_or_error(r: &Response, what: &str) -> ToolError {
    let status = r.status.as_u16();
    if status == 429 || r.text().contains("Too Many Requests") {
        return ToolError::new(
            ErrorKind::RateLimited,
            format!("Yahoo Finance refused {what} with {status} Too Many Requests."),
        )
        .with_status(status)
        .with_hint(BLOCKED_HINT);
    }
    if r.json::<Value>().is_err() && status < 400 {
        return html_answer(r);
    }
    r.error()
}

/// Yahoo's error bodies: `{"chart": {"result": null, "error": {"code": "Not Found",
/// "description": "No data found, symbol may be delisted"}}}`, the same under
/// `quoteSummary`, `finance`, `optionChain` or `timeseries`.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let err = body.as_object().and_then(|m| {
        m.values()
            .find_map(|v| v.get("error").filter(|e| e.is_object()))
    });
    if let Some(e) = err {
        let s = |k: &str| e.get(k).and_then(Value::as_str).map(str::to_owned);
        let code = s("code");
        let hint = (code.as_deref() == Some("Not Found")).then(|| {
            "check the ticker symbol (Yahoo's spelling: BRK-B, ^GSPC, EURUSD=X, BTC-USD)."
                .to_owned()
        });
        return VendorError {
            code,
            message: s("description"),
            hint,
            ..VendorError::default()
        };
    }
    mcp_shared::default_error_parser(status, headers, body)
}

/// A ticker symbol as Yahoo spells them, checked.
pub fn ticker(t: &str) -> Result<String, ToolError> {
    let t = t.trim();
    if t.is_empty()
        || t.len() > 24
        || !t
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'^' | b'=' | b'_'))
    {
        return Err(ToolError::invalid_input(format!(
            "`ticker` must be a Yahoo Finance symbol such as AAPL, BRK-B, ^GSPC or EURUSD=X, not `{t}`."
        )));
    }
    Ok(t.to_ascii_uppercase())
}

/// A `YYYY-MM-DD` argument.
pub fn date(s: &str, name: &str) -> Result<NaiveDate, ToolError> {
    NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d").map_err(|_| {
        ToolError::invalid_input(format!("`{name}` must be a date as YYYY-MM-DD, not `{s}`."))
    })
}

/// Seconds since the epoch of a date's midnight UTC.
pub fn epoch(d: NaiveDate) -> i64 {
    d.and_hms_opt(0, 0, 0)
        .map_or(0, |t| t.and_utc().timestamp())
}

/// `YYYY-MM-DD` of an epoch second.
pub fn day(ts: i64) -> String {
    DateTime::from_timestamp(ts, 0).map_or_else(String::new, |t| t.format("%Y-%m-%d").to_string())
}

/// `YYYY-MM-DDTHH:MM:SSZ` of an epoch second.
pub fn instant(ts: i64) -> String {
    DateTime::from_timestamp(ts, 0)
        .map_or_else(String::new, |t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string())
}

/// A value with Yahoo's `{"raw": 1.5, "fmt": "1.50"}` wrapper removed.
pub fn raw(v: &Value) -> Value {
    match v.get("raw") {
        Some(r) => r.clone(),
        None => v.clone(),
    }
}

/// The fields of an object, raw values, null and empty wrappers left out.
pub fn pick_raw(v: &Value, keys: &[&str]) -> Map<String, Value> {
    let mut out = Map::new();
    for k in keys {
        if let Some(x) = v.get(*k) {
            let x = raw(x);
            if !x.is_null() && x != Value::Object(Map::new()) {
                out.insert((*k).to_owned(), x);
            }
        }
    }
    out
}

/// `result[0]` of `{"<root>": {"result": [...], "error": null}}`, or a clear error.
pub fn first_result<'a>(v: &'a Value, root: &str, symbol: &str) -> Result<&'a Value, ToolError> {
    v.get(root)
        .and_then(|r| r.get("result"))
        .and_then(|r| r.get(0))
        .ok_or_else(|| {
            ToolError::new(
                ErrorKind::Upstream,
                format!("Yahoo Finance has no data for `{symbol}`."),
            )
            .with_status(404)
            .with_hint(
                "check the ticker symbol (Yahoo's spelling: BRK-B, ^GSPC, EURUSD=X, BTC-USD).",
            )
        })
}

/// `quoteSummary` with these modules, as yfinance asks for it (`formatted=false`).
pub async fn quote_summary(ctx: &Ctx, symbol: &str, modules: &str) -> Result<Value, ToolError> {
    let v = get_json(
        ctx,
        &format!("/v10/finance/quoteSummary/{}", mcp_shared::seg(symbol)),
        &[
            ("modules", modules.to_owned()),
            ("corsDomain", "finance.yahoo.com".to_owned()),
            ("formatted", "false".to_owned()),
            ("symbol", symbol.to_owned()),
        ],
    )
    .await?;
    Ok(first_result(&v, "quoteSummary", symbol)?.clone())
}

/// Text cut to a length an agent can afford.
pub fn cap(s: &str, max: usize) -> String {
    mcp_shared::text::ellipsis(s, max)
}
