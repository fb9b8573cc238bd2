//! What a tool handler gets for one call: that request's credentials and the upstream client.

use std::sync::Arc;

use http::Method;

use crate::auth::Credentials;
use crate::error::{ErrorKind, ToolError};
use crate::secret::Secret;
use crate::upstream::{Request, Upstream};

/// The context of one tool call. Cheap to clone; owns nothing another tenant can see.
#[derive(Clone)]
pub struct Ctx {
    pub(crate) tool: Arc<str>,
    /// With dynamic toolsets: the session and server, for the dynamic tools.
    pub(crate) dynamic: Option<crate::dynamic::DynamicCtx>,
    /// The spec's switches on for this call (process flags and request headers).
    pub(crate) flags: Vec<&'static str>,
    pub(crate) credentials: Option<Credentials>,
    pub(crate) upstream: Upstream,
    pub(crate) extra: Arc<Vec<(&'static str, Upstream)>>,
    pub(crate) service: &'static crate::ServerSpec,
}

impl Ctx {
    pub fn tool_name(&self) -> &str {
        &self.tool
    }

    /// Whether the server's switch `name` ([`crate::server::ServerFlag`]) is on for this call:
    /// on for the process (flag or environment) or turned on by this request's header.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.contains(&name)
    }

    /// This request's credentials, if any were supplied.
    pub fn credentials(&self) -> Option<&Credentials> {
        self.credentials.as_ref()
    }

    /// A credential field (dotted path) this tool needs; a clear error naming how to supply it
    /// when absent.
    pub fn require(&self, path: &str) -> Result<Secret, ToolError> {
        self.credentials
            .as_ref()
            .and_then(|c| c.secret(path))
            .ok_or_else(|| self.missing(path))
    }

    /// The `access_token` credential.
    pub fn token(&self) -> Result<Secret, ToolError> {
        self.require("access_token")
    }

    fn missing(&self, path: &str) -> ToolError {
        let spec = self.service;
        let vars: Vec<&str> = spec
            .credential_env
            .iter()
            .filter(|(_, p)| *p == path)
            .map(|(v, _)| *v)
            .collect();
        let env = if vars.is_empty() {
            "AUTH_DATA".to_owned()
        } else {
            format!("AUTH_DATA or {}", vars.join(" / "))
        };
        let example = if path.contains('.') {
            let (a, b) = path.split_once('.').unwrap_or((path, ""));
            format!("{{\"{a}\":{{\"{b}\":\"...\"}}}}")
        } else {
            format!("{{\"{path}\":\"...\"}}")
        };
        ToolError::new(
            ErrorKind::MissingCredentials,
            format!(
                "No {} credentials for this call: `{path}` is missing.",
                spec.display_name
            ),
        )
        .with_hint(if path == "access_token" {
            format!(
                "send the x-auth-data header (base64 of {example}) or `Authorization: Bearer <token>`, or set {env} in the server's environment."
            )
        } else {
            // A bearer header only ever fills `access_token`.
            format!(
                "send the x-auth-data header (base64 of {example}), or set {env} in the server's environment."
            )
        })
    }

    /// The upstream client of this server (base URL, retries, error mapping).
    pub fn upstream(&self) -> &Upstream {
        &self.upstream
    }

    /// A request to `path` with this call's `access_token` as `Authorization: Bearer` (the
    /// usual case; a clear error when the call has no token).
    pub fn authorized(&self, method: Method, path: &str) -> Result<Request, ToolError> {
        Ok(self.upstream.request(method, path).bearer(&self.token()?))
    }

    /// The client of one of the spec's extra APIs (`ExtraApi::name`).
    pub fn api(&self, name: &str) -> Result<&Upstream, ToolError> {
        self.extra
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, u)| u)
            .ok_or_else(|| ToolError::transport(format!("the server declares no API named {name}")))
    }

    /// Start a request to `path` (relative to the service's base URL).
    pub fn request(&self, method: Method, path: &str) -> Request {
        self.upstream.request(method, path)
    }
}
