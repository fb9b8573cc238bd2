//! The Klavis tools: read a document, list documents (Drive), create a blank document or one
//! with text, insert text at the end.

use mcp_shared::content::truncate;
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, DOCUMENTS, doc_id, revision_of, units};
use crate::render;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_docs_get_document_by_id",
            "Get document",
            Effect::Read,
            get_document,
        )
        .toolset("documents"),
        tool(
            "google_docs_get_all_documents",
            "List documents",
            Effect::Read,
            get_all_documents,
        )
        .toolset("documents"),
        tool(
            "google_docs_insert_text_at_end",
            "Insert text at end",
            Effect::Write,
            insert_text_at_end,
        )
        .toolset("documents")
        .output::<EditResult>(),
        tool(
            "google_docs_create_blank_document",
            "Create blank document",
            Effect::Write,
            create_blank_document,
        )
        .toolset("documents")
        .output::<DocumentRef>(),
        tool(
            "google_docs_create_document_from_text",
            "Create document from text",
            Effect::Write,
            create_document_from_text,
        )
        .toolset("documents")
        .output::<DocumentRef>(),
    ]
}

/// The most Markdown or text returned for one document.
const MAX_TEXT_BYTES: usize = 200 * 1024;

/// What `documents.get` returns for the Markdown, structured and plain-text formats: the
/// body, its lists (for bullet and numbering glyphs) and inline objects (images); not the
/// named styles, document style and other metadata.
const READ_FIELDS: &str = "documentId,title,revisionId,body,lists,inlineObjects";

// How the document comes back.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ResponseFormat {
    #[default]
    Markdown,
    Structured,
    PlainText,
    Raw,
}

/// Read a document: title, revision and body as Markdown (default), `structured` blocks with
/// indices, `plain_text`, or the API's `raw` JSON (large). Text over 200 KB is cut; only the first
/// tab is read.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetDocument {
    /// Id or URL
    document_id: String,
    response_format: Option<ResponseFormat>,
}

async fn get_document(ctx: Ctx, a: GetDocument) -> Result<Value, ToolError> {
    let id = doc_id(&a.document_id)?;
    let format = a.response_format.unwrap_or_default();
    if let ResponseFormat::Raw = format {
        return api::get(&ctx, &id, None).await;
    }
    let doc = api::get(&ctx, &id, Some(READ_FIELDS)).await?;
    let mut out = pick(&doc, &["documentId", "title", "revisionId"]);
    out["url"] = json!(api::url(&id));
    let (key, text) = match format {
        ResponseFormat::Markdown => ("markdown", render::markdown(&doc)),
        ResponseFormat::PlainText => ("text", render::plain_text(&doc)),
        _ => {
            out["blocks"] = json!(render::structured(&doc));
            return Ok(out);
        }
    };
    let (text, cut) = truncate(&text, MAX_TEXT_BYTES);
    out[key] = json!(text);
    if cut {
        out["truncated"] = json!(true);
    }
    Ok(out)
}

/// List the user's documents, most recently modified first: id, name, modified time, owners, link,
/// and `nextPageToken`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetAllDocuments {
    /// Name contains
    query: Option<String>,
    /// 1 to 1000, default 100
    page_size: Option<Int>,
    page_token: Option<String>,
}

async fn get_all_documents(ctx: Ctx, a: GetAllDocuments) -> Result<Value, ToolError> {
    mcp_vendor_google::drive::list_editor_files(
        &ctx,
        "application/vnd.google-apps.document",
        a.query.as_deref(),
        a.page_size.map(Int::get).unwrap_or(100),
        a.page_token.as_deref(),
        "documents",
    )
    .await
}

/// A document that was created.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct DocumentRef {
    #[serde(rename = "documentId")]
    document_id: String,
    title: Option<String>,
    #[serde(rename = "revisionId")]
    revision_id: Option<String>,
    url: String,
    /// In UTF-16 code units
    #[serde(rename = "insertedCharacters")]
    inserted_characters: Option<u64>,
}

/// A document after an edit.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct EditResult {
    #[serde(rename = "documentId")]
    document_id: String,
    #[serde(rename = "revisionId")]
    revision_id: Option<String>,
    /// In UTF-16 code units
    #[serde(rename = "insertedCharacters")]
    inserted_characters: Option<u64>,
    paragraphs: Option<u64>,
    /// Where the text went
    index: Option<u64>,
    #[serde(rename = "occurrencesChanged")]
    occurrences_changed: Option<u64>,
}

/// `documents.create` with a title.
pub async fn create(ctx: &Ctx, title: &str) -> Result<Value, ToolError> {
    let title = title.trim();
    if title.is_empty() {
        return Err(ToolError::invalid_input("`title` must not be empty"));
    }
    api::req(ctx, Method::POST, DOCUMENTS)?
        .json(&json!({ "title": title }))
        .send_json()
        .await
}

/// The id of a document `documents.create` returned.
pub fn created_id(doc: &Value) -> Result<String, ToolError> {
    doc.get("documentId")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| ToolError::transport("Google Docs created a document but sent no id"))
}

/// What a create tool returns.
pub fn document_ref(doc: &Value, id: &str) -> Value {
    let mut out = pick(doc, &["documentId", "title", "revisionId"]);
    out["url"] = json!(api::url(id));
    out
}

/// Create an empty document in the user's Drive root. Returns its id and URL.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateBlankDocument {
    title: String,
}

async fn create_blank_document(ctx: Ctx, a: CreateBlankDocument) -> Result<Value, ToolError> {
    let doc = create(&ctx, &a.title).await?;
    let id = created_id(&doc)?;
    Ok(document_ref(&doc, &id))
}

/// The error of a step after the document was created: it names the document.
pub fn after_create(id: &str, mut e: ToolError) -> ToolError {
    e.message = format!(
        "The document {id} was created ({}), but adding its content failed: {}",
        api::url(id),
        e.message
    );
    e
}

/// Create a document from plain text (a paragraph per line). Returns its id and URL.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateDocumentFromText {
    title: String,
    text_content: String,
}

async fn create_document_from_text(
    ctx: Ctx,
    a: CreateDocumentFromText,
) -> Result<Value, ToolError> {
    let doc = create(&ctx, &a.title).await?;
    let id = created_id(&doc)?;
    let mut out = document_ref(&doc, &id);
    if a.text_content.is_empty() {
        return Ok(out);
    }
    let reply = api::batch_update(&ctx, &id, vec![insert_at_end(&a.text_content)], None)
        .await
        .map_err(|e| after_create(&id, e))?;
    if let Some(rev) = revision_of(&reply) {
        out["revisionId"] = rev;
    }
    out["insertedCharacters"] = json!(units(&a.text_content));
    Ok(out)
}

/// `insertText` at the end of the body (before its final newline).
fn insert_at_end(text: &str) -> Value {
    json!({ "insertText": { "text": text, "endOfSegmentLocation": {} } })
}

/// Insert plain text at the end of a document; it continues the last paragraph (start with a
/// newline for a new one).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct InsertTextAtEnd {
    /// Id or URL
    document_id: String,
    text: String,
}

async fn insert_text_at_end(ctx: Ctx, a: InsertTextAtEnd) -> Result<Value, ToolError> {
    let id = doc_id(&a.document_id)?;
    if a.text.is_empty() {
        return Err(ToolError::invalid_input("`text` must not be empty"));
    }
    let reply = api::batch_update(&ctx, &id, vec![insert_at_end(&a.text)], None).await?;
    let mut out = json!({ "documentId": id, "insertedCharacters": units(&a.text) });
    if let Some(rev) = revision_of(&reply) {
        out["revisionId"] = rev;
    }
    Ok(out)
}
