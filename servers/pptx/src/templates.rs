//! Colour schemes and slide templates (this server's own, shipped as data in the binary):
//! list them, describe one, apply one to a slide, make slides and whole presentations from
//! them, and an outline generated from a topic.

use std::collections::BTreeMap;

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::content::{
    bullet_paras, modern_blue, placeholder, set_background, text_box, title_shape,
};
use crate::deck::{Deck, emu, emu_size, hex};
use crate::media::{add_picture, image_bytes};
use crate::store::Server;
use crate::structure::{cell_text, shape_xml};
use crate::text::{Fmt, paras_of_text, set_paragraphs};

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

/// A colour scheme.
pub struct Scheme {
    pub name: &'static str,
    pub primary: [i64; 3],
    pub secondary: [i64; 3],
    pub accent: [i64; 3],
    pub light: [i64; 3],
    pub text: [i64; 3],
}

pub const SCHEMES: &[Scheme] = &[
    Scheme {
        name: "modern_blue",
        primary: [0, 120, 215],
        secondary: [40, 40, 40],
        accent: [0, 176, 240],
        light: [240, 248, 255],
        text: [51, 51, 51],
    },
    Scheme {
        name: "corporate_gray",
        primary: [68, 84, 106],
        secondary: [32, 32, 32],
        accent: [0, 112, 192],
        light: [242, 242, 242],
        text: [64, 64, 64],
    },
    Scheme {
        name: "elegant_green",
        primary: [70, 136, 71],
        secondary: [36, 36, 36],
        accent: [146, 208, 80],
        light: [242, 248, 238],
        text: [48, 48, 48],
    },
    Scheme {
        name: "warm_red",
        primary: [192, 80, 77],
        secondary: [64, 64, 64],
        accent: [247, 150, 70],
        light: [253, 242, 242],
        text: [58, 58, 58],
    },
];

pub fn scheme(name: &str) -> Result<&'static Scheme, ToolError> {
    SCHEMES
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            let names: Vec<&str> = SCHEMES.iter().map(|s| s.name).collect();
            ToolError::invalid_input(format!(
                "color_scheme {name:?} is not one of {}",
                names.join(", ")
            ))
        })
}

impl Scheme {
    pub fn hex(&self, role: &str) -> String {
        let c = match role {
            "primary" => self.primary,
            "secondary" => self.secondary,
            "accent" => self.accent,
            "light" => self.light,
            "white" => [255, 255, 255],
            _ => self.text,
        };
        hex("color", &c).unwrap_or_else(|_| "000000".into())
    }

    pub fn chart_colors(&self) -> Vec<String> {
        ["primary", "accent", "secondary", "text"]
            .iter()
            .map(|r| self.hex(r))
            .collect()
    }

    pub fn json(&self) -> Value {
        json!({"name": self.name, "primary": self.primary, "secondary": self.secondary, "accent": self.accent, "light": self.light, "text": self.text})
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Text,
    Bullets,
    Image,
    Chart,
    /// A filled box with text.
    Box,
    /// A decorative bar (no content).
    Bar,
}

struct El {
    role: &'static str,
    kind: Kind,
    pos: (f64, f64, f64, f64),
    size: i64,
    bold: bool,
    italic: bool,
    color: &'static str,
    align: &'static str,
}

const fn el(
    role: &'static str,
    kind: Kind,
    pos: (f64, f64, f64, f64),
    size: i64,
    bold: bool,
    color: &'static str,
    align: &'static str,
) -> El {
    El {
        role,
        kind,
        pos,
        size,
        bold,
        italic: false,
        color,
        align,
    }
}

struct Tpl {
    id: &'static str,
    name: &'static str,
    description: &'static str,
    /// Solid background from the scheme's light or primary colour.
    background: Option<&'static str>,
    elements: &'static [El],
}

const TITLE: El = el(
    "title",
    Kind::Text,
    (0.5, 0.4, 9.0, 1.0),
    36,
    true,
    "primary",
    "l",
);
const BAR: El = el(
    "",
    Kind::Bar,
    (0.5, 1.35, 9.0, 0.06),
    0,
    false,
    "accent",
    "l",
);

const TEMPLATES: &[Tpl] = &[
    Tpl {
        id: "title_slide",
        name: "Title slide",
        description: "A large centred title with a subtitle and an accent bar.",
        background: Some("light"),
        elements: &[
            el(
                "title",
                Kind::Text,
                (0.75, 2.3, 8.5, 1.5),
                44,
                true,
                "primary",
                "ctr",
            ),
            el(
                "",
                Kind::Bar,
                (3.5, 3.9, 3.0, 0.08),
                0,
                false,
                "accent",
                "l",
            ),
            el(
                "subtitle",
                Kind::Text,
                (0.75, 4.2, 8.5, 1.0),
                24,
                false,
                "text",
                "ctr",
            ),
        ],
    },
    Tpl {
        id: "title_content",
        name: "Title and content",
        description: "A title and a list of bullet points.",
        background: None,
        elements: &[
            TITLE,
            BAR,
            el(
                "content",
                Kind::Bullets,
                (0.7, 1.7, 8.6, 5.0),
                20,
                false,
                "text",
                "l",
            ),
        ],
    },
    Tpl {
        id: "agenda_slide",
        name: "Agenda",
        description: "A title and the agenda items as a numbered-looking list.",
        background: None,
        elements: &[
            TITLE,
            BAR,
            el(
                "content",
                Kind::Bullets,
                (1.0, 1.7, 8.0, 5.0),
                24,
                false,
                "text",
                "l",
            ),
        ],
    },
    Tpl {
        id: "section_header",
        name: "Section header",
        description: "A section title and subtitle on a coloured background.",
        background: Some("primary"),
        elements: &[
            el(
                "title",
                Kind::Text,
                (0.75, 2.6, 8.5, 1.4),
                40,
                true,
                "white",
                "l",
            ),
            el(
                "subtitle",
                Kind::Text,
                (0.75, 4.0, 8.5, 1.0),
                22,
                false,
                "light",
                "l",
            ),
        ],
    },
    Tpl {
        id: "two_column_text",
        name: "Two columns of text",
        description: "A title over two columns of bullet points.",
        background: None,
        elements: &[
            TITLE,
            BAR,
            el(
                "left_content",
                Kind::Bullets,
                (0.5, 1.7, 4.3, 5.0),
                18,
                false,
                "text",
                "l",
            ),
            el(
                "right_content",
                Kind::Bullets,
                (5.2, 1.7, 4.3, 5.0),
                18,
                false,
                "text",
                "l",
            ),
        ],
    },
    Tpl {
        id: "text_with_image",
        name: "Text with image",
        description: "A title, bullet points on the left and a picture on the right (image_paths.image).",
        background: None,
        elements: &[
            TITLE,
            BAR,
            el(
                "content",
                Kind::Bullets,
                (0.5, 1.7, 4.6, 5.0),
                18,
                false,
                "text",
                "l",
            ),
            el(
                "image",
                Kind::Image,
                (5.4, 1.8, 4.1, 4.1),
                0,
                false,
                "text",
                "l",
            ),
        ],
    },
    Tpl {
        id: "image_slide",
        name: "Picture",
        description: "A title and a large picture (image_paths.image) with a caption.",
        background: None,
        elements: &[
            TITLE,
            el(
                "image",
                Kind::Image,
                (1.5, 1.5, 7.0, 4.8),
                0,
                false,
                "text",
                "l",
            ),
            el(
                "caption",
                Kind::Text,
                (1.0, 6.5, 8.0, 0.6),
                14,
                false,
                "text",
                "ctr",
            ),
        ],
    },
    Tpl {
        id: "chart_slide",
        name: "Chart",
        description: "A title and a chart; content_mapping.chart is {type, categories, series: [{name, values}]}.",
        background: None,
        elements: &[
            TITLE,
            BAR,
            el(
                "chart",
                Kind::Chart,
                (0.8, 1.7, 8.4, 5.2),
                0,
                false,
                "text",
                "l",
            ),
        ],
    },
    Tpl {
        id: "key_metrics",
        name: "Key metrics",
        description: "A title and up to three metric boxes (metric_1, metric_2, metric_3) with labels (label_1...).",
        background: None,
        elements: &[
            TITLE,
            BAR,
            el(
                "metric_1",
                Kind::Box,
                (0.6, 2.4, 2.7, 1.6),
                32,
                true,
                "primary",
                "ctr",
            ),
            el(
                "metric_2",
                Kind::Box,
                (3.65, 2.4, 2.7, 1.6),
                32,
                true,
                "primary",
                "ctr",
            ),
            el(
                "metric_3",
                Kind::Box,
                (6.7, 2.4, 2.7, 1.6),
                32,
                true,
                "primary",
                "ctr",
            ),
            el(
                "label_1",
                Kind::Text,
                (0.6, 4.1, 2.7, 0.8),
                16,
                false,
                "text",
                "ctr",
            ),
            el(
                "label_2",
                Kind::Text,
                (3.65, 4.1, 2.7, 0.8),
                16,
                false,
                "text",
                "ctr",
            ),
            el(
                "label_3",
                Kind::Text,
                (6.7, 4.1, 2.7, 0.8),
                16,
                false,
                "text",
                "ctr",
            ),
        ],
    },
    Tpl {
        id: "quote_slide",
        name: "Quote",
        description: "A large quote and its author.",
        background: Some("light"),
        elements: &[
            El {
                role: "quote",
                kind: Kind::Text,
                pos: (1.0, 2.0, 8.0, 2.5),
                size: 32,
                bold: false,
                italic: true,
                color: "primary",
                align: "ctr",
            },
            el(
                "author",
                Kind::Text,
                (1.0, 4.7, 8.0, 0.8),
                20,
                false,
                "text",
                "r",
            ),
        ],
    },
    Tpl {
        id: "thank_you_slide",
        name: "Thank you",
        description: "A closing slide: title (default \"Thank You\") and contact details.",
        background: Some("primary"),
        elements: &[
            el(
                "title",
                Kind::Text,
                (0.75, 2.5, 8.5, 1.5),
                48,
                true,
                "white",
                "ctr",
            ),
            el(
                "contact",
                Kind::Text,
                (0.75, 4.2, 8.5, 1.2),
                20,
                false,
                "light",
                "ctr",
            ),
        ],
    },
];

fn template(id: &str) -> Result<&'static Tpl, ToolError> {
    TEMPLATES
        .iter()
        .find(|t| t.id.eq_ignore_ascii_case(id.trim()))
        .ok_or_else(|| {
            let ids: Vec<&str> = TEMPLATES.iter().map(|t| t.id).collect();
            ToolError::invalid_input(format!(
                "template_id {id:?} is not one of {}",
                ids.join(", ")
            ))
        })
}

fn tpl_json(t: &Tpl) -> Value {
    let roles: Vec<Value> = t
        .elements
        .iter()
        .filter(|e| !e.role.is_empty())
        .map(|e| {
            let kind = match e.kind {
                Kind::Text => "text",
                Kind::Bullets => "bullets (a list of strings, or lines)",
                Kind::Image => "image (a workspace path in image_paths)",
                Kind::Chart => "chart ({type, categories, series: [{name, values}]})",
                Kind::Box => "metric box text",
                Kind::Bar => "decoration",
            };
            json!({"role": e.role, "kind": kind, "left": e.pos.0, "top": e.pos.1, "width": e.pos.2, "height": e.pos.3})
        })
        .collect();
    json!({"template_id": t.id, "name": t.name, "description": t.description, "content_roles": roles})
}

/// The slide templates this server offers (its own, built in), with the content roles each
/// takes, and the colour schemes.
#[derive(Deserialize, JsonSchema)]
pub struct ListTemplates {}

async fn list_slide_templates(_ctx: Ctx, _a: ListTemplates) -> Result<Value, ToolError> {
    let t: Vec<Value> = TEMPLATES.iter().map(tpl_json).collect();
    let s: Vec<Value> = SCHEMES.iter().map(Scheme::json).collect();
    Ok(json!({"templates": t, "total_templates": t.len(), "color_schemes": s}))
}

/// One slide template: its content roles (the keys of content_mapping and image_paths) and
/// their positions.
#[derive(Deserialize, JsonSchema)]
pub struct TemplateInfo {
    /// e.g. title_slide, title_content, chart_slide (see list_slide_templates)
    template_id: String,
}

async fn get_template_info(_ctx: Ctx, a: TemplateInfo) -> Result<Value, ToolError> {
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
fn apply(
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

async fn read_images(
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

/// Apply a slide template to an existing slide: its content (content_mapping: role -> text
/// or list) and pictures (image_paths: role -> workspace path) in the template's places,
/// coloured from color_scheme. The slide's title and body placeholders take the title and
/// content when it has them.
#[derive(Deserialize, JsonSchema)]
pub struct ApplyTemplate {
    /// The slide's index, from 0
    slide_index: i64,
    /// See list_slide_templates
    template_id: String,
    #[serde(default = "modern_blue")]
    color_scheme: String,
    /// Role -> content, e.g. {"title": "...", "content": ["point", "point"]}
    content_mapping: Option<Map<String, Value>>,
    /// Role -> image file in the workspace, e.g. {"image": "pictures/chart.png"}
    image_paths: Option<Map<String, Value>>,
    /// Which presentation (default: the current one)
    presentation_id: Option<String>,
}

async fn apply_slide_template(ctx: Ctx, a: ApplyTemplate) -> Result<Value, ToolError> {
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
    /// Role -> image file in the workspace
    image_paths: Option<Map<String, Value>>,
    /// The layout of the new slide
    #[serde(default = "one")]
    layout_index: i64,
    /// Which presentation (default: the current one)
    presentation_id: Option<String>,
}

fn one() -> i64 {
    1
}

async fn create_slide_from_template(ctx: Ctx, a: SlideFromTemplate) -> Result<Value, ToolError> {
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

/// One slide of create_presentation_from_templates.
#[derive(Deserialize, JsonSchema)]
pub struct SequenceItem {
    /// See list_slide_templates
    template_id: String,
    /// Role -> content (also accepted as `content`)
    #[serde(alias = "content")]
    content_mapping: Option<Map<String, Value>>,
    /// Role -> image file in the workspace
    image_paths: Option<Map<String, Value>>,
}

/// Create a new presentation (made current) with one slide per item of template_sequence,
/// each from its template and content; presentation_title becomes the document title.
#[derive(Deserialize, JsonSchema)]
pub struct PresentationFromTemplates {
    /// [{template_id, content_mapping, image_paths}]
    template_sequence: Vec<SequenceItem>,
    #[serde(default = "modern_blue")]
    color_scheme: String,
    presentation_title: Option<String>,
    /// The new presentation's id (default: presentation_<n>)
    presentation_id: Option<String>,
}

/// Most slides one call makes.
const MAX_SEQUENCE: usize = 100;

async fn create_presentation_from_templates(
    ctx: Ctx,
    a: PresentationFromTemplates,
) -> Result<Value, ToolError> {
    if a.template_sequence.is_empty() || a.template_sequence.len() > MAX_SEQUENCE {
        return Err(ToolError::invalid_input(format!(
            "template_sequence must have 1 to {MAX_SEQUENCE} items"
        )));
    }
    let sc = scheme(&a.color_scheme)?;
    let s = Server::of(&ctx)?;
    let mut items = Vec::new();
    for it in &a.template_sequence {
        items.push((
            template(&it.template_id)?,
            read_images(s, it.image_paths.as_ref()).await?,
        ));
    }
    let mut deck = Deck::new_blank();
    if let Some(t) = &a.presentation_title {
        deck.pkg
            .set_part("docProps/core.xml", crate::blank::core_xml(t).into_bytes());
    }
    let mut slides = Vec::new();
    for ((t, images), it) in items.iter().zip(&a.template_sequence) {
        let (index, slide) = deck.add_slide(6)?;
        let content = it.content_mapping.clone().unwrap_or_default();
        let done = apply(&mut deck, &slide, t, sc, &content, images)?;
        slides.push(json!({"slide_index": index, "template_id": t.id, "applied_roles": done}));
    }
    let (id, _) = s.insert(a.presentation_id, deck)?;
    Ok(
        json!({"message": format!("Created presentation {id} with {} slides", slides.len()), "presentation_id": id, "slides": slides}),
    )
}

/// Generate a presentation outline about a topic from this server's templates: a title slide,
/// an agenda, content slides with placeholder points to replace, optionally a chart of
/// sample data (labelled as such), and a closing slide. No text is researched or written by
/// a model: the slides are a scaffold to fill. Made current; saved with save_presentation.
#[derive(Deserialize, JsonSchema)]
pub struct AutoGenerate {
    topic: String,
    /// 1 to 30
    #[serde(default = "five")]
    slide_count: i64,
    /// business, academic, creative or technical (the agenda's sections)
    #[serde(default = "business")]
    presentation_type: String,
    #[serde(default = "modern_blue")]
    color_scheme: String,
    #[serde(default = "crate::content::yes")]
    include_charts: bool,
    /// Pictures need files: this server adds none (see the result's note)
    #[serde(default)]
    include_images: bool,
    /// The new presentation's id (default: presentation_<n>)
    presentation_id: Option<String>,
}

fn five() -> i64 {
    5
}
fn business() -> String {
    "business".into()
}
pub fn business_type() -> String {
    business()
}

async fn auto_generate_presentation(ctx: Ctx, a: AutoGenerate) -> Result<Value, ToolError> {
    if !(1..=30).contains(&a.slide_count) {
        return Err(ToolError::invalid_input("slide_count must be from 1 to 30"));
    }
    let topic = a.topic.trim();
    if topic.is_empty() {
        return Err(ToolError::invalid_input("`topic` is empty"));
    }
    let sc = scheme(&a.color_scheme)?;
    let sections: &[&str] = match a.presentation_type.to_ascii_lowercase().as_str() {
        "business" => &[
            "Overview",
            "Current Situation",
            "Opportunities",
            "Strategy",
            "Financials",
            "Next Steps",
        ],
        "academic" => &[
            "Introduction",
            "Background",
            "Methodology",
            "Results",
            "Discussion",
            "Conclusion",
        ],
        "creative" => &[
            "The Idea",
            "Inspiration",
            "Concept",
            "Execution",
            "Impact",
            "What's Next",
        ],
        "technical" => &[
            "Overview",
            "Architecture",
            "Implementation",
            "Performance",
            "Challenges",
            "Roadmap",
        ],
        other => {
            return Err(ToolError::invalid_input(format!(
                "presentation_type {other:?}: use business, academic, creative or technical"
            )));
        }
    };
    let n = a.slide_count as usize;
    let mut plan: Vec<(&str, Map<String, Value>)> = Vec::new();
    let obj = |v: Value| v.as_object().cloned().unwrap_or_default();
    plan.push(("title_slide", obj(json!({"title": topic, "subtitle": format!("{} presentation", capitalise(&a.presentation_type))}))));
    if n >= 3 {
        plan.push((
            "agenda_slide",
            obj(json!({"title": "Agenda", "content": sections})),
        ));
    }
    let closing = n >= 2;
    let body = n.saturating_sub(plan.len() + usize::from(closing));
    for i in 0..body {
        let section = sections[i % sections.len()];
        if a.include_charts && i == body / 2 && body >= 2 {
            plan.push(("chart_slide", obj(json!({"title": format!("{section}: sample data"), "chart": {"type": "column", "categories": ["Q1", "Q2", "Q3", "Q4"], "series": [{"name": "Sample data (replace)", "values": [10, 14, 12, 18]}]}}))));
        } else {
            plan.push(("title_content", obj(json!({"title": format!("{section}"), "content": [format!("Key point about {topic}"), "Supporting detail", "Evidence or example"]}))));
        }
    }
    if closing {
        plan.push((
            "thank_you_slide",
            obj(json!({"title": "Thank You", "contact": "Questions?"})),
        ));
    }
    let mut deck = Deck::new_blank();
    deck.pkg.set_part(
        "docProps/core.xml",
        crate::blank::core_xml(topic).into_bytes(),
    );
    let none = BTreeMap::new();
    for (tid, content) in &plan {
        let (_, slide) = deck.add_slide(6)?;
        apply(&mut deck, &slide, template(tid)?, sc, content, &none)?;
    }
    let (id, _) = Server::of(&ctx)?.insert(a.presentation_id, deck)?;
    let outline: Vec<&str> = plan.iter().map(|(t, _)| *t).collect();
    let mut v = json!({
        "message": format!("Generated a {}-slide outline about {topic:?} as presentation {id}", plan.len()),
        "presentation_id": id,
        "slide_count": plan.len(),
        "templates_used": outline,
        "note": "the slides hold placeholder points (and sample chart data) to replace with real content",
    });
    if a.include_images {
        v["images_note"] = json!(
            "no pictures were added: this server has no image source; add them with manage_image or apply_slide_template's image_paths"
        );
    }
    Ok(v)
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
