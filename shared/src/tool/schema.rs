//! A Rust type's JSON Schema as MCP wants it: draft 2020-12, inlined, standard formats only,
//! descriptions said once, and lean output schemas; and a profile's renamed parameters.

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::Value;

fn settings() -> SchemaSettings {
    SchemaSettings::draft2020_12().with(|s| {
        s.inline_subschemas = true;
        s.meta_schema = None;
    })
}

/// Rename the top-level properties of an input schema (ours -> theirs), in `properties` and
/// `required`.
pub(super) fn rename_properties(schema: &mut JsonObject, renames: &[(&'static str, &'static str)]) {
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        let old = std::mem::take(props);
        for (k, v) in old {
            let k = renames
                .iter()
                .find(|(ours, _)| *ours == k)
                .map_or(k, |(_, theirs)| (*theirs).to_owned());
            props.insert(k, v);
        }
    }
    if let Some(Value::Array(required)) = schema.get_mut("required") {
        for r in required.iter_mut() {
            if let Some((_, theirs)) = renames.iter().find(|(ours, _)| r.as_str() == Some(*ours)) {
                *r = Value::String((*theirs).to_owned());
            }
        }
    }
}

/// The JSON Schema of `T` as an MCP schema object: inlined, without `$schema` and `title`.
/// The doc comment of `T` is returned separately (it becomes the tool description).
pub fn schema_of<T: JsonSchema>() -> (JsonObject, Option<String>) {
    let schema = settings().into_generator().into_root_schema_for::<T>();
    let mut obj = match schema.to_value() {
        Value::Object(o) => o,
        _ => JsonObject::new(),
    };
    drop_null_types(&mut obj);
    standard_formats(&mut obj);
    unwrap_descriptions(&mut obj);
    say_once(&mut obj);
    obj.remove("$schema");
    obj.remove("title");
    let description = obj
        .remove("description")
        .and_then(|d| d.as_str().map(unwrap_text));
    if !obj.contains_key("type") {
        obj.insert("type".into(), Value::String("object".into()));
    }
    if obj.get("type").and_then(Value::as_str) == Some("object") && !obj.contains_key("properties")
    {
        obj.insert("properties".into(), Value::Object(JsonObject::new()));
    }
    (obj, description)
}

/// schemars names Rust's number types in `format` (`uint64`, `int32`, `double`...), which
/// is not JSON Schema: clients warn on every such field (the TypeScript SDK once per field
/// and connect). Drop those formats; an unsigned type keeps (or gets) `minimum: 0`.
/// Standard formats (`date-time`, `email`, `uri`...) stay.
fn standard_formats(obj: &mut JsonObject) {
    if let Some(Value::String(f)) = obj.get("format") {
        let f = f.as_str();
        let unsigned = matches!(
            f,
            "uint" | "uint8" | "uint16" | "uint32" | "uint64" | "uint128" | "usize"
        );
        let rust_number = unsigned
            || matches!(
                f,
                "int"
                    | "int8"
                    | "int16"
                    | "int32"
                    | "int64"
                    | "int128"
                    | "isize"
                    | "float"
                    | "double"
            );
        if rust_number {
            obj.remove("format");
        }
        if unsigned && !obj.contains_key("minimum") && !obj.contains_key("exclusiveMinimum") {
            obj.insert("minimum".into(), Value::from(0));
        }
    }
    for (_, v) in obj.iter_mut() {
        match v {
            Value::Object(o) => standard_formats(o),
            Value::Array(a) => {
                for x in a {
                    if let Value::Object(o) = x {
                        standard_formats(o);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Doc comments wrap lines; descriptions should not: join lines within a paragraph.
fn unwrap_descriptions(obj: &mut JsonObject) {
    for (k, v) in obj.iter_mut() {
        match v {
            Value::String(s) if k == "description" => *s = unwrap_text(s),
            Value::Object(o) => unwrap_descriptions(o),
            Value::Array(a) => {
                for x in a {
                    if let Value::Object(o) = x {
                        unwrap_descriptions(o);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Say a thing once: the doc comment of a type used as an array's items (`A file to attach
/// to an outgoing message`) comes after the array's own description (`Files to attach`),
/// which already says it in the words of that argument: keep the array's. Every tool list
/// pays for each word on every request of an agent.
fn say_once(obj: &mut JsonObject) {
    if obj.get("type").and_then(Value::as_str) == Some("array")
        && obj.contains_key("description")
        && let Some(Value::Object(items)) = obj.get_mut("items")
    {
        items.remove("description");
    }
    for (_, v) in obj.iter_mut() {
        match v {
            Value::Object(o) => say_once(o),
            Value::Array(a) => {
                for x in a {
                    if let Value::Object(o) = x {
                        say_once(o);
                    }
                }
            }
            _ => {}
        }
    }
}

/// An output schema says what a result holds, not what a caller may send: the `minimum: 0`
/// that unsigned Rust types get (for arguments, see [`standard_formats`]) tells an agent
/// nothing about a count it reads, and costs tokens in every tool list.
pub(super) fn lean_output(obj: &mut JsonObject) {
    let numeric = matches!(
        obj.get("type").and_then(Value::as_str),
        Some("integer" | "number")
    );
    if numeric && obj.get("minimum").and_then(Value::as_u64) == Some(0) {
        obj.remove("minimum");
    }
    for (_, v) in obj.iter_mut() {
        match v {
            Value::Object(o) => lean_output(o),
            Value::Array(a) => {
                for x in a {
                    if let Value::Object(o) = x {
                        lean_output(o);
                    }
                }
            }
            _ => {}
        }
    }
}

fn unwrap_text(s: &str) -> String {
    s.split("\n\n")
        .map(|p| p.split('\n').map(str::trim).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Optional arguments are "absent", not "null": drop the `null` alternatives schemars adds
/// for `Option<T>`, which many clients and model providers do not accept.
fn drop_null_types(obj: &mut JsonObject) {
    // `Option<T>` gives `[T, "null"]`: keep T. A wider union that names null on purpose
    // (a cell value that may be null) keeps it.
    if let Some(Value::Array(types)) = obj.get_mut("type")
        && types.len() == 2
        && types.iter().any(|t| t == "null")
    {
        types.retain(|t| t != "null");
        let t = types.remove(0);
        obj.insert("type".into(), t);
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(alts)) = obj.get_mut(key) {
            alts.retain(|a| {
                a.get("type").and_then(Value::as_str) != Some("null")
                    || a.as_object().is_some_and(|o| o.len() > 1)
            });
            if alts.len() == 1
                && let Some(Value::Object(only)) = alts.pop()
            {
                obj.remove(key);
                for (k, v) in only {
                    obj.entry(k).or_insert(v);
                }
            }
        }
    }
    if let Some(Value::Array(e)) = obj.get_mut("enum") {
        e.retain(|v| !v.is_null());
    }
    for (_, v) in obj.iter_mut() {
        match v {
            Value::Object(o) => drop_null_types(o),
            Value::Array(a) => {
                for x in a {
                    if let Value::Object(o) = x {
                        drop_null_types(o);
                    }
                }
            }
            _ => {}
        }
    }
}
