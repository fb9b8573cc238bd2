//! PDF tools MCP server: the 3 tools of Klavis's `local/pdf-tools` (`pdf_tools_*`), on one
//! workspace directory: the text of a PDF page by page, its information (pages, metadata,
//! page sizes), and a new PDF made of chosen pages. Every path goes through the shared jail
//! ([`mcp_shared::workspace`]); the PDF is read into memory through it and parsed with lopdf,
//! and the new PDF is written through it. No credentials.
//!
//! Text extraction is lopdf's own (`extract_text_chunks_with_limit`): it decodes the fonts'
//! encodings and `/ToUnicode` CMaps and bounds every decompression, which is what these tools
//! need; pdf-extract (0.12.1) would add a second, older lopdf (0.42) and seven more crates
//! for layout-aware spacing.

mod pdf;
mod tools;

use std::sync::Arc;

use mcp_shared::spec::MakeState;
use mcp_shared::workspace::{Limits, Workspace};
use mcp_shared::{Auth, Base, ServerSpec, Settings, State, Toolset, workspace};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "pdf_tools",
    description: "Read the text and information of PDFs in the workspace, and make new PDFs of chosen pages.",
    default: true,
}];

/// The largest PDF the tools read (a read of the workspace is capped at this).
pub const MAX_PDF_BYTES: u64 = 64 * 1024 * 1024;

/// The workspace with the read cap raised to [`MAX_PDF_BYTES`] (PDFs are larger than text).
pub fn limits() -> Limits {
    Limits {
        max_read_bytes: MAX_PDF_BYTES,
        ..Limits::default()
    }
}

/// The server's state: its workspace (`--workspace` / `MCP_WORKSPACE`), with the PDF read cap.
pub fn make_state(settings: &Settings) -> Result<State, String> {
    Workspace::from_settings(settings).map(|w| Arc::new(w.with_limits(limits())) as State)
}

/// The server's declaration, with `state` making its workspace (tests give a scratch one).
pub const fn spec(state: MakeState) -> ServerSpec {
    ServerSpec {
        service: "pdf_tools",
        display_name: "PDF Tools",
        binary: "pdf-tools-mcp-server",
        version: env!("CARGO_PKG_VERSION"),
        description: "PDFs in one workspace directory: text by page, information, new PDFs of chosen pages.",
        instructions: "Tools read PDFs in one workspace directory and write new PDFs into it. Paths are relative \
            to it; absolute paths are accepted only inside it. `..` out of it, symbolic links that lead out, `~`, \
            URLs and Windows paths are refused. Page numbers start at 1.",
        base: Base::None,
        auth: Auth::None,
        state: Some(state),
        toolsets: TOOLSETS,
        tools: tools::tools,
        options: &[workspace::OPTION],
        ..ServerSpec::DEFAULT
    }
}

pub static SPEC: ServerSpec = spec(make_state);
