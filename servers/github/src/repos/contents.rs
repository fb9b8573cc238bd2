//! Files of a repository: read a file or directory, create or update a file, delete one.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use mcp_shared::json::{insert_opt, pick};
use mcp_shared::reexports::rmcp::model::{ContentBlock, ResourceContents};
use mcp_shared::{Ctx, Method, Output, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, each, repo_path, slash_path};
use crate::atlas;

/// Create a file or replace a file's content on a branch, as one commit. To replace an existing
/// file pass its current blob `sha` (from github_get_file_contents); without it GitHub only
/// creates new files. Returns the file's path, new blob sha and URL, and the commit.
#[derive(Deserialize, JsonSchema)]
pub struct CreateOrUpdateFile {
    owner: String,
    repo: String,
    /// File path in the repository (e.g. `docs/README.md`)
    path: String,
    /// The new file content, as text (the tool encodes it in base64 for GitHub)
    content: String,
    message: String,
    /// Branch to commit to (default: the repository's default branch)
    branch: Option<String>,
    /// Blob SHA of the file being replaced; required to update an existing file
    sha: Option<String>,
}

pub(super) async fn create_or_update_file(
    ctx: Ctx,
    a: CreateOrUpdateFile,
) -> Result<Output, ToolError> {
    if let Some(sha) = a
        .sha
        .as_deref()
        .filter(|s| atlas::on(&ctx) && s.len() != 40)
    {
        // The Smithery server checks this before asking GitHub; so do we under its profile.
        return Err(ToolError::invalid_input(format!(
            "`sha` must be the full 40-character blob SHA; `{sha}` has {} characters. get_file_contents shows the full SHA.",
            sha.chars().count()
        )));
    }
    let file = slash_path(&a.path, "path")?;
    if file.is_empty() {
        return Err(ToolError::invalid_input(
            "`path` must name a file, e.g. `docs/README.md`",
        ));
    }
    let mut body = Map::new();
    body.insert("message".into(), json!(a.message));
    body.insert("content".into(), json!(BASE64.encode(a.content.as_bytes())));
    insert_opt(&mut body, "branch", a.branch.as_deref());
    insert_opt(&mut body, "sha", a.sha.as_deref());
    let path = format!("{}/contents/{file}", repo_path(&a.owner, &a.repo));
    // Not retried: a repeated PUT after a commit landed would fail on the stale `sha` anyway.
    let v: Value = api::req(&ctx, Method::PUT, &path)?
        .json(&body)
        .idempotent(false)
        .send_json()
        .await
        .map_err(|e| match (e.status, a.sha.is_some()) {
            (Some(422), false) => e.with_hint(
                "if the file already exists, pass its current blob `sha` (github_get_file_contents returns it) to replace it.",
            ),
            (Some(409), true) => e.with_hint(
                "the `sha` is not the file's current blob SHA on that branch: read the file again and retry with its current sha.",
            ),
            _ => e,
        })?;
    let mut out = pick(
        &v,
        &[
            "path=content.path",
            "sha=content.sha",
            "size=content.size",
            "html_url=content.html_url",
        ],
    );
    out["commit"] = pick(&v["commit"], &["sha", "message", "html_url"]);
    Ok(atlas::shaped(&ctx, out, atlas::file_written))
}

/// Get a file's content or a directory's entries from a repository. A text file comes back as
/// text (cut at 200 KB, with `truncated: true` and a marker); a binary file as an embedded
/// resource (base64, with its MIME type); a directory as its entries (name, path, type, size).
/// Files over 1 MB are not returned by this API: the result then gives `download_url`.
#[derive(Deserialize, JsonSchema)]
pub struct GetFileContents {
    owner: String,
    repo: String,
    /// Path of the file or directory (empty or `/` for the repository root)
    path: String,
    /// Branch, tag or commit SHA to read from (default: the default branch)
    branch: Option<String>,
}

/// The most text returned by github_get_file_contents.
const MAX_TEXT_BYTES: usize = 200 * 1024;

pub(super) async fn get_file_contents(ctx: Ctx, a: GetFileContents) -> Result<Output, ToolError> {
    file_contents(&ctx, &a.owner, &a.repo, &a.path, a.branch.as_deref()).await
}

/// Get a file's content or a directory's entries from a repository. A text file comes back as
/// text (cut at 200 KB, with `truncated: true` and a marker); a binary file as an embedded
/// resource (base64, with its MIME type); a directory as its entries. Files over 1 MB are not
/// returned by this API: the result then gives `download_url`.
#[derive(Deserialize, JsonSchema)]
pub struct OfficialGetFileContents {
    owner: String,
    repo: String,
    /// Path to the file or directory (default: the repository root)
    #[schemars(extend("default" = "/"))]
    path: Option<String>,
    /// Git ref: a branch (`refs/heads/main` or `main`), tag (`refs/tags/v1`) or pull request
    /// merge ref (default: the default branch)
    #[serde(rename = "ref")]
    git_ref: Option<String>,
    /// Commit SHA to read from; takes precedence over `ref`
    sha: Option<String>,
}

pub(super) async fn official_get_file_contents(
    ctx: Ctx,
    a: OfficialGetFileContents,
) -> Result<Output, ToolError> {
    let at = a.sha.as_deref().or(a.git_ref.as_deref());
    let path = a.path.as_deref().unwrap_or("/");
    file_contents(&ctx, &a.owner, &a.repo, path, at).await
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Mode {
    Overview,
    Full,
}

/// Get a file from a repository as Markdown: its path, size, SHA and line count, and its
/// first 50 lines (`mode: overview`) or all of it (`full`, up to 200 KB). A directory lists
/// its entries; a binary file comes back as an embedded resource.
#[derive(Deserialize, JsonSchema)]
pub struct AtlasGetFileContents {
    /// Repository owner (user or organization)
    owner: String,
    repo: String,
    /// Path of the file (a directory lists its entries)
    path: String,
    /// Branch, tag or commit SHA to read from (default: the default branch)
    branch: Option<String>,
    /// `overview` for the first 50 lines, `full` for the whole file
    #[schemars(extend("default" = "overview"))]
    mode: Option<Mode>,
}

pub(super) async fn atlas_get_file_contents(
    ctx: Ctx,
    a: AtlasGetFileContents,
) -> Result<Output, ToolError> {
    let full = a.mode == Some(Mode::Full);
    let out = file_contents(&ctx, &a.owner, &a.repo, &a.path, a.branch.as_deref()).await?;
    Ok(match out {
        Output::Json(meta) => Output::Text(atlas::contents(&meta, full)),
        other => other,
    })
}

async fn file_contents(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    file_path: &str,
    at: Option<&str>,
) -> Result<Output, ToolError> {
    let file = slash_path(file_path, "path")?;
    let base = format!("{}/contents", repo_path(owner, repo));
    let path = if file.is_empty() {
        base
    } else {
        format!("{base}/{file}")
    };
    let v: Value = api::req(ctx, Method::GET, &path)?
        .query_opt("ref", at)
        .send_json()
        .await?;
    if v.is_array() {
        let entries = each(&v, api::content_entry);
        return Ok(
            json!({ "type": "dir", "path": file_path.trim_matches('/'), "entries": entries })
                .into(),
        );
    }
    let mut meta = pick(
        &v,
        &[
            "type",
            "name",
            "path",
            "size",
            "sha",
            "html_url",
            "download_url",
            "target",
            "submodule_git_url",
        ],
    );
    if v["type"] != "file" {
        return Ok(meta.into()); // symlink or submodule: its metadata says where it points
    }
    let encoded = v["content"].as_str().unwrap_or_default();
    if v["encoding"] != "base64" || (encoded.is_empty() && v["size"].as_u64().unwrap_or(0) > 0) {
        meta["content_omitted"] = json!(
            "GitHub's contents API does not return files over 1 MB; fetch download_url instead."
        );
        return Ok(meta.into());
    }
    match String::from_utf8(decode(encoded)?) {
        Ok(mut text) => {
            let total = text.len();
            if api::truncate_utf8(&mut text, MAX_TEXT_BYTES) {
                text.push_str(&format!(
                    "\n\n[... truncated: showing the first {} of {total} bytes; fetch download_url for the rest ...]",
                    text.len()
                ));
                meta["truncated"] = json!(true);
            }
            meta["encoding"] = json!("utf-8");
            meta["content"] = json!(text);
            Ok(meta.into())
        }
        Err(e) => {
            let bytes = e.into_bytes();
            let mime = mime_type(file_path);
            meta["encoding"] = json!("base64");
            meta["mime_type"] = json!(mime);
            meta["content"] = json!("binary file: see the embedded resource");
            let uri = v["download_url"]
                .as_str()
                .or_else(|| v["html_url"].as_str())
                .unwrap_or(file_path)
                .to_owned();
            let resource = ResourceContents::blob(BASE64.encode(&bytes), uri).with_mime_type(mime);
            Ok(Output::Content(vec![
                ContentBlock::text(meta.to_string()),
                ContentBlock::resource(resource),
            ]))
        }
    }
}

/// The bytes of a file's `content` as the contents API sends it: base64, which GitHub wraps
/// at 60 columns.
pub(super) fn decode(encoded: &str) -> Result<Vec<u8>, ToolError> {
    let compact: String = encoded
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .collect();
    BASE64.decode(compact.as_bytes()).map_err(|e| {
        ToolError::transport(format!(
            "GitHub returned file content that is not valid base64 ({e})."
        ))
    })
}

/// A MIME type for a binary file, from its extension.
fn mime_type(path: &str) -> &'static str {
    let ext = path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "bmp" => "image/bmp",
        "pdf" => "application/pdf",
        "zip" => "application/zip",
        "gz" | "tgz" => "application/gzip",
        "wasm" => "application/wasm",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "mp3" => "audio/mpeg",
        "wav" => "audio/wav",
        "mp4" => "video/mp4",
        _ => "application/octet-stream",
    }
}

/// Delete a file from a branch, as one commit. The file's current blob SHA is looked up
/// first. Returns the commit. The file stays in the branch's history.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteFile {
    owner: String,
    repo: String,
    /// Path of the file to delete
    path: String,
    message: String,
    /// Branch to delete the file from
    branch: String,
}

pub(super) async fn delete_file(ctx: Ctx, a: DeleteFile) -> Result<Value, ToolError> {
    let file = slash_path(&a.path, "path")?;
    if file.is_empty() {
        return Err(ToolError::invalid_input(
            "`path` must name a file, e.g. `docs/old.md`",
        ));
    }
    let path = format!("{}/contents/{file}", repo_path(&a.owner, &a.repo));
    let current: Value = api::req(&ctx, Method::GET, &path)?
        .query("ref", &a.branch)
        .send_json()
        .await?;
    let sha = match current["sha"].as_str() {
        Some(sha) if current["type"] == "file" => sha.to_owned(),
        _ => {
            return Err(ToolError::invalid_input(format!(
                "`{}` is not a file on branch `{}` (directories cannot be deleted with this tool)",
                a.path, a.branch
            )));
        }
    };
    // Not retried: after a deletion landed, a repeat would fail on the missing file.
    let v: Value = api::req(&ctx, Method::DELETE, &path)?
        .json(&json!({ "message": a.message, "sha": sha, "branch": a.branch }))
        .idempotent(false)
        .send_json()
        .await?;
    Ok(json!({
        "path": a.path.trim_matches('/'),
        "branch": a.branch,
        "commit": pick(&v["commit"], &["sha", "message", "html_url"]),
    }))
}
