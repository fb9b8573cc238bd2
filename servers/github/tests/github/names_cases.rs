//! The cases of [`crate::names`] for users, repositories, issues and pull requests: one call
//! of every tool GitHub's server names in these areas, with the requests it sends.

use mcp_shared::Profile;
use serde_json::json;

use crate::names::{Case, body, case, graphql, req};

const O: &[Profile] = &[Profile::Official];
const M: &[Profile] = &[Profile::Mcpmark];

pub fn users_and_repos() -> Vec<Case> {
    vec![
        case("get_me", json!({}), vec![req("GET /user")]),
        case(
            "get_teams",
            json!({"user": "mona"}),
            vec![graphql("GetTeams", json!({"login":"mona"}))],
        ),
        case(
            "get_team_members",
            json!({"org": "acme", "team_slug": "core"}),
            vec![req("GET /orgs/acme/teams/core/members?per_page=100")],
        ),
        case(
            "search_users",
            json!({"query": "tom", "perPage": 5}),
            vec![req("GET /search/users?q=type%3Auser+tom&per_page=5")],
        ),
        case(
            "search_orgs",
            json!({"query": "acme", "sort": "repositories"}),
            vec![req("GET /search/users?q=type%3Aorg+acme&sort=repositories")],
        ),
        case(
            "create_or_update_file",
            json!({"owner": "octo", "repo": "hello", "path": "a.txt", "content": "hi", "message": "m", "branch": "main"}),
            vec![body(
                "PUT /repos/octo/hello/contents/a.txt",
                json!({"branch":"main","content":"aGk=","message":"m"}),
            )],
        ),
        case(
            "create_repository",
            json!({"name": "hello", "private": true, "autoInit": true}),
            vec![body(
                "POST /user/repos",
                json!({"auto_init":true,"name":"hello","private":true}),
            )],
        ),
        case(
            "fork_repository",
            json!({"owner": "octo", "repo": "hello"}),
            vec![req("POST /repos/octo/hello/forks")],
        ),
        case(
            "create_branch",
            json!({"owner": "octo", "repo": "hello", "branch": "feature", "from_branch": "main"}),
            vec![
                req("GET /repos/octo/hello/git/ref/heads/main"),
                body(
                    "POST /repos/octo/hello/git/refs",
                    json!({"ref":"refs/heads/feature","sha":"6dcb09b5b57875f334f61aebed695e2e4193db5e"}),
                ),
            ],
        ),
        case(
            "push_files",
            json!({"owner": "octo", "repo": "hello", "branch": "main", "message": "m",
                   "files": [{"path": "a.txt", "content": "A"}]}),
            vec![
                req("GET /repos/octo/hello/git/ref/heads/main"),
                req("GET /repos/octo/hello/git/commits/6dcb09b5b57875f334f61aebed695e2e4193db5e"),
                body(
                    "POST /repos/octo/hello/git/trees",
                    json!({"base_tree":"tree1","tree":[{"content":"A","mode":"100644","path":"a.txt","type":"blob"}]}),
                ),
                body(
                    "POST /repos/octo/hello/git/commits",
                    json!({"message":"m","parents":["6dcb09b5b57875f334f61aebed695e2e4193db5e"],"tree":"tree2"}),
                ),
                body(
                    "PATCH /repos/octo/hello/git/refs/heads/main",
                    json!({"force":false,"sha":"commit2"}),
                ),
            ],
        ),
        case(
            "list_commits",
            json!({"owner": "octo", "repo": "hello", "sha": "main", "perPage": 5}),
            vec![req("GET /repos/octo/hello/commits?sha=main&per_page=5")],
        ),
        case(
            "search_repositories",
            json!({"query": "mcp", "page": 2}),
            vec![req("GET /search/repositories?q=mcp&page=2")],
        ),
        case(
            "search_code",
            json!({"query": "fn main repo:octo/hello"}),
            vec![req("GET /search/code?q=fn+main+repo%3Aocto%2Fhello")],
        ),
        case(
            "get_file_contents",
            json!({"owner": "octo", "repo": "hello", "path": "a.txt", "ref": "main"}),
            vec![req("GET /repos/octo/hello/contents/a.txt?ref=main")],
        ),
        case(
            "get_commit",
            json!({"owner": "octo", "repo": "hello", "sha": "main", "include_diff": false}),
            vec![req("GET /repos/octo/hello/commits/main")],
        ),
        case(
            "list_branches",
            json!({"owner": "octo", "repo": "hello", "perPage": 5}),
            vec![req("GET /repos/octo/hello/branches?per_page=5")],
        ),
        case(
            "list_tags",
            json!({"owner": "octo", "repo": "hello"}),
            vec![req("GET /repos/octo/hello/tags")],
        ),
        case(
            "get_tag",
            json!({"owner": "octo", "repo": "hello", "tag": "v1.0"}),
            vec![req("GET /repos/octo/hello/git/ref/tags/v1.0")],
        ),
        case(
            "list_releases",
            json!({"owner": "octo", "repo": "hello"}),
            vec![req("GET /repos/octo/hello/releases")],
        ),
        case(
            "get_latest_release",
            json!({"owner": "octo", "repo": "hello"}),
            vec![req("GET /repos/octo/hello/releases/latest")],
        ),
        case(
            "get_release_by_tag",
            json!({"owner": "octo", "repo": "hello", "tag": "v1.0"}),
            vec![req("GET /repos/octo/hello/releases/tags/v1.0")],
        ),
        case(
            "delete_file",
            json!({"owner": "octo", "repo": "hello", "path": "a.txt", "message": "m", "branch": "main"}),
            vec![
                req("GET /repos/octo/hello/contents/a.txt?ref=main"),
                body(
                    "DELETE /repos/octo/hello/contents/a.txt",
                    json!({"branch":"main","message":"m","sha":"95b966ae1c166bd92f8ae7d1c313e738c731dfc3"}),
                ),
            ],
        ),
        case(
            "get_repository_tree",
            json!({"owner": "octo", "repo": "hello", "tree_sha": "main"}),
            vec![req("GET /repos/octo/hello/git/trees/main")],
        )
        .only(O),
        case(
            "star_repository",
            json!({"owner": "octo", "repo": "hello"}),
            vec![req("PUT /user/starred/octo/hello")],
        ),
        case(
            "unstar_repository",
            json!({"owner": "octo", "repo": "hello"}),
            vec![req("DELETE /user/starred/octo/hello")],
        ),
        case(
            "list_starred_repositories",
            json!({"username": "mona"}),
            vec![req("GET /users/mona/starred")],
        ),
    ]
}

pub fn issues() -> Vec<Case> {
    let n = json!({"owner": "octo", "repo": "hello", "issue_number": 7});
    let with = |extra: serde_json::Value| {
        let mut a = n.clone();
        if let (Some(a), Some(e)) = (a.as_object_mut(), extra.as_object()) {
            a.extend(e.clone());
        }
        a
    };
    vec![
        case("get_issue", n.clone(), vec![
                req("GET /repos/octo/hello/issues/7"),
            ]).only(M),
        case("add_issue_comment", with(json!({"body": "Hi"})), vec![
                body("POST /repos/octo/hello/issues/7/comments", json!({"body":"Hi"})),
            ]),
        case(
            "create_issue",
            json!({"owner": "octo", "repo": "hello", "title": "Bug", "type": "Bug"}),
            vec![
                body("POST /repos/octo/hello/issues", json!({"title":"Bug","type":"Bug"})),
            ],
        )
        .only(M),
        case("update_issue", with(json!({"state": "closed", "state_reason": "not_planned"})), vec![
                body("PATCH /repos/octo/hello/issues/7", json!({"state":"closed","state_reason":"not_planned"})),
            ]).only(M),
        case("get_issue_comments", with(json!({"page": 2, "perPage": 5})), vec![
                req("GET /repos/octo/hello/issues/7/comments?page=2&per_page=5"),
            ]).only(M),
        case("list_sub_issues", with(json!({"per_page": 5})), vec![
                req("GET /repos/octo/hello/issues/7/sub_issues?per_page=5"),
            ]).only(M),
        case("add_sub_issue", with(json!({"sub_issue_id": 42})), vec![
                body("POST /repos/octo/hello/issues/7/sub_issues", json!({"sub_issue_id":42})),
            ]).only(M),
        case("remove_sub_issue", with(json!({"sub_issue_id": 42})), vec![
                body("DELETE /repos/octo/hello/issues/7/sub_issue", json!({"sub_issue_id":42})),
            ]).only(M),
        case("reprioritize_sub_issue", with(json!({"sub_issue_id": 42, "after_id": 41})), vec![
                body("PATCH /repos/octo/hello/issues/7/sub_issues/priority", json!({"after_id":41,"sub_issue_id":42})),
            ]).only(M),
        case("list_issue_types", json!({"owner": "acme"}), vec![
                req("GET /orgs/acme/issue-types"),
            ]),
        case("get_label", json!({"owner": "octo", "repo": "hello", "name": "bug"}), vec![
                req("GET /repos/octo/hello/labels/bug"),
            ]).only(O),
        case(
            "assign_copilot_to_issue",
            json!({"owner": "octo", "repo": "hello", "issueNumber": 7}),
            vec![
                body("POST /repos/octo/hello/issues/7/assignees", json!({"agent_assignment":{"target_repo":"octo/hello"},"assignees":["copilot-swe-agent[bot]"]})),
            ],
        )
        .only(M),
        case("assign_copilot_to_issue", n.clone(), vec![
                body("POST /repos/octo/hello/issues/7/assignees", json!({"agent_assignment":{"target_repo":"octo/hello"},"assignees":["copilot-swe-agent[bot]"]})),
            ]).only(O),
        case("search_pull_requests", json!({"query": "is:open", "owner": "octo", "repo": "hello"}), vec![
                req("GET /search/issues?q=repo%3Aocto%2Fhello+is%3Apr+is%3Aopen"),
            ]),
        case("search_issues", json!({"query": "crash", "owner": "octo"}), vec![
                req("GET /search/issues?q=user%3Aocto+is%3Aissue+crash"),
            ]),
        case(
            "list_issues",
            json!({"owner": "octo", "repo": "hello", "state": "OPEN", "orderBy": "UPDATED_AT", "direction": "ASC"}),
            vec![
                req("GET /repos/octo/hello/issues?state=open&sort=updated&direction=asc"),
            ],
        ),
        case("issue_read", with(json!({"method": "get_labels"})), vec![
                req("GET /repos/octo/hello/issues/7/labels"),
            ]).only(O),
        case("issue_write", json!({"method": "create", "owner": "octo", "repo": "hello", "title": "Bug"}), vec![
                body("POST /repos/octo/hello/issues", json!({"title":"Bug"})),
            ]).only(O),
        case("sub_issue_write", with(json!({"method": "add", "sub_issue_id": 42})), vec![
                body("POST /repos/octo/hello/issues/7/sub_issues", json!({"sub_issue_id":42})),
            ]).only(O),
    ]
}

pub fn pulls() -> Vec<Case> {
    let p = json!({"owner": "octo", "repo": "hello", "pullNumber": 7});
    let with = |extra: serde_json::Value| {
        let mut a = p.clone();
        if let (Some(a), Some(e)) = (a.as_object_mut(), extra.as_object()) {
            a.extend(e.clone());
        }
        a
    };
    vec![
        case(
            "get_pull_request",
            p.clone(),
            vec![req("GET /repos/octo/hello/pulls/7")],
        )
        .only(M),
        case(
            "update_pull_request",
            with(json!({"title": "Better"})),
            vec![body(
                "PATCH /repos/octo/hello/pulls/7",
                json!({"title":"Better"}),
            )],
        ),
        case(
            "list_pull_requests",
            json!({"owner": "octo", "repo": "hello", "state": "closed"}),
            vec![req("GET /repos/octo/hello/pulls?state=closed")],
        ),
        case(
            "merge_pull_request",
            with(json!({"merge_method": "rebase"})),
            vec![body(
                "PUT /repos/octo/hello/pulls/7/merge",
                json!({"merge_method":"rebase"}),
            )],
        ),
        case(
            "get_pull_request_files",
            with(json!({"perPage": 5})),
            vec![req("GET /repos/octo/hello/pulls/7/files?per_page=5")],
        )
        .only(M),
        case(
            "get_pull_request_status",
            p.clone(),
            vec![
                req("GET /repos/octo/hello/pulls/7"),
                req(
                    "GET /repos/octo/hello/commits/6dcb09b5b57875f334f61aebed695e2e4193db5e/status",
                ),
            ],
        )
        .only(M),
        case(
            "update_pull_request_branch",
            p.clone(),
            vec![req("PUT /repos/octo/hello/pulls/7/update-branch")],
        ),
        case(
            "get_pull_request_review_comments",
            p.clone(),
            vec![req("GET /repos/octo/hello/pulls/7/comments?per_page=100")],
        )
        .only(M),
        case(
            "get_pull_request_reviews",
            p.clone(),
            vec![req("GET /repos/octo/hello/pulls/7/reviews")],
        )
        .only(M),
        case(
            "create_pull_request",
            json!({"owner": "octo", "repo": "hello", "title": "New", "head": "feature", "base": "main"}),
            vec![body(
                "POST /repos/octo/hello/pulls",
                json!({"base":"main","head":"feature","title":"New"}),
            )],
        ),
        case(
            "get_pull_request_diff",
            p.clone(),
            vec![req("GET /repos/octo/hello/pulls/7")],
        )
        .only(M),
        case(
            "request_copilot_review",
            p.clone(),
            vec![body(
                "POST /repos/octo/hello/pulls/7/requested_reviewers",
                json!({"reviewers":["copilot-pull-request-reviewer[bot]"]}),
            )],
        ),
        case(
            "submit_pending_pull_request_review",
            with(json!({"event": "APPROVE"})),
            vec![
                req("GET /repos/octo/hello/pulls/7/reviews?per_page=100"),
                body(
                    "POST /repos/octo/hello/pulls/7/reviews/80/events",
                    json!({"event":"APPROVE"}),
                ),
            ],
        )
        .only(M),
        case(
            "delete_pending_pull_request_review",
            p.clone(),
            vec![
                req("GET /repos/octo/hello/pulls/7/reviews?per_page=100"),
                req("DELETE /repos/octo/hello/pulls/7/reviews/80"),
            ],
        )
        .only(M),
        case(
            "add_comment_to_pending_review",
            with(
                json!({"path": "a.rs", "body": "Nit", "subjectType": "LINE", "line": 3, "side": "RIGHT"}),
            ),
            vec![
                req("GET /repos/octo/hello/pulls/7/reviews?per_page=100"),
                graphql(
                    "AddReviewThread",
                    json!({"input":{"body":"Nit","line":3,"path":"a.rs","pullRequestReviewId":"PRR_kwDO","side":"RIGHT","subjectType":"LINE"}}),
                ),
            ],
        ),
        case(
            "create_pending_pull_request_review",
            with(json!({"commitID": "abc"})),
            vec![body(
                "POST /repos/octo/hello/pulls/7/reviews",
                json!({"commit_id":"abc"}),
            )],
        )
        .only(M),
        case(
            "create_and_submit_pull_request_review",
            with(json!({"body": "LGTM", "event": "APPROVE"})),
            vec![body(
                "POST /repos/octo/hello/pulls/7/reviews",
                json!({"body":"LGTM","event":"APPROVE"}),
            )],
        )
        .only(M),
        case(
            "add_reply_to_pull_request_comment",
            with(json!({"commentId": 5, "body": "Done"})),
            vec![body(
                "POST /repos/octo/hello/pulls/7/comments/5/replies",
                json!({"body":"Done"}),
            )],
        )
        .only(O),
        case(
            "pull_request_read",
            with(json!({"method": "get_reviews"})),
            vec![req("GET /repos/octo/hello/pulls/7/reviews")],
        )
        .only(O),
        case(
            "pull_request_review_write",
            with(json!({"method": "create", "event": "COMMENT", "body": "Hm"})),
            vec![body(
                "POST /repos/octo/hello/pulls/7/reviews",
                json!({"body":"Hm","event":"COMMENT"}),
            )],
        )
        .only(O),
    ]
}
