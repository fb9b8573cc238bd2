//! Google Sheets MCP server: spreadsheets, sheets (tabs), cell values and basic formatting
//! over the Google Sheets API v4, and spreadsheet listing over the Google Drive API v3.
//!
//! `GOOGLE_SHEETS_API_BASE_URL` overrides `https://sheets.googleapis.com`;
//! `GOOGLE_DRIVE_API_BASE_URL` overrides `https://www.googleapis.com` (Drive, for
//! google_sheets_list_spreadsheets). Ranges are checked in A1 notation by [`a1`].

pub mod a1;
mod api;
mod format;
mod spreadsheets;
mod tabs;
mod toolathlon;
mod values;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

/// Google Sheets' toolsets, after the API's resources.
pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "spreadsheets",
        description: "Create spreadsheets, read one with its cells, list them (through Google Drive).",
        default: true,
    },
    Toolset {
        name: "sheets",
        description: "The sheets (tabs) of a spreadsheet: list, add and delete them.",
        default: true,
    },
    Toolset {
        name: "values",
        description: "Cell values: read ranges (as rows or tables), write cells and ranges, append rows, clear.",
        default: true,
    },
    Toolset {
        name: "formatting",
        description: "Basic cell formatting: bold, italic, background colour, number format.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = Vec::new();
    t.extend(spreadsheets::tools());
    t.extend(tabs::tools());
    t.extend(values::tools());
    t.extend(format::tools());
    t.extend(toolathlon::tools());
    t
}

/// The Google Drive API, where spreadsheets are listed.
pub use mcp_vendor_google::DRIVE_API as DRIVE;

pub static SPEC: ServerSpec = ServerSpec {
    service: "google_sheets",
    display_name: "Google Sheets",
    binary: "google-sheets-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Google Sheets for AI agents: spreadsheets, sheets, cell values, tables and formatting.",
    instructions: "Tools act on the Google Sheets of the OAuth access token the request carries. \
        Find a spreadsheet with google_sheets_list_spreadsheets, its sheets with google_sheets_list_sheets, \
        then read with google_sheets_read_range or google_sheets_read_table and write with \
        google_sheets_update_values or google_sheets_append_rows. Ranges are A1 notation: \
        Sheet1!A1:C10, 'My Sheet'!A:C (quote sheet names with spaces; double an apostrophe inside quotes).",
    base: mcp_shared::Base::Fixed("https://sheets.googleapis.com"),
    credential_env: &[],
    toolsets: TOOLSETS,
    tools,
    error_parser: mcp_vendor_google::parse_error,
    default_headers: &[],
    extra_apis: &[DRIVE],
    flags: &[],
    options: &[toolathlon::FOLDER],
    credential_exchange: Some(mcp_vendor_google::refresh::REFRESH),
    oauth: Some(mcp_vendor_google::oauth(
        &[
            "https://www.googleapis.com/auth/spreadsheets",
            "https://www.googleapis.com/auth/drive.metadata.readonly",
        ],
        &[
            "https://www.googleapis.com/auth/spreadsheets.readonly",
            "https://www.googleapis.com/auth/drive.file",
            "https://www.googleapis.com/auth/drive.readonly",
            "https://www.googleapis.com/auth/drive",
        ],
        "https://developers.google.com/identity/protocols/oauth2/scopes#sheets",
    )),
    ..ServerSpec::DEFAULT
};
