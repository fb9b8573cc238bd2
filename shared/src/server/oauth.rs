//! Sign-in for MCP clients that connect by themselves (`--oauth`, HTTP only): the `401`
//! challenge that starts a client's OAuth flow, the protected-resource metadata (RFC 9728)
//! that names the vendor's authorization server, and the scope challenge (RFC 6750 §3.1) when
//! the vendor says the token lacks a scope.
//!
//! The server is a façade for the vendor's API: it keeps no token and checks none. The client
//! gets its token from the vendor's authorization server (or an OAuth proxy named with
//! `--authorization-server`) and sends it as `Authorization: Bearer`; the server passes it to
//! the vendor, which validates it.
//!
//! Without `--oauth` nothing here runs: credentials stay optional at `initialize` and
//! `tools/list` (Klavis's contract).

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use http::{HeaderMap, HeaderValue, StatusCode, header};
use serde_json::{Value, json};

use crate::credentials::vendor_auth::Auth;
use crate::error::MissingScopes;
use crate::server::spec::{OAuthSettings, ServerSpec};

/// Where the protected-resource metadata is served (and, with the MCP path inserted,
/// `/.well-known/oauth-protected-resource/mcp`).
pub const METADATA_PATH: &str = "/.well-known/oauth-protected-resource";

/// The MCP endpoint whose resource identifier the metadata describes.
const MCP_PATH: &str = "/mcp";

/// Where each server's README is published (`resource_documentation`).
const README_BASE: &str = "https://github.com/mcp-servers-rs/mcp-servers/blob/main/servers";

/// The operator's `--oauth` settings, with the URLs checked: absolute `http(s)` URLs without
/// query or fragment.
pub fn settings(
    authorization_server: Option<&str>,
    public_url: Option<&str>,
    trust_forwarded: bool,
) -> Result<OAuthSettings, String> {
    let url = |flag: &str, v: &str| -> Result<String, String> {
        let v = v.trim();
        let u = url::Url::parse(v).map_err(|e| {
            format!("{flag} {v} is not a URL ({e}): give an absolute http(s) URL, e.g. https://mcp.example.com")
        })?;
        if !matches!(u.scheme(), "http" | "https") || u.host_str().is_none() {
            return Err(format!(
                "{flag} {v} is not an http(s) URL with a host: give e.g. https://mcp.example.com"
            ));
        }
        if u.query().is_some() || u.fragment().is_some() {
            return Err(format!(
                "{flag} {v} has a query or fragment: give the base URL only"
            ));
        }
        Ok(v.to_owned())
    };
    Ok(OAuthSettings {
        authorization_server: authorization_server
            .filter(|v| !v.trim().is_empty())
            .map(|v| url("--authorization-server", v))
            .transpose()?,
        // The issuer stays exactly as given (clients compare it with the server's metadata);
        // the public URL is a base that paths are appended to.
        public_url: public_url
            .filter(|v| !v.trim().is_empty())
            .map(|v| url("--public-url", v).map(|u| u.trim_end_matches('/').to_owned()))
            .transpose()?,
        trust_forwarded,
    })
}

/// What `--oauth` means for this server: `Ok(None)` when the server needs no credentials and
/// declares no authorization server (the switch is ignored, with a warning), an error when
/// its vendor has no authorization server and none was named.
pub(crate) fn check(
    spec: &ServerSpec,
    oauth: Option<OAuthSettings>,
) -> Result<Option<OAuthSettings>, String> {
    let Some(oauth) = oauth else {
        return Ok(None);
    };
    if matches!(spec.auth, Auth::None) && spec.oauth.is_none() {
        tracing::warn!(
            server = spec.binary,
            "--oauth ignored: {} needs no credentials, so there is nothing to sign in to",
            spec.display_name
        );
        return Ok(None);
    }
    if spec.oauth.is_none() && oauth.authorization_server.is_none() {
        return Err(format!(
            "--oauth: {} takes API keys only: its vendor runs no OAuth authorization server whose tokens this server's tools accept, so an MCP client has nothing to sign in with. Run without --oauth (callers send their key in x-auth-data or Authorization), or name an OAuth server that issues {} credentials with --authorization-server <URL>.",
            spec.display_name, spec.display_name
        ));
    }
    Ok(Some(oauth))
}

/// The discovery answers of one HTTP server, built once when it starts.
#[derive(Debug)]
pub(crate) struct Discovery {
    /// The base URL from `--public-url`, or that of the bound loopback address; `None` when it
    /// comes from a trusted proxy's headers per request.
    base: Option<String>,
    trust_forwarded: bool,
    authorization_servers: Vec<String>,
    /// The server's default scopes (the 401's `scope`).
    scopes: Vec<&'static str>,
    scopes_supported: Vec<&'static str>,
    resource_name: String,
    documentation: String,
    token_headers: Vec<&'static str>,
}

impl Discovery {
    pub(crate) fn new(
        spec: &ServerSpec,
        oauth: &OAuthSettings,
        addr: SocketAddr,
    ) -> Result<Self, String> {
        let declared = spec.oauth.as_ref();
        let base = match &oauth.public_url {
            Some(u) => Some(u.clone()),
            None if oauth.trust_forwarded => None,
            None if addr.ip().is_loopback() => Some(format!("http://{addr}")),
            None => {
                return Err(format!(
                    "--oauth on {addr} needs the URL clients reach this server at: give --public-url (e.g. https://mcp.example.com), or --trust-forwarded-headers behind a proxy that sets X-Forwarded-Proto and X-Forwarded-Host"
                ));
            }
        };
        let scopes: Vec<&'static str> = declared.map(|d| d.scopes.to_vec()).unwrap_or_default();
        let mut scopes_supported = scopes.clone();
        for s in declared.map(|d| d.more_scopes).unwrap_or_default() {
            if !scopes_supported.contains(s) {
                scopes_supported.push(s);
            }
        }
        let authorization_servers = match (&oauth.authorization_server, declared) {
            (Some(a), _) => vec![a.clone()],
            (None, Some(d)) => vec![d.issuer.to_owned()],
            (None, None) => Vec::new(),
        };
        Ok(Self {
            base,
            trust_forwarded: oauth.trust_forwarded,
            authorization_servers,
            scopes,
            scopes_supported,
            resource_name: format!("{} MCP server", spec.display_name),
            documentation: format!("{README_BASE}/{}/README.md", spec.service),
            token_headers: spec.token_headers.iter().map(|(h, _)| *h).collect(),
        })
    }

    /// The base URL for a request: the configured one, else the trusted proxy's.
    fn base(&self, headers: &HeaderMap) -> Option<String> {
        if let Some(b) = &self.base {
            return Some(b.clone());
        }
        if !self.trust_forwarded {
            return None;
        }
        let get = |n: &str| {
            headers
                .get(n)
                .and_then(|v| v.to_str().ok())
                // A list (several proxies): the first is the client's.
                .and_then(|v| v.split(',').next())
                .map(str::trim)
        };
        let proto = get("x-forwarded-proto").unwrap_or("https");
        let host = get("x-forwarded-host")?;
        let proto = match proto.to_ascii_lowercase().as_str() {
            "http" => "http",
            "https" => "https",
            _ => return None,
        };
        // Only a plain authority: no path, user info or spaces can be smuggled in.
        let authority = http::uri::Authority::try_from(host).ok()?;
        if authority.as_str().contains('@') {
            return None;
        }
        Some(format!(
            "{proto}://{}",
            authority.as_str().to_ascii_lowercase()
        ))
    }

    fn metadata_url(&self, headers: &HeaderMap) -> Option<String> {
        self.base(headers)
            .map(|b| format!("{b}{METADATA_PATH}{MCP_PATH}"))
    }

    /// The RFC 9728 document for a request's base URL.
    pub(crate) fn metadata(&self, headers: &HeaderMap) -> Option<Value> {
        let base = self.base(headers)?;
        let mut doc = json!({
            "resource": format!("{base}{MCP_PATH}"),
            "authorization_servers": self.authorization_servers,
            "bearer_methods_supported": ["header"],
            "resource_name": self.resource_name,
            "resource_documentation": self.documentation,
        });
        if !self.scopes_supported.is_empty() {
            doc["scopes_supported"] = json!(self.scopes_supported);
        }
        Some(doc)
    }

    /// Whether a request carries any credentials at all (malformed ones included: those get
    /// the usual clear error, not a challenge).
    pub(crate) fn has_credentials(&self, headers: &HeaderMap) -> bool {
        headers.contains_key(crate::credentials::auth::AUTH_DATA_HEADER)
            || headers.contains_key(header::AUTHORIZATION)
            || self.token_headers.iter().any(|h| headers.contains_key(*h))
    }

    /// `Bearer resource_metadata="…", scope="…"` (the 401 of a request without credentials).
    fn challenge(&self, headers: &HeaderMap) -> String {
        let mut v = String::from("Bearer");
        let mut sep = " ";
        if let Some(url) = self.metadata_url(headers) {
            v.push_str(&format!("{sep}resource_metadata=\"{url}\""));
            sep = ", ";
        }
        if !self.scopes.is_empty() {
            v.push_str(&format!("{sep}scope=\"{}\"", self.scopes.join(" ")));
        }
        v
    }

    /// The `401` for a request without credentials.
    pub(crate) fn unauthorized(&self, headers: &HeaderMap) -> http::Response<axum::body::Body> {
        let body = json!({
            "error": "unauthorized",
            "error_description": "this server needs credentials: sign in with the authorization server its protected-resource metadata names (the resource_metadata URL of WWW-Authenticate) and send the token as Authorization: Bearer, or send x-auth-data",
        });
        reply(
            StatusCode::UNAUTHORIZED,
            &self.challenge(headers),
            body.to_string(),
        )
    }

    /// `Bearer error="insufficient_scope", scope="…", resource_metadata="…"` for a call whose
    /// vendor said the token lacks scopes (the server's own scopes when it did not say which).
    pub(crate) fn scope_challenge(&self, headers: &HeaderMap, missing: &MissingScopes) -> String {
        let scope = if missing.needed.is_empty() {
            let mut m = missing.clone();
            m.needed = self.scopes.iter().map(|s| (*s).to_owned()).collect();
            m.challenge_scope()
        } else {
            missing.challenge_scope()
        };
        let mut v = String::from("Bearer error=\"insufficient_scope\"");
        if !scope.is_empty() {
            v.push_str(&format!(", scope=\"{}\"", scope.replace('"', "")));
        }
        if let Some(url) = self.metadata_url(headers) {
            v.push_str(&format!(", resource_metadata=\"{url}\""));
        }
        v.push_str(", error_description=\"the token lacks a scope this tool needs\"");
        v
    }
}

fn reply(status: StatusCode, challenge: &str, body: String) -> http::Response<axum::body::Body> {
    let mut resp = http::Response::new(axum::body::Body::from(body));
    *resp.status_mut() = status;
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    if let Ok(v) = HeaderValue::from_str(challenge) {
        resp.headers_mut().insert(header::WWW_AUTHENTICATE, v);
    }
    resp
}

/// Where a tool call leaves the scopes its vendor said the token lacks, for the HTTP layer
/// to answer with a scope challenge. One per request, in its extensions (rmcp hands them to
/// the call with the request's `Parts`).
#[derive(Debug, Clone, Default)]
pub struct ScopeSlot(Arc<Mutex<Option<MissingScopes>>>);

impl ScopeSlot {
    pub(crate) fn put(&self, missing: MissingScopes) {
        if let Ok(mut g) = self.0.lock() {
            *g = Some(missing);
        }
    }

    pub(crate) fn take(&self) -> Option<MissingScopes> {
        self.0.lock().ok().and_then(|mut g| g.take())
    }
}

/// The scope challenge for a finished reply: `403` with the challenge header; the JSON-RPC
/// reply (the tool's error result, which names the scopes too) stays the body.
pub(crate) fn forbidden(
    mut parts: http::response::Parts,
    challenge: &str,
    json: String,
) -> http::Response<axum::body::Body> {
    parts.status = StatusCode::FORBIDDEN;
    parts.headers.remove(header::CACHE_CONTROL);
    parts.headers.remove("x-accel-buffering");
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    if let Ok(v) = HeaderValue::from_str(challenge) {
        parts.headers.insert(header::WWW_AUTHENTICATE, v);
    }
    http::Response::from_parts(parts, axum::body::Body::from(json))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operator_urls_are_checked() {
        let ok = settings(
            Some("https://auth.example.com/"),
            Some("https://mcp.example.com/"),
            false,
        );
        assert_eq!(
            ok,
            Ok(OAuthSettings {
                authorization_server: Some("https://auth.example.com/".into()),
                public_url: Some("https://mcp.example.com".into()),
                trust_forwarded: false,
            })
        );
        for bad in [
            "auth.example.com",
            "ftp://auth.example.com",
            "https://a.example.com/?x=1",
        ] {
            let e = settings(Some(bad), None, false).err();
            assert!(
                e.as_deref()
                    .is_some_and(|e| e.contains("--authorization-server")),
                "{bad}: {e:?}"
            );
        }
    }

    #[test]
    fn the_challenge_scope_keeps_what_is_held() {
        let m = MissingScopes::new(["repo", "read:org"], ["read:org", "gist"]);
        assert_eq!(m.challenge_scope(), "read:org gist repo");
    }
}
