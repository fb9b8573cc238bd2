//! The `security_advisories` toolset against a fake GitHub answering with the REST
//! reference's examples (global advisories, repository advisories, cursor pagination).

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, setup_all, setup_official, user_json};

/// A global advisory as GitHub's REST reference shows it.
fn global_advisory_json() -> Value {
    json!({
        "ghsa_id": "GHSA-abcd-1234-efgh",
        "cve_id": "CVE-2050-00000",
        "url": "https://api.github.com/advisories/GHSA-abcd-1234-efgh",
        "html_url": "https://github.com/advisories/GHSA-abcd-1234-efgh",
        "repository_advisory_url": "https://api.github.com/repos/project/a-package/security-advisories/GHSA-abcd-1234-efgh",
        "summary": "A short summary of the advisory.",
        "description": "A detailed description of what the advisory entails.",
        "type": "reviewed",
        "severity": "high",
        "source_code_location": "https://github.com/project/a-package",
        "identifiers": [
            {"type": "GHSA", "value": "GHSA-abcd-1234-efgh"},
            {"type": "CVE", "value": "CVE-2050-00000"}
        ],
        "references": ["https://nvd.nist.gov/vuln/detail/CVE-2050-00000"],
        "published_at": "2023-03-23T02:30:56Z",
        "updated_at": "2023-03-24T02:30:56Z",
        "github_reviewed_at": "2023-03-23T02:30:56Z",
        "nvd_published_at": "2023-03-25T02:30:56Z",
        "withdrawn_at": null,
        "vulnerabilities": [{
            "package": {"ecosystem": "npm", "name": "a-package"},
            "first_patched_version": "1.0.3",
            "vulnerable_version_range": "<=1.0.2",
            "vulnerable_functions": ["a_function"]
        }],
        "cvss": {"vector_string": "CVSS:3.1/AV:N/AC:H/PR:H/UI:R/S:C/C:H/I:H/A:H", "score": 7.6},
        "cvss_severities": {
            "cvss_v3": {"vector_string": "CVSS:3.1/AV:N/AC:H/PR:H/UI:R/S:C/C:H/I:H/A:H", "score": 7.6},
            "cvss_v4": {"vector_string": "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", "score": 9.3}
        },
        "cwes": [{"cwe_id": "CWE-400", "name": "Uncontrolled Resource Consumption"}],
        "epss": [{"percentage": 0.00045, "percentile": "0.16001e0"}],
        "credits": [{"user": user_json("octocat", 1), "type": "analyst"}]
    })
}

/// A repository advisory as GitHub's REST reference shows it.
fn repository_advisory_json(description: &str) -> Value {
    json!({
        "ghsa_id": "GHSA-abcd-1234-efgh",
        "cve_id": "CVE-2050-00000",
        "url": "https://api.github.com/repos/repo/a-package/security-advisories/GHSA-abcd-1234-efgh",
        "html_url": "https://github.com/repo/a-package/security/advisories/GHSA-abcd-1234-efgh",
        "summary": "A short summary of the advisory.",
        "description": description,
        "severity": "critical",
        "author": user_json("octocat", 1),
        "publisher": user_json("octocat", 1),
        "identifiers": [
            {"type": "GHSA", "value": "GHSA-abcd-1234-efgh"},
            {"type": "CVE", "value": "CVE-2050-00000"}
        ],
        "state": "published",
        "created_at": "2020-01-01T00:00:00Z",
        "updated_at": "2020-01-02T00:00:00Z",
        "published_at": "2020-01-03T00:00:00Z",
        "closed_at": null,
        "withdrawn_at": null,
        "submission": null,
        "vulnerabilities": [{
            "package": {"ecosystem": "pip", "name": "a-package"},
            "vulnerable_version_range": ">= 1.0.0, < 1.0.1",
            "patched_versions": "1.0.1",
            "vulnerable_functions": ["function1"]
        }],
        "cvss": {"vector_string": "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "score": 9.8},
        "cwes": [{"cwe_id": "CWE-123", "name": "A CWE"}],
        "cwe_ids": ["CWE-123"],
        "credits": [{"login": "octocat", "type": "analyst"}],
        "credits_detailed": [{"user": user_json("octocat", 1), "type": "analyst", "state": "accepted"}],
        "collaborating_users": [],
        "collaborating_teams": [],
        "private_fork": null
    })
}

/// A `Link` header of a cursor-paginated list.
fn cursor_link(path: &str, after: &str) -> String {
    format!(
        "<https://api.github.com{path}?per_page=1&after={after}>; rel=\"next\", <https://api.github.com{path}?per_page=1&before=Y3Vyc29yOjE%3D>; rel=\"prev\""
    )
}

#[tokio::test]
async fn list_global_security_advisories_contract() {
    let s = setup_all().await;
    expect("GET", "/advisories")
        .bearer(TOKEN)
        .query("ghsa_id", "GHSA-abcd-1234-efgh")
        .query("type", "reviewed")
        .query("cve_id", "CVE-2050-00000")
        .query("ecosystem", "npm")
        .query("severity", "high")
        .query("cwes", "400,79")
        .query("is_withdrawn", "false")
        .query("affects", "a-package@1.0.2")
        .query("published", ">=2023-01-01")
        .query("updated", "2023-03-01..2023-03-31")
        .query("modified", "2023-03-24")
        .query("after", "Y3Vyc29yOjI=")
        .query("per_page", 1)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header(
                    "link",
                    cursor_link("/advisories", "Y3Vyc29yOjM%3D").as_str(),
                )
                .set_body_json(json!([global_advisory_json()])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_global_security_advisories",
            json!({
                "ghsaId": "GHSA-abcd-1234-efgh",
                "type": "reviewed",
                "cveId": "CVE-2050-00000",
                "ecosystem": "npm",
                "severity": "high",
                "cwes": ["CWE-400", "79"],
                "isWithdrawn": false,
                "affects": "a-package@1.0.2",
                "published": ">=2023-01-01",
                "updated": "2023-03-01..2023-03-31",
                "modified": "2023-03-24",
                "after": "Y3Vyc29yOjI=",
                "perPage": 1
            }),
        )
        .await;
    let a = &v["items"][0];
    assert_eq!(a["ghsa_id"], "GHSA-abcd-1234-efgh");
    assert_eq!(a["cve_id"], "CVE-2050-00000");
    assert_eq!(a["severity"], "high");
    assert_eq!(a["cvss_score"], 7.6);
    assert_eq!(a["cwes"], json!(["CWE-400"]));
    assert_eq!(a["vulnerabilities"][0]["package"], "a-package");
    assert_eq!(a["vulnerabilities"][0]["ecosystem"], "npm");
    assert_eq!(a["vulnerabilities"][0]["first_patched_version"], "1.0.3");
    assert!(a.get("description").is_none());
    assert_eq!(v["next_cursor"], "Y3Vyc29yOjM=");
}

#[tokio::test]
async fn list_global_security_advisories_official_without_filters() {
    let s = setup_official().await;
    expect("GET", "/advisories")
        .bearer(TOKEN)
        .respond(&s.fake, 200, json!([global_advisory_json()]))
        .await;
    let v = s
        .client
        .call_ok("list_global_security_advisories", json!({}))
        .await;
    assert_eq!(v["items"][0]["summary"], "A short summary of the advisory.");
    assert_eq!(v["next_cursor"], json!(null));
}

#[tokio::test]
async fn list_global_security_advisories_failures() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_list_global_security_advisories",
            json!({"ghsaId": "CVE-2050-00000"}),
        )
        .await;
    assert!(
        err.contains("`ghsaId` must be a GitHub advisory id"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "github_list_global_security_advisories",
            json!({"ecosystem": "cargo"}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    expect("GET", "/advisories")
        .bearer(TOKEN)
        .query("published", "last week")
        .respond(
            &s.fake,
            422,
            json!({"message": "Validation Failed", "errors": [{"resource": "Advisory", "field": "published", "code": "invalid"}], "documentation_url": "https://docs.github.com/rest", "status": "422"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_list_global_security_advisories",
            json!({"published": "last week"}),
        )
        .await;
    assert!(err.contains("422"), "{err}");
    assert!(err.contains("published: invalid"), "{err}");
    assert!(err.contains("dates as `YYYY-MM-DD`"), "{err}");
}

#[tokio::test]
async fn get_global_security_advisory_contract() {
    let s = setup_official().await;
    expect("GET", "/advisories/GHSA-abcd-1234-efgh")
        .bearer(TOKEN)
        .respond(&s.fake, 200, global_advisory_json())
        .await;
    let v = s
        .client
        .call_ok(
            "get_global_security_advisory",
            json!({"ghsaId": "GHSA-abcd-1234-efgh"}),
        )
        .await;
    assert_eq!(
        v["description"],
        "A detailed description of what the advisory entails."
    );
    assert_eq!(
        v["identifiers"],
        json!(["GHSA-abcd-1234-efgh", "CVE-2050-00000"])
    );
    assert_eq!(
        v["references"],
        json!(["https://nvd.nist.gov/vuln/detail/CVE-2050-00000"])
    );
    assert_eq!(
        v["cvss_vector"],
        "CVSS:3.1/AV:N/AC:H/PR:H/UI:R/S:C/C:H/I:H/A:H"
    );
    assert_eq!(v["cvss_v4_score"], 9.3);
    assert_eq!(
        v["credits"],
        json!([{"login": "octocat", "type": "analyst"}])
    );
    assert_eq!(
        v["source_code_location"],
        "https://github.com/project/a-package"
    );
}

#[tokio::test]
async fn get_global_security_advisory_failures() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_get_global_security_advisory",
            json!({"ghsaId": "../user"}),
        )
        .await;
    assert!(
        err.contains("`ghsaId` must be a GitHub advisory id"),
        "{err}"
    );
    expect("GET", "/advisories/GHSA-zzzz-zzzz-zzzz")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_global_security_advisory",
            json!({"ghsaId": "GHSA-zzzz-zzzz-zzzz"}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    assert!(err.contains("Advisory Database has no advisory"), "{err}");
}

#[tokio::test]
async fn list_repository_security_advisories_contract() {
    let s = setup_all().await;
    let long = "x".repeat(2500);
    expect("GET", "/repos/repo/a-package/security-advisories")
        .bearer(TOKEN)
        .query("direction", "asc")
        .query("sort", "published")
        .query("state", "published")
        .query("per_page", 1)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header(
                    "link",
                    cursor_link(
                        "/repos/repo/a-package/security-advisories",
                        "Y3Vyc29yOjI%3D",
                    )
                    .as_str(),
                )
                .set_body_json(json!([repository_advisory_json(&long)])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_repository_security_advisories",
            json!({
                "owner": "repo",
                "repo": "a-package",
                "direction": "asc",
                "sort": "published",
                "state": "published",
                "perPage": 1
            }),
        )
        .await;
    let a = &v["items"][0];
    assert_eq!(a["state"], "published");
    assert_eq!(a["severity"], "critical");
    assert_eq!(a["author"], "octocat");
    assert_eq!(a["vulnerabilities"][0]["patched_versions"], "1.0.1");
    assert_eq!(a["cwes"], json!(["CWE-123"]));
    assert_eq!(a["description_truncated"], true);
    assert!(a["description"].as_str().unwrap().len() < 2100);
    assert_eq!(v["next_cursor"], "Y3Vyc29yOjI=");
}

#[tokio::test]
async fn list_repository_security_advisories_official_not_found() {
    let s = setup_official().await;
    expect("GET", "/repos/octo/nope/security-advisories")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "list_repository_security_advisories",
            json!({"owner": "octo", "repo": "nope"}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    assert!(err.contains("repository_advisories:read"), "{err}");
}

#[tokio::test]
async fn list_org_repository_security_advisories_contract() {
    let s = setup_official().await;
    expect("GET", "/orgs/octo-org/security-advisories")
        .bearer(TOKEN)
        .query("state", "draft")
        .query("sort", "updated")
        .respond(
            &s.fake,
            200,
            json!([repository_advisory_json("A detailed description.")]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "list_org_repository_security_advisories",
            json!({"org": "octo-org", "state": "draft", "sort": "updated"}),
        )
        .await;
    assert_eq!(v["items"][0]["description"], "A detailed description.");
    assert!(v["items"][0].get("description_truncated").is_none());
    assert_eq!(v["next_cursor"], json!(null));
}

#[tokio::test]
async fn list_org_repository_security_advisories_failures() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_list_org_repository_security_advisories",
            json!({"org": " "}),
        )
        .await;
    assert!(err.contains("`org` must not be empty"), "{err}");
    expect("GET", "/orgs/octo-org/security-advisories")
        .bearer(TOKEN)
        .query("after", "stale")
        .respond(&s.fake, 400, gh_error(400, "Bad Request"))
        .await;
    let err = s
        .client
        .call_err(
            "github_list_org_repository_security_advisories",
            json!({"org": "octo-org", "after": "stale"}),
        )
        .await;
    assert!(err.contains("400"), "{err}");
    assert!(err.contains("`next_cursor`"), "{err}");
    expect("GET", "/orgs/octo-org/security-advisories")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            403,
            gh_error(403, "Must be an organization owner or security manager"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_list_org_repository_security_advisories",
            json!({"org": "octo-org"}),
        )
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(err.contains("security manager"), "{err}");
}
