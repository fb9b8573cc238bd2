//! Google Docs in Drive (the Klavis tools): search documents by their words, read their
//! contents as Markdown or HTML (Drive's own `files.export` conversions).

use futures::StreamExt as _;
use mcp_shared::content::truncate;
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{
    self, Count, DOC_MIME, FILES, OrderBy, Scope, file_path, given, limit, literal, req,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_drive_search_documents",
            "Search Google Docs",
            Effect::Read,
            search_documents,
        )
        .toolset("documents"),
        tool(
            "google_drive_search_and_retrieve_documents",
            "Search and read Google Docs",
            Effect::Read,
            search_and_retrieve_documents,
        )
        .toolset("documents"),
        tool(
            "google_drive_get_document_by_id",
            "Read a Google Doc",
            Effect::Read,
            get_document_by_id,
        )
        .toolset("documents"),
    ]
}

/// Most documents one search returns.
const MAX_SEARCH: u64 = 100;
/// Most documents one search-and-retrieve call reads.
const MAX_RETRIEVE: u64 = 20;
/// How many document exports run at once.
const FAN_OUT: usize = 5;
/// Text returned per document: one document, or each of several.
const MAX_DOC_BYTES: usize = 100 * 1024;
const MAX_EACH_DOC_BYTES: usize = 30 * 1024;

// The search shared by the document tools.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DocumentQuery {
    /// Each must be in the title or body
    document_contains: Option<Vec<String>>,
    /// None may be in the title or body
    document_not_contains: Option<Vec<String>>,
    search_only_in_shared_drive_id: Option<String>,
    #[schemars(extend("default" = false))]
    include_shared_drives: Option<bool>,
    #[schemars(extend("default" = false))]
    include_organization_domain_documents: Option<bool>,
    /// Default `modifiedTime desc`; word searches sort by relevance
    order_by: Option<Vec<OrderBy>>,
    /// At most 100 (20 with contents)
    #[schemars(extend("default" = 10))]
    limit: Option<Count>,
    pagination_token: Option<String>,
}

// The output format of a document's body.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReturnFormat {
    #[default]
    Markdown,
    Html,
}

impl ReturnFormat {
    fn export_mime(self) -> &'static str {
        match self {
            ReturnFormat::Markdown => "text/markdown",
            ReturnFormat::Html => "text/html",
        }
    }

    fn name(self) -> &'static str {
        match self {
            ReturnFormat::Markdown => "markdown",
            ReturnFormat::Html => "html",
        }
    }
}

/// Drive's `q` for Google Docs, not trashed, with each wanted word in the title or body and
/// no unwanted word in either. Returns the query and whether it has full-text terms.
fn documents_q(
    contains: &Option<Vec<String>>,
    not_contains: &Option<Vec<String>>,
) -> (String, bool) {
    let mut q = format!("mimeType = {} and trashed = false", literal(DOC_MIME));
    let mut full_text = false;
    let words = |l: &Option<Vec<String>>| -> Vec<String> {
        l.iter()
            .flatten()
            .map(|w| w.trim().to_owned())
            .filter(|w| !w.is_empty())
            .collect()
    };
    for w in words(contains) {
        let w = literal(&w);
        q.push_str(&format!(
            " and (name contains {w} or fullText contains {w})"
        ));
        full_text = true;
    }
    for w in words(not_contains) {
        let w = literal(&w);
        q.push_str(&format!(
            " and (not name contains {w} and not fullText contains {w})"
        ));
        full_text = true;
    }
    (q, full_text)
}

/// files.list for the documents the query describes: their summaries, and the page token and
/// notes for the result.
async fn find_documents(
    ctx: &Ctx,
    a: &DocumentQuery,
    max: u64,
) -> Result<(Vec<Value>, Map<String, Value>), ToolError> {
    let (q, full_text) = documents_q(&a.document_contains, &a.document_not_contains);
    let scope = Scope {
        shared_drive_id: given(&a.search_only_in_shared_drive_id),
        include_shared_drives: a.include_shared_drives.unwrap_or(false),
        include_domain: a.include_organization_domain_documents.unwrap_or(false),
    };
    let mut r = scope
        .apply(req(ctx, Method::GET, FILES)?)
        .query("q", &q)
        .query("pageSize", limit(a.limit, 10, max))
        .query("fields", api::list_fields());
    // Drive answers 403 "Sorting is not supported for queries with fullText terms".
    if !full_text {
        r = r.query("orderBy", api::order_by(&a.order_by));
    }
    let list: Value = r
        .query_opt("pageToken", given(&a.pagination_token))
        .send_json()
        .await?;
    let mut out = Map::new();
    api::page_fields(&list, &mut out);
    if full_text && a.order_by.as_ref().is_some_and(|o| !o.is_empty()) {
        out.insert(
            "note".into(),
            json!("sorted by relevance: Drive cannot sort searches by words, so order_by was not applied"),
        );
    }
    Ok((api::files_of(&list), out))
}

/// Search the user's Google Docs by words in their title or body. Returns each document's id, name,
/// modified time, link and owners, and `nextPageToken` (pass it as `pagination_token`).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchDocuments {
    #[serde(flatten)]
    query: DocumentQuery,
}

async fn search_documents(ctx: Ctx, a: SearchDocuments) -> Result<Value, ToolError> {
    let (docs, mut out) = find_documents(&ctx, &a.query, MAX_SEARCH).await?;
    out.insert("documents_count".into(), json!(docs.len()));
    out.insert("documents".into(), Value::Array(docs));
    Ok(Value::Object(out))
}

/// Search like google_drive_search_documents and return each document's contents as Markdown or
/// HTML (up to 20 documents, 30 KB each).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchAndRetrieveDocuments {
    #[schemars(extend("default" = "markdown"))]
    return_format: Option<ReturnFormat>,
    #[serde(flatten)]
    query: DocumentQuery,
}

/// One document's body as `format`, cut at `max` bytes.
async fn document_body(
    ctx: &Ctx,
    id: &str,
    format: ReturnFormat,
    max: usize,
) -> Result<Map<String, Value>, ToolError> {
    let bytes = api::export(ctx, id, format.export_mime()).await?;
    let (body, cut) = truncate(&api::text_of(&bytes), max);
    let mut o = Map::new();
    o.insert("body".into(), Value::String(body));
    if cut {
        o.insert("truncated".into(), Value::Bool(true));
    }
    Ok(o)
}

async fn search_and_retrieve_documents(
    ctx: Ctx,
    a: SearchAndRetrieveDocuments,
) -> Result<Value, ToolError> {
    let format = a.return_format.unwrap_or_default();
    let (docs, mut out) = find_documents(&ctx, &a.query, MAX_RETRIEVE).await?;
    let ctx = &ctx;
    let documents: Vec<Value> = futures::stream::iter(docs.into_iter().map(|d| async move {
        let id = d.get("id").and_then(Value::as_str).unwrap_or_default();
        let mut o = match pick(
            &d,
            &["documentId=id", "title=name", "modifiedTime", "webViewLink"],
        ) {
            Value::Object(o) => o,
            _ => Map::new(),
        };
        match document_body(ctx, id, format, MAX_EACH_DOC_BYTES).await {
            Ok(body) => o.extend(body),
            Err(e) => {
                o.insert("error".into(), Value::String(e.to_string()));
            }
        }
        Value::Object(o)
    }))
    .buffered(FAN_OUT)
    .collect()
    .await;
    out.insert("format".into(), json!(format.name()));
    out.insert("documents_count".into(), json!(documents.len()));
    out.insert("documents".into(), Value::Array(documents));
    Ok(Value::Object(out))
}

/// Read a Google Doc: title, modified time, link and contents as Markdown or HTML (up to 100 KB).
/// Other files: google_drive_read_file.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetDocumentById {
    document_id: String,
    #[schemars(extend("default" = "markdown"))]
    return_format: Option<ReturnFormat>,
}

async fn get_document_by_id(ctx: Ctx, a: GetDocumentById) -> Result<Value, ToolError> {
    let format = a.return_format.unwrap_or_default();
    let meta: Value = req(
        &ctx,
        Method::GET,
        &file_path(&a.document_id, "document_id")?,
    )?
    .query("supportsAllDrives", "true")
    .query("fields", "id,name,mimeType,modifiedTime,webViewLink")
    .send_json()
    .await?;
    let mime = meta.get("mimeType").and_then(Value::as_str).unwrap_or("");
    if mime != DOC_MIME {
        return Err(ToolError::invalid_input(format!(
            "{} is not a Google Doc (its type is {mime})",
            a.document_id.trim()
        ))
        .with_hint("read other files with google_drive_read_file."));
    }
    let id = meta
        .get("id")
        .and_then(Value::as_str)
        .unwrap_or(a.document_id.trim());
    let body = document_body(&ctx, id, format, MAX_DOC_BYTES).await?;
    let mut o = match pick(
        &meta,
        &["documentId=id", "title=name", "modifiedTime", "webViewLink"],
    ) {
        Value::Object(o) => o,
        _ => Map::new(),
    };
    o.insert("format".into(), json!(format.name()));
    o.extend(body);
    Ok(Value::Object(o))
}
