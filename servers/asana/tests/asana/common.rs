//! A fake Asana API, a server pointed at it, and a client sending the token.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "2/1201234567890/1209876543210:0a1b2c3d4e5f";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(&asana_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// `GET path` with the bearer token and exactly these query parameters.
pub fn get(path: &str, query: &[(&str, &str)]) -> Expect {
    expect("GET", path).bearer(TOKEN).queries(query)
}

/// Asana's error body.
pub fn asana_error(message: &str, help: &str) -> Value {
    json!({"errors": [{"message": message, "help": help, "phrase": "6 sad squid snuggle softly"}]})
}

pub const TASK_LIST_FIELDS: &str =
    "name,completed,assignee.name,due_on,due_at,start_on,permalink_url";
