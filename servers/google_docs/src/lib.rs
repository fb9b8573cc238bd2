//! Google Docs MCP server: read documents as Markdown, structured blocks or plain text; create
//! them (blank, from text, from Markdown); insert text at the end or under a heading; replace
//! text; append Markdown with headings, lists, bold, italic and links. Documents are listed
//! through the Google Drive API.
//!
//! `GOOGLE_DOCS_API_BASE_URL` overrides `https://docs.googleapis.com`;
//! `GOOGLE_DRIVE_API_BASE_URL` overrides `https://www.googleapis.com` (Drive, for listing).

mod api;
mod compose;
mod documents;
mod editing;
mod render;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

/// One toolset: the Docs API has one resource, documents.
pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "documents",
    description: "Read, list, create and edit Google Docs documents.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    let mut t = documents::tools();
    t.extend(editing::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "google_docs",
    display_name: "Google Docs",
    binary: "google-docs-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Google Docs for AI agents: read as Markdown, create, list, insert, replace, append Markdown.",
    instructions: "Tools act on the Google Docs of the OAuth access token the request carries. \
        Find documents with google_docs_get_all_documents, read one with \
        google_docs_get_document_by_id (Markdown by default). To add formatted content use \
        google_docs_append_markdown or google_docs_insert_text_at_heading; to change wording, \
        google_docs_replace_text. Document ids are the part of the URL after /document/d/.",
    base: mcp_shared::Base::Fixed("https://docs.googleapis.com"),
    credential_env: &[],
    toolsets: TOOLSETS,
    tools,
    error_parser: mcp_vendor_google::parse_error,
    default_headers: &[],
    extra_apis: &[mcp_vendor_google::DRIVE_API],
    flags: &[],
    credential_exchange: Some(mcp_vendor_google::refresh::REFRESH),
    oauth: Some(mcp_vendor_google::oauth(
        &[
            "https://www.googleapis.com/auth/documents",
            "https://www.googleapis.com/auth/drive.metadata.readonly",
        ],
        &[
            "https://www.googleapis.com/auth/documents.readonly",
            "https://www.googleapis.com/auth/drive.file",
            "https://www.googleapis.com/auth/drive.readonly",
            "https://www.googleapis.com/auth/drive",
        ],
        "https://developers.google.com/identity/protocols/oauth2/scopes#docs",
    )),
    ..ServerSpec::DEFAULT
};
