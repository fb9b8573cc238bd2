//! Tenant hosts: base URLs derived from each request's credentials (Freshdesk's `{domain}`,
//! Salesforce's `instance_url`, Shopify's shop, Atlassian's cloud id), checked against the
//! host patterns the vendor's hosts follow before any request is made.
//!
//! A host that comes from a tenant is a server-side request forgery vector: a derived host
//! outside the declared patterns (and the operator's `<SERVICE>_ALLOWED_HOSTS`) is refused with
//! a clear error, and no request, and so no credential, ever goes to it.

pub use crate::upstream::host_matches;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use futures::future::BoxFuture;
use url::Url;

use crate::call::context::Ctx;
use crate::error::{ErrorKind, ToolError};

/// Fills template fields the credentials lack by asking the vendor (Atlassian's
/// `accessible-resources` for the cloud id) or by computing them (Mailchimp's data centre
/// from the key's suffix). Returns `(field, value)` pairs; cached per credential object.
pub type Derive = fn(Ctx) -> BoxFuture<'static, Result<Vec<(String, String)>, ToolError>>;

/// A host pattern for vendors whose tenants run their own hosts (a self-hosted WooCommerce
/// store): any host name, over https, whose addresses are all public internet addresses
/// (checked after DNS resolution, for every connection), unless the operator's
/// `<SERVICE>_ALLOWED_HOSTS` names it (then plain http is allowed too). IP literals and
/// `localhost` names that are not public are refused before any request.
pub const ANY_PUBLIC_HOST: &str = "*";

/// One way to build a tenant's base URL.
#[derive(Debug, Clone, Copy)]
pub struct TenantUrl {
    /// The URL with `{field}` placeholders naming credential fields (`{a|b}`: the first
    /// present). A placeholder at the start is a whole origin (`{instance_url}/services/...`);
    /// one in the host is part of a host name (`https://{domain}.freshdesk.com/api/v2`); one
    /// in the path is one encoded path segment (`/ex/jira/{cloud_id}`).
    pub template: &'static str,
    /// Host patterns the result must match when its host comes from the tenant:
    /// `*.freshdesk.com` (any subdomain) or an exact host.
    pub hosts: &'static [&'static str],
    /// Fills fields the credentials lack; without it such a template is skipped.
    pub derive: Option<Derive>,
    /// Credential fields this template also needs to be chosen (Atlassian's site URL is for
    /// API tokens: `&["api_token"]`).
    pub requires: &'static [&'static str],
}

/// Where a server's vendor API lives.
#[derive(Debug, Clone, Copy)]
pub enum Base {
    /// One host for every tenant (`<SERVICE>_API_BASE_URL` overrides it).
    Fixed(&'static str),
    /// Derived per request from the credentials: the first template whose fields the
    /// request has (directly, or through its `derive`) is used.
    Tenant(&'static [TenantUrl]),
    /// No HTTP API (a database, a TCP protocol, bundled data).
    None,
}

impl Base {
    /// The fixed URL, if this base is one.
    pub fn fixed(&self) -> Option<&'static str> {
        match self {
            Base::Fixed(u) => Some(u),
            _ => None,
        }
    }
}

/// How long a derived field (a looked-up cloud id) is kept, and how many are kept at most.
const DERIVED_TTL: Duration = Duration::from_secs(15 * 60);
const DERIVED_MAX: usize = 1024;

/// Derived fields by credential object, for one template.
type DerivedCache = Mutex<HashMap<String, (Instant, Vec<(String, String)>)>>;

/// The process's resolver of tenant base URLs.
pub(crate) struct Resolver {
    vendor: &'static str,
    /// The variable that widens the host patterns (for messages).
    allow_var: String,
    templates: Vec<(TenantUrl, Template)>,
    /// Host patterns the operator added (`<SERVICE>_ALLOWED_HOSTS`); these may use http.
    operator_hosts: Vec<String>,
    /// Every pattern a tenant's host may match, declared and the operator's.
    all_hosts: std::sync::Arc<[String]>,
    derived: Vec<DerivedCache>,
}

impl Resolver {
    /// `override_url` is the operator's `<SERVICE>_API_BASE_URL`: a template of its own (with
    /// or without placeholders) that replaces the declared ones; its literal host is trusted.
    pub(crate) fn new(
        vendor: &'static str,
        allow_var: String,
        declared: &'static [TenantUrl],
        override_url: Option<&str>,
        operator_hosts: Vec<String>,
    ) -> Result<Self, String> {
        let templates = match override_url {
            None => declared.to_vec(),
            Some(u) => {
                // The override keeps the declared host patterns and derive step.
                let leaked: &'static str = Box::leak(u.to_owned().into_boxed_str());
                vec![TenantUrl {
                    template: leaked,
                    hosts: declared.first().map(|t| t.hosts).unwrap_or(&[]),
                    derive: declared.iter().find_map(|t| t.derive),
                    requires: &[],
                }]
            }
        };
        if templates.is_empty() {
            return Err(format!(
                "{vendor}: a tenant base needs at least one URL template"
            ));
        }
        let templates = templates
            .into_iter()
            .map(|t| {
                Template::parse(t.template)
                    .map(|tpl| (t, tpl))
                    .map_err(|e| format!("{vendor} base URL template `{}`: {e}", t.template))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let derived = templates.iter().map(|_| Mutex::default()).collect();
        let all_hosts = templates
            .iter()
            .flat_map(|(t, _)| t.hosts.iter().map(|h| (*h).to_owned()))
            .chain(operator_hosts.iter().cloned())
            .collect();
        Ok(Self {
            vendor,
            allow_var,
            templates,
            operator_hosts,
            all_hosts,
            derived,
        })
    }

    /// Every host pattern a tenant's host may match (the declared ones and the operator's).
    pub(crate) fn host_patterns(&self) -> std::sync::Arc<[String]> {
        self.all_hosts.clone()
    }

    /// This call's base URL, or why there is none (a missing field, a refused host).
    pub(crate) async fn resolve(&self, ctx: &Ctx) -> Result<Url, ToolError> {
        let creds = ctx.credentials();
        let field = |names: &[&str]| -> Option<String> {
            let c = creds?;
            names.iter().find_map(|n| {
                c.field(n)
                    .and_then(|v| match v {
                        serde_json::Value::String(s) => Some(s.trim().to_owned()),
                        serde_json::Value::Number(n) => Some(n.to_string()),
                        _ => None,
                    })
                    .filter(|s| !s.is_empty())
            })
        };
        if creds.is_none() {
            // No credentials at all: say what the vendor's auth needs, not a host field.
            let fields = ctx.service.auth.fields();
            let names: &[&str] = fields.first().copied().unwrap_or(&["access_token"]);
            return Err(ctx.missing_field(names.first().copied().unwrap_or("access_token"), names));
        }
        let mut first_missing: Option<Vec<&str>> = None;
        for (i, (t, tpl)) in self.templates.iter().enumerate() {
            if let Some(r) = t.requires.iter().find(|r| field(&[r]).is_none()) {
                if first_missing.is_none() {
                    first_missing = Some(vec![r]);
                }
                continue;
            }
            let lacking: Vec<&Placeholder> = tpl
                .placeholders()
                .filter(|p| field(&p.names).is_none())
                .collect();
            if lacking.is_empty() {
                return self.build(t, tpl, &|names| field(names));
            }
            if first_missing.is_none() {
                first_missing = Some(lacking[0].names.clone());
            }
            let Some(derive) = t.derive else {
                continue;
            };
            let Some(creds) = creds else {
                continue;
            };
            let key = creds.fingerprint();
            let cached = self.cached(i, &key);
            let extra = match cached {
                Some(v) => v,
                None => {
                    let v = derive(ctx.clone()).await?;
                    self.remember(i, key, v.clone());
                    v
                }
            };
            let lookup = |names: &[&str]| -> Option<String> {
                field(names).or_else(|| {
                    names
                        .iter()
                        .find_map(|n| extra.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone()))
                })
            };
            if tpl.placeholders().all(|p| lookup(&p.names).is_some()) {
                return self.build(t, tpl, &lookup);
            }
        }
        let names = first_missing.unwrap_or_default();
        let path = names.first().copied().unwrap_or("credentials");
        Err(ctx.missing_field(path, &names))
    }

    fn cached(&self, i: usize, key: &str) -> Option<Vec<(String, String)>> {
        let map = self.derived[i].lock().ok()?;
        map.get(key)
            .filter(|(at, _)| at.elapsed() < DERIVED_TTL)
            .map(|(_, v)| v.clone())
    }

    fn remember(&self, i: usize, key: String, v: Vec<(String, String)>) {
        if let Ok(mut map) = self.derived[i].lock() {
            map.retain(|_, (at, _)| at.elapsed() < DERIVED_TTL);
            if map.len() >= DERIVED_MAX
                && let Some(oldest) = map
                    .iter()
                    .min_by_key(|(_, (at, _))| *at)
                    .map(|(k, _)| k.clone())
            {
                map.remove(&oldest);
            }
            map.insert(key, (Instant::now(), v));
        }
    }

    fn build(
        &self,
        t: &TenantUrl,
        tpl: &Template,
        value: &dyn Fn(&[&str]) -> Option<String>,
    ) -> Result<Url, ToolError> {
        let vendor = self.vendor;
        let mut out = String::new();
        for piece in &tpl.pieces {
            match piece {
                Piece::Text(s) => out.push_str(s),
                Piece::Field(p) => {
                    let v = value(&p.names).unwrap_or_default();
                    let name = p.names.first().copied().unwrap_or("field");
                    out.push_str(&fill(p, &v).map_err(|why| {
                        ToolError::new(
                            ErrorKind::InvalidInput,
                            format!("The {vendor} credential field `{name}` is not usable: {why}. No request was made."),
                        )
                        .with_hint(format!("send `{name}` as the vendor writes it, e.g. in the x-auth-data header."))
                    })?);
                }
            }
        }
        let url = Url::parse(&out).map_err(|e| {
            ToolError::invalid_input(format!(
                "The {vendor} API URL built from the credentials is not valid ({e}). No request was made."
            ))
        })?;
        let host = url.host_str().unwrap_or_default().to_ascii_lowercase();
        let by_operator = self.operator_hosts.iter().any(|p| host_matches(p, &host));
        let declared = t.hosts.iter().any(|p| host_matches(p, &host));
        if tpl.host_from_tenant
            && declared
            && !by_operator
            && t.hosts.contains(&ANY_PUBLIC_HOST)
            && !t
                .hosts
                .iter()
                .any(|p| *p != ANY_PUBLIC_HOST && host_matches(p, &host))
            && let Some(why) = not_public(&host)
        {
            return Err(ToolError::new(
                ErrorKind::InvalidInput,
                format!(
                    "Refusing the host `{host}` named by this call's credentials: it is {why}, not a public internet host. No request was made and no credentials were sent."
                ),
            )
            .with_hint(format!(
                "an operator can allow hosts on their own network with {}.",
                self.allow_var
            )));
        }
        if tpl.host_from_tenant && !(declared || by_operator) {
            let expected = if t.hosts.is_empty() {
                "none declared".to_owned()
            } else {
                t.hosts.join(", ")
            };
            return Err(ToolError::new(
                ErrorKind::InvalidInput,
                format!(
                    "Refusing the host `{host}` named by this call's credentials: it is not a {vendor} host (expected {expected}). No request was made and no credentials were sent."
                ),
            )
            .with_hint(format!(
                "check the credential fields that name the {vendor} site; an operator can allow more hosts with {}.",
                self.allow_var
            )));
        }
        if tpl.host_from_tenant && url.scheme() != "https" && !by_operator {
            return Err(ToolError::invalid_input(format!(
                "Refusing `{}://{host}` from this call's credentials: {vendor} is only called over https. No request was made.",
                url.scheme()
            )));
        }
        Ok(url)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Position {
    /// The whole origin (`{instance_url}/services/...`).
    Origin,
    /// Part of the host name (`{domain}.freshdesk.com`).
    Host,
    /// One path segment.
    Path,
}

#[derive(Debug, Clone)]
struct Placeholder {
    names: Vec<&'static str>,
    position: Position,
    /// Literal host text right before and after it (to strip when a user gives the full host).
    host_prefix: &'static str,
    host_suffix: &'static str,
}

#[derive(Debug, Clone)]
enum Piece {
    Text(&'static str),
    Field(Placeholder),
}

#[derive(Debug)]
struct Template {
    pieces: Vec<Piece>,
    host_from_tenant: bool,
}

impl Template {
    #[allow(
        clippy::string_slice,
        reason = "a server's own template, cut at indices `find` gave for ASCII `{`, `}`, `/`"
    )]
    fn parse(t: &'static str) -> Result<Self, String> {
        let host_start = t.find("://").map(|i| i + 3);
        let host_end = host_start
            .map(|s| t[s..].find('/').map(|i| s + i).unwrap_or(t.len()))
            .unwrap_or(0);
        let mut pieces = Vec::new();
        let mut rest = 0usize;
        let mut host_from_tenant = false;
        while let Some(open) = t[rest..].find('{').map(|i| rest + i) {
            let close = t[open..]
                .find('}')
                .map(|i| open + i)
                .ok_or("an unclosed `{`")?;
            if open > rest {
                pieces.push(Piece::Text(&t[rest..open]));
            }
            let names: Vec<&'static str> = t[open + 1..close]
                .split('|')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .collect();
            if names.is_empty() {
                return Err("an empty placeholder `{}`".into());
            }
            let position = if open == 0 {
                Position::Origin
            } else if host_start.is_some_and(|s| open >= s && close < host_end) {
                Position::Host
            } else if host_start.is_some_and(|_| open >= host_end) {
                Position::Path
            } else {
                return Err(
                    "a placeholder must be the whole origin, part of the host or a path segment"
                        .into(),
                );
            };
            if position != Position::Path {
                host_from_tenant = true;
            }
            let (host_prefix, host_suffix) = match (position, host_start) {
                (Position::Host, Some(s)) => (&t[s..open], &t[close + 1..host_end]),
                _ => ("", ""),
            };
            pieces.push(Piece::Field(Placeholder {
                names,
                position,
                host_prefix,
                host_suffix,
            }));
            rest = close + 1;
        }
        if rest < t.len() {
            pieces.push(Piece::Text(&t[rest..]));
        }
        if !host_from_tenant {
            let fixed = Url::parse(&t.replace(['{', '}'], "")).map_err(|e| e.to_string())?;
            if fixed.host_str().is_none() {
                return Err("no host".into());
            }
        }
        Ok(Self {
            pieces,
            host_from_tenant,
        })
    }

    fn placeholders(&self) -> impl Iterator<Item = &Placeholder> {
        self.pieces.iter().filter_map(|p| match p {
            Piece::Field(p) => Some(p),
            Piece::Text(_) => None,
        })
    }
}

/// Why a tenant's host is not a public internet host, when that can be told without DNS (an
/// IP literal in a non-public range, a `localhost` name); the resolver checks names.
fn not_public(host: &str) -> Option<&'static str> {
    let bare = host.trim_matches(['[', ']']).trim_end_matches('.');
    if bare == "localhost" || bare.ends_with(".localhost") {
        return Some("this machine (localhost)");
    }
    bare.parse::<std::net::IpAddr>()
        .ok()
        .and_then(crate::upstream::fetch::blocked)
}

/// A host name as people write it, in the form the host guard compares: lower case, without
/// a scheme (in any case), a trailing slash, the scheme's default port (`:443`, or `:80` after
/// `http://`) or the fully qualified form's trailing dot
/// (`HTTPS://ACME.atlassian.net.:443/` is `acme.atlassian.net`). Check it with
/// [`is_host_name`]: anything else (another port, a path, user info) stays in and is refused
/// there.
pub fn host_as_written(value: &str) -> String {
    let lower = value.trim().to_ascii_lowercase();
    let mut v = lower.as_str();
    let mut default_port = ":443";
    if let Some(rest) = v.strip_prefix("https://") {
        v = rest;
    } else if let Some(rest) = v.strip_prefix("http://") {
        v = rest;
        default_port = ":80";
    }
    v = v.trim_end_matches('/');
    v = v.strip_suffix(default_port).unwrap_or(v);
    v.strip_suffix('.').unwrap_or(v).to_owned()
}

/// Whether `v` is a DNS host name: letters, digits, `-` and `.`, no empty label, at most 253
/// characters.
pub fn is_host_name(v: &str) -> bool {
    !v.is_empty()
        && v.len() <= 253
        && v.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        && !v.starts_with(['.', '-'])
        && !v.ends_with(['.', '-'])
        && !v.contains("..")
}

/// The text a placeholder becomes, or why the value cannot be used there.
fn fill(p: &Placeholder, value: &str) -> Result<String, String> {
    let v = value.trim();
    match p.position {
        Position::Origin => {
            let with_scheme = if v.contains("://") {
                v.to_owned()
            } else {
                format!("https://{v}")
            };
            let u = Url::parse(&with_scheme).map_err(|e| format!("it is not a URL ({e})"))?;
            if !matches!(u.scheme(), "http" | "https") {
                return Err("it is not an http(s) URL".into());
            }
            if !u.username().is_empty() || u.password().is_some() {
                return Err("it carries a user name or password".into());
            }
            if u.query().is_some() || u.fragment().is_some() || u.path() != "/" {
                return Err("it must be the site's address only, without a path or query".into());
            }
            let host = u.host_str().ok_or("it has no host")?;
            // The fully qualified form's trailing dot names the same host.
            let host = host.strip_suffix('.').unwrap_or(host);
            Ok(match u.port() {
                Some(port) => format!("{}://{host}:{port}", u.scheme()),
                None => format!("{}://{host}", u.scheme()),
            })
        }
        Position::Host => {
            let lower = host_as_written(v);
            let mut v = lower.as_str();
            let suffix = p.host_suffix.to_ascii_lowercase();
            if !suffix.is_empty() {
                v = v.strip_suffix(suffix.as_str()).unwrap_or(v);
            }
            let prefix = p.host_prefix.to_ascii_lowercase();
            if !prefix.is_empty() {
                v = v.strip_prefix(prefix.as_str()).unwrap_or(v);
            }
            let ok = is_host_name(v);
            if !ok {
                return Err("it is not a host name (letters, digits, `-` and `.` only)".into());
            }
            Ok(v.to_owned())
        }
        Position::Path => crate::upstream::seg_id(v, p.names.first().copied().unwrap_or("field"))
            .map_err(|e| e.message)
            .and_then(|s| {
                if s == "." || s == ".." {
                    Err("`.` and `..` are not valid".into())
                } else {
                    Ok(s)
                }
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_patterns() {
        assert!(host_matches("*.freshdesk.com", "acme.freshdesk.com"));
        assert!(host_matches("*.freshdesk.com", "a.b.freshdesk.com"));
        assert!(!host_matches("*.freshdesk.com", "freshdesk.com"));
        assert!(!host_matches("*.freshdesk.com", "evilfreshdesk.com"));
        assert!(!host_matches(
            "*.freshdesk.com",
            "acme.freshdesk.com.evil.io"
        ));
        assert!(host_matches("127.0.0.1", "127.0.0.1"));
        assert!(!host_matches("", ""));
    }

    #[test]
    fn templates_parse_by_position() {
        let t = Template::parse("https://{domain}.freshdesk.com/api/v2").unwrap();
        let p: Vec<_> = t.placeholders().collect();
        assert_eq!(p[0].position, Position::Host);
        assert_eq!(p[0].host_suffix, ".freshdesk.com");
        assert!(t.host_from_tenant);
        let t = Template::parse("{instance_url|url}/services/data/v62.0").unwrap();
        let p: Vec<_> = t.placeholders().collect();
        assert_eq!(p[0].position, Position::Origin);
        assert_eq!(p[0].names, vec!["instance_url", "url"]);
        let t = Template::parse("https://api.atlassian.com/ex/jira/{cloud_id}").unwrap();
        assert!(!t.host_from_tenant);
        assert!(Template::parse("https://x.com/{a").is_err());
        assert!(Template::parse("https://x.com/{}").is_err());
    }

    #[test]
    fn values_are_checked_where_they_go() {
        let host = Template::parse("https://{domain}.freshdesk.com/api/v2").unwrap();
        let p = host.placeholders().next().unwrap().clone();
        assert_eq!(fill(&p, "acme").unwrap(), "acme");
        assert_eq!(fill(&p, "https://Acme.freshdesk.com/").unwrap(), "acme");
        for written in [
            "ACME",
            "ACME.freshdesk.com.",
            "acme.FreshDesk.COM",
            "HTTPS://acme.freshdesk.com./",
            "acme.",
            "https://acme.freshdesk.com:443",
            "HTTPS://ACME.freshdesk.com:443/",
            "Https://acme.freshdesk.com.:443",
            "acme.freshdesk.com:443",
            "http://acme.freshdesk.com:80/",
        ] {
            assert_eq!(fill(&p, written).unwrap(), "acme", "{written}");
        }
        for bad in [
            "evil.com/x",
            "a@b",
            "",
            "a..b",
            "x:80",
            "-a",
            "https://acme.freshdesk.com:80",
            "https://acme.freshdesk.com:8443",
            "http://acme.freshdesk.com:443",
            "acme.freshdesk.com:443:443",
            "https://acme.freshdesk.com:443@evil.com",
            "https://evil.com#acme.freshdesk.com",
        ] {
            assert!(fill(&p, bad).is_err(), "{bad}");
        }
        let origin = Template::parse("{instance_url}/services/data/v62.0").unwrap();
        let p = origin.placeholders().next().unwrap().clone();
        assert_eq!(
            fill(&p, "https://acme.my.salesforce.com/").unwrap(),
            "https://acme.my.salesforce.com"
        );
        assert_eq!(
            fill(&p, "acme.my.salesforce.com").unwrap(),
            "https://acme.my.salesforce.com"
        );
        for written in [
            "ACME.my.Salesforce.com.",
            "HTTPS://acme.my.salesforce.com./",
            "https://acme.my.salesforce.com:443",
            "HTTPS://ACME.my.salesforce.com:443/",
        ] {
            assert_eq!(
                fill(&p, written).unwrap(),
                "https://acme.my.salesforce.com",
                "{written}"
            );
        }
        for bad in [
            "https://u:p@acme.my.salesforce.com",
            "https://acme.my.salesforce.com/x",
            "https://acme.my.salesforce.com?x=1",
            "ftp://acme.my.salesforce.com",
        ] {
            assert!(fill(&p, bad).is_err(), "{bad}");
        }
        let path = Template::parse("https://api.atlassian.com/ex/jira/{cloud_id}").unwrap();
        let p = path.placeholders().next().unwrap().clone();
        assert_eq!(fill(&p, "a b/c").unwrap(), "a%20b%2Fc");
        assert!(fill(&p, "..").is_err());
    }
}
