//! The `graphql` kind: a GraphQL API through the shared GraphQL client (the `rest` kind's
//! spec lines, credentials and tests' template).

pub(super) const EXAMPLE: &str = r#"//! An example tool: replace it with the vendor's first real query.

use mcp_shared::graphql::execute;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![tool("{{service}}_get_item", "Get item", Effect::Read, get_item).toolset("example")]
}

const GET_ITEM: &str = "query GetItem($id: ID!) { item(id: $id) { id name } }";

/// Get one item by id. Returns its id and name.
#[derive(Deserialize, JsonSchema)]
pub struct GetItem {
    /// The item's id
    id: String,
}

async fn get_item(ctx: Ctx, a: GetItem) -> Result<Value, ToolError> {
    let req = ctx.authorized(Method::POST, "/graphql")?;
    let data = execute(req, "GetItem", GET_ITEM, json!({ "id": a.id })).await?;
    match data.get("item") {
        Some(item) if !item.is_null() => Ok(item.clone()),
        _ => Err(ToolError::invalid_input(format!(
            "No {{Display}} item with id {}.",
            a.id
        ))),
    }
}
"#;

/// The same for the GraphQL example: a 200 whose `errors[]` says what went wrong.
pub(super) const TEST_PARTS: [(&str, &str); 6] = [
    ("api", "GraphQL API"),
    (
        "request",
        r#"expect("POST", "/graphql").graphql("GetItem", json!({"id": "a1"}))"#,
    ),
    (
        "ok_body",
        r#"{"data": {"item": {"id": "a1", "name": "First"}}}"#,
    ),
    (
        "missing_request",
        r#"expect("POST", "/graphql").graphql("GetItem", json!({"id": "zz"}))"#,
    ),
    ("missing_status", "200"),
    (
        "missing_body",
        r#"{"data": {"item": null}, "errors": [{"message": "Item not found", "path": ["item"]}]}"#,
    ),
];

pub(super) const SMOKE: &str = r#"{
  "tool": "{{service}}_get_item",
  "arguments": {"id": "a1"},
  "upstream_body": {"data": {"item": {"id": "a1", "name": "First"}}}
}
"#;
