//! What every GitHub tool shares: authenticated requests, GitHub's error body, pagination.

use mcp_shared::json::{at, pick, pluck};
use mcp_shared::reexports::http;
use serde_json::{Value, json};
use mcp_shared::upstream::{parse_link_header, query_param};
use mcp_shared::{Ctx, Int, Method, Request, Response, ToolError, VendorError};

/// An authenticated request to the GitHub REST API.
pub fn req(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    Ok(ctx.request(method, path).bearer(&ctx.token()?))
}

/// `/repos/{owner}/{repo}` with both segments encoded.
pub fn repo_path(owner: &str, repo: &str) -> String {
    format!("/repos/{}/{}", mcp_shared::seg(owner), mcp_shared::seg(repo))
}

/// GitHub's error body: `{"message", "documentation_url", "errors": [{"resource", "field", "code", "message"}]}`.
/// A 403 for a missing OAuth scope names the scopes from `X-Accepted-OAuth-Scopes`.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let mut message = body
        .get("message")
        .and_then(Value::as_str)
        .map(str::to_owned);
    if let Some(errors) = body.get("errors").and_then(Value::as_array) {
        let details: Vec<String> = errors
            .iter()
            .map(|e| match e {
                Value::String(s) => s.clone(),
                _ => e
                    .get("message")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
                    .unwrap_or_else(|| {
                        let field = e.get("field").and_then(Value::as_str).unwrap_or("?");
                        let code = e.get("code").and_then(Value::as_str).unwrap_or("invalid");
                        format!("{field}: {code}")
                    }),
            })
            .collect();
        if !details.is_empty() {
            message = Some(format!(
                "{} ({})",
                message.unwrap_or_default(),
                details.join("; ")
            ));
        }
    }
    let header = |n: &str| headers.get(n).and_then(|v| v.to_str().ok()).map(str::trim);
    let hint = match status {
        403 | 404 => header("x-accepted-oauth-scopes")
            .filter(|s| !s.is_empty())
            .map(|needed| {
                let has = header("x-oauth-scopes").unwrap_or("");
                format!(
                    "this action needs the token scope(s) `{needed}` (the token has `{has}`); or, for a 404, the repository does not exist or the token cannot see it."
                )
            }),
        _ => None,
    };
    VendorError {
        code: None,
        message,
        hint,
    }
}

/// Add `page` and `per_page` (capped at GitHub's 100) to a list request.
pub fn paged(r: Request, page: Option<Int>, per_page: Option<Int>) -> Request {
    r.query_opt("page", page.map(|p| p.get().max(1)))
        .query_opt("per_page", per_page.map(|p| p.get().clamp(1, 100)))
}

/// `{"items": [...], "next_page": n}` from a list response and its `Link` header.
pub fn page_of(resp: &Response, items: Value) -> Value {
    let next = resp
        .header("link")
        .and_then(|l| parse_link_header(l, "next"))
        .and_then(|u| query_param(&u, "page"))
        .and_then(|p| p.parse::<u64>().ok());
    json!({ "items": items, "next_page": next })
}

/// Map each element of a JSON array.
pub fn each(v: &Value, f: fn(&Value) -> Value) -> Value {
    mcp_shared::json::map_array(v, f)
}

pub fn user(v: &Value) -> Value {
    pick(v, &["login", "id", "type", "name", "html_url"])
}

pub fn repo(v: &Value) -> Value {
    pick(
        v,
        &[
            "full_name", "description", "private", "fork", "default_branch", "language",
            "stargazers_count", "forks_count", "open_issues_count", "topics", "html_url",
            "clone_url", "updated_at", "owner=owner.login",
        ],
    )
}

pub fn issue(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "number", "title", "state", "state_reason", "body", "user=user.login", "comments",
            "milestone=milestone.title", "created_at", "updated_at", "closed_at", "html_url",
        ],
    );
    o["labels"] = pluck(v, "labels", "name");
    o["assignees"] = pluck(v, "assignees", "login");
    if at(v, "pull_request").is_some() {
        o["is_pull_request"] = Value::Bool(true);
    }
    o
}

pub fn comment(v: &Value) -> Value {
    pick(v, &["id", "user=user.login", "body", "created_at", "updated_at", "html_url"])
}
