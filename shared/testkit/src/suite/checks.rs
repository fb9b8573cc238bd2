//! The smoke call's checks: the binary over stdio and HTTP, the standard failure classes.

use mcp_shared::ServerSpec;
use serde_json::json;
use wiremock::ResponseTemplate;

use super::{SmokeRun, Upstream, secrets_of, smoke};
use crate::{HttpProcess, TestServer, assert_valid_tools, spawn_stdio_logged};

/// The binary over stdio: credentials from `AUTH_DATA`, the smoke call, and no credential
/// in its logs at `RUST_LOG=trace`.
pub async fn check_stdio_binary(spec: &'static ServerSpec, bin: &str, manifest_dir: &str) {
    let run = SmokeRun::start(spec, manifest_dir).await;
    let log = std::env::temp_dir().join(format!(
        "{}-suite-stdio-{}.log",
        spec.service,
        std::process::id()
    ));
    let auth = run.credentials.to_string();
    let mut env = run.env_refs();
    env.extend([("AUTH_DATA", auth.as_str()), ("RUST_LOG", "trace")]);
    let client = spawn_stdio_logged(bin, &[], &env, Some(&log)).await;
    let tools = client.list_tools().await;
    assert_valid_tools(&tools);
    run.call(&client).await;
    client.close().await;
    run.assert_reached().await;
    run.assert_logs_clean(&std::fs::read_to_string(&log).unwrap_or_default());
}

/// The binary over HTTP: credentials from `x-auth-data`, the smoke call, its own
/// `healthcheck` (which fails when nothing listens), a clean stop on SIGTERM, and no
/// credential in its logs at `RUST_LOG=trace`.
pub async fn check_http_binary(spec: &'static ServerSpec, bin: &str, manifest_dir: &str) {
    let run = SmokeRun::start(spec, manifest_dir).await;
    let log = std::env::temp_dir().join(format!(
        "{}-suite-http-{}.log",
        spec.service,
        std::process::id()
    ));
    let mut env = run.env_refs();
    env.push(("RUST_LOG", "trace"));
    let proc = HttpProcess::spawn(bin, &[], &env, &log).await;
    let auth = mcp_shared::auth::encode_auth_data(&run.credentials);
    let client = crate::connect_http(&proc.url, &[("x-auth-data", &auth)]).await;
    let tools = client.list_tools().await;
    assert_valid_tools(&tools);
    run.call(&client).await;
    client.close().await;
    run.assert_reached().await;
    let health = std::process::Command::new(bin)
        .args(["healthcheck", "--port", &proc.port.to_string()])
        .status()
        .expect("run healthcheck");
    assert!(
        health.success(),
        "healthcheck failed against a running server"
    );
    let status = proc.terminate().await;
    assert!(status.success(), "exit status after SIGTERM: {status:?}");
    run.assert_logs_clean(&std::fs::read_to_string(&log).unwrap_or_default());
    let nobody = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port().to_string())
        .expect("free port");
    let down = std::process::Command::new(bin)
        .args(["healthcheck", "--port", &nobody])
        .status()
        .expect("run healthcheck");
    assert!(
        !down.success(),
        "healthcheck must fail when nothing listens"
    );
}

/// The smoke call's standard failure classes, in-process: the vendor's error statuses (HTTP
/// servers), a malformed `x-auth-data`, missing credentials.
pub async fn check_failure_classes(spec: &'static ServerSpec, manifest_dir: &str) {
    let statuses: &[u16] = match smoke(manifest_dir).upstream {
        Upstream::Http(_) => &[401, 403, 404, 429, 500, 503],
        Upstream::None | Upstream::Connector => &[],
    };
    // Vendors echo what they were sent (a refused key in a 401): the error bodies here carry
    // the request's credentials, which must not reach the message.
    let echoed = secrets_of(&smoke(manifest_dir).credentials).join(" ");
    for &status in statuses {
        let said = format!("suite failure {status} for {echoed}");
        let answer = ResponseTemplate::new(status)
            .insert_header("retry-after", "0")
            .set_body_json(json!({"message": said, "error": said, "detail": {"error": said}}));
        let run = SmokeRun::start_answering(spec, smoke(manifest_dir), Some(answer)).await;
        let server = TestServer::start(spec, run.settings()).await;
        let auth = mcp_shared::auth::encode_auth_data(&run.credentials);
        let client = server.client_with(&[("x-auth-data", &auth)]).await;
        let r = client
            .call(&run.tool, run.arguments.clone())
            .await
            .unwrap_or_else(|e| {
                panic!("{status}: a vendor failure must be a tool result, not {e}")
            });
        let text = crate::text_of(&r);
        assert_eq!(r.is_error, Some(true), "{status}: {text}");
        assert!(
            text.contains(&status.to_string()),
            "{status}: the message does not name the status: {text}"
        );
        for s in secrets_of(&run.credentials) {
            assert!(
                !text.contains(s.as_str()),
                "{status}: a credential in the message"
            );
        }
        server.stop().await;
    }
    // A malformed header is an error for that request, naming the header.
    let answer = ResponseTemplate::new(200).set_body_json(json!({}));
    let run = SmokeRun::start_answering(spec, smoke(manifest_dir), Some(answer)).await;
    let server = TestServer::start(spec, run.settings()).await;
    let client = server
        .client_with(&[("x-auth-data", "%%% not base64")])
        .await;
    let err = client
        .call_protocol_err(&run.tool, run.arguments.clone())
        .await;
    assert!(err.contains("x-auth-data"), "{err}");
    // No credentials at all: a tool error that says what to send, and no vendor request
    // (servers that need none, or whose key is optional, excepted).
    if !spec.auth.satisfied_by(None) {
        let client = server.client_with(&[]).await;
        let err = client.call_err(&run.tool, run.arguments.clone()).await;
        assert!(err.contains("x-auth-data"), "{err}");
    }
    if let Some(fake) = &run.fake {
        assert!(
            fake.received_requests()
                .await
                .unwrap_or_default()
                .is_empty()
        );
    }
    server.stop().await;
}
