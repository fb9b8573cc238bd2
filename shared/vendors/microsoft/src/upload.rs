//! Uploading file content to Graph: small files in one `PUT` (at most
//! [`SIMPLE_UPLOAD_MAX`]), larger ones through an upload session: `createUploadSession`
//! gives an `uploadUrl`, and the bytes go there in ranges of a multiple of 320 KiB with
//! `Content-Range`, **without** the `Authorization` header (the URL carries its own
//! authorisation; Graph rejects a token there), continuing where Graph's
//! `nextExpectedRanges` says.
//!
//! ```ignore
//! // OneDrive: /me/drive/items/{parent}:/{name}:/content or .../createUploadSession
//! let item = upload(&ctx, &put_path, &session_path,
//!     json!({"item": {"@microsoft.graph.conflictBehavior": "rename"}}), bytes, "text/plain").await?;
//! ```

use serde_json::Value;

use mcp_shared::error::ToolError;
use mcp_shared::{Ctx, Method};

/// Upload-session ranges are multiples of this (320 KiB).
pub const CHUNK_UNIT: usize = 320 * 1024;
/// The default range of an upload session: 10 × 320 KiB (3.125 MiB).
pub const DEFAULT_CHUNK: usize = 10 * CHUNK_UNIT;
/// The largest range Graph takes in one request (60 MiB, 192 × 320 KiB).
pub const MAX_CHUNK: usize = 192 * CHUNK_UNIT;
/// The largest file sent in one `PUT` (4 MiB); larger ones use a session.
pub const SIMPLE_UPLOAD_MAX: usize = 4 * 1024 * 1024;

/// `PUT` `data` to `path` (relative to the base, with credentials), the simple upload of a
/// small file; returns Graph's answer (the created or replaced item).
pub async fn put_content(
    ctx: &Ctx,
    path: &str,
    data: Vec<u8>,
    content_type: &str,
) -> Result<Value, ToolError> {
    ctx.authorized(Method::PUT, path)?
        .bytes(data, content_type)
        .send_json()
        .await
}

/// Upload `data`: in one `PUT` to `put_path` when it is at most [`SIMPLE_UPLOAD_MAX`], else
/// through a session created with `POST session_path` and `session_body`. Returns the
/// uploaded item.
pub async fn upload(
    ctx: &Ctx,
    put_path: &str,
    session_path: &str,
    session_body: Value,
    data: Vec<u8>,
    content_type: &str,
) -> Result<Value, ToolError> {
    if data.len() <= SIMPLE_UPLOAD_MAX {
        return put_content(ctx, put_path, data, content_type).await;
    }
    UploadSession::create(ctx, session_path, session_body)
        .await?
        .upload(ctx, &data)
        .await
}

/// An upload session: the URL the ranges go to and the range size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadSession {
    upload_url: String,
    expiration: Option<String>,
    chunk: usize,
}

/// The start of the first of Graph's `nextExpectedRanges` (`"327680-"`, `"0-1023"`).
fn next_expected(v: &Value) -> Option<usize> {
    v.get("nextExpectedRanges")?
        .as_array()?
        .first()?
        .as_str()?
        .split('-')
        .next()?
        .trim()
        .parse()
        .ok()
}

impl UploadSession {
    /// `POST path` (a `createUploadSession` action) with `body`; the session from its
    /// `uploadUrl`.
    pub async fn create(ctx: &Ctx, path: &str, body: Value) -> Result<Self, ToolError> {
        let v: Value = ctx
            .authorized(Method::POST, path)?
            .json(&body)
            .send_json()
            .await
            .map_err(|e| e.context("Creating the upload session"))?;
        let url = v
            .get("uploadUrl")
            .and_then(Value::as_str)
            .filter(|u| !u.is_empty())
            .ok_or_else(|| {
                ToolError::transport(
                    "Microsoft Graph created an upload session without an uploadUrl",
                )
            })?;
        Ok(Self {
            upload_url: url.to_owned(),
            expiration: v
                .get("expirationDateTime")
                .and_then(Value::as_str)
                .map(str::to_owned),
            chunk: DEFAULT_CHUNK,
        })
    }

    /// A session Graph gave some other way (its `uploadUrl`).
    pub fn from_url(upload_url: impl Into<String>) -> Self {
        Self {
            upload_url: upload_url.into(),
            expiration: None,
            chunk: DEFAULT_CHUNK,
        }
    }

    /// The range size: a multiple of [`CHUNK_UNIT`] up to [`MAX_CHUNK`], else a clear error.
    pub fn chunk_size(mut self, bytes: usize) -> Result<Self, ToolError> {
        if bytes == 0 || !bytes.is_multiple_of(CHUNK_UNIT) || bytes > MAX_CHUNK {
            return Err(ToolError::invalid_input(format!(
                "an upload range must be a multiple of 320 KiB ({CHUNK_UNIT} bytes) up to 60 MiB (got {bytes})"
            )));
        }
        self.chunk = bytes;
        Ok(self)
    }

    pub fn upload_url(&self) -> &str {
        &self.upload_url
    }

    /// When the session expires, as Graph said.
    pub fn expiration(&self) -> Option<&str> {
        self.expiration.as_deref()
    }

    /// Send `data` in ranges, from where Graph expects the next one, reporting progress; the
    /// final answer's body (the item; `null` when Graph answers without one, as Outlook
    /// attachments do). On a failure the session is cancelled and the error says which
    /// range failed.
    pub async fn upload(&self, ctx: &Ctx, data: &[u8]) -> Result<Value, ToolError> {
        let total = data.len();
        if total == 0 {
            return Err(ToolError::invalid_input(
                "an upload session cannot send an empty file; upload it in one PUT",
            ));
        }
        let mut offset = 0usize;
        // Each range moves forward; a session that stops moving is given up.
        let mut stalls = 0;
        loop {
            let end = offset.saturating_add(self.chunk).min(total);
            let Some(chunk) = data.get(offset..end) else {
                return Err(self.failed(ctx, ToolError::transport(format!(
                    "Microsoft Graph asked for bytes from {offset}, past the end of the {total} byte file"
                ))).await);
            };
            let range = format!("bytes {offset}-{}/{total}", end - 1);
            let resp = ctx
                .upstream()
                .external(Method::PUT, &self.upload_url)
                .header("Content-Range", &range)
                .bytes(chunk.to_vec(), "application/octet-stream")
                .send_raw()
                .await;
            let resp = match resp {
                Ok(r) if r.status.is_success() => r,
                Ok(r) => {
                    let e = r.error().context(format!("Uploading {range}"));
                    return Err(self.failed(ctx, e).await);
                }
                Err(e) => {
                    return Err(self
                        .failed(ctx, e.context(format!("Uploading {range}")))
                        .await);
                }
            };
            ctx.progress(
                end as f64,
                Some(total as f64),
                Some(format!("uploaded {end} of {total} bytes")),
            )
            .await;
            let body: Value = if resp.body.is_empty() {
                Value::Null
            } else {
                resp.json().unwrap_or(Value::Null)
            };
            if resp.status.as_u16() != 202 {
                return Ok(body);
            }
            let next = next_expected(&body).unwrap_or(end);
            if next <= offset {
                stalls += 1;
                if stalls >= 3 {
                    return Err(self
                        .failed(
                            ctx,
                            ToolError::transport(format!(
                                "Microsoft Graph kept asking for bytes from {next} of the upload; it was stopped"
                            )),
                        )
                        .await);
                }
            } else {
                stalls = 0;
            }
            if next >= total {
                // Every byte was sent but Graph has not answered with the item.
                return Ok(body);
            }
            offset = next;
        }
    }

    /// Cancel the session (`DELETE` its URL, without credentials); best effort.
    pub async fn cancel(&self, ctx: &Ctx) -> Result<(), ToolError> {
        ctx.upstream()
            .external(Method::DELETE, &self.upload_url)
            .send()
            .await
            .map(|_| ())
    }

    async fn failed(&self, ctx: &Ctx, e: ToolError) -> ToolError {
        let _ = self.cancel(ctx).await;
        e
    }
}
