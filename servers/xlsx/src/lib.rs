//! Excel workbooks (.xlsx) in one workspace directory: the 25 tools of Klavis's `local/excel`
//! (haris-musa's excel-mcp-server), on files read and written through the shared workspace
//! jail ([`mcp_shared::workspace`]). Workbooks are parsed and written in memory with
//! umya-spreadsheet, which keeps the parts a tool does not change (styles, charts, tables,
//! data validation, conditional formats, merged cells). No credentials.

mod book;
mod data;
mod format;
mod formula;
mod keep;
mod objects;
mod structure;
mod workbook;

use mcp_shared::spec::MakeState;
use mcp_shared::{Auth, Base, ServerSpec, ToolDef, Toolset, workspace};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "workbook",
        description: "Create workbooks; add, copy, rename and delete sheets; describe a workbook.",
        default: true,
    },
    Toolset {
        name: "data",
        description: "Read and write cells, formulas, ranges and data validation.",
        default: true,
    },
    Toolset {
        name: "format",
        description: "Fonts, fills, borders, number formats, alignment, protection, conditional formats and merged cells.",
        default: true,
    },
    Toolset {
        name: "structure",
        description: "Insert and delete rows and columns.",
        default: true,
    },
    Toolset {
        name: "objects",
        description: "Charts, tables and pivot summaries.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = data::tools();
    t.extend(format::tools());
    t.extend(workbook::tools());
    t.extend(objects::tools());
    t.extend(structure::tools());
    t
}

/// The server's declaration, with `state` making its workspace (tests give a scratch one).
pub const fn spec(state: MakeState) -> ServerSpec {
    ServerSpec {
        service: "xlsx",
        display_name: "Excel files",
        binary: "xlsx-mcp-server",
        version: env!("CARGO_PKG_VERSION"),
        description: "Excel workbooks (.xlsx) in one workspace directory: cells, formulas, formats, charts, tables.",
        instructions: "Tools read and change Excel workbooks (.xlsx) in one workspace directory. `filepath` is relative \
            to it; absolute paths are accepted only inside it. Formulas are stored, not calculated: a value read back \
            is the one the file holds (Excel or LibreOffice computes it when the file is opened).",
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
