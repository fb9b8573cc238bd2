//! The fake Mem0 API, the server pointed at it, and a client sending the key and user id.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const KEY: &str = "m0-test-key-0123456789";

pub use mcp_testkit::Setup;

/// A client whose credentials carry the key and the user id `alice`.
pub async fn setup() -> Setup {
    Setup::start(
        &mem0_mcp_server::SPEC,
        json!({ "api_key": KEY, "user_id": "alice" }),
    )
    .await
}

pub fn m0(method: &'static str, path: &str) -> Expect {
    expect(method, path).header("authorization", &format!("Token {KEY}"))
}

/// A memory as `GET /v1/memories/{id}/` and the v3 list return it.
pub fn memory() -> Value {
    json!({
        "id": "7f8b2c1e-3d4a-4b5c-9e6f-1a2b3c4d5e6f",
        "memory": "Is a vegetarian and allergic to nuts",
        "user_id": "alice",
        "agent_id": null,
        "app_id": null,
        "session_id": null,
        "metadata": {"source": "onboarding"},
        "categories": ["food"],
        "created_at": "2026-07-01T10:00:00Z",
        "updated_at": "2026-07-02T10:00:00Z",
        "expiration_date": null
    })
}

pub fn memory_concise() -> Value {
    json!({
        "id": "7f8b2c1e-3d4a-4b5c-9e6f-1a2b3c4d5e6f",
        "memory": "Is a vegetarian and allergic to nuts",
        "user_id": "alice",
        "metadata": {"source": "onboarding"},
        "categories": ["food"],
        "created_at": "2026-07-01T10:00:00Z",
        "updated_at": "2026-07-02T10:00:00Z"
    })
}
