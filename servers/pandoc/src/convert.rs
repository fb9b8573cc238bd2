//! `convert_markdown_to_file`: Markdown to DOCX, HTML or PDF.

use mcp_shared::content::{DEFAULT_MAX_RESOURCE_BYTES, resource};
use mcp_shared::{Ctx, Effect, Output, ToolDef, ToolError, tool};
use rmcp::model::ContentBlock;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::{docx, gcs, markdown, pdf};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "convert_markdown_to_file",
            "Convert Markdown to a file",
            Effect::Read,
            convert,
        )
        .toolset("convert"),
    ]
}

/// Convert Markdown to a DOCX, PDF or HTML file. Returns the file as an embedded resource
/// (base64 blob; HTML as text); when the server has a Cloud Storage bucket, uploads it there and
/// returns a signed download URL valid for 7 days instead.
#[derive(Deserialize, JsonSchema)]
pub struct Convert {
    /// The Markdown (CommonMark with tables, strikethrough and task lists)
    markdown_text: String,
    /// docx, pdf, html or html5 (the same HTML5 page); the legacy Word `doc` is not written: use docx
    output_format: String,
}

struct Format {
    ext: &'static str,
    mime: &'static str,
}

fn format(f: &str) -> Result<Format, ToolError> {
    match f.trim().to_ascii_lowercase().as_str() {
        "docx" => Ok(Format {
            ext: "docx",
            mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        }),
        "pdf" => Ok(Format {
            ext: "pdf",
            mime: "application/pdf",
        }),
        "html" | "html5" => Ok(Format {
            ext: "html",
            mime: "text/html; charset=utf-8",
        }),
        "doc" => Err(ToolError::invalid_input(
            "`doc` (the legacy binary Word format) cannot be written: use `docx`, which every Word version since 2007 opens.",
        )),
        other => Err(ToolError::invalid_input(format!(
            "`output_format` `{other}` is not supported: use docx, pdf or html."
        ))),
    }
}

async fn convert(ctx: Ctx, a: Convert) -> Result<Output, ToolError> {
    let fmt = format(&a.output_format)?;
    if a.markdown_text.trim().is_empty() {
        return Err(ToolError::invalid_input(
            "`markdown_text` is empty: give the Markdown to convert.",
        ));
    }
    let blocks = markdown::blocks(&a.markdown_text);
    let title = markdown::title(&blocks);
    let data = match fmt.ext {
        "docx" => docx::write(&blocks)?,
        "pdf" => pdf::write(&blocks, &title)?,
        _ => markdown::html(&a.markdown_text, &title).into_bytes(),
    };
    let digest = hex::encode(Sha256::digest(&data));
    let name = format!(
        "document-{}.{}",
        mcp_shared::text::prefix(&digest, 16),
        fmt.ext
    );
    // Read-only mode writes nothing anywhere: the file comes back inline even with a bucket.
    let bucket = ctx
        .option(gcs::BUCKET_OPTION)
        .filter(|_| !ctx.read_only())
        .map(str::to_owned);
    if let Some(bucket) = bucket {
        let v = gcs::upload_and_sign(&ctx, &bucket, &name, fmt.mime, data).await?;
        return Ok(Output::Json(v));
    }
    let size = data.len();
    let file: ContentBlock = resource(
        &format!("file:///{name}"),
        fmt.mime,
        &data,
        DEFAULT_MAX_RESOURCE_BYTES,
    )?;
    let summary = json!({"file": name, "mime_type": fmt.mime, "size": size});
    Ok(Output::Content(vec![
        ContentBlock::text(summary.to_string()),
        file,
    ]))
}
