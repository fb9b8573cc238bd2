//! What every Figma tool shares: the credential (a personal access token in `X-Figma-Token`,
//! an OAuth token as Bearer), Figma's two error bodies, file keys and node ids as Figma takes
//! them, and the concise node summaries that stand in for whole documents.

use mcp_shared::reexports::http::{self, HeaderName};
use mcp_shared::text::ellipsis;
use mcp_shared::{Ctx, Method, Request, ToolError, VendorError, seg};
use serde_json::{Map, Value, json};

/// Credential fields read as a personal access token (sent as `X-Figma-Token`).
pub const PAT_FIELDS: &[&str] = &["api_key", "personal_access_token"];
/// Figma's personal access tokens start with this.
pub const PAT_PREFIX: &str = "figd_";

/// A request to `path` with the caller's credential: a personal access token (`api_key`,
/// `personal_access_token`, or an `access_token` that starts with `figd_`) as
/// `X-Figma-Token`, an OAuth token (`access_token`) as `Authorization: Bearer`.
pub fn request(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    let creds = ctx.credentials();
    let has_pat_field = creds.is_some_and(|c| PAT_FIELDS.iter().any(|f| c.secret(f).is_some()));
    if !has_pat_field
        && let Some(token) = creds.and_then(|c| c.secret("access_token"))
        && token.expose().starts_with(PAT_PREFIX)
    {
        // A PAT that came in as `access_token` (a bare AUTH_DATA token, or a Bearer header):
        // Figma takes it only in X-Figma-Token. `Auth` has no prefix test for a custom header.
        return Ok(ctx
            .request(method, path)
            .sensitive_header(HeaderName::from_static("x-figma-token"), token.expose()));
    }
    ctx.authorized(method, path)
}

/// Reads Figma's error bodies: `{"status":404,"err":"Not found"}` and the newer
/// `{"error":true,"status":403,"message":"..."}`; on a 429 the rate-limit type and plan tier
/// headers become the code.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let s = |k: &str| {
        body.get(k)
            .and_then(Value::as_str)
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
    };
    let message = s("err").or_else(|| s("message")).or_else(|| s("error"));
    let lower = message.as_deref().unwrap_or("").to_ascii_lowercase();
    let hint = if lower.contains("invalid token")
        || lower.contains("token expired")
        || status == 401
    {
        Some(
            "the token is invalid or expired: send a personal access token (figd_...) as `api_key` (or set FIGMA_API_KEY), or an OAuth token as `access_token`.",
        )
    } else if lower.contains("scope") {
        Some(
            "the OAuth token lacks the scope this endpoint needs (e.g. file_content:read, file_comments:write, webhooks:write); re-authorize with it.",
        )
    } else if lower.contains("plan") || lower.contains("enterprise") {
        Some(
            "this endpoint needs a Figma plan the account lacks: the Variables REST API and library analytics are for Enterprise orgs.",
        )
    } else if status == 403 {
        Some(
            "the token has no access to this resource (file, team or project), or lacks the scope for it.",
        )
    } else if status == 404 {
        Some(
            "not found or no access: check the file key (from the file's URL), node ids (`1:2`) and other ids.",
        )
    } else {
        None
    };
    let header = |n: &str| {
        headers
            .get(n)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|v| !v.is_empty())
    };
    let code = (status == 429)
        .then(|| {
            match (
                header("x-figma-rate-limit-type"),
                header("x-figma-plan-tier"),
            ) {
                (Some(t), Some(p)) => Some(format!("rate limit type {t}, plan tier {p}")),
                (Some(t), None) => Some(format!("rate limit type {t}")),
                (None, Some(p)) => Some(format!("plan tier {p}")),
                (None, None) => None,
            }
        })
        .flatten();
    VendorError {
        code,
        message,
        hint: hint.map(str::to_owned),
        ..VendorError::default()
    }
}

/// A file key (or branch key) as Figma takes it in a path: the key itself, or taken from a
/// file URL (`https://www.figma.com/design/<key>/...`, `/file/`, `/board/`, `.../branch/<key>`).
pub fn file_key(raw: &str) -> Result<String, ToolError> {
    let s = raw.trim();
    let key = if s.contains("figma.com/") {
        let parts: Vec<&str> = s.split(['/', '?', '#']).filter(|p| !p.is_empty()).collect();
        let after = |name: &str| {
            parts
                .iter()
                .position(|p| *p == name)
                .and_then(|i| parts.get(i + 1))
                .copied()
        };
        after("branch").or_else(|| {
            [
                "file", "design", "board", "proto", "slides", "deck", "site", "make",
            ]
            .iter()
            .find_map(|k| after(k))
        })
    } else {
        Some(s)
    };
    match key {
        Some(k)
            if !k.is_empty() && k.len() <= 128 && k.chars().all(|c| c.is_ascii_alphanumeric()) =>
        {
            Ok(k.to_owned())
        }
        _ => Err(ToolError::invalid_input(format!(
            "`file_key` must be a Figma file key (the part after /design/ or /file/ in the file's URL), got `{}`",
            ellipsis(s, 80)
        ))),
    }
}

/// One id as a path segment (team, project, comment, webhook, dev resource ids).
pub fn id(raw: &str, what: &str) -> Result<String, ToolError> {
    let s = raw.trim();
    if s.is_empty()
        || s.len() > 200
        || !s
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, ':' | '-' | '_' | ';'))
    {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a Figma id (letters, digits, `:`, `-`, `_`), got `{}`",
            ellipsis(s, 80)
        )));
    }
    Ok(seg(s))
}

/// A comma-separated list of node ids as Figma takes them (`1:2,3:4`); the `1-2` form of
/// node URLs (`?node-id=1-2`) becomes `1:2`.
pub fn node_ids(raw: &str, what: &str) -> Result<String, ToolError> {
    let ids: Vec<String> = raw
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|id| {
            let mut halves = id.splitn(2, '-');
            match (halves.next(), halves.next()) {
                (Some(a), Some(b))
                    if !a.is_empty()
                        && !b.is_empty()
                        && a.chars().all(|c| c.is_ascii_digit())
                        && b.chars().all(|c| c.is_ascii_digit()) =>
                {
                    format!("{a}:{b}")
                }
                _ => id.to_owned(),
            }
        })
        .collect();
    if ids.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must name at least one node id, e.g. `1:2` or `1:2,3:4`"
        )));
    }
    if ids.len() > 500 {
        return Err(ToolError::invalid_input(format!(
            "`{what}` names {} nodes; ask for at most 500 at a time",
            ids.len()
        )));
    }
    Ok(ids.join(","))
}

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// How many node summaries one answer carries at most.
pub const NODE_BUDGET: usize = 1000;

/// Counts the summaries left for one answer; `cut` records that some were left out.
pub struct Budget {
    left: usize,
    pub cut: bool,
}

impl Budget {
    pub fn new() -> Self {
        Self {
            left: NODE_BUDGET,
            cut: false,
        }
    }

    /// The note for an answer whose tree was cut.
    pub fn note(&self) -> Option<Value> {
        self.cut.then(|| {
            json!(format!(
                "the tree was cut at {NODE_BUDGET} nodes; ask for fewer nodes with `ids` or a smaller `depth`"
            ))
        })
    }
}

/// A node as an agent needs it to find its way: id, name, type, the text of a TEXT node,
/// `visible: false` when hidden, how many children it has, and those children Figma returned
/// (to the depth asked for), summarised alike.
pub fn summary(node: &Value, budget: &mut Budget) -> Value {
    let mut m = Map::new();
    for k in ["id", "name", "type"] {
        if let Some(v) = node.get(k) {
            m.insert(k.into(), v.clone());
        }
    }
    if node.get("visible") == Some(&Value::Bool(false)) {
        m.insert("visible".into(), json!(false));
    }
    if node.get("type").and_then(Value::as_str) == Some("TEXT")
        && let Some(t) = node.get("characters").and_then(Value::as_str)
    {
        m.insert("characters".into(), json!(ellipsis(t, 300)));
    }
    if let Some(children) = node.get("children").and_then(Value::as_array) {
        m.insert("children_count".into(), json!(children.len()));
        let mut kids = Vec::new();
        for c in children {
            if budget.left == 0 {
                budget.cut = true;
                break;
            }
            budget.left -= 1;
            kids.push(summary(c, budget));
        }
        if !kids.is_empty() {
            m.insert("children".into(), Value::Array(kids));
        }
    }
    Value::Object(m)
}

/// A user as Figma describes one: id and handle (and email on `/v1/me`).
pub fn user(u: &Value) -> Value {
    mcp_shared::json::pick(u, &["id", "handle", "email"])
}
