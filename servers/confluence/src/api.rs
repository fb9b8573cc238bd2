//! What every Confluence tool shares: the v2 and v1 error bodies, cursor pages
//! (`_links.next`), ids, page bodies (Markdown to storage format, ADF to Markdown).

use mcp_shared::reexports::http;
use mcp_shared::{Count, Ctx, Method, ToolError, VendorError};
use mcp_vendor_atlassian::adf;
use serde_json::{Value, json};

/// Reads v2's `{"errors": [{"status", "code", "title", "detail"}]}` and v1's
/// `{"statusCode", "message"}`.
pub fn parse_error(_status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let first = body.get("errors").and_then(|e| e.get(0));
    let s = |v: Option<&Value>, k: &str| {
        v.and_then(|x| x.get(k))
            .and_then(Value::as_str)
            .map(str::to_owned)
            .filter(|x| !x.is_empty())
    };
    let message = match (s(first, "title"), s(first, "detail")) {
        (Some(t), Some(d)) => Some(format!("{t}: {d}")),
        (t, d) => t.or(d).or_else(|| s(Some(body), "message")),
    };
    VendorError {
        code: s(first, "code"),
        message,
        ..VendorError::default()
    }
}

/// A numeric id for a path segment.
pub fn id(v: &str, what: &str, hint: &str) -> Result<String, ToolError> {
    let v = v.trim();
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ToolError::invalid_input(format!(
            "{what} must be a numeric id (got {v:?}); {hint}"
        )));
    }
    Ok(v.to_owned())
}

/// A page size between 1 and 250 (Confluence's v2 maximum).
pub fn limit(l: Option<Count>, default: u64) -> Result<u64, ToolError> {
    match l.map(Count::get) {
        None => Ok(default),
        Some(n @ 1..=250) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "limit must be between 1 and 250 (got {n})"
        ))),
    }
}

/// The `cursor` of `_links.next`, if there is a next page.
pub fn next_cursor(v: &Value) -> Value {
    let Some(next) = v
        .get("_links")
        .and_then(|l| l.get("next"))
        .and_then(Value::as_str)
    else {
        return Value::Null;
    };
    let Ok(u) = url::Url::parse("https://confluence.invalid").and_then(|b| b.join(next)) else {
        return Value::Null;
    };
    u.query_pairs()
        .find(|(k, _)| k == "cursor")
        .map(|(_, c)| json!(c))
        .unwrap_or(Value::Null)
}

/// `GET path` with a query: the answer.
pub async fn get(ctx: &Ctx, path: &str, query: &[(&str, String)]) -> Result<Value, ToolError> {
    let mut req = ctx.authorized(Method::GET, path)?;
    for (k, v) in query {
        req = req.query(k, v);
    }
    req.send_json().await
}

/// A list page: `{items, next_pagination_token}`, items mapped by `f`.
pub fn page(v: &Value, f: fn(&Value) -> Value) -> Value {
    let items: Vec<Value> = v
        .get("results")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(f).collect())
        .unwrap_or_default();
    json!({"items": items, "next_pagination_token": next_cursor(v)})
}

/// Markdown as Confluence storage format (XHTML).
pub fn storage(markdown: &str) -> String {
    let mut opts = pulldown_cmark::Options::empty();
    opts.insert(pulldown_cmark::Options::ENABLE_TABLES);
    opts.insert(pulldown_cmark::Options::ENABLE_STRIKETHROUGH);
    let mut out = String::new();
    pulldown_cmark::html::push_html(&mut out, pulldown_cmark::Parser::new_ext(markdown, opts));
    out.trim_end().to_owned()
}

/// A page body read as `atlas_doc_format`, as Markdown.
pub fn body_markdown(page: &Value) -> Option<String> {
    let value = page
        .get("body")?
        .get("atlas_doc_format")?
        .get("value")?
        .as_str()?;
    let doc: Value = serde_json::from_str(value).ok()?;
    Some(adf::adf_to_markdown(&doc))
}

/// The web URL of a thing: `_links.base` + `_links.webui` when both are there.
pub fn web_url(v: &Value, base: Option<&str>) -> Value {
    let links = v.get("_links");
    let webui = links.and_then(|l| l.get("webui")).and_then(Value::as_str);
    let base = links
        .and_then(|l| l.get("base"))
        .and_then(Value::as_str)
        .or(base);
    match (base, webui) {
        (Some(b), Some(w)) => json!(format!("{b}{w}")),
        (None, Some(w)) => json!(w),
        _ => Value::Null,
    }
}

/// A page in lists: id, title, status, space, parent, version, dates.
pub fn page_summary(p: &Value) -> Value {
    json!({
        "id": p.get("id"),
        "title": p.get("title"),
        "status": p.get("status"),
        "spaceId": p.get("spaceId"),
        "parentId": p.get("parentId"),
        "version": p.get("version").and_then(|v| v.get("number")),
        "createdAt": p.get("createdAt"),
        "url": web_url(p, None),
    })
}

/// The id of a space named by id or key (`GET /api/v2/spaces?keys=`).
pub async fn space_id(ctx: &Ctx, ident: &str) -> Result<String, ToolError> {
    let ident = ident.trim();
    if ident.is_empty() {
        return Err(ToolError::invalid_input(
            "space_identifier must be a space id or key",
        ));
    }
    if ident.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(ident.to_owned());
    }
    let v = get(ctx, "/api/v2/spaces", &[("keys", ident.to_owned())]).await?;
    v.get("results")
        .and_then(|r| r.get(0))
        .and_then(|s| s.get("id"))
        .and_then(|i| {
            i.as_str()
                .map(str::to_owned)
                .or_else(|| i.as_u64().map(|n| n.to_string()))
        })
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "No space with key {ident:?} is visible to this account."
            ))
            .with_hint("check the key with confluence_list_spaces.")
        })
}
