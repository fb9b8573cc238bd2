//! What every Attio tool shares: the `{"data": ...}` envelope, `limit` + `offset` pages
//! (returned as `next_cursor`), concise records (each attribute's current values reduced to
//! plain values) and Attio's `{"status_code","type","code","message"}` error body.

use mcp_shared::{Int, ToolError};
use serde_json::{Map, Value, json};

/// Attio's error body: `{"status_code", "type", "code", "message"}` (`code` such as
/// `value_not_found`, `message` saying which value).
pub static ERRORS: mcp_shared::ErrorShape = mcp_shared::ErrorShape {
    message: &["/message"],
    code: &["/code", "/type"],
    status_hints: &[(
        403,
        "the API key or OAuth token lacks a scope this call needs; add it under Workspace settings > Developers in Attio.",
    )],
    ..mcp_shared::ErrorShape::NONE
};

/// The page: `limit` (1..=max, `default` when not given) and the offset from `cursor` (the
/// `next_cursor` of the previous page) or Klavis's `offset`.
pub fn page(
    limit: Option<Int>,
    cursor: Option<&str>,
    offset: Option<Int>,
    default: u64,
    max: u64,
) -> Result<(u64, u64), ToolError> {
    let limit = mcp_shared::pagination::page_size(limit.map(Int::get), default, max, "limit")?;
    let offset = match mcp_shared::pagination::offset_cursor(cursor)? {
        Some(skip) => skip,
        None => offset.map_or(0, Int::get),
    };
    Ok((limit, offset))
}

/// The items and the next cursor: null when the page was not full.
pub fn paged(items: Vec<Value>, fetched: usize, limit: u64, offset: u64) -> Value {
    let next = if fetched as u64 >= limit {
        json!((offset + limit).to_string())
    } else {
        Value::Null
    };
    json!({ "items": items, "next_cursor": next })
}

/// The `data` member of an answer.
pub fn data(mut v: Value) -> Value {
    match v.get_mut("data") {
        Some(d) => d.take(),
        None => v,
    }
}

/// One attribute value as a plain value: the text, number, name, email, domain, phone,
/// option or status title, currency amount, or referenced record.
fn plain(v: &Value) -> Value {
    const KEYS: &[&str] = &[
        "full_name",
        "email_address",
        "domain",
        "original_phone_number",
        "currency_value",
        "value",
    ];
    for k in KEYS {
        if let Some(x) = v.get(*k).filter(|x| !x.is_null()) {
            return x.clone();
        }
    }
    for k in ["option", "status"] {
        if let Some(t) = v.get(k).and_then(|o| o.get("title")) {
            return t.clone();
        }
    }
    if let Some(id) = v.get("target_record_id") {
        return json!({"object": v.get("target_object"), "record_id": id});
    }
    if let Some(id) = v.get("referenced_actor_id") {
        return id.clone();
    }
    let mut m = v.as_object().cloned().unwrap_or_default();
    for k in [
        "active_from",
        "active_until",
        "created_by_actor",
        "attribute_type",
    ] {
        m.remove(k);
    }
    Value::Object(m)
}

/// A record: its id, URL, creation time and non-empty attributes (one value, or a list
/// for multi-value attributes).
pub fn record(r: &Value) -> Value {
    let mut values = Map::new();
    if let Some(vs) = r.get("values").and_then(Value::as_object) {
        for (k, arr) in vs {
            let items: Vec<Value> = arr
                .as_array()
                .map(|a| a.iter().map(plain).collect())
                .unwrap_or_default();
            match items.len() {
                0 => {}
                1 => {
                    values.insert(k.clone(), items.into_iter().next().unwrap_or_default());
                }
                _ => {
                    values.insert(k.clone(), Value::Array(items));
                }
            }
        }
    }
    json!({
        "record_id": r.pointer("/id/record_id"),
        "web_url": r.get("web_url"),
        "created_at": r.get("created_at"),
        "values": values,
    })
}
