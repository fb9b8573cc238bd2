//! What the binary reads from its environment: `NOTION_API_KEY` (the variable of Notion's own
//! server) for the token, `NOTION_VERSION` for the API version and the request fields that
//! version names, `MCP_TOOL_NAMES=official` for Notion's own server's tool names, and
//! `MCP_PROFILE=toolathlon` with `NOTION_ROOT_PAGE_URL` for Toolathlon's copy of it.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{HttpProcess, connect_http, expect, spawn_stdio};
use serde_json::json;

use crate::common::{BLOCK_ID, PAGE_ID, TOKEN, VERSION, block_json, list_json, page_json};

const BIN: &str = env!("CARGO_BIN_EXE_notion-mcp-server");

/// `NOTION_VERSION=2026-03-11` sends that version, `position` instead of `after` and
/// `in_trash` instead of `archived`; the token comes from `NOTION_API_KEY`.
#[tokio::test]
async fn a_newer_notion_version_renames_the_fields_it_renamed() {
    let fake = MockServer::start().await;
    expect("PATCH", format!("/v1/blocks/{PAGE_ID}/children"))
        .bearer(TOKEN)
        .header("notion-version", "2026-03-11")
        .json_body(json!({
            "children": [{"type": "paragraph", "paragraph": {"rich_text": [{"type": "text", "text": {"content": "Hello"}}]}}],
            "position": {"type": "after_block", "after_block": {"id": BLOCK_ID}}
        }))
        .respond(
            &fake,
            200,
            list_json(vec![block_json("n1", "paragraph", json!({"rich_text": []}), false)], None, "block"),
        )
        .await;
    expect("PATCH", format!("/v1/blocks/{BLOCK_ID}"))
        .bearer(TOKEN)
        .header("notion-version", "2026-03-11")
        .json_body(json!({"in_trash": true}))
        .respond(
            &fake,
            200,
            block_json(BLOCK_ID, "paragraph", json!({"rich_text": []}), false),
        )
        .await;
    let uri = fake.uri();
    let client = spawn_stdio(
        BIN,
        &[],
        &[
            ("NOTION_API_BASE_URL", &uri),
            ("NOTION_API_KEY", TOKEN),
            ("NOTION_VERSION", "2026-03-11"),
        ],
    )
    .await;
    let v = client
        .call_ok(
            "notion_append_block_children",
            json!({"block_id": PAGE_ID, "after": BLOCK_ID, "children": ["Hello"]}),
        )
        .await;
    assert_eq!(v["requests"], 1);
    client
        .call_ok(
            "notion_update_block",
            json!({"block_id": BLOCK_ID, "archived": true}),
        )
        .await;
    client.close().await;
}

/// `MCP_TOOL_NAMES=official` lists Notion's own server's 22 tools, callable with a bearer
/// header; without `NOTION_VERSION` the default version and its `archived` are sent.
#[tokio::test]
async fn mcp_tool_names_official_lists_notions_own_names() {
    let fake = MockServer::start().await;
    expect("PATCH", format!("/v1/pages/{PAGE_ID}"))
        .bearer("header-token")
        .header("notion-version", VERSION)
        .json_body(json!({"archived": true}))
        .respond(&fake, 200, page_json(PAGE_ID, "Old"))
        .await;
    let dir = std::env::temp_dir().join(format!("notion-env-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let uri = fake.uri();
    let proc = HttpProcess::spawn(
        BIN,
        &[],
        &[
            ("NOTION_API_BASE_URL", &uri),
            ("MCP_TOOL_NAMES", "official"),
        ],
        &dir.join("official.log"),
    )
    .await;
    let client = connect_http(&proc.url, &[("authorization", "Bearer header-token")]).await;
    let tools = client.list_tools().await;
    assert_eq!(tools.len(), 22);
    let ours: Vec<&str> = tools
        .iter()
        .map(|t| t.name.as_ref())
        .filter(|n| !n.starts_with("API-"))
        .collect();
    assert!(ours.is_empty(), "not Notion's names: {ours:?}");
    client
        .call_ok(
            "API-patch-page",
            json!({"page_id": PAGE_ID, "archived": true}),
        )
        .await;
    client.close().await;
}

/// `MCP_PROFILE=toolathlon` with `NOTION_ROOT_PAGE_URL`, as Toolathlon's deployment sets them:
/// the 19 tools, Notion-Version 2022-06-28 whatever `NOTION_VERSION` says, and a page outside
/// the root refused.
#[tokio::test]
async fn toolathlons_environment_sets_the_profile_and_the_root_page() {
    let root = "11111111111141118111111111111111";
    let fake = MockServer::start().await;
    expect("GET", format!("/v1/pages/{PAGE_ID}"))
        .bearer(TOKEN)
        .header("notion-version", "2022-06-28")
        .respond(&fake, 200, page_json(PAGE_ID, "Elsewhere"))
        .await;
    expect("GET", format!("/v1/pages/{}", crate::common::PARENT_ID))
        .bearer(TOKEN)
        .header("notion-version", "2022-06-28")
        .respond(
            &fake,
            200,
            json!({"object": "page", "id": crate::common::PARENT_ID, "parent": {"type": "workspace", "workspace": true}}),
        )
        .await;
    let uri = fake.uri();
    let client = spawn_stdio(
        BIN,
        &[],
        &[
            ("NOTION_API_BASE_URL", &uri),
            ("NOTION_API_KEY", TOKEN),
            ("NOTION_VERSION", "2025-09-03"),
            ("MCP_PROFILE", "toolathlon"),
            (
                "NOTION_ROOT_PAGE_URL",
                &format!("https://www.notion.so/Root-{root}"),
            ),
        ],
    )
    .await;
    assert_eq!(client.list_tools().await.len(), 19);
    let err = client
        .call_err("API-retrieve-a-page", json!({"page_id": PAGE_ID}))
        .await;
    assert!(err.contains("access denied"), "{err}");
    client.close().await;
}
