//! Slides and their text: add a slide from a layout, slide information and text, placeholders,
//! bullet points, text boxes and runs, hyperlinks, masters and layouts, transitions.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use mcp_vendor_office::Xml;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use xot::Node;

use crate::blank::rt;
use crate::deck::{self, Deck, emu, emu_size, hex, shape_at, shapes, sp_tree, xfrm};
use crate::store::Server;
use crate::templates::scheme;
use crate::text::{self, Fmt, first, para, set_paragraphs};
use crate::x::{self, At, attr, esc, kid, local};

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

/// Add a slide at the end of a presentation, from one of its layouts (0 Title Slide, 1 Title
/// and Content, 2 Section Header, 3 Two Content, 5 Title Only, 6 Blank in a new
/// presentation), with the layout's placeholders; optionally its title and a solid or
/// gradient background. Returns the new slide's index and placeholders.
#[derive(Deserialize, JsonSchema)]
pub struct AddSlide {
    /// The layout's index in the first slide master (see manage_slide_masters)
    #[serde(default = "one")]
    layout_index: i64,
    /// Text for the layout's title placeholder
    title: Option<String>,
    /// `solid` or `gradient`
    background_type: Option<String>,
    /// Background colours, each [r, g, b] (one for solid, two or more for gradient); default:
    /// from color_scheme
    background_colors: Option<Vec<Vec<i64>>>,
    /// `horizontal`, `vertical` or `diagonal`
    #[serde(default = "horizontal")]
    gradient_direction: String,
    /// Colour scheme for a background without colours: modern_blue, corporate_gray,
    /// elegant_green, warm_red
    #[serde(default = "modern_blue")]
    color_scheme: String,
    /// Which presentation (default: the current one)
    presentation_id: Option<String>,
}

fn one() -> i64 {
    1
}
fn horizontal() -> String {
    "horizontal".into()
}
pub fn modern_blue() -> String {
    "modern_blue".into()
}

async fn add_slide(ctx: Ctx, a: AddSlide) -> Result<Value, ToolError> {
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

fn placeholders_of(xml: &Xml) -> Result<Vec<Value>, ToolError> {
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
    /// The slide's index, from 0
    slide_index: i64,
    /// Which presentation (default: the current one)
    presentation_id: Option<String>,
}

async fn get_slide_info(ctx: Ctx, a: SlideRef) -> Result<Value, ToolError> {
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

/// The text of one slide: its title, each shape's text and its tables.
async fn extract_slide_text(ctx: Ctx, a: SlideRef) -> Result<Value, ToolError> {
    Server::of(&ctx)?.read(a.presentation_id.as_deref(), |_, deck| {
        let slide = deck.slide(a.slide_index)?;
        let mut v = slide_text(deck, &slide)?;
        v["slide_index"] = json!(a.slide_index);
        Ok(v)
    })
}

/// The text of every slide of a presentation, slide by slide, and all of it together.
#[derive(Deserialize, JsonSchema)]
pub struct PresentationText {
    /// Which presentation (default: the current one)
    presentation_id: Option<String>,
    /// Give each slide's title, layout and shape count too
    #[serde(default = "yes")]
    include_slide_info: bool,
}

pub fn yes() -> bool {
    true
}

async fn extract_presentation_text(ctx: Ctx, a: PresentationText) -> Result<Value, ToolError> {
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

/// Put text into a placeholder of a slide (its idx as get_slide_info lists it: 0 is the
/// title), replacing its text; each line becomes a paragraph.
#[derive(Deserialize, JsonSchema)]
pub struct PopulatePlaceholder {
    /// The slide's index, from 0
    slide_index: i64,
    /// The placeholder's idx
    placeholder_idx: i64,
    /// The text
    text: String,
    /// Which presentation (default: the current one)
    presentation_id: Option<String>,
}

async fn populate_placeholder(ctx: Ctx, a: PopulatePlaceholder) -> Result<Value, ToolError> {
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        deck.edit(&slide, |xml| {
            let sh = placeholder(xml, a.placeholder_idx)?;
            set_paragraphs(xml, sh, &text::paras_of_text(&a.text, &Fmt::default(), None)?)?;
            Ok(())
        })?;
        Ok(json!({"message": format!("Populated placeholder {} on slide {}", a.placeholder_idx, a.slide_index)}))
    })
}

/// Fill a placeholder (usually the body, idx 1) with bullet points, one paragraph each,
/// replacing its text. A point's level is its leading indentation: one tab or two spaces
/// per level (0 to 8).
#[derive(Deserialize, JsonSchema)]
pub struct AddBulletPoints {
    /// The slide's index, from 0
    slide_index: i64,
    /// The placeholder's idx
    placeholder_idx: i64,
    /// The points, in order
    bullet_points: Vec<String>,
    /// Which presentation (default: the current one)
    presentation_id: Option<String>,
}

/// The level of a bullet (leading tabs or pairs of spaces) and its text.
pub fn bullet_level(s: &str) -> (usize, &str) {
    let mut level = 0;
    let mut rest = s;
    loop {
        if let Some(r) = rest.strip_prefix('\t') {
            rest = r;
        } else if let Some(r) = rest.strip_prefix("  ") {
            rest = r;
        } else {
            break;
        }
        level += 1;
    }
    (level.min(8), rest.trim_start())
}

pub fn bullet_paras(points: &[String]) -> Result<String, ToolError> {
    let mut out = String::new();
    for p in points {
        let (lvl, t) = bullet_level(p);
        out.push_str(&para(lvl, None, &Fmt::default().run(t)?));
    }
    Ok(out)
}

async fn add_bullet_points(ctx: Ctx, a: AddBulletPoints) -> Result<Value, ToolError> {
    if a.bullet_points.is_empty() {
        return Err(ToolError::invalid_input(
            "`bullet_points` is empty: give at least one point",
        ));
    }
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        deck.edit(&slide, |xml| {
            let sh = placeholder(xml, a.placeholder_idx)?;
            set_paragraphs(xml, sh, &bullet_paras(&a.bullet_points)?)?;
            Ok(())
        })?;
        Ok(json!({"message": format!("Added {} bullet points to placeholder {} on slide {}", a.bullet_points.len(), a.placeholder_idx, a.slide_index)}))
    })
}

/// One run of text with its formatting.
#[derive(Deserialize, JsonSchema, Clone)]
pub struct TextRun {
    /// The run's text
    text: String,
    bold: Option<bool>,
    italic: Option<bool>,
    underline: Option<bool>,
    /// Points
    font_size: Option<i64>,
    font_name: Option<String>,
    /// [r, g, b]
    color: Option<Vec<i64>>,
    /// A URL the run links to
    hyperlink: Option<String>,
}

/// Text on a slide. operation `add`: a new text box at left/top/width/height (inches) with
/// `text` (or `text_runs`) and the formatting given. `format`: apply the formatting to every
/// run of the shape at shape_index. `validate`: estimate whether the shape's text fits its
/// box (and, unless validation_only, shrink its font between min_font_size and
/// max_font_size so it does). `format_runs`: replace the shape's text by `text_runs`, each
/// with its own formatting.
#[derive(Deserialize, JsonSchema)]
pub struct ManageText {
    /// The slide's index, from 0
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
    /// The text (add)
    #[serde(default)]
    text: String,
    /// The shape (format, validate, format_runs), as get_slide_info lists it
    shape_index: Option<i64>,
    /// Runs with their own formatting (format_runs; add)
    text_runs: Option<Vec<TextRun>>,
    /// Points
    font_size: Option<i64>,
    font_name: Option<String>,
    bold: Option<bool>,
    italic: Option<bool>,
    underline: Option<bool>,
    /// Text colour [r, g, b]
    color: Option<Vec<i64>>,
    /// Box fill [r, g, b]
    bg_color: Option<Vec<i64>>,
    /// left, center, right or justify
    alignment: Option<String>,
    /// top, middle or bottom
    vertical_alignment: Option<String>,
    /// Shrink text on overflow (add), or fit the font (validate)
    #[serde(default = "yes")]
    auto_fit: bool,
    /// validate: only report, change nothing
    #[serde(default)]
    validation_only: bool,
    #[serde(default = "eight")]
    min_font_size: i64,
    #[serde(default = "seventy_two")]
    max_font_size: i64,
    /// Which presentation (default: the current one)
    presentation_id: Option<String>,
}

fn one_f() -> f64 {
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

async fn manage_text(ctx: Ctx, a: ManageText) -> Result<Value, ToolError> {
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

/// A URL a hyperlink may point to.
pub fn check_url(u: &str) -> Result<String, ToolError> {
    let t = u.trim();
    let lower = t.to_ascii_lowercase();
    let ok = ["http://", "https://", "mailto:", "ftp://", "#"]
        .iter()
        .any(|p| lower.starts_with(p));
    if !ok || t.len() > 2048 {
        return Err(ToolError::invalid_input(format!(
            "`url` {t:?} is not a link this server writes: use an http(s), mailto or ftp URL (at most 2048 characters)"
        )));
    }
    Ok(t.to_owned())
}

/// Hyperlinks on a slide. operation `list`: every linked run with its URL. `add`: link the
/// run at run_index of the shape at shape_index to `url`, or, with `text`, add a new run of
/// that text linked to `url`. `remove`: remove the link of that run. `update`: point that
/// run's link at `url`.
#[derive(Deserialize, JsonSchema)]
pub struct ManageHyperlinks {
    /// list, add, remove or update
    operation: String,
    /// The slide's index, from 0
    slide_index: i64,
    /// The shape (add, remove, update)
    shape_index: Option<i64>,
    /// Text of a new linked run (add)
    text: Option<String>,
    /// The link (add, update)
    url: Option<String>,
    /// The run, counted over the shape's paragraphs from 0
    #[serde(default)]
    run_index: i64,
    /// Which presentation (default: the current one)
    presentation_id: Option<String>,
}

async fn manage_hyperlinks(ctx: Ctx, a: ManageHyperlinks) -> Result<Value, ToolError> {
    let op = a.operation.to_ascii_lowercase();
    let s = Server::of(&ctx)?;
    if op == "list" {
        return s.read(a.presentation_id.as_deref(), |_, deck| {
            let slide = deck.slide(a.slide_index)?;
            let rels = deck.pkg.relationships(&slide)?;
            let xml = deck.pkg.xml(&slide)?;
            let tree = sp_tree(&xml)?;
            let mut links = Vec::new();
            for (si, sh) in shapes(&xml.xot, tree).into_iter().enumerate() {
                for (ri, r) in x::descendants(&xml.xot, sh, "r").enumerate() {
                    let Some(h) =
                        kid(&xml.xot, r, "rPr").and_then(|p| kid(&xml.xot, p, "hlinkClick"))
                    else {
                        continue;
                    };
                    let id = deck::r_id(&xml.xot, h).unwrap_or_default();
                    let url = rels.iter().find(|x| x.id == id).map(|x| x.target.clone());
                    let t = kid(&xml.xot, r, "t")
                        .and_then(|t| xml.xot.text_content_str(t))
                        .unwrap_or("");
                    links.push(json!({"shape_index": si, "run_index": ri, "text": t, "url": url}));
                }
            }
            Ok(json!({"slide_index": a.slide_index, "hyperlinks": links, "count": links.len()}))
        });
    }
    let si = a
        .shape_index
        .ok_or_else(|| ToolError::invalid_input(format!("operation {op} needs shape_index")))?;
    s.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        let url = match op.as_str() {
            "add" | "update" => Some(check_url(a.url.as_deref().ok_or_else(|| {
                ToolError::invalid_input(format!("operation {op} needs url"))
            })?)?),
            "remove" => None,
            other => {
                return Err(ToolError::invalid_input(format!(
                    "operation {other:?} is not one of list, add, remove, update"
                )));
            }
        };
        let rid = match &url {
            Some(u) => Some(deck.pkg.add_relationship(&slide, rt::HYPERLINK, u, true)?),
            None => None,
        };
        deck.edit(&slide, |xml| {
            let tree = sp_tree(xml)?;
            let sh = shape_at(&xml.xot, tree, si)?;
            if local(&xml.xot, sh) != "sp" {
                return Err(ToolError::invalid_input(format!("shape {si} holds no text")));
            }
            if op == "add"
                && let Some(t) = &a.text
            {
                let link = Fmt::default().rpr(rid.as_deref())?;
                let run = format!("<a:r>{link}<a:t>{}</a:t></a:r>", esc(t));
                let body = match deck::tx_body(&xml.xot, sh) {
                    Some(b) => b,
                    None => set_paragraphs(xml, sh, "")?,
                };
                let p = x::kids(&xml.xot, body, "p").last();
                let p = match p {
                    Some(p) => p,
                    None => first(x::insert(xml, At::End(body), "<a:p/>")?)?,
                };
                let end = kid(&xml.xot, p, "endParaRPr");
                x::insert(xml, end.map_or(At::End(p), At::Before), &run)?;
                return Ok(json!({"message": format!("Added hyperlink text to shape {si}"), "url": url}));
            }
            let runs: Vec<Node> = x::descendants(&xml.xot, sh, "r").collect();
            let r = usize::try_from(a.run_index)
                .ok()
                .and_then(|i| runs.get(i).copied())
                .ok_or_else(|| {
                    ToolError::invalid_input(format!(
                        "run_index {} is out of range: shape {si} has {} run(s)",
                        a.run_index,
                        runs.len()
                    ))
                })?;
            let rpr = match kid(&xml.xot, r, "rPr") {
                Some(p) => p,
                None => first(x::insert(xml, At::Start(r), "<a:rPr lang=\"en-US\"/>")?)?,
            };
            x::remove_kids(&mut xml.xot, rpr, "hlinkClick")?;
            if let Some(id) = &rid {
                x::insert(xml, At::End(rpr), &format!("<a:hlinkClick r:id=\"{id}\"/>"))?;
                deck::sort_children(&mut xml.xot, rpr, &["ln", "noFill", "solidFill", "gradFill", "effectLst", "highlight", "latin", "ea", "cs", "sym", "hlinkClick", "hlinkMouseOver", "rtl", "extLst"])?;
            }
            Ok(json!({
                "message": match op.as_str() {
                    "remove" => format!("Removed the hyperlink of run {} in shape {si}", a.run_index),
                    _ => format!("Linked run {} of shape {si} to {}", a.run_index, url.clone().unwrap_or_default()),
                },
                "url": url,
            }))
        })
    })
}

/// Slide masters and their layouts. operation `list`: every master with its layouts.
/// `get_layouts`: the layouts of master_index with their placeholders. `get_info`: one
/// master (or, with layout_index, one layout: placeholders and how many slides use it).
#[derive(Deserialize, JsonSchema)]
pub struct ManageMasters {
    /// list, get_layouts or get_info
    operation: String,
    #[serde(default)]
    master_index: i64,
    layout_index: Option<i64>,
    /// Which presentation (default: the current one)
    presentation_id: Option<String>,
}

fn layout_detail(deck: &Deck, layout: &str, index: usize) -> Result<Value, ToolError> {
    let xml = deck.pkg.xml(layout)?;
    let mut used = 0;
    for s in deck.slides()? {
        if deck.layout_of(&s)?.as_deref() == Some(layout) {
            used += 1;
        }
    }
    Ok(json!({
        "index": index,
        "name": deck.part_name(layout),
        "type": attr(&xml.xot, xml.root()?, "type"),
        "placeholders": placeholders_of(&xml)?,
        "slides_using": used,
    }))
}

async fn manage_slide_masters(ctx: Ctx, a: ManageMasters) -> Result<Value, ToolError> {
    Server::of(&ctx)?.read(a.presentation_id.as_deref(), |_, deck| {
        let masters = deck.masters()?;
        let master = |i: i64| {
            usize::try_from(i).ok().and_then(|i| masters.get(i).cloned()).ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "master_index {i} is out of range: the presentation has {} slide master(s)",
                    masters.len()
                ))
            })
        };
        match a.operation.to_ascii_lowercase().as_str() {
            "list" => {
                let mut out = Vec::new();
                for (i, m) in masters.iter().enumerate() {
                    let layouts: Vec<Value> = deck
                        .layouts_of(m)?
                        .iter()
                        .enumerate()
                        .map(|(j, l)| json!({"index": j, "name": deck.part_name(l)}))
                        .collect();
                    out.push(json!({"index": i, "name": deck.part_name(m), "layout_count": layouts.len(), "layouts": layouts}));
                }
                Ok(json!({"slide_masters": out, "total_masters": out.len()}))
            }
            "get_layouts" => {
                let m = master(a.master_index)?;
                let mut out = Vec::new();
                for (j, l) in deck.layouts_of(&m)?.iter().enumerate() {
                    out.push(layout_detail(deck, l, j)?);
                }
                Ok(json!({"master_index": a.master_index, "layouts": out}))
            }
            "get_info" => {
                let m = master(a.master_index)?;
                let layouts = deck.layouts_of(&m)?;
                if let Some(li) = a.layout_index {
                    let l = usize::try_from(li).ok().and_then(|i| layouts.get(i).cloned()).ok_or_else(|| {
                        ToolError::invalid_input(format!("layout_index {li} is out of range: master {} has {} layouts", a.master_index, layouts.len()))
                    })?;
                    return layout_detail(deck, &l, li as usize);
                }
                let xml = deck.pkg.xml(&m)?;
                Ok(json!({
                    "master_index": a.master_index,
                    "name": deck.part_name(&m),
                    "layout_count": layouts.len(),
                    "placeholders": placeholders_of(&xml)?,
                }))
            }
            other => Err(ToolError::invalid_input(format!(
                "operation {other:?} is not one of list, get_layouts, get_info (this server does not change masters or layouts)"
            ))),
        }
    })
}

const TRANSITIONS: &[&str] = &[
    "fade",
    "push",
    "wipe",
    "split",
    "cut",
    "cover",
    "pull",
    "dissolve",
    "random",
    "zoom",
    "blinds",
    "checker",
    "circle",
    "diamond",
    "plus",
    "wedge",
    "wheel",
    "randomBar",
    "strips",
    "newsflash",
];

fn transition_info(xml: &Xml, t: Node) -> Value {
    let kind = x::elements(&xml.xot, t)
        .next()
        .map(|k| local(&xml.xot, k).to_owned());
    json!({"type": kind, "speed": attr(&xml.xot, t, "spd"), "advance_on_click": attr(&xml.xot, t, "advClick").map(|v| v != "0")})
}

/// A slide's transition. operation `add` (or `set`): set it to transition_type (fade, push,
/// wipe, split, cut, cover, pull, dissolve, random, zoom, blinds, checker, circle, diamond,
/// plus, wedge, wheel, randomBar, strips, newsflash) with a speed from duration (seconds:
/// under 0.75 fast, under 1.5 medium, else slow). `remove`: remove it. `get`: show it.
#[derive(Deserialize, JsonSchema)]
pub struct ManageTransitions {
    /// The slide's index, from 0
    slide_index: i64,
    /// add, set, remove or get
    operation: String,
    transition_type: Option<String>,
    /// Seconds
    #[serde(default = "one_f")]
    duration: f64,
    /// Which presentation (default: the current one)
    presentation_id: Option<String>,
}

async fn manage_slide_transitions(ctx: Ctx, a: ManageTransitions) -> Result<Value, ToolError> {
    let op = a.operation.to_ascii_lowercase();
    let s = Server::of(&ctx)?;
    if op == "get" {
        return s.read(a.presentation_id.as_deref(), |_, deck| {
            let slide = deck.slide(a.slide_index)?;
            let xml = deck.pkg.xml(&slide)?;
            let t = kid(&xml.xot, xml.root()?, "transition").map(|t| transition_info(&xml, t));
            Ok(json!({"slide_index": a.slide_index, "transition": t}))
        });
    }
    let kind = match op.as_str() {
        "add" | "set" | "apply" => {
            let t = a.transition_type.as_deref().unwrap_or("fade");
            Some(
                TRANSITIONS
                    .iter()
                    .find(|k| k.eq_ignore_ascii_case(t))
                    .copied()
                    .ok_or_else(|| {
                        ToolError::invalid_input(format!(
                            "transition_type {t:?} is not one of {}",
                            TRANSITIONS.join(", ")
                        ))
                    })?,
            )
        }
        "remove" => None,
        other => {
            return Err(ToolError::invalid_input(format!(
                "operation {other:?} is not one of add, remove, get"
            )));
        }
    };
    if !a.duration.is_finite() || a.duration < 0.0 {
        return Err(ToolError::invalid_input(
            "`duration` must be a number of seconds, 0 or more",
        ));
    }
    let spd = if a.duration < 0.75 {
        "fast"
    } else if a.duration < 1.5 {
        "med"
    } else {
        "slow"
    };
    s.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        deck.edit(&slide, |xml| {
            let root = xml.root()?;
            x::remove_kids(&mut xml.xot, root, "transition")?;
            if let Some(k) = kind {
                let before = x::elements(&xml.xot, root)
                    .find(|c| matches!(local(&xml.xot, *c), "timing" | "extLst"));
                x::insert(
                    xml,
                    before.map_or(At::End(root), At::Before),
                    &format!("<p:transition spd=\"{spd}\"><p:{k}/></p:transition>"),
                )?;
            }
            Ok(())
        })?;
        Ok(json!({
            "message": match kind {
                Some(k) => format!("Set a {k} transition ({spd}) on slide {}", a.slide_index),
                None => format!("Removed the transition of slide {}", a.slide_index),
            },
        }))
    })
}
