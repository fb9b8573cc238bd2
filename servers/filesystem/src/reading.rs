//! The reading tools: a text file (whole, first or last lines), a media file, several files at
//! once, a path's information, and the workspace itself.

use std::time::SystemTime;

use base64::Engine as _;
use mcp_shared::reexports::rmcp::model::ContentBlock;
use mcp_shared::workspace::{Kind, Workspace};
use mcp_shared::{Ctx, Effect, Int, Output, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "filesystem_read_file",
            "Read file (deprecated)",
            Effect::Read,
            read_file,
        )
        .toolset("filesystem"),
        tool(
            "filesystem_read_text_file",
            "Read text file",
            Effect::Read,
            read_text_file,
        )
        .toolset("filesystem"),
        tool(
            "filesystem_read_media_file",
            "Read media file",
            Effect::Read,
            read_media_file,
        )
        .toolset("filesystem"),
        tool(
            "filesystem_read_multiple_files",
            "Read multiple files",
            Effect::Read,
            read_multiple_files,
        )
        .toolset("filesystem"),
        tool(
            "filesystem_get_file_info",
            "Get file info",
            Effect::Read,
            get_file_info,
        )
        .toolset("filesystem"),
        tool(
            "filesystem_list_allowed_directories",
            "List allowed directories",
            Effect::Read,
            list_allowed_directories,
        )
        .toolset("filesystem"),
    ]
}

/// Read a file as text. Deprecated: the same as filesystem_read_text_file, kept for agents
/// that call it by this name.
#[derive(Deserialize, JsonSchema)]
pub struct ReadFile {
    /// The file, relative to the workspace
    path: String,
    /// Return only the last N lines
    tail: Option<Int>,
    /// Return only the first N lines
    head: Option<Int>,
}

/// Read a file in the workspace as text (any extension; bytes that are not UTF-8 become
/// U+FFFD). `head` returns only the first N lines, `tail` only the last N (not both). Files
/// over the read cap (8 MiB) are refused whole: read them with `head` or `tail`.
#[derive(Deserialize, JsonSchema)]
pub struct ReadText {
    /// The file, relative to the workspace
    path: String,
    /// Return only the last N lines
    tail: Option<Int>,
    /// Return only the first N lines
    head: Option<Int>,
}

async fn read_file(ctx: Ctx, a: ReadFile) -> Result<String, ToolError> {
    read_text_file(
        ctx,
        ReadText {
            path: a.path,
            tail: a.tail,
            head: a.head,
        },
    )
    .await
}

async fn read_text_file(ctx: Ctx, a: ReadText) -> Result<String, ToolError> {
    // 0 means "not given", as in the reference server.
    let head = a.head.map(Int::get).filter(|n| *n > 0);
    let tail = a.tail.map(Int::get).filter(|n| *n > 0);
    if head.is_some() && tail.is_some() {
        return Err(ToolError::invalid_input(
            "give `head` or `tail`, not both: the first lines or the last ones.",
        ));
    }
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("path", &a.path)?;
            match (head, tail) {
                (Some(n), _) => ws.read_head("path", &p, n),
                (_, Some(n)) => ws.read_tail("path", &p, n),
                _ => ws
                    .read_text("path", &p)
                    .map_err(|e| e.with_hint("read part of a large file with `head` or `tail`.")),
            }
        })
        .await
}

/// Read an image or audio file in the workspace: returned as base64 image or audio content
/// with its MIME type (from the extension); any other file as an embedded binary resource.
/// At most 8 MiB.
#[derive(Deserialize, JsonSchema)]
pub struct ReadMedia {
    /// The file, relative to the workspace
    path: String,
}

async fn read_media_file(ctx: Ctx, a: ReadMedia) -> Result<Output, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("path", &a.path)?;
            let bytes = ws.read("path", &p)?;
            let mime = mime_guess::from_path(p.rel())
                .first_raw()
                .unwrap_or("application/octet-stream");
            let data = base64::engine::general_purpose::STANDARD.encode(&bytes);
            let block = if mime.starts_with("image/") {
                ContentBlock::image(data, mime)
            } else if mime.starts_with("audio/") {
                ContentBlock::audio(data, mime)
            } else {
                let uri = format!("file://{}", ws.root().join(p.rel()).display());
                mcp_shared::content::resource(&uri, mime, &bytes, usize::MAX)?
            };
            Ok(Output::Content(vec![block]))
        })
        .await
}

/// Read several text files of the workspace at once. Each comes as `path:` and its text;
/// files are separated by `---`. A file that cannot be read shows `path: Error - why` and
/// does not stop the others. At most 8 MiB in all: a file that would pass that is reported as
/// not read.
#[derive(Deserialize, JsonSchema)]
pub struct ReadMultiple {
    /// The files, each relative to the workspace
    paths: Vec<String>,
}

/// Most files one call reads.
const MAX_FILES: usize = 1000;

async fn read_multiple_files(ctx: Ctx, a: ReadMultiple) -> Result<String, ToolError> {
    if a.paths.is_empty() {
        return Err(ToolError::invalid_input(
            "`paths` is empty: name at least one file.",
        ));
    }
    if a.paths.len() > MAX_FILES {
        return Err(ToolError::invalid_input(format!(
            "`paths` names {} files; at most {MAX_FILES} are read in one call.",
            a.paths.len()
        )));
    }
    Workspace::of(&ctx)?
        .run(move |ws| {
            let cap = ws.limits().max_read_bytes;
            let mut total: u64 = 0;
            let mut parts = Vec::with_capacity(a.paths.len());
            for path in &a.paths {
                let read = ws.path("paths", path).and_then(|p| {
                    let text = ws.read_text("paths", &p)?;
                    if total.saturating_add(text.len() as u64) > cap {
                        return Err(ToolError::invalid_input(format!(
                            "not read: with the files before it, it would pass the read cap of {} for one call; read it on its own",
                            mcp_shared::workspace::human(cap)
                        )));
                    }
                    Ok(text)
                });
                match read {
                    Ok(text) => {
                        total = total.saturating_add(text.len() as u64);
                        parts.push(format!("{path}:\n{text}\n"));
                    }
                    Err(e) => parts.push(format!("{path}: Error - {}", e.message)),
                }
            }
            Ok(parts.join("\n---\n"))
        })
        .await
}

/// Information about a file or directory of the workspace (its symbolic links followed):
/// size, creation, modification and access times, whether it is a file or a directory, and
/// its permission bits, one `key: value` per line.
#[derive(Deserialize, JsonSchema)]
pub struct FileInfo {
    /// The file or directory, relative to the workspace
    path: String,
}

fn time(t: Option<SystemTime>) -> String {
    t.map(|t| {
        chrono::DateTime::<chrono::Utc>::from(t)
            .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
    })
    .unwrap_or_else(|| "unknown".to_owned())
}

async fn get_file_info(ctx: Ctx, a: FileInfo) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("path", &a.path)?;
            let i = ws.metadata("path", &p)?;
            Ok(format!(
                "size: {}\ncreated: {}\nmodified: {}\naccessed: {}\nisDirectory: {}\nisFile: {}\npermissions: {:03o}",
                i.len,
                time(i.created),
                time(i.modified),
                time(i.accessed),
                i.kind == Kind::Dir,
                i.kind == Kind::File,
                i.permissions & 0o777
            ))
        })
        .await
}

/// The directory this server works in: every path is relative to it, and nothing outside
/// it is accessible (its subdirectories are).
#[derive(Deserialize, JsonSchema)]
pub struct AllowedDirectories {}

async fn list_allowed_directories(ctx: Ctx, _a: AllowedDirectories) -> Result<String, ToolError> {
    let ws = Workspace::of(&ctx)?;
    Ok(format!("Allowed directories:\n{}", ws.root().display()))
}
