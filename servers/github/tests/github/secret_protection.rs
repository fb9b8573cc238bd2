//! The `secret_protection` toolset against a fake GitHub answering with the REST reference's
//! examples (secret scanning alerts; the secret is hidden unless asked for).

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, gh_error, link, setup_all, setup_official, user_json};

const SECRET: &str = "aio_XXXXXXXXXXXXXXXXXXXXXXXXXXXX";

/// A secret scanning alert as GitHub's REST reference shows it; GitHub leaves `secret` out
/// when asked to hide it.
fn alert_json(number: u64, with_secret: bool) -> Value {
    let mut v = json!({
        "number": number,
        "created_at": "2020-11-06T18:48:51Z",
        "url": format!("https://api.github.com/repos/owner/private-repo/secret-scanning/alerts/{number}"),
        "html_url": format!("https://github.com/owner/private-repo/security/secret-scanning/{number}"),
        "locations_url": format!("https://api.github.com/repos/owner/private-repo/secret-scanning/alerts/{number}/locations"),
        "state": "resolved",
        "resolution": "false_positive",
        "resolved_at": "2020-11-07T02:47:13Z",
        "resolved_by": user_json("monalisa", 2),
        "secret_type": "adafruit_io_key",
        "secret_type_display_name": "Adafruit IO Key",
        "push_protection_bypassed_by": user_json("monalisa", 2),
        "push_protection_bypassed": true,
        "push_protection_bypassed_at": "2020-11-06T21:48:51Z",
        "push_protection_bypass_request_reviewer": user_json("octocat", 1),
        "push_protection_bypass_request_reviewer_comment": "Example response",
        "push_protection_bypass_request_comment": "Example comment",
        "push_protection_bypass_request_html_url": "https://github.com/owner/repo/secret_scanning_exemptions/1",
        "resolution_comment": "Example comment",
        "validity": "unknown",
        "publicly_leaked": false,
        "multi_repo": false,
        "is_base64_encoded": false,
        "first_location_detected": {
            "path": "/example/secrets.txt",
            "start_line": 1,
            "end_line": 1,
            "start_column": 1,
            "end_column": 64,
            "blob_sha": "af5626b4a114abcb82d63db7c8082c3c4756e51b",
            "blob_url": "https://api.github.com/repos/octocat/hello-world/git/blobs/af5626b4a114abcb82d63db7c8082c3c4756e51b",
            "commit_sha": "f14d7debf9775f957cf4f1e8176da0786431f72b",
            "commit_url": "https://api.github.com/repos/octocat/hello-world/git/commits/f14d7debf9775f957cf4f1e8176da0786431f72b"
        },
        "has_more_locations": true,
        "assigned_to": null
    });
    if with_secret {
        v["secret"] = json!(SECRET);
    }
    v
}

#[tokio::test]
async fn list_secret_scanning_alerts_contract() {
    let s = setup_all().await;
    let path = "/repos/owner/private-repo/secret-scanning/alerts";
    expect("GET", path)
        .bearer(TOKEN)
        .query("state", "resolved")
        .query("secret_type", "adafruit_io_key,password")
        .query("resolution", "false_positive")
        .query("hide_secret", "true")
        .query("page", 1)
        .query("per_page", 20)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", link(path, 2, 3).as_str())
                .set_body_json(json!([alert_json(2, false)])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "github_list_secret_scanning_alerts",
            json!({
                "owner": "owner",
                "repo": "private-repo",
                "state": "resolved",
                "secret_type": "adafruit_io_key,password",
                "resolution": "false_positive",
                "page": 1,
                "perPage": 20
            }),
        )
        .await;
    let a = &v["items"][0];
    assert_eq!(a["number"], 2);
    assert_eq!(a["secret_type_display_name"], "Adafruit IO Key");
    assert_eq!(a["resolution"], "false_positive");
    assert_eq!(a["resolved_by"], "monalisa");
    assert_eq!(a["push_protection_bypassed_by"], "monalisa");
    assert_eq!(a["validity"], "unknown");
    assert_eq!(a["first_location"]["path"], "/example/secrets.txt");
    assert_eq!(
        a["first_location"]["commit_sha"],
        "f14d7debf9775f957cf4f1e8176da0786431f72b"
    );
    assert!(a["first_location"].get("blob_url").is_none());
    assert!(a.get("secret").is_none());
    assert_eq!(v["next_page"], 2);
}

#[tokio::test]
async fn list_secret_scanning_alerts_official_with_the_secret() {
    let s = setup_official().await;
    expect("GET", "/repos/owner/private-repo/secret-scanning/alerts")
        .bearer(TOKEN)
        .query("state", "open")
        .respond(&s.fake, 200, json!([alert_json(2, true)]))
        .await;
    let v = s
        .client
        .call_ok(
            "list_secret_scanning_alerts",
            json!({"owner": "owner", "repo": "private-repo", "state": "open", "show_secret": true}),
        )
        .await;
    assert_eq!(v["items"][0]["secret"], SECRET);
}

#[tokio::test]
async fn list_secret_scanning_alerts_not_enabled() {
    let s = setup_all().await;
    expect("GET", "/repos/owner/public-repo/secret-scanning/alerts")
        .bearer(TOKEN)
        .query("hide_secret", "true")
        .respond(
            &s.fake,
            404,
            gh_error(404, "Secret scanning is disabled on this repository."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "github_list_secret_scanning_alerts",
            json!({"owner": "owner", "repo": "public-repo"}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(err.contains("Secret scanning is disabled"), "{err}");
    assert!(err.contains("`security_events`"), "{err}");
    let err = s
        .client
        .call_err(
            "github_list_secret_scanning_alerts",
            json!({"owner": "owner", "repo": "public-repo", "resolution": "fixed"}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
}

#[tokio::test]
async fn get_secret_scanning_alert_contract() {
    let s = setup_official().await;
    expect("GET", "/repos/owner/private-repo/secret-scanning/alerts/42")
        .bearer(TOKEN)
        .query("hide_secret", "true")
        .respond(&s.fake, 200, alert_json(42, false))
        .await;
    let v = s
        .client
        .call_ok(
            "get_secret_scanning_alert",
            json!({"owner": "owner", "repo": "private-repo", "alertNumber": 42}),
        )
        .await;
    assert_eq!(v["number"], 42);
    assert_eq!(v["state"], "resolved");
    assert_eq!(v["has_more_locations"], true);
    assert!(v.get("secret").is_none());
}

#[tokio::test]
async fn get_secret_scanning_alert_with_the_secret() {
    let s = setup_all().await;
    expect("GET", "/repos/owner/private-repo/secret-scanning/alerts/42")
        .bearer(TOKEN)
        .respond(&s.fake, 200, alert_json(42, true))
        .await;
    let v = s
        .client
        .call_ok(
            "github_get_secret_scanning_alert",
            json!({"owner": "owner", "repo": "private-repo", "alertNumber": 42, "show_secret": true}),
        )
        .await;
    assert_eq!(v["secret"], SECRET);
}

#[tokio::test]
async fn get_secret_scanning_alert_failures() {
    let s = setup_all().await;
    let err = s
        .client
        .call_err(
            "github_get_secret_scanning_alert",
            json!({"owner": "owner", "repo": "private-repo", "alertNumber": "first"}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    expect("GET", "/repos/owner/private-repo/secret-scanning/alerts/7")
        .bearer(TOKEN)
        .query("hide_secret", "true")
        .respond(&s.fake, 404, gh_error(404, "Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "github_get_secret_scanning_alert",
            json!({"owner": "owner", "repo": "private-repo", "alertNumber": 7}),
        )
        .await;
    assert!(err.contains("404 Not Found"), "{err}");
    assert!(err.contains("secret scanning is not enabled"), "{err}");
}
