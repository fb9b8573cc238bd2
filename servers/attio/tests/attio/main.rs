//! Attio server tests: each tool against a fake Attio API that asserts the exact request,
//! through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod notes_tasks;
mod records;

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "a3f1c0de5b7e4d2b9c8a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c";
pub const PERSON: &str = "891dcbfc-9141-415d-9b2a-2238a6cc012d";

pub async fn setup() -> Setup {
    Setup::start(&attio_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

pub fn req(method: &'static str, path: &str) -> Expect {
    expect(method, path).bearer(TOKEN)
}

/// Attio's error body.
pub fn attio_error(status: u16, kind: &str, code: &str, message: &str) -> Value {
    json!({"status_code": status, "type": kind, "code": code, "message": message})
}

/// A person record as Attio returns it.
pub fn person_record() -> Value {
    json!({
        "id": {"workspace_id": "14beef7a-99f7-4534-a87e-70b564330a4c", "object_id": "97052eb9-e65e-443f-a297-f2d9a4a7f795", "record_id": PERSON},
        "created_at": "2022-11-21T13:22:49.061281000Z",
        "web_url": "https://app.attio.com/acme/person/891dcbfc-9141-415d-9b2a-2238a6cc012d",
        "values": {
            "name": [{"active_from": "2023-01-01T15:00:00.000000000Z", "active_until": null, "created_by_actor": {"type": "workspace-member", "id": "50cf242c-7fa3-4cad-87d0-75b1af71c57b"}, "first_name": "Ada", "last_name": "Lovelace", "full_name": "Ada Lovelace", "attribute_type": "personal-name"}],
            "email_addresses": [
                {"active_from": "2023-01-01T15:00:00.000000000Z", "active_until": null, "original_email_address": "ada@example.com", "email_address": "ada@example.com", "email_domain": "example.com", "attribute_type": "email-address"},
                {"active_from": "2023-01-01T15:00:00.000000000Z", "active_until": null, "original_email_address": "ada@work.com", "email_address": "ada@work.com", "email_domain": "work.com", "attribute_type": "email-address"}
            ],
            "job_title": [{"active_from": "2023-01-01T15:00:00.000000000Z", "active_until": null, "value": "Engineer", "attribute_type": "text"}],
            "company": [{"target_object": "companies", "target_record_id": "bf071e1f-6035-429d-b874-d83ea64ea13b", "attribute_type": "record-reference"}],
            "description": []
        }
    })
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(attio_mcp_server::SPEC, "attio-mcp-server");

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "attio");
    extra.sort();
    assert_eq!(extra, ["attio_list_tasks"]);
}
