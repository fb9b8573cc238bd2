//! MarkItDown MCP server: converts a document named by URL (HTML, PDF text, DOCX, XLSX, PPTX,
//! CSV, JSON, plain text) to Markdown, natively in Rust. The URL is fetched through the shared
//! guarded fetch (no loopback, private, link-local or metadata addresses; size and time
//! capped); the type is detected from the content, not from the URL. No credentials.

mod convert;
mod formats;
mod kind;
mod ooxml;
mod table;

use mcp_shared::{Auth, Base, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "convert",
    description: "Convert a document at a URL to Markdown.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    convert::tools()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "markitdown",
    display_name: "MarkItDown",
    binary: "markitdown-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Documents (HTML, PDF, DOCX, XLSX, PPTX, CSV, JSON, text) at a URL to Markdown.",
    instructions: "One tool: convert_document_to_markdown fetches an http(s) URL (or reads a data: URI) and returns the document as Markdown. \
        Private and loopback addresses are refused unless the operator allows them (MCP_FETCH_ALLOW_HOSTS).",
    base: Base::None,
    auth: Auth::None,
    toolsets: TOOLSETS,
    tools,
    ..ServerSpec::DEFAULT
};
