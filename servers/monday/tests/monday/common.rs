//! A fake monday API, a server on it, and a client sending a token.

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "eyJhbGciOiJIUzI1NiJ9.monday-test-token";

pub async fn setup() -> Setup {
    Setup::start(&monday_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// `POST /v2` with the token raw in `Authorization`, the pinned version and this operation.
pub fn gql(op: &str, vars: Value) -> Expect {
    expect("POST", "/v2")
        .header("authorization", TOKEN)
        .header("api-version", monday_mcp_server::DEFAULT_API_VERSION)
        .graphql(op, vars)
}

/// A monday answer: `data` and the account id it always carries.
pub fn data(d: Value) -> Value {
    json!({"data": d, "account_id": 1234567})
}

/// monday's error body (HTTP 200 with `errors[]`).
pub fn error(message: &str, code: &str) -> Value {
    json!({"errors": [{"message": message, "locations": [{"line": 1, "column": 60}], "path": ["x"],
        "extensions": {"code": code, "status_code": 200, "error_data": {}}}], "data": null, "account_id": 1234567})
}
