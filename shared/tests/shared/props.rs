//! Property tests (the fuzzing we run in CI): credential decoding and argument decoding never
//! panic, whatever the bytes, and accept exactly what they should.

use base64::Engine as _;
use mcp_shared::Int;
use mcp_shared::auth::{decode_auth_data, encode_auth_data};
use proptest::prelude::*;
use serde_json::{Value, json};

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        ".{0,20}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::hash_map("[a-z_]{1,8}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn auth_header_decoding_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        let _ = decode_auth_data(&bytes);
    }

    #[test]
    fn base64_of_anything_decodes_to_an_object_or_a_clear_error(v in json_value(), url_safe in any::<bool>()) {
        let raw = v.to_string();
        let header = if url_safe {
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&raw)
        } else {
            base64::engine::general_purpose::STANDARD.encode(&raw)
        };
        match decode_auth_data(header.as_bytes()) {
            Ok(map) => prop_assert_eq!(Value::Object(map), v),
            Err(e) => {
                prop_assert!(!v.is_object() || raw.len() > 12 * 1024, "{v} was refused: {e}");
                prop_assert!(e.to_string().contains("x-auth-data"));
            }
        }
    }

    #[test]
    fn object_round_trip(m in prop::collection::hash_map("[a-z_]{1,8}", ".{0,30}", 0..8)) {
        let v = Value::Object(m.into_iter().map(|(k, s)| (k, Value::String(s))).collect());
        let decoded = decode_auth_data(encode_auth_data(&v).as_bytes());
        prop_assert_eq!(decoded.map(Value::Object).ok(), Some(v));
    }

    #[test]
    fn int_accepts_exactly_whole_non_negative_numbers(v in json_value()) {
        let got = serde_json::from_value::<Int>(v.clone()).ok();
        let want = match &v {
            Value::Number(n) => n.as_u64().or_else(|| n.as_f64().filter(|f| *f >= 0.0 && f.fract() == 0.0 && *f <= 9.0e15).map(|f| f as u64)),
            Value::String(s) => s.trim().parse::<u64>().ok(),
            _ => None,
        };
        prop_assert_eq!(got.map(Int::get), want);
    }
}
