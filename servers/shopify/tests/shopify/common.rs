//! A fake Shopify GraphQL Admin API, a server on it, and a client with a shop's token.

use std::sync::OnceLock;

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

use crate::gql_check::{Schema, check_variables};

/// An Admin API access token as a custom app gets it.
pub const TOKEN: &str = "shpat_0123456789abcdef0123456789abcdef";

/// The GraphQL endpoint of the pinned API version.
pub const ENDPOINT: &str = "/admin/api/2026-10/graphql.json";

pub const EXTRACT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/shopify/admin-2026-10.extract.json"
);

/// The schema extract (see `gql_check`).
pub fn schema() -> &'static Schema {
    static S: OnceLock<Schema> = OnceLock::new();
    S.get_or_init(|| {
        let text = std::fs::read_to_string(EXTRACT).expect("schema extract");
        Schema::from_extract(&serde_json::from_str(&text).expect("extract JSON"))
    })
}

pub async fn setup() -> Setup {
    Setup::start(
        &shopify_mcp_server::SPEC,
        json!({ "access_token": TOKEN, "shop_domain": "acme" }),
    )
    .await
}

/// The document the server sends as `op`.
pub fn document(op: &str) -> &'static str {
    shopify_mcp_server::documents()
        .into_iter()
        .find(|(n, _)| *n == op)
        .map(|(_, d)| d)
        .unwrap_or_else(|| panic!("no document {op}"))
}

/// `POST /admin/api/2026-10/graphql.json` with the token in `X-Shopify-Access-Token` and
/// exactly this operation and these variables, which must also be valid for the operation's
/// declared types in Shopify's schema.
pub fn gql(op: &str, vars: Value) -> Expect {
    let errors = check_variables(schema(), document(op), &vars);
    assert!(errors.is_empty(), "{op} variables: {errors:#?}");
    expect("POST", ENDPOINT)
        .header("x-shopify-access-token", TOKEN)
        .graphql(op, vars)
}

/// A Relay connection page.
pub fn page(nodes: Vec<Value>, next: Option<&str>) -> Value {
    json!({"nodes": nodes, "pageInfo": {"hasNextPage": next.is_some(), "endCursor": next.unwrap_or("eyJsYXN0IjoxfQ==")}})
}

/// The `extensions.cost` Shopify adds to every answer.
pub fn cost() -> Value {
    json!({"cost": {"requestedQueryCost": 12, "actualQueryCost": 10,
        "throttleStatus": {"maximumAvailable": 2000.0, "currentlyAvailable": 1990, "restoreRate": 100.0}}})
}

/// `{"data": data, "extensions": cost}`.
pub fn answer(data: Value) -> Value {
    json!({ "data": data, "extensions": cost() })
}

/// A mutation payload with `userErrors`.
pub fn user_errors(field: &str, errors: Value) -> Value {
    let mut payload = json!({ "userErrors": errors });
    payload[field] = Value::Null;
    payload
}

pub fn money(amount: &str) -> Value {
    json!({"amount": amount, "currencyCode": "USD"})
}

pub fn bag(amount: &str) -> Value {
    json!({"shopMoney": money(amount), "presentmentMoney": money(amount)})
}
