//! Whole presentations from templates: a template sequence, and a generated outline about a topic.

use std::collections::BTreeMap;

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::content::modern_blue;
use crate::deck::Deck;
use crate::schemes::scheme;
use crate::store::Server;

use super::apply::{apply, read_images};
use super::catalog::template;

/// One slide of create_presentation_from_templates.
#[derive(Deserialize, JsonSchema)]
pub struct SequenceItem {
    /// See list_slide_templates
    template_id: String,
    /// Role -> content (also accepted as `content`)
    #[serde(alias = "content")]
    content_mapping: Option<Map<String, Value>>,
    /// Role -> workspace path
    image_paths: Option<Map<String, Value>>,
}

/// Create a presentation (made current) with a slide per item of template_sequence;
/// presentation_title becomes the document title.
#[derive(Deserialize, JsonSchema)]
pub struct PresentationFromTemplates {
    template_sequence: Vec<SequenceItem>,
    #[serde(default = "modern_blue")]
    color_scheme: String,
    presentation_title: Option<String>,
    /// Default: presentation_<n>
    presentation_id: Option<String>,
}

/// Most slides one call makes.
const MAX_SEQUENCE: usize = 100;

pub(super) async fn create_presentation_from_templates(
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

/// Generate a presentation outline on topic from this server's templates (made current): a
/// title slide, an agenda, content slides with placeholder points, optionally a chart of
/// sample data (labelled so), a closing slide. A scaffold to fill: no text is researched.
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
    /// No effect: pictures need files (see the result's note)
    #[serde(default)]
    include_images: bool,
    /// Default: presentation_<n>
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

pub(super) async fn auto_generate_presentation(
    ctx: Ctx,
    a: AutoGenerate,
) -> Result<Value, ToolError> {
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
