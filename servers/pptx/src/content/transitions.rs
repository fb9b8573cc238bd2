//! Slide transitions: set, remove, show.

use mcp_shared::{Ctx, ToolError};
use mcp_vendor_office::Xml;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use xot::Node;

use super::textbox::one_f;
use crate::store::Server;
use crate::x::{self, At, attr, kid, local};

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

pub(super) fn transition_info(xml: &Xml, t: Node) -> Value {
    let kind = x::elements(&xml.xot, t)
        .next()
        .map(|k| local(&xml.xot, k).to_owned());
    json!({"type": kind, "speed": attr(&xml.xot, t, "spd"), "advance_on_click": attr(&xml.xot, t, "advClick").map(|v| v != "0")})
}

/// A slide's transition. operation `add` (or `set`): transition_type (fade, push, wipe,
/// split, cut, cover, pull, dissolve, random, zoom, blinds, checker, circle, diamond, plus,
/// wedge, wheel, randomBar, strips, newsflash), speed from duration (under 0.75 s fast,
/// under 1.5 medium, else slow). `remove`, `get`.
#[derive(Deserialize, JsonSchema)]
pub struct ManageTransitions {
    /// From 0
    slide_index: i64,
    /// add, set, remove or get
    operation: String,
    transition_type: Option<String>,
    #[serde(default = "one_f")]
    duration: f64,
    /// Default: current
    presentation_id: Option<String>,
}

pub(super) async fn manage_slide_transitions(
    ctx: Ctx,
    a: ManageTransitions,
) -> Result<Value, ToolError> {
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
