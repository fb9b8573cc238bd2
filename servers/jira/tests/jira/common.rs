//! A fake Jira, a server pointed at it, and a client sending an OAuth token and cloud id.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "eyJraWQiOiJmYWtlIn0.jira-oauth-token";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(
        &jira_mcp_server::SPEC,
        json!({ "access_token": TOKEN, "selected_cloud_id": "11223344-a1b2-3b33-c444-def123456789" }),
    )
    .await
}

/// `method path` with the bearer token and exactly these query parameters.
pub fn req(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    expect(method, path).bearer(TOKEN).queries(query)
}

/// Jira's error body.
pub fn jira_error(messages: &[&str], errors: Value) -> Value {
    json!({"errorMessages": messages, "errors": errors})
}

/// An issue as Jira's REST API v3 answers it.
pub fn issue_json(key: &str, summary: &str) -> Value {
    json!({
        "expand": "renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations",
        "id": "10002",
        "self": format!("https://your-domain.atlassian.net/rest/api/3/issue/10002"),
        "key": key,
        "fields": {
            "summary": summary,
            "status": {"self": "https://x/rest/api/3/status/3", "description": "", "iconUrl": "https://x/i.png", "name": "In Progress", "id": "3",
                        "statusCategory": {"self": "https://x", "id": 4, "key": "indeterminate", "colorName": "yellow", "name": "In Progress"}},
            "assignee": {"self": "https://x/user", "accountId": "5b10a2844c20165700ede21g", "displayName": "Mia Krystof", "active": true,
                          "avatarUrls": {"48x48": "https://a/48"}, "timeZone": "Australia/Sydney"},
            "priority": {"self": "https://x/priority/3", "iconUrl": "https://x/p.svg", "name": "Medium", "id": "3"},
            "issuetype": {"self": "https://x/issuetype/1", "id": "1", "description": "A task", "iconUrl": "https://x/t.svg", "name": "Task", "subtask": false, "avatarId": 1},
            "updated": "2026-11-30T10:00:00.000+0000",
            "labels": [],
        }
    })
}
