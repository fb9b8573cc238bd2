//! Argument types shared by every server.

use std::borrow::Cow;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// A whole, non-negative number. Its schema is JSON `number` (as the tool catalogs we
/// replace declare it); it accepts `3`, `3.0` and `"3"` and rejects anything else clearly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Int(pub u64);

impl Int {
    pub fn get(self) -> u64 {
        self.0
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<Int> for u64 {
    fn from(v: Int) -> Self {
        v.0
    }
}

impl From<u64> for Int {
    fn from(v: u64) -> Self {
        Int(v)
    }
}

impl Serialize for Int {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.0)
    }
}

impl<'de> Deserialize<'de> for Int {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Int;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a whole non-negative number")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Int, E> {
                Ok(Int(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Int, E> {
                u64::try_from(v).map(Int).map_err(|_| {
                    E::custom(format!("expected a whole non-negative number, got {v}"))
                })
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Int, E> {
                if v.is_finite() && v >= 0.0 && v.fract() == 0.0 && v <= 9.0e15 {
                    Ok(Int(v as u64))
                } else {
                    Err(E::custom(format!(
                        "expected a whole non-negative number, got {v}"
                    )))
                }
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Int, E> {
                v.trim().parse::<u64>().map(Int).map_err(|_| {
                    E::custom(format!("expected a whole non-negative number, got \"{v}\""))
                })
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for Int {
    fn schema_name() -> Cow<'static, str> {
        "Int".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "number", "minimum": 0 })
    }
}

/// A whole, non-negative number whose schema is JSON `integer`, for the catalogs that type
/// an argument so (`limit` in Drive, Asana, ClickUp, Gong); it accepts `3`, `3.0` and `"3"`
/// like [`Int`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Count(pub u64);

impl Count {
    pub fn get(self) -> u64 {
        self.0
    }
}

impl Serialize for Count {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.0)
    }
}

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Int::deserialize(d).map(|i| Count(i.0))
    }
}

impl JsonSchema for Count {
    fn schema_name() -> Cow<'static, str> {
        "Count".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "integer", "minimum": 0 })
    }
}

/// A required text argument, trimmed; a clear error naming it when it is empty or blank.
pub fn non_empty<'a>(s: &'a str, what: &str) -> Result<&'a str, crate::ToolError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(crate::ToolError::invalid_input(format!(
            "`{what}` must not be empty"
        )));
    }
    Ok(s)
}

/// A time bound an agent gives for a search or a list (`since`, `published_after`): an RFC
/// 3339 time with an offset, passed on as given, or a date, which is its midnight UTC.
/// Anything else is refused naming the argument `what` and both forms.
pub fn time_bound(raw: &str, what: &str) -> Result<String, crate::error::ToolError> {
    let s = raw.trim();
    if chrono::DateTime::parse_from_rfc3339(s).is_ok() {
        return Ok(s.to_owned());
    }
    if let Ok(d) = chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d") {
        return Ok(format!("{}T00:00:00Z", d.format("%Y-%m-%d")));
    }
    Err(crate::error::ToolError::invalid_input(format!(
        "`{what}` is {s:?}: give an RFC 3339 time with an offset (2026-03-31T09:00:00Z, 2026-03-31T09:00:00+02:00) or a date (2026-03-31)"
    )))
}

#[cfg(test)]
mod tests {
    use super::Int;

    #[test]
    fn accepts_whole_numbers_in_any_json_form() {
        for ok in ["3", "3.0", "\"3\""] {
            assert_eq!(serde_json::from_str::<Int>(ok).ok(), Some(Int(3)), "{ok}");
        }
        for bad in ["3.5", "-1", "\"x\"", "null", "[]"] {
            assert!(serde_json::from_str::<Int>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn time_bounds_are_rfc3339_or_a_date() {
        assert_eq!(
            super::time_bound(" 2026-03-31T09:00:00+02:00 ", "since")
                .ok()
                .as_deref(),
            Some("2026-03-31T09:00:00+02:00")
        );
        assert_eq!(
            super::time_bound("2026-03-31", "since").ok().as_deref(),
            Some("2026-03-31T00:00:00Z")
        );
        for bad in ["2026-03-31T09:00", "31/03/2026", "", "2026-02-30"] {
            let e = super::time_bound(bad, "since")
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(
                e.contains("`since`") && e.contains("RFC 3339"),
                "{bad}: {e}"
            );
        }
    }
}
