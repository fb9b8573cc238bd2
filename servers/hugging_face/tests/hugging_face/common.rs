use mcp_testkit::{Client, Expect, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "hf_TestToken0123456789abcdef";

pub use mcp_testkit::Setup;

/// The fake Hub, the server and a client sending the token in `x-auth-data`.
pub async fn setup() -> Setup {
    Setup::start(
        &hugging_face_mcp_server::SPEC,
        json!({ "access_token": TOKEN }),
    )
    .await
}

/// A client of the same server that sends no credentials.
pub async fn anonymous(s: &Setup) -> Client {
    s.server.client_with(&[]).await
}

/// `GET <path>` with the token.
pub fn get(path: &str) -> Expect {
    expect("GET", path).bearer(TOKEN)
}

/// `GET /api/whoami-v2` answering the documented account shape.
pub async fn whoami(s: &Setup) {
    get("/api/whoami-v2")
        .respond(&s.fake, 200, whoami_body())
        .await;
}

pub fn whoami_body() -> Value {
    json!({
        "type": "user",
        "id": "63f0a1b2c3d4e5f6a7b8c9d0",
        "name": "alice",
        "fullname": "Alice Martin",
        "email": "alice@example.com",
        "emailVerified": true,
        "canPay": false,
        "isPro": true,
        "periodEnd": null,
        "avatarUrl": "https://cdn-avatars.huggingface.co/v1/production/uploads/alice.png",
        "orgs": [{"type": "org", "id": "5e67bd5b1009063689407478", "name": "acme-ai", "fullname": "Acme AI", "roleInOrg": "admin"}],
        "auth": {"type": "access_token", "accessToken": {"displayName": "mcp", "role": "fineGrained", "createdAt": "2026-01-02T10:00:00.000Z"}}
    })
}

/// The Hub's error body.
pub fn hub_error(msg: &str) -> Value {
    json!({ "error": msg })
}
