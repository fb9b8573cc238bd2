//! The client every server calls its vendor with: one pooled reqwest client per process,
//! base-URL override, timeouts, retries with backoff and jitter that honour `Retry-After` and
//! rate-limit reset headers, a response-size cap, and vendor errors mapped to [`ToolError`]s.
//! `request.rs` builds a request, `retry.rs` sends it, `redirect.rs` decides about a redirect,
//! `response.rs` reads the answer. Beside the client: GraphQL over it ([`graphql`]),
//! cursor and page pagination ([`pagination`]), and the guarded fetch of a URL a caller gives
//! ([`fetch`]).

use std::sync::Arc;
use std::time::Duration;

use http::{HeaderMap, HeaderName, HeaderValue, Method};
use serde_json::Value;
use url::Url;

use crate::credentials::vendor_auth::Auth;
use crate::error::{ErrorKind, ToolError};

/// The vendor's own reading of an error body.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct VendorError {
    pub code: Option<String>,
    pub message: Option<String>,
    /// A hint more precise than the status's (e.g. the missing scope).
    pub hint: Option<String>,
    /// The body says this is a rate limit (e.g. Google's 403 `rateLimitExceeded`): retried
    /// like a 429.
    pub rate_limited: bool,
    /// The scopes the token lacks, where the vendor says (a 403 for a missing OAuth scope).
    pub missing_scopes: Option<crate::error::MissingScopes>,
}

/// Reads a vendor's JSON error body.
pub type ErrorParser = fn(status: u16, headers: &HeaderMap, body: &Value) -> VendorError;

/// The default reading of a JSON error body: the usual `message`/`error`/`code` fields
/// ([`ErrorShape::DEFAULT`]).
pub fn default_error_parser(status: u16, headers: &HeaderMap, body: &Value) -> VendorError {
    ErrorShape::DEFAULT.read(status, headers, body)
}

/// Retry policy. Defaults: 3 attempts, backoff 500 ms..8 s with jitter, and a rate-limit
/// wait of at most 30 s per attempt (longer waits are reported instead of slept through).
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    pub max_attempts: usize,
    pub min_delay: Duration,
    pub max_delay: Duration,
    pub max_wait: Duration,
    pub jitter: bool,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_attempts: 3,
            min_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(8),
            max_wait: Duration::from_secs(30),
            jitter: true,
        }
    }
}

/// Settings of the upstream client.
#[derive(Debug, Clone)]
pub struct UpstreamConfig {
    /// The vendor API's base URL; `None` for a server that calls no HTTP API (a database
    /// connector) or whose base is derived per tenant ([`Upstream::for_base`]).
    pub base_url: Option<Url>,
    pub vendor: &'static str,
    pub timeout: Duration,
    pub connect_timeout: Duration,
    pub retry: RetryPolicy,
    pub max_body_bytes: usize,
    pub error_parser: ErrorParser,
    /// The vendor's error body declared; read instead of `error_parser` when set.
    pub error_shape: Option<&'static ErrorShape>,
    /// Headers sent with every request (e.g. an API version header).
    pub default_headers: Vec<(&'static str, &'static str)>,
    /// How this API takes the caller's credentials ([`Ctx::authorized`](crate::Ctx::authorized)).
    pub auth: Auth,
    /// The base URL was derived from the caller's credentials (a tenant's host or path):
    /// trace spans then name neither the host nor the base's path, which identify the tenant.
    pub(crate) tenant_base: bool,
    /// The host patterns a tenant's host must match (the declared ones and the operator's):
    /// a redirect to another origin is followed only to a host that matches them too.
    pub(crate) tenant_hosts: Option<Arc<[String]>>,
    /// The tenants' hosts may be any public host (`ANY_PUBLIC_HOST`): every address a name
    /// resolves to must then be public unless the operator allows it (the allow-list and the
    /// variable that sets it, `<SERVICE>_ALLOWED_HOSTS`).
    pub(crate) public_hosts: Option<(Vec<String>, String)>,
    /// An outbound proxy for every request of this client (besides the standard
    /// `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY`, which every client honours).
    pub proxy: Option<ProxyConfig>,
}

/// An outbound HTTP(S) proxy with optional Basic credentials (which never appear in logs).
#[derive(Debug, Clone)]
pub struct ProxyConfig {
    /// `http://host:port` (or `https://`, `socks5://` where built in).
    pub url: Url,
    pub username: Option<String>,
    pub password: Option<crate::credentials::secret::Secret>,
}

impl ProxyConfig {
    /// The proxy Klavis's variants of web-reading servers name with `PROXY_HOST`,
    /// `PROXY_PORT`, `PROXY_USERNAME`, `PROXY_PASSWORD` and `PROXY_SCHEME` (default `http`);
    /// `None` without `PROXY_HOST`. `get` reads one variable.
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Result<Option<Self>, String> {
        let Some(host) = get("PROXY_HOST").map(|h| h.trim().to_owned()) else {
            return Ok(None);
        };
        let scheme = get("PROXY_SCHEME")
            .map_or_else(|| "http".to_owned(), |s| s.trim().to_ascii_lowercase());
        if !matches!(scheme.as_str(), "http" | "https") {
            return Err(format!(
                "PROXY_SCHEME `{scheme}` is not supported: use http or https"
            ));
        }
        let port = match get("PROXY_PORT") {
            Some(p) => {
                let n: u16 = p.trim().parse().map_err(|_| {
                    format!("PROXY_PORT `{}` is not a port number (1-65535)", p.trim())
                })?;
                format!(":{n}")
            }
            None => String::new(),
        };
        let url = Url::parse(&format!("{scheme}://{host}{port}"))
            .ok()
            .filter(|u| u.host_str().is_some() && u.path() == "/" && u.username().is_empty())
            .ok_or_else(|| format!("PROXY_HOST `{host}` is not a host name or address"))?;
        Ok(Some(Self {
            url,
            username: get("PROXY_USERNAME").filter(|u| !u.is_empty()),
            password: get("PROXY_PASSWORD").map(|p| crate::credentials::secret::Secret::new(&p)),
        }))
    }

    fn reqwest(&self) -> Result<reqwest::Proxy, String> {
        let proxy = reqwest::Proxy::all(self.url.as_str())
            .map_err(|e| format!("the proxy {} cannot be used ({e})", self.url))?;
        Ok(match &self.username {
            Some(user) => proxy.basic_auth(user, self.password.as_ref().map_or("", |p| p.expose())),
            None => proxy,
        })
    }
}

impl UpstreamConfig {
    pub fn new(base_url: Url, vendor: &'static str) -> Self {
        Self::with_base(Some(base_url), vendor)
    }

    /// Settings for `vendor` with an optional base URL (none: a connector, or a tenant base
    /// set per call).
    pub fn with_base(base_url: Option<Url>, vendor: &'static str) -> Self {
        Self {
            base_url,
            vendor,
            timeout: Duration::from_secs(30),
            connect_timeout: Duration::from_secs(10),
            retry: RetryPolicy::default(),
            max_body_bytes: 20 * 1024 * 1024,
            error_parser: default_error_parser,
            error_shape: None,
            default_headers: Vec::new(),
            auth: Auth::BEARER,
            tenant_base: false,
            tenant_hosts: None,
            public_hosts: None,
            proxy: None,
        }
    }
}

/// The HTTP clients of an [`Upstream`] and every sibling and tenant client made from it: one
/// connection pool. Built on the first request (the TLS roots are read then, not before the
/// port is bound), always from the settings the pool was made with.
struct Pool {
    /// The settings of the [`Upstream::new`] that made the pool (headers, timeouts, proxy).
    cfg: UpstreamConfig,
    /// The client that follows same-origin redirects.
    client: std::sync::OnceLock<Result<reqwest::Client, String>>,
    /// The same client without following redirects (see [`Request::no_redirect`]).
    no_redirect: std::sync::OnceLock<reqwest::Client>,
}

struct Inner {
    pool: Arc<Pool>,
    cfg: UpstreamConfig,
    /// Why this client has no base URL, when it has none (a refused tenant host, a missing
    /// tenant field): every request made with it fails with this error, before sending.
    base_error: Option<ToolError>,
}

/// The shared upstream client. Clone it freely: clones share one connection pool.
#[derive(Clone)]
pub struct Upstream {
    inner: Arc<Inner>,
}

/// A header every request of a server carries (`ServerSpec::default_headers`): the name in
/// any case (`CB-VERSION`), a clear error for a name or value HTTP does not allow.
pub fn default_header(name: &str, value: &str) -> Result<(HeaderName, HeaderValue), String> {
    let n = HeaderName::from_bytes(name.to_ascii_lowercase().as_bytes())
        .map_err(|_| format!("default header `{name}` is not a valid HTTP header name"))?;
    let v = HeaderValue::from_str(value)
        .map_err(|_| format!("default header `{name}` has a value HTTP does not allow"))?;
    Ok((n, v))
}

/// The settings every client of a server shares (redirect policy aside).
fn client_builder(cfg: &UpstreamConfig) -> Result<reqwest::ClientBuilder, String> {
    let mut headers = HeaderMap::new();
    // Checked when the server is built ([`default_header`]); a name in capitals is fine.
    for (k, v) in &cfg.default_headers {
        if let Ok((name, value)) = default_header(k, v) {
            headers.insert(name, value);
        }
    }
    let b = reqwest::Client::builder()
        .user_agent(concat!("mcp-servers-rs/", env!("CARGO_PKG_VERSION")))
        .default_headers(headers)
        // A `Referer` would carry the previous URL, whose query may hold a key.
        .referer(false)
        .timeout(cfg.timeout)
        .connect_timeout(cfg.connect_timeout)
        .pool_idle_timeout(Duration::from_secs(90));
    let b = match &cfg.public_hosts {
        Some((allow, var)) => b.dns_resolver(fetch::public_resolver(allow, var)),
        None => b,
    };
    Ok(match &cfg.proxy {
        Some(p) => b.proxy(p.reqwest()?),
        None => b,
    })
}

pub use crate::tls::install_crypto_provider;

/// How many redirects one request follows at most, same-origin and credential-free hops
/// together.
const MAX_REDIRECTS: usize = 5;

/// reqwest follows a redirect only on the origin the request was sent to (scheme, host and
/// port), where every header it carries belongs. A redirect to another origin stops there and
/// comes back as the 3xx response: [`Request::send_raw`] refuses it, or follows it without any
/// of the request's credentials where that is safe (see `redirect.rs`).
fn same_origin_redirects() -> reqwest::redirect::Policy {
    reqwest::redirect::Policy::custom(|attempt| {
        let hops = attempt.previous().len();
        let same = attempt
            .previous()
            .first()
            .is_some_and(|first| first.origin() == attempt.url().origin());
        if hops > MAX_REDIRECTS {
            attempt.error(format!("more than {MAX_REDIRECTS} redirects"))
        } else if same {
            attempt.follow()
        } else {
            attempt.stop()
        }
    })
}

impl Upstream {
    /// A client for `cfg`. Its settings (headers, proxy) are checked here, so that a bad one
    /// stops the server at start; the client itself is built on the first request.
    pub fn new(cfg: UpstreamConfig) -> Result<Self, String> {
        // Cheap (no file is read); other clients of the process (OAuth, telemetry) need it too.
        install_crypto_provider();
        let _checked = client_builder(&cfg)?;
        Ok(Self {
            inner: Arc::new(Inner {
                pool: Arc::new(Pool {
                    cfg: cfg.clone(),
                    client: std::sync::OnceLock::new(),
                    no_redirect: std::sync::OnceLock::new(),
                }),
                cfg,
                base_error: None,
            }),
        })
    }

    /// The client that follows same-origin redirects, built on first use.
    fn client(&self) -> Result<&reqwest::Client, ToolError> {
        let pool = &self.inner.pool;
        pool.client
            .get_or_init(|| {
                client_builder(&pool.cfg)?
                    .redirect(same_origin_redirects())
                    .build()
                    .map_err(|e| format!("cannot build the HTTP client: {e}"))
            })
            .as_ref()
            .map_err(|e| {
                ToolError::new(ErrorKind::Transport, format!("{e}."))
                    .with_hint("check the server's proxy settings and TLS certificates (SSL_CERT_FILE, SSL_CERT_DIR).")
            })
    }

    /// The client for [`Request::no_redirect`] requests.
    fn no_redirect_client(&self) -> Result<&reqwest::Client, ToolError> {
        let main = self.client()?;
        let pool = &self.inner.pool;
        Ok(pool.no_redirect.get_or_init(|| {
            client_builder(&pool.cfg)
                .and_then(|b| {
                    b.redirect(reqwest::redirect::Policy::none())
                        .build()
                        .map_err(|e| e.to_string())
                })
                // The same settings built the main client; should this ever fail, a
                // redirect is followed rather than the call failing.
                .unwrap_or_else(|_| main.clone())
        }))
    }

    /// Another API (another base URL and vendor name) on this client's connection pool.
    pub fn sibling(&self, cfg: UpstreamConfig) -> Self {
        self.sharing_pool(cfg, None)
    }

    /// This client with another base URL (one tenant's host), or with none and the reason,
    /// which every request made with it then fails with before anything is sent.
    pub fn for_base(&self, base: Result<Url, ToolError>) -> Self {
        let mut cfg = self.inner.cfg.clone();
        let base_error = match base {
            Ok(url) => {
                cfg.base_url = Some(url);
                None
            }
            Err(e) => {
                cfg.base_url = None;
                Some(e)
            }
        };
        self.sharing_pool(cfg, base_error)
    }

    /// [`Upstream::for_base`] with a base derived from the caller's credentials, whose host
    /// had to match `hosts` (a redirect to another origin must match them too).
    pub(crate) fn for_tenant_base(
        &self,
        base: Result<Url, ToolError>,
        hosts: Arc<[String]>,
    ) -> Self {
        let mut up = self.for_base(base);
        if let Some(inner) = Arc::get_mut(&mut up.inner) {
            inner.cfg.tenant_base = true;
            inner.cfg.tenant_hosts = Some(hosts);
        }
        up
    }

    fn sharing_pool(&self, cfg: UpstreamConfig, base_error: Option<ToolError>) -> Self {
        Self {
            inner: Arc::new(Inner {
                pool: self.inner.pool.clone(),
                cfg,
                base_error,
            }),
        }
    }

    pub fn config(&self) -> &UpstreamConfig {
        &self.inner.cfg
    }

    /// The base URL requests are relative to (`None` for a server without an HTTP API).
    pub fn base_url(&self) -> Option<&Url> {
        self.inner.cfg.base_url.as_ref()
    }

    /// A request to `path` relative to the base URL (`/repos/a/b` or `repos/a/b`). An absolute
    /// URL is accepted only on the base URL's origin (e.g. a `Link: rel="next"` URL), so
    /// credentials never go to another host.
    pub fn request(&self, method: Method, path: &str) -> Request {
        Request::new(self.clone(), method, self.resolve(path), false)
    }

    /// A request to an absolute URL on another origin that needs no credentials, such as a
    /// pre-signed upload URL the vendor handed out. Credentials cannot be added to it.
    pub fn external(&self, method: Method, url: &str) -> Request {
        let url = Url::parse(url)
            .map_err(|e| ToolError::transport(format!("the vendor gave an invalid URL ({e})")))
            .and_then(|u| {
                if matches!(u.scheme(), "http" | "https") {
                    Ok(u)
                } else {
                    Err(ToolError::transport(format!(
                        "the vendor gave a non-HTTP URL: {u}"
                    )))
                }
            });
        Request::new(self.clone(), method, url, true)
    }

    /// Why every request of this client fails before anything is sent, if it does.
    pub(crate) fn base_error(&self) -> Option<&ToolError> {
        self.inner.base_error.as_ref()
    }

    fn resolve(&self, path: &str) -> Result<Url, ToolError> {
        if let Some(e) = &self.inner.base_error {
            return Err(e.clone());
        }
        let base = self.inner.cfg.base_url.as_ref().ok_or_else(|| {
            ToolError::transport(format!(
                "this server calls no HTTP API of {}; the tool cannot make a request",
                self.inner.cfg.vendor
            ))
        })?;
        if path.starts_with("http://") || path.starts_with("https://") {
            let url = Url::parse(path)
                .map_err(|e| ToolError::invalid_input(format!("invalid URL {path}: {e}")))?;
            if url.origin() != base.origin() {
                return Err(ToolError::invalid_input(format!(
                    "refusing to send credentials to {}, which is not the configured API origin",
                    url.origin().ascii_serialization()
                )));
            }
            return Ok(url);
        }
        let route = path.split('?').next().unwrap_or(path);
        if route.split('/').any(is_dot_segment) {
            // `/repos/../user` would be normalised into another endpoint than the tool meant.
            return Err(ToolError::invalid_input(format!(
                "`.` and `..` are not valid names in a request path ({route})"
            )));
        }
        let mut url = base.clone();
        let joined = format!(
            "{}/{}",
            base.path().trim_end_matches('/'),
            path.trim_start_matches('/')
        );
        let (p, q) = match joined.split_once('?') {
            Some((p, q)) => (p.to_owned(), Some(q.to_owned())),
            None => (joined, None),
        };
        url.set_path(&p);
        url.set_query(q.as_deref());
        Ok(url)
    }
}

mod errors;
pub use errors::{Details, ErrorShape};
pub mod fetch;
pub mod graphql;
pub mod pagination;
mod redirect;
pub use redirect::host_matches;
mod request;
mod response;
mod retry;

use request::{Body, is_dot_segment};
pub use request::{FormPart, Request, RetryWhen, seg, seg_id, seg_path};

pub use response::{Response, parse_link_header, parse_retry_after, query_param};

#[cfg(test)]
mod tests {
    use super::response::reset_to_wait;
    use super::*;
    use std::time::SystemTime;

    #[test]
    fn retry_after_forms() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        assert_eq!(parse_retry_after("3", now), Some(Duration::from_secs(3)));
        let later = httpdate::fmt_http_date(now + Duration::from_secs(7));
        assert_eq!(parse_retry_after(&later, now), Some(Duration::from_secs(7)));
        assert_eq!(parse_retry_after("soon", now), None);
        assert_eq!(reset_to_wait(1_700_000_010.0, now), Duration::from_secs(10));
        assert_eq!(reset_to_wait(12.0, now), Duration::from_secs(12));
    }

    #[test]
    fn link_header() {
        let h = r#"<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=9>; rel="last""#;
        assert_eq!(
            parse_link_header(h, "next").as_deref(),
            Some("https://api.github.com/x?page=2")
        );
        assert_eq!(
            parse_link_header(h, "last")
                .and_then(|u| query_param(&u, "page"))
                .as_deref(),
            Some("9")
        );
        assert_eq!(parse_link_header(h, "prev"), None);
    }

    #[test]
    fn dot_segments_never_reach_the_vendor() {
        let up = Upstream::new(UpstreamConfig::new(
            Url::parse("https://api.example.com/v3").unwrap(),
            "X",
        ))
        .unwrap();
        for bad in ["/repos/../user", "/a/%2E%2e/b", "/a/./b?x=1"] {
            assert!(up.resolve(bad).is_err(), "{bad}");
        }
        assert_eq!(
            up.resolve("/repos/a/b?x=1").unwrap().as_str(),
            "https://api.example.com/v3/repos/a/b?x=1"
        );
        assert_eq!(
            seg_path("/docs/a b/c.md", "path").unwrap(),
            "docs/a%20b/c.md"
        );
        assert!(seg_path("a/../b", "path").is_err());
        assert_eq!(seg_path("", "path").unwrap(), "");
    }

    #[test]
    fn segments_are_encoded() {
        assert_eq!(seg("a b/c"), "a%20b%2Fc");
        assert_eq!(seg("my-repo_1.x"), "my-repo_1.x");
    }

    /// A spec's default header in capitals (Coinbase's `CB-VERSION`) is sent lower-cased; a
    /// name or value HTTP does not allow is an error when the server is built, not a panic.
    #[test]
    fn default_headers_in_any_case() {
        let (n, v) = default_header("CB-VERSION", "2024-10-08").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(n.as_str(), "cb-version");
        assert_eq!(v, "2024-10-08");
        assert!(default_header("bad name", "x").is_err());
        assert!(default_header("x-ok", "line\nbreak").is_err());
    }
}
