//! Pictures: an image file of the workspace (or base64 bytes) as a media part and a `p:pic`
//! on the slide, sized from the image's own header; and effects on pictures.

use base64::Engine;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use mcp_vendor_office::{ImageInfo, image_info};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::blank::rt;
use crate::content::SPPR_ORDER;
use crate::deck::{self, emu, emu_size, hex, shape_at, sort_children, sp_tree, xfrm};
use crate::store::{MAX_FILE_BYTES, Server};
use crate::x::{self, At, esc, kid};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("manage_image", "Manage image", Effect::Write, manage_image).toolset("content"),
        tool(
            "apply_picture_effects",
            "Apply picture effects",
            Effect::IdempotentWrite,
            apply_picture_effects,
        )
        .toolset("design"),
    ]
}

/// The resolution of an image that states none (PowerPoint's, as python-pptx assumes).
const DEFAULT_DPI: f64 = 72.0;

/// Pictures. operation `add`: put `image_source` (a PNG, JPEG, GIF or BMP file of the
/// workspace, or base64 bytes with source_type base64) on the slide at left/top; without
/// width and height at its natural size (pixels at its dpi, else 72), with one of them the
/// other keeps the aspect ratio. `enhance` (image filters) is not supported: its error says
/// what to use instead.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)] // the enhance arguments are in the schema for compatibility; enhance is refused
pub struct ManageImage {
    /// From 0
    slide_index: i64,
    /// add or enhance
    operation: String,
    image_source: String,
    /// file or base64
    #[serde(default = "file")]
    source_type: String,
    #[serde(default = "one")]
    left: f64,
    #[serde(default = "one")]
    top: f64,
    width: Option<f64>,
    height: Option<f64>,
    enhancement_style: Option<String>,
    #[serde(default = "one")]
    brightness: f64,
    #[serde(default = "one")]
    contrast: f64,
    #[serde(default = "one")]
    saturation: f64,
    #[serde(default = "one")]
    sharpness: f64,
    #[serde(default)]
    blur_radius: f64,
    filter_type: Option<String>,
    output_path: Option<String>,
    /// Default: current
    presentation_id: Option<String>,
}

fn file() -> String {
    "file".into()
}
fn one() -> f64 {
    1.0
}

/// The bytes of an image given as a workspace file or base64.
pub async fn image_bytes(
    s: &Server,
    arg: &'static str,
    source: &str,
    source_type: &str,
) -> Result<Vec<u8>, ToolError> {
    match source_type.to_ascii_lowercase().as_str() {
        "file" | "path" => s.read_file(arg, source.to_owned()).await,
        "base64" => {
            let data = source.split_once("base64,").map_or(source, |(_, d)| d);
            let clean: String = data.chars().filter(|c| !c.is_whitespace()).collect();
            if clean.len() as u64 > MAX_FILE_BYTES * 4 / 3 + 4 {
                return Err(ToolError::invalid_input(format!(
                    "the base64 image is larger than {} MiB",
                    MAX_FILE_BYTES / (1024 * 1024)
                )));
            }
            base64::engine::general_purpose::STANDARD
                .decode(clean.as_bytes())
                .map_err(|e| ToolError::invalid_input(format!("`{arg}` is not valid base64: {e}")))
        }
        other => Err(ToolError::invalid_input(format!(
            "source_type {other:?}: use file or base64"
        ))),
    }
}

/// Add a picture to a slide; returns its shape index.
#[allow(clippy::too_many_arguments)]
pub fn add_picture(
    deck: &mut deck::Deck,
    slide: &str,
    bytes: Vec<u8>,
    left: f64,
    top: f64,
    width: Option<f64>,
    height: Option<f64>,
    name: &str,
) -> Result<(usize, ImageInfo, (i64, i64)), ToolError> {
    let info = image_info(&bytes, DEFAULT_DPI).ok_or_else(|| {
        ToolError::invalid_input(
            "the image is not a PNG, JPEG, GIF or BMP file (or its header is damaged)",
        )
    })?;
    if info.width == 0 || info.height == 0 {
        return Err(ToolError::invalid_input("the image says it has no pixels"));
    }
    let nat_w = f64::from(info.width) / info.dpi.0;
    let nat_h = f64::from(info.height) / info.dpi.1;
    let (w, h) = match (width, height) {
        (Some(w), Some(h)) => (w, h),
        (Some(w), None) => (w, w * nat_h / nat_w),
        (None, Some(h)) => (h * nat_w / nat_h, h),
        (None, None) => (nat_w, nat_h),
    };
    let (x, y, cx, cy) = (
        emu("left", left)?,
        emu("top", top)?,
        emu_size("width", w)?,
        emu_size("height", h)?,
    );
    let (_, rid) = deck.add_part(
        slide,
        "ppt/media/image",
        info.ext,
        info.content_type,
        rt::IMAGE,
        bytes,
    )?;
    let pic = format!(
        "<p:pic><p:nvPicPr><p:cNvPr id=\"{{id}}\" name=\"Picture {{id}}\" descr=\"{}\"/><p:cNvPicPr><a:picLocks noChangeAspect=\"1\"/></p:cNvPicPr><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed=\"{rid}\"/><a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr>{}<a:prstGeom prst=\"rect\"><a:avLst/></a:prstGeom></p:spPr></p:pic>",
        esc(name),
        xfrm(x, y, cx, cy)
    );
    let index = deck.add_shape(slide, &pic)?;
    Ok((index, info, (cx, cy)))
}

async fn manage_image(ctx: Ctx, a: ManageImage) -> Result<Value, ToolError> {
    match a.operation.to_ascii_lowercase().as_str() {
        "add" => {}
        "enhance" => {
            return Err(ToolError::invalid_input(
                "operation enhance is not supported by this server: it has no image-processing library (brightness, contrast, filters). \
                 Edit the image with an image tool, save it in the workspace, then add it with operation add; \
                 apply_picture_effects adds shadows, glow, soft edges, reflection and rotation to a picture on a slide.",
            ));
        }
        other => {
            return Err(ToolError::invalid_input(format!(
                "operation {other:?} is not one of add, enhance"
            )));
        }
    }
    let s = Server::of(&ctx)?;
    let bytes = image_bytes(s, "image_source", &a.image_source, &a.source_type).await?;
    let name = if a.source_type.eq_ignore_ascii_case("file") {
        a.image_source
            .rsplit('/')
            .next()
            .unwrap_or("image")
            .to_owned()
    } else {
        "image".to_owned()
    };
    s.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        let (index, info, (cx, cy)) =
            add_picture(deck, &slide, bytes, a.left, a.top, a.width, a.height, &name)?;
        Ok(json!({
            "message": format!("Added image to slide {}", a.slide_index),
            "shape_index": index,
            "format": info.ext,
            "pixels": [info.width, info.height],
            "width": deck::inches(cx),
            "height": deck::inches(cy),
        }))
    })
}

/// Effects on a picture (or any shape): `shadow` {blur_radius, distance, direction
/// (degrees), color, transparency 0-1}, `glow` {size, color, transparency}, `soft_edges`
/// {radius}, `reflection` {size 0-100}, `rotation` {angle (degrees)}; sizes in points; a bare
/// number or true uses defaults. Other effects are refused.
#[derive(Deserialize, JsonSchema)]
pub struct PictureEffects {
    /// From 0
    slide_index: i64,
    /// As get_slide_info lists it
    shape_index: i64,
    /// e.g. {"shadow": {"distance": 4}, "rotation": {"angle": 15}}
    effects: Map<String, Value>,
    /// Default: current
    presentation_id: Option<String>,
}

fn num(v: &Value, key: &str, default: f64) -> f64 {
    match v {
        Value::Object(m) => m.get(key).and_then(Value::as_f64).unwrap_or(default),
        Value::Number(n) => n.as_f64().unwrap_or(default),
        _ => default,
    }
}

fn color(v: &Value, default: &str) -> Result<String, ToolError> {
    match v.get("color").and_then(Value::as_array) {
        Some(c) => {
            let c: Vec<i64> = c.iter().map(|x| x.as_i64().unwrap_or(-1)).collect();
            hex("effects.color", &c)
        }
        None => Ok(default.to_owned()),
    }
}

fn alpha(v: &Value, default: f64) -> i64 {
    let t = num(v, "transparency", default).clamp(0.0, 1.0);
    ((1.0 - t) * 100_000.0).round() as i64
}

async fn apply_picture_effects(ctx: Ctx, a: PictureEffects) -> Result<Value, ToolError> {
    if a.effects.is_empty() {
        return Err(ToolError::invalid_input(
            "`effects` is empty: give shadow, glow, soft_edges, reflection or rotation",
        ));
    }
    let mut glow = String::new();
    let mut shadow = String::new();
    let mut reflection = String::new();
    let mut soft = String::new();
    let mut rotation = None;
    let mut applied = Vec::new();
    for (k, v) in &a.effects {
        if v == &Value::Bool(false) || v.is_null() {
            continue;
        }
        match k.as_str() {
            "shadow" => {
                let blur = (num(v, "blur_radius", 4.0) * 12_700.0) as i64;
                let dist = (num(v, "distance", 3.0) * 12_700.0) as i64;
                let dir = (num(v, "direction", 45.0).rem_euclid(360.0) * 60_000.0) as i64;
                shadow = format!(
                    "<a:outerShdw blurRad=\"{blur}\" dist=\"{dist}\" dir=\"{dir}\" algn=\"tl\" rotWithShape=\"0\"><a:srgbClr val=\"{}\"><a:alpha val=\"{}\"/></a:srgbClr></a:outerShdw>",
                    color(v, "000000")?,
                    alpha(v, 0.6)
                );
            }
            "glow" => {
                let size = (num(v, "size", 5.0) * 12_700.0) as i64;
                glow = format!(
                    "<a:glow rad=\"{size}\"><a:srgbClr val=\"{}\"><a:alpha val=\"{}\"/></a:srgbClr></a:glow>",
                    color(v, "4F81BD")?,
                    alpha(v, 0.4)
                );
            }
            "soft_edges" | "soft_edge" => {
                let r = (num(v, "radius", 5.0) * 12_700.0) as i64;
                soft = format!("<a:softEdge rad=\"{r}\"/>");
            }
            "reflection" => {
                let size = num(v, "size", 50.0).clamp(0.0, 100.0);
                let end = (size * 1000.0) as i64;
                reflection = format!(
                    "<a:reflection blurRad=\"6350\" stA=\"50000\" endA=\"300\" endPos=\"{end}\" dist=\"0\" dir=\"5400000\" sy=\"-100000\" algn=\"bl\" rotWithShape=\"0\"/>"
                );
            }
            "rotation" => {
                let ang = num(v, "angle", 0.0);
                if !ang.is_finite() {
                    return Err(ToolError::invalid_input(
                        "rotation angle must be a number of degrees",
                    ));
                }
                rotation = Some((ang.rem_euclid(360.0) * 60_000.0).round() as i64);
            }
            other => {
                return Err(ToolError::invalid_input(format!(
                    "effect {other:?} is not supported: use shadow, glow, soft_edges, reflection, rotation"
                )));
            }
        }
        applied.push(k.clone());
    }
    // The schema order of a:effectLst: blur, fillOverlay, glow, innerShdw, outerShdw, prstShdw, reflection, softEdge.
    let effect_lst = format!("<a:effectLst>{glow}{shadow}{reflection}{soft}</a:effectLst>");
    let has_effects =
        !(glow.is_empty() && shadow.is_empty() && reflection.is_empty() && soft.is_empty());
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        deck.edit(&slide, |xml| {
            let tree = sp_tree(xml)?;
            let sh = shape_at(&xml.xot, tree, a.shape_index)?;
            let sp_pr = kid(&xml.xot, sh, "spPr").ok_or_else(|| {
                ToolError::invalid_input(format!("shape {} has no shape properties (a table or chart frame takes no effects)", a.shape_index))
            })?;
            if has_effects {
                x::remove_kids(&mut xml.xot, sp_pr, "effectLst")?;
                x::remove_kids(&mut xml.xot, sp_pr, "effectDag")?;
                x::insert(xml, At::End(sp_pr), &effect_lst)?;
            }
            if let Some(rot) = rotation {
                let xf = kid(&xml.xot, sp_pr, "xfrm").ok_or_else(|| {
                    ToolError::invalid_input("the shape takes its position from its layout: it cannot be rotated here")
                })?;
                x::set_attr(&mut xml.xot, xf, "rot", rot.to_string());
            }
            sort_children(&mut xml.xot, sp_pr, SPPR_ORDER)?;
            Ok(())
        })?;
        Ok(json!({"message": format!("Applied {} to shape {} on slide {}", applied.join(", "), a.shape_index, a.slide_index), "applied": applied}))
    })
}
