//! Attachments of messages: list them, download one as an embedded resource (size capped),
//! add a small file to a draft.

use base64::Engine as _;
use mcp_shared::content::{DEFAULT_MAX_RESOURCE_BYTES, resource};
use mcp_shared::json::pick;
use mcp_shared::reexports::rmcp::model::ContentBlock;
use mcp_shared::{
    Count, Ctx, Effect, Method, Output, ToolDef, ToolError, non_empty, seg, seg_id, tool,
};
use mcp_vendor_microsoft::{List, Query, page_size};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{MAIL_READ, MAIL_READ_WRITE, message_path};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "outlookMail_list_attachments",
            "List attachments",
            Effect::Read,
            list_attachments,
        )
        .toolset("attachments")
        .scopes(MAIL_READ),
        tool(
            "outlookMail_get_attachment",
            "Get attachment",
            Effect::Read,
            get_attachment,
        )
        .toolset("attachments")
        .scopes(MAIL_READ),
        tool(
            "outlookMail_add_attachment",
            "Add attachment",
            Effect::Write,
            add_attachment,
        )
        .toolset("attachments")
        .scopes(MAIL_READ_WRITE),
    ]
}

const ATTACHMENT_FIELDS: [&str; 6] = [
    "id",
    "name",
    "contentType",
    "size",
    "isInline",
    "lastModifiedDateTime",
];

/// Graph's largest attachment added in one request (3 MB).
const MAX_ADD_BYTES: usize = 3 * 1024 * 1024;

/// `file`, `item` (an attached message or event) or `reference` (a link to a file).
fn kind(v: &Value) -> Option<&str> {
    v.get("@odata.type")
        .and_then(Value::as_str)
        .and_then(|t| t.strip_prefix("#microsoft.graph."))
        .and_then(|t| t.strip_suffix("Attachment"))
}

fn summary(v: &Value) -> Value {
    let mut out = pick(v, &ATTACHMENT_FIELDS);
    if let Some(k) = kind(v) {
        out["kind"] = json!(k);
    }
    out
}

/// List a message's attachments: id, name, MIME type, size in bytes, inline or not, kind
/// (file, item or reference).
#[derive(Deserialize, JsonSchema)]
pub struct ListAttachments {
    message_id: String,
    /// At most 100; default 50
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_attachments(ctx: Ctx, a: ListAttachments) -> Result<Value, ToolError> {
    let path = format!("{}/attachments", message_path(&a.message_id)?);
    let page = List::new(path, Query::new().select(ATTACHMENT_FIELDS))
        .limit(page_size(a.limit.map(Count::get), 50, 100, "limit")?)
        .cursor(a.cursor.as_deref())
        .send(&ctx)
        .await?;
    Ok(page.into_json("attachments", summary))
}

/// Download one file attachment: its details, then its content as an embedded resource (up
/// to 10 MB).
#[derive(Deserialize, JsonSchema)]
pub struct GetAttachment {
    message_id: String,
    /// From outlookMail_list_attachments
    attachment_id: String,
}

async fn get_attachment(ctx: Ctx, a: GetAttachment) -> Result<Output, ToolError> {
    let path = format!(
        "{}/attachments/{}",
        message_path(&a.message_id)?,
        seg_id(&a.attachment_id, "attachment_id")?
    );
    // Its size first, so that nothing over the cap is downloaded.
    let meta: Value = ctx
        .authorized(
            Method::GET,
            &Query::new().select(ATTACHMENT_FIELDS).on(&path),
        )?
        .send_json()
        .await?;
    let info = summary(&meta);
    if let Some(k) = kind(&meta).filter(|k| *k != "file") {
        return Err(ToolError::invalid_input(format!(
            "attachment {} is an {k} attachment (an attached Outlook item or a link), which has no file content to download",
            a.attachment_id.trim()
        )));
    }
    let size = meta.get("size").and_then(Value::as_u64).unwrap_or(0);
    if size > DEFAULT_MAX_RESOURCE_BYTES as u64 {
        return Err(ToolError::invalid_input(format!(
            "attachment {} is {size} bytes, over the {DEFAULT_MAX_RESOURCE_BYTES} byte limit for content returned inline",
            a.attachment_id.trim()
        ))
        .with_hint("open it in Outlook instead (the message's webLink)."));
    }
    let full: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    let encoded = full
        .get("contentBytes")
        .and_then(Value::as_str)
        .ok_or_else(|| {
            ToolError::transport(
                "Outlook returned the attachment without its content (contentBytes)",
            )
        })?;
    let data = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .map_err(|e| {
            ToolError::transport(format!(
                "Outlook returned attachment content that is not base64 ({e})"
            ))
        })?;
    let name = full
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("attachment");
    let mime = full
        .get("contentType")
        .and_then(Value::as_str)
        .filter(|m| !m.is_empty())
        .unwrap_or("application/octet-stream");
    let uri = format!(
        "outlook://messages/{}/attachments/{}/{}",
        seg(a.message_id.trim()),
        seg(a.attachment_id.trim()),
        seg(name)
    );
    Ok(Output::Content(vec![
        ContentBlock::text(info.to_string()),
        resource(&uri, mime, &data, DEFAULT_MAX_RESOURCE_BYTES)?,
    ]))
}

/// Attach a file (up to 3 MB) to a draft. Give its content as `content_base64`, or as
/// `content_text` for text. Returns the attachment's id, name, type and size.
#[derive(Deserialize, JsonSchema)]
pub struct AddAttachment {
    /// A draft's id
    message_id: String,
    /// File name shown to recipients, e.g. report.pdf
    name: String,
    content_base64: Option<String>,
    content_text: Option<String>,
    /// MIME type; default text/plain for content_text, else application/octet-stream
    content_type: Option<String>,
}

async fn add_attachment(ctx: Ctx, a: AddAttachment) -> Result<Value, ToolError> {
    let name = non_empty(&a.name, "name")?;
    let (data, default_type) = match (a.content_base64.as_deref(), a.content_text.as_deref()) {
        (Some(b), None) => {
            let data = base64::engine::general_purpose::STANDARD
                .decode(b.trim())
                .map_err(|e| {
                    ToolError::invalid_input(format!(
                        "`content_base64` is not standard base64 ({e})"
                    ))
                })?;
            (data, "application/octet-stream")
        }
        (None, Some(t)) => (t.as_bytes().to_vec(), "text/plain"),
        _ => {
            return Err(ToolError::invalid_input(
                "give exactly one of `content_base64` and `content_text`",
            ));
        }
    };
    if data.len() > MAX_ADD_BYTES {
        return Err(ToolError::invalid_input(format!(
            "the file is {} bytes; Outlook takes attachments of up to {MAX_ADD_BYTES} bytes in one request",
            data.len()
        )));
    }
    let content_type = a
        .content_type
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .unwrap_or(default_type);
    let body = json!({
        "@odata.type": "#microsoft.graph.fileAttachment",
        "name": name,
        "contentType": content_type,
        "contentBytes": base64::engine::general_purpose::STANDARD.encode(&data),
    });
    let v: Value = ctx
        .authorized(
            Method::POST,
            &format!("{}/attachments", message_path(&a.message_id)?),
        )?
        .json(&body)
        .send_json()
        .await?;
    Ok(summary(&v))
}
