//! `--oauth`: the 401 challenge, the protected-resource metadata (RFC 9728) at both paths, the
//! public URL, the refusal at start, CORS, and the scope challenge on the direct path, rmcp's
//! event streams and JSON replies, with sessions and without.

use mcp_shared::{
    McpServer, OAuthMetadata, OAuthServer, OAuthSettings, ServerSpec, Settings, http_transport,
};
use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{TestServer, auth_data, settings_for};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

use crate::acme::{self, thing};
use crate::http::{exchange, mcp_headers, raw};

const INIT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#;
const CALL: &str = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"acme_get_thing","arguments":{"id":1}}}"#;

/// Acme with an authorization server of its own, whose 403 names the missing scope in an RFC
/// 6750 `insufficient_scope` challenge.
static SPEC: ServerSpec = ServerSpec {
    oauth: Some(OAuthServer {
        issuer: "https://login.acme.invalid",
        metadata: OAuthMetadata::OpenId,
        scopes: &["things:read", "things:write"],
        more_scopes: &["things:read", "admin"],
        docs: "https://acme.invalid/docs/oauth",
    }),
    error_parser: scope_challenge_error,
    ..acme::basics()
};

/// A vendor that takes API keys only.
static KEYS_ONLY: ServerSpec = ServerSpec { ..acme::basics() };

/// A service that needs no credentials at all.
static OPEN: ServerSpec = ServerSpec {
    auth: mcp_shared::Auth::None,
    ..acme::basics()
};

fn oauth(settings: Settings, o: OAuthSettings) -> Settings {
    Settings {
        oauth: Some(o),
        ..settings
    }
}

async fn start(o: OAuthSettings, fake: &str) -> TestServer {
    TestServer::start(&SPEC, oauth(settings_for(fake), o)).await
}

fn header_of<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let head = text.split("\r\n\r\n").next()?;
    head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.trim().eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

fn status_of(text: &str) -> u16 {
    text.split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

fn body_of(text: &str) -> Value {
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
    serde_json::from_str(body).unwrap_or(Value::Null)
}

async fn metadata(port: u16, path: &str, headers: &[(&str, &str)]) -> (u16, Value) {
    let (status, body) = raw(port, "GET", path, headers, "").await;
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_request_without_credentials_gets_the_challenge() {
    let server = start(OAuthSettings::default(), "http://127.0.0.1:9").await;
    let port = server.port();
    let text = exchange(port, "POST", "/mcp", &mcp_headers("localhost", &[]), INIT).await;
    assert_eq!(status_of(&text), 401, "{text}");
    assert_eq!(
        header_of(&text, "www-authenticate"),
        Some(
            format!(
                "Bearer resource_metadata=\"http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp\", scope=\"things:read things:write\""
            )
            .as_str()
        ),
        "{text}"
    );
    assert_eq!(body_of(&text)["error"], "unauthorized", "{text}");
    // The trailing-slash path, a GET and a DELETE are the MCP endpoint too.
    for (method, path) in [("POST", "/mcp/"), ("GET", "/mcp"), ("DELETE", "/mcp")] {
        let text = exchange(port, method, path, &mcp_headers("localhost", &[]), "").await;
        assert_eq!(status_of(&text), 401, "{method} {path}: {text}");
    }
    // With a token, or x-auth-data, the same request is served.
    let bearer = [("Authorization", "Bearer tok")];
    let text = exchange(
        port,
        "POST",
        "/mcp",
        &mcp_headers("localhost", &bearer),
        INIT,
    )
    .await;
    assert_eq!(status_of(&text), 200, "{text}");
    let data = auth_data("tok");
    let with_data = [("x-auth-data", data.as_str())];
    let text = exchange(
        port,
        "POST",
        "/mcp",
        &mcp_headers("localhost", &with_data),
        INIT,
    )
    .await;
    assert_eq!(status_of(&text), 200, "{text}");
    // Health and metrics stay open.
    let (status, _) = raw(port, "GET", "/healthz", &[("Host", "localhost")], "").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn malformed_credentials_keep_their_own_error() {
    let fake = MockServer::start().await;
    let server = TestServer::start(
        &SPEC,
        oauth(
            Settings {
                stateless: true,
                ..settings_for(&fake.uri())
            },
            OAuthSettings::default(),
        ),
    )
    .await;
    let bad = [
        ("x-auth-data", "%%%not base64%%%"),
        ("MCP-Protocol-Version", "2025-06-18"),
    ];
    let text = exchange(
        server.port(),
        "POST",
        "/mcp",
        &mcp_headers("localhost", &bad),
        CALL,
    )
    .await;
    assert_ne!(status_of(&text), 401, "{text}");
    assert!(text.contains("x-auth-data"), "{text}");
    mcp_testkit::assert_no_requests(&fake).await;
}

#[tokio::test]
async fn metadata_at_both_paths_with_the_declared_server() {
    let server = start(OAuthSettings::default(), "http://127.0.0.1:9").await;
    let port = server.port();
    let expected = json!({
        "resource": format!("http://127.0.0.1:{port}/mcp"),
        "authorization_servers": ["https://login.acme.invalid"],
        "scopes_supported": ["things:read", "things:write", "admin"],
        "bearer_methods_supported": ["header"],
        "resource_name": "Acme MCP server",
        "resource_documentation": "https://github.com/mcp-servers-rs/mcp-servers/blob/main/servers/acme/README.md",
    });
    for path in [
        "/.well-known/oauth-protected-resource",
        "/.well-known/oauth-protected-resource/mcp",
    ] {
        // The Host header is not trusted: the resource is the bound address's.
        let (status, doc) = metadata(port, path, &[("Host", "evil.example.com")]).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(doc, expected, "{path}");
    }
}

#[tokio::test]
async fn the_operator_names_the_authorization_server_and_the_public_url() {
    let o = mcp_shared::oauth::settings(
        Some("https://auth.example.com"),
        Some("https://mcp.example.com/"),
        false,
    )
    .expect("settings");
    let server = start(o, "http://127.0.0.1:9").await;
    let port = server.port();
    let forwarded = [
        ("Host", "localhost"),
        ("X-Forwarded-Host", "evil.example.com"),
        ("X-Forwarded-Proto", "http"),
    ];
    let (status, doc) = metadata(
        port,
        "/.well-known/oauth-protected-resource/mcp",
        &forwarded,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(doc["resource"], "https://mcp.example.com/mcp");
    assert_eq!(
        doc["authorization_servers"],
        json!(["https://auth.example.com"])
    );
    let text = exchange(port, "POST", "/mcp", &mcp_headers("localhost", &[]), INIT).await;
    assert!(
        header_of(&text, "www-authenticate").is_some_and(|h| h.contains(
            "resource_metadata=\"https://mcp.example.com/.well-known/oauth-protected-resource/mcp\""
        )),
        "{text}"
    );
}

#[tokio::test]
async fn forwarded_headers_only_when_trusted() {
    let o = mcp_shared::oauth::settings(None, None, true).expect("settings");
    let server = start(o, "http://127.0.0.1:9").await;
    let port = server.port();
    let forwarded = [
        ("Host", "localhost"),
        ("X-Forwarded-Host", "mcp.example.com, proxy.internal"),
        ("X-Forwarded-Proto", "https"),
    ];
    let (_, doc) = metadata(port, "/.well-known/oauth-protected-resource", &forwarded).await;
    assert_eq!(doc["resource"], "https://mcp.example.com/mcp");
    // A smuggled path or user info is refused, not echoed.
    for host in ["evil.example.com/x", "user@evil.example.com"] {
        let h = [("Host", "localhost"), ("X-Forwarded-Host", host)];
        let (status, doc) = metadata(port, "/.well-known/oauth-protected-resource", &h).await;
        assert_eq!(status, 400, "{host}: {doc}");
    }
}

#[tokio::test]
async fn without_oauth_nothing_changes() {
    let server = TestServer::start(&SPEC, settings_for("http://127.0.0.1:9")).await;
    let port = server.port();
    let text = exchange(port, "POST", "/mcp", &mcp_headers("localhost", &[]), INIT).await;
    assert_eq!(status_of(&text), 200, "{text}");
    assert_eq!(header_of(&text, "www-authenticate"), None);
    let (status, _) = metadata(
        port,
        "/.well-known/oauth-protected-resource",
        &[("Host", "localhost")],
    )
    .await;
    assert_eq!(status, 404);
}

#[test]
fn a_vendor_without_an_authorization_server_is_refused_at_start() {
    let e = McpServer::new(
        &KEYS_ONLY,
        oauth(Settings::default(), OAuthSettings::default()),
    )
    .err()
    .unwrap_or_default();
    assert!(
        e.contains("Acme takes API keys only") && e.contains("--authorization-server"),
        "{e}"
    );
    // Naming one (an OAuth proxy) is enough.
    let proxy = mcp_shared::oauth::settings(Some("https://proxy.example.com"), None, false)
        .expect("settings");
    assert!(McpServer::new(&KEYS_ONLY, oauth(Settings::default(), proxy)).is_ok());
}

#[tokio::test]
async fn a_service_without_credentials_ignores_it() {
    let server = TestServer::start(
        &OPEN,
        oauth(settings_for("http://127.0.0.1:9"), OAuthSettings::default()),
    )
    .await;
    let text = exchange(
        server.port(),
        "POST",
        "/mcp",
        &mcp_headers("localhost", &[]),
        INIT,
    )
    .await;
    assert_eq!(status_of(&text), 200, "{text}");
}

#[tokio::test]
async fn a_public_address_needs_the_public_url() {
    let server = McpServer::new(&SPEC, oauth(Settings::default(), OAuthSettings::default()))
        .expect("server");
    let listener = tokio::net::TcpListener::bind(("0.0.0.0", 0))
        .await
        .expect("bind");
    let e = http_transport::serve(server, listener, CancellationToken::new())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("--public-url"), "{e}");
}

#[tokio::test]
async fn browsers_may_read_the_challenge() {
    let server = start(OAuthSettings::default(), "http://127.0.0.1:9").await;
    let port = server.port();
    let preflight = [
        ("Host", "localhost"),
        ("Origin", "http://localhost:6274"),
        ("Access-Control-Request-Method", "POST"),
        (
            "Access-Control-Request-Headers",
            "content-type, authorization, mcp-protocol-version",
        ),
    ];
    let text = exchange(port, "OPTIONS", "/mcp", &preflight, "").await;
    assert_eq!(status_of(&text), 200, "{text}");
    assert_eq!(
        header_of(&text, "access-control-allow-origin"),
        Some("http://localhost:6274"),
        "{text}"
    );
    let h = mcp_headers("localhost", &[("Origin", "http://localhost:6274")]);
    let text = exchange(port, "POST", "/mcp", &h, INIT).await;
    assert_eq!(status_of(&text), 401, "{text}");
    assert!(
        header_of(&text, "access-control-expose-headers")
            .is_some_and(|v| v.to_ascii_lowercase().contains("www-authenticate")),
        "{text}"
    );
    // An origin the server does not accept gets no CORS grant.
    let h = [
        ("Host", "localhost"),
        ("Origin", "https://evil.example.com"),
        ("Access-Control-Request-Method", "POST"),
    ];
    let text = exchange(port, "OPTIONS", "/mcp", &h, "").await;
    assert_eq!(
        header_of(&text, "access-control-allow-origin"),
        None,
        "{text}"
    );
}

/// Acme's error reading: the default, plus the scope of a 403's RFC 6750 challenge
/// (`WWW-Authenticate: Bearer error="insufficient_scope", scope="..."`).
fn scope_challenge_error(
    status: u16,
    headers: &mcp_shared::reexports::http::HeaderMap,
    body: &Value,
) -> mcp_shared::VendorError {
    let mut v = mcp_shared::default_error_parser(status, headers, body);
    let challenge = headers
        .get("www-authenticate")
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    if status == 403 && challenge.contains("insufficient_scope") {
        let scope = challenge
            .split("scope=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_default();
        v.hint = Some(format!(
            "the access token lacks the OAuth scope this call needs ({scope}): authorize again with it."
        ));
        v.missing_scopes = Some(mcp_shared::MissingScopes::new(
            scope.split(' ').filter(|s| !s.is_empty()),
            Vec::<&str>::new(),
        ));
    }
    v
}

/// A fake Acme that answers a 403 whose challenge names the missing scope.
async fn scope_fake() -> MockServer {
    let fake = MockServer::start().await;
    Mock::given(matchers::path("/things/1"))
        .respond_with(
            ResponseTemplate::new(403)
                .insert_header(
                    "www-authenticate",
                    "Bearer error=\"insufficient_scope\", scope=\"things:read\"",
                )
                .set_body_json(
                    json!({"message": "Request had insufficient authentication scopes."}),
                ),
        )
        .mount(&fake)
        .await;
    Mock::given(matchers::path("/things/2"))
        .respond_with(ResponseTemplate::new(200).set_body_json(thing(2)))
        .mount(&fake)
        .await;
    fake
}

/// An initialized session's id.
async fn session(port: u16, creds: &str) -> String {
    let h = mcp_headers(
        "localhost",
        &[
            ("MCP-Protocol-Version", "2025-06-18"),
            ("x-auth-data", creds),
        ],
    );
    let text = exchange(port, "POST", "/mcp", &h, INIT).await;
    let id = header_of(&text, "mcp-session-id")
        .unwrap_or_default()
        .to_owned();
    assert!(!id.is_empty(), "{text}");
    let h = mcp_headers(
        "localhost",
        &[
            ("MCP-Protocol-Version", "2025-06-18"),
            ("x-auth-data", creds),
            ("Mcp-Session-Id", &id),
        ],
    );
    let note = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    let (status, _) = raw(port, "POST", "/mcp", &h, note).await;
    assert_eq!(status, 202);
    id
}

#[tokio::test]
async fn a_missing_scope_is_a_scope_challenge_on_every_path() {
    let fake = scope_fake().await;
    let creds = auth_data("tok");
    // (stateless, JSON replies, direct path)
    for (stateless, json_response, direct) in [
        (true, false, true),
        (true, false, false),
        (true, true, true),
        (true, true, false),
        (false, false, true),
        (false, true, true),
        (false, false, false),
    ] {
        let mode = format!("stateless {stateless}, json {json_response}, direct {direct}");
        let server = TestServer::start(
            &SPEC,
            oauth(
                Settings {
                    stateless,
                    json_response,
                    direct,
                    ..settings_for(&fake.uri())
                },
                OAuthSettings::default(),
            ),
        )
        .await;
        let port = server.port();
        let id = if stateless {
            None
        } else {
            Some(session(port, &creds).await)
        };
        let mut extra = vec![
            ("MCP-Protocol-Version", "2025-06-18"),
            ("x-auth-data", creds.as_str()),
        ];
        if let Some(id) = &id {
            extra.push(("Mcp-Session-Id", id));
        }
        let text = exchange(
            port,
            "POST",
            "/mcp",
            &mcp_headers("localhost", &extra),
            CALL,
        )
        .await;
        assert_eq!(status_of(&text), 403, "{mode}: {text}");
        assert_eq!(
            header_of(&text, "www-authenticate"),
            Some(
                format!(
                    "Bearer error=\"insufficient_scope\", scope=\"things:read\", resource_metadata=\"http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp\", error_description=\"the token lacks a scope this tool needs\""
                )
                .as_str()
            ),
            "{mode}: {text}"
        );
        assert_eq!(
            header_of(&text, "content-type"),
            Some("application/json"),
            "{mode}"
        );
        // The body is the JSON-RPC reply: the tool's error, which names the scope too.
        let body = body_of(&text);
        assert_eq!(body["id"], 2, "{mode}: {text}");
        assert_eq!(body["result"]["isError"], true, "{mode}: {text}");
        let message = body["result"]["content"][0]["text"].as_str().unwrap_or("");
        assert!(message.contains("things:read"), "{mode}: {message}");
        // A call that succeeds is untouched.
        let ok = CALL.replace("\"id\":1", "\"id\":2");
        let text = exchange(port, "POST", "/mcp", &mcp_headers("localhost", &extra), &ok).await;
        assert_eq!(status_of(&text), 200, "{mode}: {text}");
        assert_eq!(header_of(&text, "www-authenticate"), None, "{mode}");
        server.stop().await;
    }
}

#[tokio::test]
async fn without_oauth_a_missing_scope_is_a_tool_error_only() {
    let fake = scope_fake().await;
    let server = TestServer::start(
        &SPEC,
        Settings {
            stateless: true,
            ..settings_for(&fake.uri())
        },
    )
    .await;
    let creds = auth_data("tok");
    let extra = [
        ("MCP-Protocol-Version", "2025-06-18"),
        ("x-auth-data", creds.as_str()),
    ];
    let text = exchange(
        server.port(),
        "POST",
        "/mcp",
        &mcp_headers("localhost", &extra),
        CALL,
    )
    .await;
    assert_eq!(status_of(&text), 200, "{text}");
    assert!(text.contains("things:read"), "{text}");
}

/// Acme whose `acme_get_thing` declares the scope it needs; its errors are read by the default
/// parser, which finds no scope in a 403.
static DECLARED: ServerSpec = ServerSpec {
    oauth: Some(OAuthServer {
        issuer: "https://login.acme.invalid",
        metadata: OAuthMetadata::OpenId,
        scopes: &["things:read"],
        more_scopes: &[],
        docs: "https://acme.invalid/docs/oauth",
    }),
    tools: declared_tools,
    ..acme::basics()
};

fn declared_tools() -> Vec<mcp_shared::ToolDef> {
    acme::tools()
        .into_iter()
        .map(|t| {
            if t.name() == "acme_get_thing" {
                t.scopes("things:read")
            } else {
                t
            }
        })
        .collect()
}

#[tokio::test]
async fn a_403_of_a_tool_that_declares_its_scopes_names_them_and_challenges_for_them() {
    let fake = MockServer::start().await;
    Mock::given(matchers::path("/things/1"))
        .respond_with(ResponseTemplate::new(403).set_body_json(json!({"message": "Forbidden"})))
        .expect(2)
        .mount(&fake)
        .await;
    Mock::given(matchers::path("/things/3"))
        .respond_with(ResponseTemplate::new(404).set_body_json(json!({"message": "Not Found"})))
        .expect(1)
        .mount(&fake)
        .await;
    let creds = auth_data("tok");
    let extra = [
        ("MCP-Protocol-Version", "2025-06-18"),
        ("x-auth-data", creds.as_str()),
    ];
    let h = mcp_headers("localhost", &extra);
    let with_oauth = TestServer::start(
        &DECLARED,
        oauth(
            Settings {
                stateless: true,
                ..settings_for(&fake.uri())
            },
            OAuthSettings::default(),
        ),
    )
    .await;
    let port = with_oauth.port();
    let text = exchange(port, "POST", "/mcp", &h, CALL).await;
    assert_eq!(status_of(&text), 403, "{text}");
    let challenge = header_of(&text, "www-authenticate").unwrap_or_default();
    assert!(
        challenge.starts_with("Bearer error=\"insufficient_scope\", scope=\"things:read\""),
        "{challenge}"
    );
    let message = body_of(&text)["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        message.contains("Forbidden") && message.contains("needs the permission things:read"),
        "{message}"
    );
    // Another status of the same tool is not about permissions.
    let missing = CALL.replace("\"id\":1}", "\"id\":3}");
    let text = exchange(port, "POST", "/mcp", &h, &missing).await;
    assert_eq!(status_of(&text), 200, "{text}");
    assert_eq!(header_of(&text, "www-authenticate"), None, "{text}");
    assert!(!text.contains("permission"), "{text}");
    with_oauth.stop().await;
    // Without `--oauth` the same 403 is a tool error that names the scope.
    let plain = TestServer::start(
        &DECLARED,
        Settings {
            stateless: true,
            ..settings_for(&fake.uri())
        },
    )
    .await;
    let text = exchange(plain.port(), "POST", "/mcp", &h, CALL).await;
    assert_eq!(status_of(&text), 200, "{text}");
    assert!(text.contains("needs the permission things:read"), "{text}");
    plain.stop().await;
}
