//! The tool surface: every tool of the Klavis catalog's `github` entry, with its parameter
//! names, types and required flags (except the deviations listed below, where GitHub's API
//! differs), valid schemas and annotations that match what each tool does.

use serde_json::Value;

use crate::common::setup;

type Param = (&'static str, &'static str, bool);

/// `(tool, [(parameter, JSON type, required)])`, as the Klavis catalog lists them.
const CATALOG: &[(&str, &[Param])] = &[
    (
        "github_get_code_scanning_alert",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("alertNumber", "number", true),
        ],
    ),
    (
        "github_list_code_scanning_alerts",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("ref", "string", false),
            ("state", "string", false),
            ("severity", "string", false),
        ],
    ),
    (
        "github_get_issue",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("issue_number", "number", true),
        ],
    ),
    (
        "github_add_issue_comment",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("issue_number", "number", true),
            ("body", "string", true),
        ],
    ),
    (
        "github_search_issues",
        &[
            ("q", "string", true),
            ("sort", "string", false),
            ("order", "string", false),
            ("page", "number", false),
            ("perPage", "number", false),
        ],
    ),
    (
        "github_create_issue",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("title", "string", true),
            ("body", "string", false),
            ("assignees", "array", false),
            ("labels", "array", false),
            ("milestone", "number", false),
        ],
    ),
    (
        "github_list_issues",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("state", "string", false),
            ("labels", "array", false),
            ("sort", "string", false),
            ("direction", "string", false),
            ("since", "string", false),
            ("page", "number", false),
            ("perPage", "number", false),
        ],
    ),
    (
        "github_update_issue",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("issue_number", "number", true),
            ("title", "string", false),
            ("body", "string", false),
            ("state", "string", false),
            ("labels", "array", false),
            ("assignees", "array", false),
            ("milestone", "number", false),
        ],
    ),
    (
        "github_get_issue_comments",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("issue_number", "number", true),
            ("page", "number", false),
            ("per_page", "number", false),
        ],
    ),
    (
        "github_get_pull_request",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("pullNumber", "number", true),
        ],
    ),
    (
        "github_update_pull_request",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("pullNumber", "number", true),
            ("title", "string", false),
            ("body", "string", false),
            ("state", "string", false),
            ("base", "string", false),
            ("maintainer_can_modify", "boolean", false),
        ],
    ),
    (
        "github_list_pull_requests",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("state", "string", false),
            ("head", "string", false),
            ("base", "string", false),
            ("sort", "string", false),
            ("direction", "string", false),
            ("page", "number", false),
            ("perPage", "number", false),
        ],
    ),
    (
        "github_merge_pull_request",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("pullNumber", "number", true),
            ("commit_title", "string", false),
            ("commit_message", "string", false),
            ("merge_method", "string", false),
        ],
    ),
    (
        "github_get_pull_request_files",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("pullNumber", "number", true),
        ],
    ),
    (
        "github_get_pull_request_status",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("pullNumber", "number", true),
        ],
    ),
    (
        "github_update_pull_request_branch",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("pullNumber", "number", true),
            ("expectedHeadSha", "string", false),
        ],
    ),
    (
        "github_get_pull_request_comments",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("pullNumber", "number", true),
        ],
    ),
    (
        "github_get_pull_request_reviews",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("pullNumber", "number", true),
        ],
    ),
    (
        "github_create_pull_request_review",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("pullNumber", "number", true),
            ("body", "string", false),
            ("event", "string", true),
            ("commitId", "string", false),
            ("comments", "array", false),
        ],
    ),
    (
        "github_create_pull_request",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("title", "string", true),
            ("body", "string", false),
            ("head", "string", true),
            ("base", "string", true),
            ("draft", "boolean", false),
            ("maintainer_can_modify", "boolean", false),
        ],
    ),
    (
        "github_list_commits",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("sha", "string", false),
            ("page", "number", false),
            ("perPage", "number", false),
        ],
    ),
    (
        "github_create_or_update_file",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("path", "string", true),
            ("content", "string", true),
            ("message", "string", true),
            ("branch", "string", true),
            ("sha", "string", false),
        ],
    ),
    (
        "github_create_repository",
        &[
            ("name", "string", true),
            ("description", "string", false),
            ("private", "boolean", false),
            ("autoInit", "boolean", false),
        ],
    ),
    (
        "github_get_file_contents",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("path", "string", true),
            ("branch", "string", false),
        ],
    ),
    (
        "github_fork_repository",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("organization", "string", false),
        ],
    ),
    (
        "github_create_branch",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("branch", "string", true),
            ("from_branch", "string", false),
        ],
    ),
    (
        "github_push_files",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("branch", "string", true),
            ("files", "array", true),
            ("message", "string", true),
        ],
    ),
    (
        "github_list_recent_stargazers",
        &[
            ("owner", "string", true),
            ("repo", "string", true),
            ("page", "number", false),
            ("perPage", "number", false),
        ],
    ),
    (
        "github_search_repositories",
        &[
            ("query", "string", true),
            ("page", "number", false),
            ("perPage", "number", false),
        ],
    ),
    (
        "github_search_code",
        &[
            ("q", "string", true),
            ("sort", "string", false),
            ("order", "string", false),
            ("page", "number", false),
            ("perPage", "number", false),
        ],
    ),
    (
        "github_search_users",
        &[
            ("q", "string", true),
            ("sort", "string", false),
            ("order", "string", false),
            ("page", "number", false),
            ("perPage", "number", false),
        ],
    ),
    ("github_get_me", &[("reason", "string", false)]),
];

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
    assert_eq!(
        tools.len(),
        CATALOG.len(),
        "{:?}",
        tools.iter().map(|t| t.name.to_string()).collect::<Vec<_>>()
    );
    for (name, params) in CATALOG {
        let tool = tools
            .iter()
            .find(|t| t.name == *name)
            .unwrap_or_else(|| panic!("missing tool {name}"));
        let schema = Value::Object((*tool.input_schema).clone());
        let required: Vec<&str> = schema["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for (param, ty, req) in *params {
            let prop = &schema["properties"][*param];
            assert!(prop.is_object(), "{name}: no parameter {param} in {schema}");
            assert_eq!(prop["type"], *ty, "{name}.{param}: type");
            let req = *req && !NOT_REQUIRED_BY_GITHUB.contains(&(*name, *param));
            assert_eq!(required.contains(param), req, "{name}.{param}: required");
        }
        for r in &required {
            assert!(
                params.iter().any(|(p, _, _)| p == r),
                "{name}: {r} is required but not in the catalog"
            );
        }
        let a = tool.annotations.as_ref().unwrap();
        assert_eq!(
            a.read_only_hint,
            Some(is_read(name)),
            "{name}: readOnlyHint"
        );
        assert_eq!(a.destructive_hint, Some(false), "{name}: destructiveHint");
        let idempotent = is_read(name) || IDEMPOTENT_WRITES.contains(name);
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
