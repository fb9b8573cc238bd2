//! Listing Google editor files (Docs, Sheets, Slides) through the Drive API, for the servers
//! that declare [`super::DRIVE_API`] among their extra APIs.

use serde_json::{Value, json};

use mcp_shared::content::json::pick;
use mcp_shared::{Ctx, Method, ToolError};

/// Text for a Drive query string literal (inside `'...'`): `\` and `'` escaped.
pub fn escape_literal(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\'', "\\'")
}

/// The Drive query for the user's files of one editor MIME type, not trashed, optionally
/// whose name contains `name`.
pub fn editor_files_query(mime: &str, name: Option<&str>) -> String {
    let mut q = format!("mimeType='{mime}' and trashed=false");
    if let Some(n) = name.map(str::trim).filter(|n| !n.is_empty()) {
        q.push_str(&format!(" and name contains '{}'", escape_literal(n)));
    }
    q
}

/// One page of the user's files of an editor MIME type (e.g.
/// `application/vnd.google-apps.document`), most recently modified first: id, name, times,
/// link and owners under `key`, plus `nextPageToken` when there are more. `page_size` is
/// clamped to Drive's 1..=1000.
pub async fn list_editor_files(
    ctx: &Ctx,
    mime: &str,
    name: Option<&str>,
    page_size: u64,
    page_token: Option<&str>,
    key: &str,
) -> Result<Value, ToolError> {
    let v: Value = ctx
        .api_authorized(super::DRIVE_API.name, Method::GET, "/drive/v3/files")?
        .query("q", editor_files_query(mime, name))
        .query("orderBy", "modifiedTime desc")
        .query("pageSize", page_size.clamp(1, 1000))
        .query_opt("pageToken", page_token.filter(|t| !t.is_empty()))
        .query(
            "fields",
            "nextPageToken,files(id,name,createdTime,modifiedTime,webViewLink,owners(displayName,emailAddress))",
        )
        .send_json()
        .await?;
    let files: Vec<Value> = v
        .get("files")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|f| {
            let mut d = pick(
                f,
                &[
                    "id",
                    "name",
                    "createdTime",
                    "modifiedTime",
                    "url=webViewLink",
                ],
            );
            let owners: Vec<&str> = f
                .get("owners")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|o| {
                    o.get("emailAddress")
                        .or(o.get("displayName"))
                        .and_then(Value::as_str)
                })
                .collect();
            if !owners.is_empty() {
                d["owners"] = json!(owners);
            }
            d
        })
        .collect();
    let mut out = json!({ key: files });
    if let Some(t) = v.get("nextPageToken").filter(|t| !t.is_null()) {
        out["nextPageToken"] = t.clone();
    }
    Ok(out)
}
