//! The one way a tool downloads a URL its caller names (a document to convert, a page to
//! read, a file to import): a guarded fetch that cannot be pointed at the server's own
//! network.
//!
//! - Only `http` and `https`.
//! - Loopback, private (RFC 1918, unique-local), link-local (where cloud metadata services
//!   live: 169.254.169.254), carrier-grade NAT, multicast, reserved and unspecified
//!   addresses are refused, for IP literals and for every address a name resolves to
//!   (checked after DNS resolution, so a public name that resolves to 10.0.0.5 is refused),
//!   on the first request and on every redirect.
//! - No proxy (a proxy would resolve the name, not us), at most 5 redirects, the server's
//!   upstream timeout, and a size cap (`MCP_FETCH_MAX_BYTES`, default 20 MiB) read as the body
//!   streams, never buffered past it.
//! - Never carries credentials: it is a separate client from the vendor's.
//! - `MCP_FETCH_ALLOW_HOSTS` (host names, `*.example.com`, IP addresses or CIDR ranges)
//!   lets an operator allow hosts on their own network (and tests, 127.0.0.1).
//!
//! A refusal is a tool error that says which address was refused and why.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use url::Url;

use crate::error::ToolError;

/// A desktop Chrome's User-Agent, for servers that read public pages as a browser does (many
/// sites, and DuckDuckGo's result pages, refuse unknown agents). The fetch sends none of its own.
pub const BROWSER_USER_AGENT: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/// Largest body fetched by default (`MCP_FETCH_MAX_BYTES`).
pub const DEFAULT_MAX_BYTES: usize = 20 * 1024 * 1024;

/// What a fetch got.
#[derive(Debug, Clone)]
pub struct Fetched {
    /// The URL the body came from (after redirects).
    pub url: Url,
    pub status: u16,
    /// The `Content-Type` header, as sent.
    pub content_type: Option<String>,
    pub body: Bytes,
}

/// The guarded client of a server (built once; cheap to clone).
#[derive(Clone)]
pub struct Fetcher {
    client: reqwest::Client,
    guard: Arc<Guard>,
    max_bytes: usize,
}

/// A server's fetcher, built on first use (most servers never fetch).
pub(crate) struct LazyFetcher {
    allow: Vec<String>,
    timeout: Duration,
    max_bytes: usize,
    cell: std::sync::OnceLock<Result<Fetcher, String>>,
}

impl LazyFetcher {
    pub(crate) fn new(allow: Vec<String>, timeout: Duration, max_bytes: usize) -> Self {
        Self {
            allow,
            timeout,
            max_bytes,
            cell: std::sync::OnceLock::new(),
        }
    }

    pub(crate) fn get(&self) -> Result<&Fetcher, ToolError> {
        self.cell
            .get_or_init(|| Fetcher::new(&self.allow, self.timeout, self.max_bytes))
            .as_ref()
            .map_err(|e| ToolError::transport(e.clone()))
    }
}

/// Why an address may not be fetched; travels as the error source through reqwest.
#[derive(Debug)]
struct Refused(String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// The operator's allow-list.
#[derive(Debug, Default)]
struct Guard {
    names: Vec<String>,
    suffixes: Vec<String>,
    nets: Vec<(IpAddr, u8)>,
    /// What is refused (`fetch`, `connect to`) and the variable that allows more, for messages.
    verb: &'static str,
    var: String,
}

impl Guard {
    fn new(allow: &[String]) -> Self {
        Self::named(allow, "fetch", "MCP_FETCH_ALLOW_HOSTS")
    }

    fn named(allow: &[String], verb: &'static str, var: &str) -> Self {
        let mut g = Guard {
            verb,
            var: var.to_owned(),
            ..Guard::default()
        };
        for a in allow.iter().map(|a| a.trim().to_ascii_lowercase()) {
            if a.is_empty() {
                continue;
            }
            if let Some(suffix) = a.strip_prefix("*.") {
                g.suffixes.push(format!(".{suffix}"));
            } else if let Some((ip, bits)) = a.split_once('/')
                && let (Ok(ip), Ok(bits)) = (ip.parse::<IpAddr>(), bits.parse::<u8>())
            {
                g.nets.push((ip, bits));
            } else if let Ok(ip) = a.trim_matches(['[', ']']).parse::<IpAddr>() {
                g.nets.push((ip, if ip.is_ipv4() { 32 } else { 128 }));
            } else {
                g.names.push(a);
            }
        }
        g
    }

    fn allows_name(&self, host: &str) -> bool {
        let host = host.trim_end_matches('.').to_ascii_lowercase();
        self.names.contains(&host) || self.suffixes.iter().any(|s| host.ends_with(s))
    }

    fn allows_ip(&self, ip: IpAddr) -> bool {
        self.nets.iter().any(|(net, bits)| in_net(ip, *net, *bits))
    }

    /// Why `ip` (of `host`) may not be fetched, if it may not.
    fn refusal(&self, host: &str, ip: IpAddr) -> Option<String> {
        if self.allows_ip(ip) {
            return None;
        }
        let why = blocked(ip)?;
        let shown = if host.trim_matches(['[', ']']) == ip.to_string() {
            format!("{ip}")
        } else {
            format!("{host} ({ip})")
        };
        Some(format!(
            "refused to {} {shown}: it is {why}, not a public internet address; an operator can allow it with {}",
            self.verb, self.var
        ))
    }
}

fn in_net(ip: IpAddr, net: IpAddr, bits: u8) -> bool {
    match (ip, net) {
        (IpAddr::V4(a), IpAddr::V4(n)) => {
            let bits = u32::from(bits.min(32));
            let mask = u32::MAX.checked_shl(32 - bits).unwrap_or(0);
            u32::from(a) & mask == u32::from(n) & mask
        }
        (IpAddr::V6(a), IpAddr::V6(n)) => {
            let bits = u32::from(bits.min(128));
            let mask = u128::MAX.checked_shl(128 - bits).unwrap_or(0);
            u128::from(a) & mask == u128::from(n) & mask
        }
        _ => false,
    }
}

/// What kind of non-public address `ip` is, if it is one.
pub fn blocked(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => blocked_v4(v4),
        IpAddr::V6(v6) => blocked_v6(v6),
    }
}

fn blocked_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let [a, b, c, _] = ip.octets();
    Some(match (a, b, c) {
        _ if ip.is_loopback() => "a loopback address",
        _ if ip.is_private() => "a private network address",
        _ if ip.is_link_local() => "a link-local address (cloud metadata services live there)",
        _ if ip.is_unspecified() || a == 0 => "an unspecified address",
        _ if ip.is_broadcast() => "the broadcast address",
        _ if ip.is_multicast() => "a multicast address",
        (100, 64..=127, _) => "a carrier-grade NAT address",
        (192, 0, 0) => "an IETF protocol address",
        (198, 18..=19, _) => "a benchmarking address",
        (192, 0, 2) | (198, 51, 100) | (203, 0, 113) => "a documentation address",
        (240..=255, _, _) => "a reserved address",
        _ => return None,
    })
}

fn blocked_v6(ip: Ipv6Addr) -> Option<&'static str> {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return blocked_v4(v4);
    }
    let seg = ip.segments();
    // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address.
    if seg[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        let [a, b] = seg[6].to_be_bytes();
        let [c, d] = seg[7].to_be_bytes();
        return blocked_v4(Ipv4Addr::new(a, b, c, d));
    }
    if seg[0] == 0x2002 {
        let [a, b] = seg[1].to_be_bytes();
        let [c, d] = seg[2].to_be_bytes();
        return blocked_v4(Ipv4Addr::new(a, b, c, d));
    }
    Some(match seg[0] {
        _ if ip.is_loopback() => "a loopback address",
        _ if ip.is_unspecified() => "an unspecified address",
        _ if ip.is_multicast() => "a multicast address",
        s if s & 0xfe00 == 0xfc00 => "a unique-local (private) address",
        s if s & 0xffc0 == 0xfe80 => "a link-local address",
        s if s & 0xffc0 == 0xfec0 => "a site-local (private) address",
        0x2001 if seg[1] == 0x0db8 => "a documentation address",
        // ::/96 (IPv4-compatible, deprecated) and other reserved space below 2000::/3.
        s if s & 0xe000 != 0x2000 => "a reserved address",
        _ => return None,
    })
}

/// The resolver of the guarded client: the system's, then every address checked.
pub(crate) struct Resolver(Arc<Guard>);

impl reqwest::dns::Resolve for Resolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let guard = self.0.clone();
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await
                .map_err(|e| Box::new(Refused(format!("cannot resolve {host}: {e}"))))?
                .collect();
            if !guard.allows_name(&host) {
                // One non-public address refuses the name (no mixing public and private
                // answers to slip past).
                if let Some(why) = addrs.iter().find_map(|a| guard.refusal(&host, a.ip())) {
                    return Err(Box::new(Refused(why)) as Box<dyn std::error::Error + Send + Sync>);
                }
            }
            if addrs.is_empty() {
                return Err(Box::new(Refused(format!("{host} has no address"))) as _);
            }
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// The resolver of a vendor client whose hosts come from tenants' credentials and may be any
/// public host (a self-hosted store, a customer's mail server): every address a name
/// resolves to must be public unless the operator's `var` (`<SERVICE>_ALLOWED_HOSTS`) allows
/// the name or the address.
pub(crate) fn public_resolver(allow: &[String], var: &str) -> Arc<Resolver> {
    Arc::new(Resolver(Arc::new(Guard::named(allow, "connect to", var))))
}

/// The addresses of `host:port` for a protocol that is not HTTP (IMAP, SMTP, a database), when
/// the host comes from a tenant's credentials: all of them public (after DNS resolution), or
/// allowed by the operator's `var` (`<SERVICE>_ALLOWED_HOSTS`: names, `*.example.com`, IP
/// addresses, CIDR ranges). Connect to the addresses returned, never to the name again.
pub async fn resolve_public(
    host: &str,
    port: u16,
    allow: &[String],
    var: &str,
) -> Result<Vec<SocketAddr>, ToolError> {
    let guard = Guard::named(allow, "connect to", var);
    let bare = host.trim_matches(['[', ']']);
    let addrs: Vec<SocketAddr> = match bare.parse::<IpAddr>() {
        Ok(ip) => vec![SocketAddr::new(ip, port)],
        Err(_) => tokio::net::lookup_host((bare, port))
            .await
            .map_err(|e| ToolError::transport(format!("cannot resolve {bare}: {e}")))?
            .collect(),
    };
    if !guard.allows_name(bare)
        && let Some(why) = addrs.iter().find_map(|a| guard.refusal(bare, a.ip()))
    {
        return Err(ToolError::invalid_input(format!(
            "{why}. Nothing was sent."
        )));
    }
    if addrs.is_empty() {
        return Err(ToolError::transport(format!("{bare} has no address")));
    }
    Ok(addrs)
}

impl Guard {
    /// Check a URL before it is requested (the first one and every redirect): the scheme,
    /// and an IP-literal host (names are checked by the resolver).
    fn check_url(&self, url: &Url) -> Result<(), String> {
        if !matches!(url.scheme(), "http" | "https") {
            return Err(format!(
                "refused to fetch {}: only http and https URLs can be fetched",
                redact(url)
            ));
        }
        let ip = match url.host() {
            None => {
                return Err(format!(
                    "refused to fetch {}: it names no host",
                    redact(url)
                ));
            }
            Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip),
            Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip),
            Some(url::Host::Domain(_)) => return Ok(()),
        };
        match self.refusal(&ip.to_string(), ip) {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }
}

/// A URL as shown in messages: without user information or query (either may hold a secret).
fn redact(url: &Url) -> String {
    let mut u = url.clone();
    let _ = u.set_username("");
    let _ = u.set_password(None);
    u.set_query(None);
    u.set_fragment(None);
    u.to_string()
}

impl Fetcher {
    /// `allow`: the operator's `MCP_FETCH_ALLOW_HOSTS`.
    pub fn new(allow: &[String], timeout: Duration, max_bytes: usize) -> Result<Self, String> {
        crate::tls::install_crypto_provider();
        let guard = Arc::new(Guard::new(allow));
        let redirect_guard = guard.clone();
        let client = reqwest::Client::builder()
            .user_agent(concat!("mcp-servers-rs/", env!("CARGO_PKG_VERSION")))
            .no_proxy()
            .timeout(timeout)
            .connect_timeout(timeout.min(Duration::from_secs(10)))
            .dns_resolver(Resolver(guard.clone()))
            .redirect(reqwest::redirect::Policy::custom(move |attempt| {
                if attempt.previous().len() >= 5 {
                    return attempt.error(Refused(
                        "refused to follow more than 5 redirects".to_owned(),
                    ));
                }
                match redirect_guard.check_url(attempt.url()) {
                    Ok(()) => attempt.follow(),
                    Err(why) => attempt.error(Refused(why)),
                }
            }))
            .build()
            .map_err(|e| format!("cannot build the HTTP client for fetching URLs: {e}"))?;
        Ok(Self {
            client,
            guard,
            max_bytes,
        })
    }

    /// GET `url`. A status other than 2xx is an error that gives the status; the body is
    /// capped at the size limit.
    pub async fn get(&self, url: &str) -> Result<Fetched, ToolError> {
        self.get_with_headers(url, &[]).await
    }

    /// [`Fetcher::get`] with request headers a caller chose (a `User-Agent`, an `Accept`):
    /// hop-by-hop headers, `Host`, `Content-Length` and proxy headers are dropped (they
    /// belong to the connection, not to the caller); a name or value HTTP does not allow is
    /// an error that names it.
    pub async fn get_with_headers(
        &self,
        url: &str,
        headers: &[(String, String)],
    ) -> Result<Fetched, ToolError> {
        let headers = caller_headers(headers)?;
        let url = Url::parse(url.trim()).map_err(|e| {
            ToolError::invalid_input(format!(
                "`{url}` is not a valid URL ({e}); give an absolute http(s) URL"
            ))
        })?;
        self.guard
            .check_url(&url)
            .map_err(ToolError::invalid_input)?;
        let shown = redact(&url);
        let mut resp = self
            .client
            .get(url)
            .headers(headers)
            .send()
            .await
            .map_err(|e| failure(&shown, &e))?;
        let status = resp.status().as_u16();
        let final_url = resp.url().clone();
        if !resp.status().is_success() {
            return Err(ToolError::new(
                crate::error::ErrorKind::Upstream,
                format!("fetching {} failed: HTTP {status}", redact(&final_url)),
            )
            .with_status(status));
        }
        let content_type = resp
            .headers()
            .get(http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let too_big = || {
            ToolError::invalid_input(format!(
                "{} is larger than {} bytes, the most this server fetches (MCP_FETCH_MAX_BYTES)",
                redact(&final_url),
                self.max_bytes
            ))
        };
        if resp
            .content_length()
            .is_some_and(|n| n > self.max_bytes as u64)
        {
            return Err(too_big());
        }
        let mut body = BytesMut::new();
        while let Some(chunk) = resp.chunk().await.map_err(|e| failure(&shown, &e))? {
            if body.len() + chunk.len() > self.max_bytes {
                return Err(too_big());
            }
            body.extend_from_slice(&chunk);
        }
        Ok(Fetched {
            url: final_url,
            status,
            content_type,
            body: body.freeze(),
        })
    }
}

/// Headers that belong to the connection, not to a caller.
const CONNECTION_HEADERS: &[&str] = &[
    "host",
    "connection",
    "keep-alive",
    "proxy-connection",
    "proxy-authorization",
    "proxy-authenticate",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    "content-length",
];

fn caller_headers(headers: &[(String, String)]) -> Result<http::HeaderMap, ToolError> {
    let mut out = http::HeaderMap::new();
    for (name, value) in headers {
        let lower = name.trim().to_ascii_lowercase();
        if CONNECTION_HEADERS.contains(&lower.as_str()) {
            continue;
        }
        let n = http::HeaderName::from_bytes(lower.as_bytes()).map_err(|_| {
            ToolError::invalid_input(format!("`{name}` is not a valid HTTP header name"))
        })?;
        let v = http::HeaderValue::from_str(value).map_err(|_| {
            ToolError::invalid_input(format!(
                "the value of the header `{name}` has characters HTTP does not allow (a line break, a control character)"
            ))
        })?;
        out.insert(n, v);
    }
    Ok(out)
}

/// A failed fetch as a tool error: the guard's refusal when that was the cause, else what
/// went wrong in words.
fn failure(shown: &str, e: &reqwest::Error) -> ToolError {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(s) = source {
        if let Some(r) = s.downcast_ref::<Refused>() {
            return ToolError::invalid_input(r.0.clone());
        }
        source = s.source();
    }
    let what = if e.is_timeout() {
        "it took too long".to_owned()
    } else if e.is_connect() {
        "the host could not be reached".to_owned()
    } else if e.is_redirect() {
        "it redirected too often".to_owned()
    } else {
        "the connection failed".to_owned()
    };
    ToolError::transport(format!("fetching {shown} failed: {what}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn non_public_addresses_are_blocked() {
        for a in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.100.100.200",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "240.0.0.1",
            "::1",
            "::",
            "fd00:ec2::254",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "2002:a00:1::",
            "ff02::1",
        ] {
            assert!(blocked(ip(a)).is_some(), "{a} should be blocked");
        }
        for a in [
            "1.1.1.1",
            "8.8.8.8",
            "93.184.216.34",
            "2606:4700:4700::1111",
            "::ffff:1.1.1.1",
            "64:ff9b::101:101",
        ] {
            assert_eq!(blocked(ip(a)), None, "{a} is public");
        }
    }

    #[test]
    fn the_allow_list_takes_names_suffixes_addresses_and_ranges() {
        let g = Guard::new(&[
            "Intranet.example".into(),
            "*.corp.example".into(),
            "127.0.0.1".into(),
            "10.0.0.0/8".into(),
            "[::1]".into(),
        ]);
        assert!(g.allows_name("intranet.example"));
        assert!(g.allows_name("a.b.corp.example."));
        assert!(!g.allows_name("corp.example.evil"));
        assert!(g.allows_ip(ip("127.0.0.1")) && g.allows_ip(ip("10.200.0.1")));
        assert!(g.allows_ip(ip("::1")));
        assert!(!g.allows_ip(ip("127.0.0.2")) && !g.allows_ip(ip("192.168.0.1")));
        assert_eq!(g.refusal("x", ip("10.9.9.9")), None);
        let why = g
            .refusal("metadata.internal", ip("169.254.169.254"))
            .unwrap();
        assert!(
            why.contains("metadata.internal (169.254.169.254)") && why.contains("link-local"),
            "{why}"
        );
    }

    #[test]
    fn urls_are_checked_before_any_request() {
        let g = Guard::new(&[]);
        let check = |u: &str| g.check_url(&Url::parse(u).unwrap());
        assert!(check("https://example.com/a").is_ok());
        let e = check("file:///etc/passwd").unwrap_err();
        assert!(e.contains("only http and https"), "{e}");
        let e = check("http://user:pw@[::1]:8080/x?token=t").unwrap_err();
        assert!(
            e.contains("::1")
                && e.contains("loopback")
                && !e.contains("pw")
                && !e.contains("token"),
            "{e}"
        );
    }
}
