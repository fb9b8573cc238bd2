//! Hyperlinks on slide runs: list, add, remove, update.

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use xot::Node;

use crate::blank::rt;
use crate::deck::{self, shape_at, shapes, sp_tree};
use crate::store::Server;
use crate::text::{Fmt, first, set_paragraphs};
use crate::x::{self, At, esc, kid, local};

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

/// Hyperlinks on a slide. operation `list`: every linked run with its URL. `add`: link run
/// run_index of shape_index to `url`, or, with `text`, add a new run linked to it. `remove`:
/// unlink that run. `update`: point its link at `url`.
#[derive(Deserialize, JsonSchema)]
pub struct ManageHyperlinks {
    /// list, add, remove or update
    operation: String,
    /// From 0
    slide_index: i64,
    shape_index: Option<i64>,
    text: Option<String>,
    url: Option<String>,
    /// From 0, across the shape's paragraphs
    #[serde(default)]
    run_index: i64,
    /// Default: current
    presentation_id: Option<String>,
}

pub(super) async fn manage_hyperlinks(ctx: Ctx, a: ManageHyperlinks) -> Result<Value, ToolError> {
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
