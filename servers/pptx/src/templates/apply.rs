//! Listing and describing templates, applying one to a slide, a new slide from a template.

use std::collections::BTreeMap;

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::content::{
    bullet_paras, modern_blue, placeholder, set_background, text_box, title_shape,
};
use crate::deck::{Deck, emu, emu_size};
use crate::media::{add_picture, image_bytes};
use crate::schemes::{SCHEMES, Scheme, scheme};
use crate::store::Server;
use crate::structure::{cell_text, shape_xml};
use crate::text::{Fmt, paras_of_text, set_paragraphs};

use super::catalog::{Kind, TEMPLATES, Tpl, template, tpl_json};

/// This server's built-in slide templates with the content roles each takes, and the colour
/// schemes.
#[derive(Deserialize, JsonSchema)]
pub struct ListTemplates {}

pub(super) async fn list_slide_templates(_ctx: Ctx, _a: ListTemplates) -> Result<Value, ToolError> {
    let t: Vec<Value> = TEMPLATES.iter().map(tpl_json).collect();
    let s: Vec<Value> = SCHEMES.iter().map(Scheme::json).collect();
    Ok(json!({"templates": t, "total_templates": t.len(), "color_schemes": s}))
}

/// One slide template's content roles (keys of content_mapping and image_paths) and their
/// positions.
#[derive(Deserialize, JsonSchema)]
pub struct TemplateInfo {
    /// e.g. title_slide, title_content, chart_slide (see list_slide_templates)
    template_id: String,
}

pub(super) async fn get_template_info(_ctx: Ctx, a: TemplateInfo) -> Result<Value, ToolError> {
    Ok(tpl_json(template(&a.template_id)?))
}

fn text_of(v: &Value) -> String {
    match v {
        Value::Array(items) => items.iter().map(cell_text).collect::<Vec<_>>().join("\n"),
        other => cell_text(other),
    }
}

fn lines_of(v: &Value) -> Vec<String> {
    match v {
        Value::Array(items) => items.iter().map(cell_text).collect(),
        other => cell_text(other).split('\n').map(str::to_owned).collect(),
    }
}

/// Put a template's elements on a slide. Title and content go into the slide's own title and
/// body placeholders when it has them.
pub(super) fn apply(
    deck: &mut Deck,
    slide: &str,
    t: &Tpl,
    sc: &Scheme,
    content: &Map<String, Value>,
    images: &BTreeMap<String, Vec<u8>>,
) -> Result<Vec<String>, ToolError> {
    let mut done = Vec::new();
    if let Some(bg) = t.background {
        deck.edit(slide, |xml| {
            set_background(xml, "solid", &[hex_rgb(sc, bg)], "horizontal")
        })?;
    }
    for e in t.elements {
        let value = content.get(e.role).filter(|v| !v.is_null());
        let value = match (value, e.role, t.id) {
            (None, "title", "thank_you_slide") => Some(Value::String("Thank You".into())),
            (v, ..) => v.cloned(),
        };
        let fmt = Fmt {
            bold: e.bold.then_some(true),
            italic: e.italic.then_some(true),
            size: (e.size > 0).then_some(e.size),
            color: Some(hex_rgb(sc, e.color)),
            ..Fmt::default()
        };
        let pos = (
            emu("left", e.pos.0)?,
            emu("top", e.pos.1)?,
            emu_size("width", e.pos.2)?,
            emu_size("height", e.pos.3)?,
        );
        match e.kind {
            Kind::Bar => {
                deck.add_shape(
                    slide,
                    &shape_xml(
                        "rect",
                        pos,
                        Some(&sc.hex(e.color)),
                        Some(&sc.hex(e.color)),
                        None,
                        "",
                    ),
                )?;
            }
            Kind::Text | Kind::Bullets | Kind::Box => {
                let Some(v) = value else { continue };
                let paras = if e.kind == Kind::Bullets {
                    bullet_paras(&lines_of(&v))?
                } else {
                    paras_of_text(&text_of(&v), &fmt, Some(e.align))?
                };
                let ph = deck.edit(slide, |xml| {
                    let target = match e.role {
                        "title" => title_shape(xml)?,
                        "content" if e.kind == Kind::Bullets => placeholder(xml, 1).ok(),
                        _ => None,
                    };
                    if let Some(sh) = target {
                        set_paragraphs(xml, sh, &paras)?;
                        fmt.apply(xml, sh)?;
                    }
                    Ok(target.is_some())
                })?;
                if !ph {
                    let shape = if e.kind == Kind::Box {
                        let f = Fmt {
                            color: Some(vec![255, 255, 255]),
                            ..fmt.clone()
                        };
                        shape_xml(
                            "roundRect",
                            pos,
                            Some(&sc.hex(e.color)),
                            None,
                            None,
                            &paras_of_text(&text_of(&v), &f, Some("ctr"))?,
                        )
                    } else {
                        let shape = text_box(pos, &paras, None, None, true);
                        if e.kind == Kind::Bullets {
                            // Bullet characters for a text box (placeholders inherit them).
                            let shape = shape.replace("<a:p><a:r>", "<a:p><a:pPr marL=\"342900\" indent=\"-342900\"><a:buFont typeface=\"Arial\"/><a:buChar char=\"&#8226;\"/></a:pPr><a:r>");
                            shape.replace("<a:rPr lang=\"en-US\">", &format!("<a:rPr lang=\"en-US\" sz=\"{}\"><a:solidFill><a:srgbClr val=\"{}\"/></a:solidFill>", e.size * 100, sc.hex(e.color)))
                        } else {
                            shape
                        }
                    };
                    deck.add_shape(slide, &shape)?;
                }
                done.push(e.role.to_owned());
            }
            Kind::Image => {
                let Some(bytes) = images.get(e.role) else {
                    continue;
                };
                add_picture(
                    deck,
                    slide,
                    bytes.clone(),
                    e.pos.0,
                    e.pos.1,
                    Some(e.pos.2),
                    None,
                    e.role,
                )?;
                done.push(e.role.to_owned());
            }
            Kind::Chart => {
                let Some(v) = value else { continue };
                crate::charts::add_from_value(deck, slide, &v, pos, sc)?;
                done.push(e.role.to_owned());
            }
        }
    }
    Ok(done)
}

fn hex_rgb(sc: &Scheme, role: &str) -> Vec<i64> {
    match role {
        "primary" => sc.primary.to_vec(),
        "secondary" => sc.secondary.to_vec(),
        "accent" => sc.accent.to_vec(),
        "light" => sc.light.to_vec(),
        "white" => vec![255, 255, 255],
        _ => sc.text.to_vec(),
    }
}

pub(super) async fn read_images(
    s: &Server,
    paths: Option<&Map<String, Value>>,
) -> Result<BTreeMap<String, Vec<u8>>, ToolError> {
    let mut out = BTreeMap::new();
    for (role, p) in paths.into_iter().flatten() {
        let Some(p) = p.as_str() else {
            return Err(ToolError::invalid_input(format!(
                "image_paths.{role} must be a workspace path (a string)"
            )));
        };
        out.insert(
            role.clone(),
            image_bytes(s, "image_paths", p, "file").await?,
        );
    }
    Ok(out)
}

/// Apply a slide template to an existing slide: content_mapping (role -> text or list) and
/// image_paths (role -> workspace path) go in the template's places, in color_scheme. The
/// slide's title and body placeholders, if any, take the title and content.
#[derive(Deserialize, JsonSchema)]
pub struct ApplyTemplate {
    /// From 0
    slide_index: i64,
    /// See list_slide_templates
    template_id: String,
    #[serde(default = "modern_blue")]
    color_scheme: String,
    /// e.g. {"title": "...", "content": ["point", "point"]}
    content_mapping: Option<Map<String, Value>>,
    /// e.g. {"image": "pictures/chart.png"}
    image_paths: Option<Map<String, Value>>,
    /// Default: current
    presentation_id: Option<String>,
}

pub(super) async fn apply_slide_template(ctx: Ctx, a: ApplyTemplate) -> Result<Value, ToolError> {
    let t = template(&a.template_id)?;
    let sc = scheme(&a.color_scheme)?;
    let s = Server::of(&ctx)?;
    let images = read_images(s, a.image_paths.as_ref()).await?;
    let content = a.content_mapping.unwrap_or_default();
    s.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        let done = apply(deck, &slide, t, sc, &content, &images)?;
        Ok(json!({"message": format!("Applied template {} to slide {}", t.id, a.slide_index), "applied_roles": done}))
    })
}

/// Add a slide (from layout_index; 6 is Blank in a new presentation) and apply a slide
/// template to it.
#[derive(Deserialize, JsonSchema)]
pub struct SlideFromTemplate {
    /// See list_slide_templates
    template_id: String,
    #[serde(default = "modern_blue")]
    color_scheme: String,
    /// Role -> content
    content_mapping: Option<Map<String, Value>>,
    /// Role -> workspace path
    image_paths: Option<Map<String, Value>>,
    #[serde(default = "one")]
    layout_index: i64,
    /// Default: current
    presentation_id: Option<String>,
}

fn one() -> i64 {
    1
}

pub(super) async fn create_slide_from_template(
    ctx: Ctx,
    a: SlideFromTemplate,
) -> Result<Value, ToolError> {
    let s = Server::of(&ctx)?;
    let images = read_images(s, a.image_paths.as_ref()).await?;
    slide_with_images(s, a, &images)
}

/// A new slide from a template, without pictures (for apply_professional_design).
pub fn slide_from_template(s: &Server, a: SlideFromTemplate) -> Result<Value, ToolError> {
    slide_with_images(s, a, &BTreeMap::new())
}

fn slide_with_images(
    s: &Server,
    a: SlideFromTemplate,
    images: &BTreeMap<String, Vec<u8>>,
) -> Result<Value, ToolError> {
    let t = template(&a.template_id)?;
    let sc = scheme(&a.color_scheme)?;
    let content = a.content_mapping.unwrap_or_default();
    s.edit(a.presentation_id.as_deref(), |deck| {
        let (index, slide) = deck.add_slide(a.layout_index)?;
        let done = apply(deck, &slide, t, sc, &content, images)?;
        Ok(json!({"message": format!("Created slide {index} from template {}", t.id), "slide_index": index, "applied_roles": done}))
    })
}
