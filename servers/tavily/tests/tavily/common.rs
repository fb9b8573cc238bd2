//! A fake Tavily API, a server pointed at it, and a client sending the key.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const KEY: &str = "tvly-dev-test-key-0123456789";

pub use mcp_testkit::Setup;

/// The fake, the server and a client sending the key.
pub async fn setup() -> Setup {
    Setup::start(&tavily_mcp_server::SPEC, json!({ "api_key": KEY })).await
}

/// `POST <path>` with `Authorization: Bearer <key>` and exactly this JSON body.
pub fn tavily(path: &str, body: Value) -> Expect {
    expect("POST", path).bearer(KEY).json_body(body)
}

pub fn tavily_error(message: &str) -> Value {
    json!({"detail": {"error": message}})
}
