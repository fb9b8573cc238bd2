//! Google Slides MCP server: create presentations, list them (through Google Drive), read a
//! presentation as text per slide (shapes, tables, speaker notes), summarize it, add slides
//! from a predefined or custom layout with a title and body, replace text, and send any
//! `batchUpdate` requests.
//!
//! `GOOGLE_SLIDES_API_BASE_URL` overrides `https://slides.googleapis.com`;
//! `GOOGLE_DRIVE_API_BASE_URL` overrides `https://www.googleapis.com` (Drive, for listing).

mod api;
mod editing;
mod presentations;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

/// One toolset: the Slides API's resource is the presentation (its pages come with it).
pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "presentations",
    description: "Create, list, read, summarize and edit Google Slides presentations.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    let mut t = presentations::tools();
    t.extend(editing::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "google_slides",
    display_name: "Google Slides",
    binary: "google-slides-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Google Slides for AI agents: create, list, read, summarize, add slides, replace text.",
    instructions: "Tools act on the Google Slides presentations of the OAuth access token the request carries. \
        Find presentations with list_presentations, read one with get_presentation (text per slide, \
        layouts) or summarize_presentation. Add slides with add_slide, change wording with \
        google_slides_replace_text; anything else with batch_update_presentation (Slides API requests). \
        Presentation ids are the part of the URL after /presentation/d/.",
    base: mcp_shared::Base::Fixed("https://slides.googleapis.com"),
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
            "https://www.googleapis.com/auth/presentations",
            "https://www.googleapis.com/auth/drive.metadata.readonly",
        ],
        &[
            "https://www.googleapis.com/auth/presentations.readonly",
            "https://www.googleapis.com/auth/drive.file",
            "https://www.googleapis.com/auth/drive.readonly",
            "https://www.googleapis.com/auth/drive",
        ],
        "https://developers.google.com/identity/protocols/oauth2/scopes#slides",
    )),
    ..ServerSpec::DEFAULT
};
