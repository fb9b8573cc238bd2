//! What a tool handler gets for one call: that request's credentials and the upstream client.

use std::sync::Arc;

use http::Method;

use crate::credentials::auth::Credentials;
use crate::credentials::secret::Secret;
use crate::error::{ErrorKind, ToolError};
use crate::upstream::{Request, Upstream};

/// What a call needs to know of its server: the vendor's name, how it takes credentials and
/// where they can be configured (for the messages that say what to send).
#[derive(Clone, Copy)]
pub(crate) struct Service {
    pub(crate) display_name: &'static str,
    pub(crate) credential_env: &'static [(&'static str, &'static str)],
    pub(crate) auth: crate::credentials::vendor_auth::Auth,
    pub(crate) extra_apis: &'static [crate::call::declared::ExtraApi],
}

/// A tool of a toolset, as the dynamic tools show it.
pub(crate) struct ToolInfo {
    pub(crate) name: String,
    pub(crate) description: String,
    pub(crate) read_only: bool,
}

/// What the dynamic-toolset tools need of the server and its session, and nothing more (the
/// server implements it; a tool never holds the server itself).
pub(crate) trait Toolsets: Send + Sync {
    /// The toolsets the server declares.
    fn toolsets(&self) -> &'static [crate::call::declared::Toolset];
    /// The tools of `toolset` this process allows (whether or not the session enabled it).
    fn allowed_tools(&self, toolset: &str) -> Vec<ToolInfo>;
    /// Whether this session has enabled `toolset`.
    fn is_enabled(&self, toolset: &str) -> bool;
    /// Enable `toolset` for this session; `true` when it was not enabled before.
    fn enable(&self, toolset: &'static str) -> bool;
}

/// What the dynamic tools of one call see: the session's toolsets and whether that session
/// outlives the request.
#[derive(Clone)]
pub(crate) struct DynamicCtx {
    pub(crate) server: Arc<dyn Toolsets>,
    /// False for stateless HTTP requests, where nothing outlives the request.
    pub(crate) persistent: bool,
}

/// The context of one tool call. Cheap to clone; owns nothing another tenant can see.
#[derive(Clone)]
pub struct Ctx {
    pub(crate) tool: Arc<str>,
    /// With dynamic toolsets: the session and server, for the dynamic tools.
    pub(crate) dynamic: Option<DynamicCtx>,
    /// The spec's switches on for this call (process flags and request headers).
    pub(crate) flags: Vec<&'static str>,
    /// Read-only mode for this call: `--read-only` for the process or `X-MCP-Readonly`.
    pub(crate) read_only: bool,
    /// The profile the server lists its tools under (`--profile`).
    pub(crate) profile: crate::call::declared::Profile,
    /// The spec's valued settings that were given ([`crate::call::declared::ServerOption`]).
    pub(crate) options: Arc<Vec<(String, String)>>,
    pub(crate) credentials: Option<Credentials>,
    pub(crate) upstream: Upstream,
    pub(crate) extra: Arc<Vec<(&'static str, Upstream)>>,
    pub(crate) state: Option<crate::call::state::State>,
    pub(crate) service: Service,
    /// Where progress notifications of this call go, when the client asked for them.
    pub(crate) progress: Option<ProgressSink>,
    /// `MCP_POLL_INTERVAL_MS`: replaces the polling interval of long jobs ([`crate::call::poll`]).
    pub(crate) poll_interval: Option<std::time::Duration>,
    pub(crate) fetcher: Arc<crate::upstream::fetch::LazyFetcher>,
}

/// The client's progress token of a call and the session to notify.
#[derive(Clone)]
pub(crate) struct ProgressSink {
    pub(crate) token: rmcp::model::ProgressToken,
    pub(crate) peer: rmcp::Peer<rmcp::RoleServer>,
}

impl Ctx {
    pub fn tool_name(&self) -> &str {
        &self.tool
    }

    /// Whether the server's switch `name` ([`crate::call::declared::ServerFlag`]) is on for this call:
    /// on for the process (flag or environment) or turned on by this request's header.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.contains(&name)
    }

    /// Report how far this call is, when the client asked for progress (a `progressToken` in
    /// the call's `_meta`); otherwise nothing. `progress` must increase from one report to the
    /// next. Long jobs use [`crate::call::poll::until_done`], which calls this.
    pub async fn progress(&self, progress: f64, total: Option<f64>, message: Option<String>) {
        let Some(sink) = &self.progress else { return };
        let mut param = rmcp::model::ProgressNotificationParam::new(sink.token.clone(), progress);
        param.total = total;
        param.message = message;
        if let Err(e) = sink.peer.notify_progress(param).await {
            tracing::debug!(error = %e, "could not send a progress notification");
        }
    }

    /// Download a URL the caller named, through the guarded fetch ([`crate::upstream::fetch`]): never
    /// to the server's own network, never with credentials, size and time capped.
    pub async fn fetch(&self, url: &str) -> Result<crate::upstream::fetch::Fetched, ToolError> {
        self.fetcher.get()?.get(url).await
    }

    /// [`Ctx::fetch`] with request headers the caller chose (connection headers dropped; see
    /// [`crate::upstream::fetch::Fetcher::get_with_headers`]).
    pub async fn fetch_with_headers(
        &self,
        url: &str,
        headers: &[(String, String)],
    ) -> Result<crate::upstream::fetch::Fetched, ToolError> {
        self.fetcher.get()?.get_with_headers(url, headers).await
    }

    /// Whether this call runs in read-only mode (`--read-only`, or this request's
    /// `X-MCP-Readonly`). Tools that write are hidden and refused then anyway; a tool that is
    /// marked `Read` but runs what the caller wrote (a database's SQL) asks this to run it so
    /// that nothing can write.
    pub fn read_only(&self) -> bool {
        self.read_only
    }

    /// The profile the server runs under (`--profile`): a tool shared by several profiles
    /// shapes its result the way that profile's benchmark reads it.
    pub fn profile(&self) -> crate::call::declared::Profile {
        self.profile
    }

    /// The value of the server's option `name` ([`crate::call::declared::ServerOption`]), if the
    /// operator gave it.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The server's option `name` as a whole number of seconds (a time limit), if the
    /// operator gave it; a clear error when it is not one.
    pub fn option_secs(&self, name: &str) -> Result<Option<std::time::Duration>, ToolError> {
        self.option(name)
            .map(|v| {
                v.trim()
                    .parse::<u64>()
                    .map(std::time::Duration::from_secs)
                    .map_err(|_| {
                        ToolError::invalid_input(format!(
                            "the server's setting --{name} must be a whole number of seconds, not `{v}`; ask its operator to fix it"
                        ))
                    })
            })
            .transpose()
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

    /// The credentials of this request that the server's APIs take (the fields their `auth`
    /// declares), for cutting them out of error texts a vendor may have echoed them in.
    /// Values under 4 characters are left alone (they would cut ordinary words).
    pub(crate) fn declared_secrets(&self) -> Vec<Secret> {
        let spec = self.service;
        let mut fields = spec.auth.fields();
        for api in spec.extra_apis {
            if let Some(a) = &api.auth {
                fields.extend(a.fields());
            }
        }
        let mut secrets: Vec<Secret> = fields
            .into_iter()
            .filter_map(|names| {
                crate::credentials::vendor_auth::first(self.credentials.as_ref(), names)
            })
            .filter(|s| s.expose().len() >= 4)
            .collect();
        // Fields a server reads by itself (Slack's `authed_user.access_token`) are secrets too.
        if let Some(c) = &self.credentials {
            for s in c.secret_like() {
                if !secrets.iter().any(|d| d.expose() == s.expose()) {
                    secrets.push(s);
                }
            }
        }
        secrets
    }

    /// The credential of a connector server (declared as
    /// [`Auth::Connection`](crate::Auth::Connection)): the first of its fields this request
    /// has, or the error that names them all.
    pub fn connection(&self) -> Result<Secret, ToolError> {
        let crate::Auth::Connection(names) = self.service.auth else {
            return Err(ToolError::transport(format!(
                "this server declares no connection credential for {} (Auth::Connection); the tool cannot connect",
                self.service.display_name
            )));
        };
        crate::credentials::vendor_auth::first(self.credentials.as_ref(), names).ok_or_else(|| {
            self.missing_field(names.first().copied().unwrap_or("connection_string"), names)
        })
    }

    /// The error for a credential field this call lacks; `names` are the field's accepted
    /// names (the first is the one to suggest).
    pub fn missing_field(&self, path: &str, names: &[&str]) -> ToolError {
        let mut e = self.missing(path);
        if names.len() > 1 {
            e.message = format!(
                "{} It may also be sent as {}.",
                e.message,
                names[1..]
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            );
        }
        e
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

    /// A request to `path` carrying this call's credentials the way the server declares
    /// (`ServerSpec::auth`); a clear error naming what to send when the call lacks them.
    pub fn authorized(&self, method: Method, path: &str) -> Result<Request, ToolError> {
        self.authorize(&self.upstream, method, path)
    }

    /// Like [`Ctx::authorized`] on one of the spec's extra APIs, with that API's scheme.
    pub fn api_authorized(
        &self,
        api: &str,
        method: Method,
        path: &str,
    ) -> Result<Request, ToolError> {
        self.authorize(self.api(api)?, method, path)
    }

    /// Like [`Ctx::authorized`] on another client of this server (its base or an extra API
    /// moved to the call's host with [`Upstream::for_base`], e.g. a data-residency region),
    /// with that client's declared scheme.
    pub fn authorized_on(
        &self,
        up: &Upstream,
        method: Method,
        path: &str,
    ) -> Result<Request, ToolError> {
        self.authorize(up, method, path)
    }

    fn authorize(&self, up: &Upstream, method: Method, path: &str) -> Result<Request, ToolError> {
        // Why the client cannot be used at all (a refused tenant host, a token that could not
        // be had) comes before which credential field is missing.
        if let Some(e) = up.base_error() {
            return Err(e.clone());
        }
        let missing = |names: &'static [&'static str]| {
            self.missing_field(names.first().copied().unwrap_or("access_token"), names)
        };
        up.request(method, path)
            .authorize(&up.config().auth, self.credentials.as_ref(), &missing)
    }

    /// A request with `Authorization: Bearer <field>` for vendors whose tenants hold several
    /// tokens and a tool picks one (Slack's bot and user tokens).
    pub fn authorized_as(
        &self,
        method: Method,
        path: &str,
        field: &str,
    ) -> Result<Request, ToolError> {
        Ok(self
            .upstream
            .request(method, path)
            .bearer(&self.require(field)?))
    }

    /// The server's process state ([`ServerSpec::state`](crate::server::spec::ServerSpec)) as `T`.
    pub fn state<T: Send + Sync + 'static>(&self) -> Result<&T, ToolError> {
        self.state
            .as_deref()
            .and_then(|s| s.downcast_ref::<T>())
            .ok_or_else(|| {
                ToolError::transport(format!(
                    "the {} server has no state of the type this tool expects",
                    self.service.display_name
                ))
            })
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
