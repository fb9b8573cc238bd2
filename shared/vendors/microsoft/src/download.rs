//! File content from Graph (`/me/drive/items/{id}/content`, `/drives/{d}/items/{id}/content`):
//! Graph answers `302 Found` with a short-lived pre-authenticated URL, which is fetched
//! without credentials (the token never goes to that host); a `200` with the bytes is taken
//! as it is. The server's response-size cap (`max_body_bytes`, 20 MiB by default) applies.

use mcp_shared::error::ToolError;
use mcp_shared::{Ctx, Method};

/// Downloaded content and its MIME type, when the host said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Download {
    pub data: Vec<u8>,
    pub content_type: Option<String>,
}

/// `GET path` (relative to the base, with credentials), then the download URL Graph
/// redirects to, without them.
pub async fn download(ctx: &Ctx, path: &str) -> Result<Download, ToolError> {
    let resp = ctx
        .authorized(Method::GET, path)?
        .no_redirect()
        .send_raw()
        .await?;
    let resp = if resp.status.is_redirection() {
        let url = resp.location().ok_or_else(|| {
            ToolError::transport(
                "Microsoft Graph redirected the download without an absolute Location",
            )
        })?;
        ctx.upstream()
            .external(Method::GET, &url)
            .send()
            .await
            .map_err(|e| e.context("Downloading the content from the URL Microsoft Graph gave"))?
    } else if resp.status.is_success() {
        resp
    } else {
        return Err(resp.error());
    };
    Ok(Download {
        content_type: resp
            .header("content-type")
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned),
        data: resp.body,
    })
}
