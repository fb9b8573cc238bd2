//! The standard suite every server runs, in one line of its tests' `main.rs`:
//!
//! ```ignore
//! mcp_testkit::standard_suite!(slack_mcp_server::SPEC, "slack-mcp-server");
//! ```
//!
//! It is driven by the server's `ServerSpec`, its committed `tools.json` and its `smoke.json`
//! (`tool`, `arguments`, `upstream_body`, and optionally `credentials`, the `x-auth-data`
//! object the smoke call uses; default `{"access_token": ...}`):
//!
//! - `tools.json` and the README tool table are what the server lists (schemas, annotations);
//! - every listed tool's schemas are valid JSON Schema;
//! - the binary over stdio (credentials from `AUTH_DATA`) and over HTTP (from `x-auth-data`)
//!   runs the smoke call against a fake vendor, answers `healthcheck`, stops on SIGTERM, and
//!   never writes a credential to its logs at `RUST_LOG=trace`;
//! - the `tools` subcommand;
//! - the standard failure classes of the smoke call: vendor 401, 403, 404, 429 and 5xx become
//!   `isError` results that name the status, a malformed `x-auth-data` a JSON-RPC error that
//!   names the header, missing credentials an `isError` that says what to send.

use std::path::Path;

use mcp_shared::{McpServer, ServerSpec, Settings};
use serde_json::{Value, json};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::{TestServer, assert_valid_tools, settings_for, spawn_stdio_logged};

/// Expands to a `standard_suite` test module for the server `$spec` whose binary is `$bin`.
#[macro_export]
macro_rules! standard_suite {
    ($spec:path, $bin:literal) => {
        mod standard_suite {
            const BIN: &str = env!(concat!("CARGO_BIN_EXE_", $bin));
            const DIR: &str = env!("CARGO_MANIFEST_DIR");

            #[test]
            fn docs_are_fresh() {
                $crate::assert_docs_fresh(&$spec, DIR);
            }

            #[test]
            fn schemas_are_valid() {
                $crate::suite::check_schemas(&$spec);
            }

            #[test]
            fn tools_subcommand() {
                $crate::check_tools_subcommand(BIN);
            }

            #[tokio::test]
            async fn stdio_binary() {
                $crate::suite::check_stdio_binary(&$spec, BIN, DIR).await;
            }

            #[tokio::test]
            async fn http_binary() {
                $crate::check_http_binary(BIN, DIR).await;
            }

            #[tokio::test]
            async fn failure_classes() {
                $crate::suite::check_failure_classes(&$spec, DIR).await;
            }
        }
    };
}

/// A server's `smoke.json`.
pub struct Smoke {
    pub tool: String,
    pub arguments: Value,
    pub upstream_body: Value,
    /// The `x-auth-data` object of the smoke call.
    pub credentials: Value,
}

/// The secret this suite's smoke calls carry (in `access_token` unless `smoke.json` says).
pub fn smoke_secret(service: &str) -> String {
    format!("{service}-suite-secret-7f3a")
}

/// Read `smoke.json` of the server in `manifest_dir`; `{secret}` in its `credentials` is
/// replaced by [`smoke_secret`].
pub fn smoke(manifest_dir: &str) -> Smoke {
    let dir = Path::new(manifest_dir);
    let service = dir
        .file_name()
        .and_then(|n| n.to_str())
        .expect("service dir")
        .to_owned();
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("smoke.json")).expect("smoke.json"))
            .expect("smoke.json is JSON");
    let secret = smoke_secret(&service);
    let credentials = match v.get("credentials") {
        Some(c) => {
            serde_json::from_str(&c.to_string().replace("{secret}", &secret)).expect("credentials")
        }
        None => json!({ "access_token": secret }),
    };
    Smoke {
        tool: v["tool"].as_str().expect("smoke tool").to_owned(),
        arguments: v["arguments"].clone(),
        upstream_body: v["upstream_body"].clone(),
        credentials,
    }
}

/// Every string of the credential object (what must never reach a log).
pub fn secrets_of(creds: &Value) -> Vec<String> {
    match creds {
        Value::String(s) if s.len() >= 8 => vec![s.clone()],
        Value::Object(o) => o.values().flat_map(secrets_of).collect(),
        Value::Array(a) => a.iter().flat_map(secrets_of).collect(),
        _ => Vec::new(),
    }
}

/// Every tool of every toolset has valid schemas and the annotations read-only mode needs.
pub fn check_schemas(spec: &'static ServerSpec) {
    let all = Settings {
        toolsets: Some(vec!["all".to_owned()]),
        ..Settings::default()
    };
    let server = McpServer::new(spec, all).expect("server with every toolset");
    assert_valid_tools(server.tools());
}

/// The binary over stdio: credentials from `AUTH_DATA`, the smoke call against a fake vendor,
/// and no credential in its logs at `RUST_LOG=trace`.
pub async fn check_stdio_binary(spec: &'static ServerSpec, bin: &str, manifest_dir: &str) {
    let smoke = smoke(manifest_dir);
    let fake = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(ResponseTemplate::new(200).set_body_json(smoke.upstream_body.clone()))
        .mount(&fake)
        .await;
    let log = std::env::temp_dir().join(format!(
        "{}-suite-stdio-{}.log",
        spec.service,
        std::process::id()
    ));
    let uri = fake.uri();
    let auth = smoke.credentials.to_string();
    let client = spawn_stdio_logged(
        bin,
        &[],
        &[
            (&spec.base_url_var(), &uri),
            ("AUTH_DATA", &auth),
            ("RUST_LOG", "trace"),
        ],
        Some(&log),
    )
    .await;
    let tools = client.list_tools().await;
    assert_valid_tools(&tools);
    client.call_ok(&smoke.tool, smoke.arguments.clone()).await;
    client.close().await;
    let received = fake.received_requests().await.unwrap_or_default();
    assert!(
        !received.is_empty(),
        "the smoke call made no vendor request"
    );
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(logs.contains("tool call"), "expected trace logs: {logs}");
    for s in secrets_of(&smoke.credentials) {
        assert!(
            !logs.contains(&s),
            "a credential appeared in the stdio logs"
        );
    }
}

/// The smoke call's standard failure classes, in-process against a fake vendor.
pub async fn check_failure_classes(spec: &'static ServerSpec, manifest_dir: &str) {
    let smoke = smoke(manifest_dir);
    let secrets = secrets_of(&smoke.credentials);
    let auth = mcp_shared::auth::encode_auth_data(&smoke.credentials);
    for status in [401u16, 403, 404, 429, 500, 503] {
        let fake = MockServer::start().await;
        Mock::given(wiremock::matchers::any())
            .respond_with(
                ResponseTemplate::new(status)
                    .insert_header("retry-after", "0")
                    .set_body_json(json!({"message": format!("suite failure {status}"), "error": format!("suite failure {status}")})),
            )
            .mount(&fake)
            .await;
        let server = TestServer::start(spec, settings_for(&fake.uri())).await;
        let client = server.client_with(&[("x-auth-data", &auth)]).await;
        let r = client
            .call(&smoke.tool, smoke.arguments.clone())
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
        for s in &secrets {
            assert!(
                !text.contains(s.as_str()),
                "{status}: a credential in the message"
            );
        }
        server.stop().await;
    }
    // A malformed header is an error for that request, naming the header.
    let fake = MockServer::start().await;
    let server = TestServer::start(spec, settings_for(&fake.uri())).await;
    let client = server
        .client_with(&[("x-auth-data", "%%% not base64")])
        .await;
    let err = client
        .call_protocol_err(&smoke.tool, smoke.arguments.clone())
        .await;
    assert!(err.contains("x-auth-data"), "{err}");
    // No credentials at all: a tool error that says what to send (servers that need none
    // excepted), and no vendor request.
    if !spec.auth.fields().is_empty() {
        let client = server.client_with(&[]).await;
        let err = client.call_err(&smoke.tool, smoke.arguments.clone()).await;
        assert!(err.contains("x-auth-data"), "{err}");
    }
    assert!(
        fake.received_requests()
            .await
            .unwrap_or_default()
            .is_empty()
    );
    server.stop().await;
}
