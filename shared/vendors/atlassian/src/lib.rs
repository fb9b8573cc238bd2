//! Atlassian cloud tenancy, shared by the Jira and Confluence servers: with an OAuth token,
//! the API lives at `https://api.atlassian.com/ex/{product}/{cloud_id}`, where the cloud id
//! comes from the credentials (`cloud_id` or Klavis's `selected_cloud_id`) or, when they
//! lack it, from the token's accessible resources (looked up once per token, cached by the
//! tenant resolver); with an API token, at the site itself (`https://{site}.atlassian.net`)
//! with Basic `email:api_token`.

pub mod adf;
use futures::FutureExt as _;
use futures::future::BoxFuture;
use serde_json::Value;

use mcp_shared::call::context::Ctx;
use mcp_shared::credentials::vendor_auth::Auth;
use mcp_shared::error::ToolError;
use mcp_shared::server::spec::ExtraApi;
use mcp_shared::{Method, TenantUrl};

/// Atlassian's own API host (`accessible-resources`), as an extra API of a server.
pub const API: ExtraApi = ExtraApi {
    name: "atlassian",
    display_name: "Atlassian",
    default_base_url: "https://api.atlassian.com",
    base_url_var: "ATLASSIAN_API_BASE_URL",
    auth: Some(Auth::BEARER),
};

/// How a Jira or Confluence server takes credentials: Basic `email:api_token` with a site,
/// else the OAuth token as Bearer.
pub const AUTH: Auth = Auth::FirstOf(&[
    Auth::Basic {
        user: mcp_shared::Part::Field(&["email", "username"]),
        password: mcp_shared::Part::Field(&["api_token"]),
    },
    Auth::BEARER,
]);

/// The cloud id for this call's OAuth token: the accessible resource whose URL is the
/// credentials' `site` (when given), else the first one.
pub fn cloud_id(ctx: Ctx) -> BoxFuture<'static, Result<Vec<(String, String)>, ToolError>> {
    async move {
        let resources: Value = ctx
            .api_authorized(API.name, Method::GET, "/oauth/token/accessible-resources")?
            .send_json()
            .await
            .map_err(|e| {
                e.context("Looking up the Atlassian site of this token (accessible-resources)")
            })?;
        let list = resources.as_array().cloned().unwrap_or_default();
        let site = ctx
            .credentials()
            .and_then(|c| c.field("site").or_else(|| c.field("site_url")))
            .and_then(Value::as_str)
            .map(site_host);
        let chosen = match &site {
            Some(host) => list.iter().find(|r| {
                r.get("url")
                    .and_then(Value::as_str)
                    .is_some_and(|u| site_host(u) == *host)
            }),
            None => list.first(),
        };
        let id = chosen
            .and_then(|r| r.get("id"))
            .and_then(Value::as_str)
            .filter(|id| !id.is_empty())
            .ok_or_else(|| {
                let what = match &site {
                    Some(h) => format!("no Atlassian site {h}"),
                    None => "no Atlassian site".to_owned(),
                };
                ToolError::invalid_input(format!(
                    "This token can reach {what} (accessible-resources listed {} sites).",
                    list.len()
                ))
                .with_hint("send `cloud_id` (or `selected_cloud_id`) in x-auth-data, or a token authorised for the site.")
            })?;
        Ok(vec![("cloud_id".to_owned(), id.to_owned())])
    }
    .boxed()
}

/// `acme.atlassian.net` for `https://acme.atlassian.net/`, `acme` or `ACME.atlassian.net`.
fn site_host(s: &str) -> String {
    let s = s.trim().trim_end_matches('/');
    let s = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"))
        .unwrap_or(s);
    let s = s.split('/').next().unwrap_or(s).to_ascii_lowercase();
    if s.contains('.') {
        s
    } else {
        format!("{s}.atlassian.net")
    }
}

/// The tenant URLs of an Atlassian product (`jira`, `confluence`): the site with an API
/// token, else the cloud gateway with the (given or looked-up) cloud id.
pub const fn urls(site: &'static str, cloud: &'static str) -> [TenantUrl; 2] {
    [
        TenantUrl {
            template: site,
            hosts: &["*.atlassian.net", "*.jira.com"],
            derive: None,
            requires: &["api_token"],
        },
        TenantUrl {
            template: cloud,
            hosts: &["api.atlassian.com"],
            derive: Some(cloud_id),
            requires: &[],
        },
    ]
}

/// Jira's tenant URLs.
pub const JIRA: [TenantUrl; 2] = urls(
    "https://{site}.atlassian.net",
    "https://api.atlassian.com/ex/jira/{cloud_id|selected_cloud_id}",
);

/// Confluence's tenant URLs (the wiki lives under `/wiki` on the site).
pub const CONFLUENCE: [TenantUrl; 2] = urls(
    "https://{site}.atlassian.net/wiki",
    "https://api.atlassian.com/ex/confluence/{cloud_id|selected_cloud_id}/wiki",
);

#[cfg(test)]
mod tests {
    use super::site_host;

    #[test]
    fn site_hosts() {
        assert_eq!(
            site_host("https://Acme.atlassian.net/"),
            "acme.atlassian.net"
        );
        assert_eq!(site_host("acme"), "acme.atlassian.net");
        assert_eq!(site_host("jira.acme.com"), "jira.acme.com");
    }
}
