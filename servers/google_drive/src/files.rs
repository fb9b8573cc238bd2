//! Files: search with Drive's query language, metadata, contents (exports of Google Docs,
//! Sheets and Slides; downloads of other files), the file tree, folders, moves, renames and the
//! trash.

use std::collections::{HashMap, HashSet};

use mcp_shared::content::{DEFAULT_MAX_RESOURCE_BYTES, is_text_mime, resource, truncate};
use mcp_shared::json::pick;
use mcp_shared::pagination::Pages;
use mcp_shared::reexports::rmcp::model::ContentBlock;
use mcp_shared::{Ctx, Effect, Method, Output, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{
    self, Count, DRIVES, FILES, FOLDER_MIME, OrderBy, SHORTCUT_MIME, Scope, file_path,
    file_summary, given, limit, literal, req,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_drive_search_files",
            "Search files",
            Effect::Read,
            search_files,
        )
        .toolset("files"),
        tool(
            "google_drive_get_file",
            "Get file details",
            Effect::Read,
            get_file,
        )
        .toolset("files"),
        tool(
            "google_drive_read_file",
            "Read or download a file",
            Effect::Read,
            read_file,
        )
        .toolset("files"),
        tool(
            "google_drive_get_file_tree_structure",
            "Get the file tree",
            Effect::Read,
            get_file_tree_structure,
        )
        .toolset("files"),
        tool(
            "google_drive_create_folder",
            "Create a folder",
            Effect::Write,
            create_folder,
        )
        .toolset("files"),
        tool(
            "google_drive_move_file",
            "Move a file",
            Effect::IdempotentWrite,
            move_file,
        )
        .toolset("files"),
        tool(
            "google_drive_rename_file",
            "Rename a file",
            Effect::IdempotentWrite,
            rename_file,
        )
        .toolset("files"),
        tool(
            "google_drive_empty_trash",
            "Empty the trash",
            Effect::Destructive,
            empty_trash,
        )
        .toolset("files"),
    ]
}

/// Text returned inline by google_drive_read_file.
const MAX_TEXT_BYTES: usize = 100 * 1024;

// ---- search

/// Search files and folders in My Drive, shared with the user and in shared drives, by the filters
/// (escaped for you) and an optional raw Drive `query`; trashed files are left out unless
/// `include_trashed`. Returns files and `nextPageToken`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchFiles {
    /// Raw Drive query, ANDed, e.g. `modifiedTime > '2024-01-01T00:00:00'`
    query: Option<String>,
    name_contains: Option<String>,
    /// Name, description or content; sorts by relevance
    full_text_contains: Option<String>,
    /// e.g. `application/vnd.google-apps.folder`
    mime_type: Option<String>,
    /// Direct children of this folder or shared drive
    folder_id: Option<String>,
    /// Only this shared drive
    shared_drive_id: Option<String>,
    #[schemars(extend("default" = true))]
    include_shared_drives: Option<bool>,
    #[schemars(extend("default" = false))]
    include_trashed: Option<bool>,
    /// Default `modifiedTime desc`
    order_by: Option<Vec<OrderBy>>,
    /// At most 1000
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    page_token: Option<String>,
}

async fn search_files(ctx: Ctx, a: SearchFiles) -> Result<Value, ToolError> {
    let mut terms: Vec<String> = Vec::new();
    if let Some(n) = given(&a.name_contains) {
        terms.push(format!("name contains {}", literal(n)));
    }
    if let Some(t) = given(&a.full_text_contains) {
        terms.push(format!("fullText contains {}", literal(t)));
    }
    if let Some(m) = given(&a.mime_type) {
        terms.push(format!("mimeType = {}", literal(m)));
    }
    if let Some(f) = given(&a.folder_id) {
        terms.push(format!("{} in parents", literal(f)));
    }
    if !a.include_trashed.unwrap_or(false) {
        terms.push("trashed = false".to_owned());
    }
    if let Some(q) = given(&a.query) {
        terms.push(format!("({q})"));
    }
    let q = terms.join(" and ");
    let full_text = q.to_ascii_lowercase().contains("fulltext");
    let scope = Scope {
        shared_drive_id: given(&a.shared_drive_id),
        include_shared_drives: a.include_shared_drives.unwrap_or(true),
        include_domain: false,
    };
    let mut r = scope
        .apply(req(&ctx, Method::GET, FILES)?)
        .query("pageSize", limit(a.limit, 25, 1000))
        .query("fields", api::list_fields());
    if !q.is_empty() {
        r = r.query("q", &q);
    }
    if !full_text {
        r = r.query("orderBy", api::order_by(&a.order_by));
    }
    let list: Value = r
        .query_opt("pageToken", given(&a.page_token))
        .send_json()
        .await?;
    let mut out = Map::new();
    out.insert("files".into(), Value::Array(api::files_of(&list)));
    api::page_fields(&list, &mut out);
    Ok(Value::Object(out))
}

// ---- metadata

const DETAIL_FIELDS: &str = "id,name,mimeType,description,size,createdTime,modifiedTime,parents,driveId,webViewLink,owners(displayName,emailAddress),shared,trashed,starred,shortcutDetails(targetId,targetMimeType)";

/// Get a file's or folder's metadata: name, MIME type, size, times, parents, link, owners, sharing,
/// trash and star state, a shortcut's target.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetFile {
    file_id: String,
}

async fn get_file(ctx: Ctx, a: GetFile) -> Result<Value, ToolError> {
    let v: Value = req(&ctx, Method::GET, &file_path(&a.file_id, "file_id")?)?
        .query("supportsAllDrives", "true")
        .query("fields", DETAIL_FIELDS)
        .send_json()
        .await?;
    Ok(file_summary(&v))
}

// ---- contents

/// Read a file: Docs and Slides as text, Sheets as CSV (first sheet), Drawings as PNG, or the
/// `export_mime_type`; other files as they are. Text comes as JSON `content` (up to 100 KB), binary
/// as an embedded resource (up to 10 MB).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReadFile {
    file_id: String,
    /// For Google files, e.g. `text/markdown`, `application/pdf`, an Office type
    export_mime_type: Option<String>,
}

/// The format a Google Workspace type is exported to by default; `None` when Drive cannot
/// export it.
fn default_export(mime: &str) -> Option<&'static str> {
    Some(match mime.strip_prefix("application/vnd.google-apps.")? {
        "document" => "text/plain",
        "spreadsheet" => "text/csv",
        "presentation" => "text/plain",
        "drawing" => "image/png",
        "script" => "application/vnd.google-apps.script+json",
        _ => return None,
    })
}

fn str_at<'a>(v: &'a Value, k: &str) -> &'a str {
    v.get(k).and_then(Value::as_str).unwrap_or("")
}

/// `gdrive://files/<id>/<name>`: the URI of a file's content in a resource.
fn content_uri(id: &str, name: &str) -> String {
    format!("gdrive://files/{}/{}", seg(id), seg(name))
}

/// The JSON summary of a read file, with its content when it is text.
fn read_summary(meta: &Value) -> Map<String, Value> {
    match pick(meta, &["id", "name", "mimeType", "webViewLink"]) {
        Value::Object(o) => o,
        _ => Map::new(),
    }
}

/// Text as a JSON result; anything else as a summary and an embedded resource.
fn content_result(
    meta: &Value,
    mut summary: Map<String, Value>,
    mime: &str,
    bytes: &[u8],
) -> Result<Output, ToolError> {
    if is_text_mime(mime) {
        let (text, cut) = truncate(&api::text_of(bytes), MAX_TEXT_BYTES);
        summary.insert("content".into(), Value::String(text));
        if cut {
            summary.insert("truncated".into(), Value::Bool(true));
        }
        return Ok(Output::Json(Value::Object(summary)));
    }
    let uri = content_uri(str_at(meta, "id"), str_at(meta, "name"));
    let block = resource(&uri, mime, bytes, DEFAULT_MAX_RESOURCE_BYTES)?;
    summary.insert("bytes".into(), json!(bytes.len()));
    Ok(Output::Content(vec![
        ContentBlock::text(Value::Object(summary).to_string()),
        block,
    ]))
}

/// The first `max` bytes of a text file and the marker Drive's total size calls for.
fn partial_text(bytes: &[u8], total: u64) -> String {
    // Keep whole characters: drop a sequence cut at the end.
    let end = match std::str::from_utf8(bytes) {
        Ok(_) => bytes.len(),
        Err(e) if e.error_len().is_none() => e.valid_up_to(),
        Err(_) => bytes.len(),
    };
    let text = api::text_of(&bytes[..end]);
    format!(
        "{text}\n…[truncated: showing the first {} of {total} bytes]",
        text.len()
    )
}

async fn read_file(ctx: Ctx, a: ReadFile) -> Result<Output, ToolError> {
    let path = file_path(&a.file_id, "file_id")?;
    let meta: Value = req(&ctx, Method::GET, &path)?
        .query("supportsAllDrives", "true")
        .query(
            "fields",
            "id,name,mimeType,size,webViewLink,shortcutDetails(targetId,targetMimeType)",
        )
        .send_json()
        .await?;
    let id = str_at(&meta, "id");
    let id = if id.is_empty() { a.file_id.trim() } else { id };
    let mime = str_at(&meta, "mimeType");
    let name = str_at(&meta, "name");
    if mime == FOLDER_MIME {
        return Err(ToolError::invalid_input(format!(
            "{name} ({id}) is a folder, which has no content"
        ))
        .with_hint("list its files with google_drive_search_files and folder_id."));
    }
    if mime == SHORTCUT_MIME {
        let target = meta
            .pointer("/shortcutDetails/targetId")
            .and_then(Value::as_str)
            .unwrap_or("(unknown)");
        return Err(ToolError::invalid_input(format!(
            "{name} ({id}) is a shortcut to the file {target}"
        ))
        .with_hint("read the target: call google_drive_read_file with its id."));
    }
    let mut summary = read_summary(&meta);
    if mime.starts_with("application/vnd.google-apps.") {
        let export_mime = match given(&a.export_mime_type) {
            Some(m) => m.to_owned(),
            None => default_export(mime)
                .ok_or_else(|| {
                    ToolError::invalid_input(format!(
                        "{name} ({id}) is a {mime} file, which Drive cannot export"
                    ))
                    .with_hint("open it with its webViewLink.")
                })?
                .to_owned(),
        };
        let bytes = api::export(&ctx, id, &export_mime).await?;
        summary.insert("exportMimeType".into(), json!(export_mime));
        return content_result(&meta, summary, &export_mime, &bytes);
    }
    if given(&a.export_mime_type).is_some() {
        return Err(ToolError::invalid_input(format!(
            "export_mime_type applies to Google Docs, Sheets, Slides and Drawings only; {name} ({id}) is a {mime} file"
        ))
        .with_hint("leave export_mime_type out to download the file as it is."));
    }
    let size = meta.get("size").and_then(|s| {
        s.as_str()
            .and_then(|s| s.parse::<u64>().ok())
            .or(s.as_u64())
    });
    let text = is_text_mime(mime);
    // Drive may serve the bytes from a content host: followed without the token.
    let media = req(&ctx, Method::GET, &path)?
        .query("alt", "media")
        .query("supportsAllDrives", "true")
        .redirect_without_credentials();
    match size {
        // A long text file: read only its beginning.
        Some(total) if text && total > MAX_TEXT_BYTES as u64 => {
            let resp = media
                .header("range", &format!("bytes=0-{}", MAX_TEXT_BYTES - 1))
                .send()
                .await?;
            let body = &resp.body[..resp.body.len().min(MAX_TEXT_BYTES)];
            summary.insert("content".into(), json!(partial_text(body, total)));
            summary.insert("truncated".into(), Value::Bool(true));
            Ok(Output::Json(Value::Object(summary)))
        }
        // Too big to return inline: say so before downloading it.
        Some(total) if !text && total > DEFAULT_MAX_RESOURCE_BYTES as u64 => {
            Err(ToolError::invalid_input(format!(
                "{name} ({id}) is {total} bytes, over the {DEFAULT_MAX_RESOURCE_BYTES} byte limit for content returned inline"
            ))
            .with_hint(format!(
                "open or download it from Drive: {}",
                meta.get("webViewLink")
                    .and_then(Value::as_str)
                    .unwrap_or("its webViewLink")
            )))
        }
        _ => {
            let resp = media.send().await?;
            content_result(&meta, summary, mime, &resp.body)
        }
    }
}

// ---- the file tree

/// Most files and folders the tree reads without a `limit`, and with one.
const TREE_DEFAULT: u64 = 500;
const TREE_MAX: u64 = 5000;

/// Get the user's Drive as a tree: each drive with its files and folders nested (id, name, MIME
/// type, size, modified time), up to `limit` items (`truncated` when more). Shared files whose
/// folder is hidden sit at My Drive's top.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetFileTreeStructure {
    #[schemars(extend("default" = false))]
    include_shared_drives: Option<bool>,
    restrict_to_shared_drive_id: Option<String>,
    #[schemars(extend("default" = false))]
    include_organization_domain_documents: Option<bool>,
    /// Of siblings; default `modifiedTime desc`
    order_by: Option<Vec<OrderBy>>,
    /// Default 500, at most 5000
    limit: Option<Count>,
}

const TREE_FIELDS: &str = "nextPageToken,files(id,name,mimeType,parents,driveId,size,modifiedTime)";

struct Tree {
    nodes: Vec<Value>,
    children: Vec<Vec<usize>>,
}

impl Tree {
    /// The node at `i` with its children nested (depth-bounded).
    fn build(&self, i: usize, depth: usize) -> Value {
        let mut node = self.nodes[i].clone();
        if depth < 64 && !self.children[i].is_empty() {
            let kids: Vec<Value> = self.children[i]
                .iter()
                .map(|&c| self.build(c, depth + 1))
                .collect();
            node["children"] = Value::Array(kids);
        }
        node
    }
}

async fn get_file_tree_structure(ctx: Ctx, a: GetFileTreeStructure) -> Result<Value, ToolError> {
    let max = a
        .limit
        .map(|c| c.0)
        .unwrap_or(TREE_DEFAULT)
        .clamp(1, TREE_MAX);
    let scope = Scope {
        shared_drive_id: given(&a.restrict_to_shared_drive_id),
        include_shared_drives: a.include_shared_drives.unwrap_or(false),
        include_domain: a.include_organization_domain_documents.unwrap_or(false),
    };
    let order = api::order_by(&a.order_by);
    let mut files: Vec<Value> = Vec::new();
    let mut token: Option<String> = None;
    let mut truncated = false;
    let mut pages = Pages::new();
    loop {
        let want = (max - files.len() as u64).min(1000);
        let list: Value = scope
            .apply(req(&ctx, Method::GET, FILES)?)
            .query("q", "trashed = false")
            .query("orderBy", &order)
            .query("pageSize", want)
            .query("fields", TREE_FIELDS)
            .query_opt("pageToken", token.as_deref())
            .send_json()
            .await?;
        let page = list.get("files").and_then(Value::as_array);
        files.extend(page.into_iter().flatten().cloned());
        let next = list.get("nextPageToken").and_then(Value::as_str);
        if files.len() as u64 >= max {
            truncated = next.is_some() || files.len() as u64 > max;
            files.truncate(max as usize);
            break;
        }
        if page.is_none_or(|p| p.is_empty()) {
            break;
        }
        token = pages.next(next);
        if token.is_none() {
            break;
        }
    }
    let index: HashMap<String, usize> = files
        .iter()
        .enumerate()
        .filter_map(|(i, f)| {
            f.get("id")
                .and_then(Value::as_str)
                .map(|id| (id.to_owned(), i))
        })
        .collect();
    let mut tree = Tree {
        nodes: Vec::with_capacity(files.len()),
        children: vec![Vec::new(); files.len()],
    };
    // Roots per drive, in first-seen order; `None` is My Drive.
    let mut drives: Vec<(Option<String>, Vec<usize>)> = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let mut node = pick(f, &["id", "name", "mimeType", "modifiedTime"]);
        if let Some(size) = f
            .get("size")
            .and_then(Value::as_str)
            .and_then(|s| s.parse::<u64>().ok())
        {
            node["size"] = json!(size);
        }
        tree.nodes.push(node);
        let parent = f
            .pointer("/parents/0")
            .and_then(Value::as_str)
            .and_then(|p| index.get(p).copied())
            .filter(|&p| p != i);
        match parent {
            Some(p) => tree.children[p].push(i),
            None => {
                let drive_id = f.get("driveId").and_then(Value::as_str).map(str::to_owned);
                match drives.iter_mut().find(|(d, _)| *d == drive_id) {
                    Some((_, roots)) => roots.push(i),
                    None => drives.push((drive_id, vec![i])),
                }
            }
        }
    }
    let mut out_drives = Vec::new();
    let mut named: HashSet<String> = HashSet::new();
    for (drive_id, roots) in &drives {
        let children: Vec<Value> = roots.iter().map(|&r| tree.build(r, 0)).collect();
        let mut d = Map::new();
        match drive_id {
            None => {
                d.insert("name".into(), json!("My Drive"));
            }
            Some(id) => {
                d.insert("id".into(), json!(id));
                if named.insert(id.clone()) {
                    d.insert("name".into(), json!(shared_drive_name(&ctx, id).await));
                }
            }
        }
        d.insert("children".into(), Value::Array(children));
        out_drives.push(Value::Object(d));
    }
    let mut out = json!({ "drives": out_drives, "fileCount": files.len() });
    if let Some(note) = pages.note() {
        truncated = true;
        out["note"] = json!(note);
    }
    if truncated {
        out["truncated"] = json!(true);
    }
    Ok(out)
}

/// A shared drive's name, or why it is unavailable.
async fn shared_drive_name(ctx: &Ctx, id: &str) -> String {
    let r = match req(ctx, Method::GET, &format!("{DRIVES}/{}", seg(id))) {
        Ok(r) => r.query("fields", "id,name"),
        Err(e) => return format!("Shared drive (name unavailable: {e})"),
    };
    match r.send_json::<Value>().await {
        Ok(v) => v
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("Shared drive")
            .to_owned(),
        Err(e) => format!("Shared drive (name unavailable: {e})"),
    }
}

// ---- folders, moves, renames

const WRITE_FIELDS: &str = "id,name,mimeType,parents,driveId,webViewLink";

/// Create a folder in My Drive's top level or in a parent folder or shared drive. Returns its id,
/// name, parents and link.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateFolder {
    name: String,
    parent_folder_id: Option<String>,
    description: Option<String>,
}

async fn create_folder(ctx: Ctx, a: CreateFolder) -> Result<Value, ToolError> {
    let name = a.name.trim();
    if name.is_empty() {
        return Err(ToolError::invalid_input("`name` must not be empty"));
    }
    let mut body = json!({ "name": name, "mimeType": FOLDER_MIME });
    if let Some(p) = given(&a.parent_folder_id) {
        body["parents"] = json!([p]);
    }
    if let Some(d) = given(&a.description) {
        body["description"] = json!(d);
    }
    let v: Value = req(&ctx, Method::POST, FILES)?
        .query("supportsAllDrives", "true")
        .query("fields", WRITE_FIELDS)
        .json(&body)
        .send_json()
        .await?;
    Ok(file_summary(&v))
}

/// Move a file or folder into another folder or shared drive, out of all its old folders. Returns
/// its id, name and parents.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct MoveFile {
    file_id: String,
    destination_folder_id: String,
}

async fn move_file(ctx: Ctx, a: MoveFile) -> Result<Value, ToolError> {
    let path = file_path(&a.file_id, "file_id")?;
    let dest = a.destination_folder_id.trim();
    if dest.is_empty() {
        return Err(ToolError::invalid_input(
            "`destination_folder_id` must not be empty",
        ));
    }
    let current: Value = req(&ctx, Method::GET, &path)?
        .query("supportsAllDrives", "true")
        .query("fields", "id,parents")
        .send_json()
        .await?;
    let remove: Vec<&str> = current
        .get("parents")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|p| *p != dest)
        .collect();
    let v: Value = req(&ctx, Method::PATCH, &path)?
        .query("addParents", dest)
        .query_opt(
            "removeParents",
            (!remove.is_empty()).then(|| remove.join(",")),
        )
        .query("supportsAllDrives", "true")
        .query("fields", WRITE_FIELDS)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(file_summary(&v))
}

/// Rename a file or folder. Returns its id, name and link.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct RenameFile {
    file_id: String,
    new_name: String,
}

async fn rename_file(ctx: Ctx, a: RenameFile) -> Result<Value, ToolError> {
    let name = a.new_name.trim();
    if name.is_empty() {
        return Err(ToolError::invalid_input("`new_name` must not be empty"));
    }
    let v: Value = req(&ctx, Method::PATCH, &file_path(&a.file_id, "file_id")?)?
        .query("supportsAllDrives", "true")
        .query("fields", WRITE_FIELDS)
        .json(&json!({ "name": name }))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(file_summary(&v))
}

// ---- trash

/// Permanently delete every file in the user's trash, or in a shared drive's with `drive_id`.
/// Cannot be undone.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct EmptyTrash {
    drive_id: Option<String>,
}

async fn empty_trash(ctx: Ctx, a: EmptyTrash) -> Result<Value, ToolError> {
    let drive_id = given(&a.drive_id);
    req(&ctx, Method::DELETE, &format!("{FILES}/trash"))?
        .query_opt("driveId", drive_id)
        .send()
        .await?;
    let mut out = json!({ "emptied": true });
    if let Some(d) = drive_id {
        out["driveId"] = json!(d);
    }
    Ok(out)
}
