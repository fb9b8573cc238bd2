//! Excel MCP server: workbooks in OneDrive and SharePoint through Microsoft Graph's workbook
//! API (`/me/drive/items/{id}/workbook/...`, `/drives/{drive}/items/{id}/workbook/...`;
//! `EXCEL_API_BASE_URL` overrides `https://graph.microsoft.com/v1.0`), acting with the
//! delegated access token of each request. Writes run in a workbook session, closed after.

mod api;
mod ranges;
mod tables;
mod workbook;
mod xlsx;

use mcp_shared::{ServerSpec, ToolDef, Toolset};
use mcp_vendor_microsoft as microsoft;

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "workbooks",
        description: "Workbooks and worksheets: create, list, add.",
        default: true,
    },
    Toolset {
        name: "ranges",
        description: "Cells and ranges: read, write.",
        default: true,
    },
    Toolset {
        name: "tables",
        description: "Named tables: list, read rows, add rows.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = workbook::tools();
    t.extend(ranges::tools());
    t.extend(tables::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "excel",
    display_name: "Excel",
    binary: "excel-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Excel workbooks for AI agents: worksheets, ranges, cells and tables via Microsoft Graph.",
    instructions: "Tools act on .xlsx workbooks in OneDrive or SharePoint with the request's Microsoft Graph token. \
        `workbook_url` is the workbook's sharing link or web URL, or its drive item id (in the user's own drive). \
        Worksheets are named by worksheet_name or worksheet_id; without either, the first worksheet is used.",
    base: microsoft::BASE,
    auth: microsoft::AUTH,
    credential_env: &[("EXCEL_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: microsoft::parse_error,
    scope_hint: microsoft::with_scopes,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // Files.ReadWrite.All: workbooks reached by a sharing URL live in other users' drives.
    oauth: Some(mcp_vendor_microsoft::oauth(
        &["https://graph.microsoft.com/Files.ReadWrite.All"],
        &[
            "https://graph.microsoft.com/Files.ReadWrite",
            "https://graph.microsoft.com/Files.Read",
            "https://graph.microsoft.com/Files.Read.All",
            "offline_access",
        ],
    )),
    ..ServerSpec::DEFAULT
};
