//! The standard suite, check by check. Its `failure_classes` expects a call without
//! credentials to fail whenever the spec's auth names fields, but Context7's key is optional
//! (`Auth::Optional`): a keyless call must succeed. So the five other checks run as the
//! suite defines them, and the failure classes are checked here with that one difference.
//! (Once the testkit asks `spec.auth.satisfied_by(None)`, this file becomes the one-line
//! `standard_suite!`.)

use mcp_testkit::suite::{SmokeRun, smoke};
use mcp_testkit::wiremock::ResponseTemplate;
use mcp_testkit::{TestServer, text_of};
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_context7-mcp-server");
const DIR: &str = env!("CARGO_MANIFEST_DIR");
const SPEC: &mcp_shared::ServerSpec = &context7_mcp_server::SPEC;

#[test]
fn docs_are_fresh() {
    mcp_testkit::assert_docs_fresh(SPEC, DIR);
}

#[test]
fn schemas_are_valid() {
    mcp_testkit::suite::check_schemas(SPEC);
}

#[test]
fn tools_subcommand() {
    mcp_testkit::check_tools_subcommand(BIN);
}

#[tokio::test]
async fn stdio_binary() {
    mcp_testkit::suite::check_stdio_binary(SPEC, BIN, DIR).await;
}

#[tokio::test]
async fn http_binary() {
    mcp_testkit::suite::check_http_binary(SPEC, BIN, DIR).await;
}

#[tokio::test]
async fn failure_classes() {
    for status in [401u16, 403, 404, 429, 500, 503] {
        let answer = ResponseTemplate::new(status)
            .insert_header("retry-after", "0")
            .set_body_json(json!({"message": format!("suite failure {status}")}));
        let run = SmokeRun::start_answering(SPEC, smoke(DIR), Some(answer)).await;
        let server = TestServer::start(SPEC, run.settings()).await;
        let auth = mcp_shared::auth::encode_auth_data(&run.credentials);
        let client = server.client_with(&[("x-auth-data", &auth)]).await;
        let r = client.call(&run.tool, run.arguments.clone()).await.unwrap();
        let text = text_of(&r);
        assert_eq!(r.is_error, Some(true), "{status}: {text}");
        assert!(text.contains(&status.to_string()), "{status}: {text}");
        for s in mcp_testkit::suite::secrets_of(&run.credentials) {
            assert!(!text.contains(&s), "{status}: a credential in the message");
        }
        server.stop().await;
    }
    let run = SmokeRun::start(SPEC, DIR).await;
    let server = TestServer::start(SPEC, run.settings()).await;
    let client = server
        .client_with(&[("x-auth-data", "%%% not base64")])
        .await;
    let err = client
        .call_protocol_err(&run.tool, run.arguments.clone())
        .await;
    assert!(err.contains("x-auth-data"), "{err}");
    // The one difference: without credentials Context7 is used keyless.
    let client = server.client_with(&[]).await;
    client.call_ok(&run.tool, run.arguments.clone()).await;
    let fake = run.fake.as_ref().unwrap();
    let sent = fake.received_requests().await.unwrap();
    assert_eq!(sent.len(), 1);
    assert!(sent[0].headers.get("authorization").is_none());
    server.stop().await;
}
