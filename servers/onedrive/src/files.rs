//! File content: download a file as an embedded resource (size capped), create a text file,
//! upload any file (one `PUT` when small, an upload session when large).

use base64::Engine as _;
use mcp_shared::content::{DEFAULT_MAX_RESOURCE_BYTES, resource};
use mcp_shared::reexports::rmcp::model::ContentBlock;
use mcp_shared::{Ctx, Effect, Method, Output, ToolDef, ToolError, seg, tool};
use mcp_vendor_microsoft::{Query, upload};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{FILES_READ, FILES_READ_WRITE, Place, item, item_name, item_path, select};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "onedrive_read_file_content",
            "Read file content",
            Effect::Read,
            read_file,
        )
        .toolset("files")
        .scopes(FILES_READ),
        tool(
            "onedrive_create_file",
            "Create text file",
            Effect::Write,
            create_file,
        )
        .toolset("files")
        .scopes(FILES_READ_WRITE),
        tool(
            "onedrive_upload_file",
            "Upload file",
            Effect::Write,
            upload_file,
        )
        .toolset("files")
        .scopes(FILES_READ_WRITE),
    ]
}

/// Download a file: its details, then its content as an embedded resource (text for text
/// files, base64 otherwise; up to 10 MB).
#[derive(Deserialize, JsonSchema)]
pub struct ReadFile {
    file_id: String,
}

async fn read_file(ctx: Ctx, a: ReadFile) -> Result<Output, ToolError> {
    let path = item_path(&a.file_id, "file_id")?;
    // Its size and kind first, so that nothing over the cap is downloaded.
    let meta: Value = ctx
        .authorized(Method::GET, &select().on(&path))?
        .send_json()
        .await?;
    let info = item(&meta);
    if meta.get("file").is_none() {
        return Err(ToolError::invalid_input(format!(
            "item {} is a {}, not a file: it has no content to download",
            a.file_id.trim(),
            info["type"].as_str().unwrap_or("item")
        ))
        .with_hint("list a folder's files with onedrive_list_inside_folder."));
    }
    let size = meta.get("size").and_then(Value::as_u64).unwrap_or(0);
    if size > DEFAULT_MAX_RESOURCE_BYTES as u64 {
        return Err(ToolError::invalid_input(format!(
            "file {} is {size} bytes, over the {DEFAULT_MAX_RESOURCE_BYTES} byte limit for content returned inline",
            a.file_id.trim()
        ))
        .with_hint("open it in OneDrive instead (its webUrl), or share a link with onedrive_create_share_link."));
    }
    // Graph answers 302 to a short-lived pre-authenticated URL on another host: that one is
    // fetched without the token.
    let resp = ctx
        .authorized(Method::GET, &format!("{path}/content"))?
        .no_redirect()
        .send_raw()
        .await?;
    let body = match resp.location() {
        Some(url) => {
            ctx.upstream()
                .external(Method::GET, &url)
                .send()
                .await
                .map_err(|e| e.context("Downloading the file from its pre-authenticated URL"))?
                .body
        }
        None if resp.status.is_success() => resp.body,
        None => return Err(resp.error()),
    };
    let name = meta.get("name").and_then(Value::as_str).unwrap_or("file");
    let mime = meta
        .pointer("/file/mimeType")
        .and_then(Value::as_str)
        .filter(|m| !m.is_empty())
        .unwrap_or("application/octet-stream");
    let id = meta
        .get("id")
        .and_then(Value::as_str)
        .unwrap_or(a.file_id.trim());
    let uri = format!("onedrive://items/{}/{}", seg(id), seg(name));
    Ok(Output::Content(vec![
        ContentBlock::text(info.to_string()),
        resource(&uri, mime, &body, DEFAULT_MAX_RESOURCE_BYTES)?,
    ]))
}

// What to do when an item of that name exists: fail, pick a new name, or overwrite it.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum IfExists {
    #[default]
    Error,
    Rename,
    Replace,
}

impl IfExists {
    /// Graph's `@microsoft.graph.conflictBehavior`.
    pub fn behavior(self) -> &'static str {
        match self {
            IfExists::Error => "fail",
            IfExists::Rename => "rename",
            IfExists::Replace => "replace",
        }
    }
}

/// Send `data` as the file `name` in `parent`: one `PUT` when small, else an upload session.
async fn put_file(
    ctx: &Ctx,
    parent: &str,
    name: &str,
    data: Vec<u8>,
    content_type: &str,
    if_exists: IfExists,
) -> Result<Value, ToolError> {
    let place = Place::parse(parent, "parent_folder")?;
    let name = item_name(name, "new_file_name")?;
    let behavior = if_exists.behavior();
    let put = Query::new()
        .param("@microsoft.graph.conflictBehavior", behavior)
        .on(&place.child(name, "/content"));
    let session = place.child(name, "/createUploadSession");
    let body = json!({"item": {"@microsoft.graph.conflictBehavior": behavior, "name": name}});
    let bytes = data.len();
    let v = upload(ctx, &put, &session, body, data, content_type)
        .await
        .map_err(|e| match e.status {
            Some(409) => e.with_specific_hint(
                "an item of that name exists: set if_exists to rename or replace.",
            ),
            _ => e,
        })?;
    let mut out = item(&v);
    out["uploadedBytes"] = json!(bytes);
    Ok(out)
}

/// Create a text file in a folder (content as UTF-8, empty when `data` is absent). Returns
/// the new file. Large content goes through an upload session.
#[derive(Deserialize, JsonSchema)]
pub struct CreateFile {
    /// A folder's id, `root`, or a path such as /Documents
    parent_folder: String,
    new_file_name: String,
    data: Option<String>,
    #[serde(default)]
    if_exists: IfExists,
}

async fn create_file(ctx: Ctx, a: CreateFile) -> Result<Value, ToolError> {
    let data = a.data.unwrap_or_default().into_bytes();
    put_file(
        &ctx,
        &a.parent_folder,
        &a.new_file_name,
        data,
        "text/plain",
        a.if_exists,
    )
    .await
}

/// Upload a file of any type into a folder: give its bytes as `content_base64`. Files over
/// 4 MB go through an upload session (the server's MCP_MAX_BODY_BYTES bounds the request).
/// Returns the new file.
#[derive(Deserialize, JsonSchema)]
pub struct UploadFile {
    /// A folder's id, `root`, or a path such as /Documents
    parent_folder: String,
    /// e.g. report.pdf
    new_file_name: String,
    /// The file's bytes, standard base64
    #[schemars(length(max = 67108864))]
    content_base64: String,
    /// Default application/octet-stream
    content_type: Option<String>,
    #[serde(default)]
    if_exists: IfExists,
}

async fn upload_file(ctx: Ctx, a: UploadFile) -> Result<Value, ToolError> {
    let data = base64::engine::general_purpose::STANDARD
        .decode(a.content_base64.trim())
        .map_err(|e| {
            ToolError::invalid_input(format!("`content_base64` is not standard base64 ({e})"))
        })?;
    let content_type = a
        .content_type
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .unwrap_or("application/octet-stream");
    put_file(
        &ctx,
        &a.parent_folder,
        &a.new_file_name,
        data,
        content_type,
        a.if_exists,
    )
    .await
}
