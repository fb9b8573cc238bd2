//! What every Moneybird tool shares: paths under `/{administration_id}/…json`, ids as digit
//! strings (64-bit integers that JSON clients would round), `page` + `per_page` pages behind
//! `limit` + `cursor`, the `filter=key:value,…` syntax, and Moneybird's error bodies
//! (`{"error": "…", "symbolic": {…}}` or `{"error": {field: [msgs]}, "details": {…}}`).

use mcp_shared::reexports::http;
use mcp_shared::{Count, Ctx, Method, ToolError, VendorError};
use serde_json::{Map, Value, json};

/// Reads Moneybird's error body: the message (a string, or each field with its messages)
/// and the symbolic codes (`symbolic` or `details`) as the code.
pub fn parse_error(status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let message = match body.get("error") {
        Some(Value::String(s)) => Some(s.trim().to_owned()),
        Some(Value::Object(fields)) => Some(
            fields
                .iter()
                .map(|(f, msgs)| format!("{f} {}", join_texts(msgs)))
                .collect::<Vec<_>>()
                .join("; "),
        ),
        _ => body
            .get("message")
            .and_then(Value::as_str)
            .map(|s| s.trim().to_owned()),
    }
    .filter(|s| !s.is_empty());
    let code = symbolic(body.get("symbolic")).or_else(|| symbolic(body.get("details")));
    let hint = match status {
        401 => Some("the API token is invalid or revoked; create one in Moneybird under Settings > Developers (or renew the OAuth token).".to_owned()),
        402 => Some("the administration's Moneybird plan does not allow this (e.g. the monthly sales invoice limit of a free plan).".to_owned()),
        403 => Some("the token lacks the scope this call needs (sales_invoices, settings, time_entries, documents, estimates or bank).".to_owned()),
        404 => Some("no such record, or the token has no access to this administration: moneybird_list_administrations lists the ones it has.".to_owned()),
        _ => None,
    };
    VendorError {
        code,
        message,
        hint,
        ..VendorError::default()
    }
}

/// A list of messages (`["is required"]`, `[{"error": "not_in_future"}]`) as one text.
fn join_texts(v: &Value) -> String {
    let one = |x: &Value| match x {
        Value::String(s) => s.clone(),
        Value::Object(m) => m
            .get("error")
            .and_then(Value::as_str)
            .map_or_else(|| x.to_string(), str::to_owned),
        other => other.to_string(),
    };
    match v {
        Value::Array(a) => a.iter().map(one).collect::<Vec<_>>().join(", "),
        other => one(other),
    }
}

/// `symbolic` (`{field: code}`) or `details` (`{field: [{"error": code}]}`) as
/// `field: code, …`.
fn symbolic(v: Option<&Value>) -> Option<String> {
    let m = v?.as_object()?;
    let s = m
        .iter()
        .map(|(f, c)| format!("{f}: {}", join_texts(c)))
        .collect::<Vec<_>>()
        .join(", ");
    (!s.is_empty()).then_some(s)
}

/// A Moneybird id argument: digits only (kept as a string; never a number).
pub fn id(v: &str, what: &str) -> Result<String, ToolError> {
    let v = v.trim();
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a Moneybird id: digits only, as a string (e.g. \"458026356994737217\"), got {v:?}"
        )));
    }
    Ok(v.to_owned())
}

/// `/{administration_id}/{rest}.json`; the administration id is checked.
pub fn admin_path(administration_id: &str, rest: &str) -> Result<String, ToolError> {
    Ok(format!(
        "/{}/{rest}.json",
        id(administration_id, "administration_id")?
    ))
}

/// The page: `per_page` from `limit` (1..=100, default 50) and the page number from `cursor`
/// (the `next_cursor` of a previous page) or Klavis's `page`.
pub fn page(
    limit: Option<Count>,
    cursor: Option<&str>,
    page: Option<Count>,
) -> Result<(u64, u64), ToolError> {
    let per_page = match limit.map(Count::get) {
        None => 50,
        Some(n) if (1..=100).contains(&n) => n,
        Some(n) => {
            return Err(ToolError::invalid_input(format!(
                "limit must be between 1 and 100 (got {n})"
            )));
        }
    };
    let page = match cursor.map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) => c.parse::<u64>().ok().filter(|p| *p >= 1).ok_or_else(|| {
            ToolError::invalid_input(format!(
                "cursor must be the next_cursor of a previous page (got {c:?})"
            ))
        })?,
        None => match page.map(Count::get) {
            None => 1,
            Some(0) => return Err(ToolError::invalid_input("page starts at 1")),
            Some(p) => p,
        },
    };
    Ok((per_page, page))
}

/// Moneybird's `filter` value from the terms that have a value: `key:value,key:value`.
/// A value may hold `|` (several states) but not `,`, which would start another term.
pub fn filter(terms: &[(&str, Option<&str>)]) -> Result<Option<String>, ToolError> {
    let mut out = Vec::new();
    for (k, v) in terms {
        let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) else {
            continue;
        };
        if v.contains(',') {
            return Err(ToolError::invalid_input(format!(
                "`{k}` cannot contain a comma (separate several values with `|`)"
            )));
        }
        out.push(format!("{k}:{v}"));
    }
    Ok((!out.is_empty()).then(|| out.join(",")))
}

/// GET one page of a list: `page` and `per_page` added to `req`; returns the items (each
/// through `concise`) and `next_cursor`, the next page from the `Link` header (null on the
/// last page).
pub async fn list_page(
    req: mcp_shared::Request,
    per_page: u64,
    page: u64,
    concise: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let resp = req
        .query("page", page)
        .query("per_page", per_page)
        .send()
        .await?;
    let mut v: Value = resp.json()?;
    ids_as_strings(&mut v);
    let items: Vec<Value> = v
        .as_array()
        .map(|a| a.iter().map(concise).collect())
        .unwrap_or_default();
    let next = match resp.header("link") {
        Some(_) => resp.link_param("next", "page").map(Value::String),
        // Without a Link header: a full page may have a next one.
        None => (items.len() as u64 >= per_page).then(|| json!((page + 1).to_string())),
    };
    Ok(json!({ "items": items, "next_cursor": next.unwrap_or(Value::Null) }))
}

/// GET a whole (unpaginated) list.
pub async fn list_all(
    ctx: &Ctx,
    path: &str,
    concise: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let mut v: Value = ctx.authorized(Method::GET, path)?.send_json().await?;
    ids_as_strings(&mut v);
    let items: Vec<Value> = v
        .as_array()
        .map(|a| a.iter().map(concise).collect())
        .unwrap_or_default();
    Ok(json!({ "items": items }))
}

/// GET or POST one object; ids in the answer made strings.
pub async fn send_one(req: mcp_shared::Request) -> Result<Value, ToolError> {
    let mut v: Value = req.send_json().await?;
    ids_as_strings(&mut v);
    Ok(v)
}

/// Ids (`id`, `*_id`, `*_ids`) that came as JSON numbers become strings, at any depth, so
/// that no client rounds them (Moneybird's ids exceed 2^53; some answers give numbers).
pub fn ids_as_strings(v: &mut Value) {
    match v {
        Value::Object(m) => {
            for (k, x) in m.iter_mut() {
                let is_id = k == "id" || k.ends_with("_id") || k.ends_with("_ids");
                match x {
                    Value::Number(n) if is_id => *x = Value::String(n.to_string()),
                    Value::Array(a) if is_id => {
                        for e in a.iter_mut() {
                            if let Value::Number(n) = e {
                                *e = Value::String(n.to_string());
                            }
                        }
                    }
                    _ => ids_as_strings(x),
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(ids_as_strings),
        _ => {}
    }
}

/// The body `{wrapper: object}` from the caller's object, which may be the fields
/// themselves or already wrapped. Its keys are checked against Moneybird's (`allowed`, from
/// its OpenAPI description: it refuses others); fractional JSON numbers become decimal
/// strings, so amounts stay exact.
pub fn body(
    mut m: Map<String, Value>,
    wrapper: &str,
    arg: &str,
    allowed: &[&str],
) -> Result<Value, ToolError> {
    if m.len() == 1
        && m.get(wrapper).is_some_and(Value::is_object)
        && let Some(Value::Object(inner)) = m.remove(wrapper)
    {
        m = inner;
    }
    if m.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` has no fields; give at least one of: {}",
            allowed.join(", ")
        )));
    }
    if let Some(bad) = m.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` has a field Moneybird does not accept: `{bad}`; use: {}",
            allowed.join(", ")
        )));
    }
    let mut inner = Value::Object(m);
    decimals_as_strings(&mut inner);
    ids_as_strings(&mut inner);
    let mut out = Map::new();
    out.insert(wrapper.to_owned(), inner);
    Ok(Value::Object(out))
}

/// Fractional numbers (prices given as `12.5`) as decimal strings (`"12.5"`).
fn decimals_as_strings(v: &mut Value) {
    match v {
        Value::Number(n) if n.is_f64() => *v = Value::String(n.to_string()),
        Value::Object(m) => m.values_mut().for_each(decimals_as_strings),
        Value::Array(a) => a.iter_mut().for_each(decimals_as_strings),
        _ => {}
    }
}
