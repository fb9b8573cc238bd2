//! The standard suite every server runs, in one line of its tests' `main.rs`:
//!
//! ```ignore
//! mcp_testkit::standard_suite!(slack_mcp_server::SPEC, "slack-mcp-server");
//! ```
//!
//! It is driven by the server's `ServerSpec`, its committed `tools.json` and its `smoke.json`:
//! `tool` and `arguments` (the smoke call), `credentials` (the `x-auth-data` object of the
//! call; default `{"access_token": ...}`), `env` (extra environment of the server process),
//! and what the call reaches, `upstream`:
//!
//! - `"http"` (the default): a fake vendor on 127.0.0.1 that answers every request with
//!   `upstream_body`; the server's `<SERVICE>_API_BASE_URL` points at it;
//! - `"none"`: nothing (bundled data); the call must succeed without any network;
//! - `"connector"`: a backend that is not an HTTP API (a database, a TCP service), at an
//!   address where nothing listens: the call must fail as a clear tool error.
//!
//! In `credentials`, `{secret}` becomes the suite's secret (checked never to reach a log or a
//! message; every other string of the credentials is checked the same way). In `arguments`,
//! `credentials` and `env`, `{vendor}` becomes the fake vendor's URL and `{unreachable}` a
//! `127.0.0.1:<port>` where nothing listens.
//!
//! What it checks:
//! - `tools.json` and the README tool table are what the server lists (schemas, annotations);
//! - every listed tool's schemas are valid JSON Schema;
//! - the binary over stdio (credentials from `AUTH_DATA`) and over HTTP (from `x-auth-data`)
//!   runs the smoke call, answers `healthcheck`, stops on SIGTERM, and never writes a
//!   credential to its logs at `RUST_LOG=trace`;
//! - the `tools` subcommand;
//! - the standard failure classes of the smoke call: vendor 401, 403, 404, 429 and 5xx become
//!   `isError` results that name the status (HTTP servers), a malformed `x-auth-data` a
//!   JSON-RPC error that names the header, missing credentials an `isError` that says what to
//!   send;
//! - sign-in (`--oauth`): `--help` lists its options; without it, `initialize` needs no
//!   credentials; with it, a request without credentials gets the `401` challenge whose
//!   metadata names the declared authorization server and scopes (or the one given with
//!   `--authorization-server`), a vendor with none refuses to start, a server that needs no
//!   credentials ignores it;
//! - a redirect to another origin: the fake vendor answers the smoke call with a redirect to a
//!   second listener, which must receive none of the call's credentials;
//! - hostile arguments: every parameter of every tool in turn set to null, the wrong type,
//!   huge and negative numbers, 100,000 characters, multibyte and control characters, path
//!   traversal, a metadata URL, deep nesting and mixed arrays: every call is answered, none
//!   panics or carries a credential, and a wrong type is refused naming the parameter.

use std::path::Path;

mod redirect;
pub use redirect::check_redirect;

use mcp_shared::tool::limits::declared_types;
use mcp_shared::{McpServer, ServerSpec, Settings};
use serde_json::{Value, json};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::{
    Client, HttpProcess, TestServer, assert_valid_tools, settings_for, spawn_stdio_logged,
};

/// Expands to a `standard_suite` test module for the server `$spec` whose binary is `$bin`.
/// `catalog_not_required: &[(tool, parameter)]` names catalog parameters that the server takes
/// as optional although the catalog marks them required (where the vendor does not need them).
#[macro_export]
macro_rules! standard_suite {
    ($spec:path, $bin:literal) => {
        $crate::standard_suite!($spec, $bin, catalog_not_required: &[]);
    };
    ($spec:path, $bin:literal, catalog_not_required: $not_required:expr) => {
        mod standard_suite {
            const BIN: &str = env!(concat!("CARGO_BIN_EXE_", $bin));
            const DIR: &str = env!("CARGO_MANIFEST_DIR");

            #[test]
            fn catalog_tools_with_their_parameters() {
                $crate::suite::check_catalog(&$spec, $not_required);
            }

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
                $crate::check_tools_subcommand(&$spec, BIN);
            }

            #[tokio::test]
            async fn stdio_binary() {
                $crate::suite::check_stdio_binary(&$spec, BIN, DIR).await;
            }

            #[tokio::test]
            async fn http_binary() {
                $crate::suite::check_http_binary(&$spec, BIN, DIR).await;
            }

            #[tokio::test]
            async fn failure_classes() {
                $crate::suite::check_failure_classes(&$spec, DIR).await;
            }

            #[tokio::test]
            async fn hostile_arguments() {
                $crate::suite::check_hostile_arguments(&$spec, DIR).await;
            }

            #[tokio::test]
            async fn redirect_to_another_host() {
                $crate::suite::check_redirect(&$spec, DIR).await;
            }

            #[tokio::test]
            async fn oauth_sign_in() {
                $crate::suite::check_oauth(&$spec, BIN, DIR).await;
            }
        }
    };
}

/// Expands to the test module `$module` for one profile (`--profile <kind>`) of the
/// server `$spec`: the tools it lists over every toolset are the catalog's key
/// `<service>_<kind>` with compatible parameters, their schemas are valid, and every
/// parameter of every tool survives hostile values, as in the standard suite.
///
/// ```ignore
/// mcp_testkit::profile_suite!(atlas_profile, airtable_mcp_server::SPEC, atlas);
/// ```
#[macro_export]
macro_rules! profile_suite {
    ($module:ident, $spec:path, $kind:ident) => {
        $crate::profile_suite!($module, $spec, $kind, catalog_not_required: &[]);
    };
    ($module:ident, $spec:path, $kind:ident, catalog_not_required: $not_required:expr) => {
        mod $module {
            const DIR: &str = env!("CARGO_MANIFEST_DIR");

            fn profile() -> mcp_shared::Profile {
                mcp_shared::Profile::parse(stringify!($kind))
                    .unwrap_or_else(|| panic!("no profile `{}`", stringify!($kind)))
            }

            #[test]
            fn catalog_tools_with_their_parameters() {
                $crate::suite::check_profile_catalog(&$spec, profile(), $not_required);
            }

            #[tokio::test]
            async fn hostile_arguments() {
                $crate::suite::check_hostile_arguments_in(&$spec, DIR, profile()).await;
            }
        }
    };
}

/// The tools `--profile <profile> --toolsets all` lists are the catalog's key
/// ([`ServerSpec::klavis_directory`]: `<service>_<profile>`, `local/<name>`) (every catalog tool, its parameters compatible), with valid schemas.
pub fn check_profile_catalog(
    spec: &'static ServerSpec,
    profile: mcp_shared::Profile,
    not_required: &[(&str, &str)],
) {
    let key = spec.klavis_directory(profile);
    // Only `--toolsets all`: what else the variant lists (GitHub's dynamic toolset tools)
    // must come from the profile's own defaults, as a benchmark starts it.
    let settings = Settings {
        toolsets: Some(vec!["all".to_owned()]),
        profile,
        ..Settings::default()
    };
    let server = McpServer::new(spec, settings)
        .unwrap_or_else(|e| panic!("--profile {}: {e}", profile.name()));
    assert_valid_tools(server.tools());
    crate::assert_catalog_parity(server.tools(), &key, not_required);
    // Exactly the variant's tools: a benchmark's agent sees no tool its server did not have.
    let catalog = crate::catalog_entry(&key);
    let known: Vec<&str> = catalog["tools"]
        .as_array()
        .map(|t| t.iter().filter_map(|t| t["name"].as_str()).collect())
        .unwrap_or_default();
    let extra: Vec<&str> = server
        .tools()
        .iter()
        .map(|t| t.name.as_ref())
        .filter(|n| !known.contains(n))
        .collect();
    assert!(
        extra.is_empty(),
        "--profile {} lists tools that {key} does not have: {extra:?}",
        profile.name()
    );
}

/// What the smoke call reaches (`smoke.json`'s `upstream`).
#[derive(Debug, Clone, PartialEq)]
pub enum Upstream {
    /// A fake vendor answering every request with this body.
    Http(Value),
    /// Nothing: the server answers from bundled data.
    None,
    /// A backend that is not HTTP, at an address where nothing listens.
    Connector,
}

/// A server's `smoke.json`, placeholders not yet filled (but `{secret}`).
pub struct Smoke {
    pub tool: String,
    pub arguments: Value,
    pub upstream: Upstream,
    /// The `x-auth-data` object of the smoke call.
    pub credentials: Value,
    /// Extra environment of the server process.
    pub env: Vec<(String, String)>,
}

/// The secret this suite's smoke calls carry (in `access_token` unless `smoke.json` says).
pub fn smoke_secret(service: &str) -> String {
    format!("{service}-suite-secret-7f3a")
}

fn service_of(manifest_dir: &str) -> String {
    Path::new(manifest_dir)
        .file_name()
        .and_then(|n| n.to_str())
        .expect("service dir")
        .to_owned()
}

/// Replace `{key}` by its value in every string of `v`.
fn fill(v: &Value, vars: &[(&str, &str)]) -> Value {
    match v {
        Value::String(s) => Value::String(vars.iter().fold(s.clone(), |acc, (k, by)| {
            acc.replace(&format!("{{{k}}}"), by)
        })),
        Value::Array(a) => Value::Array(a.iter().map(|x| fill(x, vars)).collect()),
        Value::Object(o) => {
            Value::Object(o.iter().map(|(k, x)| (k.clone(), fill(x, vars))).collect())
        }
        other => other.clone(),
    }
}

/// Read `smoke.json` of the server in `manifest_dir`.
pub fn smoke(manifest_dir: &str) -> Smoke {
    let dir = Path::new(manifest_dir);
    let service = service_of(manifest_dir);
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("smoke.json")).expect("smoke.json"))
            .expect("smoke.json is JSON");
    let secret = smoke_secret(&service);
    let credentials = match v.get("credentials") {
        Some(c) => fill(c, &[("secret", &secret)]),
        None => json!({ "access_token": secret }),
    };
    let upstream = match v.get("upstream").and_then(Value::as_str).unwrap_or("http") {
        "http" => Upstream::Http(v["upstream_body"].clone()),
        "none" => Upstream::None,
        "connector" => Upstream::Connector,
        other => panic!("smoke.json: `upstream` is http, none or connector, not {other}"),
    };
    let env = v
        .get("env")
        .and_then(Value::as_object)
        .map(|o| {
            o.iter()
                .map(|(k, x)| {
                    (
                        k.clone(),
                        x.as_str().expect("smoke.json env: strings").to_owned(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    Smoke {
        tool: v["tool"].as_str().expect("smoke tool").to_owned(),
        arguments: v["arguments"].clone(),
        upstream,
        credentials,
        env,
    }
}

/// Every string of the credential object (what must never reach a log).
pub fn secrets_of(creds: &Value) -> Vec<String> {
    match creds {
        // A tenant's site (`https://shop.example.com`) names where to go, it is no secret;
        // one with user information or a query might carry one.
        Value::String(s)
            if (s.starts_with("https://") || s.starts_with("http://"))
                && !s.contains('@')
                && !s.contains('?') =>
        {
            Vec::new()
        }
        Value::String(s) if s.len() >= 8 => vec![s.clone()],
        Value::Object(o) => o.values().flat_map(secrets_of).collect(),
        Value::Array(a) => a.iter().flat_map(secrets_of).collect(),
        _ => Vec::new(),
    }
}

/// The smoke call, ready to run: the fake vendor started (for `upstream: http`), the
/// placeholders filled.
pub struct SmokeRun {
    pub tool: String,
    pub arguments: Value,
    pub upstream: Upstream,
    pub credentials: Value,
    pub fake: Option<MockServer>,
    /// The server process's environment: the vendor base URL (with a fake) and `env`.
    pub env: Vec<(String, String)>,
    /// For a server that works in a workspace (`--workspace`): a scratch directory of its
    /// own for the in-process servers, whose hostile calls write files (never the crate's
    /// directory).
    pub workspace: Option<String>,
}

impl SmokeRun {
    /// Start the smoke call's fake vendor (answering `upstream_body`) and fill the placeholders.
    pub async fn start(spec: &'static ServerSpec, manifest_dir: &str) -> Self {
        let smoke = smoke(manifest_dir);
        let answer = match &smoke.upstream {
            Upstream::Http(body) => Some(ResponseTemplate::new(200).set_body_json(body.clone())),
            _ => None,
        };
        Self::start_answering(spec, smoke, answer).await
    }

    /// The same, with a fake vendor (when the server has an HTTP upstream) answering `answer`.
    pub async fn start_answering(
        spec: &'static ServerSpec,
        smoke: Smoke,
        answer: Option<ResponseTemplate>,
    ) -> Self {
        let fake = match (&smoke.upstream, answer) {
            (Upstream::Http(_), Some(answer)) => {
                let fake = MockServer::start().await;
                Mock::given(wiremock::matchers::any())
                    .respond_with(answer)
                    .mount(&fake)
                    .await;
                Some(fake)
            }
            _ => None,
        };
        let vendor = fake.as_ref().map(MockServer::uri).unwrap_or_default();
        let unreachable = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.to_string())
            .expect("free port");
        let vars = [
            ("vendor", vendor.as_str()),
            ("unreachable", unreachable.as_str()),
        ];
        let mut env = Vec::new();
        if fake.is_some() {
            env.push((spec.base_url_var(), vendor.clone()));
        }
        for (k, v) in &smoke.env {
            let v = fill(&Value::String(v.clone()), &vars);
            env.push((k.clone(), v.as_str().unwrap_or_default().to_owned()));
        }
        let workspace = spec
            .options
            .iter()
            .any(|o| o.name == mcp_shared::workspace::OPTION.name)
            .then(|| {
                tempfile::Builder::new()
                    .prefix(&format!("{}-suite-", spec.service))
                    .tempdir()
                    .expect("scratch workspace")
                    .keep()
                    .to_string_lossy()
                    .into_owned()
            });
        Self {
            tool: smoke.tool,
            arguments: fill(&smoke.arguments, &vars),
            upstream: smoke.upstream,
            credentials: fill(&smoke.credentials, &vars),
            fake,
            env,
            workspace,
        }
    }

    /// Settings for an in-process server: the fake vendor as base URL, test timeouts.
    pub fn settings(&self) -> Settings {
        let mut s = match &self.fake {
            Some(fake) => settings_for(&fake.uri()),
            None => Settings {
                api_base_url: None,
                ..settings_for("")
            },
        };
        // The host allow-lists of `smoke.json`'s env, as the binary reads them.
        let list = |v: &str| -> Vec<String> {
            v.split(',')
                .map(str::trim)
                .filter(|h| !h.is_empty())
                .map(str::to_owned)
                .collect()
        };
        if let Some(dir) = &self.workspace {
            s = s.with_option(mcp_shared::workspace::OPTION.name, dir);
        }
        for (k, v) in &self.env {
            if k == "MCP_FETCH_ALLOW_HOSTS" {
                s.fetch_allow_hosts = list(v);
            } else if k.ends_with("_ALLOWED_HOSTS") && k != "MCP_ALLOWED_HOSTS" {
                s.tenant_hosts = list(v);
            }
        }
        s
    }

    /// Run the smoke call and check its outcome for this kind of upstream: a result (HTTP,
    /// bundled data), or a clear tool error that carries no credential (a connector without
    /// its backend).
    pub async fn call(&self, client: &Client) {
        if self.upstream == Upstream::Connector {
            let err = client.call_err(&self.tool, self.arguments.clone()).await;
            assert!(!err.trim().is_empty(), "the error must say what failed");
            for s in secrets_of(&self.credentials) {
                assert!(!err.contains(&s), "a credential in the error: {err}");
            }
        } else {
            client.call_ok(&self.tool, self.arguments.clone()).await;
        }
    }

    /// The fake vendor (if any) received the smoke call's requests.
    pub async fn assert_reached(&self) {
        if let Some(fake) = &self.fake {
            assert!(
                !fake
                    .received_requests()
                    .await
                    .unwrap_or_default()
                    .is_empty(),
                "the smoke call made no vendor request"
            );
        }
    }

    /// The logs have request logs and none of the credentials.
    pub fn assert_logs_clean(&self, logs: &str) {
        assert!(logs.contains("tool call"), "expected trace logs: {logs}");
        for s in secrets_of(&self.credentials) {
            assert!(!logs.contains(&s), "a credential appeared in the logs");
        }
    }

    fn env_refs(&self) -> Vec<(&str, &str)> {
        self.env
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect()
    }
}

/// What a drop-in user gets by default has every tool the catalog lists for the service, each
/// with the catalog's parameters, types and required flags (a service beyond the catalog has
/// nothing to match).
pub fn check_catalog(spec: &'static ServerSpec, not_required: &[(&str, &str)]) {
    if crate::catalog().get(spec.service).is_none() {
        return;
    }
    let server =
        McpServer::new(spec, Settings::default()).expect("server with its default toolsets");
    crate::assert_catalog_parity(server.tools(), spec.service, not_required);
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

/// One hostile call: a tool, the parameter under test and its hostile value among plausible
/// values for the other required parameters.
struct Case {
    tool: String,
    param: String,
    kind: &'static str,
    wrong_type: bool,
    /// The tool's other parameters, as a message would name them (`` `name` ``).
    others: Vec<String>,
    args: serde_json::Map<String, Value>,
}

/// One hostile value for one parameter, and whether the tool must refuse it as a bad argument
/// (a value of the wrong JSON type for a parameter of one declared type).
struct Hostile {
    value: Value,
    kind: &'static str,
    wrong_type: bool,
}

/// A plausible value for a required parameter (so that the parameter under test is reached).
fn plausible(prop: &Value) -> Value {
    if let Some(first) = prop
        .get("enum")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
    {
        return first.clone();
    }
    if let Some(c) = prop.get("const") {
        return c.clone();
    }
    match declared_types(prop).first().map(String::as_str) {
        Some("integer" | "number") => json!(1),
        Some("boolean") => json!(true),
        Some("array") => json!([]),
        Some("object") => json!({}),
        Some("null") => Value::Null,
        _ => json!("x1"),
    }
}

/// The hostile values for a parameter of this schema: null, the wrong type, huge and negative
/// numbers, a 100,000-character string, multibyte and control characters, a right-to-left
/// override, path traversal, a cloud-metadata URL, deep nesting and a mixed array.
fn hostile_values(prop: &Value) -> Vec<Hostile> {
    let types = declared_types(prop);
    let single = (types.len() == 1).then(|| types[0].as_str());
    let takes = |t: &str| {
        types.is_empty()
            || types
                .iter()
                .any(|x| x == t || (t == "integer" && x == "number"))
    };
    let mut deep = json!("bottom");
    for _ in 0..100 {
        deep = json!([deep]);
    }
    let mut out = vec![Hostile {
        value: Value::Null,
        kind: "null",
        wrong_type: false,
    }];
    let wrong = match single {
        Some("string") => Some(json!(12345)),
        Some("integer" | "number") => Some(json!("not-a-number")),
        Some("boolean") => Some(json!("yes")),
        Some("array") => Some(json!("not-an-array")),
        Some("object") => Some(json!("not-an-object")),
        _ => None,
    };
    if let Some(value) = wrong {
        out.push(Hostile {
            value,
            kind: "wrong type",
            wrong_type: true,
        });
    }
    let plain = |value: Value, kind: &'static str| Hostile {
        value,
        kind,
        wrong_type: false,
    };
    if takes("integer") || takes("number") {
        out.push(plain(json!(1e308), "huge number"));
        out.push(plain(json!(9_007_199_254_740_993_u64), "huge integer"));
        out.push(plain(json!(-1), "negative number"));
        out.push(plain(json!(i64::MIN), "most negative integer"));
        out.push(plain(json!(0.5), "fraction"));
    }
    if takes("string") {
        out.push(plain(
            Value::String("A".repeat(100_000)),
            "100,000 characters",
        ));
        out.push(plain(json!("éééx"), "multibyte"));
        out.push(plain(json!("日本語👩‍👩‍👧"), "CJK and emoji"));
        out.push(plain(
            json!("\u{202E}evil\u{0000}\u{0007}\r\n\t"),
            "bidi override and control characters",
        ));
        out.push(plain(json!("../../../../etc/passwd"), "path traversal"));
        out.push(plain(
            json!("http://169.254.169.254/latest/meta-data/"),
            "metadata URL",
        ));
        out.push(plain(json!(""), "empty string"));
    }
    out.push(plain(deep, "deep nesting"));
    out.push(plain(json!([1, "a", null, {}, [], true]), "mixed array"));
    out.push(plain(json!({"a": {"b": [null]}}), "object"));
    out
}

/// Every tool of every toolset, each parameter in turn given each hostile value (the others
/// plausible), against a fake vendor that answers everything with the smoke call's body: every
/// call gets a JSON-RPC reply, none is the internal error of a panic, none carries a
/// credential, and a value of the wrong type is refused with a message that names the
/// parameter.
pub async fn check_hostile_arguments(spec: &'static ServerSpec, manifest_dir: &str) {
    check_hostile_arguments_in(spec, manifest_dir, mcp_shared::Profile::Default).await;
}

/// [`check_hostile_arguments`] for the tools one profile lists.
pub async fn check_hostile_arguments_in(
    spec: &'static ServerSpec,
    manifest_dir: &str,
    profile: mcp_shared::Profile,
) {
    use futures::StreamExt as _;
    let smoke = smoke(manifest_dir);
    let answer = match &smoke.upstream {
        Upstream::Http(body) => Some(ResponseTemplate::new(200).set_body_json(body.clone())),
        _ => None,
    };
    let run = SmokeRun::start_answering(spec, smoke, answer).await;
    let mut settings = run.settings();
    settings.toolsets = Some(vec!["all".to_owned()]);
    settings.profile = profile;
    settings.upstream_timeout = std::time::Duration::from_secs(2);
    settings.poll_interval = Some(std::time::Duration::from_millis(5));
    let server = TestServer::start(spec, settings).await;
    let auth = mcp_shared::auth::encode_auth_data(&run.credentials);
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let secrets = secrets_of(&run.credentials);
    let mut cases = Vec::new();
    for tool in server.server.tools() {
        let schema = Value::Object((*tool.input_schema).clone());
        let props = schema["properties"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        let required: Vec<&str> = schema["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let base: serde_json::Map<String, Value> = props
            .iter()
            .filter(|(k, _)| required.contains(&k.as_str()))
            .map(|(k, p)| (k.clone(), plausible(p)))
            .collect();
        for (param, prop) in &props {
            for h in hostile_values(prop) {
                let mut args = base.clone();
                args.insert(param.clone(), h.value);
                let others: Vec<String> = props
                    .keys()
                    .filter(|k| *k != param)
                    .map(|k| format!("`{k}`"))
                    .collect();
                cases.push(Case {
                    tool: tool.name.to_string(),
                    param: param.clone(),
                    kind: h.kind,
                    wrong_type: h.wrong_type,
                    others,
                    args,
                });
            }
        }
    }
    let total = cases.len();
    let failures: Vec<String> = futures::stream::iter(cases)
        .map(|c| {
            let client = &client;
            let secrets = &secrets;
            async move {
                let Case {
                    tool,
                    param,
                    kind,
                    wrong_type,
                    others,
                    args,
                } = c;
                let what = format!("{tool}({param} = {kind})");
                let text = match client.call_unchecked(&tool, args).await {
                    Ok(r) => {
                        let text = crate::text_of(&r);
                        if r.is_error != Some(true) {
                            return None;
                        }
                        text
                    }
                    Err(rmcp::ServiceError::McpError(e)) => e.message.to_string(),
                    Err(e) => return Some(format!("{what}: no JSON-RPC reply ({e})")),
                };
                if text.contains("internal error in") {
                    return Some(format!("{what}: the handler panicked: {text}"));
                }
                if let Some(s) = secrets.iter().find(|s| text.contains(s.as_str())) {
                    return Some(format!(
                        "{what}: a credential in the reply ({} chars)",
                        s.len()
                    ));
                }
                // Refused as a bad argument: the message names the parameter (or another one
                // of the tool's, when the plausible value given to that one was refused first).
                let named = text.contains(&param) || others.iter().any(|o| text.contains(o));
                if wrong_type && text.contains("invalid arguments") && !named {
                    return Some(format!("{what}: the error does not name `{param}`: {text}"));
                }
                None
            }
        })
        .buffer_unordered(8)
        .filter_map(|f| async move { f })
        .collect()
        .await;
    client.close().await;
    server.stop().await;
    assert!(
        failures.is_empty(),
        "{} of {total} hostile calls failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Sign-in for MCP clients (`--oauth`), as this server declares it.
pub async fn check_oauth(spec: &'static ServerSpec, bin: &str, manifest_dir: &str) {
    let help = std::process::Command::new(bin)
        .arg("--help")
        .env_clear()
        .output()
        .expect("run --help");
    let help = String::from_utf8_lossy(&help.stdout);
    for option in ["--oauth", "--authorization-server", "--public-url"] {
        assert!(help.contains(option), "--help does not list {option}");
    }
    let run = SmokeRun::start(spec, manifest_dir).await;
    // Without --oauth: Klavis's contract, credentials optional at initialize.
    let plain = TestServer::start(spec, run.settings()).await;
    let r = crate::mcp_post(&plain.url, &[], crate::INITIALIZE).await;
    assert_eq!(
        r.status, 200,
        "initialize without credentials and without --oauth"
    );
    assert_eq!(r.header("www-authenticate"), None);
    let base = format!("http://127.0.0.1:{}", plain.port());
    let metadata = format!("{base}{}", mcp_shared::oauth::METADATA_PATH);
    let r = crate::raw_request("GET", &metadata, &[], "").await;
    assert_eq!(r.status, 404, "no metadata without --oauth");
    plain.stop().await;

    let with = |authorization_server: Option<&str>| Settings {
        oauth: Some(
            mcp_shared::oauth::settings(authorization_server, None, false).expect("settings"),
        ),
        ..run.settings()
    };
    if matches!(spec.auth, mcp_shared::Auth::None) && spec.oauth.is_none() {
        // Nothing to sign in to: ignored.
        let server = TestServer::start(spec, with(None)).await;
        let r = crate::mcp_post(&server.url, &[], crate::INITIALIZE).await;
        assert_eq!(
            r.status, 200,
            "a server without credentials ignores --oauth"
        );
        server.stop().await;
        return;
    }
    let (issuer, scopes): (String, Vec<&str>) = match &spec.oauth {
        Some(o) => {
            // Exactly as the vendor's metadata states it (a trailing slash included): a
            // client compares the two.
            assert!(
                o.issuer.starts_with("https://") && !o.issuer.contains(['?', '#', ' ']),
                "the issuer is an https URL without query or fragment: {}",
                o.issuer
            );
            assert!(
                !o.docs.is_empty(),
                "the declaration names its source (docs)"
            );
            (o.issuer.to_owned(), o.scopes.to_vec())
        }
        None => {
            // A vendor with API keys only: the binary refuses --oauth at start, saying why.
            let out = std::process::Command::new(bin)
                .args(["--transport", "http", "--port", "0", "--oauth"])
                .env_clear()
                .output()
                .expect("run the server");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(
                out.status.code(),
                Some(2),
                "--oauth must be refused: {stderr}"
            );
            assert!(
                stderr.contains("API keys only") && stderr.contains("--authorization-server"),
                "{stderr}"
            );
            // An OAuth proxy named by the operator is enough.
            ("https://auth.example.com".to_owned(), Vec::new())
        }
    };
    let named = spec.oauth.is_none().then_some("https://auth.example.com");
    let server = TestServer::start(spec, with(named)).await;
    let port = server.port();
    let r = crate::mcp_post(&server.url, &[], crate::INITIALIZE).await;
    assert_eq!(
        r.status, 401,
        "initialize without credentials under --oauth"
    );
    let metadata_url = format!("http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp");
    let challenge = r.header("www-authenticate").unwrap_or_default();
    assert!(
        challenge.starts_with(&format!("Bearer resource_metadata=\"{metadata_url}\"")),
        "{challenge}"
    );
    if !scopes.is_empty() {
        assert!(
            challenge.ends_with(&format!(", scope=\"{}\"", scopes.join(" "))),
            "{challenge}"
        );
    }
    for path in [
        mcp_shared::oauth::METADATA_PATH.to_owned(),
        format!("{}/mcp", mcp_shared::oauth::METADATA_PATH),
    ] {
        let r = crate::raw_request("GET", &format!("http://127.0.0.1:{port}{path}"), &[], "").await;
        assert_eq!(r.status, 200, "{path}");
        let doc = r.json();
        assert_eq!(
            doc["resource"],
            format!("http://127.0.0.1:{port}/mcp"),
            "{path}"
        );
        assert_eq!(doc["authorization_servers"], json!([issuer]), "{path}");
        assert_eq!(doc["bearer_methods_supported"], json!(["header"]), "{path}");
        let supported: Vec<&str> = doc["scopes_supported"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for s in &scopes {
            assert!(supported.contains(s), "{path}: scopes_supported lacks {s}");
        }
    }
    // With a token the same request is served.
    let bearer = [("authorization", "Bearer suite-token-123456")];
    let r = crate::mcp_post(&server.url, &bearer, crate::INITIALIZE).await;
    assert_eq!(r.status, 200, "initialize with a token under --oauth");
    server.stop().await;
    if spec.oauth.is_some() {
        // The operator's authorization server (an OAuth proxy) replaces the declared one.
        let proxy = "https://auth.example.com";
        let server = TestServer::start(spec, with(Some(proxy))).await;
        let url = format!(
            "http://127.0.0.1:{}{}",
            server.port(),
            mcp_shared::oauth::METADATA_PATH
        );
        let doc = crate::raw_request("GET", &url, &[], "").await.json();
        assert_eq!(doc["authorization_servers"], json!([proxy]));
        server.stop().await;
    }
}
