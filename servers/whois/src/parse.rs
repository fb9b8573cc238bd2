//! Reading WHOIS answers: `Key: value` fields, referrals, "no match" answers.

use serde_json::{Map, Value};

/// Characters of an answer's text returned when it has no fields.
const TEXT_CHARS: usize = 4000;

/// The `Key: value` lines of an answer, repeated keys as arrays. Comment lines (`%`, `#`) are
/// skipped, and everything from the `>>> Last update of WHOIS database <<<` line on (the
/// registries' legal notices) is left out.
pub fn fields(answer: &str) -> Map<String, Value> {
    let mut m = Map::new();
    for line in answer.lines() {
        let line = line.trim();
        if line.starts_with(">>>") {
            break;
        }
        if line.starts_with('%') || line.starts_with('#') {
            continue;
        }
        let Some((k, v)) = line.split_once(':') else {
            continue;
        };
        let (k, v) = (k.trim(), v.trim());
        if k.is_empty() || v.is_empty() || k.len() > 48 || k.contains("  ") {
            continue;
        }
        let v = Value::String(v.to_owned());
        match m.get_mut(k) {
            None => {
                m.insert(k.to_owned(), v);
            }
            Some(Value::Array(a)) => a.push(v),
            Some(old) => {
                let first = old.take();
                *old = Value::Array(vec![first, v]);
            }
        }
    }
    m
}

/// The answer as an agent reads it: its fields, or its text (shortened) when it has none.
pub fn record(server: &str, answer: &str) -> Value {
    let f = fields(answer);
    let mut o = Map::new();
    o.insert("server".into(), Value::String(server.to_owned()));
    if f.is_empty() {
        let text = answer.trim();
        let short: String = text.chars().take(TEXT_CHARS).collect();
        let cut = short.len() < text.len();
        o.insert(
            "text".into(),
            Value::String(short + if cut { "…" } else { "" }),
        );
    } else {
        o.insert("fields".into(), Value::Object(f));
    }
    Value::Object(o)
}

/// The WHOIS server an answer refers the query to: IANA's `refer:` (or a TLD record's
/// `whois:`), ARIN's `ReferralServer: whois://host[:port]`, a registry's
/// `Registrar WHOIS Server:`. `rwhois://` and web referrals are not followed.
///
/// An answer is untrusted text, so a referral is followed only to a host name on port 43:
/// an IP address or another port (`refer: 127.0.0.1:6379`) would let any registry's answer
/// point this server at the operator's own network. Such a referral comes back as `Err`
/// with what it named.
pub fn referral(answer: &str) -> Option<Result<String, String>> {
    for line in answer.lines() {
        let Some((k, v)) = line.split_once(':') else {
            continue;
        };
        let v = v.trim();
        let k = k.trim().to_ascii_lowercase();
        let host = match k.as_str() {
            "refer" | "whois" | "registrar whois server" | "whois server" => v,
            "referralserver" => match v.strip_prefix("whois://") {
                Some(h) => h,
                None => continue,
            },
            _ => continue,
        };
        let named = host
            .trim_start_matches("whois://")
            .trim_end_matches('/')
            .to_ascii_lowercase();
        if named.is_empty() {
            continue;
        }
        let host = named.strip_suffix(":43").unwrap_or(&named);
        let is_name = host.contains('.')
            && host.parse::<std::net::IpAddr>().is_err()
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'))
            && host.chars().any(|c| c.is_ascii_alphabetic());
        return Some(if is_name {
            Ok(host.to_owned())
        } else {
            Err(named)
        });
    }
    None
}

/// The registry's own words when it has no record of the query ("No match for ...").
pub fn no_match(answer: &str) -> Option<String> {
    const SAYS: &[&str] = &[
        "no match",
        "not found",
        "no data found",
        "no entries found",
        "no object found",
        "returned 0 objects",
        "free",
        "available",
    ];
    answer
        .lines()
        .map(|l| l.trim().trim_start_matches(['%', '#']).trim())
        .take_while(|l| !l.starts_with(">>>"))
        .find(|l| {
            let lower = l.to_ascii_lowercase();
            // A field says nothing of the kind, except a bare status (DENIC's `Status: free`).
            let text = match lower.split_once(':') {
                Some((k, v)) if k.trim() == "status" => v.trim().to_owned(),
                Some((k, v)) if !v.trim().is_empty() && !k.contains(' ') => return false,
                _ => lower.clone(),
            };
            SAYS.iter().any(|s| {
                if matches!(*s, "free" | "available") {
                    text == *s || text.ends_with("is available for registration")
                } else {
                    text.contains(s)
                }
            })
        })
        .map(|l| l.chars().take(200).collect())
}
