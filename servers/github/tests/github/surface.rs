//! The tool surface: every tool of the Klavis catalog's `github` entry (read from the team's
//! catalog), with its parameter names, types and required flags (except the deviations listed
//! below, where GitHub's API differs), valid schemas and annotations that match what each
//! tool does.

use serde_json::Value;

use crate::common::setup;

/// Parameters the catalog marks required that GitHub does not require: they are optional here.
const NOT_REQUIRED_BY_GITHUB: &[(&str, &str)] = &[
    ("github_create_or_update_file", "branch"),
    ("github_create_pull_request_review", "event"),
];

/// Tools that only read (`readOnlyHint`), and tools whose repetition changes nothing more
/// (`idempotentHint` among the writes).
const IDEMPOTENT_WRITES: &[&str] = &[
    "github_update_issue",
    "github_update_pull_request",
    "github_fork_repository",
];

fn is_read(name: &str) -> bool {
    ["get_", "list_", "search_"]
        .iter()
        .any(|p| name.starts_with(&format!("github_{p}")))
}

#[tokio::test]
async fn every_catalog_tool_with_its_parameters() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::assert_catalog_parity(&tools, "github", NOT_REQUIRED_BY_GITHUB);
    assert!(extra.is_empty(), "tools beyond the catalog: {extra:?}");
    for tool in &tools {
        let name = tool.name.as_ref();
        let a = tool.annotations.as_ref().unwrap();
        assert_eq!(
            a.read_only_hint,
            Some(is_read(name)),
            "{name}: readOnlyHint"
        );
        assert_eq!(a.destructive_hint, Some(false), "{name}: destructiveHint");
        let idempotent = is_read(name) || IDEMPOTENT_WRITES.contains(&name);
        assert_eq!(
            a.idempotent_hint,
            Some(idempotent),
            "{name}: idempotentHint"
        );
    }
}

#[tokio::test]
async fn enums_and_defaults_follow_github() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let prop = |tool: &str, param: &str| {
        let t = tools.iter().find(|t| t.name == tool).unwrap();
        Value::Object((*t.input_schema).clone())["properties"][param].clone()
    };
    assert_eq!(
        prop("github_merge_pull_request", "merge_method")["enum"],
        serde_json::json!(["merge", "squash", "rebase"])
    );
    assert_eq!(
        prop("github_create_pull_request_review", "event")["enum"],
        serde_json::json!(["APPROVE", "REQUEST_CHANGES", "COMMENT"])
    );
    assert_eq!(
        prop("github_list_pull_requests", "sort")["enum"],
        serde_json::json!(["created", "updated", "popularity", "long-running"])
    );
    let state = prop("github_list_code_scanning_alerts", "state");
    assert_eq!(state["default"], "open");
    assert_eq!(
        state["enum"],
        serde_json::json!(["open", "closed", "dismissed", "fixed"])
    );
    let comments = prop("github_create_pull_request_review", "comments");
    assert_eq!(
        comments["items"]["required"],
        serde_json::json!(["path", "body"])
    );
    let files = prop("github_push_files", "files");
    assert_eq!(
        files["items"]["required"],
        serde_json::json!(["path", "content"])
    );
}
