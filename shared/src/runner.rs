//! `main` of every server: the CLI and environment of ARCHITECTURE.md, logging, and the
//! transports.

use std::io::{Read as _, Write as _};
use std::net::{IpAddr, TcpStream};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use rmcp::ServiceExt as _;
use tokio_util::sync::CancellationToken;

use crate::call::declared::Profile;
use crate::credentials::auth::EnvCredentials;
use crate::server::scope::split;
use crate::server::{McpServer, ServerSpec, Settings};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Transport {
    Stdio,
    Http,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Naming {
    /// Our names (the Klavis names): `<service>_<verb>_<object>`
    Default,
    /// The names and parameters of the vendor's official MCP server, where it has one
    Official,
}

/// `--profile`: the tool names and parameters a benchmark's or the vendor's server expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ProfileArg {
    /// Our names (the Klavis base servers'): `<service>_<verb>_<object>`
    Default,
    /// MCP-Atlas's variant (Klavis `<service>_atlas`)
    Atlas,
    /// MCPMark's variant (Klavis `<service>_mcpmark`)
    Mcpmark,
    /// Toolathlon's variant (Klavis `<service>_toolathlon`)
    Toolathlon,
    /// The vendor's own MCP server (Klavis `<service>_official`; also `--tool-names official`)
    Official,
    /// Klavis's local form of the service (`local/<name>`)
    Local,
}

impl From<ProfileArg> for Profile {
    fn from(p: ProfileArg) -> Self {
        match p {
            ProfileArg::Default => Profile::Default,
            ProfileArg::Atlas => Profile::Atlas,
            ProfileArg::Mcpmark => Profile::Mcpmark,
            ProfileArg::Toolathlon => Profile::Toolathlon,
            ProfileArg::Official => Profile::Official,
            ProfileArg::Local => Profile::Local,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, Parser)]
#[command(version, about = None, long_about = None)]
struct Cli {
    #[command(flatten)]
    opts: Options,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Options shared by every server.
#[derive(Debug, Args)]
struct Options {
    /// stdio for local clients; http for containers and gateways
    #[arg(long, global = true, env = "MCP_TRANSPORT", value_enum, default_value_t = Transport::Stdio)]
    transport: Transport,
    /// Address to bind (HTTP)
    #[arg(long, global = true, env = "HOST", default_value = "127.0.0.1")]
    host: IpAddr,
    /// Port (HTTP); without it, <SERVICE>_MCP_SERVER_PORT, then 5000
    #[arg(long, global = true, env = "PORT")]
    port: Option<u16>,
    /// List and allow only read-only tools
    #[arg(long, global = true, env = "MCP_READ_ONLY", value_parser = crate::server::switch::value_parser())]
    read_only: bool,
    /// Comma-separated toolsets to enable (`all` for every toolset)
    #[arg(long, global = true, env = "MCP_TOOLSETS")]
    toolsets: Option<String>,
    /// Comma-separated tools to enable (in addition to --toolsets)
    #[arg(long, global = true, env = "MCP_TOOLS")]
    tools: Option<String>,
    /// Sessions start with --toolsets only (none when not given) and enable more at run time
    /// with the list_available_toolsets, get_toolset_tools and enable_toolset tools (also
    /// <SERVICE>_DYNAMIC_TOOLSETS)
    #[arg(long, global = true, env = "MCP_DYNAMIC_TOOLSETS", value_parser = crate::server::switch::value_parser())]
    dynamic_toolsets: bool,
    /// Which tool names to list: ours, or those of the vendor's official MCP server (the same
    /// as --profile official)
    #[arg(long, global = true, env = "MCP_TOOL_NAMES", value_enum, default_value_t = Naming::Default)]
    tool_names: Naming,
    /// List the tools as a benchmark's variant of this server or the vendor's own server names
    /// them (Klavis's directory `<service>_<kind>` is `--profile <kind>`); the server's README
    /// lists the profiles it has and their tools
    #[arg(long, global = true, env = "MCP_PROFILE", value_enum, default_value_t = ProfileArg::Default)]
    profile: ProfileArg,
    /// Comma-separated tools to hide
    #[arg(long, global = true, env = "MCP_EXCLUDE_TOOLS")]
    exclude_tools: Option<String>,
    /// Answer streamable HTTP requests with plain JSON instead of an SSE stream
    #[arg(long, global = true, env = "MCP_JSON_RESPONSE", value_parser = crate::server::switch::value_parser())]
    json_response: bool,
    /// Serve HTTP without sessions (every POST stands alone)
    #[arg(long, global = true, env = "MCP_STATELESS", value_parser = crate::server::switch::value_parser())]
    stateless: bool,
    /// On HTTP, never fall back to AUTH_DATA / environment credentials
    #[arg(long, global = true, env = "MCP_REQUIRE_AUTH_HEADER", value_parser = crate::server::switch::value_parser())]
    require_auth_header: bool,
    /// HTTP: answer requests without credentials with 401 and serve OAuth protected-resource
    /// metadata (RFC 9728) naming the vendor's authorization server, so that MCP clients sign
    /// in by themselves; AUTH_DATA is then not used for HTTP callers
    #[arg(long, global = true, env = "MCP_OAUTH", value_parser = crate::server::switch::value_parser())]
    oauth: bool,
    /// With --oauth (implies it): the authorization server to name instead of the vendor's (an
    /// OAuth proxy)
    #[arg(
        long,
        global = true,
        env = "MCP_AUTHORIZATION_SERVER",
        value_name = "URL"
    )]
    authorization_server: Option<String>,
    /// With --oauth: the URL clients reach this server at (the resource is <URL>/mcp);
    /// default http://<bound loopback address>
    #[arg(long, global = true, env = "MCP_PUBLIC_URL", value_name = "URL")]
    public_url: Option<String>,
    /// With --oauth and no --public-url: take the public URL from X-Forwarded-Proto and
    /// X-Forwarded-Host (only behind a proxy that sets them)
    #[arg(long, global = true, env = "MCP_TRUST_FORWARDED_HEADERS", value_parser = crate::server::switch::value_parser())]
    trust_forwarded_headers: bool,
    /// Log format on stderr (filter with RUST_LOG)
    #[arg(long, global = true, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the tool list (with schemas and annotations) and exit
    Tools {
        /// The MCP tools/list entries as JSON
        #[arg(long, conflicts_with = "markdown")]
        json: bool,
        /// A Markdown table
        #[arg(long)]
        markdown: bool,
    },
    /// Exit 0 when the local HTTP server answers /healthz (for images without curl)
    Healthcheck,
}

fn env_flag(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn env_parse<T: std::str::FromStr>(name: &str) -> Result<Option<T>, String> {
    match env_flag(name) {
        None => Ok(None),
        Some(v) => v
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| format!("{name}={v} is not a valid value")),
    }
}

fn settings_from(spec: &ServerSpec, o: &Options) -> Result<Settings, String> {
    let mut s = Settings {
        json_response: o.json_response,
        stateless: o.stateless,
        require_auth_header: o.require_auth_header,
        api_base_url: spec.env_var(&spec.base_url_var()),
        extra_base_urls: spec
            .all_extra_apis()
            .filter_map(|a| spec.env_var(a.base_url_var).map(|u| (a.name.to_owned(), u)))
            .collect(),
        env_credentials: EnvCredentials::from_env(spec.credential_env)?,
        allowed_hosts: env_flag("MCP_ALLOWED_HOSTS").map(|v| split(&v).into_iter().collect()),
        allowed_origins: env_flag("MCP_ALLOWED_ORIGINS").map(|v| split(&v).into_iter().collect()),
        tenant_hosts: env_flag(&spec.allowed_hosts_var())
            .map(|v| split(&v).into_iter().collect())
            .unwrap_or_default(),
        ..settings_from_flags_only(o)
    };
    // GitHub's server names it GITHUB_DYNAMIC_TOOLSETS: every server takes its own prefix.
    let dynamic_var = format!("{}_DYNAMIC_TOOLSETS", spec.env_prefix());
    if let Some(v) = env_flag(&dynamic_var) {
        s.dynamic_toolsets |= crate::server::switch::parse(&dynamic_var, &v)?;
    }
    if let Some(secs) = env_parse::<u64>("MCP_UPSTREAM_TIMEOUT_SECS")? {
        s.upstream_timeout = Duration::from_secs(secs.max(1));
    }
    if let Some(n) = env_parse::<usize>("MCP_UPSTREAM_MAX_BODY_BYTES")? {
        s.upstream_max_body_bytes = n;
    }
    if let Some(n) = env_parse::<usize>("MCP_MAX_BODY_BYTES")? {
        s.max_body_bytes = n;
    }
    if let Some(v) = env_flag("MCP_DIRECT") {
        s.direct = crate::server::switch::parse("MCP_DIRECT", &v)?;
    }
    if let Some(secs) = env_parse::<u64>("MCP_SESSION_IDLE_SECS")? {
        s.session_idle_timeout = Duration::from_secs(secs.max(1));
    }
    if let Some(secs) = env_parse::<u64>("MCP_SESSION_PARK_SECS")? {
        s.session_park_after = (secs > 0).then(|| Duration::from_secs(secs));
    }
    if spec.proxy_vars {
        s.proxy = crate::upstream::ProxyConfig::from_vars(|n| {
            std::env::var(n).ok().filter(|v| !v.trim().is_empty())
        })?;
    }
    if let Some(v) = env_flag("MCP_FETCH_ALLOW_HOSTS") {
        s.fetch_allow_hosts = split(&v).into_iter().collect();
    }
    if let Some(n) = env_parse::<usize>("MCP_FETCH_MAX_BYTES")? {
        s.fetch_max_bytes = n;
    }
    if let Some(v) = env_flag("MCP_METRICS") {
        s.metrics = crate::server::switch::parse("MCP_METRICS", &v)?;
    }
    if let Some(v) = env_flag("MCP_SANITIZE") {
        s.sanitize = v.parse()?;
    }
    if let Some(ms) = env_parse::<u64>("MCP_POLL_INTERVAL_MS")? {
        s.poll_interval = Some(Duration::from_millis(ms.max(1)));
    }
    if let Some(n) = env_parse::<usize>("MCP_MAX_CONCURRENT_CALLS")? {
        s.max_concurrent_calls = n.max(1);
    }
    let authorization_server = o
        .authorization_server
        .as_deref()
        .filter(|v| !v.trim().is_empty());
    if o.oauth || authorization_server.is_some() {
        if o.transport == Transport::Http {
            s.oauth = Some(crate::server::oauth::settings(
                authorization_server,
                o.public_url.as_deref(),
                o.trust_forwarded_headers,
            )?);
        } else {
            tracing::warn!("--oauth applies to the HTTP transport only; ignored on stdio");
        }
    }
    Ok(s)
}

fn port_from(spec: &ServerSpec, o: &Options) -> Result<u16, String> {
    if let Some(p) = o.port {
        return Ok(p);
    }
    let var = spec.port_var();
    match spec.env_var(&var) {
        None => Ok(5000),
        Some(v) => v
            .trim()
            .parse()
            .map_err(|_| format!("{var}={v} is not a valid port")),
    }
}

fn init_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ =
        tracing::subscriber::set_global_default(log_subscriber(format, filter, std::io::stderr));
}

/// The log output of every server (`--log-format`), filtered by `filter`, into `writer`
/// (stderr in a server; a buffer in tests). In JSON, an event's fields are top-level keys and
/// `span` holds the current span's: within a tool call, `trace_id` and `span_id`.
pub fn log_subscriber<W>(
    format: LogFormat,
    filter: tracing_subscriber::EnvFilter,
    writer: W,
) -> Box<dyn tracing::Subscriber + Send + Sync>
where
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .with_ansi(false)
        .with_target(false);
    match format {
        LogFormat::Text => Box::new(builder.finish()),
        LogFormat::Json => Box::new(builder.json().flatten_event(true).finish()),
    }
}

/// The whole `main` of a server binary.
pub fn run(spec: &'static ServerSpec) -> ExitCode {
    let mut command = Cli::command()
        .name(spec.binary)
        .bin_name(spec.binary)
        .version(spec.version)
        .about(spec.description)
        .after_help(credentials_help(spec));
    for f in spec.flags {
        command = command.arg(
            clap::Arg::new(f.name)
                .long(f.name)
                .env(f.env)
                .help(f.help)
                .global(true)
                .action(clap::ArgAction::SetTrue)
                .value_parser(crate::server::switch::value_parser()),
        );
    }
    for o in spec.options {
        command = command.arg(
            clap::Arg::new(o.name)
                .long(o.name)
                .env(o.env)
                .help(o.help)
                .global(true)
                .value_name("VALUE")
                .action(clap::ArgAction::Set),
        );
    }
    let matches = command.get_matches();
    let options: Vec<(String, String)> = spec
        .options
        .iter()
        .filter_map(|o| {
            let v = matches.get_one::<String>(o.name)?.trim();
            (!v.is_empty()).then(|| (o.name.to_owned(), v.to_owned()))
        })
        .collect();
    let flags: Vec<String> = spec
        .flags
        .iter()
        .filter(|f| matches.get_flag(f.name))
        .map(|f| f.name.to_owned())
        .collect();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    match cli.command {
        Some(Command::Healthcheck) => return healthcheck(spec, &cli.opts),
        Some(Command::Tools { json, markdown }) => {
            return print_tools(spec, &cli.opts, json, markdown);
        }
        None => {}
    }
    init_logging(cli.opts.log_format);
    let result = settings_from(spec, &cli.opts)
        .and_then(|s| {
            McpServer::new(
                spec,
                Settings {
                    flags,
                    options,
                    ..s
                },
            )
        })
        .and_then(|server| {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .map_err(|e| format!("cannot start the runtime: {e}"))?;
            rt.block_on(async {
                let exporter = crate::telemetry::otel::start_from_env(spec.binary, spec.version)?;
                let served = match cli.opts.transport {
                    Transport::Stdio => serve_stdio(server).await,
                    Transport::Http => match port_from(spec, &cli.opts) {
                        Ok(port) => serve_http(server, cli.opts.host, port).await,
                        Err(e) => Err(e),
                    },
                };
                // The last spans (those of the drained calls) are exported before exit.
                if let Some(e) = exporter {
                    e.shutdown().await;
                }
                served
            })
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Once, through the log (text or JSON, on stderr), like every other line.
            tracing::error!(server = spec.binary, "{e}");
            ExitCode::from(2)
        }
    }
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = match signal(SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
        };
        tokio::select! {
            _ = term.recv() => {},
            _ = tokio::signal::ctrl_c() => {},
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn serve_stdio(server: McpServer) -> Result<(), String> {
    tracing::info!(
        server = server.spec().binary,
        tools = server.tool_count(),
        "serving MCP on stdio"
    );
    let running = server
        .clone()
        .serve(rmcp::transport::stdio())
        .await
        .map_err(|e| format!("stdio session failed to start: {e}"))?;
    let ct = running.cancellation_token();
    tokio::select! {
        r = running.waiting() => {
            r.map_err(|e| format!("stdio session ended with an error: {e}"))?;
        }
        _ = shutdown_signal() => {
            tracing::info!("signal received: draining tool calls");
            server.drain().await;
            ct.cancel();
        }
    }
    Ok(())
}

async fn serve_http(server: McpServer, host: IpAddr, port: u16) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind((host, port))
        .await
        .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let shutdown = CancellationToken::new();
    let tools = server.tool_count();
    let binary = server.spec().binary;
    let handle = crate::transport::http::serve(server, listener, shutdown.clone())
        .map_err(|e| format!("cannot serve: {e}"))?;
    tracing::info!(server = binary, tools, addr = %handle.addr, "serving MCP on http://{}/mcp", handle.addr);
    shutdown_signal().await;
    shutdown.cancel();
    handle
        .task
        .await
        .map_err(|e| format!("HTTP server task failed: {e}"))?;
    tracing::info!("stopped");
    Ok(())
}

fn healthcheck(spec: &ServerSpec, o: &Options) -> ExitCode {
    let port = match port_from(spec, o) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let host: IpAddr = if o.host.is_unspecified() {
        IpAddr::from([127, 0, 0, 1])
    } else {
        o.host
    };
    let ok = (|| -> std::io::Result<bool> {
        let addr = std::net::SocketAddr::new(host, port);
        let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(3))?;
        s.set_read_timeout(Some(Duration::from_secs(3)))?;
        write!(
            s,
            "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        )?;
        let mut buf = Vec::new();
        s.read_to_end(&mut buf)?;
        Ok(buf.starts_with(b"HTTP/1.1 200"))
    })();
    match ok {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("unhealthy: /healthz did not answer 200");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("unhealthy: {e}");
            ExitCode::FAILURE
        }
    }
}

fn print_tools(spec: &'static ServerSpec, o: &Options, json: bool, markdown: bool) -> ExitCode {
    // Listing needs no credentials and no network: only the tool-selection flags count.
    let server = match McpServer::new(spec, settings_from_flags_only(o)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}: {e}", spec.binary);
            return ExitCode::from(2);
        }
    };
    let profile_sets_them = spec
        .profile_defaults(settings_from_flags_only(o).profile)
        .is_some_and(|d| d.toolsets.is_some());
    if o.toolsets.is_none() && !o.dynamic_toolsets && !profile_sets_them {
        // On stderr, so that the JSON and Markdown on stdout stay as they are.
        let defaults: Vec<&str> = spec
            .toolsets
            .iter()
            .filter(|t| t.default)
            .map(|t| t.name)
            .collect();
        eprintln!(
            "{}: the default toolsets ({}); `{} tools --toolsets all` lists every tool",
            spec.binary,
            defaults.join(", "),
            spec.binary
        );
    }
    let text = if json {
        crate::server::docs::tools_json(&server)
    } else if markdown {
        crate::server::docs::tools_markdown(&server)
    } else {
        crate::server::docs::tools_text(&server)
    };
    let mut out = std::io::stdout().lock();
    if out.write_all(text.as_bytes()).is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The `--help` section on credentials and the vendor API, from the server's spec: the one
/// place to extend when a spec declares more about how its vendor takes credentials.
fn credentials_help(spec: &ServerSpec) -> String {
    let mut rows: Vec<(String, String)> = vec![
        (
            "x-auth-data header".into(),
            "base64 of a JSON object, e.g. {\"access_token\":\"...\"} (HTTP)".into(),
        ),
        (
            "Authorization header".into(),
            "Bearer <token>, read as {\"access_token\":\"<token>\"} (HTTP)".into(),
        ),
        (
            "AUTH_DATA".into(),
            "the same JSON object, or a bare token; on HTTP the fallback for callers without a \
             header, unless --require-auth-header"
                .into(),
        ),
        (
            "AUTH_DATA_FILE".into(),
            "a file holding what AUTH_DATA would (a mounted secret), instead of AUTH_DATA".into(),
        ),
    ];
    for (name, field) in spec.token_headers {
        rows.insert(
            1,
            (
                format!("{name} header"),
                format!("a raw token, read as the field `{field}` (HTTP)"),
            ),
        );
    }
    for (var, field) in spec.credential_env {
        rows.push((
            (*var).into(),
            format!(
                "{} credentials, read as the field `{field}`",
                spec.display_name
            ),
        ));
    }
    let mut out = String::from("Credentials (per request; the first one present wins):\n");
    let width = rows.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let mut line = |k: &str, v: &str| out.push_str(&format!("  {k:width$}  {v}\n"));
    for (k, v) in &rows {
        line(k, v);
    }
    let fields: Vec<String> = spec
        .auth
        .fields()
        .iter()
        .map(|names| {
            names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(" or ")
        })
        .collect();
    if !fields.is_empty() {
        out.push_str(&format!(
            "  {} reads the credential fields {}.\n",
            spec.display_name,
            fields.join(", ")
        ));
    }
    let mut apis = Vec::new();
    match spec.base {
        crate::Base::Fixed(url) => apis.push((
            spec.base_url_var(),
            format!("{} API base URL (default {url})", spec.display_name),
        )),
        crate::Base::Tenant(urls) => {
            let list: Vec<&str> = urls.iter().map(|u| u.template).collect();
            apis.push((
                spec.base_url_var(),
                format!(
                    "{} API base URL, from the credentials by default: {}",
                    spec.display_name,
                    list.join(" or ")
                ),
            ));
            apis.push((
                spec.allowed_hosts_var(),
                "more host patterns the credentials may name (e.g. *.example.com)".to_owned(),
            ));
        }
        crate::Base::None => {}
    }
    apis.extend(spec.all_extra_apis().map(|a| {
        (
            a.base_url_var.to_owned(),
            format!(
                "{} API base URL (default {})",
                a.display_name, a.default_base_url
            ),
        )
    }));
    let width = apis
        .iter()
        .map(|(k, _)| k.len())
        .max()
        .unwrap_or(0)
        .max(width);
    out.push_str("\nVendor API:\n");
    for (k, v) in &apis {
        let also: Vec<&str> = spec
            .env_aliases
            .iter()
            .filter(|(ours, _)| ours == k)
            .map(|(_, theirs)| *theirs)
            .collect();
        if also.is_empty() {
            out.push_str(&format!("  {k:width$}  {v}\n"));
        } else {
            out.push_str(&format!(
                "  {k:width$}  {v}; also read as {}\n",
                also.join(", ")
            ));
        }
    }
    if spec.proxy_vars {
        out.push_str(
            "\nOutbound proxy (besides HTTPS_PROXY, HTTP_PROXY and NO_PROXY):\n  PROXY_HOST, PROXY_PORT, PROXY_SCHEME (http or https), PROXY_USERNAME, PROXY_PASSWORD\n",
        );
    }
    if let Some(line) = sign_in_help(spec) {
        out.push_str(&format!("\nSign-in (--oauth):\n  {line}\n"));
    }
    let profiles = crate::server::docs::profiles(spec);
    if profiles.len() > 1 {
        out.push_str("\nProfiles (--profile; tools over every toolset):\n");
        for (p, n) in &profiles {
            out.push_str(&format!("  {:10}  {n} tools\n", p.name()));
        }
    }
    out.push_str(&format!(
        "\nHTTP sessions:\n  {:width$}  {}\n  {:width$}  {}\n",
        "MCP_SESSION_PARK_SECS",
        format_args!(
            "seconds without a request after which a session keeps only its handshake, not rmcp's worker (its next request restores it); 0: never (default {})",
            crate::server::spec::SESSION_PARK_AFTER.as_secs()
        ),
        "MCP_SESSION_IDLE_SECS",
        format_args!(
            "seconds without a request after which a session is closed (default {})",
            crate::server::spec::SESSION_IDLE_TIMEOUT.as_secs()
        ),
    ));
    out.push_str(&format!(
        "\nSwitches take {}. Listing tools needs no credentials.",
        crate::server::switch::SPELLINGS
    ));
    out
}

/// What `--oauth` names for this server, for `--help`.
fn sign_in_help(spec: &ServerSpec) -> Option<String> {
    if matches!(spec.auth, crate::Auth::None) && spec.oauth.is_none() {
        return None;
    }
    Some(match &spec.oauth {
        Some(o) => {
            let metadata = match o.metadata {
                crate::OAuthMetadata::Rfc8414 => "RFC 8414 metadata",
                crate::OAuthMetadata::OpenId => "OpenID Connect metadata",
                crate::OAuthMetadata::None => "no published metadata",
            };
            format!(
                "authorization server {} ({metadata}); scopes: {}",
                o.issuer,
                o.scopes.join(" ")
            )
        }
        None => format!(
            "{} takes API keys only: --oauth needs --authorization-server <URL>",
            spec.display_name
        ),
    })
}

fn settings_from_flags_only(o: &Options) -> Settings {
    Settings {
        read_only: o.read_only,
        toolsets: o
            .toolsets
            .as_deref()
            .map(|v| split(v).into_iter().collect()),
        tools: o.tools.as_deref().map(|v| split(v).into_iter().collect()),
        exclude_tools: o
            .exclude_tools
            .as_deref()
            .map(|v| split(v).into_iter().collect())
            .unwrap_or_default(),
        profile: match (o.profile, o.tool_names) {
            (ProfileArg::Default, Naming::Official) => Profile::Official,
            (p, _) => p.into(),
        },
        dynamic_toolsets: o.dynamic_toolsets,
        ..Settings::default()
    }
}
