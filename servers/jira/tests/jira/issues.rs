use crate::common::{TOKEN, issue_json, jira_error, req, setup};
use mcp_testkit::expect;
use serde_json::json;

const LIST_FIELDS: &str = "summary,status,assignee,priority,issuetype,updated";

#[tokio::test]
async fn search_uses_search_jql_with_token_pages() {
    let s = setup().await;
    req(
        "GET",
        "/rest/api/3/search/jql",
        &[
            ("jql", "project = PROJ ORDER BY updated DESC"),
            ("maxResults", "2"),
            ("fields", "summary,status"),
            ("nextPageToken", "tok1"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"issues": [issue_json("PROJ-1", "First")], "nextPageToken": "tok2", "isLast": false}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "jira_search",
            json!({"jql": "project = PROJ ORDER BY updated DESC", "fields": "summary, status", "limit": 2, "next_page_token": "tok1"}),
        )
        .await;
    assert_eq!(v["next_page_token"], "tok2");
    let i = &v["issues"][0];
    assert_eq!(i["key"], "PROJ-1");
    assert_eq!(i["status"], "In Progress");
    assert_eq!(i["issuetype"], "Task");
    assert_eq!(
        i["assignee"],
        json!({"name": "Mia Krystof", "accountId": "5b10a2844c20165700ede21g"})
    );
    assert!(i.get("labels").is_none(), "{i}");
}

#[tokio::test]
async fn search_emulates_start_at_and_applies_projects_filter() {
    let s = setup().await;
    req(
        "GET",
        "/rest/api/3/search/jql",
        &[
            ("jql", "project IN (\"A\", \"B\") AND (status = Done) ORDER BY created"),
            ("maxResults", "3"),
            ("fields", LIST_FIELDS),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"issues": [issue_json("A-1", "one"), issue_json("A-2", "two"), issue_json("B-3", "three")], "isLast": true}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "jira_search",
            json!({"jql": "status = Done ORDER BY created", "limit": 1, "startAt": 2, "projects_filter": "A,B"}),
        )
        .await;
    assert_eq!(v["issues"].as_array().unwrap().len(), 1);
    assert_eq!(v["issues"][0]["key"], "B-3");
    assert_eq!(v["next_page_token"], serde_json::Value::Null);
    let err = s
        .client
        .call_err(
            "jira_search",
            json!({"jql": "x = 1", "startAt": 95, "limit": 10}),
        )
        .await;
    assert!(err.contains("next_page_token"), "{err}");
}

#[tokio::test]
async fn search_reports_jql_errors() {
    let s = setup().await;
    req(
        "GET",
        "/rest/api/3/search/jql",
        &[
            ("jql", "nonsense =="),
            ("maxResults", "10"),
            ("fields", LIST_FIELDS),
        ],
    )
    .respond(
        &s.fake,
        400,
        jira_error(
            &["Error in the JQL Query: Expecting either a value, list or function but got '='."],
            json!({}),
        ),
    )
    .await;
    let err = s
        .client
        .call_err("jira_search", json!({"jql": "nonsense =="}))
        .await;
    assert!(err.contains("Error in the JQL Query"), "{err}");
    let err = s.client.call_err("jira_search", json!({"jql": " "})).await;
    assert!(err.contains("jql must not be empty"), "{err}");
}

#[tokio::test]
async fn project_and_epic_issues() {
    let s = setup().await;
    req(
        "GET",
        "/rest/api/3/search/jql",
        &[
            ("jql", "project = \"PROJ\" ORDER BY created DESC"),
            ("maxResults", "10"),
            ("fields", LIST_FIELDS),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"issues": [issue_json("PROJ-9", "p")], "isLast": true}),
    )
    .await;
    let v = s
        .client
        .call_ok("jira_get_project_issues", json!({"project_key": "PROJ"}))
        .await;
    assert_eq!(v["issues"][0]["key"], "PROJ-9");
    req(
        "GET",
        "/rest/api/3/search/jql",
        &[
            ("jql", "parent = \"PROJ-1\" ORDER BY rank"),
            ("maxResults", "5"),
            ("fields", LIST_FIELDS),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"issues": [issue_json("PROJ-2", "child")], "nextPageToken": "n2"}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "jira_get_epic_issues",
            json!({"epic_key": "PROJ-1", "limit": 5}),
        )
        .await;
    assert_eq!(v["issues"][0]["summary"], "child");
    assert_eq!(v["next_page_token"], "n2");
    let err = s
        .client
        .call_err("jira_get_epic_issues", json!({"epic_key": ""}))
        .await;
    assert!(err.contains("epic_key"), "{err}");
}

#[tokio::test]
async fn get_issue_renders_description_and_comments() {
    let s = setup().await;
    let mut body = issue_json("PROJ-7", "Fix login");
    body["fields"]["description"] = json!({"type": "doc", "version": 1, "content": [
        {"type": "paragraph", "content": [{"type": "text", "text": "Steps", "marks": [{"type": "strong"}]}]},
        {"type": "bulletList", "content": [{"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "open"}]}]}]}
    ]});
    body["fields"]["parent"] = json!({"id": "1", "key": "PROJ-1", "self": "https://x", "fields": {"summary": "Epic", "status": {"name": "To Do", "id": "1"}}});
    req(
        "GET",
        "/rest/api/3/issue/PROJ-7",
        &[
            ("fields", "summary,description"),
            ("expand", "renderedFields"),
            ("updateHistory", "false"),
        ],
    )
    .respond(&s.fake, 200, body)
    .await;
    req(
        "GET",
        "/rest/api/3/issue/PROJ-7/comment",
        &[("maxResults", "2"), ("orderBy", "-created")],
    )
    .respond(
        &s.fake,
        200,
        json!({"startAt": 0, "maxResults": 2, "total": 1, "comments": [{
            "id": "10000", "self": "https://x/comment/10000",
            "author": {"accountId": "5b10", "displayName": "Mia Krystof", "active": true},
            "body": {"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Looks good"}]}]},
            "created": "2026-11-29T10:00:00.000+0000", "updated": "2026-11-29T10:00:00.000+0000"
        }]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "jira_get_issue",
            json!({"issue_key": "PROJ-7", "fields": "summary,description", "expand": "renderedFields", "comment_limit": 2, "update_history": false}),
        )
        .await;
    assert_eq!(v["description"], "**Steps**\n\n- open");
    assert_eq!(
        v["parent"],
        json!({"key": "PROJ-1", "summary": "Epic", "status": "To Do"})
    );
    assert_eq!(v["comments"][0]["body"], "Looks good");
    assert_eq!(v["comments"][0]["author"], "Mia Krystof");
}

#[tokio::test]
async fn get_issue_not_found_and_no_comments() {
    let s = setup().await;
    let fields = "summary,status,issuetype,priority,assignee,reporter,created,updated,duedate,resolution,labels,components,fixVersions,parent,subtasks,issuelinks,description";
    req(
        "GET",
        "/rest/api/3/issue/NOPE-1",
        &[("fields", fields), ("updateHistory", "true")],
    )
    .respond(
        &s.fake,
        404,
        jira_error(
            &["Issue does not exist or you do not have permission to see it."],
            json!({}),
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "jira_get_issue",
            json!({"issue_key": "NOPE-1", "comment_limit": 0}),
        )
        .await;
    assert!(err.contains("Issue does not exist"), "{err}");
}

#[tokio::test]
async fn create_issue_sends_adf_and_fields() {
    let s = setup().await;
    req("POST", "/rest/api/3/issue", &[])
        .json_body(json!({"fields": {
            "project": {"key": "PROJ"},
            "summary": "New bug",
            "issuetype": {"name": "Bug"},
            "assignee": {"accountId": "5b10a2844c20165700ede21g"},
            "components": [{"name": "API"}, {"name": "Web"}],
            "priority": {"name": "High"},
            "description": {"type": "doc", "version": 1, "content": [
                {"type": "paragraph", "content": [
                    {"type": "text", "text": "Broken for "},
                    {"type": "mention", "attrs": {"id": "5b10a2844c20165700ede21g", "text": "@Mia"}}
                ]}
            ]}
        }}))
        .respond(
            &s.fake,
            201,
            json!({"id": "10000", "key": "PROJ-24", "self": "https://your-domain.atlassian.net/rest/api/3/issue/10000"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "jira_create_issue",
            json!({
                "project_key": "PROJ", "summary": "New bug", "issue_type": "Bug",
                "assignee": "5b10a2844c20165700ede21g",
                "description": "Broken for [@Mia](accountid:5b10a2844c20165700ede21g)",
                "components": "API, Web",
                "additional_fields": "{\"priority\": {\"name\": \"High\"}}"
            }),
        )
        .await;
    assert_eq!(v, json!({"id": "10000", "key": "PROJ-24"}));
    let err = s
        .client
        .call_err(
            "jira_create_issue",
            json!({"project_key": "PROJ", "summary": "x", "issue_type": "Bug", "additional_fields": "not json"}),
        )
        .await;
    assert!(
        err.contains("additional_fields must be a JSON object"),
        "{err}"
    );
}

#[tokio::test]
async fn create_issue_field_errors_are_reported() {
    let s = setup().await;
    req("POST", "/rest/api/3/issue", &[])
        .json_body(json!({"fields": {"project": {"key": "PROJ"}, "summary": "S", "issuetype": {"name": "Nope"}}}))
        .respond(
            &s.fake,
            400,
            jira_error(&[], json!({"issuetype": "Specify an issue type"})),
        )
        .await;
    let err = s
        .client
        .call_err(
            "jira_create_issue",
            json!({"project_key": "PROJ", "summary": "S", "issue_type": "Nope"}),
        )
        .await;
    assert!(err.contains("issuetype: Specify an issue type"), "{err}");
}

#[tokio::test]
async fn update_issue_puts_fields() {
    let s = setup().await;
    req("PUT", "/rest/api/3/issue/PROJ-7", &[])
        .json_body(json!({"fields": {
            "summary": "Renamed",
            "labels": ["x"],
            "description": {"type": "doc", "version": 1, "content": [{"type": "heading", "attrs": {"level": 2}, "content": [{"type": "text", "text": "Plan"}]}]}
        }}))
        .respond(&s.fake, 204, serde_json::Value::Null)
        .await;
    let v = s
        .client
        .call_ok(
            "jira_update_issue",
            json!({"issue_key": "PROJ-7", "fields": "{\"summary\": \"Renamed\", \"description\": \"## Plan\"}", "additional_fields": "{\"labels\": [\"x\"]}"}),
        )
        .await;
    assert_eq!(v["updated"], "PROJ-7");
    let err = s
        .client
        .call_err(
            "jira_update_issue",
            json!({"issue_key": "PROJ-7", "fields": "{\"summary\": \"x\"}", "attachments": "/tmp/a.png"}),
        )
        .await;
    assert!(err.contains("attachments cannot be uploaded"), "{err}");
    let err = s
        .client
        .call_err(
            "jira_update_issue",
            json!({"issue_key": "PROJ-7", "fields": "{}"}),
        )
        .await;
    assert!(err.contains("at least one field"), "{err}");
}

#[tokio::test]
async fn delete_issue_and_forbidden() {
    let s = setup().await;
    req("DELETE", "/rest/api/3/issue/PROJ-7", &[])
        .respond(&s.fake, 204, serde_json::Value::Null)
        .await;
    let v = s
        .client
        .call_ok("jira_delete_issue", json!({"issue_key": "PROJ-7"}))
        .await;
    assert_eq!(v["deleted"], "PROJ-7");
    req("DELETE", "/rest/api/3/issue/PROJ-8", &[])
        .respond(
            &s.fake,
            400,
            jira_error(&["The issue has subtasks. Delete them first."], json!({})),
        )
        .await;
    let err = s
        .client
        .call_err("jira_delete_issue", json!({"issue_key": "PROJ-8"}))
        .await;
    assert!(err.contains("has subtasks"), "{err}");
}

#[tokio::test]
async fn add_comment_converts_markdown() {
    let s = setup().await;
    req("POST", "/rest/api/3/issue/PROJ-7/comment", &[])
        .json_body(json!({"body": {"type": "doc", "version": 1, "content": [
            {"type": "paragraph", "content": [{"type": "text", "text": "Done in "}, {"type": "text", "text": "main", "marks": [{"type": "code"}]}]}
        ]}}))
        .respond(
            &s.fake,
            201,
            json!({"id": "10001", "self": "https://x", "author": {"accountId": "1", "displayName": "Mia Krystof"}, "body": {"type": "doc", "version": 1, "content": []}, "created": "2026-12-01T10:00:00.000+0000"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "jira_add_comment",
            json!({"issue_key": "PROJ-7", "comment": "Done in `main`"}),
        )
        .await;
    assert_eq!(v["id"], "10001");
    assert_eq!(v["author"], "Mia Krystof");
    let err = s
        .client
        .call_err(
            "jira_add_comment",
            json!({"issue_key": "PROJ-7", "comment": ""}),
        )
        .await;
    assert!(err.contains("comment must not be empty"), "{err}");
}

#[tokio::test]
async fn transitions_list_and_do() {
    let s = setup().await;
    req("GET", "/rest/api/3/issue/PROJ-7/transitions", &[])
        .respond(
            &s.fake,
            200,
            json!({"expand": "transitions", "transitions": [{"id": "31", "name": "Done", "hasScreen": false,
                "to": {"self": "https://x", "id": "10001", "name": "Done", "statusCategory": {"id": 3, "key": "done", "name": "Done"}}}]}),
        )
        .await;
    let v = s
        .client
        .call_ok("jira_get_transitions", json!({"issue_key": "PROJ-7"}))
        .await;
    assert_eq!(
        v["transitions"][0],
        json!({"id": "31", "name": "Done", "to": "Done", "category": "Done"})
    );
    req("POST", "/rest/api/3/issue/PROJ-7/transitions", &[])
        .json_body(json!({
            "transition": {"id": "31"},
            "fields": {"resolution": {"name": "Done"}},
            "update": {"comment": [{"add": {"body": {"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Shipped"}]}]}}}]}
        }))
        .respond(&s.fake, 204, serde_json::Value::Null)
        .await;
    let v = s
        .client
        .call_ok(
            "jira_transition_issue",
            json!({"issue_key": "PROJ-7", "transition_id": "31", "comment": "Shipped", "fields": "{\"resolution\": {\"name\": \"Done\"}}"}),
        )
        .await;
    assert_eq!(v["transition_id"], "31");
    req("POST", "/rest/api/3/issue/PROJ-7/transitions", &[])
        .json_body(json!({"transition": {"id": "99"}}))
        .respond(
            &s.fake,
            400,
            jira_error(
                &["Transition id '99' is not valid for this issue."],
                json!({}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "jira_transition_issue",
            json!({"issue_key": "PROJ-7", "transition_id": "99"}),
        )
        .await;
    assert!(err.contains("is not valid for this issue"), "{err}");
}

#[tokio::test]
async fn assignable_users() {
    let s = setup().await;
    req(
        "GET",
        "/rest/api/3/user/assignable/search",
        &[("project", "PROJ"), ("query", "mia"), ("maxResults", "50")],
    )
    .respond(
        &s.fake,
        200,
        json!([{"self": "https://x", "accountId": "5b10", "accountType": "atlassian", "emailAddress": "mia@example.com",
                "avatarUrls": {}, "displayName": "Mia Krystof", "active": true, "timeZone": "Australia/Sydney"}]),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "jira_get_assignable_users",
            json!({"project_key": "PROJ", "query": "mia"}),
        )
        .await;
    assert_eq!(
        v["users"][0],
        json!({"accountId": "5b10", "displayName": "Mia Krystof", "emailAddress": "mia@example.com", "active": true})
    );
    let err = s
        .client
        .call_err("jira_get_assignable_users", json!({"query": "mia"}))
        .await;
    assert!(err.contains("project_key or issue_key"), "{err}");
}

#[tokio::test]
async fn search_fields_filters_by_keyword() {
    let s = setup().await;
    req("GET", "/rest/api/3/field", &[])
        .respond(
            &s.fake,
            200,
            json!([
                {"id": "summary", "key": "summary", "name": "Summary", "custom": false, "orderable": true, "navigable": true, "searchable": true, "clauseNames": ["summary"], "schema": {"type": "string", "system": "summary"}},
                {"id": "customfield_10016", "key": "customfield_10016", "name": "Story point estimate", "custom": true, "clauseNames": ["cf[10016]"], "schema": {"type": "number", "custom": "com.pyxis.greenhopper.jira:jsw-story-points", "customId": 10016}}
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok("jira_search_fields", json!({"keyword": "story"}))
        .await;
    assert_eq!(
        v["fields"],
        json!([{"id": "customfield_10016", "name": "Story point estimate", "custom": true, "type": "number", "items": null}])
    );
}

#[tokio::test]
async fn search_fields_unauthorized() {
    let s = setup().await;
    req("GET", "/rest/api/3/field", &[])
        .respond(
            &s.fake,
            401,
            json!({"code": 401, "message": "Unauthorized; scope does not match"}),
        )
        .await;
    let err = s.client.call_err("jira_search_fields", json!({})).await;
    assert!(err.contains("scope does not match"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
}

#[tokio::test]
async fn link_types() {
    let s = setup().await;
    req("GET", "/rest/api/3/issueLinkType", &[])
        .respond(
            &s.fake,
            200,
            json!({"issueLinkTypes": [{"id": "1000", "name": "Duplicate", "inward": "Duplicated by", "outward": "Duplicates", "self": "https://x"}]}),
        )
        .await;
    let v = s.client.call_ok("jira_get_link_types", json!({})).await;
    assert_eq!(
        v["link_types"][0],
        json!({"id": "1000", "name": "Duplicate", "inward": "Duplicated by", "outward": "Duplicates"})
    );
}

#[tokio::test]
async fn api_token_goes_as_basic_auth() {
    let s = setup().await;
    let client = s
        .client_with(
            json!({"email": "me@example.com", "api_token": "ATATT3xFfGF0", "site": "acme"}),
        )
        .await;
    // base64("me@example.com:ATATT3xFfGF0")
    expect("GET", "/rest/api/3/issueLinkType")
        .header(
            "authorization",
            "Basic bWVAZXhhbXBsZS5jb206QVRBVFQzeEZmR0Yw",
        )
        .respond(&s.fake, 200, json!({"issueLinkTypes": []}))
        .await;
    let v = client.call_ok("jira_get_link_types", json!({})).await;
    assert_eq!(v["link_types"], json!([]));
}
