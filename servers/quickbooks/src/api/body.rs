//! Pieces of request bodies: references, wrapped values and addresses.

use serde_json::{Map, Value, json};

/// `{"value": id}`, the shape of a reference.
pub fn reference(id: &str) -> Value {
    json!({ "value": id.trim() })
}

/// Insert `key: {"value": v}` when `v` is given.
pub fn insert_ref(m: &mut Map<String, Value>, key: &str, v: Option<&str>) {
    if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
        m.insert(key.into(), reference(v));
    }
}

/// Insert `key: {inner: v}` when `v` is given (`PrimaryEmailAddr.Address`, ...).
pub fn insert_wrapped(m: &mut Map<String, Value>, key: &str, inner: &str, v: Option<&str>) {
    if let Some(v) = v {
        m.insert(key.into(), json!({ inner: v }));
    }
}

/// An address object from its parts (`Line1`, `Line2`, `City`, `CountrySubDivisionCode`,
/// `PostalCode`, `Country`), when any is given.
pub fn insert_address(m: &mut Map<String, Value>, key: &str, parts: [Option<&String>; 6]) {
    let names = [
        "Line1",
        "Line2",
        "City",
        "CountrySubDivisionCode",
        "PostalCode",
        "Country",
    ];
    let mut addr = Map::new();
    for (n, p) in names.iter().zip(parts) {
        if let Some(p) = p {
            addr.insert((*n).into(), Value::String(p.clone()));
        }
    }
    if !addr.is_empty() {
        m.insert(key.into(), Value::Object(addr));
    }
}
