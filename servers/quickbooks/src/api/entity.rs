//! Entities: read, create, sparse and full updates (with `SyncToken` reads first), and
//! operations such as delete and void.

use mcp_shared::{Ctx, Method, ToolError, seg_id};
use serde_json::{Map, Value, json};

use super::transport::{request, send};

/// A QuickBooks entity: its name in bodies and queries and its path segment.
#[derive(Debug, Clone, Copy)]
pub struct Entity {
    pub name: &'static str,
    pub path: &'static str,
    /// The fields a concise result keeps.
    pub fields: &'static [&'static str],
}

/// An id argument as a path segment.
pub fn id(v: &str, what: &str) -> Result<String, ToolError> {
    seg_id(v, what)
}

/// The concise shape of an entity object.
pub fn concise(e: &Entity, v: &Value) -> Value {
    mcp_shared::json::pick(v, e.fields)
}

/// `GET /{entity}/{id}`: the entity object.
pub async fn read(ctx: &Ctx, e: &Entity, id_arg: &str) -> Result<Value, ToolError> {
    let id = id(id_arg, "id")?;
    let v = send(request(ctx, Method::GET, &format!("/{}/{id}", e.path))?).await?;
    Ok(v.get(e.name).cloned().unwrap_or(Value::Null))
}

fn sync_token_of(e: &Entity, v: &Value, id: &str) -> Result<String, ToolError> {
    v.get("SyncToken")
        .and_then(|t| match t {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .ok_or_else(|| {
            ToolError::transport(format!(
                "QuickBooks returned {} {id} without a SyncToken; nothing was changed",
                e.name
            ))
        })
}

/// The caller's `sync_token`, or the entity's current one read first.
pub async fn current_sync_token(
    ctx: &Ctx,
    e: &Entity,
    id_arg: &str,
    given: Option<&str>,
) -> Result<String, ToolError> {
    match given.map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) => Ok(t.to_owned()),
        None => {
            let v = read(ctx, e, id_arg).await.map_err(|err| {
                err.context(format!(
                    "reading {} {} for its SyncToken",
                    e.name,
                    id_arg.trim()
                ))
            })?;
            sync_token_of(e, &v, id_arg.trim())
        }
    }
}

/// A create: `POST /{entity}`. Without `request_id` it is never retried; with it (sent as
/// `requestid`), QuickBooks answers a repeat with the first result instead of a duplicate, so
/// the client may retry it and an error after a server-side failure names the key.
pub async fn create(
    ctx: &Ctx,
    e: &Entity,
    body: Map<String, Value>,
    request_id: Option<&str>,
) -> Result<Value, ToolError> {
    let mut r = request(ctx, Method::POST, &format!("/{}", e.path))?;
    if let Some(key) = request_id_arg(request_id)? {
        r = r.idempotency_query("requestid", key);
    }
    let v = send(r.json(&body)).await?;
    Ok(concise(e, v.get(e.name).unwrap_or(&Value::Null)))
}

fn request_id_arg(r: Option<&str>) -> Result<Option<&str>, ToolError> {
    match r.map(str::trim).filter(|r| !r.is_empty()) {
        Some(r) if r.chars().count() > 50 => Err(ToolError::invalid_input(
            "request_id must be at most 50 characters",
        )),
        other => Ok(other),
    }
}

/// A sparse update: `POST /{entity}` with `Id`, the current `SyncToken` and `sparse: true`.
pub async fn sparse_update(
    ctx: &Ctx,
    e: &Entity,
    id_arg: &str,
    sync_token: Option<&str>,
    mut fields: Map<String, Value>,
) -> Result<Value, ToolError> {
    let id = id_arg.trim().to_owned();
    seg_id(&id, "id")?;
    if fields.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "nothing to change: give at least one field of the {} to update",
            e.name
        )));
    }
    let token = current_sync_token(ctx, e, &id, sync_token).await?;
    fields.insert("Id".into(), Value::String(id));
    fields.insert("SyncToken".into(), Value::String(token));
    fields.insert("sparse".into(), Value::Bool(true));
    let v = send(request(ctx, Method::POST, &format!("/{}", e.path))?.json(&fields)).await?;
    Ok(concise(e, v.get(e.name).unwrap_or(&Value::Null)))
}

/// A full update (Account, Vendor: Intuit documents no sparse update for them): the entity
/// read first, these fields merged in (objects merged key by key), sent back whole with the
/// caller's `sync_token` if given.
pub async fn full_update(
    ctx: &Ctx,
    e: &Entity,
    id_arg: &str,
    sync_token: Option<&str>,
    fields: Map<String, Value>,
) -> Result<Value, ToolError> {
    if fields.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "nothing to change: give at least one field of the {} to update",
            e.name
        )));
    }
    let current = read(ctx, e, id_arg).await.map_err(|err| {
        err.context(format!(
            "reading {} {} before updating it",
            e.name,
            id_arg.trim()
        ))
    })?;
    let Value::Object(mut body) = current else {
        return Err(ToolError::transport(format!(
            "QuickBooks returned no {} {}; nothing was changed",
            e.name,
            id_arg.trim()
        )));
    };
    let token = match sync_token.map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) => t.to_owned(),
        None => sync_token_of(e, &Value::Object(body.clone()), id_arg.trim())?,
    };
    for (k, v) in fields {
        match (body.get_mut(&k), v) {
            (Some(Value::Object(old)), Value::Object(new)) => old.extend(new),
            (_, v) => {
                body.insert(k, v);
            }
        }
    }
    body.insert("SyncToken".into(), Value::String(token));
    body.insert("sparse".into(), Value::Bool(false));
    let v = send(request(ctx, Method::POST, &format!("/{}", e.path))?.json(&body)).await?;
    Ok(concise(e, v.get(e.name).unwrap_or(&Value::Null)))
}

/// `POST /{entity}?operation=...` (delete, void) with `Id` and the current `SyncToken`.
pub async fn operation(
    ctx: &Ctx,
    e: &Entity,
    id_arg: &str,
    sync_token: Option<&str>,
    op: &str,
) -> Result<Value, ToolError> {
    let id = id_arg.trim().to_owned();
    seg_id(&id, "id")?;
    let token = current_sync_token(ctx, e, &id, sync_token).await?;
    let v = send(
        request(ctx, Method::POST, &format!("/{}", e.path))?
            .query("operation", op)
            .json(&json!({"Id": id, "SyncToken": token})),
    )
    .await?;
    Ok(concise(e, v.get(e.name).unwrap_or(&Value::Null)))
}
