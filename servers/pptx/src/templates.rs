//! Slide templates (this server's own, shipped as data in the binary; colour schemes are in
//! `crate::schemes`):
//! list them, describe one, apply one to a slide, make slides and whole presentations from
//! them, and an outline generated from a topic.

mod apply;
mod catalog;
mod generate;

use mcp_shared::{Effect, ToolDef, tool};

use apply::{
    apply_slide_template, create_slide_from_template, get_template_info, list_slide_templates,
};
use generate::{auto_generate_presentation, create_presentation_from_templates};

pub use apply::{SlideFromTemplate, slide_from_template};
pub use generate::business_type;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "list_slide_templates",
            "List slide templates",
            Effect::Read,
            list_slide_templates,
        )
        .toolset("design"),
        tool(
            "apply_slide_template",
            "Apply slide template",
            Effect::Write,
            apply_slide_template,
        )
        .toolset("design"),
        tool(
            "create_slide_from_template",
            "Create slide from template",
            Effect::Write,
            create_slide_from_template,
        )
        .toolset("design"),
        tool(
            "create_presentation_from_templates",
            "Create presentation from templates",
            Effect::Write,
            create_presentation_from_templates,
        )
        .toolset("design"),
        tool(
            "get_template_info",
            "Slide template information",
            Effect::Read,
            get_template_info,
        )
        .toolset("design"),
        tool(
            "auto_generate_presentation",
            "Generate presentation outline",
            Effect::Write,
            auto_generate_presentation,
        )
        .toolset("design"),
    ]
}
