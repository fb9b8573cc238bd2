//! Size bounds of string arguments, in one place: every string in a tool's input schema gets
//! a `maxLength` (clients see it), and every call's arguments are checked against those
//! bounds before they are decoded, so an oversized value never reaches the vendor.
//!
//! The bound follows the argument's name, unless the field declares its own
//! (`#[schemars(length(max = N))]`, for a vendor's documented limit):
//! - identifiers, cursors, page tokens and names ([`ID_MAX`]);
//! - bulk content: message and document bodies, file contents ([`CONTENT_MAX`]);
//! - any other text: queries, titles, descriptions ([`TEXT_MAX`]).

use rmcp::model::JsonObject;
use serde_json::Value;

/// Longest identifier-like argument (`*_id`, `*_ids`, cursors, page tokens, names), in
/// characters. Vendors' ids and cursors are far shorter (Google page tokens run to a few
/// hundred characters).
pub const ID_MAX: u64 = 1024;
/// Longest free text that is not bulk content (queries, titles, descriptions), in characters.
pub const TEXT_MAX: u64 = 64 * 1024;
/// Longest bulk content (message and document bodies, file contents), in characters: the
/// default request body limit (4 MiB); vendors' own limits for these are at least as large
/// (Gmail: 25 MB a message) unless the field declares a smaller one.
pub const CONTENT_MAX: u64 = 4 * 1024 * 1024;

/// The words of an argument name, lower-cased: `pageToken` and `page_token` give
/// `["page", "token"]`.
fn words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in name.chars() {
        if c == '_' || c == '-' || c == '.' {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        } else if c.is_ascii_uppercase() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            cur.push(c.to_ascii_lowercase());
        } else {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The bound of a string argument named `name` (`None`: the tool's arguments themselves).
pub fn bound_for(name: Option<&str>) -> u64 {
    let Some(name) = name else { return TEXT_MAX };
    let words = words(name);
    let last = words.last().map(String::as_str).unwrap_or_default();
    let id_like = matches!(
        last,
        "id" | "ids" | "cursor" | "token" | "tokens" | "after" | "before" | "name" | "names"
    ) || words.iter().any(|w| w == "cursor" || w == "token");
    if id_like {
        return ID_MAX;
    }
    let content = matches!(
        last,
        "content"
            | "contents"
            | "body"
            | "markdown"
            | "html"
            | "text"
            | "data"
            | "base64"
            | "message"
            | "raw"
            | "csv"
    );
    if content { CONTENT_MAX } else { TEXT_MAX }
}

fn is_type(schema: &JsonObject, ty: &str) -> bool {
    match schema.get("type") {
        Some(Value::String(t)) => t == ty,
        Some(Value::Array(ts)) => ts.iter().any(|t| t == ty),
        _ => false,
    }
}

/// Give every string of an input schema without a `maxLength` (and without an `enum`, which
/// bounds it already) the bound of its argument's name. Array items and alternatives take
/// the name of the property that holds them.
pub fn bound_strings(schema: &mut JsonObject) {
    bound(schema, None);
}

fn bound(schema: &mut JsonObject, name: Option<&str>) {
    if is_type(schema, "string")
        && !schema.contains_key("maxLength")
        && !schema.contains_key("enum")
        && !schema.contains_key("const")
    {
        schema.insert("maxLength".into(), Value::from(bound_for(name)));
    }
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        for (k, v) in props.iter_mut() {
            if let Value::Object(o) = v {
                bound(o, Some(k));
            }
        }
    }
    for key in ["items", "additionalProperties"] {
        if let Some(Value::Object(o)) = schema.get_mut(key) {
            bound(o, name);
        }
    }
    for key in ["anyOf", "oneOf", "allOf", "prefixItems"] {
        if let Some(Value::Array(alts)) = schema.get_mut(key) {
            for a in alts {
                if let Value::Object(o) = a {
                    bound(o, name);
                }
            }
        }
    }
}

/// Check `args` against the `maxLength` bounds of `schema`; the error names the argument
/// (a path such as `values[2]` or `filter.name`), its length and the limit.
/// The top-level argument whose JSON type the schema does not allow, for a decoding error
/// that does not say which argument it is about (serde loses the path through flattened
/// structs). A value of another type comes first; then a `null` for a required argument.
pub fn mistyped(schema: &JsonObject, args: &Value) -> Option<String> {
    let (Some(props), Some(given)) = (
        schema.get("properties").and_then(Value::as_object),
        args.as_object(),
    ) else {
        return None;
    };
    let required = |k: &str| {
        schema
            .get("required")
            .and_then(Value::as_array)
            .is_some_and(|r| r.iter().any(|x| x == k))
    };
    let allows = |prop: &Value, v: &Value| {
        let types = declared_types(prop);
        types.is_empty()
            || types.iter().any(|t| match (t.as_str(), v) {
                ("null", Value::Null)
                | ("boolean", Value::Bool(_))
                | ("string", Value::String(_))
                | ("array", Value::Array(_))
                | ("object", Value::Object(_))
                | ("number", Value::Number(_)) => true,
                ("integer", Value::Number(n)) => {
                    n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
                }
                _ => false,
            })
    };
    let wrong = given
        .iter()
        .find(|(k, v)| !v.is_null() && props.get(*k).is_some_and(|p| !allows(p, v)));
    let null = || {
        given.iter().find(|(k, v)| {
            v.is_null() && required(k) && props.get(*k).is_some_and(|p| !allows(p, v))
        })
    };
    wrong.or_else(null).map(|(k, _)| k.clone())
}

/// The JSON types a property's schema names (`type`, or its alternatives' types).
pub fn declared_types(prop: &Value) -> Vec<String> {
    match prop.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(|t| t.as_str().map(str::to_owned))
            .collect(),
        _ => ["anyOf", "oneOf"]
            .iter()
            .filter_map(|k| prop.get(*k).and_then(Value::as_array))
            .flatten()
            .flat_map(declared_types)
            .collect(),
    }
}

pub fn check(schema: &JsonObject, args: &Value) -> Result<(), String> {
    walk(schema, args, "")
}

fn walk(schema: &JsonObject, value: &Value, path: &str) -> Result<(), String> {
    match value {
        Value::String(s) => {
            if let Some(max) = string_bound(schema) {
                // Bytes are at least as many as characters: count only when it can matter.
                let len = s.len() as u64;
                if len > max {
                    let chars = s.chars().count() as u64;
                    if chars > max {
                        let what = if path.is_empty() { "arguments" } else { path };
                        return Err(format!(
                            "argument `{what}` is too long: {chars} characters, the limit is {max}"
                        ));
                    }
                }
            }
        }
        Value::Object(map) => {
            let props = schema.get("properties").and_then(Value::as_object);
            let extra = schema
                .get("additionalProperties")
                .and_then(Value::as_object);
            for (k, v) in map {
                let sub = props
                    .and_then(|p| p.get(k))
                    .and_then(Value::as_object)
                    .or(extra);
                if let Some(sub) = sub {
                    let p = if path.is_empty() {
                        k.clone()
                    } else {
                        format!("{path}.{k}")
                    };
                    walk(sub, v, &p)?;
                }
            }
        }
        Value::Array(items) => {
            if let Some(sub) = schema.get("items").and_then(Value::as_object) {
                for (i, v) in items.iter().enumerate() {
                    walk(sub, v, &format!("{path}[{i}]"))?;
                }
            }
        }
        _ => {}
    }
    // Alternatives: each one that could hold this value is checked too.
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(alts)) = schema.get(key) {
            for a in alts.iter().filter_map(Value::as_object) {
                if !value.is_string() {
                    walk(a, value, path)?;
                }
            }
        }
    }
    Ok(())
}

/// The bound of a string under `schema`: its own `maxLength`, or for alternatives the
/// largest bound among the string ones (none when one of them is unbounded).
fn string_bound(schema: &JsonObject) -> Option<u64> {
    if let Some(max) = schema.get("maxLength").and_then(Value::as_u64) {
        return Some(max);
    }
    let mut bound: Option<u64> = None;
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(alts)) = schema.get(key) {
            for a in alts.iter().filter_map(Value::as_object) {
                if is_type(a, "string") {
                    let b = a.get("maxLength").and_then(Value::as_u64)?;
                    bound = Some(bound.map_or(b, |x| x.max(b)));
                }
            }
        }
    }
    bound
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn bounds_follow_names() {
        assert_eq!(bound_for(Some("cursor")), ID_MAX);
        assert_eq!(bound_for(Some("pageToken")), ID_MAX);
        assert_eq!(bound_for(Some("next_page_token")), ID_MAX);
        assert_eq!(bound_for(Some("message_ids")), ID_MAX);
        assert_eq!(bound_for(Some("channel_name")), ID_MAX);
        assert_eq!(bound_for(Some("body")), CONTENT_MAX);
        assert_eq!(bound_for(Some("html_body")), CONTENT_MAX);
        assert_eq!(bound_for(Some("content_base64")), CONTENT_MAX);
        assert_eq!(bound_for(Some("query")), TEXT_MAX);
        assert_eq!(bound_for(Some("text_color")), TEXT_MAX);
    }

    #[test]
    fn schemas_get_bounds_and_arguments_are_checked() {
        let mut schema = json!({
            "type": "object",
            "properties": {
                "cursor": {"type": "string"},
                "ids": {"type": "array", "items": {"type": "string"}},
                "kind": {"type": "string", "enum": ["a", "b"]},
                "text": {"type": "string", "maxLength": 10},
                "filter": {"type": "object", "properties": {"name": {"type": "string"}}},
            }
        });
        let Value::Object(obj) = &mut schema else {
            unreachable!()
        };
        bound_strings(obj);
        assert_eq!(obj["properties"]["cursor"]["maxLength"], ID_MAX);
        assert_eq!(obj["properties"]["ids"]["items"]["maxLength"], ID_MAX);
        assert!(obj["properties"]["kind"].get("maxLength").is_none());
        assert_eq!(obj["properties"]["text"]["maxLength"], 10);
        assert_eq!(
            obj["properties"]["filter"]["properties"]["name"]["maxLength"],
            ID_MAX
        );
        assert!(check(obj, &json!({"cursor": "abc", "text": "0123456789"})).is_ok());
        let long = "x".repeat(2 * 1024 * 1024);
        let e = check(obj, &json!({"cursor": long})).unwrap_err();
        assert!(e.contains("`cursor`") && e.contains("2097152") && e.contains("1024"));
        let e = check(obj, &json!({"ids": ["a", "x".repeat(1025)]})).unwrap_err();
        assert!(e.contains("`ids[1]`"), "{e}");
        let e = check(obj, &json!({"filter": {"name": "x".repeat(1025)}})).unwrap_err();
        assert!(e.contains("`filter.name`"), "{e}");
        // Characters, not bytes: ten é are ten characters.
        assert!(check(obj, &json!({"text": "é".repeat(10)})).is_ok());
        assert!(check(obj, &json!({"text": "é".repeat(11)})).is_err());
    }
}
