//! What every Close tool shares: `_skip`/`_limit` pages (`{"data": [...], "has_more"}`),
//! returned as `items` + `next_cursor`; the fields kept in results; Close's error bodies
//! (`{"error": "..."}` or `{"errors": [...], "field-errors": {...}}`).

use mcp_shared::json::pick;
use mcp_shared::reexports::http;
use mcp_shared::{Ctx, Method, ToolError, VendorError, seg_id};
use serde_json::{Map, Value, json};

pub use mcp_shared::Count;

/// Reads Close's error bodies; a 429 says when to retry (`rate_reset`, seconds).
pub fn parse_error(status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let mut parts: Vec<String> = Vec::new();
    match body.get("error") {
        Some(Value::String(s)) if !s.trim().is_empty() => parts.push(s.trim().to_owned()),
        Some(Value::Object(o)) => {
            if let Some(m) = o.get("message").and_then(Value::as_str) {
                parts.push(m.to_owned());
            }
        }
        _ => {}
    }
    if let Some(errs) = body.get("errors").and_then(Value::as_array) {
        parts.extend(errs.iter().map(|e| match e {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        }));
    }
    if let Some(fields) = body.get("field-errors").and_then(Value::as_object) {
        parts.extend(fields.iter().map(|(k, v)| {
            let msg = match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            format!("{k}: {msg}")
        }));
    }
    let hint = match status {
        429 => body
            .get("error")
            .and_then(|e| e.get("rate_reset"))
            .or_else(|| body.get("rate_reset"))
            .and_then(Value::as_f64)
            .map(|s| format!("Close rate limit reached; retry after {} s.", s.ceil())),
        400 if body.get("field-errors").is_some() => {
            Some("fix the named fields and call again.".to_owned())
        }
        _ => None,
    };
    VendorError {
        code: None,
        message: (!parts.is_empty()).then(|| parts.join("; ")),
        hint,
        rate_limited: false,
        missing_scopes: None,
    }
}

/// An id for a path segment.
pub fn id(v: &str, what: &str) -> Result<String, ToolError> {
    seg_id(v, what)
}

/// The page size: 1 to 100 (25 when not given).
pub fn page_size(limit: Option<Count>) -> Result<u64, ToolError> {
    match limit.map(Count::get) {
        None => Ok(25),
        Some(n @ 1..=100) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "limit must be between 1 and 100 (got {n})"
        ))),
    }
}

/// Where a page starts: `cursor` (our `next_cursor`) or Klavis's `skip`.
pub fn offset(skip: Option<Count>, cursor: Option<&str>) -> Result<u64, ToolError> {
    match cursor.map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) => c.parse().map_err(|_| {
            ToolError::invalid_input(format!(
                "cursor must be the next_cursor of a previous page (got {c:?})"
            ))
        }),
        None => Ok(skip.map(Count::get).unwrap_or(0)),
    }
}

/// One page of `GET path`: the items (trimmed to `fields`) and `next_cursor` (null on the
/// last page).
pub async fn list(
    ctx: &Ctx,
    path: &str,
    mut query: Vec<(&str, String)>,
    limit: Option<Count>,
    skip: Option<Count>,
    cursor: Option<&str>,
    fields: &[&str],
) -> Result<Value, ToolError> {
    let size = page_size(limit)?;
    let start = offset(skip, cursor)?;
    query.push(("_limit", size.to_string()));
    if start > 0 {
        query.push(("_skip", start.to_string()));
    }
    let v = get_raw(ctx, path, &query).await?;
    let items = trim_all(&v, fields);
    let more = v.get("has_more").and_then(Value::as_bool).unwrap_or(false);
    let n = items.as_array().map_or(0, Vec::len) as u64;
    Ok(json!({
        "items": items,
        "next_cursor": if more { json!((start + n.max(1)).to_string()) } else { Value::Null },
    }))
}

/// The `data` items of an answer, each trimmed to `fields`.
pub fn trim_all(v: &Value, fields: &[&str]) -> Value {
    Value::Array(
        v.get("data")
            .and_then(Value::as_array)
            .map(|a| a.iter().map(|i| trim(i, fields)).collect())
            .unwrap_or_default(),
    )
}

/// An object trimmed to `fields` (absent ones left out).
pub fn trim(v: &Value, fields: &[&str]) -> Value {
    let mut p = pick(v, fields);
    if let Some(o) = p.as_object_mut() {
        o.retain(|_, v| !v.is_null());
    }
    p
}

/// `GET path` with this query.
pub async fn get_raw(ctx: &Ctx, path: &str, query: &[(&str, String)]) -> Result<Value, ToolError> {
    let mut req = ctx.authorized(Method::GET, path)?;
    for (k, v) in query {
        req = req.query(k, v);
    }
    req.send_json().await
}

/// `GET path`, trimmed to `fields`.
pub async fn get(ctx: &Ctx, path: &str, fields: &[&str]) -> Result<Value, ToolError> {
    Ok(trim(&get_raw(ctx, path, &[]).await?, fields))
}

/// `POST path` with this body (never retried once sent), trimmed to `fields`.
pub async fn create(
    ctx: &Ctx,
    path: &str,
    query: &[(&str, String)],
    body: Map<String, Value>,
    fields: &[&str],
) -> Result<Value, ToolError> {
    let mut req = ctx
        .authorized(Method::POST, path)?
        .json(&Value::Object(body));
    for (k, v) in query {
        req = req.query(k, v);
    }
    let v: Value = req.send_json().await?;
    Ok(trim(&v, fields))
}

/// `PUT path` with the fields to change (a partial update in Close), trimmed to `fields`.
pub async fn update(
    ctx: &Ctx,
    path: &str,
    body: Map<String, Value>,
    fields: &[&str],
) -> Result<Value, ToolError> {
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one field to change",
        ));
    }
    let v: Value = ctx
        .authorized(Method::PUT, path)?
        .json(&Value::Object(body))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(trim(&v, fields))
}

/// `DELETE path`: `{"deleted": id}`.
pub async fn delete(ctx: &Ctx, path: &str, id: &str) -> Result<Value, ToolError> {
    let _: Value = ctx.authorized(Method::DELETE, path)?.send_json().await?;
    Ok(json!({ "deleted": id }))
}

/// Finds up to `limit` items of `GET path` whose text contains `query` (case-insensitive),
/// reading at most `MAX_SCAN_PAGES` pages of 100, newest first.
pub async fn scan(
    ctx: &Ctx,
    path: &str,
    query: &str,
    limit: Option<Count>,
    fields: &[&str],
) -> Result<Value, ToolError> {
    const MAX_SCAN_PAGES: u64 = 5;
    let needle = mcp_shared::non_empty(query, "query")?.to_lowercase();
    let want = page_size(limit)? as usize;
    let mut found = Vec::new();
    let mut scanned = 0u64;
    let mut more = true;
    let mut page = 0;
    while more && found.len() < want && page < MAX_SCAN_PAGES {
        let mut q = vec![("_limit", "100".to_owned())];
        if scanned > 0 {
            q.push(("_skip", scanned.to_string()));
        }
        let v = get_raw(ctx, path, &q).await?;
        let items = v
            .get("data")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        scanned += items.len() as u64;
        more = v.get("has_more").and_then(Value::as_bool).unwrap_or(false) && !items.is_empty();
        for i in &items {
            if found.len() < want && i.to_string().to_lowercase().contains(&needle) {
                found.push(trim(i, fields));
            }
        }
        page += 1;
    }
    let mut out = json!({ "items": found, "scanned": scanned });
    if more && found.len() < want {
        out["note"] = json!(format!(
            "stopped after the {scanned} most recent items; narrow with lead_id using the list tool"
        ));
    }
    Ok(out)
}

/// `POST /data/search/` (Advanced Filtering) for leads or contacts matching `queries`;
/// the items and the next cursor.
pub async fn data_search(
    ctx: &Ctx,
    object_type: &str,
    mut queries: Vec<Value>,
    limit: Option<Count>,
    cursor: Option<&str>,
    fields: &[&str],
) -> Result<Value, ToolError> {
    queries.insert(
        0,
        json!({"type": "object_type", "object_type": object_type}),
    );
    let mut body = json!({
        "query": {"type": "and", "queries": queries},
        "_limit": page_size(limit)?,
        "_fields": {object_type: fields},
    });
    if let Some(c) = cursor.map(str::trim).filter(|c| !c.is_empty()) {
        body["cursor"] = json!(c);
    }
    let v: Value = ctx
        .authorized(Method::POST, "/data/search/")?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(json!({
        "items": trim_all(&v, fields),
        "next_cursor": v.get("cursor").cloned().unwrap_or(Value::Null),
    }))
}

/// A full-text query: objects with words starting with `value` in any field (as in
/// Close's search box).
pub fn text_query(value: &str) -> Value {
    json!({"type": "text", "mode": "beginning_of_words", "value": value})
}

/// A condition that a reference field is one of these ids.
pub fn reference_condition(
    object_type: &str,
    field: &str,
    reference_type: &str,
    id: &str,
) -> Value {
    json!({
        "type": "field_condition",
        "field": {"type": "regular_field", "object_type": object_type, "field_name": field},
        "condition": {"type": "reference", "reference_type": reference_type, "object_ids": [id]},
    })
}
