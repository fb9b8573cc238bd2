//! A fake Close API, a server pointed at it, and a client sending an API key.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

/// An API key: Close takes it as the Basic user with an empty password.
pub const KEY: &str = "api_3fH2kq9Lx0aBcDeFgHiJkL.7mNoPqRsTuVwXyZ";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(&close_mcp_server::SPEC, json!({ "api_key": KEY })).await
}

pub fn basic() -> String {
    mcp_testkit::basic_auth(KEY, "")
}

/// `method path` with the API key.
pub fn call(method: &'static str, path: &str) -> Expect {
    expect(method, path).header("authorization", &basic())
}

/// A page of a list as Close shapes it.
pub fn page(items: Value, has_more: bool) -> Value {
    json!({"data": items, "has_more": has_more})
}

/// Close's error body for a missing object.
pub fn not_found() -> Value {
    json!({"error": "Empty query: Object does not exist."})
}

/// Close's validation error body.
pub fn field_errors(field: &str, msg: &str) -> Value {
    json!({"errors": [], "field-errors": {field: msg}})
}
