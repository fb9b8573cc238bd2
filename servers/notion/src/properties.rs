//! Page property values: the simple form agents write (`{"Status": "Done"}`) converted to
//! Notion's JSON form with the data source's schema, and Notion's values read back in that
//! simple form.

use mcp_shared::ToolError;
use serde_json::{Map, Value, json};

use crate::api::obj1;
use crate::markdown;

/// Property types whose values can be written, as Notion's request bodies name them.
const WRITABLE: &[&str] = &[
    "title",
    "rich_text",
    "number",
    "select",
    "multi_select",
    "status",
    "date",
    "checkbox",
    "url",
    "email",
    "phone_number",
    "people",
    "relation",
    "files",
    "place",
    "verification",
];

/// Whether a value is already in Notion's JSON form (`{"select": {"name": "Done"}}`).
fn is_notion_form(v: &Value) -> bool {
    match v.as_object() {
        Some(o) => {
            o.get("type")
                .and_then(Value::as_str)
                .is_some_and(|t| WRITABLE.contains(&t))
                || WRITABLE.iter().any(|k| o.contains_key(*k))
        }
        None => false,
    }
}

/// Whether any value needs the schema to be converted.
pub fn needs_schema(props: &Map<String, Value>) -> bool {
    props.values().any(|v| !is_notion_form(v))
}

/// Property name → type, from a data source's schema or a page's `properties`.
pub fn types_of(props: &Map<String, Value>) -> Vec<(String, String)> {
    props
        .iter()
        .filter_map(|(name, p)| {
            p.get("type")
                .and_then(Value::as_str)
                .map(|t| (name.clone(), t.to_owned()))
        })
        .collect()
}

/// Convert property values to Notion's form. `schema` lists the property names and types of
/// the data source (or the page); `None` means the page's parent is a page, where `title` is
/// the only property.
pub fn to_notion(
    props: &Map<String, Value>,
    schema: Option<&[(String, String)]>,
) -> Result<Map<String, Value>, ToolError> {
    let mut out = Map::new();
    for (name, value) in props {
        if is_notion_form(value) {
            out.insert(name.clone(), value.clone());
            continue;
        }
        let (key, ty) = match schema {
            None => {
                if name.eq_ignore_ascii_case("title") {
                    ("title".to_owned(), "title".to_owned())
                } else {
                    return Err(ToolError::invalid_input(format!(
                        "property `{name}`: a page whose parent is a page has only a `title`; give {{\"title\": \"...\"}} (other properties exist only on database rows)"
                    )));
                }
            }
            Some(schema) => find(schema, name).ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "unknown property `{name}`; this database has: {}",
                    schema
                        .iter()
                        .map(|(n, t)| format!("{n} ({t})"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?,
        };
        let converted = convert(&key, &ty, value)?;
        out.insert(key, obj1(&ty, converted));
    }
    Ok(out)
}

/// The schema entry for `name`: exact, then case-insensitive, then `title`/`name` for the
/// title property whatever it is called.
fn find(schema: &[(String, String)], name: &str) -> Option<(String, String)> {
    schema
        .iter()
        .find(|(n, _)| n == name)
        .or_else(|| schema.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)))
        .or_else(|| {
            (name.eq_ignore_ascii_case("title") || name.eq_ignore_ascii_case("name"))
                .then(|| schema.iter().find(|(_, t)| t == "title"))
                .flatten()
        })
        .cloned()
}

fn bad(name: &str, ty: &str, want: &str, got: &Value) -> ToolError {
    ToolError::invalid_input(format!(
        "property `{name}` is of type {ty}: give {want}, not {got}"
    ))
}

fn as_list(v: &Value) -> Vec<Value> {
    match v {
        Value::Array(a) => a.clone(),
        Value::Null => Vec::new(),
        Value::String(s) if s.contains(',') => s
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| Value::String(s.to_owned()))
            .collect(),
        other => vec![other.clone()],
    }
}

fn ids(name: &str, ty: &str, v: &Value) -> Result<Value, ToolError> {
    as_list(v)
        .into_iter()
        .map(|x| match x {
            Value::String(s) => Ok(json!({ "id": crate::api::bare_id(&s, name)? })),
            Value::Object(_) => Ok(x),
            other => Err(bad(name, ty, "an id or a list of ids", &other)),
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Value::Array)
}

fn convert(name: &str, ty: &str, v: &Value) -> Result<Value, ToolError> {
    Ok(match ty {
        "title" | "rich_text" => match v {
            Value::Null => json!([]),
            Value::String(s) => Value::Array(markdown::plain_rich_text(s)),
            Value::Number(n) => Value::Array(markdown::plain_rich_text(&n.to_string())),
            Value::Array(_) => v.clone(),
            other => return Err(bad(name, ty, "text", other)),
        },
        "number" => match v {
            Value::Null | Value::Number(_) => v.clone(),
            Value::String(s) => {
                let s = s.trim();
                match s.parse::<i64>() {
                    Ok(i) => Value::from(i),
                    Err(_) => s
                        .parse::<f64>()
                        .ok()
                        .and_then(|f| serde_json::Number::from_f64(f).map(Value::Number))
                        .ok_or_else(|| bad(name, ty, "a number", v))?,
                }
            }
            other => return Err(bad(name, ty, "a number", other)),
        },
        "select" | "status" => match v {
            Value::Null => Value::Null,
            Value::String(s) => json!({ "name": s }),
            Value::Object(_) => v.clone(),
            other => return Err(bad(name, ty, "an option name", other)),
        },
        "multi_select" => as_list(v)
            .into_iter()
            .map(|x| match x {
                Value::String(s) => Ok(json!({ "name": s })),
                Value::Object(_) => Ok(x),
                other => Err(bad(name, ty, "option names", &other)),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array)?,
        "date" => match v {
            Value::Null => Value::Null,
            Value::String(s) => json!({ "start": s }),
            Value::Object(_) => v.clone(),
            Value::Array(a) if a.len() == 2 => json!({ "start": a[0], "end": a[1] }),
            other => {
                return Err(bad(
                    name,
                    ty,
                    "an ISO 8601 date (\"2025-01-31\") or {\"start\", \"end\"}",
                    other,
                ));
            }
        },
        "checkbox" => match v {
            Value::Bool(_) => v.clone(),
            Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
                "true" | "yes" | "1" | "checked" => Value::Bool(true),
                "false" | "no" | "0" | "unchecked" | "" => Value::Bool(false),
                _ => return Err(bad(name, ty, "true or false", v)),
            },
            other => return Err(bad(name, ty, "true or false", other)),
        },
        "url" | "email" | "phone_number" => match v {
            Value::Null | Value::String(_) => v.clone(),
            other => return Err(bad(name, ty, "a string", other)),
        },
        "people" | "relation" => ids(name, ty, v)?,
        "files" => as_list(v)
            .into_iter()
            .map(|x| match x {
                Value::String(url) => {
                    let file_name = url
                        .split(['?', '#'])
                        .next()
                        .and_then(|p| p.rsplit('/').next())
                        .filter(|s| !s.is_empty())
                        .unwrap_or("file")
                        .chars()
                        .take(100)
                        .collect::<String>();
                    Ok(json!({"name": file_name, "type": "external", "external": {"url": url}}))
                }
                Value::Object(_) => Ok(x),
                other => Err(bad(name, ty, "file URLs", &other)),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array)?,
        "place" | "verification" => v.clone(),
        other => {
            return Err(ToolError::invalid_input(format!(
                "property `{name}` is of type {other}, which Notion computes and cannot be set"
            )));
        }
    })
}

/// Every property value of a page in simple form: name → value.
pub fn simplify_all(props: &Map<String, Value>) -> Value {
    Value::Object(
        props
            .iter()
            .map(|(k, v)| (k.clone(), simplify(v)))
            .collect(),
    )
}

fn user_ref(u: &Value) -> Value {
    match u.get("name").and_then(Value::as_str) {
        Some(n) => json!({"id": u.get("id"), "name": n}),
        None => json!({"id": u.get("id")}),
    }
}

/// One property value (or property item) in simple form.
pub fn simplify(p: &Value) -> Value {
    let ty = p.get("type").and_then(Value::as_str).unwrap_or("");
    let v = p.get(ty).unwrap_or(&Value::Null);
    match ty {
        "title" | "rich_text" => match v {
            Value::Array(_) => Value::String(markdown::rich_text_to_markdown(v)),
            // A property item (one element of a paginated title) holds one rich text object.
            Value::Object(_) => Value::String(markdown::rich_text_to_markdown(&json!([v]))),
            _ => Value::Null,
        },
        "select" | "status" => v.get("name").cloned().unwrap_or(Value::Null),
        "multi_select" => Value::Array(
            v.as_array()
                .map(|a| a.iter().filter_map(|o| o.get("name").cloned()).collect())
                .unwrap_or_default(),
        ),
        "date" => match (v.get("start"), v.get("end")) {
            (Some(s), Some(Value::Null) | None) if v.get("time_zone").is_none_or(Value::is_null) => {
                s.clone()
            }
            _ if v.is_null() => Value::Null,
            _ => v.clone(),
        },
        "people" => match v {
            Value::Array(a) => Value::Array(a.iter().map(user_ref).collect()),
            Value::Object(_) => user_ref(v),
            _ => Value::Null,
        },
        "created_by" | "last_edited_by" => user_ref(v),
        "relation" => match v {
            Value::Array(a) => Value::Array(a.iter().filter_map(|r| r.get("id").cloned()).collect()),
            Value::Object(o) => o.get("id").cloned().unwrap_or(Value::Null),
            _ => Value::Null,
        },
        "files" => Value::Array(
            v.as_array()
                .map(|a| {
                    a.iter()
                        .map(|f| {
                            json!({
                                "name": f.get("name"),
                                "url": crate::api::str_at(f, "external.url").or_else(|| crate::api::str_at(f, "file.url")),
                            })
                        })
                        .collect()
                })
                .unwrap_or_default(),
        ),
        "formula" => {
            let inner = v.get("type").and_then(Value::as_str).unwrap_or("");
            v.get(inner).cloned().unwrap_or(Value::Null)
        }
        "rollup" => {
            let inner = v.get("type").and_then(Value::as_str).unwrap_or("");
            match (inner, v.get(inner)) {
                ("array", Some(Value::Array(items))) => {
                    Value::Array(items.iter().map(simplify).collect())
                }
                (_, Some(x)) => x.clone(),
                _ => Value::Null,
            }
        }
        "unique_id" => {
            let number = v.get("number").cloned().unwrap_or(Value::Null);
            match (v.get("prefix").and_then(Value::as_str), number.as_u64()) {
                (Some(prefix), Some(n)) => Value::String(format!("{prefix}-{n}")),
                _ => number,
            }
        }
        "verification" => v.get("state").cloned().unwrap_or(Value::Null),
        "button" => Value::Null,
        _ => v.clone(),
    }
}

/// A data source schema in short: property name → `{type, id, options?, ...}`.
pub fn schema(props: &Map<String, Value>) -> Value {
    Value::Object(
        props
            .iter()
            .map(|(name, p)| {
                let ty = p.get("type").and_then(Value::as_str).unwrap_or("");
                let mut o = json!({"type": ty, "id": p.get("id")});
                let inner = p.get(ty);
                if let Some(opts) = inner
                    .and_then(|i| i.get("options"))
                    .and_then(Value::as_array)
                {
                    o["options"] =
                        Value::Array(opts.iter().filter_map(|x| x.get("name").cloned()).collect());
                }
                if let Some(i) = inner {
                    for key in ["format", "expression", "data_source_id", "prefix"] {
                        if let Some(x) = i.get(key).filter(|x| !x.is_null()) {
                            o[key] = x.clone();
                        }
                    }
                }
                (name.clone(), o)
            })
            .collect(),
    )
}

/// A property schema for creating a database or data source: each value is Notion's
/// configuration object, or just a type name (`{"Status": "select"}`). A schema without a
/// title property gets one called `Name`.
pub fn schema_request(
    props: &Map<String, Value>,
    add_title: bool,
) -> Result<Map<String, Value>, ToolError> {
    let mut out = Map::new();
    for (name, v) in props {
        let cfg = match v {
            Value::String(ty) => obj1(ty.trim(), json!({})),
            Value::Object(_) => v.clone(),
            Value::Null => Value::Null,
            other => {
                return Err(ToolError::invalid_input(format!(
                    "property `{name}`: give a type name such as \"rich_text\" or Notion's configuration object such as {{\"select\": {{\"options\": [...]}}}}, not {other}"
                )));
            }
        };
        out.insert(name.clone(), cfg);
    }
    let has_title = out.values().any(|v| {
        v.get("title").is_some() || v.get("type").and_then(Value::as_str) == Some("title")
    });
    if add_title && !has_title {
        out.insert("Name".into(), json!({"title": {}}));
    }
    Ok(out)
}
