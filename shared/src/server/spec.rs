//! What a service crate declares about itself ([`ServerSpec`]) and what the operator chose
//! ([`Settings`]): the two inputs of a server, shared by every layer below the transport.

use std::time::Duration;

use crate::call::declared::Profile;
pub use crate::call::declared::{
    ExtraApi, OAuthMetadata, OAuthServer, ServerFlag, ServerOption, Toolset,
};
use crate::call::state::State;
use crate::call::tenant::Base;
use crate::credentials::auth::EnvCredentials;
use crate::credentials::vendor_auth::Auth;
use crate::tool::ToolDef;
use crate::upstream::{ErrorParser, ErrorShape, RetryPolicy, default_error_parser};

/// Builds a server's state at start-up from the operator's settings (a clear message on
/// failure stops the server).
pub type MakeState = fn(&Settings) -> Result<State, String>;

/// How long an HTTP session may go without a request before it is closed (rmcp's default).
pub const SESSION_IDLE_TIMEOUT: Duration = Duration::from_secs(300);

/// How long an HTTP session may go without a request (and without a reply streaming) before it
/// is parked: its rmcp worker (about 68 KiB) is closed and only its handshake kept; its next
/// request restores it (`sessions.rs`). What parking drops is the replay cache of the
/// session's finished streams; a client that lost the end of a reply asks for it again
/// (`Last-Event-ID`) after the retry interval rmcp's priming event names (3 s), within this.
pub const SESSION_PARK_AFTER: Duration = Duration::from_secs(5);

/// Everything a service crate declares about itself.
pub struct ServerSpec {
    /// Catalog name, snake_case (`github`, `google_calendar`).
    pub service: &'static str,
    /// Vendor name for messages (`GitHub`).
    pub display_name: &'static str,
    /// Binary and package name (`github-mcp-server`).
    pub binary: &'static str,
    pub version: &'static str,
    /// One line for `serverInfo.description` and registries.
    pub description: &'static str,
    /// Instructions sent to clients at initialize.
    pub instructions: &'static str,
    /// Where the vendor API lives: one URL, a URL per tenant, or none (a connector);
    /// `<SERVICE>_API_BASE_URL` overrides it.
    pub base: Base,
    /// How the vendor takes the caller's credential ([`Ctx::authorized`] applies it).
    pub auth: Auth,
    /// The service's own credential variables and the credential field each fills.
    pub credential_env: &'static [(&'static str, &'static str)],
    /// Request headers that carry a raw token, and the credential field each fills
    /// (Klavis's `x-auth-token`, `x-api-key`), read after `x-auth-data`.
    pub token_headers: &'static [(&'static str, &'static str)],
    /// The server's process state, built at start-up (connection pools, bundled data);
    /// tools reach it with [`Ctx::state`].
    pub state: Option<MakeState>,
    pub toolsets: &'static [Toolset],
    pub tools: fn() -> Vec<ToolDef>,
    /// How the vendor's JSON error bodies are read, in code: for errors a declared
    /// [`error_shape`](Self::error_shape) cannot say.
    pub error_parser: ErrorParser,
    /// Where the message, code, field errors and request id of the vendor's error bodies sit,
    /// and the hints by status and code ([`ErrorShape`]); read instead of `error_parser` when
    /// set. Most vendors need only this.
    pub error_shape: Option<&'static ErrorShape>,
    /// How a vendor's refusal of a tool that declares its permissions ([`ToolDef::scopes`])
    /// names them: [`crate::error::needs_scopes`] unless the vendor family words it its own way
    /// (Microsoft Graph's delegated permissions).
    pub scope_hint: crate::error::ScopeHint,
    /// Headers sent with every upstream request.
    pub default_headers: &'static [(&'static str, &'static str)],
    /// Other APIs of the vendor this server calls (usually none).
    pub extra_apis: &'static [ExtraApi],
    /// The server's own switches (usually none).
    pub flags: &'static [ServerFlag],
    /// The server's own valued settings (usually none).
    pub options: &'static [ServerOption],
    /// Other names the servers we replace give our variables, as `(ours, theirs)`:
    /// `("FIRECRAWL_API_BASE_URL", "FIRECRAWL_API_URL")`. Ours wins when both are set. For the
    /// base URL, extra APIs' base URLs and the port.
    pub env_aliases: &'static [(&'static str, &'static str)],
    /// The vendor's OAuth authorization server, for `--oauth` (`None`: the vendor takes API
    /// keys only, or nothing; `--oauth` then needs `--authorization-server`).
    pub oauth: Option<OAuthServer>,
    /// Credentials the server turns into the token its vendor takes before a call (Google's
    /// refresh token into an access token), at a token endpoint of its own.
    pub credential_exchange: Option<CredentialExchange>,
    /// The server reads public web pages: it honours the `PROXY_HOST`, `PROXY_PORT`,
    /// `PROXY_USERNAME`, `PROXY_PASSWORD` and `PROXY_SCHEME` variables of Klavis's variants
    /// (every server honours `HTTPS_PROXY` and `NO_PROXY`).
    pub proxy_vars: bool,
    /// What a profile starts with when the operator does not say (the benchmark's server
    /// had other defaults: GitHub's MCPMark variant has every toolset on and the dynamic
    /// tools); flags and variables still override the toolsets.
    pub profile_defaults: &'static [ProfileDefaults],
}

/// The defaults of one profile ([`ServerSpec::profile_defaults`]).
#[derive(Debug, Clone, Copy)]
pub struct ProfileDefaults {
    pub profile: Profile,
    /// The toolsets when neither `--toolsets` nor its variable is given (`&["all"]`: every
    /// one).
    pub toolsets: Option<&'static [&'static str]>,
    /// The dynamic toolset tools (`enable_toolset`, ...) are listed, as with
    /// `--dynamic-toolsets`.
    pub dynamic_toolsets: bool,
}

/// What [`CredentialExchange::exchange`] returns: fields to add to the call's credentials
/// (none when they already hold what the vendor takes), or why the call cannot go on.
pub type ExchangeFuture = std::pin::Pin<
    Box<
        dyn std::future::Future<
                Output = Result<Vec<(&'static str, String)>, crate::error::ToolError>,
            > + Send,
    >,
>;

/// A token the server gets from other credentials of the call (see
/// [`ServerSpec::credential_exchange`]).
#[derive(Clone, Copy)]
pub struct CredentialExchange {
    /// The token endpoint, as an extra API: `ctx.api(name)`, its base URL overridden like any
    /// vendor host (environment variable, settings).
    pub api: &'static ExtraApi,
    /// Runs before each call that has credentials; an error fails every vendor request of the
    /// call with it, before anything is sent to the vendor.
    pub exchange: fn(crate::call::context::Ctx) -> ExchangeFuture,
}

impl ServerSpec {
    /// The extra APIs, the token endpoint of a credential exchange included.
    pub fn all_extra_apis(&self) -> impl Iterator<Item = &ExtraApi> {
        self.extra_apis
            .iter()
            .chain(self.credential_exchange.as_ref().map(|c| c.api))
    }

    /// The Klavis directory (catalog key) `profile` of this server replaces: `<service>_<kind>`
    /// for a benchmark's or the vendor's variant, `local/<display name>` for the local form.
    pub fn klavis_directory(&self, profile: Profile) -> String {
        match profile {
            Profile::Default => self.service.to_owned(),
            Profile::Local => format!("local/{}", self.display_name),
            p => format!("{}_{}", self.service, p.name()),
        }
    }
}

fn no_tools() -> Vec<ToolDef> {
    Vec::new()
}

impl ServerSpec {
    /// What a spec has unless it says otherwise: start a spec with `..ServerSpec::DEFAULT`.
    pub const DEFAULT: ServerSpec = ServerSpec {
        service: "",
        display_name: "",
        binary: "",
        version: "",
        description: "",
        instructions: "",
        base: Base::None,
        auth: Auth::BEARER,
        credential_env: &[],
        token_headers: &[],
        state: None,
        toolsets: &[],
        tools: no_tools,
        error_parser: default_error_parser,
        error_shape: None,
        scope_hint: crate::error::needs_scopes,
        default_headers: &[],
        extra_apis: &[],
        credential_exchange: None,
        proxy_vars: false,
        profile_defaults: &[],
        flags: &[],
        options: &[],
        env_aliases: &[],
        oauth: None,
    };

    /// The defaults of `profile`, if the spec declares any.
    pub fn profile_defaults(&self, profile: Profile) -> Option<&ProfileDefaults> {
        self.profile_defaults.iter().find(|d| d.profile == profile)
    }

    /// Variable `var` of this server, or its alias ([`ServerSpec::env_aliases`]) when `var` is
    /// not set; empty values count as unset.
    pub fn env_var(&self, var: &str) -> Option<String> {
        let get = |n: &str| std::env::var(n).ok().filter(|v| !v.trim().is_empty());
        get(var).or_else(|| {
            self.env_aliases
                .iter()
                .filter(|(ours, _)| *ours == var)
                .find_map(|(_, theirs)| get(theirs))
        })
    }

    /// `GITHUB` for `github`, `GOOGLE_CALENDAR` for `google_calendar`, `MCP_12306` for `12306`
    /// (a shell variable name cannot start with a digit).
    pub fn env_prefix(&self) -> String {
        let upper = self.service.to_ascii_uppercase().replace('-', "_");
        if upper.starts_with(|c: char| c.is_ascii_digit()) {
            format!("MCP_{upper}")
        } else {
            upper
        }
    }

    pub fn base_url_var(&self) -> String {
        format!("{}_API_BASE_URL", self.env_prefix())
    }

    pub fn port_var(&self) -> String {
        format!("{}_MCP_SERVER_PORT", self.env_prefix())
    }

    /// The variable that widens the host patterns of a tenant base (`FRESHDESK_ALLOWED_HOSTS`).
    pub fn allowed_hosts_var(&self) -> String {
        format!("{}_ALLOWED_HOSTS", self.env_prefix())
    }
}

/// What the operator chose for `--oauth` (see `oauth.rs`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OAuthSettings {
    /// `--authorization-server`: replaces the vendor's (an OAuth proxy, an enterprise server).
    pub authorization_server: Option<String>,
    /// `--public-url`: the base URL clients reach this server at (no trailing slash).
    pub public_url: Option<String>,
    /// `--trust-forwarded-headers`: without `--public-url`, the base URL comes from a trusted
    /// proxy's `X-Forwarded-Proto` and `X-Forwarded-Host`.
    pub trust_forwarded: bool,
}

/// What the operator chose (CLI flags and environment); `Default` is what tests start from.
#[derive(Debug, Clone)]
pub struct Settings {
    pub read_only: bool,
    pub toolsets: Option<Vec<String>>,
    pub tools: Option<Vec<String>>,
    pub exclude_tools: Vec<String>,
    pub json_response: bool,
    pub stateless: bool,
    pub require_auth_header: bool,
    pub api_base_url: Option<String>,
    /// Host patterns a tenant's credentials may name beyond the vendor's own
    /// (`<SERVICE>_ALLOWED_HOSTS`: self-hosted deployments, tests on 127.0.0.1); these may use
    /// plain http.
    pub tenant_hosts: Vec<String>,
    pub upstream_timeout: Duration,
    /// Largest vendor response body read (bigger ones are refused, not buffered).
    pub upstream_max_body_bytes: usize,
    pub retry: RetryPolicy,
    pub env_credentials: EnvCredentials,
    /// Accepted `Host` values when not bound to loopback (`None`: any).
    pub allowed_hosts: Option<Vec<String>>,
    /// Accepted browser origins when not bound to loopback (`None`: none).
    pub allowed_origins: Option<Vec<String>>,
    pub max_body_bytes: usize,
    pub max_concurrent_calls: usize,
    pub shutdown_grace: Duration,
    /// The profile the tools are listed under (`--profile`; `--tool-names official` is
    /// `--profile official`).
    pub profile: Profile,
    /// Base URLs of the spec's extra APIs by name (default: each one's own default).
    pub extra_base_urls: Vec<(String, String)>,
    /// The spec's switches ([`ServerFlag`]) turned on for the whole process, by name.
    pub flags: Vec<String>,
    /// The spec's valued settings ([`ServerOption`]) that were given, by name.
    pub options: Vec<(String, String)>,
    /// Sessions start with the toolsets of `toolsets` only (none when not given) and enable
    /// more at run time with the dynamic tools (`--dynamic-toolsets`).
    pub dynamic_toolsets: bool,
    /// An HTTP session with no request for this long is closed (its client gets 404 and
    /// starts a new one).
    pub session_idle_timeout: Duration,
    /// An idle HTTP session is parked after this long (`None`: never; see
    /// [`SESSION_PARK_AFTER`]).
    pub session_park_after: Option<Duration>,
    /// Answer plain `tools/call` and `tools/list` POSTs without rmcp's request path (see
    /// `direct.rs`); `MCP_DIRECT=false` sends everything through rmcp.
    pub direct: bool,
    /// Replaces the polling interval of every long job (`MCP_POLL_INTERVAL_MS`; tests).
    pub poll_interval: Option<Duration>,
    /// Hosts the guarded fetch may reach although they are not public
    /// (`MCP_FETCH_ALLOW_HOSTS`: names, `*.suffix`, IP addresses, CIDR ranges).
    pub fetch_allow_hosts: Vec<String>,
    /// An outbound proxy for the vendor client (the `PROXY_*` variables of a server that
    /// declares `proxy_vars`).
    pub proxy: Option<crate::upstream::ProxyConfig>,
    /// Largest body the guarded fetch reads (`MCP_FETCH_MAX_BYTES`).
    pub fetch_max_bytes: usize,
    /// Hidden characters in tool results: removed, shown or left (`MCP_SANITIZE`).
    pub sanitize: crate::tool::sanitize::Sanitize,
    /// Serve `/metrics` on the HTTP port (`MCP_METRICS`, on by default).
    pub metrics: bool,
    /// Sign-in for MCP clients (`--oauth`, HTTP only; `None`: off, Klavis's contract).
    pub oauth: Option<OAuthSettings>,
}

impl Settings {
    /// The value of the server's option `name` ([`ServerOption`]), if it was given.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Set the server's option `name` (tests).
    pub fn with_option(mut self, name: &str, value: &str) -> Self {
        self.options.retain(|(n, _)| n != name);
        self.options.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Point extra API `name` at `url` (tests: a fake).
    pub fn with_api(mut self, name: &str, url: &str) -> Self {
        self.extra_base_urls.retain(|(n, _)| n != name);
        self.extra_base_urls.push((name.to_owned(), url.to_owned()));
        self
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            read_only: false,
            toolsets: None,
            tools: None,
            exclude_tools: Vec::new(),
            json_response: false,
            stateless: false,
            require_auth_header: false,
            api_base_url: None,
            tenant_hosts: Vec::new(),
            upstream_timeout: Duration::from_secs(30),
            upstream_max_body_bytes: 20 * 1024 * 1024,
            retry: RetryPolicy::default(),
            env_credentials: EnvCredentials::none(),
            allowed_hosts: None,
            allowed_origins: None,
            max_body_bytes: 4 * 1024 * 1024,
            max_concurrent_calls: 256,
            shutdown_grace: Duration::from_secs(25),
            profile: Profile::Default,
            extra_base_urls: Vec::new(),
            flags: Vec::new(),
            options: Vec::new(),
            dynamic_toolsets: false,
            session_idle_timeout: SESSION_IDLE_TIMEOUT,
            session_park_after: Some(SESSION_PARK_AFTER),
            direct: true,
            poll_interval: None,
            fetch_allow_hosts: Vec::new(),
            fetch_max_bytes: crate::upstream::fetch::DEFAULT_MAX_BYTES,
            proxy: None,
            sanitize: crate::tool::sanitize::Sanitize::Strip,
            metrics: true,
            oauth: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_prefixes_are_valid_shell_names() {
        let spec = |service| ServerSpec {
            service,
            ..ServerSpec::DEFAULT
        };
        assert_eq!(
            spec("google_calendar").base_url_var(),
            "GOOGLE_CALENDAR_API_BASE_URL"
        );
        assert_eq!(spec("12306").port_var(), "MCP_12306_MCP_SERVER_PORT");
    }
}
