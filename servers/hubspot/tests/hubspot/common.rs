//! A fake HubSpot API, a server pointed at it, and a client sending the token.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "pat-na1-0a1b2c3d-4e5f-6789-abcd-ef0123456789";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(&hubspot_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// `method path` with the bearer token and exactly these query parameters.
pub fn req(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    expect(method, path).bearer(TOKEN).queries(query)
}

/// HubSpot's error body.
pub fn hs_error(category: &str, message: &str) -> Value {
    json!({
        "status": "error",
        "message": message,
        "correlationId": "aeb5f871-7f07-4993-9211-075dc63e7cbf",
        "category": category
    })
}

/// A CRM record as HubSpot returns it.
pub fn record(id: &str, props: Value) -> Value {
    let mut p = props;
    p["hs_object_id"] = json!(id);
    p["createdate"] = json!("2026-04-01T10:00:00.000Z");
    p["lastmodifieddate"] = json!("2026-04-02T10:00:00.000Z");
    json!({
        "id": id,
        "properties": p,
        "createdAt": "2026-04-01T10:00:00.000Z",
        "updatedAt": "2026-04-02T10:00:00.000Z",
        "archived": false
    })
}
