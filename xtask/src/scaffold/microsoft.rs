//! The `microsoft` kind: a Microsoft Graph server on `mcp-vendor-microsoft`: Graph's base URL
//! and the user's delegated token, Graph's error parser, the Microsoft identity platform's
//! OAuth and delegated permissions, and `@odata.nextLink` lists behind `limit` + `cursor` (as
//! OneDrive, Outlook).

pub(super) const SPEC: &str = r#"    // Microsoft Graph v1.0 with the user's delegated token as Bearer.
    base: mcp_vendor_microsoft::BASE,
    auth: mcp_vendor_microsoft::AUTH,
    credential_env: &[("{{SERVICE}}_ACCESS_TOKEN", "access_token")],"#;

/// The spec's fields after `flags` (before `..ServerSpec::DEFAULT`).
pub(super) const SPEC_TAIL: &str = r#"    // A 403 names the permissions a tool declares (`.scopes(..)`) in Graph's words.
    scope_hint: mcp_vendor_microsoft::with_scopes,
    // Replace with the delegated permissions the tools need.
    oauth: Some(mcp_vendor_microsoft::oauth(
        &["https://graph.microsoft.com/Tasks.Read"],
        &["https://graph.microsoft.com/Tasks.ReadWrite", "offline_access"],
    )),
"#;

pub(super) const EXAMPLE: &str = r#"//! An example tool of a Microsoft Graph server: replace it with the server's first real tool.
//! Graph's error bodies are read by `mcp_vendor_microsoft::parse_error` (the spec's
//! `error_parser`); lists follow `@odata.nextLink` behind the tool's `limit` + `cursor`, a cursor
//! taken back only when it points into the configured Graph base URL.

use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use mcp_vendor_microsoft::{List, Query, page_size};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    // `.scopes`: the delegated permission the tool needs; a 403 of Graph names it.
    vec![
        tool("{{service}}_list_task_lists", "List task lists", Effect::Read, list_task_lists)
            .toolset("example")
            .scopes("Tasks.Read (or Tasks.ReadWrite)"),
    ]
}

/// List the signed-in user's To Do task lists: id and name of each, and `next_cursor` (null
/// on the last page).
#[derive(Deserialize, JsonSchema)]
pub struct ListTaskLists {
    /// At most 100; default 25
    limit: Option<Count>,
    /// The `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_task_lists(ctx: Ctx, a: ListTaskLists) -> Result<Value, ToolError> {
    let page = List::new("/me/todo/lists", Query::new().select(["id", "displayName"]))
        .limit(page_size(a.limit.map(Count::get), 25, 100, "limit")?)
        .cursor(a.cursor.as_deref())
        .send(&ctx)
        .await?;
    Ok(page.into_json("lists", |l| pick(l, &["id", "displayName"])))
}
"#;

pub(super) const TESTS: &str = r#"//! {{Display}} server tests: the example tool against a fake Microsoft Graph that asserts the
//! exact request and answers as Graph does, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

const TOKEN: &str = "EwBwA8l6BAAUbDba3x2OMJElkF7gJ4z-test-token";

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!({{crate}}::SPEC, "{{binary}}");

async fn setup() -> Setup {
    Setup::start(&{{crate}}::SPEC, json!({ "access_token": TOKEN })).await
}

/// `GET /me/todo/lists` with the bearer token and exactly these query parameters.
fn lists(query: &[(&str, &str)]) -> Expect {
    expect("GET", "/me/todo/lists").bearer(TOKEN).queries(query)
}

/// A task list as Graph returns it.
fn task_list(id: &str, name: &str) -> Value {
    json!({"@odata.etag": "W/\"m1fdwWoFiE2YS9yegTKoYwAA/ZGllw==\"", "id": id,
           "displayName": name, "isOwner": true, "isShared": false, "wellknownListName": "none"})
}

#[tokio::test]
async fn list_task_lists_follows_next_links() {
    let s = setup().await;
    let next = format!(
        "{}/me/todo/lists?$select=id,displayName&$top=2&$skiptoken=RFNwdAIAAQAAAB",
        s.fake.uri()
    );
    lists(&[("$select", "id,displayName"), ("$top", "2")])
        .respond(
            &s.fake,
            200,
            json!({"@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users('ada')/todo/lists",
                   "value": [task_list("AAMkADIy1", "Tasks"), task_list("AAMkADIy2", "Groceries")],
                   "@odata.nextLink": next}),
        )
        .await;
    let v = s
        .client
        .call_ok("{{service}}_list_task_lists", json!({"limit": 2}))
        .await;
    assert_eq!(
        v,
        json!({"lists": [{"id": "AAMkADIy1", "displayName": "Tasks"},
                         {"id": "AAMkADIy2", "displayName": "Groceries"}],
               "next_cursor": next})
    );
    lists(&[
        ("$select", "id,displayName"),
        ("$top", "2"),
        ("$skiptoken", "RFNwdAIAAQAAAB"),
    ])
    .respond(&s.fake, 200, json!({"value": [task_list("AAMkADIy3", "Trips")]}))
    .await;
    let v = s
        .client
        .call_ok("{{service}}_list_task_lists", json!({"limit": 2, "cursor": next}))
        .await;
    assert_eq!(
        v,
        json!({"lists": [{"id": "AAMkADIy3", "displayName": "Trips"}], "next_cursor": null})
    );
    // A cursor on another host is refused: the token goes nowhere else.
    let err = s
        .client
        .call_err(
            "{{service}}_list_task_lists",
            json!({"cursor": "https://evil.example/v1.0/me/todo/lists"}),
        )
        .await;
    assert!(err.contains("cursor"), "{err}");
}

#[tokio::test]
async fn graph_errors_become_clear_tool_errors() {
    let s = setup().await;
    lists(&[("$select", "id,displayName"), ("$top", "25")])
        .respond(
            &s.fake,
            403,
            json!({"error": {"code": "Authorization_RequestDenied",
                             "message": "Insufficient privileges to complete the operation.",
                             "innerError": {"date": "2026-12-03T08:00:00",
                                            "request-id": "5f1a7c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b",
                                            "client-request-id": "5f1a7c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b"}}}),
        )
        .await;
    let err = s.client.call_err("{{service}}_list_task_lists", json!({})).await;
    assert!(err.contains("403") && err.contains("Authorization_RequestDenied"), "{err}");
    assert!(err.contains("Insufficient privileges"), "{err}");
    assert!(err.contains("request-id 5f1a7c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b"), "{err}");
    assert!(err.contains("Tasks.Read"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
}
"#;

pub(super) const SMOKE: &str = r#"{
  "tool": "{{service}}_list_task_lists",
  "arguments": {"limit": 2},
  "upstream_body": {"value": [{"id": "AAMkADIy1", "displayName": "Tasks"}]}
}
"#;

pub(super) const CREDENTIALS: &str = "`x-auth-data` header (base64 of `{\"access_token\":\"...\"}`), `Authorization: Bearer <token>`, `AUTH_DATA`, or\n`{{SERVICE}}_ACCESS_TOKEN`: the user's delegated Microsoft Graph token with the permissions in server.json.\n`{{SERVICE}}_API_BASE_URL` overrides `https://graph.microsoft.com/v1.0` (national clouds, proxies).";
