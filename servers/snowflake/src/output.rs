//! Results as the variant shapes them: YAML text of `{type: data, data_id, data: [rows]}`
//! for reading, and the same object as an embedded JSON resource `data://<data_id>`.

use mcp_shared::reexports::rmcp::model::ContentBlock;
use mcp_shared::{Output, ToolError};
use serde_json::{Map, Value};

use crate::api::ResultSet;

/// The largest JSON copy embedded beside the YAML text.
const MAX_RESOURCE: usize = 8 * 1024 * 1024;

/// `{type: data, data_id, data, ...extra}` as YAML text plus the JSON resource.
pub fn data(rs: &ResultSet, extra: Vec<(&str, Value)>) -> Result<Output, ToolError> {
    let mut obj = Map::new();
    obj.insert("type".into(), Value::String("data".into()));
    obj.insert("data_id".into(), Value::String(rs.handle.clone()));
    for (k, v) in extra {
        obj.insert(k.to_owned(), v);
    }
    obj.insert("data".into(), Value::Array(rs.records()));
    if let Some(stats) = &rs.stats {
        obj.insert("stats".into(), stats.clone());
    }
    if let Some(t) = &rs.truncated {
        obj.insert("truncated".into(), Value::String(t.clone()));
    }
    let text = ordered_yaml(&obj, rs);
    let value = Value::Object(obj);
    let json = serde_json::to_vec(&value)
        .map_err(|e| ToolError::transport(format!("could not encode the result: {e}")))?;
    let resource = mcp_shared::content::resource(
        &format!("data://{}", rs.handle),
        "application/json",
        &json,
        MAX_RESOURCE,
    )?;
    Ok(Output::Content(vec![ContentBlock::text(text), resource]))
}

/// The YAML of a data object with its keys in the variant's order (`type`, `data_id`, the
/// context, `data`, then `stats` and `truncated`) and each row's columns in the result's
/// order (JSON objects here keep no order).
fn ordered_yaml(obj: &Map<String, Value>, rs: &ResultSet) -> String {
    let mut out = String::new();
    let mut keys: Vec<&String> = obj.keys().collect();
    let rank = |k: &str| match k {
        "type" => 0,
        "data_id" => 1,
        "data" => 3,
        "stats" => 4,
        "truncated" => 5,
        _ => 2,
    };
    keys.sort_by_key(|k| rank(k));
    for k in keys {
        if k == "data" {
            if rs.rows.is_empty() {
                out.push_str("data: []\n");
                continue;
            }
            out.push_str("data:\n");
            for rec in rs.records() {
                let mut first = true;
                for c in &rs.columns {
                    let v = rec.get(&c.name).cloned().unwrap_or(Value::Null);
                    let lead = if first { "  - " } else { "    " };
                    first = false;
                    let mut one = Map::new();
                    one.insert(c.name.clone(), v);
                    let line = yaml(&Value::Object(one));
                    let mut lines = line.lines();
                    if let Some(l) = lines.next() {
                        out.push_str(&format!("{lead}{l}\n"));
                    }
                    for l in lines {
                        out.push_str(&format!("    {l}\n"));
                    }
                }
                if first {
                    out.push_str("  - {}\n");
                }
            }
        } else if let Some(v) = obj.get(k) {
            let mut one = Map::new();
            one.insert(k.clone(), v.clone());
            out.push_str(&yaml(&Value::Object(one)));
        }
    }
    out
}

/// A scalar as YAML: plain where that reads back as the same string, else double-quoted
/// (JSON's string syntax is YAML's double-quoted style).
fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => {
            let plain = !s.is_empty()
                && s.chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | ' '))
                && s.chars().next().is_some_and(char::is_alphabetic)
                && !s.ends_with(' ')
                && !matches!(
                    s.to_ascii_lowercase().as_str(),
                    "true" | "false" | "null" | "yes" | "no" | "on" | "off" | "y" | "n" | "~"
                );
            if plain {
                s.clone()
            } else {
                serde_json::to_string(s).unwrap_or_default()
            }
        }
        Value::Array(a) if a.is_empty() => "[]".into(),
        Value::Object(o) if o.is_empty() => "{}".into(),
        other => other.to_string(),
    }
}

fn is_leaf(v: &Value) -> bool {
    match v {
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        _ => true,
    }
}

fn emit(v: &Value, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match v {
        Value::Object(o) if !o.is_empty() => {
            for (k, x) in o {
                let key = scalar(&Value::String(k.clone()));
                if is_leaf(x) {
                    out.push_str(&format!("{pad}{key}: {}\n", scalar(x)));
                } else {
                    out.push_str(&format!("{pad}{key}:\n"));
                    emit(x, indent + 2, out);
                }
            }
        }
        Value::Array(a) if !a.is_empty() => {
            for x in a {
                if is_leaf(x) {
                    out.push_str(&format!("{pad}- {}\n", scalar(x)));
                } else {
                    let mut inner = String::new();
                    emit(x, indent + 2, &mut inner);
                    let rest = inner.get(indent + 2..).unwrap_or_default();
                    out.push_str(&format!("{pad}- {rest}"));
                }
            }
        }
        other => out.push_str(&format!("{pad}{}\n", scalar(other))),
    }
}

/// `v` as YAML text.
pub fn yaml(v: &Value) -> String {
    let mut out = String::new();
    emit(v, 0, &mut out);
    out
}
