//! What every Calendly tool shares: the current user's URIs from `GET /users/me` (asked once
//! per call, only when the caller named no user), `count` + `page_token` pages (returned as
//! `next_cursor`), URI-or-UUID arguments, and Calendly's `{"title","message","details"}`
//! error body.

use mcp_shared::{Count, Ctx, Method, ToolError, seg};
use serde_json::{Value, json};

/// Calendly's error body: `{"title", "message", "details": [{"parameter", "message"}]}`.
pub static ERRORS: mcp_shared::ErrorShape = mcp_shared::ErrorShape {
    message: &["/message"],
    code: &["/title"],
    details: Some(mcp_shared::Details {
        at: "/details",
        field: &["parameter"],
        message: &["message"],
    }),
    status_hints: &[(
        403,
        "the token lacks a scope this call needs (e.g. scheduled_events:read), or the call needs an organization admin or owner.",
    )],
    ..mcp_shared::ErrorShape::NONE
};

/// The token's own user and organization, from `GET /users/me`.
pub struct Me {
    pub user: String,
    pub organization: Option<String>,
    pub resource: Value,
}

pub async fn me(ctx: &Ctx) -> Result<Me, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/users/me")?
        .send_json()
        .await?;
    let resource = v.get("resource").cloned().unwrap_or(Value::Null);
    let user = resource
        .get("uri")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| ToolError::transport("Calendly's /users/me answer has no user URI"))?;
    let organization = resource
        .get("current_organization")
        .and_then(Value::as_str)
        .map(str::to_owned);
    Ok(Me {
        user,
        organization,
        resource,
    })
}

/// The user URI the caller gave, or the token's own (one `/users/me` call).
pub async fn user_or_me(ctx: &Ctx, given: Option<&str>) -> Result<String, ToolError> {
    match given {
        Some(u) => Ok(u.to_owned()),
        None => Ok(me(ctx).await?.user),
    }
}

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// The page size: `count` (1-100, 20 when not given).
pub fn count(c: Option<Count>) -> Result<u64, ToolError> {
    match c.map(Count::get) {
        None => Ok(20),
        Some(n) if (1..=100).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "count must be between 1 and 100 (got {n})"
        ))),
    }
}

/// The items and the next cursor (Calendly's `pagination.next_page_token`, null on the last
/// page).
pub fn paged(v: &Value, item: fn(&Value) -> Value) -> Value {
    let items: Vec<Value> = v
        .get("collection")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(item).collect())
        .unwrap_or_default();
    let next = v
        .pointer("/pagination/next_page_token")
        .filter(|t| t.as_str().is_some_and(|s| !s.is_empty()))
        .cloned()
        .unwrap_or(Value::Null);
    json!({ "items": items, "next_cursor": next })
}

/// The UUID of a resource given as its UUID or its URI
/// (`https://api.calendly.com/scheduled_events/<uuid>`), as an encoded path segment.
pub fn uuid(s: &str, what: &str) -> Result<String, ToolError> {
    let s = s.trim().trim_end_matches('/');
    let id = s.rsplit('/').next().unwrap_or(s).trim();
    if id.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a UUID or a Calendly URI"
        )));
    }
    Ok(seg(id))
}
