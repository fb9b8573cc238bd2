//! Atlassian tenancy end to end: the cloud id looked up once per token (or taken from the
//! credentials), and an API token choosing the site template.

use mcp_shared::auth::encode_auth_data;
use mcp_shared::{Base, Ctx, Effect, Method, ServerSpec, ToolDef, ToolError, Toolset, tool};
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, expect, settings_for};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

/// Call the vendor's probe endpoint.
#[derive(Deserialize, JsonSchema)]
struct Probe {}

async fn probe(ctx: Ctx, _a: Probe) -> Result<Value, ToolError> {
    ctx.authorized(Method::GET, "/probe")?.send_json().await
}

fn tools() -> Vec<ToolDef> {
    vec![tool("probe", "Probe", Effect::Read, probe).toolset("probe")]
}

const TOOLSETS: &[Toolset] = &[Toolset {
    name: "probe",
    description: "The probe.",
    default: true,
}];

fn no_base(mut s: mcp_shared::Settings) -> mcp_shared::Settings {
    s.api_base_url = None;
    s
}

static JIRA_LIKE: ServerSpec = ServerSpec {
    service: "probe",
    display_name: "Jira",
    binary: "probe-mcp-server",
    version: "0",
    base: Base::Tenant(&mcp_vendor_atlassian::JIRA),
    auth: mcp_vendor_atlassian::AUTH,
    extra_apis: &[mcp_vendor_atlassian::API],
    toolsets: TOOLSETS,
    tools,
    ..ServerSpec::DEFAULT
};

#[tokio::test]
async fn the_atlassian_cloud_id_is_looked_up_once_per_token_or_taken_from_the_credentials() {
    let fake = MockServer::start().await;
    expect("GET", "/oauth/token/accessible-resources")
        .bearer("oauth-a")
        .times(1)
        .respond(
            &fake,
            200,
            json!([
                {"id": "cloud-other", "url": "https://other.atlassian.net", "name": "other", "scopes": []},
                {"id": "cloud-a", "url": "https://acme.atlassian.net", "name": "acme", "scopes": ["read:jira-work"]}
            ]),
        )
        .await;
    expect("GET", "/ex/jira/cloud-a/probe")
        .bearer("oauth-a")
        .times(2)
        .respond(&fake, 200, json!({"site": "acme"}))
        .await;
    expect("GET", "/ex/jira/given-id/probe")
        .bearer("oauth-b")
        .respond(&fake, 200, json!({"site": "given"}))
        .await;
    let settings = settings_for(&fake.uri()).with_api("atlassian", &fake.uri());
    let mut settings = settings;
    settings.api_base_url = Some(format!(
        "{}/ex/jira/{{cloud_id|selected_cloud_id}}",
        fake.uri()
    ));
    let server = TestServer::start(&JIRA_LIKE, settings).await;
    let a = server
        .client_with(&[(
            "x-auth-data",
            &encode_auth_data(&json!({"access_token": "oauth-a", "site": "acme"})),
        )])
        .await;
    assert_eq!(a.call_ok("probe", json!({})).await["site"], "acme");
    assert_eq!(a.call_ok("probe", json!({})).await["site"], "acme");
    let b = server
        .client_with(&[(
            "x-auth-data",
            &encode_auth_data(&json!({"access_token": "oauth-b", "selected_cloud_id": "given-id"})),
        )])
        .await;
    assert_eq!(b.call_ok("probe", json!({})).await["site"], "given");
}

#[tokio::test]
async fn an_atlassian_api_token_chooses_the_site_template() {
    // With `api_token` the site template is chosen, not the cloud gateway: a bad site is
    // refused (the cloud template would have looked up accessible-resources on the fake).
    let fake = MockServer::start().await;
    let mut settings = no_base(settings_for(&fake.uri()));
    settings.extra_base_urls = vec![("atlassian".into(), fake.uri())];
    let server = TestServer::start(&JIRA_LIKE, settings).await;
    let c = server
        .client_with(&[(
            "x-auth-data",
            &encode_auth_data(
                &json!({"email": "me@acme.io", "api_token": "at", "site": "evil.io/x"}),
            ),
        )])
        .await;
    let err = c.call_err("probe", json!({})).await;
    assert!(err.contains("`site` is not usable"), "{err}");
    mcp_testkit::assert_no_requests(&fake).await;
}
