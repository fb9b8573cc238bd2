//! Adding slides, slide information and the text of slides and presentations.

use mcp_shared::{Ctx, ToolError};
use mcp_vendor_office::Xml;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use super::transitions::transition_info;
use super::{modern_blue, set_background, title_shape, yes};
use crate::deck::{self, Deck, shapes, sp_tree};
use crate::schemes::scheme;
use crate::store::Server;
use crate::text::{self, Fmt, set_paragraphs};
use crate::x::{self, attr, kid};

/// Add a slide at the end, from layout_index (in a new presentation: 0 Title Slide, 1 Title
/// and Content, 2 Section Header, 3 Two Content, 4 Comparison, 5 Title Only, 6 Blank), with
/// its placeholders, optionally a title and a solid or gradient background. Returns the new
/// slide's index and placeholders.
#[derive(Deserialize, JsonSchema)]
pub struct AddSlide {
    /// In the first slide master (see manage_slide_masters)
    #[serde(default = "one")]
    layout_index: i64,
    title: Option<String>,
    /// solid or gradient
    background_type: Option<String>,
    /// Each [r, g, b]: one for solid, two or more for gradient (default: color_scheme's)
    background_colors: Option<Vec<Vec<i64>>>,
    /// horizontal, vertical or diagonal
    #[serde(default = "horizontal")]
    gradient_direction: String,
    /// modern_blue, corporate_gray, elegant_green or warm_red
    #[serde(default = "modern_blue")]
    color_scheme: String,
    /// Default: current
    presentation_id: Option<String>,
}

fn one() -> i64 {
    1
}
fn horizontal() -> String {
    "horizontal".into()
}

pub(super) async fn add_slide(ctx: Ctx, a: AddSlide) -> Result<Value, ToolError> {
    let sc = scheme(&a.color_scheme)?;
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let (index, slide) = deck.add_slide(a.layout_index)?;
        let layout = deck.layout_of(&slide)?.map(|l| deck.part_name(&l));
        let mut title_set = false;
        let placeholders = deck.edit(&slide, |xml| {
            if let Some(t) = &a.title
                && let Some(sh) = title_shape(xml)?
            {
                set_paragraphs(xml, sh, &text::paras_of_text(t, &Fmt::default(), None)?)?;
                title_set = true;
            }
            if let Some(kind) = &a.background_type {
                let colors = match &a.background_colors {
                    Some(c) => c.clone(),
                    None => vec![sc.primary.to_vec(), sc.secondary.to_vec()],
                };
                set_background(xml, kind, &colors, &a.gradient_direction)?;
            }
            placeholders_of(xml)
        })?;
        Ok(json!({
            "message": format!("Added slide {index} with layout {}", layout.clone().unwrap_or_default()),
            "slide_index": index,
            "layout_name": layout,
            "title_set": title_set,
            "placeholders": placeholders,
        }))
    })
}

pub(super) fn placeholders_of(xml: &Xml) -> Result<Vec<Value>, ToolError> {
    let tree = sp_tree(xml)?;
    Ok(shapes(&xml.xot, tree)
        .into_iter()
        .filter_map(|s| {
            let p = deck::ph(&xml.xot, s)?;
            let (idx, ty) = deck::ph_idx_type(&xml.xot, p);
            let name = deck::c_nv_pr(&xml.xot, s).and_then(|c| attr(&xml.xot, c, "name"));
            Some(json!({"idx": idx, "type": ty, "name": name}))
        })
        .collect())
}

/// A slide's layout, placeholders and shapes (index, type, name, position in inches, text,
/// table contents), background and transition.
#[derive(Deserialize, JsonSchema)]
pub struct SlideRef {
    /// From 0
    slide_index: i64,
    /// Default: current
    presentation_id: Option<String>,
}

/// The text of one slide: its title, each shape's text and its tables.
#[derive(Deserialize, JsonSchema)]
pub struct SlideTextRef {
    /// From 0
    slide_index: i64,
    /// Default: current
    presentation_id: Option<String>,
}

pub(super) async fn get_slide_info(ctx: Ctx, a: SlideRef) -> Result<Value, ToolError> {
    Server::of(&ctx)?.read(a.presentation_id.as_deref(), |_, deck| {
        let slide = deck.slide(a.slide_index)?;
        let layout = deck.layout_of(&slide)?.map(|l| deck.part_name(&l));
        let xml = deck.pkg.xml(&slide)?;
        let tree = sp_tree(&xml)?;
        let all: Vec<Value> = shapes(&xml.xot, tree)
            .into_iter()
            .enumerate()
            .map(|(i, s)| deck::shape_info(&xml.xot, s, i))
            .collect();
        let root = xml.root()?;
        let transition = kid(&xml.xot, root, "transition").map(|t| transition_info(&xml, t));
        Ok(json!({
            "slide_index": a.slide_index,
            "layout_name": layout,
            "shape_count": all.len(),
            "shapes": all,
            "placeholders": placeholders_of(&xml)?,
            "has_background": x::path(&xml.xot, root, &["cSld", "bg"]).is_some(),
            "transition": transition,
        }))
    })
}

fn slide_text(deck: &Deck, slide: &str) -> Result<Value, ToolError> {
    let xml = deck.pkg.xml(slide)?;
    let tree = sp_tree(&xml)?;
    let mut title = None;
    let mut texts = Vec::new();
    let mut tables = Vec::new();
    for (i, s) in shapes(&xml.xot, tree).into_iter().enumerate() {
        if let Some(body) = deck::tx_body(&xml.xot, s) {
            let t = x::text_of(&xml.xot, body);
            let is_title = deck::ph(&xml.xot, s)
                .map(|p| deck::ph_idx_type(&xml.xot, p).1)
                .is_some_and(|t| t == "title" || t == "ctrTitle");
            if is_title && title.is_none() {
                title = Some(t.clone());
            }
            if !t.is_empty() {
                texts.push(json!({"shape_index": i, "text": t}));
            }
        } else if deck::kind(&xml.xot, s) == "TABLE" {
            let info = deck::shape_info(&xml.xot, s, i);
            tables.push(json!({"shape_index": i, "data": info["table"]["data"]}));
        }
    }
    let all: Vec<String> = texts
        .iter()
        .filter_map(|t| t["text"].as_str().map(str::to_owned))
        .collect();
    Ok(
        json!({"title": title, "shapes_with_text": texts, "tables": tables, "all_text": all.join("\n")}),
    )
}

pub(super) async fn extract_slide_text(ctx: Ctx, a: SlideTextRef) -> Result<Value, ToolError> {
    Server::of(&ctx)?.read(a.presentation_id.as_deref(), |_, deck| {
        let slide = deck.slide(a.slide_index)?;
        let mut v = slide_text(deck, &slide)?;
        v["slide_index"] = json!(a.slide_index);
        Ok(v)
    })
}

/// The text of a presentation, slide by slide and all together.
#[derive(Deserialize, JsonSchema)]
pub struct PresentationText {
    /// Default: current
    presentation_id: Option<String>,
    /// Each slide's title, layout and shapes too
    #[serde(default = "yes")]
    include_slide_info: bool,
}

pub(super) async fn extract_presentation_text(
    ctx: Ctx,
    a: PresentationText,
) -> Result<Value, ToolError> {
    Server::of(&ctx)?.read(a.presentation_id.as_deref(), |_, deck| {
        let mut slides = Vec::new();
        let mut all = Vec::new();
        for (i, s) in deck.slides()?.iter().enumerate() {
            let t = slide_text(deck, s)?;
            let text = t["all_text"].as_str().unwrap_or("").to_owned();
            let mut v = json!({"slide_index": i, "text": text});
            if a.include_slide_info {
                v["title"] = t["title"].clone();
                v["layout_name"] = json!(deck.layout_of(s)?.map(|l| deck.part_name(&l)));
                v["shapes_with_text"] = t["shapes_with_text"].clone();
                v["tables"] = t["tables"].clone();
            }
            if !text.is_empty() {
                all.push(format!("=== Slide {} ===\n{text}", i + 1));
            }
            slides.push(v);
        }
        Ok(json!({
            "total_slides": slides.len(),
            "slides_text": slides,
            "all_presentation_text": all.join("\n\n"),
        }))
    })
}
