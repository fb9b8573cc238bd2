//! The conversion tool: fetch (or decode a `data:` URI), detect the type from the bytes,
//! convert, cap the output.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::formats;
use crate::kind::Kind;

/// Most characters of Markdown returned; longer output is cut with a note.
pub const MAX_CHARS: usize = 200_000;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "convert_document_to_markdown",
            "Convert document to Markdown",
            Effect::Read,
            convert_document_to_markdown,
        )
        .toolset("convert"),
    ]
}

/// Download a document and return it as Markdown. Types (detected from the content, not the
/// URL): HTML, PDF (text only), DOCX, XLSX, PPTX, CSV, JSON, plain text. Output over 200,000
/// characters is cut with a note.
#[derive(Deserialize, JsonSchema)]
pub struct Convert {
    /// http(s) URL of the document, or a `data:` URI. Private and loopback hosts are refused.
    uri: String,
}

async fn convert_document_to_markdown(ctx: Ctx, a: Convert) -> Result<String, ToolError> {
    let uri = a.uri.trim();
    let is_data = uri
        .get(..5)
        .is_some_and(|scheme| scheme.eq_ignore_ascii_case("data:"));
    let (bytes, content_type, shown) = if is_data {
        let url = data_url::DataUrl::process(uri)
            .map_err(|e| ToolError::invalid_input(format!("the data: URI is malformed ({e:?})")))?;
        let (body, _) = url
            .decode_to_vec()
            .map_err(|_| ToolError::invalid_input("the data: URI's base64 payload is malformed"))?;
        (
            body,
            Some(url.mime_type().to_string()),
            "the data: URI".to_owned(),
        )
    } else {
        let f = ctx.fetch(uri).await?;
        let mut shown = f.url.clone();
        shown.set_query(None);
        shown.set_fragment(None);
        (f.body.to_vec(), f.content_type, shown.to_string())
    };
    let kind = formats::detect(&bytes, content_type.as_deref());
    let md = match kind {
        Kind::Unsupported(what) => {
            return Err(ToolError::invalid_input(format!(
                "{shown} is {what}, which this server cannot convert; it converts {}",
                formats::SUPPORTED
            )));
        }
        k => formats::convert(k, &bytes)
            .map_err(|e| ToolError::invalid_input(format!("cannot convert {shown}: {e}")))?,
    };
    Ok(cap(md.trim().to_owned(), MAX_CHARS))
}

/// `md` cut to at most `max` characters, with a note saying so.
pub fn cap(md: String, max: usize) -> String {
    let total = md.chars().count();
    if total <= max {
        return md;
    }
    let end = md.char_indices().nth(max).map_or(md.len(), |(i, _)| i);
    format!(
        "{}\n\n[cut: the document's Markdown has {total} characters; the first {max} are shown]",
        md.get(..end).unwrap_or_default()
    )
}
