//! Text boxes and runs (`manage_text`): add, format, fit validation, per-run formatting; shape fills.

use mcp_shared::{Ctx, ToolError};
use mcp_vendor_office::Xml;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use xot::Node;

use super::hyperlinks::check_url;
use super::yes;
use crate::blank::rt;
use crate::deck::{self, Deck, emu, emu_size, hex, shape_at, sp_tree, xfrm};
use crate::store::Server;
use crate::text::{self, Fmt, para, set_paragraphs};
use crate::x::{self, At, attr, esc, kid, local};

/// One run of text with its formatting.
#[derive(Deserialize, JsonSchema, Clone)]
pub struct TextRun {
    text: String,
    bold: Option<bool>,
    italic: Option<bool>,
    underline: Option<bool>,
    /// Points
    font_size: Option<i64>,
    font_name: Option<String>,
    /// [r, g, b]
    color: Option<Vec<i64>>,
    /// URL
    hyperlink: Option<String>,
}

/// Text on a slide. operation `add`: a new text box at left/top/width/height (inches) with
/// `text` (or `text_runs`) and the formatting given. `format`: apply the formatting to all
/// of shape_index's text. `validate`: estimate whether its text fits its box (unless
/// validation_only, shrink the font within min/max_font_size so it does). `format_runs`:
/// replace its text by `text_runs`.
#[derive(Deserialize, JsonSchema)]
pub struct ManageText {
    /// From 0
    slide_index: i64,
    /// add, format, validate or format_runs
    operation: String,
    #[serde(default = "one_f")]
    left: f64,
    #[serde(default = "one_f")]
    top: f64,
    #[serde(default = "four")]
    width: f64,
    #[serde(default = "two")]
    height: f64,
    #[serde(default)]
    text: String,
    /// As get_slide_info lists it
    shape_index: Option<i64>,
    /// Runs, each with its own formatting
    text_runs: Option<Vec<TextRun>>,
    /// Points
    font_size: Option<i64>,
    font_name: Option<String>,
    bold: Option<bool>,
    italic: Option<bool>,
    underline: Option<bool>,
    /// Text [r, g, b]
    color: Option<Vec<i64>>,
    /// Fill [r, g, b]
    bg_color: Option<Vec<i64>>,
    /// left, center, right or justify
    alignment: Option<String>,
    /// top, middle or bottom
    vertical_alignment: Option<String>,
    /// Shrink text on overflow (add), or fit the font (validate)
    #[serde(default = "yes")]
    auto_fit: bool,
    #[serde(default)]
    validation_only: bool,
    #[serde(default = "eight")]
    min_font_size: i64,
    #[serde(default = "seventy_two")]
    max_font_size: i64,
    /// Default: current
    presentation_id: Option<String>,
}

pub(super) fn one_f() -> f64 {
    1.0
}
fn two() -> f64 {
    2.0
}
fn four() -> f64 {
    4.0
}
fn eight() -> i64 {
    8
}
fn seventy_two() -> i64 {
    72
}

impl ManageText {
    fn fmt(&self) -> Fmt {
        Fmt {
            bold: self.bold,
            italic: self.italic,
            underline: self.underline,
            size: self.font_size,
            font: self.font_name.clone(),
            color: self.color.clone(),
        }
    }
}

fn run_fmt(r: &TextRun) -> Fmt {
    Fmt {
        bold: r.bold,
        italic: r.italic,
        underline: r.underline,
        size: r.font_size,
        font: r.font_name.clone(),
        color: r.color.clone(),
    }
}

/// Runs as one paragraph (hyperlinks get relationships of `slide`).
fn runs_xml(
    deck: &mut Deck,
    slide: &str,
    runs: &[TextRun],
    algn: Option<&str>,
) -> Result<String, ToolError> {
    let mut s = String::new();
    for r in runs {
        let link = match &r.hyperlink {
            Some(u) => {
                Some(
                    deck.pkg
                        .add_relationship(slide, rt::HYPERLINK, &check_url(u)?, true)?,
                )
            }
            None => None,
        };
        s.push_str(&format!(
            "<a:r>{}<a:t>{}</a:t></a:r>",
            run_fmt(r).rpr(link.as_deref())?,
            esc(&r.text)
        ));
    }
    Ok(para(0, algn, &s))
}

/// A text box shape (XML with `{id}`).
pub fn text_box(
    pos: (i64, i64, i64, i64),
    paras: &str,
    fill: Option<&str>,
    anchor: Option<&str>,
    autofit: bool,
) -> String {
    let fill = match fill {
        Some(h) => format!("<a:solidFill><a:srgbClr val=\"{h}\"/></a:solidFill>"),
        None => "<a:noFill/>".into(),
    };
    let anchor = anchor
        .map(|a| format!(" anchor=\"{a}\""))
        .unwrap_or_default();
    let fit = if autofit {
        "<a:normAutofit/>"
    } else {
        "<a:spAutoFit/>"
    };
    format!(
        "<p:sp><p:nvSpPr><p:cNvPr id=\"{{id}}\" name=\"TextBox {{id}}\"/><p:cNvSpPr txBox=\"1\"/><p:nvPr/></p:nvSpPr><p:spPr>{}<a:prstGeom prst=\"rect\"><a:avLst/></a:prstGeom>{fill}</p:spPr><p:txBody><a:bodyPr wrap=\"square\" rtlCol=\"0\"{anchor}>{fit}</a:bodyPr><a:lstStyle/>{paras}</p:txBody></p:sp>",
        xfrm(pos.0, pos.1, pos.2, pos.3)
    )
}

/// Set a shape's fill (`spPr`).
pub fn set_fill(xml: &mut Xml, shape: Node, rgb: &str) -> Result<(), ToolError> {
    let sp_pr = match kid(&xml.xot, shape, "spPr") {
        Some(n) => n,
        None => {
            return Err(ToolError::invalid_input(
                "this shape has no shape properties to fill",
            ));
        }
    };
    for f in [
        "noFill",
        "solidFill",
        "gradFill",
        "blipFill",
        "pattFill",
        "grpFill",
    ] {
        x::remove_kids(&mut xml.xot, sp_pr, f)?;
    }
    x::insert(
        xml,
        At::End(sp_pr),
        &format!("<a:solidFill><a:srgbClr val=\"{rgb}\"/></a:solidFill>"),
    )?;
    deck::sort_children(&mut xml.xot, sp_pr, SPPR_ORDER)
}

pub const SPPR_ORDER: &[&str] = &[
    "xfrm",
    "custGeom",
    "prstGeom",
    "noFill",
    "solidFill",
    "gradFill",
    "blipFill",
    "pattFill",
    "grpFill",
    "ln",
    "effectLst",
    "effectDag",
    "scene3d",
    "sp3d",
    "extLst",
];

/// Font sizes (points) of a shape's runs, and the estimated fit of its text.
fn fit(xml: &Xml, shape: Node) -> (Vec<i64>, f64, f64, String) {
    let text = deck::tx_body(&xml.xot, shape)
        .map(|b| x::text_of(&xml.xot, b))
        .unwrap_or_default();
    let sizes: Vec<i64> = x::descendants(&xml.xot, shape, "rPr")
        .filter_map(|r| attr(&xml.xot, r, "sz").and_then(|s| s.parse::<i64>().ok()))
        .map(|s| s / 100)
        .collect();
    let (w, h) = deck::position(&xml.xot, shape)
        .map(|(_, _, w, h)| (deck::inches(w), deck::inches(h)))
        .unwrap_or((0.0, 0.0));
    (sizes, w, h, text)
}

/// Estimated height (inches) `text` needs at `pt` points in a box `w` inches wide.
pub fn needed_height(text: &str, pt: f64, w: f64) -> f64 {
    let per_line = ((w.max(0.1) * 72.0) / (pt * 0.5)).max(1.0);
    let lines: f64 = text
        .split('\n')
        .map(|l| (l.chars().count() as f64 / per_line).ceil().max(1.0))
        .sum();
    lines * pt * 1.2 / 72.0 + 0.1
}

pub(super) async fn manage_text(ctx: Ctx, a: ManageText) -> Result<Value, ToolError> {
    let fmt = a.fmt();
    fmt.check()?;
    let algn = a
        .alignment
        .as_deref()
        .map(|v| text::algn("alignment", v))
        .transpose()?;
    let anchor = a
        .vertical_alignment
        .as_deref()
        .map(|v| text::anchor("vertical_alignment", v))
        .transpose()?;
    let bg = a
        .bg_color
        .as_deref()
        .map(|c| hex("bg_color", c))
        .transpose()?;
    let op = a.operation.to_ascii_lowercase();
    let need_shape = || {
        a.shape_index.ok_or_else(|| {
            ToolError::invalid_input(format!(
                "operation {op} needs shape_index (see get_slide_info)"
            ))
        })
    };
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        match op.as_str() {
            "add" => {
                let pos = (
                    emu("left", a.left)?,
                    emu("top", a.top)?,
                    emu_size("width", a.width)?,
                    emu_size("height", a.height)?,
                );
                let paras = match &a.text_runs {
                    Some(runs) if !runs.is_empty() => runs_xml(deck, &slide, runs, algn)?,
                    _ => text::paras_of_text(&a.text, &fmt, algn)?,
                };
                let shape = text_box(pos, &paras, bg.as_deref(), anchor, a.auto_fit);
                let index = deck.add_shape(&slide, &shape)?;
                Ok(json!({"message": format!("Added text box to slide {}", a.slide_index), "shape_index": index}))
            }
            "format" => {
                let si = need_shape()?;
                let runs = deck.edit(&slide, |xml| {
                    let tree = sp_tree(xml)?;
                    let sh = shape_at(&xml.xot, tree, si)?;
                    let n = fmt.apply(xml, sh)?;
                    if let Some(al) = algn {
                        text::set_algn(xml, sh, al)?;
                    }
                    if let Some(an) = anchor
                        && let Some(body) = deck::tx_body(&xml.xot, sh)
                    {
                        let bp = text::body_pr(xml, body)?;
                        x::set_attr(&mut xml.xot, bp, "anchor", an);
                    }
                    if let Some(h) = &bg {
                        set_fill(xml, sh, h)?;
                    }
                    Ok(n)
                })?;
                Ok(json!({"message": format!("Formatted {runs} run(s) of shape {si} on slide {}", a.slide_index)}))
            }
            "validate" => {
                let si = need_shape()?;
                if a.min_font_size < 1 || a.min_font_size > a.max_font_size {
                    return Err(ToolError::invalid_input("min_font_size must be at least 1 and at most max_font_size"));
                }
                deck.edit(&slide, |xml| {
                    let tree = sp_tree(xml)?;
                    let sh = shape_at(&xml.xot, tree, si)?;
                    let (sizes, w, h, txt) = fit(xml, sh);
                    let current = sizes.iter().copied().max().unwrap_or(18);
                    let fits = |pt: i64| needed_height(&txt, pt as f64, w) <= h;
                    let fits_now = h <= 0.0 || fits(current);
                    let mut issues = Vec::new();
                    if !fits_now {
                        issues.push(format!("the text needs about {:.2} in of height at {current} pt; the box is {h:.2} in", needed_height(&txt, current as f64, w)));
                    }
                    if let Some(&min) = sizes.iter().min() && min < a.min_font_size {
                        issues.push(format!("font size {min} pt is below the minimum {}", a.min_font_size));
                    }
                    if current > a.max_font_size {
                        issues.push(format!("font size {current} pt is above the maximum {}", a.max_font_size));
                    }
                    let mut changed = None;
                    if !a.validation_only && a.auto_fit && !issues.is_empty() {
                        let mut pt = current.clamp(a.min_font_size, a.max_font_size);
                        while pt > a.min_font_size && h > 0.0 && !fits(pt) {
                            pt -= 1;
                        }
                        Fmt { size: Some(pt), ..Fmt::default() }.apply(xml, sh)?;
                        changed = Some(pt);
                    }
                    Ok(json!({
                        "shape_index": si,
                        "fits": fits_now,
                        "font_sizes": sizes,
                        "box_width": w,
                        "box_height": h,
                        "characters": txt.chars().count(),
                        "issues": issues,
                        "font_size_set": changed,
                        "note": "the fit is an estimate from character counts; no renderer measures the text",
                    }))
                })
            }
            "format_runs" => {
                let si = need_shape()?;
                let runs = a.text_runs.clone().filter(|r| !r.is_empty()).ok_or_else(|| {
                    ToolError::invalid_input("operation format_runs needs text_runs: [{text, bold, italic, font_size, color, ...}]")
                })?;
                let paras = runs_xml(deck, &slide, &runs, algn)?;
                deck.edit(&slide, |xml| {
                    let tree = sp_tree(xml)?;
                    let sh = shape_at(&xml.xot, tree, si)?;
                    if local(&xml.xot, sh) != "sp" {
                        return Err(ToolError::invalid_input(format!("shape {si} holds no text (it is a {})", deck::kind(&xml.xot, sh))));
                    }
                    set_paragraphs(xml, sh, &paras)?;
                    Ok(())
                })?;
                Ok(json!({"message": format!("Set {} run(s) on shape {si} of slide {}", runs.len(), a.slide_index)}))
            }
            other => Err(ToolError::invalid_input(format!(
                "operation {other:?} is not one of add, format, validate, format_runs"
            ))),
        }
    })
}
