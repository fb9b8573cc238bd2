//! The GraphQL client every GraphQL vendor goes through (GitHub, Linear, monday.com, Shopify):
//! one call with variables; `errors[]` in a response, whatever its status, becomes a clear
//! tool error with the vendor's message, code and path; queries are retried like GETs,
//! mutations never after they may have run; throttling the vendor reports inside the body
//! (Shopify's `extensions.cost`, monday's `retry_in_seconds`, Linear's `RATELIMITED` with its
//! reset headers) is waited out like `Retry-After`, within the same attempts and deadline.
//! [`relay_page`] reads Relay-style connections for list tools' `limit` + `cursor`.

use std::time::{Duration, SystemTime};

use serde_json::{Value, json};

use crate::error::{ErrorKind, ToolError};
use crate::upstream::{Request, Response};

/// Whether a GraphQL document is a mutation (anything else, `query` or `{ ... }`, is a read).
pub fn is_mutation(document: &str) -> bool {
    let mut rest = document.trim_start();
    // Skip leading `#` comments.
    while let Some(r) = rest.strip_prefix('#') {
        rest = r
            .split_once('\n')
            .map(|(_, t)| t)
            .unwrap_or("")
            .trim_start();
    }
    rest.starts_with("mutation") || rest.starts_with("subscription")
}

/// Run `document` (named `operation`) with `variables` on `req` (an authorized POST to the
/// vendor's GraphQL endpoint) and return its `data`.
pub async fn execute(
    req: Request,
    operation: &str,
    document: &str,
    variables: Value,
) -> Result<Value, ToolError> {
    let mutation = is_mutation(document);
    let resp = req
        .json(&json!({ "query": document, "operationName": operation, "variables": variables }))
        .idempotent(!mutation)
        .retry_when(throttled)
        .send_raw()
        .await?;
    let body: Option<Value> = serde_json::from_slice(&resp.body).ok();
    if let Some(e) = body.as_ref().and_then(|b| errors_of(&resp, b, operation)) {
        return Err(e);
    }
    if !resp.status.is_success() {
        return Err(resp.error());
    }
    let body = body.ok_or_else(|| {
        ToolError::transport(format!(
            "{} answered {operation} with a body that is not JSON.",
            resp.vendor()
        ))
        .with_hint("the API may have changed or a proxy answered instead; retry later.")
    })?;
    Ok(body.get("data").cloned().unwrap_or(Value::Null))
}

/// The error codes vendors use for "throttled, not run".
const THROTTLE_CODES: &[&str] = &[
    "THROTTLED",
    "RATELIMITED",
    "RATE_LIMITED",
    "COMPLEXITY_BUDGET_EXHAUSTED",
    "ComplexityException",
    "RATE_LIMIT_EXCEEDED",
];

/// The code of one error: `extensions.code`, else GitHub's `type`.
fn code_of(e: &Value) -> Option<&str> {
    e.pointer("/extensions/code")
        .or_else(|| e.get("type"))
        .and_then(Value::as_str)
}

fn error_list(body: &Value) -> Option<&Vec<Value>> {
    body.get("errors")
        .and_then(Value::as_array)
        .filter(|e| !e.is_empty())
}

/// Whether the vendor says this response was throttled, and how long it asks to wait.
/// `Some(ZERO)` when it was throttled without saying for how long (the backoff decides).
pub fn throttled(resp: &Response) -> Option<Duration> {
    let body: Value = serde_json::from_slice(&resp.body).ok()?;
    let legacy = body.get("error_code").and_then(Value::as_str);
    let errors = error_list(&body);
    let hit = legacy.is_some_and(|c| THROTTLE_CODES.contains(&c))
        || errors.is_some_and(|list| {
            list.iter()
                .any(|e| code_of(e).is_some_and(|c| THROTTLE_CODES.contains(&c)))
        });
    if !hit {
        return None;
    }
    // monday.com: `extensions.retry_in_seconds`; its legacy body says "reset in N seconds".
    let in_errors = errors.and_then(|list| {
        list.iter().find_map(|e| {
            e.pointer("/extensions/retry_in_seconds")
                .and_then(Value::as_f64)
        })
    });
    if let Some(s) = in_errors.filter(|s| s.is_finite() && *s >= 0.0) {
        return Some(Duration::from_secs_f64(s.min(3600.0)));
    }
    if let Some(msg) = body.get("error_message").and_then(Value::as_str)
        && let Some(s) = msg
            .split("reset in ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse::<f64>().ok())
    {
        return Some(Duration::from_secs_f64(s.clamp(0.0, 3600.0)));
    }
    // Shopify: the cost still missing over the restore rate.
    if let Some(cost) = body.pointer("/extensions/cost") {
        let requested = cost.get("requestedQueryCost").and_then(Value::as_f64);
        let available = cost
            .pointer("/throttleStatus/currentlyAvailable")
            .and_then(Value::as_f64);
        let rate = cost
            .pointer("/throttleStatus/restoreRate")
            .and_then(Value::as_f64);
        if let (Some(req), Some(avail), Some(rate)) = (requested, available, rate)
            && rate > 0.0
        {
            return Some(Duration::from_secs_f64(
                ((req - avail) / rate).clamp(0.0, 3600.0),
            ));
        }
    }
    // Linear: the reset time of the exhausted budget, in epoch milliseconds.
    for h in [
        "x-ratelimit-requests-reset",
        "x-ratelimit-complexity-reset",
        "x-ratelimit-endpoint-requests-reset",
    ] {
        let remaining = h.replace("-reset", "-remaining");
        if resp.header(&remaining).map(str::trim) == Some("0")
            && let Some(ms) = resp.header(h).and_then(|v| v.trim().parse::<f64>().ok())
        {
            let now = SystemTime::now()
                .duration_since(SystemTime::UNIX_EPOCH)
                .map(|d| d.as_secs_f64() * 1000.0)
                .unwrap_or(0.0);
            return Some(Duration::from_secs_f64(
                ((ms - now) / 1000.0).clamp(0.0, 3600.0),
            ));
        }
    }
    Some(resp.retry_after().unwrap_or(Duration::ZERO))
}

/// The tool error for a response with GraphQL errors, if it has any.
fn errors_of(resp: &Response, body: &Value, operation: &str) -> Option<ToolError> {
    let vendor = resp.vendor();
    let (messages, code, path) = match error_list(body) {
        Some(list) => {
            let messages: Vec<String> = list
                .iter()
                .filter_map(|e| {
                    e.get("message")
                        .and_then(Value::as_str)
                        .or_else(|| e.as_str())
                        .map(str::to_owned)
                })
                .collect();
            let code = list.iter().find_map(code_of).map(str::to_owned);
            let path = list.iter().find_map(|e| {
                let p = e.get("path")?.as_array()?;
                Some(
                    p.iter()
                        .map(|s| match s {
                            Value::String(s) => s.clone(),
                            other => other.to_string(),
                        })
                        .collect::<Vec<_>>()
                        .join("."),
                )
            });
            (messages, code, path)
        }
        // monday.com's legacy error body.
        None => {
            let code = body.get("error_code").and_then(Value::as_str)?;
            let msg = body
                .get("error_message")
                .and_then(Value::as_str)
                .unwrap_or(code);
            (vec![msg.to_owned()], Some(code.to_owned()), None)
        }
    };
    let is_throttled = code.as_deref().is_some_and(|c| THROTTLE_CODES.contains(&c));
    let mut message = format!("{vendor} GraphQL error");
    if let Some(c) = &code {
        message.push_str(&format!(" ({c})"));
    }
    message.push_str(&format!(" in {operation}"));
    if let Some(p) = path.filter(|p| !p.is_empty()) {
        message.push_str(&format!(" at `{p}`"));
    }
    let text = if messages.is_empty() {
        "no message".to_owned()
    } else {
        messages.join("; ")
    };
    message.push_str(&format!(": {}.", text.trim_end_matches('.')));
    let kind = if is_throttled {
        ErrorKind::RateLimited
    } else {
        ErrorKind::Upstream
    };
    let mut err = ToolError::new(kind, message);
    if resp.status.as_u16() != 200 {
        err = err.with_status(resp.status.as_u16());
    }
    if let Some(c) = code.clone() {
        err = err.with_code(c);
    }
    let hint = if is_throttled {
        let wait = self::throttled(resp);
        Some(match wait {
            Some(d) if d > Duration::ZERO => format!(
                "rate limited by {vendor}: retry after {} s.",
                d.as_secs().max(1)
            ),
            _ => format!("rate limited by {vendor}: wait and retry later."),
        })
    } else {
        match code.as_deref().map(str::to_ascii_uppercase).as_deref() {
            Some("NOT_FOUND" | "ENTITY_NOT_FOUND" | "RESOURCENOTFOUNDEXCEPTION") => Some(
                "not found, or the token has no access to it: check the identifiers.".to_owned(),
            ),
            Some(
                "FORBIDDEN" | "INSUFFICIENT_SCOPES" | "ACCESS_DENIED" | "USERUNAUTHORIZEDEXCEPTION",
            ) => Some(
                "the token lacks a permission or scope for this operation.".to_owned(),
            ),
            Some("UNAUTHENTICATED" | "AUTHENTICATION_ERROR") => Some(
                "the token is missing, invalid or expired: supply a fresh token in x-auth-data (or AUTH_DATA).".to_owned(),
            ),
            Some("GRAPHQL_VALIDATION_FAILED" | "BAD_USER_INPUT" | "INVALID_INPUT") => Some(
                "the vendor rejected the arguments: check them against the tool's schema.".to_owned(),
            ),
            _ => None,
        }
    };
    if let Some(h) = hint {
        err = err.with_hint(h);
        err.generic_hint = !is_throttled;
    }
    Some(err)
}

/// A page of a Relay connection (`{ nodes | edges { node }, pageInfo { hasNextPage
/// endCursor } }`): its items, and the cursor of the next page (`None` on the last).
pub fn relay_page(connection: &Value) -> (Vec<Value>, Option<String>) {
    let items = match connection.get("nodes").and_then(Value::as_array) {
        Some(nodes) => nodes.clone(),
        None => connection
            .get("edges")
            .and_then(Value::as_array)
            .map(|edges| {
                edges
                    .iter()
                    .filter_map(|e| e.get("node").cloned())
                    .collect()
            })
            .unwrap_or_default(),
    };
    let info = connection.get("pageInfo");
    let more = info
        .and_then(|i| i.get("hasNextPage"))
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let next = info
        .and_then(|i| i.get("endCursor"))
        .and_then(Value::as_str)
        .filter(|c| more && !c.is_empty())
        .map(str::to_owned);
    (items, next)
}

/// The Relay arguments for a list tool's `limit` and `cursor`: `first` (the limit, capped at
/// `max`, `default` when absent) and `after`.
pub fn relay_args(limit: Option<u64>, cursor: Option<&str>, default: u64, max: u64) -> Value {
    let first = limit.unwrap_or(default).clamp(1, max.max(1));
    json!({ "first": first, "after": cursor.filter(|c| !c.is_empty()) })
}

/// [`relay_args`] as variables to merge into a query's own: `after` left out on the first page
/// (vendors that declare `$after: String` take a missing variable, not always a `null`).
pub fn relay_vars(
    limit: Option<u64>,
    cursor: Option<&str>,
    default: u64,
    max: u64,
) -> serde_json::Map<String, Value> {
    match relay_args(limit, cursor, default, max) {
        Value::Object(mut m) => {
            if m.get("after").is_some_and(Value::is_null) {
                m.remove("after");
            }
            m
        }
        _ => serde_json::Map::new(),
    }
}

/// A list tool's result from a Relay connection: `key` holds its items shaped by `f`, and
/// `next_cursor` the cursor of the next page when there is one.
pub fn relay_list(connection: Option<&Value>, key: &str, f: fn(&Value) -> Value) -> Value {
    let (items, next) = connection.map(relay_page).unwrap_or_default();
    let items: Vec<Value> = items.iter().map(f).collect();
    let mut out = json!({ key: items });
    if let Some(n) = next {
        out["next_cursor"] = json!(n);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_are_recognised() {
        assert!(is_mutation("  mutation Create($x: Int) { a }"));
        assert!(is_mutation("# create\nmutation { a }"));
        assert!(!is_mutation("query Q { a }"));
        assert!(!is_mutation("{ viewer { login } }"));
    }

    #[test]
    fn relay_pages() {
        let c = json!({"nodes": [{"id": 1}], "pageInfo": {"hasNextPage": true, "endCursor": "c1"}});
        assert_eq!(relay_page(&c), (vec![json!({"id": 1})], Some("c1".into())));
        let c = json!({"edges": [{"node": {"id": 2}}], "pageInfo": {"hasNextPage": false, "endCursor": "c2"}});
        assert_eq!(relay_page(&c), (vec![json!({"id": 2})], None));
        assert_eq!(
            relay_args(Some(500), Some("x"), 50, 100),
            json!({"first": 100, "after": "x"})
        );
        assert_eq!(
            relay_args(None, Some(""), 50, 100),
            json!({"first": 50, "after": null})
        );
    }
}
