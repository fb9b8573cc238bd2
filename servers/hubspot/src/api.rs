//! What every HubSpot tool shares: CRM v3 object records (`id`, `properties`), `limit` +
//! `after` pages (`paging.next.after`, returned as `next_cursor`), the properties asked for
//! with `properties=`, and HubSpot's `{"status","message","correlationId","category"}`
//! error body with its rate-limit policies.

pub use mcp_shared::pagination::cursor;
use mcp_shared::reexports::http;
use mcp_shared::{Ctx, Method, ToolError, VendorError, seg_id};
use serde_json::{Map, Value, json};

pub use mcp_shared::Count;

/// Reads HubSpot's error body. The message keeps the correlation ID (HubSpot support asks
/// for it); a 429 names the limit that was hit (`policyName`) and the remaining quota from
/// the `X-HubSpot-RateLimit-*` headers; a 403 for scopes names the scopes required.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let s = |v: &Value, k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let mut message = s(body, "message").unwrap_or_default();
    // Details of a validation error (`errors[].message`), when they add to the message.
    if let Some(errs) = body.get("errors").and_then(Value::as_array) {
        for m in errs.iter().filter_map(|e| s(e, "message")).take(3) {
            if !message.contains(&m) {
                message = if message.is_empty() {
                    m
                } else {
                    format!("{message}; {m}")
                };
            }
        }
    }
    let header = |k: &str| headers.get(k).and_then(|v| v.to_str().ok()).map(str::trim);
    let policy = s(body, "policyName");
    let rate_limited = status == 429 || s(body, "errorType").as_deref() == Some("RATE_LIMIT");
    if rate_limited {
        let mut parts = Vec::new();
        if let Some(p) = &policy {
            parts.push(match p.as_str() {
                "DAILY" => "daily limit of the HubSpot account reached (it resets at midnight in the account's time zone)".to_owned(),
                "SECONDLY" | "TEN_SECONDLY_ROLLING" => {
                    "per-second limit reached: slow down and retry in a few seconds".to_owned()
                }
                other => format!("limit {other} reached"),
            });
        }
        if let Some(d) = header("x-hubspot-ratelimit-daily-remaining") {
            parts.push(format!("daily calls remaining {d}"));
        }
        if let (Some(r), Some(i)) = (
            header("x-hubspot-ratelimit-remaining"),
            header("x-hubspot-ratelimit-interval-milliseconds"),
        ) {
            parts.push(format!("{r} calls remaining in the current {i} ms window"));
        }
        if !parts.is_empty() {
            message = format!("{message} ({})", parts.join("; "));
        }
    }
    if let Some(c) = s(body, "correlationId") {
        message = format!("{message} [correlationId {c}]");
    }
    let scopes: Vec<String> = body
        .get("errors")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|e| e.get("context"))
        .flat_map(|c| {
            ["requiredGranularScopes", "requiredScopes"]
                .into_iter()
                .filter_map(|k| c.get(k).and_then(Value::as_array))
                .flatten()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect();
    let hint = (!scopes.is_empty()).then(|| {
        format!(
            "the token lacks a required scope; grant one of {} to the private app or OAuth app, then retry.",
            scopes.join(", ")
        )
    });
    VendorError {
        code: s(body, "category").or(policy),
        message: Some(message.trim().to_owned()).filter(|m| !m.is_empty()),
        hint,
        rate_limited,
        missing_scopes: None,
    }
}

/// The page size: HubSpot takes 1 to 100 on lists (200 on searches); 10 when not given.
pub fn page_size(limit: Option<Count>, max: u64) -> Result<u64, ToolError> {
    match limit.map(Count::get) {
        None => Ok(10),
        Some(n) if (1..=max).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "limit must be between 1 and {max} (got {n})"
        ))),
    }
}

/// `paging.next.after` of a page, or null on the last one.
pub fn next_cursor(v: &Value) -> Value {
    v.pointer("/paging/next/after")
        .cloned()
        .unwrap_or(Value::Null)
}

/// A CRM record as an agent needs it: id, the properties that have a value, dates, and
/// associated ids when the vendor included them.
pub fn record(v: &Value) -> Value {
    let mut out = Map::new();
    out.insert("id".into(), v.get("id").cloned().unwrap_or(Value::Null));
    let props: Map<String, Value> = v
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| {
            p.iter()
                .filter(|(k, v)| {
                    !v.is_null()
                        && v.as_str() != Some("")
                        && !matches!(
                            k.as_str(),
                            "hs_object_id"
                                | "createdate"
                                | "lastmodifieddate"
                                | "hs_lastmodifieddate"
                        )
                })
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect()
        })
        .unwrap_or_default();
    out.insert("properties".into(), Value::Object(props));
    for k in ["createdAt", "updatedAt", "archived", "url"] {
        if let Some(x) = v.get(k).filter(|x| !x.is_null()) {
            out.insert(k.into(), x.clone());
        }
    }
    if let Some(assoc) = v.get("associations").and_then(Value::as_object) {
        let ids: Map<String, Value> = assoc
            .iter()
            .map(|(k, a)| {
                let list: Vec<Value> = a
                    .get("results")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(|r| r.get("id").cloned())
                    .collect();
                (k.clone(), Value::Array(list))
            })
            .collect();
        out.insert("associations".into(), Value::Object(ids));
    }
    Value::Object(out)
}

/// A page of records: `items` and `next_cursor`.
pub fn records_page(v: &Value) -> Value {
    let items: Vec<Value> = v
        .get("results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(record)
        .collect();
    let mut out = json!({ "items": items, "next_cursor": next_cursor(v) });
    if let Some(t) = v.get("total") {
        out["total"] = t.clone();
    }
    out
}

/// The `properties` query value: the caller's list, or the defaults of the object type.
pub fn properties_query(given: Option<&[String]>, default: &str) -> String {
    match given {
        Some(p) if p.iter().any(|s| !s.trim().is_empty()) => p
            .iter()
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(","),
        _ => default.to_owned(),
    }
}

/// Parse a JSON object of property values given as text (Klavis passes a JSON string; an
/// object is taken as it is). HubSpot takes every value as a string: numbers and booleans
/// are sent as their text; null clears a property (sent as "").
pub fn property_values(raw: &Value, what: &str) -> Result<Map<String, Value>, ToolError> {
    let parsed = match raw {
        Value::String(s) => serde_json::from_str::<Value>(s).map_err(|e| {
            ToolError::invalid_input(format!(
                "{what} must be a JSON object of property names to values, such as {{\"email\": \"ada@example.com\", \"firstname\": \"Ada\"}} ({e})"
            ))
        })?,
        other => other.clone(),
    };
    // Klavis's prompts sometimes wrap the values as {"properties": {...}}.
    let obj = match parsed {
        Value::Object(mut m)
            if m.len() == 1 && m.get("properties").is_some_and(Value::is_object) =>
        {
            match m.remove("properties") {
                Some(Value::Object(p)) => p,
                _ => Map::new(),
            }
        }
        Value::Object(m) => m,
        _ => {
            return Err(ToolError::invalid_input(format!(
                "{what} must be a JSON object of property names to values, such as {{\"email\": \"ada@example.com\"}}"
            )));
        }
    };
    if obj.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "{what} is empty: give at least one property name and value"
        )));
    }
    let mut out = Map::new();
    for (k, v) in obj {
        let s = match v {
            Value::String(s) => s,
            Value::Null => String::new(),
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => n.to_string(),
            Value::Array(a) => a
                .iter()
                .map(|x| {
                    x.as_str()
                        .map(str::to_owned)
                        .unwrap_or_else(|| x.to_string())
                })
                .collect::<Vec<_>>()
                .join(";"),
            Value::Object(_) => {
                return Err(ToolError::invalid_input(format!(
                    "{what}: the value of {k:?} is an object; HubSpot property values are strings, numbers or booleans"
                )));
            }
        };
        out.insert(k, Value::String(s));
    }
    Ok(out)
}

/// A record id for a path segment: HubSpot's record ids are numeric.
pub fn id(v: &str, what: &str) -> Result<String, ToolError> {
    let id = seg_id(v, what)?;
    if !id.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ToolError::invalid_input(format!(
            "{what} must be a HubSpot record id, digits such as 512 (got {:?}); to find a record by email or name use hubspot_search_by_property",
            v.trim()
        )));
    }
    Ok(id)
}

/// `DELETE path` (HubSpot answers 204).
pub async fn delete(ctx: &Ctx, path: &str) -> Result<(), ToolError> {
    ctx.authorized(Method::DELETE, path)?.send().await?;
    Ok(())
}
