//! File content over the content host (`content.dropboxapi.com`, arguments in
//! `Dropbox-API-Arg`): download as an embedded resource (size capped), thumbnails as images,
//! upload from a `data:` URI or an http(s) URL (one `files/upload`, or an upload session
//! `start` / `append_v2` / `finish` for larger files).

use base64::Engine as _;
use mcp_shared::content::{DEFAULT_MAX_RESOURCE_BYTES, resource};
use mcp_shared::reexports::rmcp::model::ContentBlock;
use mcp_shared::{Ctx, Effect, ErrorKind, Output, Response, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{content, metadata, opt, path};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "dropbox_upload_file",
            "Upload file",
            Effect::Write,
            upload_file,
        )
        .toolset("files"),
        tool(
            "dropbox_download_file",
            "Download file",
            Effect::Read,
            download_file,
        )
        .toolset("files"),
        tool(
            "dropbox_get_thumbnail",
            "Get thumbnail",
            Effect::Read,
            get_thumbnail,
        )
        .toolset("files"),
    ]
}

/// Files up to this size go up in one `files/upload`; larger ones in an upload session of
/// chunks this big.
pub const CHUNK: usize = 8 * 1024 * 1024;

// What to do when a file exists at the path: keep both (add), replace it (overwrite), or
// replace it only if it is still at `rev` (update).
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Add,
    Overwrite,
    Update,
}

/// Upload a file to Dropbox from `source_uri`: a `data:` URI (`data:text/plain;base64,...`,
/// bounded by the server's request size) or a public http(s) URL the server downloads (up to
/// MCP_FETCH_MAX_BYTES). Returns the new file's metadata.
#[derive(Deserialize, JsonSchema)]
pub struct UploadFile {
    /// Full path of the file in Dropbox, e.g. /Reports/q3.pdf
    dropbox_path: String,
    /// data: URI or http(s) URL of the content (file:// is refused)
    source_uri: String,
    #[schemars(extend("default" = "add"))]
    mode: Option<Mode>,
    /// The rev the file must still have (required with mode update)
    rev: Option<String>,
    /// With a conflict, pick a new name instead of failing
    #[schemars(extend("default" = false))]
    autorename: Option<bool>,
    /// Do not notify the user's devices
    #[schemars(extend("default" = false))]
    mute: Option<bool>,
}

/// The bytes of a `data:` URI (base64 or percent-encoded).
fn data_uri(uri: &str) -> Result<Vec<u8>, ToolError> {
    let rest = uri.strip_prefix("data:").unwrap_or(uri);
    let (head, data) = rest.split_once(',').ok_or_else(|| {
        ToolError::invalid_input("`source_uri` is a data: URI without a `,` before its data")
    })?;
    if head
        .split(';')
        .any(|p| p.trim().eq_ignore_ascii_case("base64"))
    {
        let clean: String = data.chars().filter(|c| !c.is_whitespace()).collect();
        base64::engine::general_purpose::STANDARD
            .decode(clean.as_bytes())
            .map_err(|e| {
                ToolError::invalid_input(format!("the data: URI's base64 is invalid ({e})"))
            })
    } else {
        Ok(percent_encoding::percent_decode_str(data).collect())
    }
}

async fn upload_file(ctx: Ctx, a: UploadFile) -> Result<Value, ToolError> {
    let target = path(&a.dropbox_path, "dropbox_path")?;
    let mode = a.mode.unwrap_or(Mode::Add);
    let rev = opt(&a.rev);
    let mode_arg = match (mode, rev) {
        (Mode::Add, _) => json!("add"),
        (Mode::Overwrite, _) => json!("overwrite"),
        (Mode::Update, Some(rev)) => json!({".tag": "update", "update": rev}),
        (Mode::Update, None) => {
            return Err(ToolError::invalid_input(
                "mode `update` needs `rev`: the file's current rev (see dropbox_get_file_info)",
            ));
        }
    };
    let src = a.source_uri.trim();
    let lower = src.to_ascii_lowercase();
    let data = if lower.starts_with("data:") {
        data_uri(src)?
    } else if lower.starts_with("http://") || lower.starts_with("https://") {
        ctx.fetch(src)
            .await
            .map_err(|e| e.context("Downloading source_uri"))?
            .body
            .to_vec()
    } else {
        return Err(ToolError::invalid_input(
            "`source_uri` must be a data: URI or an http(s) URL (file:// and other schemes are not allowed)",
        ));
    };
    let mut commit = Map::new();
    commit.insert("path".into(), json!(target));
    commit.insert("mode".into(), mode_arg);
    mcp_shared::json::insert_opt(&mut commit, "autorename", a.autorename);
    mcp_shared::json::insert_opt(&mut commit, "mute", a.mute);
    let bytes = data.len();
    let v: Value = if bytes <= CHUNK {
        content(&ctx, "files/upload", &Value::Object(commit), false)?
            .bytes(data, "application/octet-stream")
            .send_json()
            .await?
    } else {
        session_upload(&ctx, data, Value::Object(commit)).await?
    };
    let mut out = metadata(&v);
    if let Some(o) = out.as_object_mut() {
        o.insert("type".into(), json!("file"));
        o.insert("uploaded_bytes".into(), json!(bytes));
    }
    Ok(out)
}

/// An upload session: `start` with the first chunk, `append_v2` with the middle ones,
/// `finish` with the last and the commit.
async fn session_upload(ctx: &Ctx, data: Vec<u8>, commit: Value) -> Result<Value, ToolError> {
    let chunks: Vec<&[u8]> = data.chunks(CHUNK).collect();
    let Some((last, rest)) = chunks.split_last() else {
        return Err(ToolError::invalid_input("nothing to upload"));
    };
    let Some((first, middle)) = rest.split_first() else {
        return Err(ToolError::invalid_input("nothing to upload"));
    };
    let started: Value = content(
        ctx,
        "files/upload_session/start",
        &json!({"close": false}),
        false,
    )?
    .bytes(first.to_vec(), "application/octet-stream")
    .send_json()
    .await?;
    let session = started
        .get("session_id")
        .and_then(Value::as_str)
        .ok_or_else(|| {
            ToolError::new(
                ErrorKind::Upstream,
                "Dropbox started no upload session (no session_id)",
            )
        })?
        .to_owned();
    let mut offset = first.len();
    for chunk in middle {
        let arg = json!({"cursor": {"session_id": session, "offset": offset}, "close": false});
        content(ctx, "files/upload_session/append_v2", &arg, false)?
            .bytes(chunk.to_vec(), "application/octet-stream")
            .send()
            .await?;
        offset += chunk.len();
    }
    let arg = json!({"cursor": {"session_id": session, "offset": offset}, "commit": commit});
    content(ctx, "files/upload_session/finish", &arg, false)?
        .bytes(last.to_vec(), "application/octet-stream")
        .send_json()
        .await
}

/// The metadata in a content answer's `Dropbox-API-Result` header.
fn api_result(resp: &Response) -> Value {
    resp.header("dropbox-api-result")
        .and_then(|h| serde_json::from_str(h).ok())
        .unwrap_or(Value::Null)
}

/// Download a file: its metadata, then its content as an embedded resource (text for text
/// files, base64 otherwise; up to 10 MB). For bigger files use dropbox_get_temporary_link.
#[derive(Deserialize, JsonSchema)]
pub struct DownloadFile {
    /// Path, id:... or rev:... of a file
    path: String,
}

async fn download_file(ctx: Ctx, a: DownloadFile) -> Result<Output, ToolError> {
    let p = path(&a.path, "path")?;
    let resp = content(&ctx, "files/download", &json!({"path": p}), true)?
        .send()
        .await?;
    let meta = api_result(&resp);
    let mut info = metadata(&meta);
    if let Some(o) = info.as_object_mut() {
        o.insert("type".into(), json!("file"));
    }
    let name = meta.get("name").and_then(Value::as_str).unwrap_or(&p);
    let mime = mime_guess::from_path(name)
        .first_raw()
        .unwrap_or("application/octet-stream");
    let shown = meta
        .get("path_display")
        .and_then(Value::as_str)
        .unwrap_or(&p);
    let uri = format!(
        "dropbox://{}",
        shown
            .trim_start_matches('/')
            .split('/')
            .map(seg)
            .collect::<Vec<_>>()
            .join("/")
    );
    let block = resource(&uri, mime, &resp.body, DEFAULT_MAX_RESOURCE_BYTES)
        .map_err(|e| e.with_hint("get a download link with dropbox_get_temporary_link instead."))?;
    Ok(Output::Content(vec![
        ContentBlock::text(info.to_string()),
        block,
    ]))
}

// Image format of the thumbnail.
#[derive(Deserialize, JsonSchema, serde::Serialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum ThumbFormat {
    Jpeg,
    Png,
}

// Thumbnail size, width x height in pixels.
#[derive(Deserialize, JsonSchema, serde::Serialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum ThumbSize {
    W32h32,
    W64h64,
    W128h128,
    W256h256,
    W480h320,
    W640h480,
    W960h640,
    W1024h768,
    W2048h1536,
}

/// A thumbnail of an image (jpg, jpeg, png, tiff, tif, gif, webp, ppm, bmp; photos up to
/// 20 MB), returned as an image, with the file's metadata.
#[derive(Deserialize, JsonSchema)]
pub struct GetThumbnail {
    /// Path or id:... of the file
    path: String,
    #[schemars(extend("default" = "jpeg"))]
    format: Option<ThumbFormat>,
    #[schemars(extend("default" = "w256h256"))]
    size: Option<ThumbSize>,
}

async fn get_thumbnail(ctx: Ctx, a: GetThumbnail) -> Result<Output, ToolError> {
    let p = path(&a.path, "path")?;
    let format = a.format.unwrap_or(ThumbFormat::Jpeg);
    let size = a.size.unwrap_or(ThumbSize::W256h256);
    let arg = json!({
        "resource": {".tag": "path", "path": p},
        "format": format,
        "size": size,
    });
    let resp = content(&ctx, "files/get_thumbnail_v2", &arg, true)?
        .send()
        .await?;
    let meta = api_result(&resp);
    let file = meta.get("file_metadata").unwrap_or(&meta);
    let mut info = metadata(file);
    if let Some(o) = info.as_object_mut() {
        o.insert("type".into(), json!("file"));
    }
    if resp.body.len() > DEFAULT_MAX_RESOURCE_BYTES {
        return Err(ToolError::invalid_input(format!(
            "the thumbnail is {} bytes, over the {DEFAULT_MAX_RESOURCE_BYTES} byte limit; ask for a smaller size",
            resp.body.len()
        )));
    }
    let mime = match format {
        ThumbFormat::Jpeg => "image/jpeg",
        ThumbFormat::Png => "image/png",
    };
    let data = base64::engine::general_purpose::STANDARD.encode(&resp.body);
    Ok(Output::Content(vec![
        ContentBlock::text(info.to_string()),
        ContentBlock::image(data, mime),
    ]))
}
