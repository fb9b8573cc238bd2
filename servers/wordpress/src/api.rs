//! What every WordPress.com tool shares: the `site` path segment (a numeric id or a domain),
//! WordPress.com's `{"error","message"}` error body, and the concise shapes of posts.

use mcp_shared::json::pick;
use mcp_shared::markdown;
use mcp_shared::reexports::http;
use mcp_shared::{Int, ToolError, VendorError, seg_id};
use serde_json::{Map, Value, json};

/// `/sites/{site}`: a site id (`12345678`) or domain (`example.wordpress.com`,
/// `example.com`), without a scheme or path.
pub fn site(site: &str) -> Result<String, ToolError> {
    // A scheme in any case, a trailing slash, the default port and the trailing dot go.
    let written = mcp_shared::tenant::host_as_written(site);
    let s = written.as_str();
    if s.contains('/') {
        return Err(ToolError::invalid_input(format!(
            "`site` must be a site id or domain such as example.wordpress.com, not a URL with a path (got {site:?})"
        )));
    }
    Ok(format!("/sites/{}", seg_id(s, "site")?))
}

/// A post id, at least 1.
pub fn post_id(id: Int, what: &str) -> Result<u64, ToolError> {
    match id.get() {
        0 => Err(ToolError::invalid_input(format!(
            "`{what}` must be a post id (a positive number)"
        ))),
        n => Ok(n),
    }
}

/// Reads WordPress.com's error body: `error` as the code, `message`, and a hint for the
/// codes that say more than the status.
pub fn parse_error(status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let s = |k: &str| {
        body.get(k)
            .and_then(Value::as_str)
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
    };
    let code = s("error").or_else(|| s("code"));
    let hint = match (status, code.as_deref()) {
        (_, Some("invalid_token" | "authorization_required")) | (401, _) => Some(
            "send a WordPress.com OAuth2 access token as `access_token` in x-auth-data (tokens expire after about two weeks).",
        ),
        (_, Some("unknown_blog" | "unknown_site")) => Some(
            "check `site`: a site id or domain the token's user can reach (see wordpress_get_user_sites).",
        ),
        (_, Some("unknown_post")) => Some("check `postId` with wordpress_get_posts."),
        (403, _) => Some(
            "the token's user lacks this capability on the site (editing, publishing, or viewing stats), or the token was issued for another site.",
        ),
        _ => None,
    };
    VendorError {
        code,
        message: s("message"),
        hint: hint.map(str::to_owned),
        ..VendorError::default()
    }
}

/// Names of a post's `categories` or `tags` (objects keyed by name).
fn terms(post: &Value, key: &str) -> Value {
    let names: Vec<Value> = post
        .get(key)
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .map(|(k, v)| v.get("name").cloned().unwrap_or_else(|| json!(k)))
                .collect()
        })
        .unwrap_or_default();
    Value::Array(names)
}

/// A post in lists: id, title and excerpt as plain text, status, dates, link, author,
/// category and tag names.
pub fn post_summary(p: &Value) -> Value {
    let mut out = pick(
        p,
        &[
            "ID",
            "status",
            "type",
            "date",
            "modified",
            "URL",
            "author=author.name",
        ],
    );
    if let Some(m) = out.as_object_mut() {
        text_field(m, p, "title");
        text_field(m, p, "excerpt");
        m.insert("categories".into(), terms(p, "categories"));
        m.insert("tags".into(), terms(p, "tags"));
    }
    out
}

/// One post: the summary, its slug and sticky flag, and its content as Markdown.
pub fn post_detail(p: &Value) -> Value {
    let mut out = post_summary(p);
    if let Some(m) = out.as_object_mut() {
        for k in [
            "slug",
            "sticky",
            "format",
            "short_URL",
            "comment_count",
            "like_count",
        ] {
            if let Some(v) = p.get(k).filter(|v| !v.is_null()) {
                m.insert(k.into(), v.clone());
            }
        }
        if let Some(c) = p.get("discussion").and_then(|d| d.get("comment_count")) {
            m.insert("comment_count".into(), c.clone());
        }
        if let Some(html) = p.get("content").and_then(Value::as_str) {
            match markdown::from_html(html) {
                Ok(md) => m.insert("content".into(), json!(md)),
                Err(why) => m.insert("content_error".into(), json!(why)),
            };
        }
    }
    out
}

fn text_field(m: &mut Map<String, Value>, p: &Value, key: &str) {
    if let Some(html) = p.get(key).and_then(Value::as_str) {
        m.insert(key.into(), json!(plain(html)));
    }
}

/// HTML (a title, an excerpt) as one line of plain text; an unreadable one as its message.
fn plain(html: &str) -> String {
    match markdown::from_html(html) {
        Ok(md) => md.split_whitespace().collect::<Vec<_>>().join(" "),
        Err(why) => format!("({why})"),
    }
}

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}
