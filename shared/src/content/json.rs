//! Small helpers to build concise results from vendor JSON.

use serde_json::{Map, Value};

/// The value at a dotted path (`user.login`), if present and not null.
pub fn at<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    // `split_once` on one ASCII byte is a byte scan: results pick a dozen paths per item.
    let mut cur = v;
    let mut rest = path;
    loop {
        let (seg, more) = match rest.split_once('.') {
            Some((seg, more)) => (seg, Some(more)),
            None => (rest, None),
        };
        cur = match cur {
            Value::Object(m) => m.get(seg)?,
            Value::Array(a) => a.get(seg.parse::<usize>().ok()?)?,
            _ => return None,
        };
        match more {
            Some(r) => rest = r,
            None => break,
        }
    }
    (!cur.is_null()).then_some(cur)
}

/// A new object with the fields at these paths. A path `a.b` is stored under the key `a`
/// (`"user.login"` gives `"user": "octocat"`); `key=path` names the key explicitly.
/// Absent and null fields are left out.
pub fn pick(v: &Value, paths: &[&str]) -> Value {
    let mut out = Map::new();
    for spec in paths {
        let (key, path) = match spec.split_once('=') {
            Some(kp) => kp,
            None => (spec.split_once('.').map_or(*spec, |(k, _)| k), *spec),
        };
        if let Some(x) = at(v, path) {
            out.insert(key.to_owned(), x.clone());
        }
    }
    Value::Object(out)
}

/// The values at `path` of each element of the array at `array_path` (`labels` → names).
pub fn pluck(v: &Value, array_path: &str, path: &str) -> Value {
    Value::Array(
        at(v, array_path)
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(|x| at(x, path).cloned()).collect())
            .unwrap_or_default(),
    )
}

/// Map each element of a JSON array (or nothing, for a non-array).
pub fn map_array(v: &Value, f: impl Fn(&Value) -> Value) -> Value {
    Value::Array(
        v.as_array()
            .map(|a| a.iter().map(f).collect())
            .unwrap_or_default(),
    )
}

/// Insert `key` into a request body when the value is present.
pub fn insert_opt<T: serde::Serialize>(m: &mut Map<String, Value>, key: &str, v: Option<T>) {
    if let Some(v) = v
        && let Ok(v) = serde_json::to_value(v)
    {
        m.insert(key.to_owned(), v);
    }
}

/// The string a unit enum variant serializes to (`Order::Asc` → `asc`), for query parameters.
pub fn enum_str<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

/// The request body of an update: the fields of `changes` that were given (serialize them
/// with `skip_serializing_if = "Option::is_none"`). Nothing given is a clear error naming the
/// fields that can be set.
pub fn update_body<T: serde::Serialize + schemars::JsonSchema>(
    changes: &T,
) -> Result<Map<String, Value>, crate::ToolError> {
    let body = match serde_json::to_value(changes) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    };
    let body: Map<String, Value> = body.into_iter().filter(|(_, v)| !v.is_null()).collect();
    if body.is_empty() {
        let (schema, _) = crate::tool::schema_of::<T>();
        let fields: Vec<&String> = schema
            .get("properties")
            .and_then(Value::as_object)
            .map(|p| p.keys().collect())
            .unwrap_or_default();
        let names: Vec<&str> = fields.iter().map(|s| s.as_str()).collect();
        return Err(crate::ToolError::invalid_input(format!(
            "nothing to update: give at least one of {}",
            names.join(", ")
        )));
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pick_and_pluck() {
        let v = json!({"number": 1, "user": {"login": "octo"}, "body": null, "labels": [{"name": "a"}, {"name": "b"}]});
        assert_eq!(
            pick(&v, &["number", "user.login", "body", "author=user.login"]),
            json!({"number": 1, "user": "octo", "author": "octo"})
        );
        assert_eq!(pluck(&v, "labels", "name"), json!(["a", "b"]));
        assert_eq!(at(&v, "labels.1.name"), Some(&json!("b")));
        assert_eq!(at(&v, "labels.2.name"), None);
        assert_eq!(at(&v, "labels.x"), None);
        assert_eq!(at(&v, "number.x"), None);
        assert_eq!(at(&v, "body"), None);
        assert_eq!(at(&v, "user."), None);
        assert_eq!(at(&v, ""), None);
        assert_eq!(
            pick(&v, &["u=user", "nope.x"]),
            json!({"u": {"login": "octo"}})
        );
    }
}
