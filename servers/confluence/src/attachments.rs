//! Attachments (`/api/v2/attachments`, `/api/v2/pages/{id}/attachments`).

use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "confluence_list_attachments",
            "List attachments",
            Effect::Read,
            list_attachments,
        )
        .toolset("attachments"),
        tool(
            "confluence_get_attachments_for_page",
            "Get attachments for page",
            Effect::Read,
            attachments_for_page,
        )
        .toolset("attachments"),
        tool(
            "confluence_get_attachment",
            "Get attachment",
            Effect::Read,
            get_attachment,
        )
        .toolset("attachments"),
    ]
}

fn attachment(a: &Value) -> Value {
    json!({
        "id": a.get("id"),
        "title": a.get("title"),
        "mediaType": a.get("mediaType"),
        "fileSize": a.get("fileSize"),
        "pageId": a.get("pageId"),
        "createdAt": a.get("createdAt"),
        "comment": a.get("comment"),
        "downloadLink": a.get("downloadLink"),
        "url": api::web_url(a, None),
    })
}

/// List the site's attachments, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct ListAttachments {
    /// e.g. `-created-date`, `created-date`, `-modified-date`
    sort_order: Option<String>,
    /// 1-250
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// `next_pagination_token` of the previous page
    pagination_token: Option<String>,
}

fn list_query(
    sort: Option<String>,
    limit: Option<Count>,
    token: Option<String>,
) -> Result<Vec<(&'static str, String)>, ToolError> {
    let mut q = Vec::new();
    if let Some(s) = sort.filter(|s| !s.trim().is_empty()) {
        q.push(("sort", s.trim().to_owned()));
    }
    q.push(("limit", api::limit(limit, 25)?.to_string()));
    if let Some(c) = token.filter(|c| !c.trim().is_empty()) {
        q.push(("cursor", c.trim().to_owned()));
    }
    Ok(q)
}

async fn list_attachments(ctx: Ctx, a: ListAttachments) -> Result<Value, ToolError> {
    let q = list_query(a.sort_order, a.limit, a.pagination_token)?;
    let v = api::get(&ctx, "/api/v2/attachments", &q).await?;
    Ok(api::page(&v, attachment))
}

/// List a page's attachments, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct AttachmentsForPage {
    /// Page id
    page_identifier: String,
    /// 1-250
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// `next_pagination_token` of the previous page
    pagination_token: Option<String>,
}

async fn attachments_for_page(ctx: Ctx, a: AttachmentsForPage) -> Result<Value, ToolError> {
    let id = api::id(
        &a.page_identifier,
        "page_identifier",
        "find page ids with confluence_search_content",
    )?;
    let q = list_query(None, a.limit, a.pagination_token)?;
    let v = api::get(&ctx, &format!("/api/v2/pages/{id}/attachments"), &q).await?;
    Ok(api::page(&v, attachment))
}

/// Get one attachment: title, type, size, page and download link.
#[derive(Deserialize, JsonSchema)]
pub struct GetAttachment {
    /// Attachment id, e.g. `att12345`
    attachment_id: String,
}

async fn get_attachment(ctx: Ctx, a: GetAttachment) -> Result<Value, ToolError> {
    let id = mcp_shared::seg_id(a.attachment_id.trim(), "attachment_id")?;
    let v = api::get(&ctx, &format!("/api/v2/attachments/{id}"), &[]).await?;
    Ok(attachment(&v))
}
