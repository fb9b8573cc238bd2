//! A fake Confluence, a server pointed at it, and a client sending an OAuth token and cloud id.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "eyJraWQiOiJmYWtlIn0.confluence-oauth-token";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(
        &confluence_mcp_server::SPEC,
        json!({ "access_token": TOKEN, "selected_cloud_id": "11223344-a1b2-3b33-c444-def123456789" }),
    )
    .await
}

/// `method path` with the bearer token and exactly these query parameters.
pub fn req(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    expect(method, path).bearer(TOKEN).queries(query)
}

/// Confluence v2's error body.
pub fn v2_error(status: u16, code: &str, title: &str) -> Value {
    json!({"errors": [{"status": status, "code": code, "title": title, "detail": null}]})
}

/// A page as v2 answers it.
pub fn page_json(id: &str, title: &str) -> Value {
    json!({
        "id": id, "status": "current", "title": title, "spaceId": "98306", "parentId": "65537", "parentType": "page",
        "position": 1, "authorId": "5b10", "ownerId": "5b10", "createdAt": "2026-11-30T10:00:00.000Z",
        "version": {"createdAt": "2026-11-30T10:00:00.000Z", "message": "", "number": 3, "minorEdit": false, "authorId": "5b10"},
        "_links": {"webui": format!("/spaces/ENG/pages/{id}/Title"), "editui": "/x", "tinyui": "/x/AbC"}
    })
}
