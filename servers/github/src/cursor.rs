//! Cursor pagination of GitHub REST lists (Dependabot alerts, security advisories): the next
//! page is named by an opaque `after` cursor in the `Link` header instead of a page number.

use mcp_shared::{Ctx, Int, Method, ToolError};
use serde_json::{Value, json};

use crate::api;

/// One page of a cursor-paginated REST list, each item shaped, as `{"items", "next_cursor"}`
/// (`next_cursor` is `null` on the last page). `query` holds the filters; `after` and
/// `per_page` (capped at GitHub's 100) are added when given. `hint` adds the endpoint's own
/// reading of an error status.
pub async fn list(
    ctx: &Ctx,
    path: &str,
    query: &[(&str, Option<String>)],
    after: Option<&str>,
    per_page: Option<Int>,
    shape: fn(&Value) -> Value,
    hint: fn(ToolError) -> ToolError,
) -> Result<Value, ToolError> {
    let mut r = api::req(ctx, Method::GET, path)?;
    for (k, v) in query {
        r = r.query_opt(k, v.as_deref());
    }
    let after = after.map(str::trim).filter(|a| !a.is_empty());
    let resp = r
        .query_opt("after", after)
        .query_opt("per_page", per_page.map(|p| p.get().clamp(1, 100)))
        .send()
        .await
        .map_err(|e| match e.status {
            Some(400) if after.is_some() => e.with_specific_hint(
                "`after` must be a `next_cursor` this tool returned for the same filters.",
            ),
            _ => hint(e),
        })?;
    let v: Value = resp.json()?;
    Ok(json!({ "items": api::each(&v, shape), "next_cursor": resp.link_param("next", "after") }))
}
