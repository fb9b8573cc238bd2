//! Google Drive MCP server: search (Drive's `q` syntax, My Drive and shared drives), read and
//! export (Docs, Sheets, Slides as text, CSV or PDF; other files as embedded resources), the
//! file tree, uploads, folders, moves, renames, sharing, shared drives and the trash, over the
//! Drive API v3.
//!
//! `GOOGLE_DRIVE_API_BASE_URL` overrides `https://www.googleapis.com`; every call goes to
//! `/drive/v3/...` or `/upload/drive/v3/...` under it.

mod api;
mod documents;
mod drives;
mod files;
mod permissions;
mod upload;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

/// Google Drive's toolsets, after the Drive API's resources.
pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "files",
        description: "Search, read, export and download files; the file tree; upload, create folders, move, rename; empty the trash.",
        default: true,
    },
    Toolset {
        name: "documents",
        description: "Google Docs: search documents by their words and read them as Markdown or HTML.",
        default: true,
    },
    Toolset {
        name: "permissions",
        description: "Share files and folders, and list who has access.",
        default: true,
    },
    Toolset {
        name: "drives",
        description: "Shared drives: list and create them.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = Vec::new();
    t.extend(documents::tools());
    t.extend(files::tools());
    t.extend(upload::tools());
    t.extend(drives::tools());
    t.extend(permissions::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "google_drive",
    display_name: "Google Drive",
    binary: "google-drive-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Google Drive for AI agents: search, read and export, upload, organize and share files.",
    instructions: "Tools act on the Google Drive of the OAuth access token the request carries. \
        Find files with google_drive_search_files (Drive's query syntax, My Drive and shared drives) \
        or Google Docs by their words with google_drive_search_documents, then read one by id with \
        google_drive_read_file (Docs as text, Sheets as CSV, other files as embedded resources) or \
        google_drive_get_document_by_id (a Doc as Markdown or HTML). Folder and shared drive ids \
        come from the search tools, google_drive_get_file_tree_structure and google_drive_list_shared_drives.",
    base: mcp_shared::Base::Fixed("https://www.googleapis.com"),
    credential_env: &[],
    toolsets: TOOLSETS,
    tools,
    error_parser: mcp_vendor_google::parse_error,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // Emptying the trash and creating shared drives need the full drive scope.
    credential_exchange: Some(mcp_vendor_google::refresh::REFRESH),
    oauth: Some(mcp_vendor_google::oauth(
        &["https://www.googleapis.com/auth/drive"],
        &[
            "https://www.googleapis.com/auth/drive.readonly",
            "https://www.googleapis.com/auth/drive.file",
            "https://www.googleapis.com/auth/drive.metadata.readonly",
        ],
        "https://developers.google.com/identity/protocols/oauth2/scopes#drive",
    )),
    ..ServerSpec::DEFAULT
};
