//! Uploads: a file's metadata and content in one `multipart/related` request
//! (`POST /upload/drive/v3/files?uploadType=multipart`), optionally converted to a Google Doc,
//! Sheet or Slides.

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD_NO_PAD, URL_SAFE_NO_PAD};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, DOC_MIME, SHEET_MIME, SLIDES_MIME, UPLOAD_FILES, file_summary, given};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_drive_upload_file",
            "Upload a file",
            Effect::Write,
            upload_file,
        )
        .toolset("files"),
    ]
}

/// Drive's limit for a multipart upload.
const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;

/// Upload a file (up to 5 MB) to My Drive's top level or a folder, as text `content` or
/// `content_base64`; `convert_to_google_format` makes it a Doc, Sheet or Slides. Returns its id,
/// name, MIME type, size, parents and link.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct UploadFile {
    /// With its extension
    name: String,
    /// The content as text (UTF-8); give this or content_base64
    // Drive's multipart limit, 5 MB (in bytes; the bytes are checked again once decoded).
    #[schemars(length(max = 5242880))]
    content: Option<String>,
    /// The content as base64 (standard or URL-safe), for binary files; give this or content
    // 5 MB as base64, with room for line breaks.
    /// Standard or URL-safe
    #[schemars(length(max = 7340032))]
    content_base64: Option<String>,
    /// Default: from the extension
    mime_type: Option<String>,
    parent_folder_id: Option<String>,
    description: Option<String>,
    #[schemars(extend("default" = false))]
    convert_to_google_format: Option<bool>,
}

/// The bytes of base64 text, standard or URL-safe, padded or not, with line breaks allowed.
fn decode_base64(s: &str) -> Result<Vec<u8>, ToolError> {
    let clean: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    let clean = clean.trim_end_matches('=');
    let engine = if clean.contains(['-', '_']) {
        URL_SAFE_NO_PAD
    } else {
        STANDARD_NO_PAD
    };
    engine.decode(clean).map_err(|e| {
        ToolError::invalid_input(format!("`content_base64` is not valid base64 ({e})"))
    })
}

/// The Google type a file of this MIME type converts to.
fn google_type(mime: &str) -> Option<&'static str> {
    Some(match mime.split(';').next().unwrap_or("").trim() {
        "text/plain"
        | "text/html"
        | "text/markdown"
        | "text/x-markdown"
        | "application/rtf"
        | "text/rtf"
        | "application/vnd.oasis.opendocument.text"
        | "application/msword"
        | "application/vnd.openxmlformats-officedocument.wordprocessingml.document" => DOC_MIME,
        "text/csv"
        | "text/tab-separated-values"
        | "application/vnd.oasis.opendocument.spreadsheet"
        | "application/vnd.ms-excel"
        | "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" => SHEET_MIME,
        "application/vnd.oasis.opendocument.presentation"
        | "application/vnd.ms-powerpoint"
        | "application/vnd.openxmlformats-officedocument.presentationml.presentation" => {
            SLIDES_MIME
        }
        _ => return None,
    })
}

async fn upload_file(ctx: Ctx, a: UploadFile) -> Result<Value, ToolError> {
    let name = a.name.trim();
    if name.is_empty() {
        return Err(ToolError::invalid_input("`name` must not be empty"));
    }
    let (data, is_text) = match (&a.content, &a.content_base64) {
        (Some(t), None) => (t.as_bytes().to_vec(), true),
        (None, Some(b)) => (decode_base64(b)?, false),
        (Some(_), Some(_)) => {
            return Err(ToolError::invalid_input(
                "give either `content` (text) or `content_base64` (bytes), not both",
            ));
        }
        (None, None) => {
            return Err(ToolError::invalid_input(
                "no content: give `content` (text) or `content_base64` (bytes)",
            ));
        }
    };
    if data.len() > MAX_UPLOAD_BYTES {
        return Err(ToolError::invalid_input(format!(
            "the content is {} bytes, over the {MAX_UPLOAD_BYTES} byte limit of a single upload",
            data.len()
        ))
        .with_hint("split the file, or upload it in Drive directly."));
    }
    let mime = match given(&a.mime_type) {
        Some(m) => m.to_owned(),
        None => match mime_guess::from_path(name).first_raw() {
            Some(m) => m.to_owned(),
            None if is_text => "text/plain".to_owned(),
            None => "application/octet-stream".to_owned(),
        },
    };
    if mime.contains(['\r', '\n']) {
        return Err(ToolError::invalid_input(
            "`mime_type` must be a single MIME type such as `text/csv`",
        ));
    }
    let mut metadata = json!({ "name": name });
    if a.convert_to_google_format.unwrap_or(false) {
        let target = google_type(&mime).ok_or_else(|| {
            ToolError::invalid_input(format!(
                "Drive cannot convert {mime} files to a Google format"
            ))
            .with_hint("convert text, HTML, Markdown, Word, CSV, Excel or PowerPoint files, or upload without convert_to_google_format.")
        })?;
        metadata["mimeType"] = json!(target);
    }
    if let Some(p) = given(&a.parent_folder_id) {
        metadata["parents"] = json!([p]);
    }
    if let Some(d) = given(&a.description) {
        metadata["description"] = json!(d);
    }
    let (body, content_type) =
        mcp_vendor_google::upload::related_line_ended(&metadata, &data, &mime);
    let v: Value = api::req(&ctx, Method::POST, UPLOAD_FILES)?
        .query("uploadType", "multipart")
        .query("supportsAllDrives", "true")
        .query(
            "fields",
            "id,name,mimeType,size,parents,driveId,webViewLink",
        )
        .bytes(body, &content_type)
        .send_json()
        .await?;
    Ok(file_summary(&v))
}
