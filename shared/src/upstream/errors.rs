//! A vendor's error body declared, not written: where its message, code, field errors, request
//! id and own hint sit (JSON pointers), the hints to give by status and by code, and the codes
//! that mean a rate limit. [`ErrorShape::read`] reads a body by it; a spec declares its shape
//! with [`ServerSpec::error_shape`](crate::ServerSpec::error_shape). Vendors whose errors need
//! more (a message built from several fields, a hint computed from a header) keep an
//! [`ErrorParser`](super::ErrorParser), which may start from a shape's reading.

use http::HeaderMap;
use serde_json::Value;

use super::VendorError;

/// Where the parts of a vendor's JSON error body are, and what to say about them.
#[derive(Debug, Clone, Copy)]
pub struct ErrorShape {
    /// The message: JSON pointers tried in order; the first non-empty string wins (trimmed).
    /// An array of strings there is one message, its items joined with `; `.
    pub message: &'static [&'static str],
    /// The vendor's code (a string), pointers tried in order; a code that only repeats the
    /// message is dropped.
    pub code: &'static [&'static str],
    /// Field errors added to the message in parentheses.
    pub details: Option<Details>,
    /// A request id, added to the message as `(request <id>)`: what the vendor's support
    /// asks for.
    pub request_id: &'static [&'static str],
    /// The vendor's own advice in the body (Asana's `help`), used when no status or code hint
    /// below applies.
    pub hint: &'static [&'static str],
    /// What to do, by HTTP status: the first hint that applies, before the code hints.
    pub status_hints: &'static [(u16, &'static str)],
    /// What to do, by the vendor's code.
    pub code_hints: &'static [(&'static str, &'static str)],
    /// Codes that mean a rate limit whatever the status (WhatsApp's 400 with code 4): the
    /// call fails as rate-limited, with when to retry; a 403 with such a code is retried like
    /// a 429 (another status is retried only where the server says so, `Request::retry_when`).
    pub rate_limit_codes: &'static [&'static str],
}

/// A list of field errors in an error body: at `at`, an array of objects, each with its field's
/// name (under one of `field`, optional) and its message (under one of `message`), or an array
/// of strings. Read as `field: message` items joined with `; `.
#[derive(Debug, Clone, Copy)]
pub struct Details {
    pub at: &'static str,
    pub field: &'static [&'static str],
    pub message: &'static [&'static str],
}

impl ErrorShape {
    /// The usual fields: `message` (top level or in an `error` object), `error_description`,
    /// `error` as a string, `detail`; the code at `code`, in `error` as `status` or `code`, or
    /// `error` as a string beside another message. Start a declaration with
    /// `..ErrorShape::DEFAULT` to keep what it does not say.
    pub const DEFAULT: ErrorShape = ErrorShape {
        message: &[
            "/message",
            "/error/message",
            "/error_description",
            "/error",
            "/detail",
        ],
        code: &["/code", "/error/status", "/error/code", "/error"],
        details: None,
        request_id: &[],
        hint: &[],
        status_hints: &[],
        code_hints: &[],
        rate_limit_codes: &[],
    };

    /// Nothing declared: a base for shapes that list every place themselves.
    pub const NONE: ErrorShape = ErrorShape {
        message: &[],
        code: &[],
        ..ErrorShape::DEFAULT
    };

    /// Read `body`, a vendor's JSON error answer with this HTTP `status`.
    pub fn read(&self, status: u16, _headers: &HeaderMap, body: &Value) -> VendorError {
        let mut message = self.message.iter().find_map(|p| text_at(body, p));
        let code = self
            .code
            .iter()
            .find_map(|p| string_at(body, p))
            .filter(|c| Some(c) != message.as_ref());
        if let Some(d) = self.details.and_then(|d| d.read(body)) {
            message = Some(match message {
                Some(m) if m.contains(&d) => m,
                Some(m) => format!("{m} ({d})"),
                None => d,
            });
        }
        if let Some(id) = self.request_id.iter().find_map(|p| string_at(body, p)) {
            message = Some(match message {
                Some(m) => format!("{m} (request {id})"),
                None => format!("request {id}"),
            });
        }
        let hint = self
            .status_hints
            .iter()
            .find(|(s, _)| *s == status)
            .map(|(_, h)| *h)
            .or_else(|| {
                let c = code.as_deref()?;
                self.code_hints
                    .iter()
                    .find(|(k, _)| *k == c)
                    .map(|(_, h)| *h)
            })
            .map(str::to_owned)
            .or_else(|| self.hint.iter().find_map(|p| string_at(body, p)));
        let rate_limited = code
            .as_deref()
            .is_some_and(|c| self.rate_limit_codes.contains(&c));
        VendorError {
            code,
            message,
            hint,
            rate_limited,
            missing_scopes: None,
        }
    }
}

impl Details {
    fn read(&self, body: &Value) -> Option<String> {
        let items: Vec<String> = body
            .pointer(self.at)?
            .as_array()?
            .iter()
            .filter_map(|item| {
                if let Some(s) = trimmed(item) {
                    return Some(s);
                }
                let message = self.message.iter().find_map(|k| field(item, k))?;
                Some(match self.field.iter().find_map(|k| field(item, k)) {
                    Some(f) => format!("{f}: {message}"),
                    None => message,
                })
            })
            .collect();
        (!items.is_empty()).then(|| items.join("; "))
    }
}

fn trimmed(v: &Value) -> Option<String> {
    v.as_str()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

fn field(item: &Value, key: &str) -> Option<String> {
    item.get(key).and_then(trimmed)
}

/// A non-empty string at `pointer`.
fn string_at(body: &Value, pointer: &str) -> Option<String> {
    body.pointer(pointer).and_then(trimmed)
}

/// A non-empty string at `pointer`, or the non-empty strings of an array there joined.
fn text_at(body: &Value, pointer: &str) -> Option<String> {
    match body.pointer(pointer)? {
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().filter_map(trimmed).collect();
            (!parts.is_empty()).then(|| parts.join("; "))
        }
        v => trimmed(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(shape: &ErrorShape, status: u16, body: Value) -> VendorError {
        shape.read(status, &HeaderMap::new(), &body)
    }

    #[test]
    fn the_default_reads_the_usual_fields() {
        let e = read(
            &ErrorShape::DEFAULT,
            400,
            json!({"error": {"code": "bad_thing", "message": " The thing is bad "}}),
        );
        assert_eq!(e.message.as_deref(), Some("The thing is bad"));
        assert_eq!(e.code.as_deref(), Some("bad_thing"));
        let e = read(
            &ErrorShape::DEFAULT,
            401,
            json!({"error": "invalid_token", "error_description": "expired"}),
        );
        assert_eq!(e.message.as_deref(), Some("expired"));
        assert_eq!(e.code.as_deref(), Some("invalid_token"));
        // A code that only repeats the message is dropped; empty strings say nothing.
        let e = read(
            &ErrorShape::DEFAULT,
            404,
            json!({"error": "Not found", "message": ""}),
        );
        assert_eq!(e.message.as_deref(), Some("Not found"));
        assert_eq!(e.code, None);
        assert_eq!(
            read(&ErrorShape::DEFAULT, 500, json!({})),
            VendorError::default()
        );
    }

    const ACME: ErrorShape = ErrorShape {
        message: &["/errors/0/message", "/message"],
        code: &["/errors/0/code"],
        details: Some(Details {
            at: "/details",
            field: &["parameter"],
            message: &["message"],
        }),
        request_id: &["/request_id"],
        hint: &["/errors/0/help"],
        status_hints: &[(402, "this needs a paid plan.")],
        code_hints: &[("token_expired", "send a new token.")],
        rate_limit_codes: &["too_many_writes"],
    };

    #[test]
    fn a_declared_shape_reads_every_part() {
        let e = read(
            &ACME,
            400,
            json!({"errors": [{"message": "Invalid", "code": "invalid", "help": "See the docs."}],
                   "details": [{"parameter": "start", "message": "must be a date"}, {"message": "one more"}, "plain"],
                   "request_id": "req-1"}),
        );
        assert_eq!(
            e.message.as_deref(),
            Some("Invalid (start: must be a date; one more; plain) (request req-1)")
        );
        assert_eq!(e.code.as_deref(), Some("invalid"));
        assert_eq!(e.hint.as_deref(), Some("See the docs."));
        assert!(!e.rate_limited);
        // Status hints first, then code hints, then the vendor's own.
        let body = json!({"errors": [{"message": "No", "code": "token_expired", "help": "h"}]});
        assert_eq!(
            read(&ACME, 402, body.clone()).hint.as_deref(),
            Some("this needs a paid plan.")
        );
        assert_eq!(
            read(&ACME, 401, body).hint.as_deref(),
            Some("send a new token.")
        );
        let e = read(
            &ACME,
            409,
            json!({"errors": [{"code": "too_many_writes"}], "message": ["a", " ", "b"]}),
        );
        assert!(e.rate_limited);
        assert_eq!(e.message.as_deref(), Some("a; b"));
        // Details alone are the message; a message that holds them already is kept.
        let e = read(&ACME, 422, json!({"details": [{"message": "too long"}]}));
        assert_eq!(e.message.as_deref(), Some("too long"));
        let e = read(
            &ACME,
            422,
            json!({"message": "Bad: too long", "details": [{"message": "too long"}]}),
        );
        assert_eq!(e.message.as_deref(), Some("Bad: too long"));
    }
}
