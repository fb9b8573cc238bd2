//! Placeholders: text into one placeholder, bullet points.

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use super::placeholder;
use crate::store::Server;
use crate::text::{self, Fmt, para, set_paragraphs};

/// Replace the text of a slide's placeholder (idx as get_slide_info lists it: 0 is the
/// title); each line becomes a paragraph.
#[derive(Deserialize, JsonSchema)]
pub struct PopulatePlaceholder {
    /// From 0
    slide_index: i64,
    placeholder_idx: i64,
    text: String,
    /// Default: current
    presentation_id: Option<String>,
}

pub(super) async fn populate_placeholder(
    ctx: Ctx,
    a: PopulatePlaceholder,
) -> Result<Value, ToolError> {
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

/// Replace a placeholder's text (usually the body, idx 1) by bullet points, one paragraph
/// each. A point's level (0 to 8) is its leading indentation: a tab or two spaces a level.
#[derive(Deserialize, JsonSchema)]
pub struct AddBulletPoints {
    /// From 0
    slide_index: i64,
    placeholder_idx: i64,
    bullet_points: Vec<String>,
    /// Default: current
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

pub(super) async fn add_bullet_points(ctx: Ctx, a: AddBulletPoints) -> Result<Value, ToolError> {
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
