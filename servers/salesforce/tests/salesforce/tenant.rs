//! The org's host from `instance_url`: used when it is a Salesforce host (or one the
//! operator allows), refused before any request otherwise.

use crate::common::*;
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

fn settings(allowed: Vec<String>) -> mcp_shared::Settings {
    mcp_shared::Settings {
        api_base_url: None,
        tenant_hosts: allowed,
        ..settings_for("http://unused.invalid")
    }
}

#[tokio::test]
async fn instance_url_from_credentials_is_used() {
    let fake = MockServer::start().await;
    let server = TestServer::start(
        &salesforce_mcp_server::SPEC,
        settings(vec!["127.0.0.1".into()]),
    )
    .await;
    expect("GET", format!("{V}/sobjects/"))
        .bearer(TOKEN)
        .respond(&fake, 200, json!({"sobjects": [{"name": "Account", "label": "Account", "custom": false, "keyPrefix": "001"}]}))
        .await;
    let mut c = creds();
    c["instance_url"] = json!(fake.uri());
    let client = server
        .client_with(&[("x-auth-data", &mcp_shared::auth::encode_auth_data(&c))])
        .await;
    let v = client
        .call_ok("salesforce_describe_global", json!({}))
        .await;
    assert_eq!(v["objects"][0]["name"], "Account");
}

#[tokio::test]
async fn foreign_host_is_refused_before_any_request() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&salesforce_mcp_server::SPEC, settings(vec![])).await;
    let mut c = creds();
    c["instance_url"] = json!(fake.uri());
    let client = server
        .client_with(&[("x-auth-data", &mcp_shared::auth::encode_auth_data(&c))])
        .await;
    let err = client
        .call_err(
            "salesforce_query",
            json!({"query": "SELECT Id FROM Account"}),
        )
        .await;
    assert!(err.contains("Refusing the host `127.0.0.1`"), "{err}");
    assert!(err.contains("*.salesforce.com"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
    for host in [
        "https://salesforce.com.evil.example",
        "https://evil.example.com/acme.my.salesforce.com",
    ] {
        c["instance_url"] = json!(host);
        let client = server
            .client_with(&[("x-auth-data", &mcp_shared::auth::encode_auth_data(&c))])
            .await;
        let err = client
            .call_err("salesforce_describe_global", json!({}))
            .await;
        assert!(
            err.contains("Refusing the host") || err.contains("No request was made"),
            "{host}: {err}"
        );
    }
    mcp_testkit::assert_no_requests(&fake).await;
}

#[tokio::test]
async fn missing_instance_url_names_the_field() {
    let server = TestServer::start(&salesforce_mcp_server::SPEC, settings(vec![])).await;
    let client = server
        .client_with(&[(
            "x-auth-data",
            &mcp_shared::auth::encode_auth_data(&json!({"access_token": TOKEN})),
        )])
        .await;
    let err = client
        .call_err("salesforce_describe_global", json!({}))
        .await;
    assert!(err.contains("instance_url"), "{err}");
}

#[test]
fn salesforce_host_forms_match_the_patterns() {
    let mcp_shared::Base::Tenant(bases) = salesforce_mcp_server::SPEC.base else {
        panic!("tenant base expected");
    };
    let ok = |h: &str| {
        bases[0]
            .hosts
            .iter()
            .any(|p| mcp_shared::tenant::host_matches(p, h))
    };
    for h in [
        "acme.my.salesforce.com",
        "acme--dev.sandbox.my.salesforce.com",
        "fun-dream-1234.scratch.my.salesforce.com",
        "na139.salesforce.com",
        "acme.lightning.force.com",
        "acme--uat.sandbox.my.site.com.force.com",
    ] {
        assert!(ok(h), "{h}");
    }
    for h in [
        "salesforce.com",
        "evilsalesforce.com",
        "salesforce.com.evil.example",
        "example.com",
    ] {
        assert!(!ok(h), "{h}");
    }
}
