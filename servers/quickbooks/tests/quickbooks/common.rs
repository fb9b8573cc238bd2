//! A fake QuickBooks company, a server pointed at it, and a client sending its credentials.

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..qbo-test-token";
pub const REALM: &str = "9130346851582276";
/// The company path every request goes under.
pub const CO: &str = "/v3/company/9130346851582276";

pub fn creds() -> Value {
    json!({"access_token": TOKEN, "realm_id": REALM})
}

pub async fn setup() -> Setup {
    Setup::start(&quickbooks_mcp_server::SPEC, creds()).await
}

/// `method {CO}{rest}` with the token, `Accept: application/json`, `minorversion=75` and
/// exactly these other query parameters.
pub fn req(method: &'static str, rest: &str, query: &[(&str, &str)]) -> Expect {
    expect(method, format!("{CO}{rest}"))
        .bearer(TOKEN)
        .header("accept", "application/json")
        .query("minorversion", "75")
        .queries(query)
}

/// `GET /query?query=<statement>`.
pub fn query(statement: &str) -> Expect {
    req("GET", "/query", &[("query", statement)])
}

/// A query answer, as Intuit returns it.
pub fn query_response(entity: &str, records: Vec<Value>, start: u64) -> Value {
    let n = records.len();
    let mut qr = json!({"startPosition": start, "maxResults": n});
    if n > 0 {
        qr[entity] = Value::Array(records);
    }
    json!({"QueryResponse": qr, "time": "2026-01-15T10:00:00.000-08:00"})
}

/// `{"<Entity>": record, "time": ...}`, Intuit's answer for one object.
pub fn one(entity: &str, record: Value) -> Value {
    json!({ entity: record, "time": "2026-01-15T10:00:00.000-08:00" })
}

/// Intuit's `Fault` body.
pub fn fault(kind: &str, code: &str, message: &str, detail: &str, element: &str) -> Value {
    json!({
        "Fault": {
            "Error": [{"Message": message, "Detail": detail, "code": code, "element": element}],
            "type": kind
        },
        "time": "2026-01-15T10:00:00.000-08:00"
    })
}
