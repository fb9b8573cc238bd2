//! Hub helpers: credential fields, the error body, repository ids and types, the token's
//! account, and the concise result shapes the tools share.

use mcp_shared::json::{at, pick};
use mcp_shared::reexports::http;
use mcp_shared::{Auth, Ctx, Method, Request, ToolError, VendorError, seg};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

/// Credential fields that may carry the Hugging Face token (`hf_...`); a bare token in
/// `AUTH_DATA`, a Bearer header or Klavis's `hf-token` header arrives as `access_token`.
pub const TOKEN_FIELDS: &[&str] = &["access_token", "api_key", "hf_token", "token"];

const REQUIRED: Auth = Auth::Bearer(TOKEN_FIELDS);

/// Where the Hub's web pages live (links in results; not the API base, which tests move).
pub const HUB: &str = "https://huggingface.co";

/// A request that needs a token (account, Jobs, writes): a clear error naming how to send
/// one when the call has none.
pub fn with_token(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    if !REQUIRED.satisfied_by(ctx.credentials()) {
        return Err(ctx
            .missing_field("access_token", TOKEN_FIELDS)
            .with_hint("this tool needs a Hugging Face token (https://huggingface.co/settings/tokens): send x-auth-data (base64 of {\"access_token\":\"hf_...\"}), `Authorization: Bearer hf_...` or `hf-token: hf_...`, or set DEFAULT_HF_TOKEN / HF_TOKEN."));
    }
    ctx.authorized(method, path)
}

/// Whether the call carries a token.
pub fn has_token(ctx: &Ctx) -> bool {
    REQUIRED.satisfied_by(ctx.credentials())
}

/// `GET /api/whoami-v2` (needs a token).
pub async fn whoami(ctx: &Ctx) -> Result<Value, ToolError> {
    with_token(ctx, Method::GET, "/api/whoami-v2")?
        .send_json()
        .await
}

/// The namespace to act in: the one given, else the token's user name.
pub async fn namespace(ctx: &Ctx, given: Option<&str>) -> Result<String, ToolError> {
    if let Some(ns) = given.map(str::trim).filter(|s| !s.is_empty()) {
        return Ok(ns.to_owned());
    }
    let me = whoami(ctx).await?;
    at(&me, "name")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| {
            ToolError::transport("Hugging Face's whoami answer has no user name")
                .with_hint("pass `namespace` (a user or organization name) explicitly.")
        })
}

/// The Hub's error body: `{"error": "..."}` (a string, or a list of strings), with the code in
/// `X-Error-Code` and sometimes the message in `X-Error-Message`.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let header = |k: &str| {
        headers
            .get(k)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let message = match body.get("error").or_else(|| body.get("message")) {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Array(a)) => Some(
            a.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join("; "),
        ),
        _ => None,
    }
    .filter(|s| !s.is_empty())
    .or_else(|| header("x-error-message"));
    let code = header("x-error-code");
    let hint = match (status, code.as_deref()) {
        (_, Some("GatedRepo")) => Some(
            "the repository is gated: accept its conditions on its Hub page with the token's account."
                .to_owned(),
        ),
        (401, _) => Some(
            "the Hugging Face token is missing, invalid or expired: create one at https://huggingface.co/settings/tokens (private repositories also answer 401 without a token)."
                .to_owned(),
        ),
        (403, _) => Some(
            "the token lacks the permission (a read token cannot write; Jobs need a token with write or jobs access)."
                .to_owned(),
        ),
        (404, _) | (_, Some("RepoNotFound")) => Some(
            "not found: check the id (`owner/name`) and the repository type; private repositories need a token with access."
                .to_owned(),
        ),
        _ => None,
    };
    VendorError {
        code,
        message,
        hint,
        rate_limited: false,
        missing_scopes: None,
    }
}

/// A repository type.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum RepoType {
    Model,
    Dataset,
    Space,
}

impl RepoType {
    pub const ALL: [RepoType; 3] = [RepoType::Model, RepoType::Dataset, RepoType::Space];

    /// `models`, `datasets`, `spaces` (the API's path segment).
    pub fn plural(self) -> &'static str {
        match self {
            RepoType::Model => "models",
            RepoType::Dataset => "datasets",
            RepoType::Space => "spaces",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            RepoType::Model => "model",
            RepoType::Dataset => "dataset",
            RepoType::Space => "space",
        }
    }

    /// The web path prefix of a repository of this type (`""`, `/datasets`, `/spaces`).
    pub fn web_prefix(self) -> &'static str {
        match self {
            RepoType::Model => "",
            RepoType::Dataset => "/datasets",
            RepoType::Space => "/spaces",
        }
    }

    pub fn url(self, id: &str) -> String {
        format!("{HUB}{}/{id}", self.web_prefix())
    }
}

/// A repository id (`owner/name`, or a bare `name` for old models), encoded for a path:
/// both parts are encoded, the `/` between them kept.
pub fn repo_path(id: &str, what: &str) -> Result<(String, String), ToolError> {
    let id = id
        .trim()
        .trim_start_matches("https://huggingface.co/")
        .trim_matches('/');
    let parts: Vec<&str> = id.split('/').collect();
    let ok = !id.is_empty()
        && parts.len() <= 2
        && parts.iter().all(|p| {
            !p.is_empty()
                && *p != "."
                && *p != ".."
                && p.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        });
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a Hub id such as `owner/name` (got `{id}`)"
        )));
    }
    let path = parts.iter().map(|p| seg(p)).collect::<Vec<_>>().join("/");
    Ok((id.to_owned(), path))
}

/// `GET /api/{type}s/{id}`.
pub async fn repo_info(ctx: &Ctx, kind: RepoType, path: &str) -> Result<Value, ToolError> {
    ctx.authorized(Method::GET, &format!("/api/{}/{path}", kind.plural()))?
        .send_json()
        .await
}

/// A repository's README (raw text of `README.md` on `main`), cut to `max` characters.
pub async fn readme(ctx: &Ctx, kind: RepoType, path: &str, max: usize) -> Result<Value, ToolError> {
    let resp = ctx
        .authorized(
            Method::GET,
            &format!("{}/{path}/raw/main/README.md", kind.web_prefix()),
        )?
        .send()
        .await?;
    Ok(Value::String(cut(&resp.text(), max)))
}

/// At most `max` characters of `s`, marked when cut.
pub fn cut(s: &str, max: usize) -> String {
    let mut out: String = s.chars().take(max).collect();
    if out.len() < s.len() {
        out.push_str(" …[truncated]");
    }
    out
}

/// Up to `n` of the tags.
pub fn tags(v: &Value, n: usize) -> Value {
    Value::Array(
        at(v, "tags")
            .and_then(Value::as_array)
            .map(|a| a.iter().take(n).cloned().collect())
            .unwrap_or_default(),
    )
}

/// Drop empty strings, lists and objects from a result object.
pub fn compact(mut v: Value) -> Value {
    if let Value::Object(m) = &mut v {
        m.retain(|_, x| match x {
            Value::String(s) => !s.is_empty(),
            Value::Array(a) => !a.is_empty(),
            Value::Object(o) => !o.is_empty(),
            _ => true,
        });
    }
    v
}

/// One model of a list, concise.
pub fn model(v: &Value) -> Value {
    let id = at(v, "id").and_then(Value::as_str).unwrap_or_default();
    let mut out = pick(
        v,
        &[
            "id",
            "pipeline_tag",
            "library_name",
            "downloads",
            "likes",
            "trending_score=trendingScore",
            "created_at=createdAt",
            "last_modified=lastModified",
            "private",
            "gated",
        ],
    );
    out["url"] = json!(RepoType::Model.url(id));
    out["tags"] = tags(v, 10);
    compact(out)
}

/// One dataset of a list, concise.
pub fn dataset(v: &Value) -> Value {
    let id = at(v, "id").and_then(Value::as_str).unwrap_or_default();
    let mut out = pick(
        v,
        &[
            "id",
            "downloads",
            "likes",
            "trending_score=trendingScore",
            "created_at=createdAt",
            "last_modified=lastModified",
            "private",
            "gated",
        ],
    );
    out["url"] = json!(RepoType::Dataset.url(id));
    if let Some(d) = at(v, "description").and_then(Value::as_str) {
        out["description"] = json!(cut(d.trim(), 300));
    }
    out["tags"] = tags(v, 10);
    compact(out)
}

/// The `Link: rel="next"` cursor of a list answer.
pub fn next_cursor(resp: &mcp_shared::Response) -> Option<String> {
    resp.link_param("next", "cursor")
}

/// A whole number argument within `1..=max`, else a clear error.
pub fn bounded(
    v: Option<mcp_shared::Int>,
    default: u64,
    max: u64,
    what: &str,
) -> Result<u64, ToolError> {
    let n = match v {
        None => return Ok(default),
        Some(n) => n.get(),
    };
    if n < 1 || n > max {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be between 1 and {max} (got {n})"
        )));
    }
    Ok(n)
}

pub fn non_empty<'a>(s: &'a str, what: &str) -> Result<&'a str, ToolError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must not be empty"
        )));
    }
    Ok(s)
}
