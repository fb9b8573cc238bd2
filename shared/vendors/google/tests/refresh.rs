//! Refresh-token credentials end to end: a call without an `access_token` gets one at the
//! (fake) Google token endpoint, once per credential set, and sends it to the API; a foreign
//! `token_uri`, a missing client and a revoked token are clear errors that carry no secret.

use mcp_shared::auth::encode_auth_data;
use mcp_shared::{Auth, Ctx, Effect, Method, ServerSpec, ToolDef, ToolError, Toolset, tool};
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, expect, settings_for};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

/// Call the probe endpoint.
#[derive(Deserialize, JsonSchema)]
struct Probe {}

async fn probe(ctx: Ctx, _a: Probe) -> Result<Value, ToolError> {
    ctx.authorized(Method::GET, "/probe")?.send_json().await
}

fn tools() -> Vec<ToolDef> {
    vec![tool("probe", "Probe", Effect::Read, probe).toolset("probe")]
}

static SPEC: ServerSpec = ServerSpec {
    service: "probe",
    display_name: "Google Probe",
    binary: "probe-mcp-server",
    version: "0",
    toolsets: &[Toolset {
        name: "probe",
        description: "The probe.",
        default: true,
    }],
    tools,
    base: mcp_shared::Base::Fixed("https://probe.googleapis.com"),
    auth: Auth::BEARER,
    error_parser: mcp_vendor_google::parse_error,
    credential_exchange: Some(mcp_vendor_google::refresh::REFRESH),
    ..ServerSpec::DEFAULT
};

const CLIENT_SECRET: &str = "GOCSPX-client-secret-1";
const REFRESH_TOKEN: &str = "1//refresh-token-abc";

fn creds(extra: Value) -> String {
    let mut c = json!({
        "client_id": "123.apps.googleusercontent.com",
        "client_secret": CLIENT_SECRET,
        "refresh_token": REFRESH_TOKEN,
    });
    if let (Some(c), Value::Object(e)) = (c.as_object_mut(), extra) {
        c.extend(e);
    }
    encode_auth_data(&c)
}

async fn server(fake: &MockServer) -> TestServer {
    TestServer::start(
        &SPEC,
        settings_for(&fake.uri()).with_api("google_oauth", &fake.uri()),
    )
    .await
}

#[tokio::test]
async fn a_refresh_token_becomes_an_access_token_once_per_credential_set() {
    let fake = MockServer::start().await;
    expect("POST", "/token")
        .form_body(&[
            ("grant_type", "refresh_token"),
            ("client_id", "123.apps.googleusercontent.com"),
            ("client_secret", CLIENT_SECRET),
            ("refresh_token", REFRESH_TOKEN),
        ])
        .times(1)
        .respond(
            &fake,
            200,
            json!({"access_token": "ya29.fresh", "expires_in": 3599, "scope": "https://www.googleapis.com/auth/calendar", "token_type": "Bearer"}),
        )
        .await;
    expect("GET", "/probe")
        .bearer("ya29.fresh")
        .times(2)
        .respond(&fake, 200, json!({"ok": true}))
        .await;
    let s = server(&fake).await;
    let c = s
        .client_with(&[(
            "x-auth-data",
            &creds(json!({"token_uri": "https://oauth2.googleapis.com/token"})),
        )])
        .await;
    assert_eq!(c.call_ok("probe", json!({})).await["ok"], true);
    // The second call takes the kept token: the token endpoint is called once.
    assert_eq!(c.call_ok("probe", json!({})).await["ok"], true);
}

#[tokio::test]
async fn an_access_token_given_is_used_as_it_is() {
    let fake = MockServer::start().await;
    expect("GET", "/probe")
        .bearer("ya29.given")
        .respond(&fake, 200, json!({"ok": true}))
        .await;
    let s = server(&fake).await;
    let c = s
        .client_with(&[("x-auth-data", &creds(json!({"access_token": "ya29.given"})))])
        .await;
    assert_eq!(c.call_ok("probe", json!({})).await["ok"], true);
}

#[tokio::test]
async fn bad_refresh_credentials_are_clear_and_send_nothing_to_the_api() {
    let fake = MockServer::start().await;
    let s = server(&fake).await;
    // A token_uri that is not Google's never receives the client secret.
    let c = s
        .client_with(&[(
            "x-auth-data",
            &creds(json!({"token_uri": "https://evil.example/token"})),
        )])
        .await;
    let err = c.call_err("probe", json!({})).await;
    assert!(err.contains("not Google's token endpoint"), "{err}");
    assert!(
        !err.contains(CLIENT_SECRET) && !err.contains(REFRESH_TOKEN),
        "{err}"
    );
    // A refresh token without its client.
    let c = s
        .client_with(&[(
            "x-auth-data",
            &encode_auth_data(&json!({"refresh_token": REFRESH_TOKEN})),
        )])
        .await;
    let err = c.call_err("probe", json!({})).await;
    assert!(err.contains("client_id and client_secret"), "{err}");
    mcp_testkit::assert_no_requests(&fake).await;
}

#[tokio::test]
async fn a_revoked_refresh_token_says_to_sign_in_again() {
    let fake = MockServer::start().await;
    expect("POST", "/token")
        .any_body()
        .respond(
            &fake,
            400,
            json!({"error": "invalid_grant", "error_description": "Token has been expired or revoked."}),
        )
        .await;
    let s = server(&fake).await;
    let c = s.client_with(&[("x-auth-data", &creds(json!({})))]).await;
    let err = c.call_err("probe", json!({})).await;
    assert!(err.contains("Getting an access token from Google"), "{err}");
    assert!(err.contains("sign in again"), "{err}");
    assert!(
        !err.contains(CLIENT_SECRET) && !err.contains(REFRESH_TOKEN),
        "{err}"
    );
    let probes = mcp_testkit::request_bodies(&fake, "GET", "/probe").await;
    assert!(probes.is_empty(), "the API was called: {probes:?}");
}
