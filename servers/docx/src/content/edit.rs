//! Deleting paragraphs, search and replace, and replacing the content below a header or between anchors.

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use xot::Node;

use crate::doc::{Doc, Save, with_doc};
use crate::runs;
use crate::template;
use crate::xml::{PPR_ORDER, WordXml, sort_props};

use super::insert::place;

/// Delete one paragraph of the body (index among the body's paragraphs, 0-based).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteParagraph {
    /// The document, relative to the workspace
    filename: String,
    /// The paragraph's index (0-based)
    paragraph_index: i64,
}

pub(super) async fn delete_paragraph(ctx: Ctx, a: DeleteParagraph) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let p = doc.paragraph(a.paragraph_index)?;
        // A paragraph that ends a section carries its properties: keep them on the next one.
        if let Some(sect) = doc
            .main
            .wchild(p, "pPr")
            .and_then(|ppr| doc.main.wchild(ppr, "sectPr"))
        {
            let next = doc.paragraphs()?.into_iter().skip_while(|q| *q != p).nth(1);
            if let Some(n) = next {
                let ppr = doc.main.ensure_wchild(n, "pPr", true)?;
                if doc.main.wchild(ppr, "sectPr").is_none() {
                    doc.main
                        .xml_mut()
                        .xot
                        .detach(sect)
                        .map_err(crate::xml::internal)?;
                    doc.main.append(ppr, sect)?;
                    sort_props(&mut doc.main, ppr, PPR_ORDER)?;
                }
            }
        }
        doc.main.remove(p)?;
        Ok(format!(
            "Paragraph at index {} deleted successfully.",
            a.paragraph_index
        ))
    })
    .await
}

/// Replace every occurrence of a text in a document: its body (tables included), headers
/// and footers, footnotes and endnotes. A match may span runs of different formatting; the
/// replacement takes the formatting of the run where the match starts. Case-sensitive.
#[derive(Deserialize, JsonSchema)]
pub struct SearchReplace {
    /// The document, relative to the workspace
    filename: String,
    /// The text to find
    find_text: String,
    /// The text to put in its place
    replace_text: String,
}

pub(super) async fn search_and_replace(ctx: Ctx, a: SearchReplace) -> Result<String, ToolError> {
    if a.find_text.is_empty() {
        return Err(ToolError::invalid_input("find_text is empty."));
    }
    let (f, r) = (a.find_text.clone(), a.replace_text.clone());
    let (f2, r2) = (f.clone(), r.clone());
    let n = with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let n = replace_everywhere(doc, &f2, &r2)?;
        // Nothing found writes nothing.
        doc.skip_save = n == 0;
        Ok(n)
    })
    .await?;
    if n == 0 {
        return Ok(format!("No occurrences of '{f}' found."));
    }
    Ok(format!("Replaced {n} occurrence(s) of '{f}' with '{r}'."))
}

fn replace_everywhere(doc: &mut Doc, find: &str, repl: &str) -> Result<usize, ToolError> {
    let body = doc.body()?;
    let mut n = 0;
    for p in doc.main.wdesc(body, "p") {
        n += runs::replace_in_paragraph(&mut doc.main, p, find, repl)?;
    }
    let mut others = doc.header_footer_parts()?;
    for rel in [template::REL_FOOTNOTES, template::REL_ENDNOTES] {
        if let Some(p) = doc.related(rel)?
            && doc.pkg.part(&p).is_some()
        {
            others.push(p);
        }
    }
    for part in others {
        let has = {
            let x = doc.part(&part)?;
            let root = x.root()?;
            x.wdesc(root, "p")
                .into_iter()
                .any(|p| x.text_of(p).contains(find))
        };
        if !has {
            continue;
        }
        let x = doc.part_mut(&part)?;
        let root = x.root()?;
        for p in x.wdesc(root, "p") {
            n += runs::replace_in_paragraph(x, p, find, repl)?;
        }
    }
    Ok(n)
}

/// Replace the paragraphs below a heading (up to the next heading) with new ones. The
/// heading is the first heading paragraph whose text is `header_text` (tables of contents
/// are skipped); tables in the block are kept.
#[derive(Deserialize, JsonSchema)]
pub struct ReplaceBelowHeader {
    /// The document, relative to the workspace
    filename: String,
    /// The heading's text
    header_text: String,
    /// The new paragraphs' texts
    new_paragraphs: Vec<String>,
    /// Accepted for compatibility and ignored (the block ends at the next heading)
    detect_block_end_fn: Option<String>,
}

fn is_toc(style: &str) -> bool {
    let s = style.to_ascii_lowercase();
    s.starts_with("toc") || s.contains("contents")
}

pub(super) async fn replace_below_header(
    ctx: Ctx,
    a: ReplaceBelowHeader,
) -> Result<String, ToolError> {
    let _ = &a.detect_block_end_fn;
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let ps = doc.paragraphs()?;
        let want = a.header_text.trim();
        let mut header = None;
        for p in &ps {
            let style = doc.paragraph_style(*p);
            if is_toc(&style) {
                continue;
            }
            if doc.text(*p).trim() == want && doc.heading_level(*p).is_some() {
                header = Some(*p);
                break;
            }
        }
        let Some(h) = header else {
            return Err(ToolError::invalid_input(format!(
                "no heading with the text `{want}` in {}.",
                doc.file
            )));
        };
        let mut gone = 0;
        for p in ps.iter().skip_while(|p| **p != h).skip(1) {
            if doc.heading_level(*p).is_some() {
                break;
            }
            doc.main.remove(*p)?;
            gone += 1;
        }
        let mut nodes = Vec::new();
        for t in &a.new_paragraphs {
            nodes.push(doc.new_paragraph(t, None, "", "")?);
        }
        place(doc, h, "after", &nodes)?;
        Ok(format!(
            "Replaced {gone} paragraph(s) below '{want}' with {} new paragraph(s).",
            nodes.len()
        ))
    })
    .await
}

/// Replace the paragraphs between two anchor paragraphs (the first whose text is, or else
/// contains, each anchor) with new ones; without `end_anchor_text`, up to the next heading.
#[derive(Deserialize, JsonSchema)]
pub struct ReplaceBetween {
    /// The document, relative to the workspace
    filename: String,
    /// The text of the paragraph the block starts after
    start_anchor_text: String,
    /// The new paragraphs' texts
    new_paragraphs: Vec<String>,
    /// The text of the paragraph the block ends before (default: the next heading)
    end_anchor_text: Option<String>,
    /// Accepted for compatibility and ignored (anchors match exactly, else by containment)
    match_fn: Option<String>,
    /// The new paragraphs' style by name
    new_paragraph_style: Option<String>,
}

fn find_anchor(doc: &Doc, ps: &[Node], anchor: &str) -> Option<usize> {
    let a = anchor.trim();
    ps.iter()
        .position(|p| doc.text(*p).trim() == a)
        .or_else(|| ps.iter().position(|p| doc.text(*p).contains(a)))
}

pub(super) async fn replace_between_anchors(
    ctx: Ctx,
    a: ReplaceBetween,
) -> Result<String, ToolError> {
    let _ = &a.match_fn;
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let ps = doc.paragraphs()?;
        let start = find_anchor(doc, &ps, &a.start_anchor_text).ok_or_else(|| {
            ToolError::invalid_input(format!(
                "start anchor `{}` not found in {}.",
                a.start_anchor_text, doc.file
            ))
        })?;
        let rest = ps.get(start + 1..).unwrap_or_default();
        let end = match &a.end_anchor_text {
            Some(e) if !e.trim().is_empty() => {
                Some(find_anchor(doc, rest, e).ok_or_else(|| {
                    ToolError::invalid_input(format!(
                        "end anchor `{e}` not found after the start anchor."
                    ))
                })?)
            }
            _ => {
                let mut at = None;
                for (i, p) in rest.iter().enumerate() {
                    if doc.heading_level(*p).is_some() {
                        at = Some(i);
                        break;
                    }
                }
                at
            }
        };
        let block: Vec<Node> = rest
            .iter()
            .take(end.unwrap_or(rest.len()))
            .copied()
            .collect();
        let style = match a.new_paragraph_style.filter(|s| !s.trim().is_empty()) {
            Some(s) => Some(doc.style_id(&s, "paragraph")?),
            None => None,
        };
        for p in &block {
            doc.main.remove(*p)?;
        }
        let mut nodes = Vec::new();
        for t in &a.new_paragraphs {
            nodes.push(doc.new_paragraph(t, style.as_deref(), "", "")?);
        }
        let anchor = ps
            .get(start)
            .copied()
            .ok_or_else(|| crate::xml::internal("anchor"))?;
        place(doc, anchor, "after", &nodes)?;
        Ok(format!(
            "Replaced {} paragraph(s) between the anchors with {} new paragraph(s).",
            block.len(),
            nodes.len()
        ))
    })
    .await
}
