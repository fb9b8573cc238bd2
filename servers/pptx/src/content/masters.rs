//! Slide masters and their layouts.

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use super::slides::placeholders_of;
use crate::deck::Deck;
use crate::store::Server;
use crate::x::attr;

/// Slide masters and layouts. operation `list`: every master with its layouts.
/// `get_layouts`: master_index's layouts with their placeholders. `get_info`: one master (or,
/// with layout_index, one layout: placeholders and how many slides use it).
#[derive(Deserialize, JsonSchema)]
pub struct ManageMasters {
    /// list, get_layouts or get_info
    operation: String,
    #[serde(default)]
    master_index: i64,
    layout_index: Option<i64>,
    /// Default: current
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

pub(super) async fn manage_slide_masters(ctx: Ctx, a: ManageMasters) -> Result<Value, ToolError> {
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
