//! WordPress.com server tests: each tool against a fake WordPress.com REST API v1.1 that
//! asserts the exact request (method, path, query, JSON body, `Authorization: Bearer`),
//! through a real MCP client. Request and response shapes follow the v1.1 reference at
//! developer.wordpress.com/docs/api/ (posts, posts/new, posts/$post_ID, posts/$post_ID/delete,
//! categories, tags, sites/$site, stats, stats/top-posts, me/sites).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod posts;
mod sites;

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "wpcom-oauth2-token-0123456789";
pub const SITE: &str = "example.wordpress.com";

pub async fn setup() -> Setup {
    Setup::start(
        &wordpress_mcp_server::SPEC,
        json!({ "access_token": TOKEN }),
    )
    .await
}

/// A request with the Bearer token.
pub fn req(method: &'static str, path: &str) -> Expect {
    expect(method, path).bearer(TOKEN)
}

/// WordPress.com's error body.
pub fn wp_error(code: &str, message: &str) -> Value {
    json!({"error": code, "message": message})
}

mcp_testkit::standard_suite!(wordpress_mcp_server::SPEC, "wordpress-mcp-server");

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "wordpress");
    extra.sort();
    assert_eq!(
        extra,
        [
            "wordpress_delete_post",
            "wordpress_get_post",
            "wordpress_list_categories",
            "wordpress_list_tags",
        ]
    );
}

#[tokio::test]
async fn token_errors_are_clear() {
    let s = setup().await;
    req("GET", "/me/sites")
        .respond(
            &s.fake,
            400,
            wp_error("invalid_token", "The OAuth2 token is invalid."),
        )
        .await;
    let err = s
        .client
        .call_err("wordpress_get_user_sites", json!({}))
        .await;
    assert!(err.contains("400"), "{err}");
    assert!(err.contains("invalid_token"), "{err}");
    assert!(err.contains("The OAuth2 token is invalid."), "{err}");
    assert!(err.contains("two weeks"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");

    let c = s.server.client_with(&[]).await;
    let err = c.call_err("wordpress_get_user_sites", json!({})).await;
    assert!(err.contains("access_token"), "{err}");
}

#[tokio::test]
async fn site_argument_is_checked() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "wordpress_get_site_info",
            json!({"site": "https://example.com/blog/post"}),
        )
        .await;
    assert!(err.contains("not a URL with a path"), "{err}");
    let err = s
        .client
        .call_err("wordpress_get_site_info", json!({"site": "  "}))
        .await;
    assert!(err.contains("`site`"), "{err}");
    // A scheme and a trailing slash are dropped: the domain goes in the path.
    req("GET", "/sites/example.com")
        .times(4)
        .respond(&s.fake, 200, json!({"ID": 1, "name": "Ex"}))
        .await;
    let v = s
        .client
        .call_ok(
            "wordpress_get_site_info",
            json!({"site": "https://example.com/"}),
        )
        .await;
    assert_eq!(v, json!({"ID": 1, "name": "Ex"}));
    // The scheme in capitals, the default port and the FQDN's dot name the same site.
    for written in [
        "HTTPS://Example.com/",
        "https://example.com:443",
        "example.com.",
    ] {
        let v = s
            .client
            .call_ok("wordpress_get_site_info", json!({"site": written}))
            .await;
        assert_eq!(v["ID"], 1, "{written}");
    }
}
