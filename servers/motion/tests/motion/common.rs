//! A fake Motion API, a server pointed at it, and a client sending the key.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const KEY: &str = "motion-test-key-0123456789";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(&motion_mcp_server::SPEC, json!({ "api_key": KEY })).await
}

/// `<method> <path>` with the key in `X-API-Key` and these query parameters.
pub fn motion(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    query.iter().fold(
        expect(method, path)
            .header("x-api-key", KEY)
            .header("accept", "application/json"),
        |e, (k, v)| e.query(k, v),
    )
}

/// A task as Motion documents it.
pub fn task_body() -> Value {
    json!({
        "id": "tk_1",
        "name": "Write launch post",
        "description": "<p>Draft</p>",
        "duration": 60,
        "dueDate": "2026-12-10T17:00:00.000Z",
        "deadlineType": "SOFT",
        "parentRecurringTaskId": null,
        "completed": false,
        "completedTime": null,
        "updatedTime": "2026-12-01T08:00:00.000Z",
        "startOn": "2026-12-02",
        "creator": {"id": "u_1", "name": "Ada", "email": "ada@example.com"},
        "project": {"id": "pr_1", "name": "Launch", "description": "", "workspaceId": "ws_1", "status": {"name": "Todo", "isDefaultStatus": true, "isResolvedStatus": false}},
        "workspace": {"id": "ws_1", "name": "Team", "teamId": "t_1", "type": "TEAM", "labels": [], "statuses": []},
        "status": {"name": "Todo", "isDefaultStatus": true, "isResolvedStatus": false},
        "priority": "HIGH",
        "labels": [{"name": "marketing"}],
        "assignees": [{"id": "u_1", "name": "Ada", "email": "ada@example.com"}],
        "scheduledStart": "2026-12-03T09:00:00.000Z",
        "scheduledEnd": "2026-12-03T10:00:00.000Z",
        "createdTime": "2026-12-01T07:00:00.000Z",
        "schedulingIssue": false,
        "lastInteractedTime": "2026-12-01T08:00:00.000Z",
        "customFieldValues": {},
        "chunks": []
    })
}

pub fn task_concise() -> Value {
    json!({
        "id": "tk_1",
        "name": "Write launch post",
        "description": "<p>Draft</p>",
        "status": "Todo",
        "priority": "HIGH",
        "completed": false,
        "dueDate": "2026-12-10T17:00:00.000Z",
        "duration": 60,
        "scheduledStart": "2026-12-03T09:00:00.000Z",
        "scheduledEnd": "2026-12-03T10:00:00.000Z",
        "project_id": "pr_1",
        "project": "Launch",
        "workspace_id": "ws_1",
        "assignees": [{"id": "u_1", "name": "Ada", "email": "ada@example.com"}],
        "labels": ["marketing"]
    })
}

pub fn project_body() -> Value {
    json!({
        "id": "pr_1",
        "name": "Launch",
        "description": "<p>Q1</p>",
        "workspaceId": "ws_1",
        "status": {"name": "Todo", "isDefaultStatus": true, "isResolvedStatus": false},
        "createdTime": "2026-12-01T07:00:00.000Z",
        "updatedTime": "2026-12-01T07:00:00.000Z",
        "customFieldValues": {}
    })
}
