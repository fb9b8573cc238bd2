//! The tool surface: every tool of the Klavis catalog's `gmail` entry with its parameters,
//! the tools beyond it, valid schemas, and annotations that match what each tool does.

use serde_json::{Value, json};

use crate::common::setup;

const BEYOND_CATALOG: &[&str] = &[
    "gmail_reply_email",
    "gmail_forward_email",
    "gmail_trash_email",
    "gmail_untrash_email",
    "gmail_get_profile",
    "gmail_list_drafts",
    "gmail_get_draft",
    "gmail_send_draft",
    "gmail_delete_draft",
    "gmail_list_threads",
    "gmail_get_thread",
    "gmail_list_labels",
    "gmail_create_label",
    "gmail_delete_label",
];

const DESTRUCTIVE: &[&str] = &[
    "gmail_delete_email",
    "gmail_batch_delete_emails",
    "gmail_delete_draft",
    "gmail_delete_label",
];

const IDEMPOTENT_WRITES: &[&str] = &[
    "gmail_modify_email",
    "gmail_batch_modify_emails",
    "gmail_trash_email",
    "gmail_untrash_email",
];

fn is_read(name: &str) -> bool {
    ["get_", "list_", "search_", "read_"]
        .iter()
        .any(|p| name.starts_with(&format!("gmail_{p}")))
}

#[tokio::test]
async fn tools_beyond_the_catalog_and_their_annotations() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "gmail");
    extra.sort();
    let mut want: Vec<String> = BEYOND_CATALOG.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(extra, want);
    for tool in &tools {
        let name = tool.name.as_ref();
        let a = tool.annotations.as_ref().unwrap();
        assert_eq!(
            a.read_only_hint,
            Some(is_read(name)),
            "{name}: readOnlyHint"
        );
        assert_eq!(
            a.destructive_hint,
            Some(DESTRUCTIVE.contains(&name)),
            "{name}: destructiveHint"
        );
        let idempotent = is_read(name) || IDEMPOTENT_WRITES.contains(&name);
        assert_eq!(
            a.idempotent_hint,
            Some(idempotent),
            "{name}: idempotentHint"
        );
    }
}

#[tokio::test]
async fn enums_follow_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let prop = |tool: &str, param: &str| {
        let t = tools.iter().find(|t| t.name == tool).unwrap();
        Value::Object((*t.input_schema).clone())["properties"][param].clone()
    };
    for t in ["gmail_send_email", "gmail_draft_email"] {
        assert_eq!(
            prop(t, "mimeType")["enum"],
            json!(["text/plain", "text/html", "multipart/alternative"])
        );
        assert_eq!(prop(t, "to")["items"]["type"], "string");
    }
    assert_eq!(
        prop("gmail_search_contacts", "contactType")["enum"],
        json!(["all", "personal", "other", "directory"])
    );
    assert_eq!(
        prop("gmail_search_contacts", "directorySources")["enum"],
        json!(["UNSPECIFIED", "DOMAIN_DIRECTORY", "DOMAIN_CONTACTS"])
    );
    assert_eq!(
        prop("gmail_send_email", "attachments")["items"]["required"],
        json!(["filename"])
    );
}

#[tokio::test]
async fn read_only_mode_hides_every_write() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let settings = mcp_shared::Settings {
        read_only: true,
        ..mcp_testkit::settings_for(&fake.uri())
    };
    let server = mcp_testkit::TestServer::start(&gmail_mcp_server::SPEC, settings).await;
    let tools = server.client("t").await.list_tools().await;
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert!(names.contains(&"gmail_read_email") && names.contains(&"gmail_search_contacts"));
    assert!(
        !names
            .iter()
            .any(|n| n.contains("send") || n.contains("delete")),
        "{names:?}"
    );
}

#[tokio::test]
async fn catalog_defaults_are_declared() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let prop = |tool: &str, param: &str| {
        let t = tools.iter().find(|t| t.name == tool).unwrap();
        Value::Object((*t.input_schema).clone())["properties"][param].clone()
    };
    assert_eq!(
        prop("gmail_batch_modify_emails", "batchSize")["default"],
        50
    );
    assert_eq!(
        prop("gmail_batch_delete_emails", "batchSize")["default"],
        50
    );
    assert_eq!(
        prop("gmail_search_contacts", "contactType")["default"],
        "all"
    );
    assert_eq!(prop("gmail_search_contacts", "pageSize")["default"], 10);
    assert_eq!(
        prop("gmail_search_contacts", "directorySources")["default"],
        "UNSPECIFIED"
    );
}
