//! `--profile atlas`, history and search: commits, branches and tags, and repository, code
//! and user search, as the Smithery server asks for them (page 1 of 10) and shows them.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::atlas_issues::markdown;
use crate::common::{TOKEN, link, repo_json, setup_atlas, user_json};

const SHA: &str = "7638417db6d59f3c431d3e1f261cc637155684cd";

fn commit_json(sha: &str, message: &str) -> Value {
    json!({
        "sha": sha,
        "html_url": format!("https://github.com/octo/hello/commit/{sha}"),
        "commit": {
            "message": message,
            "author": {"name": "Mona Lisa", "email": "mona@example.com", "date": "2024-05-01T12:00:00Z"},
            "committer": {"name": "GitHub", "email": "noreply@github.com", "date": "2024-05-01T12:00:00Z"},
            "comment_count": 0
        },
        "author": {"login": "mona"},
        "parents": [{"sha": "1acc419d4d6a9ce985db7be48c6349a0475975b5"}]
    })
}

#[tokio::test]
async fn get_commit_shows_its_files() {
    let s = setup_atlas().await;
    let mut c = commit_json(SHA, "Fix the parser\n\nLonger text");
    c["stats"] = json!({"additions": 5, "deletions": 2, "total": 7});
    c["files"] = json!([
        {"filename": "src/parse.rs", "status": "modified", "additions": 4, "deletions": 2, "changes": 6, "patch": "@@"},
        {"filename": "tests/new.rs", "status": "added", "additions": 1, "deletions": 0, "changes": 1}
    ]);
    expect("GET", "/repos/octo/hello/commits/main")
        .bearer(TOKEN)
        .respond(&s.fake, 200, c)
        .await;
    let v = s
        .client
        .call_ok(
            "get_commit",
            json!({"owner": "octo", "repo": "hello", "sha": "main"}),
        )
        .await;
    let md = markdown(&v);
    assert!(
        md.starts_with("# Commit 7638417\n\n**Message:** Fix the parser"),
        "{md}"
    );
    assert!(md.contains("**Author:** Mona Lisa (@mona)"), "{md}");
    assert!(md.contains("**Date:** 2024-05-01"), "{md}");
    assert!(md.contains("**Committer:** GitHub"), "{md}");
    assert!(
        md.contains("- **Files changed**: 2\n- **Additions**: 5\n- **Deletions**: 2"),
        "{md}"
    );
    assert!(
        md.contains("- [M] src/parse.rs (+4 -2)\n- [A] tests/new.rs (+1 -0)"),
        "{md}"
    );
    assert!(md.contains(&format!("- **Full SHA**: {SHA}")), "{md}");
}

#[tokio::test]
async fn list_commits_contract_and_markdown() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/commits")
        .bearer(TOKEN)
        .queries(&[("sha", "dev"), ("page", "1"), ("per_page", "10")])
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link("/repos/octo/hello/commits", 2, 9).as_str())
                .set_body_json(json!([commit_json(SHA, "Fix the parser\n\nDetails")])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "list_commits",
            json!({"owner": "octo", "repo": "hello", "sha": "dev"}),
        )
        .await;
    let md = markdown(&v);
    assert!(md.starts_with("# Commits for octo/hello (dev)\n\n"), "{md}");
    assert!(md.contains("Showing 1 commit(s) - Page 1"), "{md}");
    assert!(
        md.contains("## 7638417: Fix the parser\n\n- **Author**: Mona Lisa"),
        "{md}"
    );
    assert!(
        !md.contains("Details"),
        "only the first line of the message: {md}"
    );
    assert!(md.contains("call again with page=2"), "{md}");
}

#[tokio::test]
async fn list_branches_marks_the_default_branch() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/branches")
        .bearer(TOKEN)
        .queries(&[("page", "1"), ("per_page", "10")])
        .respond(
            &s.fake,
            200,
            json!([
                {"name": "dev", "commit": {"sha": SHA, "url": "u"}, "protected": false},
                {"name": "master", "commit": {"sha": SHA, "url": "u"}, "protected": true}
            ]),
        )
        .await;
    expect("GET", "/repos/octo/hello")
        .bearer(TOKEN)
        .respond(&s.fake, 200, repo_json("octo", "hello"))
        .await;
    let v = s
        .client
        .call_ok("list_branches", json!({"owner": "octo", "repo": "hello"}))
        .await;
    let md = markdown(&v);
    assert!(md.starts_with("# Branches for octo/hello\n\n"), "{md}");
    assert!(md.contains("## dev\n\n- **SHA**: 7638417\n"), "{md}");
    assert!(
        md.contains("## master (default)\n\n- **SHA**: 7638417\n- **Protected**: Yes"),
        "{md}"
    );
}

#[tokio::test]
async fn list_branches_without_branches_asks_nothing_more() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/branches")
        .bearer(TOKEN)
        .queries(&[("page", "4"), ("per_page", "10")])
        .respond(&s.fake, 200, json!([]))
        .await;
    let v = s
        .client
        .call_ok(
            "list_branches",
            json!({"owner": "octo", "repo": "hello", "page": 4}),
        )
        .await;
    assert_eq!(markdown(&v), "No branches found.");
}

#[tokio::test]
async fn list_tags_contract_and_markdown() {
    let s = setup_atlas().await;
    expect("GET", "/repos/octo/hello/tags")
        .bearer(TOKEN)
        .queries(&[("page", "2"), ("per_page", "3")])
        .respond(
            &s.fake,
            200,
            json!([{
                "name": "v1.0", "commit": {"sha": SHA, "url": "u"},
                "zipball_url": "https://api.github.com/repos/octo/hello/zipball/v1.0",
                "tarball_url": "https://api.github.com/repos/octo/hello/tarball/v1.0"
            }]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "list_tags",
            json!({"owner": "octo", "repo": "hello", "page": 2, "per_page": 3}),
        )
        .await;
    let md = markdown(&v);
    assert!(
        md.starts_with("# Tags for octo/hello\n\nShowing 1 tag(s) - Page 2\n"),
        "{md}"
    );
    assert!(
        md.contains("## v1.0\n\n- **SHA**: 7638417\n- **Download**: [ZIP]("),
        "{md}"
    );
}

#[tokio::test]
async fn search_repositories_contract_and_markdown() {
    let s = setup_atlas().await;
    let mut repo = repo_json("octo", "hello");
    repo["language"] = json!("Rust");
    expect("GET", "/search/repositories")
        .bearer(TOKEN)
        .queries(&[
            ("q", "language:rust mcp"),
            ("page", "1"),
            ("per_page", "10"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"total_count": 41, "incomplete_results": false, "items": [repo]}),
        )
        .await;
    let v = s
        .client
        .call_ok("search_repositories", json!({"query": "language:rust mcp"}))
        .await;
    let md = markdown(&v);
    assert!(md.starts_with("### Found 1 repositories:\n\n"), "{md}");
    assert!(
        md.contains("1. **octo/hello** - 80 stars - `Rust`\n   This your first repo!"),
        "{md}"
    );
    assert!(md.contains("_Updated: 2011-01-26_"), "{md}");
    assert!(md.contains("*41 total on GitHub."), "{md}");
}

#[tokio::test]
async fn search_code_contract_and_markdown() {
    let s = setup_atlas().await;
    expect("GET", "/search/code")
        .bearer(TOKEN)
        .header("accept", "application/vnd.github.text-match+json")
        .queries(&[
            ("q", "addClass repo:jquery/jquery"),
            ("sort", "indexed"),
            ("order", "asc"),
            ("page", "1"),
            ("per_page", "10"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"total_count": 1, "incomplete_results": false, "items": [{
                "name": "classes.js", "path": "src/attributes/classes.js", "sha": "abc",
                "html_url": "https://github.com/jquery/jquery/blob/main/src/attributes/classes.js",
                "repository": {"full_name": "jquery/jquery"},
                "text_matches": [{"fragment": "addClass: function(\n value ) {"}]
            }]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "search_code",
            json!({"q": "addClass repo:jquery/jquery", "sort": "indexed", "order": "asc"}),
        )
        .await;
    let md = markdown(&v);
    assert!(md.starts_with("### Found 1 code results:\n\n"), "{md}");
    assert!(
        md.contains(
            "1. **jquery/jquery** / `src/attributes/classes.js`\n   > addClass: function( value ) {"
        ),
        "{md}"
    );
}

#[tokio::test]
async fn search_users_contract_and_markdown() {
    let s = setup_atlas().await;
    let mut org = user_json("acme", 9);
    org["type"] = json!("Organization");
    expect("GET", "/search/users")
        .bearer(TOKEN)
        .queries(&[
            ("q", "location:berlin"),
            ("sort", "followers"),
            ("page", "1"),
            ("per_page", "10"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"total_count": 2, "incomplete_results": false, "items": [user_json("tom", 3), org]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "search_users",
            json!({"q": "location:berlin", "sort": "followers"}),
        )
        .await;
    let md = markdown(&v);
    assert!(
        md.starts_with("### Found 2 users:\n\n1. **tom**\n   https://github.com/tom"),
        "{md}"
    );
    assert!(md.contains("2. **acme** `[org]`"), "{md}");
}
