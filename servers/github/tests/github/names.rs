//! GitHub's server's names (`--profile official` and `--profile mcpmark`): every tool they
//! list is called once, with that profile's parameter names, and sends exactly the requests its
//! case says (method, path, query and body, in order). A fake GitHub answers every request
//! with a plausible body for its path; the cases are in [`crate::names_cases`] and
//! [`crate::names_cases_more`].

use std::collections::BTreeSet;

use mcp_shared::Profile;
use mcp_testkit::wiremock::{Mock, Request, Respond, ResponseTemplate, matchers};
use serde_json::{Value, json};

use crate::common::{Setup, issue_json, pr_json, repo_json, setup_with, user_json};

/// One call and the requests it must send.
pub struct Case {
    pub tool: &'static str,
    pub args: Value,
    /// Each request, in order: `"METHOD /path?query"` and its JSON body (`Null`: none; for
    /// `/graphql`, `{"operationName", "variables"}`).
    pub sends: Vec<(&'static str, Value)>,
    /// The profiles this case runs in (both by default, where the tool is listed).
    pub profiles: &'static [Profile],
}

pub fn case(tool: &'static str, args: Value, sends: Vec<(&'static str, Value)>) -> Case {
    Case {
        tool,
        args,
        sends,
        profiles: &[Profile::Official, Profile::Mcpmark],
    }
}

impl Case {
    /// Only in this profile (its parameters differ in the other).
    pub fn only(mut self, profile: &'static [Profile]) -> Self {
        self.profiles = profile;
        self
    }
}

/// A request without a body.
pub fn req(line: &'static str) -> (&'static str, Value) {
    (line, Value::Null)
}

/// A request with a JSON body.
pub fn body(line: &'static str, body: Value) -> (&'static str, Value) {
    (line, body)
}

/// A GraphQL request: `POST /graphql` with this operation and these variables.
pub fn graphql(operation: &str, variables: Value) -> (&'static str, Value) {
    (
        "POST /graphql",
        json!({"operationName": operation, "variables": variables}),
    )
}

/// What GitHub answers, by path: enough for every tool to finish. It holds its own address,
/// where downloads are redirected.
struct Fake(String);

const SHA: &str = "6dcb09b5b57875f334f61aebed695e2e4193db5e";

fn graphql_answer(operation: &str) -> Value {
    let data = match operation {
        "GetTeams" => json!({"user": {"organizations": {"nodes": [
            {"login": "acme", "teams": {"nodes": [{"name": "Core", "slug": "core", "description": ""}]}}
        ]}}}),
        "ListDiscussions" => json!({"repository": {"discussions": {
            "nodes": [], "pageInfo": {"hasNextPage": false, "endCursor": null}
        }}}),
        "GetDiscussion" => json!({"repository": {"discussion": {"number": 1, "title": "Hi"}}}),
        "GetDiscussionComments" => json!({"repository": {"discussion": {"comments": {
            "nodes": [], "totalCount": 0, "pageInfo": {"hasNextPage": false, "endCursor": null}
        }}}}),
        "ListDiscussionCategories" => json!({"repository": {"discussionCategories": {
            "nodes": [], "pageInfo": {"hasNextPage": false, "endCursor": null}
        }}}),
        "AddReviewThread" => json!({"addPullRequestReviewThread": {"thread": {
            "id": "PRRT_1", "isResolved": false,
            "comments": {"nodes": [{"id": "PRRC_1", "body": "Nit", "path": "a.rs", "line": 3, "url": "u"}]}
        }}}),
        _ => json!({}),
    };
    json!({ "data": data })
}

fn review(state: &str) -> Value {
    json!({"id": 80, "node_id": "PRR_kwDO", "state": state, "body": "", "user": user_json("octocat", 1),
           "commit_id": SHA, "html_url": "https://github.com/octo/hello/pull/7#pullrequestreview-80"})
}

impl Respond for Fake {
    fn respond(&self, r: &Request) -> ResponseTemplate {
        let path = r.url.path().to_owned();
        let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
        let method = r.method.as_str();
        let json = |v: Value| ResponseTemplate::new(200).set_body_json(v);
        if path == "/graphql" {
            let body: Value = serde_json::from_slice(&r.body).unwrap_or_default();
            return json(graphql_answer(body["operationName"].as_str().unwrap_or("")));
        }
        if path.starts_with("/download/") {
            return ResponseTemplate::new(200).set_body_string("line 1\nline 2\n");
        }
        if path.ends_with("/logs") || path.ends_with("/zip") {
            if method == "DELETE" {
                return ResponseTemplate::new(204);
            }
            let to = format!("{}/download/file", self.0);
            return ResponseTemplate::new(302).insert_header("location", to.as_str());
        }
        if path.starts_with("/search/") {
            return json(json!({"total_count": 0, "incomplete_results": false, "items": []}));
        }
        if method == "DELETE" || path.starts_with("/user/starred") {
            return match (segs.get(3), segs.get(5)) {
                // Deleting a pending review answers with the review.
                (Some(&"pulls"), Some(&"reviews")) => json(review("PENDING")),
                _ => ResponseTemplate::new(204),
            };
        }
        if path.starts_with("/notifications") {
            return match method {
                "GET" if segs.len() == 1 => json(json!([])),
                "GET" if path.ends_with("/subscription") => {
                    json(json!({"subscribed": true, "ignored": false}))
                }
                "GET" => json(json!({"id": "1", "reason": "mention", "unread": true,
                                     "subject": {"title": "Hi", "type": "Issue"}, "repository": repo_json("octo", "hello")})),
                "PUT" if path.ends_with("/subscription") => {
                    json(json!({"subscribed": false, "ignored": true}))
                }
                _ => ResponseTemplate::new(205),
            };
        }
        let tail = segs.get(3..).map(|s| s.join("/")).unwrap_or_default();
        let v = match (method, segs.first().copied(), tail.as_str()) {
            ("GET", Some("user"), _) if segs.len() == 1 => user_json("octocat", 1),
            ("GET", Some("repos"), "") => repo_json("octo", "hello"),
            (_, Some("repos"), t) if t.starts_with("git/ref") => {
                json!({"ref": "refs/heads/main", "object": {"type": "commit", "sha": SHA}})
            }
            ("GET", Some("repos"), t) if t.starts_with("git/commits/") => {
                json!({"sha": SHA, "tree": {"sha": "tree1"}})
            }
            ("GET", Some("repos"), t) if t.starts_with("git/trees/") => {
                json!({"sha": "tree1", "tree": [], "truncated": false})
            }
            ("POST", Some("repos"), "git/trees") => json!({"sha": "tree2"}),
            ("POST", Some("repos"), "git/commits") => {
                json!({"sha": "commit2", "message": "m", "html_url": "https://github.com/octo/hello/commit/commit2"})
            }
            ("GET", Some("repos"), t) if t.starts_with("contents") => json!({
                "type": "file", "encoding": "base64", "content": "aGk=", "size": 2, "name": "a.txt",
                "path": "a.txt", "sha": "95b966ae1c166bd92f8ae7d1c313e738c731dfc3"
            }),
            (_, Some("repos"), t) if t.starts_with("contents") => json!({
                "content": {"path": "a.txt", "sha": "3d21ec5"}, "commit": {"sha": SHA, "message": "m"}
            }),
            ("GET", Some("repos"), t) if t.ends_with("/status") => {
                json!({"state": "success", "sha": SHA, "total_count": 0, "statuses": []})
            }
            ("GET", Some("repos"), t) if t.starts_with("pulls/") && t.ends_with("/reviews") => {
                json!([review("PENDING")])
            }
            ("POST", Some("repos"), t) if t.contains("/reviews") => review("APPROVED"),
            (_, Some("repos"), t)
                if t.starts_with("pulls/")
                    && !t.contains("/files")
                    && !t.ends_with("/comments") =>
            {
                if r.headers
                    .get("accept")
                    .is_some_and(|a| a.as_bytes().ends_with(b".diff"))
                {
                    return ResponseTemplate::new(200).set_body_string("diff --git a/x b/x\n");
                }
                pr_json(7, "Fix")
            }
            (_, Some("repos"), t)
                if t.starts_with("issues/")
                    && !t.ends_with("comments")
                    && !t.ends_with("/sub_issues")
                    && !t.ends_with("/labels") =>
            {
                issue_json(7, "Crash")
            }
            ("POST" | "PATCH", Some("repos"), t)
                if t.starts_with("issues/") || t.starts_with("pulls") =>
            {
                issue_json(7, "Crash")
            }
            ("GET", Some("repos"), t)
                if t.starts_with("actions/runs/")
                    && !t.ends_with("/jobs")
                    && !t.ends_with("/artifacts") =>
            {
                json!({"id": 30, "name": "CI", "status": "completed", "conclusion": "success", "jobs": []})
            }
            ("GET", Some("repos"), t) if t.ends_with("/jobs") => {
                json!({"total_count": 0, "jobs": []})
            }
            ("GET", Some("repos"), t) if t.starts_with("actions/artifacts/") => {
                json!({"id": 5, "name": "dist", "expired": false})
            }
            ("GET", Some("repos"), t)
                if t.starts_with("actions/workflows/") && !t.ends_with("/runs") =>
            {
                json!({"id": 1, "name": "CI", "path": ".github/workflows/ci.yml", "state": "active"})
            }
            ("GET", Some("repos"), t) if t.starts_with("actions/") => {
                json!({"total_count": 0, "workflows": [], "workflow_runs": [], "artifacts": []})
            }
            (_, Some("repos"), t) if t.starts_with("actions/") => {
                return ResponseTemplate::new(201);
            }
            ("GET", Some("repos"), t) if t.starts_with("releases/") || t.starts_with("labels/") => {
                json!({"id": 1, "tag_name": "v1.0", "name": "bug"})
            }
            ("GET", Some("repos"), t)
                if (t.contains("alerts/") || t.starts_with("security-advisories/")) =>
            {
                json!({"number": 3, "state": "open"})
            }
            ("PUT" | "PATCH" | "POST", _, _) => {
                json!({"id": 1, "html_url": "https://github.com/x"})
            }
            ("GET", Some("gists"), _) if segs.len() == 2 => json!({"id": "aa5a315d", "files": {}}),
            ("GET", Some("advisories"), _) if segs.len() == 2 => json!({"ghsa_id": segs[1]}),
            _ => json!([]),
        };
        json(v)
    }
}

/// The requests the fake received, as `"METHOD /path?query"` and body.
async fn received(s: &Setup) -> Vec<(String, Value)> {
    s.fake
        .received_requests()
        .await
        .unwrap_or_default()
        .into_iter()
        .map(|r| {
            let line = match r.url.query() {
                Some(q) => format!("{} {}?{q}", r.method, r.url.path()),
                None => format!("{} {}", r.method, r.url.path()),
            };
            let mut body: Value = if r.body.is_empty() {
                Value::Null
            } else {
                serde_json::from_slice(&r.body).unwrap_or(Value::Null)
            };
            if r.url.path() == "/graphql" {
                body =
                    json!({"operationName": body["operationName"], "variables": body["variables"]});
            }
            (line, body)
        })
        .collect()
}

/// A request line with its query parameters sorted and decoded, for comparison.
fn normal(line: &str) -> (String, BTreeSet<(String, String)>) {
    let (head, query) = line.split_once('?').unwrap_or((line, ""));
    let pairs = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect();
    (head.to_owned(), pairs)
}

/// Percent-decoding of a query component (`+` is a space).
fn decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = s
            .get(i + 1..i + 3)
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b[i], hex) {
            (b'%', Some(x)) => {
                out.push(x);
                i += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                i += 1;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Run every case listed under `profile` against the fake; every tool the profile lists
/// (but the dynamic-toolset tools) must have a case.
pub async fn run(profile: Profile, cases: Vec<Case>) {
    let s = setup_with(|s| {
        s.toolsets = Some(vec!["all".into()]);
        s.profile = profile;
    })
    .await;
    Mock::given(matchers::any())
        .respond_with(Fake(s.fake.uri()))
        .mount(&s.fake)
        .await;
    let listed: BTreeSet<String> = s
        .client
        .list_tools()
        .await
        .into_iter()
        .map(|t| t.name.to_string())
        .collect();
    let mut covered = BTreeSet::new();
    let mut failures = Vec::new();
    for c in cases.iter().filter(|c| c.profiles.contains(&profile)) {
        if !listed.contains(c.tool) {
            failures.push(format!(
                "{}: not listed under --profile {}",
                c.tool,
                profile.name()
            ));
            continue;
        }
        covered.insert(c.tool.to_owned());
        let r = s.client.call(c.tool, c.args.clone()).await;
        let got = received(&s).await;
        // Reset the record, keep the fake answering.
        s.fake.reset().await;
        Mock::given(matchers::any())
            .respond_with(Fake(s.fake.uri()))
            .mount(&s.fake)
            .await;
        match r {
            Ok(r) if r.is_error != Some(true) => {}
            Ok(r) => {
                failures.push(format!("{}: failed: {}", c.tool, mcp_testkit::text_of(&r)));
                continue;
            }
            Err(e) => {
                failures.push(format!("{}: protocol error: {e}", c.tool));
                continue;
            }
        }
        let want: Vec<_> = c
            .sends
            .iter()
            .map(|(l, b)| (normal(l), b.clone()))
            .collect();
        let have: Vec<_> = got.iter().map(|(l, b)| (normal(l), b.clone())).collect();
        if want != have {
            let shown: Vec<String> = got
                .iter()
                .map(|(l, b)| match b {
                    Value::Null => format!("req(\"{l}\")"),
                    b => format!("body(\"{l}\", json!({b}))"),
                })
                .collect();
            failures.push(format!("{}: sent\n    {}", c.tool, shown.join(",\n    ")));
        }
    }
    let uncovered: Vec<&String> = listed
        .iter()
        .filter(|n| !covered.contains(*n))
        .filter(|n| {
            ![
                "list_available_toolsets",
                "get_toolset_tools",
                "enable_toolset",
            ]
            .contains(&n.as_str())
        })
        .collect();
    if !uncovered.is_empty() {
        failures.push(format!("no case for: {uncovered:?}"));
    }
    assert!(
        failures.is_empty(),
        "--profile {}:\n{}",
        profile.name(),
        failures.join("\n")
    );
}

fn all_cases() -> Vec<Case> {
    let mut all = crate::names_cases::users_and_repos();
    all.extend(crate::names_cases::issues());
    all.extend(crate::names_cases::pulls());
    all.extend(crate::names_cases_more::actions());
    all.extend(crate::names_cases_more::security());
    all.extend(crate::names_cases_more::gists_and_notifications());
    all.extend(crate::names_cases_more::labels_projects_discussions());
    all
}

#[tokio::test]
async fn every_official_tool_sends_its_requests() {
    run(Profile::Official, all_cases()).await;
}

#[tokio::test]
async fn every_mcpmark_tool_sends_its_requests() {
    run(Profile::Mcpmark, all_cases()).await;
}
