//! Files and folders (the `files` namespace's RPC routes): list (`list_folder` +
//! `/continue`), metadata, search (`search_v2` + `/continue_v2`), create, delete, move, copy,
//! revisions and restore, temporary links, and saving a URL (an async job).

use std::time::Instant;

use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{
    check_once, finish_job, folder, limit, metadata, page, path, read, tag, text, write,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "dropbox_list_folder",
            "List folder",
            Effect::Read,
            list_folder,
        )
        .toolset("files"),
        tool(
            "dropbox_list_folder_continue",
            "Continue folder listing",
            Effect::Read,
            list_folder_continue,
        )
        .toolset("files"),
        tool(
            "dropbox_create_folder",
            "Create folder",
            Effect::Write,
            create_folder,
        )
        .toolset("files"),
        tool(
            "dropbox_delete_file",
            "Delete file or folder",
            Effect::Destructive,
            delete_file,
        )
        .toolset("files"),
        tool(
            "dropbox_move_file",
            "Move or rename",
            Effect::Write,
            move_file,
        )
        .toolset("files"),
        tool("dropbox_copy_file", "Copy", Effect::Write, copy_file).toolset("files"),
        tool(
            "dropbox_search_files",
            "Search files",
            Effect::Read,
            search_files,
        )
        .toolset("files"),
        tool(
            "dropbox_search_files_continue",
            "Continue search",
            Effect::Read,
            search_files_continue,
        )
        .toolset("files"),
        tool(
            "dropbox_get_file_info",
            "Get metadata",
            Effect::Read,
            get_file_info,
        )
        .toolset("files"),
        tool(
            "dropbox_list_revisions",
            "List revisions",
            Effect::Read,
            list_revisions,
        )
        .toolset("files"),
        tool(
            "dropbox_restore_file",
            "Restore revision",
            Effect::Write,
            restore_file,
        )
        .toolset("files"),
        tool(
            "dropbox_get_temporary_link",
            "Get temporary link",
            Effect::Read,
            get_temporary_link,
        )
        .toolset("files"),
        tool(
            "dropbox_save_url",
            "Save URL to Dropbox",
            Effect::Write,
            save_url,
        )
        .toolset("files"),
        tool(
            "dropbox_save_url_check_job_status",
            "Check save-URL job",
            Effect::Read,
            save_url_check_job_status,
        )
        .toolset("files"),
    ]
}

/// List a folder's entries (files, folders, deleted items): type, name, path, id, size, rev.
/// Returns `entries`, `has_more` and `cursor` (pass it to dropbox_list_folder_continue).
#[derive(Deserialize, JsonSchema)]
pub struct ListFolder {
    /// Folder path (/Documents) or id:...; empty for the root
    #[schemars(extend("default" = ""))]
    path: Option<String>,
    #[schemars(extend("default" = false))]
    recursive: Option<bool>,
    /// Deprecated by Dropbox (media info is no longer returned here)
    #[schemars(extend("default" = false))]
    include_media_info: Option<bool>,
    #[schemars(extend("default" = false))]
    include_deleted: Option<bool>,
    #[schemars(extend("default" = false))]
    include_has_explicit_shared_members: Option<bool>,
    #[schemars(extend("default" = true))]
    include_mounted_folders: Option<bool>,
    /// Entries per page, 1-2000 (approximate)
    limit: Option<Int>,
    #[schemars(extend("default" = true))]
    include_non_downloadable_files: Option<bool>,
}

async fn list_folder(ctx: Ctx, a: ListFolder) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("path".into(), json!(folder(a.path.as_deref())));
    insert_opt(&mut body, "recursive", a.recursive);
    insert_opt(&mut body, "include_media_info", a.include_media_info);
    insert_opt(&mut body, "include_deleted", a.include_deleted);
    insert_opt(
        &mut body,
        "include_has_explicit_shared_members",
        a.include_has_explicit_shared_members,
    );
    insert_opt(
        &mut body,
        "include_mounted_folders",
        a.include_mounted_folders,
    );
    if a.limit.is_some() {
        body.insert("limit".into(), json!(limit(a.limit, 2000, 2000)?));
    }
    insert_opt(
        &mut body,
        "include_non_downloadable_files",
        a.include_non_downloadable_files,
    );
    let v = read(&ctx, "files/list_folder", Value::Object(body)).await?;
    Ok(page(&v, "entries", metadata))
}

/// Next page of a folder listing, from the `cursor` of dropbox_list_folder or of this tool.
#[derive(Deserialize, JsonSchema)]
pub struct Cursor {
    cursor: String,
}

async fn list_folder_continue(ctx: Ctx, a: Cursor) -> Result<Value, ToolError> {
    let cursor = text(&a.cursor, "cursor")?;
    let v = read(
        &ctx,
        "files/list_folder/continue",
        json!({"cursor": cursor}),
    )
    .await?;
    Ok(page(&v, "entries", metadata))
}

/// Create a folder (parents are created as needed). Returns its metadata.
#[derive(Deserialize, JsonSchema)]
pub struct CreateFolder {
    /// e.g. /Projects/2026
    path: String,
    /// Pick a new name instead of failing when the path exists
    #[schemars(extend("default" = false))]
    autorename: Option<bool>,
}

async fn create_folder(ctx: Ctx, a: CreateFolder) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("path".into(), json!(path(&a.path, "path")?));
    insert_opt(&mut body, "autorename", a.autorename);
    let v = write(&ctx, "files/create_folder_v2", Value::Object(body)).await?;
    Ok(metadata_of(&v, "folder"))
}

/// The `metadata` of a file-operation result, tagged with `kind` when Dropbox does not say.
fn metadata_of(v: &Value, kind: &str) -> Value {
    let m = v.get("metadata").unwrap_or(v);
    let mut out = metadata(m);
    if tag(m).is_none()
        && let Some(o) = out.as_object_mut()
    {
        o.insert("type".into(), json!(kind));
    }
    out
}

/// Delete a file or folder (a folder with all its contents). Deleted files can be restored
/// for a while with dropbox_restore_file. Returns the deleted item's metadata.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteFile {
    /// Path or id:...
    path: String,
}

async fn delete_file(ctx: Ctx, a: DeleteFile) -> Result<Value, ToolError> {
    let p = path(&a.path, "path")?;
    let v = write(&ctx, "files/delete_v2", json!({"path": p})).await?;
    Ok(metadata_of(&v, "deleted"))
}

/// Move or rename a file or folder (a folder with its contents). Returns the moved item's
/// metadata.
#[derive(Deserialize, JsonSchema)]
pub struct MoveFile {
    /// Current path or id:...
    from_path: String,
    /// New full path, including the name
    to_path: String,
    /// Deprecated by Dropbox (ignored)
    #[schemars(extend("default" = false))]
    allow_shared_folder: Option<bool>,
    /// Pick a new name instead of failing when to_path exists
    #[schemars(extend("default" = false))]
    autorename: Option<bool>,
    /// Allow moves that change the content's owner
    #[schemars(extend("default" = false))]
    allow_ownership_transfer: Option<bool>,
}

fn relocation(a: &MoveFile) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("from_path".into(), json!(path(&a.from_path, "from_path")?));
    body.insert("to_path".into(), json!(path(&a.to_path, "to_path")?));
    insert_opt(&mut body, "allow_shared_folder", a.allow_shared_folder);
    insert_opt(&mut body, "autorename", a.autorename);
    insert_opt(
        &mut body,
        "allow_ownership_transfer",
        a.allow_ownership_transfer,
    );
    Ok(Value::Object(body))
}

async fn move_file(ctx: Ctx, a: MoveFile) -> Result<Value, ToolError> {
    let v = write(&ctx, "files/move_v2", relocation(&a)?).await?;
    Ok(metadata_of(&v, "file"))
}

/// Copy a file or folder (a folder with its contents) to a new path. Returns the copy's
/// metadata.
#[derive(Deserialize, JsonSchema)]
pub struct CopyFile {
    /// Path or id:... of the original
    from_path: String,
    /// Full path of the copy, including the name
    to_path: String,
    /// Deprecated by Dropbox (ignored)
    #[schemars(extend("default" = false))]
    allow_shared_folder: Option<bool>,
    /// Pick a new name instead of failing when to_path exists
    #[schemars(extend("default" = false))]
    autorename: Option<bool>,
    /// Does not apply to copies (kept for compatibility)
    #[schemars(extend("default" = false))]
    allow_ownership_transfer: Option<bool>,
}

async fn copy_file(ctx: Ctx, a: CopyFile) -> Result<Value, ToolError> {
    let m = MoveFile {
        from_path: a.from_path,
        to_path: a.to_path,
        allow_shared_folder: a.allow_shared_folder,
        autorename: a.autorename,
        allow_ownership_transfer: a.allow_ownership_transfer,
    };
    let v = write(&ctx, "files/copy_v2", relocation(&m)?).await?;
    Ok(metadata_of(&v, "file"))
}

// Whether to search active or deleted files.
#[derive(Deserialize, JsonSchema, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FileStatus {
    Active,
    Deleted,
}

/// Search file and folder names (and, on some plans, contents). Returns `matches` (metadata),
/// `has_more` and `cursor` (for dropbox_search_files_continue).
#[derive(Deserialize, JsonSchema)]
pub struct SearchFiles {
    /// Text to find, up to 1000 characters
    query: String,
    /// Folder to search in; empty for the whole Dropbox
    #[schemars(extend("default" = ""))]
    path: Option<String>,
    /// 1-1000
    #[schemars(extend("default" = 100))]
    max_results: Option<Int>,
    #[schemars(extend("default" = "active"))]
    file_status: Option<FileStatus>,
    /// Match file names only, not contents
    #[schemars(extend("default" = false))]
    filename_only: Option<bool>,
}

async fn search_files(ctx: Ctx, a: SearchFiles) -> Result<Value, ToolError> {
    let query = text(&a.query, "query")?;
    if query.chars().count() > 1000 {
        return Err(ToolError::invalid_input(
            "`query` is longer than Dropbox's 1000 characters",
        ));
    }
    let mut options = Map::new();
    let root = folder(a.path.as_deref());
    if !root.is_empty() {
        options.insert("path".into(), json!(root));
    }
    if let Some(n) = a.max_results {
        if !(1..=1000).contains(&n.get()) {
            return Err(ToolError::invalid_input(format!(
                "max_results must be between 1 and 1000 (got {n})"
            )));
        }
        options.insert("max_results".into(), json!(n.get()));
    }
    insert_opt(&mut options, "file_status", a.file_status);
    insert_opt(&mut options, "filename_only", a.filename_only);
    let mut body = json!({"query": query});
    if !options.is_empty() {
        body["options"] = Value::Object(options);
    }
    let v = read(&ctx, "files/search_v2", body).await?;
    Ok(search_page(&v))
}

fn search_page(v: &Value) -> Value {
    let matches: Vec<Value> = v
        .get("matches")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|m| {
                    let meta = m.get("metadata").unwrap_or(&Value::Null);
                    metadata(meta.get("metadata").unwrap_or(meta))
                })
                .collect()
        })
        .unwrap_or_default();
    let has_more = v.get("has_more").and_then(Value::as_bool).unwrap_or(false);
    json!({
        "matches": matches,
        "has_more": has_more,
        "cursor": if has_more { v.get("cursor").cloned().unwrap_or(Value::Null) } else { Value::Null },
    })
}

/// Next page of a search, from the `cursor` of dropbox_search_files or of this tool.
#[derive(Deserialize, JsonSchema)]
pub struct SearchContinue {
    cursor: String,
}

async fn search_files_continue(ctx: Ctx, a: SearchContinue) -> Result<Value, ToolError> {
    let cursor = text(&a.cursor, "cursor")?;
    let v = read(&ctx, "files/search/continue_v2", json!({"cursor": cursor})).await?;
    Ok(search_page(&v))
}

/// Metadata of a file or folder: type, name, paths, id, size, rev, modification times,
/// sharing and lock info.
#[derive(Deserialize, JsonSchema)]
pub struct GetFileInfo {
    /// Path, id:... or rev:...
    path: String,
    #[schemars(extend("default" = false))]
    include_media_info: Option<bool>,
    /// Also answer for a deleted item
    #[schemars(extend("default" = false))]
    include_deleted: Option<bool>,
    #[schemars(extend("default" = false))]
    include_has_explicit_shared_members: Option<bool>,
}

async fn get_file_info(ctx: Ctx, a: GetFileInfo) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("path".into(), json!(path(&a.path, "path")?));
    insert_opt(&mut body, "include_media_info", a.include_media_info);
    insert_opt(&mut body, "include_deleted", a.include_deleted);
    insert_opt(
        &mut body,
        "include_has_explicit_shared_members",
        a.include_has_explicit_shared_members,
    );
    let v = read(&ctx, "files/get_metadata", Value::Object(body)).await?;
    Ok(metadata(&v))
}

// How `path` names the file: by path (also finds revisions of a deleted file) or by id.
#[derive(Deserialize, JsonSchema, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RevisionsMode {
    Path,
    Id,
}

/// Revisions of a file, newest first: rev, size, modification time. Pass a rev to
/// dropbox_restore_file.
#[derive(Deserialize, JsonSchema)]
pub struct ListRevisions {
    /// Path or id:... of a file
    path: String,
    #[schemars(extend("default" = "path"))]
    mode: Option<RevisionsMode>,
    /// 1-100
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
}

async fn list_revisions(ctx: Ctx, a: ListRevisions) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("path".into(), json!(path(&a.path, "path")?));
    insert_opt(&mut body, "mode", a.mode);
    if a.limit.is_some() {
        body.insert("limit".into(), json!(limit(a.limit, 10, 100)?));
    }
    let v = read(&ctx, "files/list_revisions", Value::Object(body)).await?;
    let mut out = json!({
        "entries": crate::api::items(&v, "entries", metadata),
        "is_deleted": v.get("is_deleted").cloned().unwrap_or(json!(false)),
        "has_more": v.get("has_more").cloned().unwrap_or(json!(false)),
    });
    if let Some(d) = v.get("server_deleted").filter(|d| !d.is_null()) {
        out["server_deleted"] = d.clone();
    }
    Ok(out)
}

/// Restore a file at `path` to revision `rev` (also brings back a deleted file). Returns the
/// restored file's metadata.
#[derive(Deserialize, JsonSchema)]
pub struct RestoreFile {
    /// Path of the file
    path: String,
    /// A rev from dropbox_list_revisions
    rev: String,
}

async fn restore_file(ctx: Ctx, a: RestoreFile) -> Result<Value, ToolError> {
    let p = path(&a.path, "path")?;
    let rev = text(&a.rev, "rev")?;
    let v = write(&ctx, "files/restore", json!({"path": p, "rev": rev})).await?;
    Ok(metadata_of(&v, "file"))
}

/// A direct download link to a file, valid for 4 hours, and the file's metadata.
#[derive(Deserialize, JsonSchema)]
pub struct GetTemporaryLink {
    /// Path or id:... of a file
    path: String,
}

async fn get_temporary_link(ctx: Ctx, a: GetTemporaryLink) -> Result<Value, ToolError> {
    let p = path(&a.path, "path")?;
    let v = read(&ctx, "files/get_temporary_link", json!({"path": p})).await?;
    Ok(json!({
        "link": v.get("link").cloned().unwrap_or(Value::Null),
        "metadata": metadata_of(&v, "file"),
    }))
}

/// Have Dropbox download a URL into a file at `path` (within 15 minutes). Waits for the
/// job (with progress); if it is still running, returns its async_job_id for
/// dropbox_save_url_check_job_status.
#[derive(Deserialize, JsonSchema)]
pub struct SaveUrl {
    /// Full path of the new file, e.g. /Downloads/report.pdf
    path: String,
    /// Public http(s) URL Dropbox fetches
    url: String,
}

fn saved(v: &Value) -> Value {
    let mut out = metadata(v);
    if let Some(o) = out.as_object_mut() {
        o.insert("type".into(), json!("file"));
        o.insert("status".into(), json!("complete"));
    }
    out
}

async fn save_url(ctx: Ctx, a: SaveUrl) -> Result<Value, ToolError> {
    let started = Instant::now();
    let p = path(&a.path, "path")?;
    let url = text(&a.url, "url")?;
    if !(url.starts_with("https://") || url.starts_with("http://")) {
        return Err(ToolError::invalid_input(
            "`url` must be an http:// or https:// URL",
        ));
    }
    let launched = write(&ctx, "files/save_url", json!({"path": p, "url": url})).await?;
    finish_job(
        &ctx,
        started,
        launched,
        "files/save_url/check_job_status",
        "dropbox_save_url_check_job_status",
        saved,
    )
    .await
}

/// Check a save-URL job once: the saved file's metadata when complete, else `in_progress`;
/// a failed job is an error naming Dropbox's reason.
#[derive(Deserialize, JsonSchema)]
pub struct CheckJob {
    /// From dropbox_save_url
    async_job_id: String,
}

async fn save_url_check_job_status(ctx: Ctx, a: CheckJob) -> Result<Value, ToolError> {
    check_once(
        &ctx,
        "files/save_url/check_job_status",
        &a.async_job_id,
        saved,
    )
    .await
}
