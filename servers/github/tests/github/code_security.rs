use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, setup, user_json};

fn alert_json(number: u64, state: &str) -> Value {
    json!({
        "number": number,
        "created_at": "2020-02-13T12:29:18Z",
        "updated_at": "2020-02-13T12:29:18Z",
        "url": format!("https://api.github.com/repos/octo/hello/code-scanning/alerts/{number}"),
        "html_url": format!("https://github.com/octo/hello/code-scanning/{number}"),
        "state": state,
        "fixed_at": null,
        "dismissed_by": if state == "dismissed" { user_json("octocat", 1) } else { Value::Null },
        "dismissed_at": if state == "dismissed" { json!("2020-02-14T12:29:18Z") } else { Value::Null },
        "dismissed_reason": if state == "dismissed" { json!("false positive") } else { Value::Null },
        "dismissed_comment": if state == "dismissed" { json!("This alert is not actually correct, because there's a sanitizer included in the library.") } else { Value::Null },
        "rule": {
            "id": "js/zipslip",
            "severity": "error",
            "tags": ["security", "external/cwe/cwe-022"],
            "description": "Arbitrary file write during zip extraction",
            "name": "js/zipslip",
            "full_description": "Extracting files from a malicious zip archive without validating that the destination file path is within the destination directory can cause files outside the destination directory to be overwritten.",
            "help": "# Arbitrary file write during zip extraction (\"Zip Slip\")\\nExtracting files from a malicious zip archive ...",
            "security_severity_level": "high"
        },
        "tool": {"name": "CodeQL", "guid": null, "version": "2.4.0"},
        "most_recent_instance": {
            "ref": "refs/heads/main",
            "analysis_key": ".github/workflows/codeql-analysis.yml:CodeQL-Build",
            "category": ".github/workflows/codeql-analysis.yml:CodeQL-Build",
            "environment": "{}",
            "state": state,
            "commit_sha": "39406e42cb832f683daa691dd652a8dc36ee8930",
            "message": {"text": "This path depends on a user-provided value."},
            "location": {"path": "spec-main/api-session-spec.ts", "start_line": 917, "end_line": 917, "start_column": 7, "end_column": 18},
            "classifications": []
        },
        "instances_url": format!("https://api.github.com/repos/octo/hello/code-scanning/alerts/{number}/instances")
    })
}

#[tokio::test]
async fn get_code_scanning_alert_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/code-scanning/alerts/42")
        .bearer(TOKEN)
        .respond(&s.fake, 200, alert_json(42, "dismissed"))
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_code_scanning_alert",
            json!({"owner": "octo", "repo": "hello", "alertNumber": 42}),
        )
        .await;
    assert_eq!(v["number"], 42);
    assert_eq!(v["state"], "dismissed");
    assert_eq!(v["rule"], "js/zipslip");
    assert_eq!(v["severity"], "error");
    assert_eq!(v["security_severity"], "high");
    assert_eq!(v["tool"], "CodeQL");
    assert_eq!(v["path"], "spec-main/api-session-spec.ts");
    assert_eq!(v["start_line"], 917);
    assert_eq!(v["message"], "This path depends on a user-provided value.");
    assert_eq!(v["dismissed_by"], "octocat");
    assert_eq!(v["dismissed_reason"], "false positive");
    assert!(
        v["full_description"]
            .as_str()
            .unwrap()
            .starts_with("Extracting files")
    );
    assert_eq!(v["tags"], json!(["security", "external/cwe/cwe-022"]));
}

#[tokio::test]
async fn get_code_scanning_alert_not_found() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/code-scanning/alerts/7")
        .bearer(TOKEN)
        .respond(
            &s.fake,
            404,
            gh_error(404, "No alert found for alert number 7"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_get_code_scanning_alert",
            json!({"owner": "octo", "repo": "hello", "alertNumber": 7}),
        )
        .await;
    assert!(
        err.contains("404 Not Found: No alert found for alert number 7."),
        "{err}"
    );
    assert!(err.contains("security_events"), "{err}");
}

#[tokio::test]
async fn get_code_scanning_alert_bad_number() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_get_code_scanning_alert",
            json!({"owner": "octo", "repo": "hello", "alertNumber": "seven"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments for github_get_code_scanning_alert"),
        "{err}"
    );
}

#[tokio::test]
async fn list_code_scanning_alerts_defaults_to_open() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/code-scanning/alerts")
        .bearer(TOKEN)
        .query("state", "open")
        .respond(&s.fake, 200, json!([alert_json(3, "open")]))
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_code_scanning_alerts",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    let a = &v["items"][0];
    assert_eq!(a["number"], 3);
    assert_eq!(a["ref"], "refs/heads/main");
    assert!(
        a.get("full_description").is_none(),
        "list items are concise: {a}"
    );
}

#[tokio::test]
async fn list_code_scanning_alerts_contract() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/code-scanning/alerts")
        .bearer(TOKEN)
        .query("ref", "refs/pull/12/merge")
        .query("state", "dismissed")
        .query("severity", "critical")
        .query("page", 2)
        .query("per_page", 50)
        .respond(&s.fake, 200, json!([alert_json(4, "dismissed")]))
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_code_scanning_alerts",
            json!({"owner": "octo", "repo": "hello", "ref": "refs/pull/12/merge", "state": "dismissed", "severity": "critical", "page": 2, "perPage": 50}),
        )
        .await;
    assert_eq!(v["items"][0]["number"], 4);
    assert_eq!(v["items"][0]["dismissed_by"], "octocat");
    assert_eq!(v["next_page"], Value::Null);
}

#[tokio::test]
async fn list_code_scanning_alerts_not_enabled() {
    let s = setup().await;
    expect("GET", "/repos/octo/hello/code-scanning/alerts")
        .bearer(TOKEN)
        .query("state", "open")
        .respond(
            &s.fake,
            403,
            gh_error(
                403,
                "Advanced Security must be enabled for this repository to use code scanning.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_list_code_scanning_alerts",
            json!({"owner": "octo", "repo": "hello"}),
        )
        .await;
    assert!(
        err.contains("403 Forbidden: Advanced Security must be enabled"),
        "{err}"
    );
}

#[tokio::test]
async fn list_code_scanning_alerts_bad_severity() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "github_list_code_scanning_alerts",
            json!({"owner": "octo", "repo": "hello", "severity": "urgent"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments for github_list_code_scanning_alerts"),
        "{err}"
    );
}
