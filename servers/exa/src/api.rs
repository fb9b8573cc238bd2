//! Exa helpers: credential fields, the error body, the search filters every search tool
//! shares, and the concise result shape.

use mcp_shared::ToolError;
use mcp_shared::json::{at, pick};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// Credential fields that may carry the API key (Klavis reads `token`, then `api_key`; its
/// MCP-Atlas copy `api_key`, then `EXA_API_KEY`; a bare token in `AUTH_DATA` or a Bearer
/// header arrives as `access_token`).
pub const KEY_FIELDS: &[&str] = &["token", "api_key", "EXA_API_KEY", "access_token"];

/// Exa's error body: `{"requestId", "error", "tag"}` (the tag is the code).
pub static ERRORS: mcp_shared::ErrorShape = mcp_shared::ErrorShape {
    message: &["/error", "/message"],
    code: &["/tag"],
    request_id: &["/requestId"],
    status_hints: &[
        (
            401,
            "the Exa API key was refused: check it at dashboard.exa.ai/api-keys.",
        ),
        (402, CREDITS),
        (410, "Exa retired this endpoint."),
    ],
    code_hints: &[("NO_MORE_CREDITS", CREDITS)],
    ..mcp_shared::ErrorShape::NONE
};

const CREDITS: &str = "the Exa account is out of credits: add credits in the dashboard.";

/// Search filters (Klavis's names; sent as Exa's camelCase fields). Dates are ISO 8601; Exa
/// retired the crawl-date filters, which are accepted and ignored.
#[derive(Deserialize, JsonSchema, Default)]
pub struct Filters {
    #[schemars(inner(length(max = 253)))]
    pub include_domains: Option<Vec<String>>,
    #[schemars(inner(length(max = 253)))]
    pub exclude_domains: Option<Vec<String>>,
    #[schemars(length(max = 32))]
    #[allow(dead_code)] // accepted as Klavis does; Exa no longer applies it
    pub start_crawl_date: Option<String>,
    #[schemars(length(max = 32))]
    #[allow(dead_code)] // accepted as Klavis does; Exa no longer applies it
    pub end_crawl_date: Option<String>,
    #[schemars(length(max = 32))]
    pub start_published_date: Option<String>,
    #[schemars(length(max = 32))]
    pub end_published_date: Option<String>,
    /// e.g. news, company, research paper
    #[schemars(length(max = 32))]
    pub category: Option<String>,
    #[schemars(inner(length(max = 64)))]
    pub include_text: Option<Vec<String>>,
    #[schemars(inner(length(max = 64)))]
    pub exclude_text: Option<Vec<String>>,
}

impl Filters {
    /// Whether any filter that Exa applies is set (the crawl dates are not).
    pub fn any(&self) -> bool {
        let list = |v: &Option<Vec<String>>| v.as_ref().is_some_and(|v| !v.is_empty());
        list(&self.include_domains)
            || list(&self.exclude_domains)
            || list(&self.include_text)
            || list(&self.exclude_text)
            || self.start_published_date.is_some()
            || self.end_published_date.is_some()
            || self.category.is_some()
    }

    /// Add the filters that were given to an Exa request body.
    pub fn apply(&self, body: &mut Map<String, Value>) {
        let mut put = |k: &str, v: Value| {
            body.insert(k.to_owned(), v);
        };
        let list = |v: &Option<Vec<String>>| v.as_ref().filter(|v| !v.is_empty()).map(|v| json!(v));
        let text = |v: &Option<String>| {
            v.as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| json!(s))
        };
        for (k, v) in [
            ("includeDomains", list(&self.include_domains)),
            ("excludeDomains", list(&self.exclude_domains)),
            ("startPublishedDate", text(&self.start_published_date)),
            ("endPublishedDate", text(&self.end_published_date)),
            ("category", text(&self.category)),
            ("includeText", list(&self.include_text)),
            ("excludeText", list(&self.exclude_text)),
        ] {
            if let Some(v) = v {
                put(k, v);
            }
        }
    }
}

/// Exa's largest `numResults` for ordinary plans.
pub const MAX_RESULTS: u32 = 100;

pub fn num_results(n: Option<u32>) -> Result<Option<u32>, ToolError> {
    match n {
        Some(n) if !(1..=MAX_RESULTS).contains(&n) => Err(ToolError::invalid_input(format!(
            "`num_results` must be between 1 and {MAX_RESULTS} (got {n})"
        ))),
        n => Ok(n),
    }
}

pub use mcp_shared::non_empty;

/// The `contents` of a search: highlights (short snippets) by default, the page text when
/// asked.
pub fn contents(text: bool) -> Value {
    if text {
        json!({"text": true})
    } else {
        json!({"highlights": {"maxCharacters": HIGHLIGHT_CHARS}})
    }
}

/// Snippet length asked of Exa per result.
pub const HIGHLIGHT_CHARS: u32 = 600;

/// One result, concise: title, url, date, author, and the contents that came back.
pub fn result(r: &Value) -> Value {
    let mut out = pick(
        r,
        &[
            "title",
            "url",
            "published_date=publishedDate",
            "author",
            "highlights",
            "summary",
            "text",
        ],
    );
    if let Some(subpages) = at(r, "subpages").and_then(Value::as_array) {
        out["subpages"] = Value::Array(subpages.iter().map(result).collect());
    }
    // Exa sends empty authors and highlight lists; they say nothing.
    if let Value::Object(m) = &mut out {
        m.retain(|_, v| !matches!(v, Value::String(s) if s.is_empty()) && v != &json!([]));
    }
    out
}

pub fn results(v: &Value) -> Value {
    Value::Array(
        at(v, "results")
            .and_then(Value::as_array)
            .map(|a| a.iter().map(result).collect())
            .unwrap_or_default(),
    )
}
