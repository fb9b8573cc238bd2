//! PowerPoint MCP server: the 37 tools of Klavis's `local/powerpoint` (GongRzhe's
//! Office-PowerPoint-MCP-Server) on .pptx files in one workspace directory. Presentations are
//! kept open in this process by id (with a current one) and written only by
//! `save_presentation`; every path goes through the shared workspace jail.
//!
//! The files are Office Open XML packages ([`mcp_vendor_office`]): parts this server does not
//! edit are written back byte for byte; PresentationML and DrawingML are edited as `xot` trees
//! ([`deck`], [`text`]); the tools are thin on top.

mod blank;
mod charts;
mod content;
mod deck;
mod design;
mod media;
mod presentation;
mod schemes;
mod store;
mod structure;
mod templates;
mod text;
mod x;

use mcp_shared::spec::MakeState;
use mcp_shared::{Auth, Base, ServerSpec, ToolDef, Toolset, workspace};

pub use store::{make_state, state_in};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "presentations",
        description: "Create, open, save and switch presentations; information and properties.",
        default: true,
    },
    Toolset {
        name: "content",
        description: "Slides, placeholders, bullet points, text, pictures, hyperlinks, masters, transitions.",
        default: true,
    },
    Toolset {
        name: "structure",
        description: "Tables, shapes, charts and connectors.",
        default: true,
    },
    Toolset {
        name: "design",
        description: "Slide templates, colour schemes, picture effects, fonts, text fitting.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = presentation::tools();
    t.extend(content::tools());
    t.extend(media::tools());
    t.extend(structure::tools());
    t.extend(charts::tools());
    t.extend(design::tools());
    t.extend(templates::tools());
    t
}

/// The server's declaration, with `state` making its workspace (tests give a scratch one).
pub const fn spec(state: MakeState) -> ServerSpec {
    ServerSpec {
        service: "pptx",
        display_name: "PowerPoint files",
        binary: "pptx-mcp-server",
        version: env!("CARGO_PKG_VERSION"),
        description: "PowerPoint (.pptx) files in a workspace: slides, text, tables, charts, pictures, templates.",
        instructions: "Open a presentation (create_presentation, open_presentation or create_presentation_from_template); \
            the tools then change it in memory, the last one opened or switched to unless presentation_id names another. \
            Nothing is written until save_presentation. Paths are relative to the workspace; units are inches; colours are [r, g, b]; \
            slide, shape and placeholder indexes start at 0 (get_slide_info lists them).",
        base: Base::None,
        auth: Auth::None,
        state: Some(state),
        toolsets: TOOLSETS,
        tools,
        options: &[workspace::OPTION],
        ..ServerSpec::DEFAULT
    }
}

pub static SPEC: ServerSpec = spec(make_state);
