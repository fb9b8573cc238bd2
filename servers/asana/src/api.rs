//! What every Asana tool shares: the `{"data": ...}` envelope, `limit` + `offset` pages
//! (`next_page.offset`, returned as `next_page_token`), the `opt_fields` that keep results
//! concise, and Asana's `{"errors":[{"message","help","phrase"}]}` error body.

use mcp_shared::{Ctx, Method, ToolError, seg_id};
use serde_json::{Map, Value, json};

/// Fields of a task in lists and search results.
pub const TASK_LIST_FIELDS: &str =
    "name,completed,assignee.name,due_on,due_at,start_on,permalink_url";
/// Fields of one task.
pub const TASK_FIELDS: &str = "name,completed,completed_at,assignee.name,due_on,due_at,start_on,start_at,notes,projects.name,memberships.section.name,parent.name,tags.name,num_subtasks,created_at,modified_at,permalink_url";
/// Fields of a project in lists.
pub const PROJECT_LIST_FIELDS: &str = "name,archived,team.name,permalink_url";

/// Asana's error body, `{"errors": [{"message", "help", "phrase"}]}`; a 402 is a premium feature.
pub static ERRORS: mcp_shared::ErrorShape = mcp_shared::ErrorShape {
    message: &["/errors/0/message"],
    hint: &["/errors/0/help"],
    status_hints: &[(
        402,
        "this feature needs a paid Asana plan (Starter, Advanced or Enterprise) for the workspace; on a free workspace list tasks with asana_get_project_tasks or asana_get_subtasks instead of searching.",
    )],
    ..mcp_shared::ErrorShape::NONE
};

/// An id for a path segment (`me` is accepted where Asana takes it).
pub fn gid(id: &str, what: &str) -> Result<String, ToolError> {
    seg_id(id, what)
}

/// The page size: Asana takes 1 to 100 (50 when not given).
pub fn page_size(limit: Option<Count>) -> Result<u64, ToolError> {
    match limit.map(Count::get) {
        None => Ok(50),
        Some(n @ 1..=100) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "limit must be between 1 and 100 (got {n})"
        ))),
    }
}

/// `GET path` with these query parameters: the `data` of the answer.
pub async fn get(ctx: &Ctx, path: &str, query: &[(&str, String)]) -> Result<Value, ToolError> {
    let mut req = ctx.authorized(Method::GET, path)?;
    for (k, v) in query {
        req = req.query(k, v);
    }
    let v: Value = req.send_json().await?;
    Ok(data(v))
}

/// A page of a list: `limit`, the `offset` token, the fields; returns the items and
/// `next_page_token` (null on the last page).
pub async fn list(
    ctx: &Ctx,
    path: &str,
    mut query: Vec<(&str, String)>,
    limit: Option<Count>,
    token: Option<&str>,
    fields: &str,
) -> Result<Value, ToolError> {
    query.push(("limit", page_size(limit)?.to_string()));
    if let Some(t) = token.map(str::trim).filter(|t| !t.is_empty()) {
        query.push(("offset", t.to_owned()));
    }
    query.push(("opt_fields", fields.to_owned()));
    let mut req = ctx.authorized(Method::GET, path)?;
    for (k, v) in &query {
        req = req.query(k, v);
    }
    let v: Value = req.send_json().await?;
    let next = v
        .get("next_page")
        .and_then(|n| n.get("offset"))
        .cloned()
        .unwrap_or(Value::Null);
    Ok(json!({ "items": data(v), "next_page_token": next }))
}

/// `POST`/`PUT` a `{"data": body}` envelope; the `data` of the answer.
pub async fn send(
    ctx: &Ctx,
    method: Method,
    path: &str,
    body: Map<String, Value>,
    fields: Option<&str>,
) -> Result<Value, ToolError> {
    let idempotent = method == Method::PUT;
    let mut req = ctx
        .authorized(method, path)?
        .json(&json!({ "data": body }))
        .idempotent(idempotent);
    if let Some(f) = fields {
        req = req.query("opt_fields", f);
    }
    let v: Value = req.send_json().await?;
    Ok(data(v))
}

/// The `data` member of an answer (the answer itself when there is none).
pub fn data(mut v: Value) -> Value {
    match v.get_mut("data") {
        Some(d) => d.take(),
        None => v,
    }
}

/// A date argument: `YYYY-MM-DD` goes to `<prefix>_on`, an ISO 8601 date-time to
/// `<prefix>_at`.
pub fn put_date(
    body: &mut Map<String, Value>,
    prefix: &str,
    arg: &str,
    value: Option<&str>,
) -> Result<(), ToolError> {
    let Some(v) = value.map(str::trim) else {
        return Ok(());
    };
    let b = v.as_bytes();
    let is_date = b.len() >= 10
        && b[..10].iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        });
    if is_date && b.len() == 10 {
        body.insert(format!("{prefix}_on"), json!(v));
    } else if is_date && b.get(10) == Some(&b'T') {
        body.insert(format!("{prefix}_at"), json!(v));
    } else {
        return Err(ToolError::invalid_input(format!(
            "{arg} must be a date YYYY-MM-DD or an ISO 8601 date-time such as 2026-05-01T17:00:00Z (got {v:?})"
        )));
    }
    Ok(())
}

pub use mcp_shared::Count;
