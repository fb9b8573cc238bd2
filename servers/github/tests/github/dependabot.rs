//! The `dependabot` toolset against a fake GitHub answering with the REST reference's
//! examples (Dependabot alerts, cursor pagination).

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, setup_all, setup_official, user_json};

/// A Dependabot alert as GitHub's REST reference shows it.
fn alert_json(number: u64, state: &str) -> Value {
    let dismissed = state == "dismissed";
    json!({
        "number": number,
        "state": state,
        "dependency": {
            "package": {"ecosystem": "pip", "name": "django"},
            "manifest_path": "path/to/requirements.txt",
            "scope": "runtime",
            "relationship": "direct"
        },
        "security_advisory": {
            "ghsa_id": "GHSA-rf4j-j272-fj86",
            "cve_id": "CVE-2018-6188",
            "summary": "Django allows remote attackers to obtain potentially sensitive information by leveraging data exposure from the confirm_login_allowed() method, as demonstrated by discovering whether a user account is inactive",
            "description": "django.contrib.auth.forms.AuthenticationForm in Django 2.0 before 2.0.2, and 1.11.8 and 1.11.9, allows remote attackers to obtain potentially sensitive information by leveraging data exposure from the confirm_login_allowed() method, as demonstrated by discovering whether a user account is inactive.",
            "vulnerabilities": [
                {
                    "package": {"ecosystem": "pip", "name": "django"},
                    "severity": "high",
                    "vulnerable_version_range": ">= 2.0.0, < 2.0.2",
                    "first_patched_version": {"identifier": "2.0.2"}
                },
                {
                    "package": {"ecosystem": "pip", "name": "django"},
                    "severity": "high",
                    "vulnerable_version_range": ">= 1.11.8, < 1.11.10",
                    "first_patched_version": {"identifier": "1.11.10"}
                }
            ],
            "severity": "high",
            "cvss": {"vector_string": "CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N", "score": 7.5},
            "epss": {"percentage": 0.00045, "percentile": "0.16001e0"},
            "cwes": [{"cwe_id": "CWE-200", "name": "Exposure of Sensitive Information to an Unauthorized Actor"}],
            "identifiers": [
                {"type": "GHSA", "value": "GHSA-rf4j-j272-fj86"},
                {"type": "CVE", "value": "CVE-2018-6188"}
            ],
            "references": [
                {"url": "https://nvd.nist.gov/vuln/detail/CVE-2018-6188"},
                {"url": "https://github.com/advisories/GHSA-rf4j-j272-fj86"}
            ],
            "published_at": "2018-10-03T21:13:54Z",
            "updated_at": "2022-04-26T18:35:37Z",
            "withdrawn_at": null
        },
        "security_vulnerability": {
            "package": {"ecosystem": "pip", "name": "django"},
            "severity": "high",
            "vulnerable_version_range": ">= 2.0.0, < 2.0.2",
            "first_patched_version": {"identifier": "2.0.2"}
        },
        "url": format!("https://api.github.com/repos/octocat/hello-world/dependabot/alerts/{number}"),
        "html_url": format!("https://github.com/octocat/hello-world/security/dependabot/{number}"),
        "created_at": "2022-06-15T07:43:03Z",
        "updated_at": "2022-08-23T14:29:47Z",
        "dismissed_at": if dismissed { json!("2022-08-23T14:29:47Z") } else { Value::Null },
        "dismissed_by": if dismissed { user_json("octocat", 1) } else { Value::Null },
        "dismissed_reason": if dismissed { json!("tolerable_risk") } else { Value::Null },
        "dismissed_comment": if dismissed { json!("This alert is accurate but we use a sanitizer.") } else { Value::Null },
        "fixed_at": null,
        "auto_dismissed_at": null,
        "assignees": [user_json("octocat", 1)]
    })
}

#[tokio::test]
async fn list_dependabot_alerts_contract() {
    let s = setup_all().await;
    expect("GET", "/repos/octocat/hello-world/dependabot/alerts")
        .bearer(TOKEN)
        .query("state", "open")
        .query("severity", "high")
        .query("ecosystem", "pip")
        .query("package", "django")
        .query("manifest", "path/to/requirements.txt")
        .query("scope", "runtime")
        .query("sort", "epss_percentage")
        .query("direction", "asc")
        .query("after", "MQ==")
        .query("per_page", 100)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header(
                    "link",
                    "<https://api.github.com/repositories/1/dependabot/alerts?per_page=100&after=Mg%3D%3D>; rel=\"next\"",
                )
                .set_body_json(json!([alert_json(1, "open")])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_dependabot_alerts",
            json!({
                "owner": "octocat",
                "repo": "hello-world",
                "severity": "high",
                "ecosystem": "pip",
                "package": "django",
                "manifest": "path/to/requirements.txt",
                "scope": "runtime",
                "sort": "epss_percentage",
                "direction": "asc",
                "after": "MQ==",
                "perPage": 500
            }),
        )
        .await;
    let a = &v["items"][0];
    assert_eq!(a["number"], 1);
    assert_eq!(a["state"], "open");
    assert_eq!(a["package"], "django");
    assert_eq!(a["ecosystem"], "pip");
    assert_eq!(a["manifest_path"], "path/to/requirements.txt");
    assert_eq!(a["severity"], "high");
    assert_eq!(a["vulnerable_version_range"], ">= 2.0.0, < 2.0.2");
    assert_eq!(a["first_patched_version"], "2.0.2");
    assert_eq!(a["ghsa_id"], "GHSA-rf4j-j272-fj86");
    assert_eq!(a["cvss_score"], 7.5);
    assert!(a.get("description").is_none());
    assert_eq!(v["next_cursor"], "Mg==");
}

#[tokio::test]
async fn list_dependabot_alerts_official() {
    let s = setup_official().await;
    expect("GET", "/repos/octocat/hello-world/dependabot/alerts")
        .bearer(TOKEN)
        .query("state", "dismissed")
        .query("severity", "critical")
        .respond(&s.fake, 200, json!([alert_json(2, "dismissed")]))
        .await;
    let v = s
        .client
        .call_ok(
            "list_dependabot_alerts",
            json!({"owner": "octocat", "repo": "hello-world", "state": "dismissed", "severity": "critical"}),
        )
        .await;
    assert_eq!(v["items"][0]["dismissed_by"], "octocat");
    assert_eq!(v["items"][0]["dismissed_reason"], "tolerable_risk");
    assert_eq!(v["next_cursor"], json!(null));
}

#[tokio::test]
async fn list_dependabot_alerts_disabled() {
    let s = setup_all().await;
    expect("GET", "/repos/octocat/hello-world/dependabot/alerts")
        .bearer(TOKEN)
        .query("state", "open")
        .respond(
            &s.fake,
            403,
            gh_error(403, "Dependabot alerts are disabled for this repository."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_list_dependabot_alerts",
            json!({"owner": "octocat", "repo": "hello-world"}),
        )
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(err.contains("Dependabot alerts are disabled"), "{err}");
    assert!(err.contains("`security_events`"), "{err}");
    let err = s
        .client
        .call_err(
            "github_list_dependabot_alerts",
            json!({"owner": "octocat", "repo": "hello-world", "state": "closed"}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
}

#[tokio::test]
async fn get_dependabot_alert_contract() {
    let s = setup_official().await;
    expect("GET", "/repos/octocat/hello-world/dependabot/alerts/2")
        .bearer(TOKEN)
        .respond(&s.fake, 200, alert_json(2, "dismissed"))
        .await;
    let v = s
        .client
        .call_ok(
            "get_dependabot_alert",
            json!({"owner": "octocat", "repo": "hello-world", "alertNumber": 2}),
        )
        .await;
    assert_eq!(v["number"], 2);
    assert!(
        v["description"]
            .as_str()
            .unwrap()
            .starts_with("django.contrib.auth.forms")
    );
    assert_eq!(v["cwes"], json!(["CWE-200"]));
    assert_eq!(
        v["identifiers"],
        json!(["GHSA-rf4j-j272-fj86", "CVE-2018-6188"])
    );
    assert_eq!(
        v["references"][0],
        "https://nvd.nist.gov/vuln/detail/CVE-2018-6188"
    );
    assert_eq!(v["assignees"], json!(["octocat"]));
    assert_eq!(
        v["html_url"],
        "https://github.com/octocat/hello-world/security/dependabot/2"
    );
}

#[tokio::test]
async fn get_dependabot_alert_failures() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_get_dependabot_alert",
            json!({"owner": "octocat", "repo": "hello-world", "alertNumber": -1}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    expect("GET", "/repos/octocat/hello-world/dependabot/alerts/999")
        .bearer(TOKEN)
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_dependabot_alert",
            json!({"owner": "octocat", "repo": "hello-world", "alertNumber": 999}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    assert!(err.contains("alert does not exist"), "{err}");
}
