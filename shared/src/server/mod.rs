//! The server: a [`ServerSpec`] (what a service crate declares) plus [`Settings`] (what the
//! operator chose) become one [`McpServer`], a non-generic rmcp `ServerHandler`
//! (`transport/handler.rs`). A call comes in one way, [`McpServer::call`] with the
//! `CallEnv` its transport read from the request (`env.rs`): the core reads no header.
//!
//! Beside it: the spec and settings ([`spec`]), dynamic toolsets, read-only and scope
//! filtering, tool switches, the JSON-RPC wire types, OAuth sign-in metadata, and the docs
//! (`--help`, README tables, `tools.json`) generated from the spec.

pub mod docs;
pub mod dynamic;
pub(crate) mod env;
pub(crate) mod jsonrpc;
pub mod oauth;
pub mod scope;
pub mod spec;
pub mod switch;

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use rmcp::ErrorData;
use rmcp::model::{ErrorCode, Implementation, ServerCapabilities, ServerConfig, Tool};
use serde_json::Value;
use tokio::sync::Semaphore;
use url::Url;

use crate::call::context::Ctx;
use crate::call::context::{DynamicCtx, ToolInfo, Toolsets};
use crate::call::state::State;
use crate::call::tenant::{self, Base};
use crate::credentials::auth;
use crate::server::dynamic::Session;
use crate::server::env::CallEnv;
use crate::server::scope::{Filter, allow_lists};
pub use crate::server::spec::{ExtraApi, ServerFlag, ServerSpec, Settings, Toolset};
use crate::tool::ToolDef;
use crate::upstream::{Upstream, UpstreamConfig};

pub(crate) struct Inner {
    pub(crate) spec: &'static ServerSpec,
    pub(crate) settings: Settings,
    /// Every tool of the spec, in the spec's order.
    all: Vec<ToolDef>,
    by_name: HashMap<String, usize>,
    filter: Filter,
    /// The indexes in `all` of the tools a new session lists; their MCP form is built on
    /// the first listing (`listed`).
    visible_at_start: Vec<usize>,
    listed: std::sync::OnceLock<Vec<Tool>>,
    /// Dynamic toolsets: the toolsets a new session starts with.
    dynamic: Option<BTreeSet<&'static str>>,
    upstream: Upstream,
    /// Derives each call's base URL from its credentials (a [`Base::Tenant`] server).
    tenant: Option<tenant::Resolver>,
    /// The spec's process state ([`ServerSpec::state`]).
    state: Option<State>,
    extra: Arc<Vec<(&'static str, Upstream)>>,
    options: Arc<Vec<(String, String)>>,
    /// The guarded fetch of URLs callers name ([`crate::upstream::fetch`]).
    fetcher: Arc<crate::upstream::fetch::LazyFetcher>,
    pub(crate) calls: Arc<Semaphore>,
    draining: AtomicBool,
    pub(crate) http: AtomicBool,
    /// Requests answered on the direct path (`direct.rs`).
    pub(crate) direct_answers: AtomicU64,
    /// Cloned into the state of every session [`McpServer::new_session`] makes.
    handlers: Arc<()>,
}

/// A configured server, cheap to clone (one `Arc`). It is the rmcp `ServerHandler` for
/// every transport.
#[derive(Clone)]
pub struct McpServer {
    pub(crate) inner: Arc<Inner>,
    /// This MCP session's state (the toolsets it enabled). Clones share it;
    /// [`McpServer::new_session`] makes a server value with a fresh one.
    session: Arc<Session>,
}

impl McpServer {
    /// Build the server; a clear error for unknown tool or toolset names or a bad base URL.
    pub fn new(spec: &'static ServerSpec, mut settings: Settings) -> Result<Self, String> {
        settings.oauth = crate::server::oauth::check(spec, settings.oauth.take())?;
        if settings.oauth.is_some() {
            // A client that signs in sends its own token: AUTH_DATA never stands in for it.
            settings.require_auth_header = true;
        }
        crate::telemetry::metrics::set_enabled(settings.metrics);
        crate::tool::install_panic_hook();
        if let Some(d) = spec.profile_defaults(settings.profile) {
            if settings.toolsets.is_none() {
                settings.toolsets = d
                    .toolsets
                    .map(|t| t.iter().map(|s| (*s).to_owned()).collect());
            }
            settings.dynamic_toolsets |= d.dynamic_toolsets;
        }
        let mut defs = (spec.tools)();
        if settings.dynamic_toolsets {
            defs.extend(dynamic::tools(spec.service));
        }
        let all: Vec<ToolDef> = defs
            .into_iter()
            .filter_map(|t| t.for_profile(settings.profile))
            .collect();
        if all.is_empty() && settings.profile != crate::call::declared::Profile::Default {
            let has: Vec<&str> = crate::server::docs::profiles(spec)
                .iter()
                .map(|(p, _)| p.name())
                .collect();
            return Err(format!(
                "{} has no `{}` profile; its profiles: {}",
                spec.binary,
                settings.profile.name(),
                has.join(", ")
            ));
        }
        let mut by_name = HashMap::new();
        for (i, t) in all.iter().enumerate() {
            if by_name.insert(t.name().to_owned(), i).is_some() {
                return Err(format!("tool {} is defined twice", t.name()));
            }
            if t.toolset_name() != dynamic::TOOLSET
                && !spec.toolsets.iter().any(|s| s.name == t.toolset_name())
            {
                return Err(format!(
                    "tool {} names toolset {} which the server does not declare",
                    t.name(),
                    t.toolset_name()
                ));
            }
        }
        let known_sets: BTreeSet<&str> = spec.toolsets.iter().map(|s| s.name).collect();
        let toolsets = match &settings.toolsets {
            Some(list) => {
                for name in list {
                    if name != "all" && !known_sets.contains(name.as_str()) {
                        return Err(format!(
                            "unknown toolset `{name}`; this server has: all, {}",
                            known_sets.iter().copied().collect::<Vec<_>>().join(", ")
                        ));
                    }
                }
                Some(list.iter().cloned().collect::<BTreeSet<_>>())
            }
            None if spec.toolsets.iter().all(|s| s.default) => None,
            None => Some(
                spec.toolsets
                    .iter()
                    .filter(|s| s.default)
                    .map(|s| s.name.to_owned())
                    .collect(),
            ),
        };
        for name in &settings.flags {
            if !spec.flags.iter().any(|f| f.name == name) {
                return Err(format!("unknown switch `{name}` for {}", spec.binary));
            }
        }
        for (name, _) in &settings.options {
            if !spec.options.iter().any(|o| o.name == name) {
                return Err(format!("unknown option `{name}` for {}", spec.binary));
            }
        }
        for name in settings
            .tools
            .iter()
            .flatten()
            .chain(&settings.exclude_tools)
        {
            if !by_name.contains_key(name) {
                return Err(format!(
                    "unknown tool `{name}`; run `{} --toolsets all tools` to list every tool",
                    spec.binary
                ));
            }
        }
        let tools = settings
            .tools
            .as_ref()
            .map(|t| t.iter().cloned().collect::<BTreeSet<_>>());
        // `--tools` alone means exactly those tools, not those plus the default toolsets.
        let toolsets = if settings.tools.is_some() && settings.toolsets.is_none() {
            Some(BTreeSet::new())
        } else {
            toolsets
        };
        let (toolsets, tools) = allow_lists(toolsets, tools);
        // Dynamic toolsets: `--toolsets` says what sessions start with; any toolset can be
        // enabled later, so the process does not restrict by toolset.
        let (toolsets, tools, dynamic) = if settings.dynamic_toolsets {
            (
                None,
                settings
                    .tools
                    .as_ref()
                    .map(|t| t.iter().cloned().collect::<BTreeSet<_>>()),
                Some(dynamic::initial(spec.toolsets, settings.toolsets.as_ref())),
            )
        } else {
            (toolsets, tools, None)
        };
        let filter = Filter {
            read_only: settings.read_only,
            toolsets,
            tools,
            exclude: settings.exclude_tools.iter().cloned().collect(),
        };
        let session = Arc::new(Session::new(dynamic.clone().unwrap_or_default()));
        let visible_at_start = all
            .iter()
            .enumerate()
            .filter(|(_, t)| visible(&filter, dynamic.is_some(), &session, t))
            .map(|(i, _)| i)
            .collect();
        let parse = |base: &str| {
            Url::parse(base)
                .map_err(|e| format!("{} is not a valid URL ({e}): {base}", spec.base_url_var()))
        };
        let (base_url, tenant) = match spec.base {
            Base::Fixed(default) => (
                Some(parse(settings.api_base_url.as_deref().unwrap_or(default))?),
                None,
            ),
            Base::Tenant(templates) => (
                None,
                Some(tenant::Resolver::new(
                    spec.display_name,
                    spec.allowed_hosts_var(),
                    templates,
                    settings.api_base_url.as_deref(),
                    settings.tenant_hosts.clone(),
                )?),
            ),
            Base::None => (None, None),
        };
        let mut ucfg = UpstreamConfig::with_base(base_url, spec.display_name);
        ucfg.auth = spec.auth;
        ucfg.timeout = settings.upstream_timeout;
        ucfg.retry = settings.retry.clone();
        ucfg.max_body_bytes = settings.upstream_max_body_bytes;
        ucfg.error_parser = spec.error_parser;
        ucfg.error_shape = spec.error_shape;
        for (k, v) in spec.default_headers {
            crate::upstream::default_header(k, v)?;
        }
        ucfg.default_headers = spec.default_headers.to_vec();
        ucfg.proxy = settings.proxy.clone();
        if let Base::Tenant(templates) = spec.base
            && templates
                .iter()
                .any(|t| t.hosts.contains(&tenant::ANY_PUBLIC_HOST))
        {
            ucfg.public_hosts = Some((settings.tenant_hosts.clone(), spec.allowed_hosts_var()));
        }
        let upstream = Upstream::new(ucfg.clone())?;
        let mut extra = Vec::new();
        for api in spec.all_extra_apis() {
            let base = settings
                .extra_base_urls
                .iter()
                .find(|(n, _)| n == api.name)
                .map(|(_, u)| u.clone())
                .unwrap_or_else(|| api.default_base_url.to_owned());
            let url = Url::parse(&base)
                .map_err(|e| format!("{} is not a valid URL ({e}): {base}", api.base_url_var))?;
            let mut cfg = ucfg.clone();
            cfg.base_url = Some(url);
            cfg.vendor = api.display_name;
            cfg.auth = api.auth.unwrap_or(spec.auth);
            extra.push((api.name, upstream.sibling(cfg)));
        }
        let extra = Arc::new(extra);
        let state = spec.state.map(|make| make(&settings)).transpose()?;
        let calls = Arc::new(Semaphore::new(settings.max_concurrent_calls.max(1)));
        let options = Arc::new(settings.options.clone());
        let fetcher = Arc::new(crate::upstream::fetch::LazyFetcher::new(
            settings.fetch_allow_hosts.clone(),
            settings.upstream_timeout,
            settings.fetch_max_bytes,
        ));
        Ok(Self {
            inner: Arc::new(Inner {
                spec,
                settings,
                all,
                by_name,
                filter,
                visible_at_start,
                listed: std::sync::OnceLock::new(),
                dynamic,
                upstream,
                tenant,
                state,
                extra,
                options,
                fetcher,
                calls,
                draining: AtomicBool::new(false),
                http: AtomicBool::new(false),
                direct_answers: AtomicU64::new(0),
                handlers: Arc::new(()),
            }),
            session,
        })
    }

    /// This server with a fresh session (the HTTP transport makes one per MCP session).
    pub fn new_session(&self) -> Self {
        Self {
            inner: self.inner.clone(),
            session: Arc::new(Session::counted(
                self.inner.dynamic.clone().unwrap_or_default(),
                self.inner.handlers.clone(),
            )),
        }
    }

    /// How many sessions' handlers exist (over HTTP: sessions with an rmcp worker; a closed
    /// or parked session has none); for tests and diagnostics.
    pub fn session_handlers(&self) -> usize {
        Arc::strong_count(&self.inner.handlers) - 1
    }

    /// Whether each MCP session has state of its own (the toolsets it enabled).
    pub(crate) fn has_session_state(&self) -> bool {
        self.inner.dynamic.is_some()
    }

    /// Whether this session sees `def`: the process's filter, and with dynamic toolsets the
    /// session's enabled toolsets.
    fn visible(&self, def: &ToolDef) -> bool {
        visible(
            &self.inner.filter,
            self.inner.dynamic.is_some(),
            &self.session,
            def,
        )
    }

    /// The tools of `toolset` this process allows (whether or not a session enabled it).
    pub(crate) fn allowed_in_toolset<'a>(
        &'a self,
        toolset: &'a str,
    ) -> impl Iterator<Item = &'a ToolDef> + 'a {
        self.inner
            .all
            .iter()
            .filter(move |t| t.toolset_name() == toolset && self.inner.filter.allows(t))
    }

    pub fn spec(&self) -> &'static ServerSpec {
        self.inner.spec
    }

    /// How many HTTP requests the direct path answered (see `MCP_DIRECT`); for tests and
    /// diagnostics.
    pub fn direct_answers(&self) -> u64 {
        self.inner.direct_answers.load(Ordering::Relaxed)
    }

    pub fn settings(&self) -> &Settings {
        &self.inner.settings
    }

    /// The tools this process lists to a new session (before any per-request narrowing), in
    /// order.
    pub fn tools(&self) -> &[Tool] {
        self.inner.listed.get_or_init(|| {
            self.inner
                .visible_at_start
                .iter()
                .filter_map(|i| self.inner.all.get(*i))
                .map(|t| t.mcp_tool().clone())
                .collect()
        })
    }

    /// How many tools this process lists to a new session (without building their schemas).
    pub fn tool_count(&self) -> usize {
        self.inner.visible_at_start.len()
    }

    /// The tool definitions this session lists, in order.
    pub fn tool_defs(&self) -> impl Iterator<Item = &ToolDef> {
        self.inner.all.iter().filter(|t| self.visible(t))
    }

    /// What `initialize` answers: the capabilities, the server's identity and instructions.
    pub(crate) fn info(&self) -> ServerConfig {
        let caps = ServerCapabilities::builder().enable_tools();
        let caps = if self.inner.dynamic.is_some() {
            caps.enable_tool_list_changed().build()
        } else {
            caps.build()
        };
        ServerConfig::new(caps)
            .with_server_info(self.server_info())
            .with_instructions(self.inner.spec.instructions)
    }

    /// Tool `name` as this session lists it, if it sees it.
    pub(crate) fn visible_tool(&self, name: &str) -> Option<Tool> {
        let idx = *self.inner.by_name.get(name)?;
        let def = self.inner.all.get(idx)?;
        self.visible(def).then(|| def.mcp_tool().clone())
    }

    /// Changes whenever this session enables a toolset (its tool list changed).
    pub(crate) fn session_generation(&self) -> u64 {
        self.session.generation()
    }

    fn server_info(&self) -> Implementation {
        let spec = self.inner.spec;
        let mut imp = Implementation::new(spec.binary, spec.version);
        imp.title = Some(format!("{} MCP server", spec.display_name));
        imp.description = Some(spec.description.to_owned());
        imp
    }

    /// Stop taking new tool calls and wait (up to the grace period) for running ones.
    pub async fn drain(&self) {
        self.inner.draining.store(true, Ordering::SeqCst);
        let max = self.inner.settings.max_concurrent_calls.max(1) as u32;
        let grace = self.inner.settings.shutdown_grace;
        match tokio::time::timeout(grace, self.inner.calls.acquire_many(max)).await {
            Ok(_) => tracing::info!("all in-flight tool calls finished"),
            Err(_) => tracing::warn!(
                grace_s = grace.as_secs(),
                "shutting down with tool calls still running"
            ),
        }
    }

    /// The call environment of a request over stdio: the process's credentials and flags.
    pub(crate) fn pipe_env(&self) -> CallEnv<'static> {
        let settings = &self.inner.settings;
        CallEnv::pipe(auth::resolve(
            None,
            &settings.env_credentials,
            !settings.require_auth_header,
            self.inner.spec.token_headers,
        ))
    }

    /// Run one tool call: visibility, credentials, concurrency bound, the handler; counted
    /// in the metrics. Everything the request brought is in `env` (its transport read it).
    pub(crate) async fn call(
        &self,
        name: &str,
        args: Option<serde_json::Map<String, Value>>,
        mut env: CallEnv<'_>,
    ) -> Result<rmcp::model::CallToolResult, ErrorData> {
        use tracing::Instrument as _;
        let metrics = crate::telemetry::metrics::recording();
        let _in_flight = metrics.map(|m| m.in_flight());
        let known = self.inner.by_name.contains_key(name);
        // With the OTLP exporter on: the call's SERVER span, whose id the trace carries from
        // here (a new root trace when the caller sent none). Otherwise `trace` as it came.
        let (trace, otel_span) =
            crate::telemetry::otel::call_span(name, known, env.wire, env.trace.take());
        let scope_slot = env.scope_slot;
        let span = match &trace {
            Some(t) => tracing::info_span!("call", trace_id = t.trace_id(), span_id = t.span_id()),
            None => tracing::Span::none(),
        };
        let result = crate::telemetry::trace::scope(
            trace,
            self.call_counted(name, args, env).instrument(span),
        )
        .await;
        if let (Some(m), Err(_)) = (metrics, &result) {
            m.protocol_error(name, known);
        }
        let (result, outcome) = match result {
            Ok((r, outcome, missing)) => {
                if let (Some(slot), Some(m)) = (scope_slot, missing) {
                    slot.put(m);
                }
                (Ok(r), outcome)
            }
            Err(e) => (Err(e), crate::telemetry::metrics::Outcome::protocol_error),
        };
        if let Some(s) = otel_span {
            s.end(outcome);
        }
        result
    }

    async fn call_counted(
        &self,
        name: &str,
        args: Option<serde_json::Map<String, Value>>,
        env: CallEnv<'_>,
    ) -> Result<
        (
            rmcp::model::CallToolResult,
            crate::telemetry::metrics::Outcome,
            Option<crate::error::MissingScopes>,
        ),
        ErrorData,
    > {
        let inner = &self.inner;
        let Some(&idx) = inner.by_name.get(name) else {
            return Err(ErrorData::invalid_params(
                format!("unknown tool `{name}`; call tools/list for the available tools"),
                None,
            ));
        };
        let def = &inner.all[idx];
        if !self.visible(def) {
            let reason = if inner.filter.allows(def) {
                let enable = inner
                    .all
                    .iter()
                    .find(|t| {
                        t.toolset_name() == dynamic::TOOLSET && t.name().ends_with("enable_toolset")
                    })
                    .map(|t| t.name().to_owned())
                    .unwrap_or_else(|| "enable_toolset".into());
                format!(
                    "it belongs to toolset `{}`, which this session has not enabled; call `{enable}` with {{\"toolset\": \"{}\"}} first",
                    def.toolset_name(),
                    def.toolset_name()
                )
            } else {
                inner.filter.reason(def, "this server's configuration")
            };
            return Err(ErrorData::invalid_params(
                format!("tool `{name}` is not available: {reason}"),
                None,
            ));
        }
        let read_only = inner.filter.read_only || env.filter.as_ref().is_some_and(|f| f.read_only);
        if let Some(f) = &env.filter
            && !f.allows(def)
        {
            return Err(ErrorData::invalid_params(
                format!(
                    "tool `{name}` is not available: {}",
                    f.reason(def, "this request's X-MCP-* headers")
                ),
                None,
            ));
        }
        let credentials = env
            .credentials
            .map_err(|e| ErrorData::new(ErrorCode::INVALID_REQUEST, e.to_string(), None))?;
        if inner.draining.load(Ordering::SeqCst) {
            return Err(ErrorData::internal_error(
                "the server is shutting down; retry on another instance",
                None,
            ));
        }
        let _permit = inner
            .calls
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ErrorData::internal_error("the server is shutting down", None))?;
        let flags = inner
            .spec
            .flags
            .iter()
            .filter(|f| {
                inner.settings.flags.iter().any(|n| n == f.name) || env.flags.contains(&f.name)
            })
            .map(|f| f.name)
            .collect();
        let dynamic = inner.dynamic.is_some().then(|| DynamicCtx {
            server: Arc::new(self.clone()) as Arc<dyn Toolsets>,
            // stdio is one session; over HTTP, only requests of a session have one.
            persistent: env.persistent,
        });
        let mut ctx = Ctx {
            tool: Arc::from(name),
            dynamic,
            flags,
            read_only,
            profile: inner.settings.profile,
            options: inner.options.clone(),
            credentials,
            upstream: inner.upstream.clone(),
            extra: inner.extra.clone(),
            state: inner.state.clone(),
            service: crate::call::context::Service {
                display_name: inner.spec.display_name,
                credential_env: inner.spec.credential_env,
                auth: inner.spec.auth,
                extra_apis: inner.spec.extra_apis,
            },
            progress: env.progress,
            poll_interval: inner.settings.poll_interval,
            fetcher: inner.fetcher.clone(),
        };
        if let Some(x) = inner.spec.credential_exchange
            && ctx.credentials.is_some()
        {
            match (x.exchange)(ctx.clone()).await {
                Ok(fields) => {
                    if let Some(c) = ctx.credentials.take() {
                        ctx.credentials = Some(c.with_fields(fields));
                    }
                }
                // Every request of the call fails with why the token could not be had.
                Err(e) => {
                    ctx.upstream = ctx.upstream.for_base(Err(e.clone()));
                    let failing: Vec<(&'static str, Upstream)> = ctx
                        .extra
                        .iter()
                        .map(|(n, u)| (*n, u.for_base(Err(e.clone()))))
                        .collect();
                    ctx.extra = Arc::new(failing);
                }
            }
        }
        if let Some(tenant) = &inner.tenant {
            // A refused or incomplete tenant host fails every request of this call, before
            // anything is sent.
            let base = tenant.resolve(&ctx).await;
            ctx.upstream = inner.upstream.for_tenant_base(base, tenant.host_patterns());
        }
        let started = Instant::now();
        let (result, outcome, missing) = def
            .call(
                ctx,
                Value::Object(args.unwrap_or_default()),
                inner.settings.sanitize,
                inner.spec.scope_hint,
            )
            .await;
        if let Some(m) = crate::telemetry::metrics::recording() {
            m.call(name, outcome, started.elapsed());
        }
        let is_error = result.is_error.unwrap_or(false);
        tracing::info!(
            tool = name,
            is_error,
            outcome = outcome.as_str(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "tool call"
        );
        Ok((result, outcome, missing))
    }

    /// The tools a request lists, narrowed by its `filter` (see [`CallEnv::filter`]).
    pub(crate) fn list(&self, filter: Option<&Filter>) -> Vec<Tool> {
        match filter {
            None if self.inner.dynamic.is_none() => self.tools().to_vec(),
            None => self.tool_defs().map(|t| t.mcp_tool().clone()).collect(),
            Some(f) => self
                .tool_defs()
                .filter(|t| f.allows(t))
                .map(|t| t.mcp_tool().clone())
                .collect(),
        }
    }
}

impl Toolsets for McpServer {
    fn toolsets(&self) -> &'static [crate::server::spec::Toolset] {
        self.inner.spec.toolsets
    }

    fn allowed_tools(&self, toolset: &str) -> Vec<ToolInfo> {
        self.allowed_in_toolset(toolset)
            .map(|t| ToolInfo {
                name: t.name().to_owned(),
                description: t
                    .mcp_tool()
                    .description
                    .as_deref()
                    .unwrap_or_default()
                    .to_owned(),
                read_only: t.is_read_only(),
            })
            .collect()
    }

    fn is_enabled(&self, toolset: &str) -> bool {
        self.session.is_enabled(toolset)
    }

    fn enable(&self, toolset: &'static str) -> bool {
        self.session.enable(toolset)
    }
}

/// Whether a session sees `def` (see [`McpServer::visible`]).
fn visible(filter: &Filter, dynamic: bool, session: &Session, def: &ToolDef) -> bool {
    if def.toolset_name() == dynamic::TOOLSET {
        // The dynamic tools themselves: listed whenever dynamic toolsets are on.
        return !filter.exclude.contains(def.name());
    }
    filter.allows(def) && (!dynamic || session.is_enabled(def.toolset_name()))
}
