//! Redirects to another origin. The client follows a redirect by itself only on the origin
//! the request went to (`same_origin_redirects` in `mod.rs`), where every header it carries
//! belongs. A redirect to another scheme, host or port comes back here as the 3xx answer, and:
//! - a request that carries credentials (any sensitive header, a secret query parameter) is
//!   refused with an error that names the host, and nothing is sent there, unless the tool
//!   marked it [`Request::redirect_without_credentials`] (a download served from a CDN);
//! - otherwise the target is fetched as a new request with no credential, no body and no
//!   header of the tool's, only as `GET` or `HEAD`, never from https down to http, and on a
//!   tenant's base only to a host that passes the same host guard as the tenant's host.

use http::{Method, StatusCode};
use url::Url;

use super::{MAX_REDIRECTS, Request, Response, Upstream};
use crate::error::ToolError;

impl Request {
    /// Send with retries and return the final response whatever its status.
    ///
    /// The whole call, retries and waits included, ends by the client's timeout
    /// (`MCP_UPSTREAM_TIMEOUT_SECS`): each attempt gets what is left of it, and a wait that
    /// would end after it is not started.
    pub async fn send_raw(self) -> Result<Response, ToolError> {
        if !self.follow_redirects {
            return self.send_attempts().await;
        }
        let up = self.up.clone();
        let may_leave = !self.carries_credentials || self.off_origin_ok;
        let mut method = self.method.clone();
        let Ok(mut at) = self.url.clone() else {
            return self.send_attempts().await;
        };
        let mut resp = self.send_attempts().await?;
        let mut hops = 0;
        while let Some(target) = off_origin_target(&resp, &at) {
            hops += 1;
            let next = next_method(&method, resp.status);
            let refusal = if hops > MAX_REDIRECTS {
                Some(format!("it was the redirect number {hops} of one request"))
            } else if !may_leave {
                Some(
                    "the request carries this call's credentials, which stay with the vendor's API"
                        .to_owned(),
                )
            } else if next.is_none() {
                Some(format!(
                    "a {method} request is not sent on to another host (its body would go with it)"
                ))
            } else if at.scheme() == "https" && target.scheme() != "https" {
                Some("it leads from https to plain http".to_owned())
            } else {
                tenant_refusal(&up, &target)
            };
            let (Some(next), None) = (next, refusal.as_ref()) else {
                return Err(refused(&up, &resp, &target, refusal.as_deref()));
            };
            resp = Request::new(up.clone(), next.clone(), Ok(target.clone()), true)
                .send_attempts()
                .await?;
            method = next;
            at = target;
        }
        Ok(resp)
    }
}

/// The target of a redirect to another origin than `from`'s, where `resp` is one.
fn off_origin_target(resp: &Response, from: &Url) -> Option<Url> {
    if !matches!(resp.status.as_u16(), 301 | 302 | 303 | 307 | 308) {
        return None;
    }
    let target = from.join(resp.header("location")?.trim()).ok()?;
    (target.origin() != from.origin()).then_some(target)
}

/// The method a redirect is followed with: `GET` after a 303 (or a 301/302 of a POST, as
/// every client does), the same method otherwise; `None` where that method would need the
/// request's body or is not a read.
fn next_method(method: &Method, status: StatusCode) -> Option<Method> {
    let next = match status.as_u16() {
        303 if *method != Method::HEAD => Method::GET,
        301 | 302 if *method == Method::POST => Method::GET,
        _ => method.clone(),
    };
    matches!(next, Method::GET | Method::HEAD).then_some(next)
}

/// Why a tenant's redirect target is refused: its host is not one a tenant's host may be.
fn tenant_refusal(up: &Upstream, target: &Url) -> Option<String> {
    let hosts = up.inner.cfg.tenant_hosts.as_ref()?;
    let host = target.host_str().unwrap_or_default();
    if hosts.iter().any(|p| host_matches(p, host)) {
        return None;
    }
    let vendor = up.inner.cfg.vendor;
    Some(format!(
        "it is not a {vendor} host (expected {})",
        if hosts.is_empty() {
            "none declared".to_owned()
        } else {
            hosts.join(", ")
        }
    ))
}

fn refused(up: &Upstream, resp: &Response, target: &Url, why: Option<&str>) -> ToolError {
    let vendor = up.inner.cfg.vendor;
    // The target's origin only: its path and query may carry a signature.
    let host = target.origin().ascii_serialization();
    let why = why.unwrap_or("it cannot be followed");
    ToolError::transport(format!(
        "{vendor} answered {} with a redirect to another host, {host}, which was not followed: {why}. Nothing was sent to {host}.",
        resp.status.as_u16()
    ))
    .with_status(resp.status.as_u16())
    .with_hint(format!(
        "this endpoint is not expected to leave {vendor}; if {vendor} has moved its API, the operator can point the server's API base URL at the new host."
    ))
}

/// Whether `host` matches `pattern`: `*.example.com` is any subdomain of example.com (not
/// example.com itself); anything else is an exact host. Case-insensitive.
pub fn host_matches(pattern: &str, host: &str) -> bool {
    let pattern = pattern.trim().to_ascii_lowercase();
    let host = host.to_ascii_lowercase();
    if pattern == "*" {
        // ANY_PUBLIC_HOST: any host (its addresses are checked by the client's resolver).
        return !host.is_empty();
    }
    match pattern.strip_prefix("*.") {
        Some(domain) => host
            .strip_suffix(domain)
            .is_some_and(|sub| sub.len() > 1 && sub.ends_with('.')),
        None => !pattern.is_empty() && pattern == host,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::upstream::UpstreamConfig;

    #[test]
    fn methods_after_a_redirect() {
        let s = |c| StatusCode::from_u16(c).unwrap_or(StatusCode::OK);
        assert_eq!(next_method(&Method::POST, s(303)), Some(Method::GET));
        assert_eq!(next_method(&Method::POST, s(302)), Some(Method::GET));
        assert_eq!(next_method(&Method::HEAD, s(303)), Some(Method::HEAD));
        assert_eq!(next_method(&Method::GET, s(308)), Some(Method::GET));
        assert_eq!(next_method(&Method::POST, s(307)), None);
        assert_eq!(next_method(&Method::PUT, s(301)), None);
        assert_eq!(next_method(&Method::DELETE, s(303)), Some(Method::GET));
    }

    /// A tenant's redirect goes only to a host its host guard accepts.
    #[test]
    fn a_tenant_redirect_meets_the_host_guard() {
        let cfg = UpstreamConfig::with_base(None, "Shopify");
        let up = Upstream::new(cfg)
            .map(|u| {
                let hosts: Arc<[String]> = Arc::from(vec!["*.myshopify.com".to_owned()]);
                u.for_tenant_base(
                    Url::parse("https://acme.myshopify.com/admin").map_err(|_| {
                        crate::error::ToolError::transport("unreachable in this test")
                    }),
                    hosts,
                )
            })
            .unwrap_or_else(|e| panic!("{e}"));
        let url = |u: &str| Url::parse(u).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            tenant_refusal(&up, &url("https://cdn.myshopify.com/f")),
            None
        );
        let why = tenant_refusal(&up, &url("https://evil.example/f")).unwrap_or_default();
        assert!(
            why.contains("not a Shopify host (expected *.myshopify.com)"),
            "{why}"
        );
        // A server whose base is not a tenant's has no such guard.
        let plain =
            Upstream::new(UpstreamConfig::with_base(None, "X")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(tenant_refusal(&plain, &url("https://evil.example/f")), None);
    }
}
