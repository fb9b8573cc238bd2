//! Column values to JSON by type, from the binary wire format. A type without a mapping is a
//! short text naming it; nothing here panics on a value the server sends.

use std::error::Error;

use base64::Engine;
use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use postgres_protocol::types as wire;
use serde_json::{Value, json};
use tokio_postgres::Row;
use tokio_postgres::types::{FromSql, Kind, Type};

/// Any value, undecoded: its type and bytes (`None` for NULL).
struct Raw<'a>(Type, &'a [u8]);

impl<'a> FromSql<'a> for Raw<'a> {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn Error + Sync + Send>> {
        Ok(Raw(ty.clone(), raw))
    }

    fn accepts(_: &Type) -> bool {
        true
    }
}

/// The row's values in column order.
pub fn row(row: &Row) -> Vec<Value> {
    (0..row.len())
        .map(|i| match row.try_get::<_, Option<Raw>>(i) {
            Ok(Some(Raw(ty, raw))) => value(&ty, raw),
            Ok(None) => Value::Null,
            Err(e) => Value::String(format!("(unreadable value: {e})")),
        })
        .collect()
}

fn value(ty: &Type, raw: &[u8]) -> Value {
    decode(ty, raw).unwrap_or_else(|| {
        Value::String(format!(
            "({} value of {} bytes, not shown)",
            ty.name(),
            raw.len()
        ))
    })
}

fn get<'a, T: FromSql<'a>>(ty: &'a Type, raw: &'a [u8]) -> Option<T> {
    T::from_sql(ty, raw).ok()
}

fn decode(ty: &Type, raw: &[u8]) -> Option<Value> {
    Some(match *ty {
        Type::BOOL => json!(get::<bool>(ty, raw)?),
        Type::INT2 => json!(get::<i16>(ty, raw)?),
        Type::INT4 => json!(get::<i32>(ty, raw)?),
        Type::INT8 => json!(get::<i64>(ty, raw)?),
        Type::OID | Type::XID | Type::CID | Type::REGPROC => {
            json!(get::<u32>(ty, raw).or_else(|| { raw.try_into().ok().map(u32::from_be_bytes) })?)
        }
        Type::FLOAT4 => float(f64::from(get::<f32>(ty, raw)?)),
        Type::FLOAT8 => float(get::<f64>(ty, raw)?),
        Type::NUMERIC => Value::String(numeric(raw)?),
        Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::CHAR | Type::UNKNOWN => {
            Value::String(text(raw)?)
        }
        Type::JSON | Type::JSONB => get::<Value>(ty, raw)?,
        Type::UUID => Value::String(uuid(raw)?),
        Type::BYTEA => Value::String(base64::engine::general_purpose::STANDARD.encode(raw)),
        Type::TIMESTAMPTZ => match get::<DateTime<Utc>>(ty, raw) {
            Some(t) => Value::String(t.to_rfc3339()),
            None => infinity(raw)?,
        },
        Type::TIMESTAMP => match get::<NaiveDateTime>(ty, raw) {
            Some(t) => Value::String(t.format("%Y-%m-%dT%H:%M:%S%.f").to_string()),
            None => infinity(raw)?,
        },
        Type::DATE => match get::<NaiveDate>(ty, raw) {
            Some(d) => Value::String(d.to_string()),
            None => match get::<i32>(&Type::INT4, raw)? {
                i32::MAX => json!("infinity"),
                i32::MIN => json!("-infinity"),
                _ => return None,
            },
        },
        Type::TIME => Value::String(get::<NaiveTime>(ty, raw)?.to_string()),
        Type::INTERVAL => Value::String(interval(raw)?),
        Type::INET | Type::CIDR => Value::String(inet(raw)?),
        _ => match ty.kind() {
            Kind::Array(member) => array(member, raw)?,
            // An enum's binary value is its label; a domain's is its base type's.
            Kind::Enum(_) => Value::String(text(raw)?),
            Kind::Domain(base) => decode(base, raw)?,
            _ => return None,
        },
    })
}

fn text(raw: &[u8]) -> Option<String> {
    std::str::from_utf8(raw).ok().map(str::to_owned)
}

fn float(f: f64) -> Value {
    serde_json::Number::from_f64(f).map_or_else(|| Value::String(f.to_string()), Value::Number)
}

fn infinity(raw: &[u8]) -> Option<Value> {
    match i64::from_be_bytes(raw.try_into().ok()?) {
        i64::MAX => Some(json!("infinity")),
        i64::MIN => Some(json!("-infinity")),
        _ => None,
    }
}

fn uuid(raw: &[u8]) -> Option<String> {
    let b: [u8; 16] = raw.try_into().ok()?;
    let h = |r: std::ops::Range<usize>| b.get(r).map(hex).unwrap_or_default();
    Some(format!(
        "{}-{}-{}-{}-{}",
        h(0..4),
        h(4..6),
        h(6..8),
        h(8..10),
        h(10..16)
    ))
}

/// NUMERIC's binary form: ndigits, weight, sign, dscale, then base-10000 digits.
fn numeric(raw: &[u8]) -> Option<String> {
    let word =
        |i: usize| -> Option<u16> { Some(u16::from_be_bytes([*raw.get(i)?, *raw.get(i + 1)?])) };
    let ndigits = usize::from(word(0)?);
    let weight = i32::from(word(2)? as i16);
    let sign = word(4)?;
    let dscale = usize::from(word(6)?);
    match sign {
        0xC000 => return Some("NaN".into()),
        0xD000 => return Some("Infinity".into()),
        0xF000 => return Some("-Infinity".into()),
        _ => {}
    }
    let digits: Vec<u16> = (0..ndigits)
        .map(|i| word(8 + 2 * i))
        .collect::<Option<_>>()?;
    let mut int = String::new();
    for w in 0..=weight.max(-1) {
        let d = usize::try_from(w)
            .ok()
            .and_then(|w| digits.get(w))
            .copied()
            .unwrap_or(0);
        if int.is_empty() {
            if d != 0 {
                int = d.to_string();
            }
        } else {
            int.push_str(&format!("{d:04}"));
        }
    }
    if int.is_empty() {
        int.push('0');
    }
    let mut frac = String::new();
    let mut w = weight + 1;
    while frac.len() < dscale {
        let d = usize::try_from(w)
            .ok()
            .and_then(|w| digits.get(w))
            .copied()
            .unwrap_or(0);
        frac.push_str(&format!("{d:04}"));
        w += 1;
    }
    frac.truncate(dscale);
    let sign = if sign == 0x4000 { "-" } else { "" };
    Some(if frac.is_empty() {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    })
}

/// INTERVAL's binary form: microseconds, days, months.
fn interval(raw: &[u8]) -> Option<String> {
    if raw.len() != 16 {
        return None;
    }
    let micros = i64::from_be_bytes(raw[..8].try_into().ok()?);
    let days = i32::from_be_bytes(raw[8..12].try_into().ok()?);
    let months = i32::from_be_bytes(raw[12..].try_into().ok()?);
    let mut parts = Vec::new();
    if months != 0 {
        parts.push(format!("{} years {} mons", months / 12, months % 12));
    }
    if days != 0 {
        parts.push(format!("{days} days"));
    }
    let secs = micros.unsigned_abs() / 1_000_000;
    let frac = micros.unsigned_abs() % 1_000_000;
    let sign = if micros < 0 { "-" } else { "" };
    let mut time = format!(
        "{sign}{:02}:{:02}:{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    );
    if frac != 0 {
        time.push_str(&format!(".{frac:06}"));
    }
    if micros != 0 || parts.is_empty() {
        parts.push(time);
    }
    Some(parts.join(" "))
}

/// INET/CIDR's binary form: family, bits, is_cidr, length, address.
fn inet(raw: &[u8]) -> Option<String> {
    let (family, bits, addr) = (*raw.first()?, *raw.get(1)?, raw.get(4..)?);
    let ip: std::net::IpAddr = match family {
        2 => <[u8; 4]>::try_from(addr).ok()?.into(),
        3 => <[u8; 16]>::try_from(addr).ok()?.into(),
        _ => return None,
    };
    let full = if family == 2 { 32 } else { 128 };
    Some(if bits == full {
        ip.to_string()
    } else {
        format!("{ip}/{bits}")
    })
}

/// An array of any member type (multi-dimensional arrays flattened).
fn array(member: &Type, raw: &[u8]) -> Option<Value> {
    let arr = wire::array_from_sql(raw).ok()?;
    let mut out = Vec::new();
    let mut values = arr.values();
    while let Ok(Some(v)) = fallible_iterator::FallibleIterator::next(&mut values) {
        out.push(v.map_or(Value::Null, |raw| value(member, raw)));
    }
    Some(Value::Array(out))
}

/// Lower-case hexadecimal digits of these bytes.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|x| format!("{x:02x}")).collect()
}
