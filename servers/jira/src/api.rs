//! What every Jira tool shares: Jira's error body, issue keys, page sizes, the JSON-string
//! arguments Klavis takes, and the concise rendering of issues (ADF as Markdown).

use mcp_shared::reexports::http;
use mcp_shared::{Int, ToolError, VendorError, seg_id};
use serde_json::{Map, Value, json};

use mcp_vendor_atlassian::adf;

/// Reads Jira's `{"errorMessages": [...], "errors": {"field": "message"}}` (and the agile
/// API's `{"message": ...}`).
pub fn parse_error(_status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let mut parts: Vec<String> = body
        .get("errorMessages")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    if let Some(errors) = body.get("errors").and_then(Value::as_object) {
        for (field, msg) in errors {
            let msg = msg
                .as_str()
                .map(str::to_owned)
                .unwrap_or_else(|| msg.to_string());
            parts.push(format!("{field}: {msg}"));
        }
    }
    if parts.is_empty()
        && let Some(m) = body.get("message").and_then(Value::as_str)
    {
        parts.push(m.to_owned());
    }
    VendorError {
        message: (!parts.is_empty()).then(|| parts.join("; ")),
        ..VendorError::default()
    }
}

/// An issue key or id for a path segment.
pub fn key(v: &str, what: &str) -> Result<String, ToolError> {
    seg_id(v.trim(), what)
}

/// A page size between 1 and `max`.
pub fn page_size(limit: Option<Int>, default: u64, max: u64) -> Result<u64, ToolError> {
    match limit.map(Int::get) {
        None => Ok(default),
        Some(n) if (1..=max).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "limit must be between 1 and {max} (got {n})"
        ))),
    }
}

/// A JSON object given as a string (Klavis's `fields`, `additional_fields`).
pub fn json_object(v: Option<&str>, what: &str) -> Result<Map<String, Value>, ToolError> {
    let bad = || {
        ToolError::invalid_input(format!(
            "{what} must be a JSON object such as {{\"labels\": [\"x\"]}}"
        ))
    };
    match v.map(str::trim) {
        None | Some("") => Ok(Map::new()),
        Some(s) => match serde_json::from_str::<Value>(s) {
            Ok(Value::Object(m)) => Ok(m),
            _ => Err(bad()),
        },
    }
}

/// A Markdown string as ADF; an ADF document (object or JSON string) as it is.
pub fn to_adf(v: &Value) -> Value {
    match v {
        Value::String(s) => match serde_json::from_str::<Value>(s) {
            Ok(doc) if adf::is_adf(&doc) => doc,
            _ => adf::markdown_to_adf(s),
        },
        other => other.clone(),
    }
}

/// Issue fields as Jira takes them: `description`/`environment` from Markdown to ADF, an
/// `assignee`/`reporter` given as an account id to `{"accountId": ...}`.
pub fn normalize_fields(fields: &mut Map<String, Value>) {
    for k in ["description", "environment"] {
        if let Some(v) = fields.get_mut(k)
            && v.is_string()
        {
            *v = to_adf(v);
        }
    }
    for k in ["assignee", "reporter"] {
        if let Some(Value::String(id)) = fields.get(k) {
            let id = id.clone();
            fields.insert(k.to_owned(), json!({ "accountId": id }));
        }
    }
}

/// The vendor's noise in issue fields.
const DROP: &[&str] = &[
    "self",
    "avatarUrls",
    "iconUrl",
    "expand",
    "32x32",
    "statusCategory",
];

/// A field value as an agent reads it: ADF as Markdown, users as name + account id, named
/// things (status, priority, type) as their name, linked issues as key + summary.
pub fn simplify(v: &Value) -> Value {
    match v {
        Value::Array(a) => Value::Array(a.iter().map(simplify).collect()),
        Value::Object(o) => {
            if adf::is_adf(v) {
                return json!(adf::adf_to_markdown(v));
            }
            if let Some(id) = o.get("accountId") {
                return json!({"name": o.get("displayName").cloned().unwrap_or(Value::Null), "accountId": id});
            }
            if let (Some(k), Some(f)) = (o.get("key"), o.get("fields")) {
                let mut r = json!({"key": k});
                for name in ["summary", "status", "issuetype"] {
                    if let Some(x) = f.get(name) {
                        r[name] = simplify(x);
                    }
                }
                return r;
            }
            if let Some(c) = o.get("comments").and_then(Value::as_array) {
                return json!({"total": o.get("total"), "comments": c.iter().map(comment).collect::<Vec<_>>()});
            }
            if o.contains_key("inwardIssue") || o.contains_key("outwardIssue") {
                let ty = o.get("type");
                return match (o.get("inwardIssue"), o.get("outwardIssue")) {
                    (Some(i), _) => {
                        json!({"relation": ty.and_then(|t| t.get("inward")), "issue": simplify(i)})
                    }
                    (_, Some(out)) => {
                        json!({"relation": ty.and_then(|t| t.get("outward")), "issue": simplify(out)})
                    }
                    _ => Value::Null,
                };
            }
            if let Some(k) = o.get("key").filter(|_| o.contains_key("projectTypeKey")) {
                return k.clone();
            }
            if let Some(n) = o.get("name").or_else(|| o.get("value")) {
                return n.clone();
            }
            let mut out = Map::new();
            for (k, x) in o {
                if DROP.contains(&k.as_str()) || x.is_null() {
                    continue;
                }
                out.insert(k.clone(), simplify(x));
            }
            Value::Object(out)
        }
        other => other.clone(),
    }
}

/// A comment: id, author, dates, body as Markdown.
pub fn comment(c: &Value) -> Value {
    json!({
        "id": c.get("id"),
        "author": c.get("author").and_then(|a| a.get("displayName")),
        "created": c.get("created"),
        "updated": c.get("updated"),
        "body": adf::adf_to_markdown(c.get("body").unwrap_or(&Value::Null)),
    })
}

/// An issue: id, key and its fields, simplified, empty ones left out.
pub fn issue(v: &Value) -> Value {
    let mut out = Map::new();
    out.insert("key".into(), v.get("key").cloned().unwrap_or(Value::Null));
    out.insert("id".into(), v.get("id").cloned().unwrap_or(Value::Null));
    if let Some(fields) = v.get("fields").and_then(Value::as_object) {
        for (k, x) in fields {
            let empty = x.is_null()
                || x.as_array().is_some_and(Vec::is_empty)
                || x.as_str().is_some_and(str::is_empty);
            if !empty {
                out.insert(k.clone(), simplify(x));
            }
        }
    }
    Value::Object(out)
}

/// A comma-separated list: trimmed, empty entries left out.
pub fn csv(s: Option<&str>) -> Vec<String> {
    s.unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// A JQL string literal.
pub fn jql_quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}
