//! Design: professional slides and colouring of existing ones, fonts (analysis and
//! recommendations), and fitting the text of a slide to its boxes.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::blank::rt;
use crate::content::{modern_blue, needed_height, set_fill};
use crate::deck::{self, Deck, shapes, sp_tree};
use crate::schemes::{SCHEMES, Scheme, scheme};
use crate::store::Server;
use crate::text::{self, Fmt};
use crate::x::{self, kid, local};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "apply_professional_design",
            "Apply professional design",
            Effect::Write,
            apply_professional_design,
        )
        .toolset("design"),
        tool("manage_fonts", "Analyse fonts", Effect::Read, manage_fonts).toolset("design"),
        tool(
            "optimize_slide_text",
            "Fit slide text",
            Effect::IdempotentWrite,
            optimize_slide_text,
        )
        .toolset("design"),
    ]
}

/// Professional design. operation `get_schemes`: the colour schemes. `slide` (or
/// `create_slide`): a new slide of slide_type (title, title_content, agenda, two_column,
/// section, quote, thank_you) with title and content. `enhance` (or `apply_design`): colour
/// the slide at slide_index (without it and with apply_to_existing: every slide): titles,
/// body text, auto shapes without their own fill, chart series (each per its enhance_ flag).
#[derive(Deserialize, JsonSchema)]
pub struct ProfessionalDesign {
    /// get_schemes, slide or enhance
    operation: String,
    slide_index: Option<i64>,
    #[serde(default = "title_content")]
    slide_type: String,
    #[serde(default = "modern_blue")]
    color_scheme: String,
    title: Option<String>,
    content: Option<Vec<String>>,
    #[serde(default = "crate::content::yes")]
    apply_to_existing: bool,
    #[serde(default = "crate::content::yes")]
    enhance_title: bool,
    #[serde(default = "crate::content::yes")]
    enhance_content: bool,
    #[serde(default = "crate::content::yes")]
    enhance_shapes: bool,
    #[serde(default = "crate::content::yes")]
    enhance_charts: bool,
    /// Default: current
    presentation_id: Option<String>,
}

fn title_content() -> String {
    "title_content".into()
}

fn template_for(slide_type: &str) -> Result<&'static str, ToolError> {
    Ok(match slide_type.to_ascii_lowercase().as_str() {
        "title" | "title_slide" => "title_slide",
        "title_content" | "content" => "title_content",
        "agenda" => "agenda_slide",
        "two_column" | "two_content" | "comparison" => "two_column_text",
        "section" | "section_header" => "section_header",
        "quote" => "quote_slide",
        "thank_you" | "closing" => "thank_you_slide",
        other => {
            return Err(ToolError::invalid_input(format!(
                "slide_type {other:?}: use title, title_content, agenda, two_column, section, quote or thank_you"
            )));
        }
    })
}

async fn apply_professional_design(ctx: Ctx, a: ProfessionalDesign) -> Result<Value, ToolError> {
    let op = a.operation.to_ascii_lowercase();
    if matches!(
        op.as_str(),
        "get_schemes" | "list_schemes" | "color_schemes" | "get_color_schemes"
    ) {
        let s: Vec<Value> = SCHEMES.iter().map(|s| s.json()).collect();
        return Ok(json!({"color_schemes": s}));
    }
    let sc = scheme(&a.color_scheme)?;
    let s = Server::of(&ctx)?;
    match op.as_str() {
        "slide" | "create_slide" | "add_slide" => {
            let tid = template_for(&a.slide_type)?;
            let mut mapping = serde_json::Map::new();
            if let Some(t) = &a.title {
                mapping.insert("title".into(), json!(t));
            }
            if let Some(c) = &a.content {
                let role = if tid == "two_column_text" { "left_content" } else if tid == "quote_slide" { "quote" } else if matches!(tid, "title_slide" | "section_header") { "subtitle" } else if tid == "thank_you_slide" { "contact" } else { "content" };
                mapping.insert(role.into(), json!(c));
            }
            let args = json!({"template_id": tid, "color_scheme": a.color_scheme, "content_mapping": mapping, "layout_index": 6, "presentation_id": a.presentation_id});
            let call: crate::templates::SlideFromTemplate = serde_json::from_value(args)
                .map_err(|e| ToolError::invalid_input(format!("bad design arguments: {e}")))?;
            crate::templates::slide_from_template(s, call)
        }
        "enhance" | "apply_design" | "enhance_existing" | "apply" => s.edit(a.presentation_id.as_deref(), |deck| {
            let slides = match a.slide_index {
                Some(i) => vec![deck.slide(i)?],
                None if a.apply_to_existing => deck.slides()?,
                None => {
                    return Err(ToolError::invalid_input(
                        "give slide_index, or apply_to_existing true to enhance every slide",
                    ));
                }
            };
            let mut changed = 0usize;
            for slide in &slides {
                changed += enhance(deck, slide, sc, &a)?;
            }
            Ok(json!({"message": format!("Applied the {} design to {} slide(s)", sc.name, slides.len()), "slides": slides.len(), "changes": changed}))
        }),
        other => Err(ToolError::invalid_input(format!(
            "operation {other:?} is not one of get_schemes, slide, enhance"
        ))),
    }
}

fn enhance(
    deck: &mut Deck,
    slide: &str,
    sc: &Scheme,
    a: &ProfessionalDesign,
) -> Result<usize, ToolError> {
    let title = Fmt {
        bold: Some(true),
        color: Some(sc.primary.to_vec()),
        ..Fmt::default()
    };
    let body = Fmt {
        color: Some(sc.text.to_vec()),
        ..Fmt::default()
    };
    let mut charts = Vec::new();
    let n = deck.edit(slide, |xml| {
        let tree = sp_tree(xml)?;
        let mut n = 0;
        for sh in shapes(&xml.xot, tree) {
            let ph_type = deck::ph(&xml.xot, sh).map(|p| deck::ph_idx_type(&xml.xot, p).1);
            match (local(&xml.xot, sh), ph_type.as_deref()) {
                ("sp", Some("title" | "ctrTitle")) if a.enhance_title => {
                    title.apply(xml, sh)?;
                    n += 1;
                }
                ("sp", Some(_)) if a.enhance_content => {
                    body.apply(xml, sh)?;
                    n += 1;
                }
                ("sp", None) if a.enhance_shapes && deck::kind(&xml.xot, sh) == "AUTO_SHAPE" => {
                    let has_fill = kid(&xml.xot, sh, "spPr").is_some_and(|p| {
                        x::elements(&xml.xot, p).any(|c| local(&xml.xot, c).ends_with("Fill"))
                    });
                    if !has_fill {
                        set_fill(xml, sh, &sc.hex("primary"))?;
                        n += 1;
                    }
                }
                ("sp", None) if a.enhance_content => {
                    body.apply(xml, sh)?;
                    n += 1;
                }
                ("graphicFrame", _) if a.enhance_charts => {
                    if let Some(c) = x::path(&xml.xot, sh, &["graphic", "graphicData", "chart"])
                        .and_then(|c| deck::r_id(&xml.xot, c))
                    {
                        charts.push(c);
                    }
                }
                _ => {}
            }
        }
        Ok(n)
    })?;
    let mut extra = 0;
    for rid in charts {
        let rel = deck
            .pkg
            .relationships(slide)?
            .into_iter()
            .find(|r| r.id == rid && r.rel_type == rt::CHART);
        if let Some(part) = rel.map(|r| mcp_vendor_office::resolve_target(slide, &r.target))
            && deck.pkg.part(&part).is_some()
        {
            crate::charts::recolor(deck, &part, &sc.chart_colors())?;
            extra += 1;
        }
    }
    Ok(n + extra)
}

/// Fonts. operation `analyze`: format, tables, family and style names of the font file at
/// font_path (TrueType, OpenType, collection or WOFF). `recommend`: font pairings for
/// presentation_type (business, academic, creative, technical). `optimize` (subsetting) is
/// not supported: its error says what to use.
#[derive(Deserialize, JsonSchema)]
pub struct ManageFonts {
    /// analyze, recommend or optimize
    operation: String,
    /// Relative to the workspace
    font_path: String,
    #[allow(dead_code)]
    output_path: Option<String>,
    #[serde(default = "crate::templates::business_type")]
    presentation_type: String,
    #[allow(dead_code)]
    text_content: Option<String>,
}

fn u16_at(b: &[u8], i: usize) -> Option<usize> {
    Some(usize::from(u16::from_be_bytes([
        *b.get(i)?,
        *b.get(i + 1)?,
    ])))
}
fn u32_at(b: &[u8], i: usize) -> Option<usize> {
    Some(u32::from_be_bytes([*b.get(i)?, *b.get(i + 1)?, *b.get(i + 2)?, *b.get(i + 3)?]) as usize)
}

/// The `name` table's strings we report (family 1, subfamily 2, full name 4, version 5).
fn font_names(b: &[u8], table: usize) -> Value {
    let mut out = json!({});
    let (Some(count), Some(storage)) = (u16_at(b, table + 2), u16_at(b, table + 4)) else {
        return out;
    };
    for i in 0..count.min(1000) {
        let r = table + 6 + i * 12;
        let (Some(platform), Some(id), Some(len), Some(off)) = (
            u16_at(b, r),
            u16_at(b, r + 6),
            u16_at(b, r + 8),
            u16_at(b, r + 10),
        ) else {
            break;
        };
        let key = match id {
            1 => "family",
            2 => "subfamily",
            4 => "full_name",
            5 => "version",
            _ => continue,
        };
        if out.get(key).is_some() {
            continue;
        }
        let start = table + storage + off;
        let Some(raw) = b.get(start..start + len) else {
            continue;
        };
        let text = if platform == 3 || platform == 0 {
            let units: Vec<u16> = raw
                .chunks_exact(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        } else {
            raw.iter().map(|c| char::from(*c)).collect()
        };
        out[key] = json!(text);
    }
    out
}

fn analyze_font(b: &[u8]) -> Result<Value, ToolError> {
    let tag = b.get(0..4).unwrap_or_default();
    let format = match tag {
        [0, 1, 0, 0] | b"true" => "TrueType",
        b"OTTO" => "OpenType (CFF)",
        b"ttcf" => "TrueType/OpenType collection",
        b"wOFF" => "WOFF",
        b"wOF2" => "WOFF2",
        _ => {
            return Err(ToolError::invalid_input(
                "the file is not a font this server reads (TrueType, OpenType, a collection or WOFF)",
            ));
        }
    };
    if !matches!(format, "TrueType" | "OpenType (CFF)") {
        return Ok(
            json!({"format": format, "size_bytes": b.len(), "note": "compressed or collection fonts are identified but not read further"}),
        );
    }
    let n = u16_at(b, 4).unwrap_or(0).min(512);
    let mut tables = Vec::new();
    let mut names = json!({});
    for i in 0..n {
        let r = 12 + i * 16;
        let Some(t) = b.get(r..r + 4) else { break };
        let t = String::from_utf8_lossy(t).into_owned();
        if t == "name"
            && let Some(off) = u32_at(b, r + 8)
        {
            names = font_names(b, off);
        }
        tables.push(t);
    }
    Ok(
        json!({"format": format, "size_bytes": b.len(), "table_count": tables.len(), "tables": tables, "names": names}),
    )
}

async fn manage_fonts(ctx: Ctx, a: ManageFonts) -> Result<Value, ToolError> {
    let s = Server::of(&ctx)?;
    match a.operation.to_ascii_lowercase().as_str() {
        "analyze" | "analyse" | "info" => {
            let bytes = s.read_file("font_path", a.font_path.clone()).await?;
            let mut v = analyze_font(&bytes)?;
            v["font_path"] = json!(a.font_path);
            Ok(v)
        }
        "recommend" | "recommendations" => {
            let (heading, body, why) = match a.presentation_type.to_ascii_lowercase().as_str() {
                "business" => (
                    ["Calibri", "Segoe UI", "Arial"],
                    ["Calibri", "Arial", "Helvetica"],
                    "clean sans-serif faces that read well on projectors",
                ),
                "academic" => (
                    ["Cambria", "Georgia", "Times New Roman"],
                    ["Calibri", "Garamond", "Georgia"],
                    "a serif heading with a plain body, as in papers",
                ),
                "creative" => (
                    ["Montserrat", "Futura", "Century Gothic"],
                    ["Lato", "Open Sans", "Segoe UI"],
                    "geometric headings with a friendly body",
                ),
                "technical" => (
                    ["Segoe UI", "Roboto", "Arial"],
                    ["Consolas", "Roboto", "Calibri"],
                    "neutral faces, a monospaced one for code",
                ),
                other => {
                    return Err(ToolError::invalid_input(format!(
                        "presentation_type {other:?}: use business, academic, creative or technical"
                    )));
                }
            };
            Ok(json!({
                "presentation_type": a.presentation_type,
                "heading_fonts": heading,
                "body_fonts": body,
                "reason": why,
                "sizes": {"title": "36-44 pt", "body": "18-28 pt", "minimum": "14 pt"},
                "note": "fonts are named in the text (manage_text font_name); a viewer without the font substitutes another",
            }))
        }
        "optimize" | "optimise" | "subset" => Err(ToolError::invalid_input(
            "operation optimize is not supported by this server: it does not subset fonts. Use fontTools' `pyftsubset FONT --text=...` to make a subset, then name the font in the text.",
        )),
        other => Err(ToolError::invalid_input(format!(
            "operation {other:?} is not one of analyze, recommend, optimize"
        ))),
    }
}

/// Fit a slide's text to its boxes: for each shape with text and its own size, set the
/// largest font size within min/max_font_size that fits by character count (auto_resize),
/// wrap lines in the box (auto_wrap), let PowerPoint shrink text on overflow
/// (optimize_spacing). Returns what changed per shape.
#[derive(Deserialize, JsonSchema)]
pub struct OptimizeText {
    /// From 0
    slide_index: i64,
    #[serde(default = "crate::content::yes")]
    auto_resize: bool,
    #[serde(default = "crate::content::yes")]
    auto_wrap: bool,
    #[serde(default = "crate::content::yes")]
    optimize_spacing: bool,
    #[serde(default = "eight")]
    min_font_size: i64,
    #[serde(default = "thirty_six")]
    max_font_size: i64,
    /// Default: current
    presentation_id: Option<String>,
}

fn eight() -> i64 {
    8
}
fn thirty_six() -> i64 {
    36
}

async fn optimize_slide_text(ctx: Ctx, a: OptimizeText) -> Result<Value, ToolError> {
    if a.min_font_size < 1 || a.min_font_size > a.max_font_size || a.max_font_size > 400 {
        return Err(ToolError::invalid_input(
            "font sizes: 1 <= min_font_size <= max_font_size <= 400",
        ));
    }
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        deck.edit(&slide, |xml| {
            let tree = sp_tree(xml)?;
            let mut report = Vec::new();
            for (i, sh) in shapes(&xml.xot, tree).into_iter().enumerate() {
                let Some(body) = deck::tx_body(&xml.xot, sh) else { continue };
                let txt = x::text_of(&xml.xot, body);
                if txt.trim().is_empty() {
                    continue;
                }
                let Some((_, _, w, h)) = deck::position(&xml.xot, sh) else {
                    report.push(json!({"shape_index": i, "skipped": "its size comes from the layout"}));
                    continue;
                };
                let (w, h) = (deck::inches(w), deck::inches(h));
                let mut changes = Vec::new();
                if a.auto_resize {
                    let mut pt = a.max_font_size;
                    while pt > a.min_font_size && needed_height(&txt, pt as f64, w) > h {
                        pt -= 1;
                    }
                    Fmt { size: Some(pt), ..Fmt::default() }.apply(xml, sh)?;
                    changes.push(format!("font size {pt} pt"));
                }
                if a.auto_wrap {
                    let bp = text::body_pr(xml, body)?;
                    x::set_attr(&mut xml.xot, bp, "wrap", "square");
                    changes.push("wrap in box".to_owned());
                }
                if a.optimize_spacing {
                    text::set_autofit(xml, body, "normAutofit")?;
                    changes.push("shrink on overflow".to_owned());
                }
                report.push(json!({"shape_index": i, "changes": changes}));
            }
            Ok(json!({"message": format!("Optimised the text of slide {}", a.slide_index), "shapes": report}))
        })
    })
}
