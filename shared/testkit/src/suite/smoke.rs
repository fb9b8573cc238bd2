//! The smoke call of `smoke.json`: read, placeholders filled, run ([`SmokeRun`]).

use std::path::Path;

use mcp_shared::{ServerSpec, Settings};
use serde_json::{Value, json};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::{Client, settings_for};

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

    pub(super) fn env_refs(&self) -> Vec<(&str, &str)> {
        self.env
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect()
    }
}
