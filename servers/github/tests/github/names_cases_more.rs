//! The cases of [`crate::names`] for Actions, security, gists, notifications, labels,
//! projects and discussions.

use mcp_shared::Profile;
use serde_json::{Value, json};

use crate::names::{Case, body, case, graphql, req};

const O: &[Profile] = &[Profile::Official];
const M: &[Profile] = &[Profile::Mcpmark];

fn repo(extra: Value) -> Value {
    let mut a = json!({"owner": "octo", "repo": "hello"});
    if let (Some(a), Some(e)) = (a.as_object_mut(), extra.as_object()) {
        a.extend(e.clone());
    }
    a
}

pub fn actions() -> Vec<Case> {
    vec![
        case(
            "list_workflows",
            repo(json!({"perPage": 5})),
            vec![req("GET /repos/octo/hello/actions/workflows?per_page=5")],
        ),
        case(
            "list_workflow_runs",
            repo(json!({"workflow_id": "ci.yml", "branch": "main"})),
            vec![req(
                "GET /repos/octo/hello/actions/workflows/ci.yml/runs?branch=main",
            )],
        ),
        case(
            "get_workflow_run",
            repo(json!({"run_id": 30})),
            vec![req("GET /repos/octo/hello/actions/runs/30")],
        ),
        case(
            "get_workflow_run_usage",
            repo(json!({"run_id": 30})),
            vec![req("GET /repos/octo/hello/actions/runs/30/timing")],
        ),
        case(
            "get_workflow_run_logs",
            repo(json!({"run_id": 30})),
            vec![
                req("GET /repos/octo/hello/actions/runs/30/jobs?per_page=100"),
                req("GET /repos/octo/hello/actions/runs/30/logs"),
            ],
        ),
        case(
            "list_workflow_jobs",
            repo(json!({"run_id": 30, "filter": "all"})),
            vec![req("GET /repos/octo/hello/actions/runs/30/jobs?filter=all")],
        ),
        case(
            "get_job_logs",
            repo(json!({"job_id": 40, "tail_lines": 10})),
            vec![
                req("GET /repos/octo/hello/actions/jobs/40/logs"),
                req("GET /download/file"),
            ],
        ),
        case(
            "list_workflow_run_artifacts",
            repo(json!({"run_id": 30})),
            vec![req("GET /repos/octo/hello/actions/runs/30/artifacts")],
        ),
        case(
            "download_workflow_run_artifact",
            repo(json!({"artifact_id": 5})),
            vec![
                req("GET /repos/octo/hello/actions/artifacts/5"),
                req("GET /repos/octo/hello/actions/artifacts/5/zip"),
            ],
        ),
        case(
            "run_workflow",
            repo(json!({"workflow_id": "ci.yml", "ref": "main", "inputs": {"a": "b"}})),
            vec![body(
                "POST /repos/octo/hello/actions/workflows/ci.yml/dispatches",
                json!({"inputs":{"a":"b"},"ref":"main"}),
            )],
        ),
        case(
            "rerun_workflow_run",
            repo(json!({"run_id": 30})),
            vec![req("POST /repos/octo/hello/actions/runs/30/rerun")],
        ),
        case(
            "rerun_failed_jobs",
            repo(json!({"run_id": 30})),
            vec![req(
                "POST /repos/octo/hello/actions/runs/30/rerun-failed-jobs",
            )],
        ),
        case(
            "cancel_workflow_run",
            repo(json!({"run_id": 30})),
            vec![req("POST /repos/octo/hello/actions/runs/30/cancel")],
        ),
        case(
            "delete_workflow_run_logs",
            repo(json!({"run_id": 30})),
            vec![req("DELETE /repos/octo/hello/actions/runs/30/logs")],
        ),
        case(
            "actions_get",
            repo(json!({"method": "get_workflow", "resource_id": "ci.yml"})),
            vec![req("GET /repos/octo/hello/actions/workflows/ci.yml")],
        )
        .only(O),
        case(
            "actions_list",
            repo(json!({"method": "list_workflows"})),
            vec![req("GET /repos/octo/hello/actions/workflows")],
        )
        .only(O),
        case(
            "actions_run_trigger",
            repo(json!({"method": "cancel_workflow_run", "run_id": 30})),
            vec![req("POST /repos/octo/hello/actions/runs/30/cancel")],
        )
        .only(O),
    ]
}

pub fn security() -> Vec<Case> {
    vec![
        case(
            "get_code_scanning_alert",
            repo(json!({"alertNumber": 3})),
            vec![req("GET /repos/octo/hello/code-scanning/alerts/3")],
        ),
        case(
            "list_code_scanning_alerts",
            repo(json!({"severity": "high"})),
            vec![req(
                "GET /repos/octo/hello/code-scanning/alerts?state=open&severity=high",
            )],
        ),
        case(
            "list_global_security_advisories",
            json!({"ecosystem": "npm"}),
            vec![req("GET /advisories?ecosystem=npm")],
        ),
        case(
            "get_global_security_advisory",
            json!({"ghsaId": "GHSA-xxxx-xxxx-xxxx"}),
            vec![req("GET /advisories/GHSA-xxxx-xxxx-xxxx")],
        ),
        case(
            "list_repository_security_advisories",
            repo(json!({"state": "published"})),
            vec![req(
                "GET /repos/octo/hello/security-advisories?state=published",
            )],
        ),
        case(
            "list_org_repository_security_advisories",
            json!({"org": "acme"}),
            vec![req("GET /orgs/acme/security-advisories")],
        ),
        case(
            "list_dependabot_alerts",
            repo(json!({"severity": "critical"})),
            vec![req(
                "GET /repos/octo/hello/dependabot/alerts?state=open&severity=critical",
            )],
        ),
        case(
            "get_dependabot_alert",
            repo(json!({"alertNumber": 3})),
            vec![req("GET /repos/octo/hello/dependabot/alerts/3")],
        ),
        case(
            "list_secret_scanning_alerts",
            repo(json!({"state": "open"})),
            vec![req(
                "GET /repos/octo/hello/secret-scanning/alerts?state=open&hide_secret=true",
            )],
        ),
        case(
            "get_secret_scanning_alert",
            repo(json!({"alertNumber": 3})),
            vec![req(
                "GET /repos/octo/hello/secret-scanning/alerts/3?hide_secret=true",
            )],
        ),
    ]
}

pub fn gists_and_notifications() -> Vec<Case> {
    vec![
        case(
            "list_gists",
            json!({"username": "mona"}),
            vec![req("GET /users/mona/gists")],
        ),
        case(
            "get_gist",
            json!({"gist_id": "aa5a315d"}),
            vec![req("GET /gists/aa5a315d")],
        )
        .only(O),
        case(
            "create_gist",
            json!({"filename": "a.md", "content": "hi", "public": true}),
            vec![body(
                "POST /gists",
                json!({"files":{"a.md":{"content":"hi"}},"public":true}),
            )],
        ),
        case(
            "update_gist",
            json!({"gist_id": "aa5a315d", "filename": "a.md", "content": "hey"}),
            vec![body(
                "PATCH /gists/aa5a315d",
                json!({"files":{"a.md":{"content":"hey"}}}),
            )],
        ),
        case(
            "list_notifications",
            json!({"filter": "include_read_notifications"}),
            vec![req("GET /notifications?all=true")],
        ),
        case(
            "get_notification_details",
            json!({"notificationID": "1"}),
            vec![req("GET /notifications/threads/1")],
        ),
        case(
            "dismiss_notification",
            json!({"threadID": "1", "state": "done"}),
            vec![req("DELETE /notifications/threads/1")],
        ),
        // GitHub's server v0.15.0 declared `state` optional: we mark the thread read.
        case(
            "dismiss_notification",
            json!({"threadID": "1"}),
            vec![req("PATCH /notifications/threads/1")],
        )
        .only(M),
        case(
            "mark_all_notifications_read",
            json!({}),
            vec![body("PUT /notifications", json!({"read":true}))],
        ),
        case(
            "manage_notification_subscription",
            json!({"notificationID": "1", "action": "ignore"}),
            vec![body(
                "PUT /notifications/threads/1/subscription",
                json!({"ignored":true}),
            )],
        ),
        case(
            "manage_repository_notification_subscription",
            repo(json!({"action": "watch"})),
            vec![body(
                "PUT /repos/octo/hello/subscription",
                json!({"ignored":false,"subscribed":true}),
            )],
        ),
    ]
}

pub fn labels_projects_discussions() -> Vec<Case> {
    let project = |extra: Value| {
        let mut a = json!({"owner_type": "org", "owner": "acme", "project_number": 2});
        if let (Some(a), Some(e)) = (a.as_object_mut(), extra.as_object()) {
            a.extend(e.clone());
        }
        a
    };
    vec![
        case("list_label", repo(json!({})), vec![
                req("GET /repos/octo/hello/labels?per_page=100"),
            ]).only(O),
        case("label_write", repo(json!({"method": "delete", "name": "bug"})), vec![
                req("DELETE /repos/octo/hello/labels/bug"),
            ]).only(O),
        case("list_projects", json!({"owner_type": "org", "owner": "acme"}), vec![
                req("GET /orgs/acme/projectsV2"),
            ]).only(O),
        case("get_project", project(json!({})), vec![
                req("GET /orgs/acme/projectsV2/2"),
            ]).only(O),
        case("list_project_fields", project(json!({})), vec![
                req("GET /orgs/acme/projectsV2/2/fields"),
            ]).only(O),
        case("get_project_field", project(json!({"field_id": 9})), vec![
                req("GET /orgs/acme/projectsV2/2/fields/9"),
            ]).only(O),
        case("list_project_items", project(json!({"fields": ["9"]})), vec![
                req("GET /orgs/acme/projectsV2/2/items?fields=9"),
            ]).only(O),
        case("get_project_item", project(json!({"item_id": 11})), vec![
                req("GET /orgs/acme/projectsV2/2/items/11"),
            ]).only(O),
        case("add_project_item", project(json!({"item_type": "issue", "item_id": 1007})), vec![
                body("POST /orgs/acme/projectsV2/2/items", json!({"id":1007,"type":"Issue"})),
            ]).only(O),
        case(
            "update_project_item",
            project(json!({"item_id": 11, "updated_field": {"id": 9, "value": "Done"}})),
            vec![
                body("PATCH /orgs/acme/projectsV2/2/items/11", json!({"fields":[{"id":9,"value":"Done"}]})),
            ],
        )
        .only(O),
        case("delete_project_item", project(json!({"item_id": 11})), vec![
                req("DELETE /orgs/acme/projectsV2/2/items/11"),
            ]).only(O),
        case("projects_list", json!({"method": "list_projects", "owner_type": "org", "owner": "acme"}), vec![
                req("GET /orgs/acme/projectsV2"),
            ]).only(O),
        case("projects_get", json!({"method": "get_project", "owner_type": "org", "owner": "acme", "project_number": 2}), vec![
                req("GET /orgs/acme/projectsV2/2"),
            ]).only(O),
        case(
            "projects_write",
            json!({"method": "delete_project_item", "owner_type": "org", "owner": "acme", "project_number": 2, "item_id": 11}),
            vec![
                req("DELETE /orgs/acme/projectsV2/2/items/11"),
            ],
        )
        .only(O),
        case("list_discussions", repo(json!({"perPage": 5})), vec![
                graphql("ListDiscussions", json!({"first":5,"owner":"octo","repo":"hello"})),
            ]),
        case("get_discussion", repo(json!({"discussionNumber": 1})), vec![
                graphql("GetDiscussion", json!({"number":1,"owner":"octo","repo":"hello"})),
            ]),
        case("get_discussion_comments", repo(json!({"discussionNumber": 1})), vec![
                graphql("GetDiscussionComments", json!({"first":30,"number":1,"owner":"octo","repo":"hello"})),
            ]),
        case("list_discussion_categories", repo(json!({})), vec![
                graphql("ListDiscussionCategories", json!({"owner":"octo","repo":"hello"})),
            ]),
    ]
}
