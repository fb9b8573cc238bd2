//! The `tenant-host` kind: a REST API on each tenant's own host, whose base URL comes from a
//! credential field (`site_url`), checked against the vendor's host patterns before any request
//! and widened by the operator's `<SERVICE>_ALLOWED_HOSTS` (as Freshdesk, Shopify, Salesforce).
//! `{{base_path}}` and `{{tenant_domain}}` come from `--base-url` (a tenant's API URL).

/// The tenant's API URL when `--base-url` is left at its default.
pub(super) const DEFAULT_BASE_URL: &str = "https://acme.example.com/api/v2";

pub(super) const SPEC: &str = r#"    // The tenant's own host, from its credential `site_url` (`https://acme.{{tenant_domain}}` or
    // `acme.{{tenant_domain}}`), checked against the host patterns of `example::BASES` before any
    // request; `{{SERVICE}}_ALLOWED_HOSTS` widens them (self-hosted tenants).
    base: mcp_shared::Base::Tenant(example::BASES),
    // How the vendor takes the credential (see MCP_SERVER_GUIDE.md for the other schemes).
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[
        ("{{SERVICE}}_ACCESS_TOKEN", "access_token"),
        ("{{SERVICE}}_SITE_URL", "site_url"),
    ],"#;

pub(super) const EXAMPLE: &str = r#"//! An example tool of a vendor whose API lives on each tenant's host: replace it with the
//! vendor's first real tool, and `BASES` with the vendor's URL template and host patterns.

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, TenantUrl, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

/// The tenant's API: its site (the credential `site_url`, a whole origin) and the API's path.
/// A host outside `hosts` (and the operator's `{{SERVICE}}_ALLOWED_HOSTS`) is refused before
/// any request, so the token never reaches it. A field in the host instead
/// (`https://{domain}.{{tenant_domain}}{{base_path}}`) takes a bare tenant name.
pub const BASES: &[TenantUrl] = &[TenantUrl {
    template: "{site_url}{{base_path}}",
    hosts: &["*.{{tenant_domain}}"],
    derive: None,
    requires: &[],
}];

pub fn tools() -> Vec<ToolDef> {
    vec![tool("{{service}}_get_item", "Get item", Effect::Read, get_item).toolset("example")]
}

/// Get one item by id. Returns its id and name.
#[derive(Deserialize, JsonSchema)]
pub struct GetItem {
    /// The item's id
    id: String,
}

async fn get_item(ctx: Ctx, a: GetItem) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, &format!("/items/{}", seg(&a.id)))?
        .send_json()
        .await?;
    Ok(pick(&v, &["id", "name"]))
}
"#;

pub(super) const TESTS: &str = r#"//! {{Display}} server tests: the example tool against a fake {{Display}} API on the tenant's
//! host (127.0.0.1, allowed as `{{SERVICE}}_ALLOWED_HOSTS` would), asserting the exact request,
//! through a real MCP client; hosts outside the patterns refused before any request.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use mcp_shared::Settings;
use mcp_shared::auth::encode_auth_data;
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

const TOKEN: &str = "test-token-4f2a9c";

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!({{crate}}::SPEC, "{{binary}}");

/// No operator base URL: the tenant's `site_url` names the host; `allowed` is what
/// `{{SERVICE}}_ALLOWED_HOSTS` adds to the declared patterns.
fn settings(allowed: &[&str]) -> Settings {
    Settings {
        api_base_url: None,
        tenant_hosts: allowed.iter().map(|h| (*h).to_owned()).collect(),
        ..settings_for("http://unused.invalid")
    }
}

async fn client_for(server: &TestServer, site_url: &str) -> mcp_testkit::Client {
    let auth = encode_auth_data(&json!({"access_token": TOKEN, "site_url": site_url}));
    server.client_with(&[("x-auth-data", &auth)]).await
}

#[tokio::test]
async fn get_item_goes_to_the_tenants_host() {
    let site = MockServer::start().await;
    let server = TestServer::start(&{{crate}}::SPEC, settings(&["127.0.0.1"])).await;
    expect("GET", "{{base_path}}/items/a1")
        .bearer(TOKEN)
        .respond(&site, 200, json!({"id": "a1", "name": "First", "extra": true}))
        .await;
    let client = client_for(&server, &site.uri()).await;
    let v = client.call_ok("{{service}}_get_item", json!({"id": "a1"})).await;
    assert_eq!(v, json!({"id": "a1", "name": "First"}));
}

#[tokio::test]
async fn get_item_not_found() {
    let site = MockServer::start().await;
    let server = TestServer::start(&{{crate}}::SPEC, settings(&["127.0.0.1"])).await;
    expect("GET", "{{base_path}}/items/zz")
        .bearer(TOKEN)
        .respond(&site, 404, json!({"message": "Item not found"}))
        .await;
    let client = client_for(&server, &site.uri()).await;
    let err = client.call_err("{{service}}_get_item", json!({"id": "zz"})).await;
    assert!(err.contains("404") && err.contains("Item not found"), "{err}");
}

#[tokio::test]
async fn a_host_outside_the_patterns_is_refused_before_any_request() {
    let site = MockServer::start().await;
    // The operator allowed nothing: 127.0.0.1 is no {{Display}} host.
    let server = TestServer::start(&{{crate}}::SPEC, settings(&[])).await;
    for foreign in [
        site.uri(),
        "https://evil.invalid".to_owned(),
        "acme.{{tenant_domain}}.evil.invalid".to_owned(),
    ] {
        let client = client_for(&server, &foreign).await;
        let err = client.call_err("{{service}}_get_item", json!({"id": "a1"})).await;
        assert!(err.contains("Refusing the host"), "{foreign}: {err}");
        assert!(err.contains("No request was made"), "{foreign}: {err}");
        assert!(!err.contains(TOKEN), "{err}");
    }
    let client = server.client(TOKEN).await;
    let err = client.call_err("{{service}}_get_item", json!({"id": "a1"})).await;
    assert!(err.contains("site_url"), "{err}");
    mcp_testkit::assert_no_requests(&site).await;
}
"#;

pub(super) const SMOKE: &str = r#"{
  "tool": "{{service}}_get_item",
  "arguments": {"id": "a1"},
  "upstream_body": {"id": "a1", "name": "First"},
  "credentials": {"access_token": "{secret}", "site_url": "https://acme.{{tenant_domain}}"}
}
"#;

pub(super) const CREDENTIALS: &str = "`x-auth-data` header (base64 of `{\"access_token\":\"...\",\"site_url\":\"https://acme.{{tenant_domain}}\"}`),\n`AUTH_DATA`, or `{{SERVICE}}_ACCESS_TOKEN` and `{{SERVICE}}_SITE_URL`. The site's host must match `*.{{tenant_domain}}`;\n`{{SERVICE}}_ALLOWED_HOSTS` adds hosts (self-hosted tenants), `{{SERVICE}}_API_BASE_URL` replaces the template.";
