//! File uploads (Slack's external upload flow: `files.getUploadURLExternal`, the bytes to the
//! returned URL, then `files.completeUploadExternal`).

use base64::Engine as _;
use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, ActAs, Form, non_empty};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "slack_upload_file",
            "Upload file",
            Effect::Write,
            upload_file,
        )
        .toolset("files"),
    ]
}

/// Upload a file as text `content` or `content_base64`, shared in `channel_id` (or a thread) with
/// an optional message, else private. Returns its `id`, `name`, `title`, `permalink`.
#[derive(Deserialize, JsonSchema)]
pub struct UploadFile {
    /// With extension; Slack infers the type
    filename: String,
    content: Option<String>,
    content_base64: Option<String>,
    channel_id: Option<String>,
    title: Option<String>,
    /// Message (mrkdwn)
    initial_comment: Option<String>,
    /// Parent ts, to reply (with `channel_id`)
    thread_ts: Option<String>,
    /// Image description for screen readers
    alt_txt: Option<String>,
    /// Syntax, e.g. python
    snippet_type: Option<String>,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn upload_file(ctx: Ctx, a: UploadFile) -> Result<Value, ToolError> {
    let filename = non_empty(&a.filename, "filename")?;
    let data = match (a.content, a.content_base64) {
        (Some(text), None) => text.into_bytes(),
        (None, Some(b64)) => {
            let clean: String = b64.split_whitespace().collect();
            base64::engine::general_purpose::STANDARD
                .decode(clean.as_bytes())
                .or_else(|_| base64::engine::general_purpose::URL_SAFE.decode(clean.as_bytes()))
                .map_err(|e| {
                    ToolError::invalid_input(format!("`content_base64` is not valid base64 ({e})"))
                })?
        }
        _ => {
            return Err(ToolError::invalid_input(
                "give exactly one of `content` (text) and `content_base64` (binary)",
            ));
        }
    };
    if data.is_empty() {
        return Err(ToolError::invalid_input(
            "the file is empty: Slack does not accept empty uploads",
        ));
    }
    let channel = a
        .channel_id
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let thread_ts = a
        .thread_ts
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    if thread_ts.is_some() && channel.is_none() {
        return Err(ToolError::invalid_input(
            "`thread_ts` needs `channel_id`: the channel the thread is in",
        ));
    }
    let actor = a.act_as.unwrap_or_default().actor();

    // 1. Reserve the upload (this method takes form-encoded arguments only).
    let form = Form::new()
        .set("filename", filename)
        .set("length", data.len())
        .opt("alt_txt", a.alt_txt.as_deref().filter(|t| !t.is_empty()))
        .opt(
            "snippet_type",
            a.snippet_type.as_deref().filter(|t| !t.is_empty()),
        );
    let reserved = api::write_form(&ctx, actor, "files.getUploadURLExternal", form).await?;
    let (Some(url), Some(file_id)) = (
        reserved.get("upload_url").and_then(Value::as_str),
        reserved.get("file_id").and_then(Value::as_str),
    ) else {
        return Err(ToolError::transport(
            "Slack's files.getUploadURLExternal answer has no upload_url or file_id",
        ));
    };

    // 2. Send the bytes to the pre-signed URL (no token: the URL authorizes the upload).
    // Sending the same bytes to the same URL again is harmless, so gateway errors are retried.
    ctx.upstream()
        .external(Method::POST, url)
        .bytes(data, "application/octet-stream")
        .idempotent(true)
        .send()
        .await?;

    // 3. Complete the upload and share it.
    let mut file = Map::new();
    file.insert("id".into(), json!(file_id));
    insert_opt(
        &mut file,
        "title",
        a.title.as_deref().filter(|t| !t.trim().is_empty()),
    );
    let mut body = Map::new();
    body.insert("files".into(), json!([file]));
    insert_opt(&mut body, "channel_id", channel);
    insert_opt(&mut body, "thread_ts", thread_ts);
    insert_opt(
        &mut body,
        "initial_comment",
        a.initial_comment
            .as_deref()
            .filter(|t| !t.trim().is_empty()),
    );
    let done = api::write(&ctx, actor, "files.completeUploadExternal", body).await?;
    let f = done.pointer("/files/0").cloned().unwrap_or(Value::Null);
    let mut out = pick(
        &f,
        &["id", "name", "title", "mimetype", "size", "permalink"],
    );
    if out.get("id").is_none() {
        out["id"] = json!(file_id);
    }
    if let Some(c) = channel {
        out["channel_id"] = json!(c);
    }
    Ok(out)
}
