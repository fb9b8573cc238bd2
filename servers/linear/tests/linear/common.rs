//! A fake Linear API, a server on it, and a client sending a personal API key.

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

/// A personal API key: Linear takes it raw in `Authorization`.
pub const KEY: &str = "lin_api_0123456789abcdefTESTKEY";

pub async fn setup() -> Setup {
    Setup::start(&linear_mcp_server::SPEC, json!({ "access_token": KEY })).await
}

/// `POST /graphql` with the key raw in `Authorization` and exactly this operation.
pub fn gql(op: &str, vars: Value) -> Expect {
    expect("POST", "/graphql")
        .header("authorization", KEY)
        .graphql(op, vars)
}

/// A Relay connection page as Linear returns it.
pub fn page(nodes: Vec<Value>, next: Option<&str>) -> Value {
    json!({"nodes": nodes, "pageInfo": {"hasNextPage": next.is_some(), "endCursor": next.unwrap_or("last"), "hasPreviousPage": false, "startCursor": "first"}})
}

/// Linear's error body for an entity that does not exist.
pub fn not_found(field: &str) -> Value {
    json!({"errors": [{"message": "Entity not found", "path": [field], "locations": [{"line": 1, "column": 30}],
        "extensions": {"type": "invalid input", "code": "INPUT_ERROR", "statusCode": 400,
        "userPresentableMessage": "Could not find referenced entity."}}], "data": null})
}

pub fn issue_node() -> Value {
    json!({
        "id": "9cfb482a-81e3-4154-b5b9-2c805e70a02d", "identifier": "ENG-123", "title": "Login fails on Safari",
        "description": "Steps to reproduce...", "priority": 2, "priorityLabel": "High", "dueDate": "2026-12-15",
        "url": "https://linear.app/acme/issue/ENG-123/login-fails-on-safari",
        "createdAt": "2026-11-30T10:00:00.000Z", "updatedAt": "2026-12-01T09:00:00.000Z",
        "state": {"id": "st-1", "name": "In Progress", "type": "started"},
        "assignee": {"id": "u-1", "name": "Ada Lovelace"},
        "team": {"id": "t-1", "key": "ENG"},
        "project": null,
        "labels": {"nodes": [{"name": "Bug"}]}
    })
}

pub fn issue_concise() -> Value {
    json!({
        "id": "9cfb482a-81e3-4154-b5b9-2c805e70a02d", "identifier": "ENG-123", "title": "Login fails on Safari",
        "description": "Steps to reproduce...", "state": "In Progress", "state_id": "st-1", "priority": "High",
        "assignee": "Ada Lovelace", "assignee_id": "u-1", "team": "ENG", "due_date": "2026-12-15",
        "url": "https://linear.app/acme/issue/ENG-123/login-fails-on-safari",
        "created_at": "2026-11-30T10:00:00.000Z", "updated_at": "2026-12-01T09:00:00.000Z", "labels": ["Bug"]
    })
}
