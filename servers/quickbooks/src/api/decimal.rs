//! Exact decimal amounts.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Number, Value};

/// A decimal amount: a JSON number or a decimal string (`"1234.50"`), at most 15 significant
/// digits, sent to QuickBooks as that same number, never computed with.
#[derive(Debug, Clone, PartialEq)]
pub struct Decimal {
    /// The number as QuickBooks receives it.
    number: Number,
    /// The canonical decimal text (`1234.5`, `-3`).
    text: String,
}

impl Decimal {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let s = raw.trim();
        let (neg, body) = match s.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, s.strip_prefix('+').unwrap_or(s)),
        };
        let (int, frac) = match body.split_once('.') {
            Some((i, f)) => (i, f),
            None => (body, ""),
        };
        let digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
        if (int.is_empty() && frac.is_empty()) || !digits(int) || !digits(frac) {
            return Err(format!(
                "`{s}` is not a decimal amount such as 1234.50 (digits, an optional `-` and `.`; no exponent or thousands separator)"
            ));
        }
        let int = int.trim_start_matches('0');
        let frac = frac.trim_end_matches('0');
        let significant = format!("{int}{frac}");
        if significant.trim_start_matches('0').len() > 15 {
            return Err(format!(
                "`{s}` has more than 15 significant digits; QuickBooks amounts have at most 15"
            ));
        }
        let int = if int.is_empty() { "0" } else { int };
        let zero = int == "0" && frac.is_empty();
        let text = match (neg && !zero, frac.is_empty()) {
            (true, true) => format!("-{int}"),
            (false, true) => int.to_owned(),
            (true, false) => format!("-{int}.{frac}"),
            (false, false) => format!("{int}.{frac}"),
        };
        let number: Number = if frac.is_empty() {
            text.parse::<i64>()
                .map(Number::from)
                .map_err(|_| format!("`{s}` is out of range"))?
        } else {
            let f: f64 = text.parse().map_err(|_| format!("`{s}` is out of range"))?;
            Number::from_f64(f).ok_or_else(|| format!("`{s}` is out of range"))?
        };
        // What QuickBooks receives must be the same decimal, digit for digit.
        let sent = number.to_string();
        let sent = sent.strip_suffix(".0").unwrap_or(&sent);
        if sent != text {
            return Err(format!("`{s}` cannot be sent exactly; give fewer digits"));
        }
        Ok(Self { number, text })
    }

    /// Compare two decimals by their digits (no floating point).
    pub fn cmp_value(&self, other: &Decimal) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        fn parts(t: &str) -> (bool, &str, &str) {
            let (neg, t) = match t.strip_prefix('-') {
                Some(r) => (true, r),
                None => (false, t),
            };
            let (i, f) = t.split_once('.').unwrap_or((t, ""));
            (neg, i, f)
        }
        let (an, ai, af) = parts(&self.text);
        let (bn, bi, bf) = parts(&other.text);
        let magnitude = || {
            ai.len()
                .cmp(&bi.len())
                .then_with(|| ai.cmp(bi))
                .then_with(|| {
                    let width = af.len().max(bf.len());
                    format!("{af:0<width$}").cmp(&format!("{bf:0<width$}"))
                })
        };
        match (an, bn) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => magnitude(),
            (true, true) => magnitude().reverse(),
        }
    }

    /// The canonical decimal text, for queries.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl Serialize for Decimal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.number.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Decimal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        let text = match &v {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            _ => {
                return Err(serde::de::Error::custom(
                    "expected an amount: a number or a decimal string such as \"1234.50\"",
                ));
            }
        };
        Decimal::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for Decimal {
    fn schema_name() -> Cow<'static, str> {
        "Decimal".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "number" })
    }
}
