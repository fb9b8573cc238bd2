//! Word documents (.docx) in one workspace directory: the 54 tools of Klavis's `local/word`
//! (GongRzhe's Office-Word-MCP-Server), on files read and written through the shared
//! workspace jail ([`mcp_shared::workspace`]). Documents are edited as Office Open XML with
//! `mcp-vendor-office`: the parts a tool changes are edited as XML trees (xot), every other
//! part of the package is written back byte for byte. No credentials.

mod comments;
mod content;
mod doc;
mod document;
mod notes;
mod runs;
mod tables;
mod template;
mod xml;

use mcp_shared::spec::MakeState;
use mcp_shared::{Auth, Base, ServerSpec, ToolDef, Toolset, workspace};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "document",
        description: "Create, copy, describe, read and search documents; list the documents of a directory.",
        default: true,
    },
    Toolset {
        name: "content",
        description: "Paragraphs, headings, lists, pictures, tables, page breaks; insert, delete, replace.",
        default: true,
    },
    Toolset {
        name: "format",
        description: "Custom styles and formatting of text ranges.",
        default: true,
    },
    Toolset {
        name: "tables",
        description: "Table borders, shading, merged cells, alignment, widths, cell text and padding.",
        default: true,
    },
    Toolset {
        name: "notes",
        description: "Footnotes and endnotes.",
        default: true,
    },
    Toolset {
        name: "comments",
        description: "Read comments.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = document::tools();
    t.extend(content::tools());
    t.extend(tables::tools());
    t.extend(notes::tools());
    t.extend(comments::tools());
    t
}

/// The server's declaration, with `state` making its workspace (tests give a scratch one).
pub const fn spec(state: MakeState) -> ServerSpec {
    ServerSpec {
        service: "docx",
        display_name: "Word files",
        binary: "docx-mcp-server",
        version: env!("CARGO_PKG_VERSION"),
        description: "Word documents (.docx) in a workspace directory: paragraphs, headings, tables, pictures, notes.",
        instructions: "Tools read and change Word documents (.docx) in one workspace directory. `filename` is relative \
            to it (`.docx` is added when missing); absolute paths are accepted only inside it. Paragraph indexes count \
            the body's paragraphs from 0 (paragraphs inside tables are not counted); table indexes count the body's tables.",
        base: Base::None,
        auth: Auth::None,
        state: Some(state),
        toolsets: TOOLSETS,
        tools,
        options: &[workspace::OPTION],
        ..ServerSpec::DEFAULT
    }
}

pub static SPEC: ServerSpec = spec(workspace::make_state);
