//! The three tools of Klavis's `local/pdf-tools`: read a PDF's text by page, its information,
//! and a new PDF of chosen pages. Results are JSON objects of the upstream's shape.

use lopdf::Document;
use mcp_shared::workspace::{Workspace, WsPath};
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::pdf;

/// Most characters of text one `pdf_tools_read_pdf` call returns; the pages after are
/// listed with empty text and the result says where it stopped.
const MAX_TEXT_CHARS: usize = 4 * 1024 * 1024;

/// Most page numbers one `pdf_tools_extract_pages` call takes.
const MAX_PAGE_NUMBERS: usize = 10_000;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "pdf_tools_read_pdf",
            "Read PDF text",
            Effect::Read,
            read_pdf,
        )
        .toolset("pdf_tools")
        .output::<ReadResult>(),
        tool(
            "pdf_tools_get_pdf_info",
            "Get PDF information",
            Effect::Read,
            get_pdf_info,
        )
        .toolset("pdf_tools")
        .output::<InfoResult>(),
        tool(
            "pdf_tools_extract_pages",
            "Extract PDF pages",
            Effect::Destructive,
            extract_pages,
        )
        .toolset("pdf_tools")
        .output::<ExtractResult>(),
    ]
}

/// The document information of a PDF (an entry the PDF does not have is left out). Its
/// output schema is a map of strings ([`MetadataMap`]): the keys are these fields' names.
#[derive(Serialize)]
pub struct Metadata {
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    author: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    subject: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    creator: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    producer: Option<String>,
    /// ISO 8601 where the PDF's date has the standard form, otherwise as written
    #[serde(skip_serializing_if = "Option::is_none")]
    creation_date: Option<String>,
}

/// How [`Metadata`] appears in the output schemas: one line instead of six properties.
type MetadataMap = std::collections::BTreeMap<String, String>;

fn metadata(doc: &Document) -> Metadata {
    Metadata {
        title: pdf::info_field(doc, b"Title"),
        author: pdf::info_field(doc, b"Author"),
        subject: pdf::info_field(doc, b"Subject"),
        creator: pdf::info_field(doc, b"Creator"),
        producer: pdf::info_field(doc, b"Producer"),
        creation_date: pdf::info_field(doc, b"CreationDate").map(|d| pdf::date(&d)),
    }
}

/// Read a PDF of the workspace and parse it, or say why not.
fn open(ws: &Workspace, arg: &str, input: &str) -> Result<(WsPath, Document), ToolError> {
    let p = ws.path(arg, input)?;
    let bytes = ws.read(arg, &p)?;
    let doc =
        pdf::load(&bytes).map_err(|e| ToolError::invalid_input(format!("`{arg}` {input}: {e}")))?;
    Ok((p, doc))
}

fn refuse_locked(arg: &str, input: &str, doc: &Document) -> Result<(), ToolError> {
    if pdf::locked(doc) {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` {input}: the PDF is encrypted with a password; this server does not take passwords"
        )));
    }
    Ok(())
}

fn json<T: Serialize>(v: &T) -> Result<Value, ToolError> {
    serde_json::to_value(v).map_err(|e| {
        ToolError::new(
            mcp_shared::ErrorKind::Internal,
            format!("the result could not be encoded: {e}"),
        )
    })
}

/// Read a workspace PDF's text by page, with its page count and metadata. Pages without a
/// text layer (scans) come empty: no OCR. Per call at most 64 MiB of PDF and 4 MiB of text:
/// later pages come empty, `truncated_at_page` says where. Password-encrypted PDFs are
/// refused.
#[derive(Deserialize, JsonSchema)]
pub struct ReadPdf {
    /// PDF path, relative to the workspace
    file_path: String,
}

// One page's text (`warning`: why part of it could not be decoded).
#[derive(Serialize, JsonSchema)]
pub struct PageText {
    page_number: u32,
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct ReadResult {
    file_path: String,
    num_pages: u32,
    /// title, author, subject, creator, producer, creation_date: those the PDF has
    #[schemars(with = "MetadataMap")]
    metadata: Metadata,
    pages: Vec<PageText>,
    #[serde(skip_serializing_if = "Option::is_none")]
    truncated_at_page: Option<u32>,
}

async fn read_pdf(ctx: Ctx, a: ReadPdf) -> Result<Value, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let (_, doc) = open(ws, "file_path", &a.file_path)?;
            refuse_locked("file_path", &a.file_path, &doc)?;
            let numbers: Vec<u32> = doc.get_pages().keys().copied().collect();
            let mut pages = Vec::with_capacity(numbers.len());
            let mut total = 0usize;
            let mut truncated_at_page = None;
            for n in &numbers {
                if truncated_at_page.is_some() {
                    pages.push(PageText {
                        page_number: *n,
                        text: String::new(),
                        warning: None,
                    });
                    continue;
                }
                let (text, warning) = pdf::page_text(&doc, *n);
                total = total.saturating_add(text.chars().count());
                if total > MAX_TEXT_CHARS {
                    truncated_at_page = Some(*n);
                    pages.push(PageText {
                        page_number: *n,
                        text: String::new(),
                        warning: Some(format!(
                            "not returned: the text of one call is capped at {MAX_TEXT_CHARS} characters"
                        )),
                    });
                    continue;
                }
                pages.push(PageText {
                    page_number: *n,
                    text,
                    warning,
                });
            }
            json(&ReadResult {
                file_path: a.file_path,
                num_pages: u32::try_from(numbers.len()).unwrap_or(u32::MAX),
                metadata: metadata(&doc),
                pages,
                truncated_at_page,
            })
        })
        .await
}

/// A workspace PDF's page count, metadata, page sizes in points (1/72 inch, as displayed:
/// rotation applied) and whether it is encrypted. Password-encrypted PDFs are refused.
#[derive(Deserialize, JsonSchema)]
pub struct GetPdfInfo {
    /// PDF path, relative to the workspace
    file_path: String,
}

// One page's size in points (1/72 inch).
#[derive(Serialize, JsonSchema)]
pub struct PageSize {
    page: u32,
    width: f64,
    height: f64,
}

#[derive(Serialize, JsonSchema)]
pub struct InfoResult {
    file_path: String,
    num_pages: u32,
    /// title, author, subject, creator, producer, creation_date: those the PDF has
    #[schemars(with = "MetadataMap")]
    metadata: Metadata,
    page_sizes: Vec<PageSize>,
    is_encrypted: bool,
}

async fn get_pdf_info(ctx: Ctx, a: GetPdfInfo) -> Result<Value, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let (_, doc) = open(ws, "file_path", &a.file_path)?;
            refuse_locked("file_path", &a.file_path, &doc)?;
            let pages = doc.get_pages();
            let page_sizes = pages
                .iter()
                .map(|(n, id)| {
                    let (width, height) = pdf::page_size(&doc, *id);
                    PageSize {
                        page: *n,
                        width,
                        height,
                    }
                })
                .collect();
            json(&InfoResult {
                file_path: a.file_path,
                num_pages: u32::try_from(pages.len()).unwrap_or(u32::MAX),
                metadata: metadata(&doc),
                page_sizes,
                is_encrypted: pdf::encrypted(&doc),
            })
        })
        .await
}

/// Write a PDF of chosen pages of another (paths relative to the workspace), with its
/// metadata but not its outlines, named destinations, page labels or structure tree. The
/// output (its directory must exist) is created or replaced and may be the input. If a page
/// is not in the input, nothing is written. Encrypted inputs are refused.
#[derive(Deserialize, JsonSchema)]
pub struct ExtractPages {
    input_file: String,
    output_file: String,
    /// 1-based, in the new PDF's order; may repeat
    page_numbers: Vec<Int>,
}

#[derive(Serialize, JsonSchema)]
pub struct ExtractResult {
    input_file: String,
    output_file: String,
    pages_extracted: Vec<u32>,
    /// Pages of the new PDF
    num_pages: u32,
    source_num_pages: u32,
    message: String,
}

async fn extract_pages(ctx: Ctx, a: ExtractPages) -> Result<Value, ToolError> {
    if a.page_numbers.is_empty() {
        return Err(ToolError::invalid_input(
            "`page_numbers` is empty: name at least one page (1-based).",
        ));
    }
    if a.page_numbers.len() > MAX_PAGE_NUMBERS {
        return Err(ToolError::invalid_input(format!(
            "`page_numbers` names {} pages; at most {MAX_PAGE_NUMBERS} in one call.",
            a.page_numbers.len()
        )));
    }
    Workspace::of(&ctx)?
        .run(move |ws| {
            let out = ws.path("output_file", &a.output_file)?;
            let (_, mut doc) = open(ws, "input_file", &a.input_file)?;
            if pdf::encrypted(&doc) {
                return Err(ToolError::invalid_input(format!(
                    "`input_file` {}: the PDF is encrypted; this server does not rewrite encrypted PDFs",
                    a.input_file
                )));
            }
            let total = u32::try_from(doc.get_pages().len()).unwrap_or(u32::MAX);
            let mut wanted = Vec::with_capacity(a.page_numbers.len());
            for n in &a.page_numbers {
                match u32::try_from(n.get()) {
                    Ok(n) if (1..=total).contains(&n) => wanted.push(n),
                    _ => {
                        return Err(ToolError::invalid_input(format!(
                            "`page_numbers`: page {n} is not in {} (it has pages 1 to {total}); nothing was written.",
                            a.input_file
                        )));
                    }
                }
            }
            pdf::keep_pages(&mut doc, &wanted).map_err(|e| {
                ToolError::invalid_input(format!("`input_file` {}: {e}", a.input_file))
            })?;
            let bytes = pdf::save(&mut doc).map_err(ToolError::invalid_input)?;
            ws.write("output_file", &out, &bytes)?;
            let count = u32::try_from(wanted.len()).unwrap_or(u32::MAX);
            json(&ExtractResult {
                message: format!(
                    "Extracted {count} page(s) of {} into {}",
                    a.input_file, a.output_file
                ),
                input_file: a.input_file,
                output_file: a.output_file,
                pages_extracted: wanted,
                num_pages: count,
                source_num_pages: total,
            })
        })
        .await
}
