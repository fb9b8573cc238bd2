//! Figma server tests: each tool against a fake Figma API that asserts the exact request
//! (method, path, query, body, the token in `X-Figma-Token` or as Bearer), through a real MCP
//! client. Routes, query parameters, bodies and response shapes follow Figma's OpenAPI
//! description (npm `@figma/rest-api-spec` 0.43.0, `openapi/openapi.yaml`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod account;
mod analytics;
mod comments;
mod dev_resources;
mod files;
mod library;
mod projects;
mod variables;
mod webhooks;

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

/// A personal access token (Figma's start with `figd_`).
pub const PAT: &str = "figd_abcDEF123_personal-token-4567";
/// An OAuth access token.
pub const OAUTH: &str = "figu_oauth-access-token-89ab";
/// A file key.
pub const KEY: &str = "hM1Zb3ghrUFlWtpBx4Yq2s";

pub async fn setup() -> Recorded {
    Recorded(Setup::start(&figma_mcp_server::SPEC, json!({ "api_key": PAT })).await)
}

/// A [`Setup`] that, when `FIGMA_REQUEST_LOG` names a file, appends every request its fake
/// received (method, path, query, which credential header, body) as JSON lines when the test
/// ends: `tests/openapi_check.py` checks them against Figma's OpenAPI description.
pub struct Recorded(Setup);

impl std::ops::Deref for Recorded {
    type Target = Setup;
    fn deref(&self) -> &Setup {
        &self.0
    }
}

impl Drop for Recorded {
    fn drop(&mut self) {
        if std::env::var_os("FIGMA_REQUEST_LOG").is_none() {
            return;
        }
        let fake = &self.0.fake;
        let requests = std::thread::scope(|sc| {
            sc.spawn(|| {
                tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .unwrap()
                    .block_on(fake.received_requests())
                    .unwrap_or_default()
            })
            .join()
            .unwrap()
        });
        for r in requests {
            log_line(&json!({
                "kind": "request",
                "method": r.method.as_str(),
                "path": r.url.path(),
                "query": r.url.query_pairs().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
                "x_figma_token": r.headers.get("x-figma-token").is_some(),
                "bearer": r.headers.get("authorization").and_then(|v| v.to_str().ok())
                    .is_some_and(|v| v.starts_with("Bearer ")),
                "body": serde_json::from_slice::<Value>(&r.body).ok(),
            }));
        }
    }
}

/// A request with the personal access token in `X-Figma-Token`.
pub fn req(method: &'static str, path: &str) -> Req {
    Req {
        e: expect(method, path).header("x-figma-token", PAT),
        method,
        path: path.to_owned(),
    }
}

/// An [`Expect`] whose answer is also logged (with `FIGMA_REQUEST_LOG`), so that
/// `tests/openapi_check.py` checks the fake's body against the spec's response schema.
pub struct Req {
    e: Expect,
    method: &'static str,
    path: String,
}

impl Req {
    pub fn query(self, k: &str, v: impl ToString) -> Self {
        Self {
            e: self.e.query(k, v),
            ..self
        }
    }

    pub fn queries(self, pairs: &[(&str, &str)]) -> Self {
        Self {
            e: self.e.queries(pairs),
            ..self
        }
    }

    pub fn json_body(self, body: Value) -> Self {
        Self {
            e: self.e.json_body(body),
            ..self
        }
    }

    pub fn any_body(self) -> Self {
        Self {
            e: self.e.any_body(),
            ..self
        }
    }

    pub fn times(self, n: u64) -> Self {
        Self {
            e: self.e.times(n),
            ..self
        }
    }

    pub async fn respond(self, fake: &mcp_testkit::wiremock::MockServer, status: u16, body: Value) {
        log_line(
            &json!({"kind": "response", "method": self.method, "path": self.path,
            "status": status, "body": body}),
        );
        self.e.respond(fake, status, body).await;
    }
}

/// Append one JSON line to `FIGMA_REQUEST_LOG`, when it is set.
fn log_line(v: &Value) {
    let Ok(path) = std::env::var("FIGMA_REQUEST_LOG") else {
        return;
    };
    use std::io::Write as _;
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .unwrap();
    // One write per line: the tests run in parallel and append to the same file.
    f.write_all(format!("{v}\n").as_bytes()).unwrap();
}

/// Figma's classic error body.
pub fn figma_err(status: u16, err: &str) -> Value {
    json!({"status": status, "err": err})
}

/// Figma's newer error body.
pub fn figma_error_bool(status: u16, message: &str) -> Value {
    json!({"error": true, "status": status, "message": message})
}

/// A user as Figma describes one.
pub fn user(id: &str, handle: &str) -> Value {
    json!({"id": id, "handle": handle, "img_url": format!("https://s3-alpha.figma.com/profile/{id}")})
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes,
// hostile arguments. Figma's comment body needs no position (a reply has none); each of
// the variables arrays is optional (at least one change is required).
mcp_testkit::standard_suite!(
    figma_mcp_server::SPEC,
    "figma-mcp-server",
    catalog_not_required: &[
        ("figma_post_file_comment", "client_meta"),
        ("figma_post_variables", "variableCollections"),
        ("figma_post_variables", "variables"),
    ]
);

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "figma");
    extra.sort();
    assert_eq!(
        extra,
        [
            "figma_get_file_components",
            "figma_get_file_meta",
            "figma_get_file_styles",
            "figma_get_image_fills",
        ]
    );
}

#[tokio::test]
async fn error_parser_reads_both_figma_bodies() {
    use mcp_shared::reexports::http::{HeaderMap, HeaderValue};
    let parse = figma_mcp_server::SPEC.error_parser;
    let e = parse(404, &HeaderMap::new(), &figma_err(404, "Not found"));
    assert_eq!(e.message.as_deref(), Some("Not found"));
    assert!(e.hint.unwrap().contains("file key"));
    let e = parse(
        403,
        &HeaderMap::new(),
        &figma_error_bool(403, "Limited by Figma plan"),
    );
    assert_eq!(e.message.as_deref(), Some("Limited by Figma plan"));
    assert!(e.hint.unwrap().contains("Enterprise"));
    let e = parse(403, &HeaderMap::new(), &figma_err(403, "Invalid token"));
    assert!(e.hint.unwrap().contains("FIGMA_API_KEY"));
    let mut h = HeaderMap::new();
    h.insert("x-figma-rate-limit-type", HeaderValue::from_static("low"));
    h.insert("x-figma-plan-tier", HeaderValue::from_static("starter"));
    let e = parse(429, &h, &figma_err(429, "Rate limit exceeded"));
    assert_eq!(
        e.code.as_deref(),
        Some("rate limit type low, plan tier starter")
    );
    assert!(e.code.is_some());
}
