//! Slides and their text: add a slide from a layout, slide information and text, placeholders,
//! bullet points, text boxes and runs, hyperlinks, masters and layouts, transitions. This root
//! holds the tool list and the helpers other modules share (backgrounds, title and placeholders).

mod hyperlinks;
mod masters;
mod placeholders;
mod slides;
mod textbox;
mod transitions;

use mcp_shared::{Effect, ToolDef, ToolError, tool};
use mcp_vendor_office::Xml;
use xot::Node;

use crate::deck::{self, hex, shapes, sp_tree};
use crate::x::{self, At, kid};
use hyperlinks::manage_hyperlinks;
use masters::manage_slide_masters;
use placeholders::{add_bullet_points, populate_placeholder};
use slides::{add_slide, extract_presentation_text, extract_slide_text, get_slide_info};
use textbox::manage_text;
use transitions::manage_slide_transitions;

pub use placeholders::bullet_paras;
pub use textbox::{SPPR_ORDER, needed_height, set_fill, text_box};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("add_slide", "Add slide", Effect::Write, add_slide).toolset("content"),
        tool(
            "get_slide_info",
            "Slide information",
            Effect::Read,
            get_slide_info,
        )
        .toolset("content"),
        tool(
            "extract_slide_text",
            "Extract slide text",
            Effect::Read,
            extract_slide_text,
        )
        .toolset("content"),
        tool(
            "extract_presentation_text",
            "Extract presentation text",
            Effect::Read,
            extract_presentation_text,
        )
        .toolset("content"),
        tool(
            "populate_placeholder",
            "Populate placeholder",
            Effect::IdempotentWrite,
            populate_placeholder,
        )
        .toolset("content"),
        tool(
            "add_bullet_points",
            "Add bullet points",
            Effect::IdempotentWrite,
            add_bullet_points,
        )
        .toolset("content"),
        tool("manage_text", "Manage text", Effect::Write, manage_text).toolset("content"),
        tool(
            "manage_hyperlinks",
            "Manage hyperlinks",
            Effect::Write,
            manage_hyperlinks,
        )
        .toolset("content"),
        tool(
            "manage_slide_masters",
            "Slide masters and layouts",
            Effect::Read,
            manage_slide_masters,
        )
        .toolset("content"),
        tool(
            "manage_slide_transitions",
            "Manage slide transitions",
            Effect::IdempotentWrite,
            manage_slide_transitions,
        )
        .toolset("content"),
    ]
}

/// Fill a slide's background: solid (one colour) or gradient (two or more).
pub fn set_background(
    xml: &mut Xml,
    kind: &str,
    colors: &[Vec<i64>],
    direction: &str,
) -> Result<(), ToolError> {
    let fill = match kind.to_ascii_lowercase().as_str() {
        "solid" => {
            let c = colors.first().ok_or_else(|| {
                ToolError::invalid_input(
                    "background_type solid needs background_colors: [[r, g, b]]",
                )
            })?;
            format!(
                "<a:solidFill><a:srgbClr val=\"{}\"/></a:solidFill>",
                hex("background_colors", c)?
            )
        }
        "gradient" | "professional_gradient" => {
            if colors.len() < 2 {
                return Err(ToolError::invalid_input(
                    "background_type gradient needs two or more background_colors: [[r, g, b], [r, g, b]]",
                ));
            }
            let n = colors.len() - 1;
            let mut stops = String::new();
            for (i, c) in colors.iter().enumerate() {
                stops.push_str(&format!(
                    "<a:gs pos=\"{}\"><a:srgbClr val=\"{}\"/></a:gs>",
                    i * 100_000 / n,
                    hex("background_colors", c)?
                ));
            }
            let ang = match direction.to_ascii_lowercase().as_str() {
                "horizontal" => 0,
                "vertical" => 5_400_000,
                "diagonal" => 2_700_000,
                other => {
                    return Err(ToolError::invalid_input(format!(
                        "gradient_direction {other:?}: use horizontal, vertical or diagonal"
                    )));
                }
            };
            format!(
                "<a:gradFill rotWithShape=\"1\"><a:gsLst>{stops}</a:gsLst><a:lin ang=\"{ang}\" scaled=\"0\"/></a:gradFill>"
            )
        }
        other => {
            return Err(ToolError::invalid_input(format!(
                "background_type {other:?}: use solid or gradient"
            )));
        }
    };
    let root = xml.root()?;
    let c_sld = kid(&xml.xot, root, "cSld").ok_or_else(|| x::internal("slide without cSld"))?;
    x::remove_kids(&mut xml.xot, c_sld, "bg")?;
    x::insert(
        xml,
        At::Start(c_sld),
        &format!("<p:bg><p:bgPr>{fill}<a:effectLst/></p:bgPr></p:bg>"),
    )?;
    Ok(())
}

/// The title placeholder of a slide.
pub fn title_shape(xml: &Xml) -> Result<Option<Node>, ToolError> {
    let tree = sp_tree(xml)?;
    Ok(shapes(&xml.xot, tree).into_iter().find(|s| {
        deck::ph(&xml.xot, *s)
            .map(|p| deck::ph_idx_type(&xml.xot, p).1)
            .is_some_and(|t| t == "title" || t == "ctrTitle")
    }))
}

/// The placeholder with `idx` of a slide, or an error listing the slide's placeholders.
pub fn placeholder(xml: &Xml, idx: i64) -> Result<Node, ToolError> {
    let tree = sp_tree(xml)?;
    let mut seen = Vec::new();
    for s in shapes(&xml.xot, tree) {
        if let Some(p) = deck::ph(&xml.xot, s) {
            let (i, ty) = deck::ph_idx_type(&xml.xot, p);
            if i == idx {
                return Ok(s);
            }
            seen.push(format!("{i} ({ty})"));
        }
    }
    Err(ToolError::invalid_input(format!(
        "the slide has no placeholder with idx {idx}; its placeholders: {}",
        if seen.is_empty() {
            "none".into()
        } else {
            seen.join(", ")
        }
    )))
}

pub fn modern_blue() -> String {
    "modern_blue".into()
}

pub fn yes() -> bool {
    true
}
