//! Firecrawl helpers: credential fields, the error body, scrape options as Firecrawl v1
//! documents them, and the concise page shape every tool returns.

use mcp_shared::json::{at, pick};
use mcp_shared::{ToolError, VendorError};
use serde_json::{Map, Value, json};

/// Credential fields that may carry the API key (Klavis reads `token`, then `api_key`; a bare
/// token in `AUTH_DATA` or a Bearer header arrives as `access_token`).
pub const KEY_FIELDS: &[&str] = &["token", "api_key", "access_token"];

/// Firecrawl's error body: `{"success": false, "error": "...", "details": ...}`.
pub fn parse_error(
    status: u16,
    _headers: &mcp_shared::reexports::http::HeaderMap,
    body: &Value,
) -> VendorError {
    let s = |k: &str| body.get(k).and_then(Value::as_str).map(str::to_owned);
    let mut message = s("error").or_else(|| s("message"));
    // Validation failures list what was wrong in `details` (zod issues).
    if let (Some(m), Some(d)) = (&message, body.get("details").and_then(Value::as_array)) {
        let issues: Vec<String> = d
            .iter()
            .filter_map(|i| {
                let msg = at(i, "message")?.as_str()?;
                let path = at(i, "path")
                    .and_then(Value::as_array)
                    .map(|p| {
                        p.iter()
                            .map(|x| x.as_str().map_or_else(|| x.to_string(), str::to_owned))
                            .collect::<Vec<_>>()
                            .join(".")
                    })
                    .unwrap_or_default();
                Some(if path.is_empty() {
                    msg.to_owned()
                } else {
                    format!("{path}: {msg}")
                })
            })
            .take(5)
            .collect();
        if !issues.is_empty() {
            message = Some(format!("{m} ({})", issues.join("; ")));
        }
    }
    let hint = match status {
        401 => Some(
            "the Firecrawl API key was refused: check it at firecrawl.dev/app/api-keys (keys start with fc-).",
        ),
        402 => Some(
            "the Firecrawl account is out of credits: add credits or upgrade the plan at firecrawl.dev/pricing.",
        ),
        408 => Some("Firecrawl timed out on the page: raise `timeout` or `waitFor`, or retry."),
        _ => None,
    };
    VendorError {
        code: None,
        message,
        hint: hint.map(str::to_owned),
        rate_limited: false,
        missing_scopes: None,
    }
}

pub use mcp_shared::non_empty;

/// A URL Firecrawl can fetch: absolute http(s).
pub fn web_url<'a>(s: &'a str, what: &str) -> Result<&'a str, ToolError> {
    let s = non_empty(s, what)?;
    let lower = s.to_ascii_lowercase();
    if !(lower.starts_with("http://") || lower.starts_with("https://")) {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be an absolute http(s) URL, e.g. https://example.com (got `{s}`)"
        )));
    }
    Ok(s)
}

pub fn web_urls(urls: &[String], what: &str) -> Result<Vec<String>, ToolError> {
    let out: Vec<String> = urls
        .iter()
        .filter(|u| !u.trim().is_empty())
        .map(|u| web_url(u, what).map(str::to_owned))
        .collect::<Result<_, _>>()?;
    if out.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must list at least one URL"
        )));
    }
    Ok(out)
}

/// Scrape options in Firecrawl v1's spelling: Klavis's legacy `extract` format and option are
/// sent as the documented `json` format and `jsonOptions`.
pub fn v1_scrape_options(mut o: Map<String, Value>) -> Map<String, Value> {
    if let Some(Value::Array(formats)) = o.get_mut("formats") {
        for f in formats.iter_mut() {
            if f == "extract" {
                *f = json!("json");
            }
        }
    }
    if let Some(x) = o.remove("extract")
        && !o.contains_key("jsonOptions")
    {
        o.insert("jsonOptions".into(), x);
    }
    o
}

/// Characters of page text a list (crawl or batch status) returns per page.
pub const LIST_TEXT_CHARS: usize = 4000;

/// One scraped page, concise: where it came from, its status, and the formats that came back.
/// `cap` truncates the markdown (lists of pages); a single scrape returns it whole.
pub fn page(d: &Value, cap: Option<usize>) -> Value {
    let mut out = pick(
        d,
        &[
            "url=metadata.sourceURL",
            "title=metadata.title",
            "description=metadata.description",
            "status_code=metadata.statusCode",
            "error=metadata.error",
            "markdown",
            "html",
            "rawHtml",
            "links",
            "screenshot",
            "json",
            "extract",
            "actions",
            "changeTracking",
            "warning",
        ],
    );
    if out.get("json").is_none()
        && let Some(x) = at(d, "llm_extraction")
    {
        out["json"] = x.clone();
    }
    if let (Some(cap), Some(Value::String(md))) = (cap, out.get_mut("markdown"))
        && md.chars().count() > cap
    {
        let cut: String = md.chars().take(cap).collect();
        *md = cut;
        out["truncated"] = json!(true);
    }
    out
}

/// The status of a crawl or batch scrape: counts, and a window of its pages.
pub fn job_status(v: &Value, offset: usize, limit: usize, status_tool: &str) -> Value {
    let mut out = pick(
        v,
        &[
            "status",
            "completed",
            "total",
            "credits_used=creditsUsed",
            "expires_at=expiresAt",
        ],
    );
    let data = at(v, "data").and_then(Value::as_array);
    let returned = data.map_or(0, Vec::len);
    let pages: Vec<Value> = data
        .into_iter()
        .flatten()
        .skip(offset)
        .take(limit)
        .map(|d| page(d, Some(LIST_TEXT_CHARS)))
        .collect();
    out["pages"] = Value::Array(pages);
    if offset + limit < returned {
        out["next_offset"] = json!(offset + limit);
    }
    if at(v, "next").is_some() {
        out["more"] = json!(format!(
            "Firecrawl holds more pages than one answer carries (the job is running, or its data passed 10 MB): call {status_tool} again later."
        ));
    }
    out
}
