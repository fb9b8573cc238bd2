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

/// Search files and folders with Drive's query language, across My Drive, files shared with
/// the user and (by default) the shared drives they belong to. Combine the simple filters
/// (name_contains, full_text_contains, mime_type, folder_id; user text is escaped for you) and
/// an optional raw `query`; trashed files are left out unless include_trashed. Returns each
/// file's id, name, MIME type, size, modified time, parents, shared drive, link and owners,
/// and `nextPageToken` when there are more.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchFiles {
    /// A raw Drive query, ANDed with the filters, e.g. `modifiedTime > '2024-01-01T00:00:00'`
    /// or `'ann@example.com' in owners` (string literals in single quotes; escape `'` and `\`
    /// with a backslash)
    query: Option<String>,
    /// Text the file name must contain (escaped for you)
    name_contains: Option<String>,
    /// Text the file's name, description or content must contain (escaped for you); results
    /// then come by relevance and order_by is not applied
    full_text_contains: Option<String>,
    /// Exact MIME type, e.g. `application/pdf`, `application/vnd.google-apps.folder`,
    /// `application/vnd.google-apps.spreadsheet`
    mime_type: Option<String>,
    /// Only the direct children of this folder (a folder id, or a shared drive id for its
    /// top level)
    folder_id: Option<String>,
    /// Search only this shared drive
    shared_drive_id: Option<String>,
    /// Include the shared drives the user is a member of (default true)
    #[schemars(extend("default" = true))]
    include_shared_drives: Option<bool>,
    /// Include trashed files (default false)
    #[schemars(extend("default" = false))]
    include_trashed: Option<bool>,
    /// Sort keys, applied in order (default `modifiedTime desc`)
    order_by: Option<Vec<OrderBy>>,
    /// Files to return (default 25, at most 1000)
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// `nextPageToken` of a previous result, for the next page
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

/// Get one file's or folder's details by id: name, MIME type, description, size, created and
/// modified times, parents, shared drive, link, owners, whether it is shared, trashed or
/// starred, and a shortcut's target.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetFile {
    /// The file's id
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

/// Read a file's contents: Google Docs and Slides as plain text, Sheets as CSV (first sheet)
/// and Drawings as PNG, exported by Drive (or in the format given in export_mime_type, e.g.
/// `application/pdf`, `text/markdown`), and other files downloaded as they are. Text comes back
/// as JSON (`content`, up to 100 KB, cut with a marker); binary content (PDF, images, Office
/// files...) as an MCP embedded resource with its MIME type, up to 10 MB, after a JSON summary.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReadFile {
    /// The file's id
    file_id: String,
    /// For Google Docs, Sheets, Slides and Drawings: the export format's MIME type, e.g.
    /// `text/plain`, `text/markdown`, `text/html`, `text/csv`, `text/tab-separated-values`,
    /// `application/pdf`, or an Office type (`.docx`, `.xlsx`, `.pptx`)
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
    let media = req(&ctx, Method::GET, &path)?
        .query("alt", "media")
        .query("supportsAllDrives", "true");
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

/// Get the file and folder tree of the user's Drive: every drive (My Drive, and with
/// include_shared_drives the shared drives) with its files and folders nested under their
/// folders (id, name, MIME type, size, modified time). Reads up to `limit` items (default 500,
/// at most 5000); `truncated` says when there were more (with a `note` when the listing stopped
/// early: a repeated page token or too many pages). Files shared with the user whose
/// folder they cannot see appear at the top level of My Drive.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetFileTreeStructure {
    /// Include the shared drives the user is a member of
    #[schemars(extend("default" = false))]
    include_shared_drives: Option<bool>,
    /// Only this shared drive's tree
    restrict_to_shared_drive_id: Option<String>,
    /// Include files shared with the user's organization (Google Workspace domain)
    #[schemars(extend("default" = false))]
    include_organization_domain_documents: Option<bool>,
    /// Order of siblings (default `modifiedTime desc`)
    order_by: Option<Vec<OrderBy>>,
    /// Most files and folders to read (default 500, at most 5000)
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

/// Create a folder in My Drive's top level, or in a parent folder or shared drive. Returns its
/// id, name, parents and link.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateFolder {
    /// The folder's name
    name: String,
    /// Id of the folder (or shared drive) to create it in (default: My Drive's top level)
    parent_folder_id: Option<String>,
    /// A description of the folder
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

/// Move a file or folder into another folder (or a shared drive's top level): it is added to
/// the destination and removed from every folder it was in. Returns its id, name and new
/// parents.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct MoveFile {
    /// The file's or folder's id
    file_id: String,
    /// Id of the destination folder (or shared drive)
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

/// Rename a file or folder. Returns its id, new name and link.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct RenameFile {
    /// The file's or folder's id
    file_id: String,
    /// The new name
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

/// Permanently delete every file in the user's trash (or in a shared drive's trash with
/// drive_id). This cannot be undone.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct EmptyTrash {
    /// Empty this shared drive's trash instead of the user's
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
