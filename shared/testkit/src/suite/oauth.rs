//! Sign-in for MCP clients (`--oauth`): the challenge, the metadata and the refusals.

use mcp_shared::{ServerSpec, Settings};
use serde_json::{Value, json};

use super::SmokeRun;
use crate::TestServer;

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
