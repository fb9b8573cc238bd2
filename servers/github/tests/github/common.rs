//! Test setup shared by the GitHub tests.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, TestServer, settings_for};

pub const TOKEN: &str = "ghp_test_token_1";

/// A fake GitHub, a server pointed at it, and a client sending `TOKEN`.
pub struct Setup {
    pub fake: MockServer,
    pub server: TestServer,
    pub client: Client,
}

pub async fn setup() -> Setup {
    let fake = MockServer::start().await;
    let server = TestServer::start(&github_mcp_server::SPEC, settings_for(&fake.uri())).await;
    let client = server.client(TOKEN).await;
    Setup { fake, server, client }
}

/// An issue as GitHub's REST API returns it (trimmed to the fields the docs list first).
pub fn issue_json(number: u64, title: &str) -> serde_json::Value {
    serde_json::json!({
        "id": 1000 + number,
        "node_id": "MDU6SXNzdWUx",
        "url": format!("https://api.github.com/repos/octo/hello/issues/{number}"),
        "html_url": format!("https://github.com/octo/hello/issues/{number}"),
        "number": number,
        "state": "open",
        "state_reason": null,
        "title": title,
        "body": "Something is broken",
        "user": {"login": "octocat", "id": 1, "type": "User"},
        "labels": [{"id": 208045946, "name": "bug", "color": "f29513", "default": true}],
        "assignee": null,
        "assignees": [{"login": "hubot", "id": 2}],
        "milestone": null,
        "locked": false,
        "comments": 2,
        "created_at": "2024-01-01T00:00:00Z",
        "updated_at": "2024-01-02T00:00:00Z",
        "closed_at": null,
        "author_association": "OWNER"
    })
}
