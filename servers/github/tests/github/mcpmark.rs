//! `--profile mcpmark` (Klavis's `github_mcpmark`): GitHub's server v0.15.0, which MCPMark
//! pins: today's official names where they did not change, the 18 tools that version had
//! before the consolidation into `issue_read`, `pull_request_read` and friends, and its three
//! parameter differences. Every tool's request is checked in [`crate::names`].

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::common::{TOKEN, no_requests, setup_mcpmark, setup_with};
use crate::surface::{OFFICIAL_NOT_REQUIRED, assert_like_catalog, names_of};

/// The dynamic-toolset tools: listed only with `--dynamic-toolsets`, as GitHub's server lists
/// them, once mcp-shared gives them their `mcpmark` names.
const DYNAMIC: [&str; 3] = [
    "enable_toolset",
    "get_toolset_tools",
    "list_available_toolsets",
];

#[tokio::test]
async fn lists_the_v0_15_tools_with_their_parameters() {
    let s = setup_with(|s| {
        s.toolsets = Some(vec!["all".into()]);
        s.profile = mcp_shared::Profile::Mcpmark;
        s.dynamic_toolsets = true;
    })
    .await;
    let tools = s.client.list_tools().await;
    let missing = assert_like_catalog(&tools, "github_mcpmark", OFFICIAL_NOT_REQUIRED);
    let dynamic = names_of(DYNAMIC);
    assert!(
        missing.is_subset(&dynamic),
        "catalog tools not listed: {:?}",
        missing.difference(&dynamic).collect::<Vec<_>>()
    );
    let legacy: BTreeSet<String> = names_of([
        "get_issue",
        "create_issue",
        "update_issue",
        "get_issue_comments",
        "add_sub_issue",
        "remove_sub_issue",
        "reprioritize_sub_issue",
        "list_sub_issues",
        "get_pull_request",
        "get_pull_request_diff",
        "get_pull_request_files",
        "get_pull_request_review_comments",
        "get_pull_request_reviews",
        "get_pull_request_status",
        "create_pending_pull_request_review",
        "create_and_submit_pull_request_review",
        "delete_pending_pull_request_review",
        "submit_pending_pull_request_review",
    ]);
    let listed = names_of(tools.iter().map(|t| t.name.as_ref()));
    assert!(
        legacy.is_subset(&listed),
        "{:?}",
        legacy.difference(&listed)
    );
    for consolidated in [
        "issue_read",
        "pull_request_read",
        "projects_list",
        "get_label",
    ] {
        assert!(
            !listed.contains(consolidated),
            "{consolidated} came after v0.15.0"
        );
    }
}

fn schema_of(tools: &[mcp_shared::reexports::rmcp::model::Tool], name: &str) -> Value {
    tools
        .iter()
        .find(|t| t.name == name)
        .map(|t| Value::Object((*t.input_schema).clone()))
        .unwrap_or_else(|| panic!("no tool {name}"))
}

/// v0.15.0's three parameter differences from today's server.
#[tokio::test]
async fn the_three_parameters_of_v0_15() {
    let s = setup_mcpmark().await;
    let tools = s.client.list_tools().await;
    let copilot = schema_of(&tools, "assign_copilot_to_issue");
    assert_eq!(copilot["required"], json!(["owner", "repo", "issueNumber"]));
    let dismiss = schema_of(&tools, "dismiss_notification");
    assert_eq!(dismiss["required"], json!(["threadID"]));
    assert_eq!(dismiss["properties"]["state"]["default"], "read");
    let search = schema_of(&tools, "search_repositories");
    assert_eq!(search["required"], json!(["query"]));
    let comments = schema_of(&tools, "get_issue_comments");
    assert!(
        comments["properties"].get("perPage").is_some(),
        "{comments}"
    );
    let sub = schema_of(&tools, "list_sub_issues");
    assert!(sub["properties"].get("per_page").is_some(), "{sub}");
}

/// GitHub's server v0.15.0 declares `state` optional and then refuses a call without it; we
/// mark the thread read, the dismissal that can be undone.
#[tokio::test]
async fn dismiss_notification_without_state_marks_the_thread_read() {
    let s = setup_mcpmark().await;
    mcp_testkit::expect("PATCH", "/notifications/threads/42")
        .bearer(TOKEN)
        .respond_with(&s.fake, mcp_testkit::wiremock::ResponseTemplate::new(205))
        .await;
    let v = s
        .client
        .call_ok("dismiss_notification", json!({"threadID": "42"}))
        .await;
    assert_eq!(v, json!({"thread_id": "42", "state": "read"}));
}

#[tokio::test]
async fn our_names_are_not_callable() {
    let s = setup_mcpmark().await;
    let tools = s.client.list_tools().await;
    assert!(tools.iter().all(|t| !t.name.starts_with("github_")));
    let err = s.client.call_protocol_err("github_get_me", json!({})).await;
    assert!(err.contains("unknown tool"), "{err}");
    no_requests(&s).await;
}
