//! What every Affinity tool shares: v2 pages (`limit` + `cursor`, the next cursor read from
//! `pagination.nextUrl`), v1 pages (`page_size` + `page_token` → `next_page_token`), field
//! selection, concise field values, and the error bodies of both versions.

use mcp_shared::reexports::http;
use mcp_shared::upstream::query_param;
use mcp_shared::{Count, Ctx, Method, ToolError, VendorError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// Reads v2's `{"errors":[{"code","message"}]}` and v1's `{"errors":[...]}`, `{"message"}`
/// or `{"error"}`.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let text = |v: &Value| -> Option<String> {
        match v {
            Value::String(s) => Some(s.trim().to_owned()),
            Value::Object(_) => v
                .get("message")
                .and_then(Value::as_str)
                .map(|s| s.trim().to_owned()),
            _ => None,
        }
        .filter(|s| !s.is_empty())
    };
    let errors: Vec<&Value> = body
        .get("errors")
        .and_then(Value::as_array)
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let message = if errors.is_empty() {
        body.get("message")
            .or_else(|| body.get("error"))
            .and_then(text)
    } else {
        let m: Vec<String> = errors.iter().filter_map(|e| text(e)).collect();
        Some(m.join("; ")).filter(|s| !s.is_empty())
    };
    let code = errors
        .first()
        .and_then(|e| e.get("code"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    let hint = match status {
        403 => Some("the key's user lacks access to this record or an Affinity permission (list data needs \"Export data from Lists\", all persons \"Export All People directory\", all companies \"Export All Organizations directory\"); ask your Affinity admin".to_owned()),
        _ => None,
    };
    // The shared client words every 429's hint itself: say which limit it is in the message.
    let message = if status == 429 {
        Some(match message {
            Some(m) => format!("{m} ({})", rate_limit_note(headers)),
            None => rate_limit_note(headers),
        })
    } else {
        message
    };
    VendorError {
        code,
        message,
        hint,
        ..VendorError::default()
    }
}

/// What Affinity's rate-limit headers say about a 429: the monthly account quota (which
/// waiting minutes does not fix) or the per-user minute limit, and when each resets.
fn rate_limit_note(h: &http::HeaderMap) -> String {
    let num = |k: &str| {
        h.get(k)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
    };
    match (
        num("x-ratelimit-limit-org-remaining"),
        num("x-ratelimit-limit-org-reset"),
    ) {
        (Some(0), reset) => format!(
            "the account's monthly Affinity API quota (shared by v1 and v2) is used up{}; retrying now will not help",
            reset.map_or(String::new(), |r| format!(
                ", it resets in {} h",
                r.div_ceil(3600)
            ))
        ),
        _ => format!(
            "Affinity's limit of requests per user per minute (shared by v1 and v2) was hit; retry in {} s",
            num("x-ratelimit-limit-user-reset").unwrap_or(60)
        ),
    }
}

// Which kinds of field data to return.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
pub enum FieldType {
    Enriched,
    Global,
    /// List fields (list entries only)
    List,
    RelationshipIntelligence,
}

/// `limit` for v2: 1-100.
pub fn limit(l: Option<Count>) -> Result<Option<u64>, ToolError> {
    match l.map(Count::get) {
        None => Ok(None),
        Some(n @ 1..=100) => Ok(Some(n)),
        Some(n) => Err(ToolError::invalid_input(format!(
            "limit must be between 1 and 100 (got {n})"
        ))),
    }
}

/// `page_size` for v1: 1-500.
pub fn page_size(l: Option<Count>) -> Result<Option<u64>, ToolError> {
    match l.map(Count::get) {
        None => Ok(None),
        Some(n @ 1..=500) => Ok(Some(n)),
        Some(n) => Err(ToolError::invalid_input(format!(
            "page_size must be between 1 and 500 (got {n})"
        ))),
    }
}

/// A v2 request's query: the page, ids and field selection (repeated parameters).
#[derive(Default)]
pub struct Query {
    pub cursor: Option<String>,
    pub limit: Option<Count>,
    pub ids: Vec<u64>,
    pub field_ids: Vec<String>,
    pub field_types: Vec<FieldType>,
}

fn field_type(t: FieldType) -> &'static str {
    match t {
        FieldType::Enriched => "enriched",
        FieldType::Global => "global",
        FieldType::List => "list",
        FieldType::RelationshipIntelligence => "relationship-intelligence",
    }
}

/// `GET` a v2 path with this query: the answer.
pub async fn get_v2(ctx: &Ctx, path: &str, q: Query) -> Result<Value, ToolError> {
    let limit = limit(q.limit)?;
    let mut req = ctx
        .authorized(Method::GET, path)?
        .query_opt(
            "cursor",
            q.cursor.as_deref().map(str::trim).filter(|c| !c.is_empty()),
        )
        .query_opt("limit", limit);
    for id in q.ids {
        req = req.query("ids", id);
    }
    for f in q
        .field_ids
        .iter()
        .map(|f| f.trim())
        .filter(|f| !f.is_empty())
    {
        req = req.query("fieldIds", f);
    }
    for t in q.field_types {
        req = req.query("fieldTypes", field_type(t));
    }
    let v: Value = req.send_json().await?;
    Ok(v)
}

/// A v2 page: its items (made concise) and the cursor of the next page (from
/// `pagination.nextUrl`), null on the last.
pub async fn page_v2(ctx: &Ctx, path: &str, q: Query) -> Result<Value, ToolError> {
    let v = get_v2(ctx, path, q).await?;
    let next = v
        .pointer("/pagination/nextUrl")
        .and_then(Value::as_str)
        .and_then(|u| query_param(u, "cursor"))
        .filter(|c| !c.is_empty());
    let items: Vec<Value> = v
        .get("data")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(slim).collect())
        .unwrap_or_default();
    Ok(json!({ "items": items, "next_cursor": next }))
}

/// One v2 object, made concise.
pub async fn one_v2(ctx: &Ctx, path: &str, q: Query) -> Result<Value, ToolError> {
    Ok(slim(&get_v2(ctx, path, q).await?))
}

/// Field values as `{id, name, value}` (the value's data), wherever a `fields` array is.
pub fn slim(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, x)| {
                    let x = match (k.as_str(), x) {
                        ("fields", Value::Array(fs)) => Value::Array(
                            fs.iter()
                                .map(|f| {
                                    json!({
                                        "id": f.get("id"),
                                        "name": f.get("name"),
                                        "value": f.pointer("/value/data"),
                                    })
                                })
                                .collect(),
                        ),
                        _ => slim(x),
                    };
                    (k.clone(), x)
                })
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(slim).collect()),
        _ => v.clone(),
    }
}

/// A v1 request on the v1 API with HTTP Basic.
pub fn v1(ctx: &Ctx, path: &str) -> Result<mcp_shared::upstream::Request, ToolError> {
    ctx.api_authorized(crate::V1.name, Method::GET, path)
}

/// A v1 page: the `key` array (or a bare array) and `next_page_token`.
pub fn page_v1(v: &Value, key: &str) -> Value {
    let items = v.get(key).or(Some(v)).filter(|x| x.is_array()).cloned();
    json!({
        "items": items.unwrap_or_else(|| json!([])),
        "next_page_token": v.get("next_page_token").cloned().unwrap_or(Value::Null),
    })
}

/// A v2 id for a path: a positive number.
pub fn id(n: Count, what: &str) -> Result<u64, ToolError> {
    match n.get() {
        0 => Err(ToolError::invalid_input(format!(
            "{what} must be a positive Affinity id"
        ))),
        n => Ok(n),
    }
}
