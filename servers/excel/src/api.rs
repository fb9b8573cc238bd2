//! What the Excel tools share: finding the workbook (a sharing URL resolved through
//! `/shares/u!{base64url}/driveItem`, or a drive item id), the workbook session kept for a
//! call's several requests, and the worksheet a call names.

use std::future::Future;

use base64::Engine as _;
use mcp_shared::{Ctx, Method, Request, ToolError, seg, seg_id};
use mcp_vendor_microsoft::Query;
use serde_json::{Value, json};

// The delegated permissions the tools declare (a 403 names them). Any tool can reach a
// workbook or folder in another user's drive through a sharing URL (`/shares/...`), which
// needs the `.All` permissions; they cover the user's own drive too.
pub const FILES_READ_ALL: &str = "Files.Read.All (or Files.ReadWrite.All)";
pub const FILES_READ_WRITE_ALL: &str = "Files.ReadWrite.All";

/// Graph's share id of a sharing URL: `u!` and the URL in unpadded base64url.
pub fn share_id(url: &str) -> String {
    format!(
        "u!{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(url.trim().as_bytes())
    )
}

/// The drive item a sharing link or web URL names: (drive id, item id, name).
pub async fn resolve_share(
    ctx: &Ctx,
    url: &str,
    arg: &str,
) -> Result<(String, String, Value), ToolError> {
    let u = url.trim();
    if u.contains(char::is_whitespace) {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` must be a OneDrive or SharePoint URL without spaces"
        )));
    }
    let path = Query::new()
        .select(["id", "name", "parentReference", "file", "folder"])
        .on(&format!("/shares/{}/driveItem", share_id(u)));
    let v: Value = ctx
        .authorized(Method::GET, &path)?
        .send_json()
        .await
        .map_err(|e| e.context(format!("Resolving `{arg}`")))?;
    let id = v.get("id").and_then(Value::as_str).map(str::to_owned);
    let drive = v
        .pointer("/parentReference/driveId")
        .and_then(Value::as_str)
        .map(str::to_owned);
    match (drive, id) {
        (Some(d), Some(i)) => Ok((d, i, v)),
        _ => Err(ToolError::transport(
            "Microsoft Graph resolved the link to an item without its id and drive id",
        )),
    }
}

/// A drive id as a path segment: encoded, but with the `!` of business drive ids (`b!...`)
/// kept as Graph writes it.
pub fn drive_seg(id: &str) -> String {
    seg(id).replace("%21", "!")
}

/// The workbook of `workbook_url`: `/drives/{d}/items/{id}/workbook` for a URL, or
/// `/me/drive/items/{id}/workbook` for an item id.
pub async fn workbook(ctx: &Ctx, given: &str) -> Result<String, ToolError> {
    let g = given.trim();
    if g.starts_with("https://") || g.starts_with("http://") {
        let (drive, id, item) = resolve_share(ctx, g, "workbook_url").await?;
        if item.get("folder").is_some() {
            return Err(ToolError::invalid_input(
                "`workbook_url` names a folder, not an .xlsx workbook",
            ));
        }
        return Ok(format!(
            "/drives/{}/items/{}/workbook",
            drive_seg(&drive),
            seg(&id)
        ));
    }
    Ok(format!(
        "/me/drive/items/{}/workbook",
        seg_id(g, "workbook_url")?
    ))
}

/// A workbook session: its id goes on every request of the call as `workbook-session-id`.
pub struct Session {
    pub workbook: String,
    id: Option<String>,
}

impl Session {
    /// A request in the session.
    pub fn req(&self, ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
        let r = ctx.authorized(method, path)?;
        Ok(match &self.id {
            Some(id) => r.header("workbook-session-id", id),
            None => r,
        })
    }
}

/// Run `f` in a persistent workbook session (`POST .../createSession`), closing it after
/// (`POST .../closeSession`) whether `f` succeeded or not.
pub async fn in_session<T, F, Fut>(ctx: &Ctx, workbook: String, f: F) -> Result<T, ToolError>
where
    F: FnOnce(Session) -> Fut,
    Fut: Future<Output = Result<T, ToolError>>,
{
    let v: Value = ctx
        .authorized(Method::POST, &format!("{workbook}/createSession"))?
        .json(&json!({ "persistChanges": true }))
        .send_json()
        .await
        .map_err(|e| e.context("Creating the workbook session"))?;
    let id = v
        .get("id")
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .ok_or_else(|| {
            ToolError::transport("Microsoft Graph created a workbook session without an id")
        })?;
    let close = format!("{workbook}/closeSession");
    let out = f(Session {
        workbook,
        id: Some(id.clone()),
    })
    .await;
    // Best effort: an unclosed session expires on its own (about 5 minutes).
    if let Ok(r) = ctx.authorized(Method::POST, &close) {
        let _ = r.header("workbook-session-id", &id).send().await;
    }
    out
}

/// A worksheet path segment from `worksheet_id` or `worksheet_name` (id first); without
/// either, the first worksheet's id (one more read).
pub async fn worksheet(
    ctx: &Ctx,
    s: &Session,
    id: Option<&str>,
    name: Option<&str>,
) -> Result<String, ToolError> {
    let given = id
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .or_else(|| name.map(str::trim).filter(|v| !v.is_empty()));
    if let Some(g) = given {
        return Ok(format!("{}/worksheets/{}", s.workbook, seg(g)));
    }
    let path = Query::new()
        .select(["id", "name", "position"])
        .on(&format!("{}/worksheets", s.workbook));
    let v: Value = s.req(ctx, Method::GET, &path)?.send_json().await?;
    let first = v
        .get("value")
        .and_then(Value::as_array)
        .and_then(|a| {
            a.iter().min_by_key(|w| {
                w.get("position")
                    .and_then(Value::as_i64)
                    .unwrap_or(i64::MAX)
            })
        })
        .and_then(|w| w.get("id").and_then(Value::as_str))
        .ok_or_else(|| ToolError::invalid_input("the workbook has no worksheet"))?;
    Ok(format!("{}/worksheets/{}", s.workbook, seg(first)))
}

/// A session-less view of a workbook, for calls of one read.
pub fn no_session(workbook: String) -> Session {
    Session { workbook, id: None }
}

/// An A1 address for Graph's `range(address='...')`: letters, digits, `:` and `$` only.
pub fn address(a: &str, arg: &str) -> Result<String, ToolError> {
    let a = a.trim();
    let ok = !a.is_empty()
        && a.len() <= 64
        && a.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ':' || c == '$');
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` must be an A1 address such as B2 or A1:C10 (got {a:?})"
        )));
    }
    Ok(a.to_ascii_uppercase())
}
