//! The tool surface beyond what the standard suite checks (the Klavis catalog's tools and
//! parameters, with the deviations below where GitHub's API differs; valid schemas): the tools
//! added to the catalog's, annotations that match what each tool does, GitHub's enums and
//! defaults, and, under `--tool-names official --toolsets all`, the tools of GitHub's own MCP
//! server (the catalog's `github_official` entry) except those the README lists as not
//! implemented yet.

use std::collections::BTreeSet;

use mcp_shared::reexports::rmcp::model::Tool;
use serde_json::Value;

use crate::common::{Setup, no_requests, setup, setup_all, setup_official};

/// The Klavis catalog's tools.
const KLAVIS_TOOLS: usize = 32;

/// Tools beyond the Klavis catalog listed by default: operations of GitHub's official server
/// in the default toolsets, in our naming.
const ADDED_BY_DEFAULT: &[&str] = &[
    "github_add_comment_to_pending_review",
    "github_add_reply_to_pull_request_comment",
    "github_add_sub_issue",
    "github_assign_copilot_to_issue",
    "github_delete_file",
    "github_delete_pending_pull_request_review",
    "github_get_commit",
    "github_get_label",
    "github_get_latest_release",
    "github_get_pull_request_diff",
    "github_get_release_by_tag",
    "github_get_tag",
    "github_get_team_members",
    "github_get_teams",
    "github_list_branches",
    "github_list_issue_labels",
    "github_list_issue_types",
    "github_list_releases",
    "github_list_sub_issues",
    "github_list_tags",
    "github_remove_sub_issue",
    "github_reprioritize_sub_issue",
    "github_request_copilot_review",
    "github_search_pull_requests",
    "github_submit_pending_pull_request_review",
];

/// Tools that delete or overwrite what cannot be restored.
const DESTRUCTIVE: &[&str] = &[
    "github_delete_file",
    "github_delete_label",
    "github_delete_workflow_run_logs",
    "github_delete_pending_pull_request_review",
    "github_delete_project_item",
];

/// Parameters of GitHub's server's tools (official and v0.15.0) that the catalog marks required
/// and GitHub does not require: optional here.
pub const OFFICIAL_NOT_REQUIRED: &[(&str, &str)] = &[("create_or_update_file", "branch")];

/// Parameters the catalog marks required that GitHub does not require: they are optional here.
pub const NOT_REQUIRED_BY_GITHUB: &[(&str, &str)] = &[
    ("github_create_or_update_file", "branch"),
    ("github_create_pull_request_review", "event"),
];

/// Parameters the Smithery server (`--profile atlas`) requires that GitHub does not: optional
/// here.
pub const NOT_REQUIRED_BY_SMITHERY: &[(&str, &str)] = &[("create_or_update_file", "branch")];

/// Tools that only read (`readOnlyHint`), and tools whose repetition changes nothing more
/// (`idempotentHint` among the writes).
const IDEMPOTENT_WRITES: &[&str] = &[
    "github_update_issue",
    "github_update_pull_request",
    "github_fork_repository",
    "github_add_sub_issue",
    "github_remove_sub_issue",
    "github_reprioritize_sub_issue",
    "github_assign_copilot_to_issue",
    "github_request_copilot_review",
    "github_cancel_workflow_run",
    "github_update_label",
    "github_star_repository",
    "github_unstar_repository",
    "github_update_gist",
    "github_dismiss_notification",
    "github_mark_all_notifications_read",
    "github_manage_notification_subscription",
    "github_manage_repository_notification_subscription",
    "github_update_project_item",
];

fn is_read(name: &str) -> bool {
    ["get_", "list_", "search_", "download_"]
        .iter()
        .any(|p| name.starts_with(&format!("github_{p}")))
}

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "github");
    extra.sort();
    assert_eq!(extra, ADDED_BY_DEFAULT, "tools beyond the catalog");
    assert_eq!(tools.len(), KLAVIS_TOOLS + ADDED_BY_DEFAULT.len());
}

/// What a tool's annotations should say, from its name: (readOnly, destructive, idempotent).
fn effects(name: &str) -> (bool, bool, bool) {
    let read = is_read(name);
    (
        read,
        DESTRUCTIVE.contains(&name),
        read || IDEMPOTENT_WRITES.contains(&name),
    )
}

#[tokio::test]
async fn annotations_match_what_each_tool_does() {
    let s = setup_all().await;
    let tools = s.client.list_tools().await;
    let wrong: Vec<String> = tools
        .iter()
        .filter_map(|t| {
            let a = t.annotations.clone().unwrap_or_default();
            let said = (a.read_only_hint, a.destructive_hint, a.idempotent_hint);
            let (r, d, i) = effects(&t.name);
            let want = (Some(r), Some(d), Some(i));
            (said != want).then(|| format!("{}: {said:?}, want {want:?}", t.name))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "(readOnlyHint, destructiveHint, idempotentHint) wrong:\n{}",
        wrong.join("\n")
    );
    // Every tool named in the lists exists (a renamed tool would leave a stale entry).
    for name in DESTRUCTIVE.iter().chain(IDEMPOTENT_WRITES) {
        assert!(tools.iter().any(|t| t.name == *name), "no tool {name}");
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

/// The official tools the README says are not implemented yet (its `official-missing` list).
fn documented_missing() -> BTreeSet<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let start = readme
        .find("<!-- official-missing:start -->")
        .expect("README has an official-missing list");
    let end = readme
        .find("<!-- official-missing:end -->")
        .expect("README's official-missing list ends");
    readme[start..end]
        .lines()
        .filter_map(|l| l.strip_prefix("- `"))
        .filter_map(|l| l.split('`').next())
        .map(str::to_owned)
        .collect()
}

/// The tools listed under `--tool-names official --toolsets all`, and the catalog's
/// `github_official` tools.
async fn official_listing() -> (Setup, Vec<Tool>, Vec<Value>) {
    let s = setup_official().await;
    let tools = s.client.list_tools().await;
    let catalog = mcp_testkit::catalog_entry("github_official");
    let official = catalog["tools"].as_array().unwrap().clone();
    (s, tools, official)
}

pub fn names_of<'a>(items: impl IntoIterator<Item = &'a str>) -> BTreeSet<String> {
    items.into_iter().map(str::to_owned).collect()
}

/// The listed tools are among the catalog key's, each with the catalog's parameters (type,
/// enum, required unless `not_required` says otherwise) and read-only hint. Returns the
/// catalog's tools that are not listed.
pub fn assert_like_catalog(
    tools: &[Tool],
    key: &str,
    not_required: &[(&str, &str)],
) -> BTreeSet<String> {
    mcp_testkit::assert_valid_tools(tools);
    let catalog = mcp_testkit::catalog_entry(key);
    let official = catalog["tools"].as_array().unwrap().clone();
    let listed = names_of(tools.iter().map(|t| t.name.as_ref()));
    assert_eq!(listed.len(), tools.len(), "a tool is listed twice");
    let all = names_of(official.iter().map(|t| t["name"].as_str().unwrap()));
    let beyond: Vec<&String> = listed.difference(&all).collect();
    assert!(beyond.is_empty(), "tools {key} does not have: {beyond:?}");
    for ct in &official {
        let name = ct["name"].as_str().unwrap();
        let Some(tool) = tools.iter().find(|t| t.name == name) else {
            continue;
        };
        let schema = Value::Object((*tool.input_schema).clone());
        let required: BTreeSet<&str> = schema["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut want = BTreeSet::new();
        for p in ct["params"].as_array().unwrap() {
            let param = p["name"].as_str().unwrap();
            let prop = &schema["properties"][param];
            assert!(prop.is_object(), "{name}: no parameter `{param}`");
            if let Some(ty) = p["type"].as_str() {
                assert_eq!(prop["type"], ty, "{name}.{param}: type");
            }
            if let Some(e) = p.get("enum") {
                assert_eq!(&prop["enum"], e, "{name}.{param}: enum");
            }
            if p["required"] == true && !not_required.contains(&(name, param)) {
                want.insert(param);
            }
        }
        assert_eq!(required, want, "{name}: required parameters");
        let ro = tool.annotations.as_ref().unwrap().read_only_hint;
        assert_eq!(
            ro,
            Some(ct["read_only"].as_bool().unwrap_or(false)),
            "{name}: readOnlyHint"
        );
    }
    all.difference(&listed).cloned().collect()
}

#[tokio::test]
async fn official_tools_have_githubs_names_and_parameters() {
    let (_s, tools, _) = official_listing().await;
    let missing = assert_like_catalog(&tools, "github_official", OFFICIAL_NOT_REQUIRED);
    assert_eq!(missing, documented_missing());
}

#[tokio::test]
async fn the_readme_lists_the_official_tools_not_implemented_yet() {
    let (_s, tools, official) = official_listing().await;
    let listed = names_of(tools.iter().map(|t| t.name.as_ref()));
    let all = names_of(official.iter().map(|t| t["name"].as_str().unwrap()));
    let missing: BTreeSet<String> = all.difference(&listed).cloned().collect();
    assert_eq!(
        missing,
        documented_missing(),
        "the README's list of official tools not implemented yet is out of date"
    );
}

#[tokio::test]
async fn our_names_are_neither_listed_nor_callable_under_the_official_naming() {
    let (s, tools, _) = official_listing().await;
    let ours: Vec<&str> = tools
        .iter()
        .map(|t| t.name.as_ref())
        .filter(|n| n.starts_with("github_"))
        .collect();
    assert!(
        ours.is_empty(),
        "our names leak into the official naming: {ours:?}"
    );
    let err = s
        .client
        .call_protocol_err("github_get_me", serde_json::json!({}))
        .await;
    assert!(err.contains("unknown tool"), "{err}");
    no_requests(&s).await;
}
