//! Per-cell tools: text alignment (one cell or all), cell text and formatting, padding.

use mcp_shared::{Ctx, ToolError};
use mcp_vendor_office::Xml;
use schemars::JsonSchema;
use serde::Deserialize;
use xot::Node;

use super::widths::{points, width_of};
use super::{cell_at, format_runs, set_tc_prop};
use crate::doc::{Save, with_doc};
use crate::xml::{PPR_ORDER, RunFormat, WordXml, sort_props};

fn align(x: &mut Xml, tc: Node, horizontal: &str, vertical: &str) -> Result<(), ToolError> {
    let jc = match horizontal.trim().to_ascii_lowercase().as_str() {
        "left" | "start" => "left",
        "center" | "centre" => "center",
        "right" | "end" => "right",
        "justify" | "both" => "both",
        other => {
            return Err(ToolError::invalid_input(format!(
                "horizontal `{other}` is not left, center, right or justify."
            )));
        }
    };
    let va = match vertical.trim().to_ascii_lowercase().as_str() {
        "top" => "top",
        "center" | "middle" | "centre" => "center",
        "bottom" => "bottom",
        other => {
            return Err(ToolError::invalid_input(format!(
                "vertical `{other}` is not top, center or bottom."
            )));
        }
    };
    set_tc_prop(x, tc, "vAlign", &format!("<w:vAlign w:val=\"{va}\"/>"))?;
    for p in x.wdesc(tc, "p") {
        let ppr = x.ensure_wchild(p, "pPr", true)?;
        x.set_prop(ppr, "jc", &format!("<w:jc w:val=\"{jc}\"/>"))?;
        sort_props(x, ppr, PPR_ORDER)?;
    }
    Ok(())
}

/// Align the text of one cell, horizontally and vertically.
#[derive(Deserialize, JsonSchema)]
pub struct CellAlign {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// The row (0-based)
    row_index: i64,
    /// The column (0-based)
    col_index: i64,
    /// left, center, right or justify
    #[serde(default = "left")]
    horizontal: String,
    /// top, center or bottom
    #[serde(default = "top")]
    vertical: String,
}

fn left() -> String {
    "left".into()
}
fn top() -> String {
    "top".into()
}

pub(super) async fn cell_alignment(ctx: Ctx, a: CellAlign) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        let tc = cell_at(doc, tbl, a.row_index, a.col_index)?;
        align(&mut doc.main, tc, &a.horizontal, &a.vertical)?;
        Ok(format!(
            "Cell ({}, {}) aligned {} / {}.",
            a.row_index, a.col_index, a.horizontal, a.vertical
        ))
    })
    .await
}

/// Align the text of every cell of a table.
#[derive(Deserialize, JsonSchema)]
pub struct AlignAll {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// left, center, right or justify
    #[serde(default = "left")]
    horizontal: String,
    /// top, center or bottom
    #[serde(default = "top")]
    vertical: String,
}

pub(super) async fn alignment_all(ctx: Ctx, a: AlignAll) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        let x = &mut doc.main;
        for tc in x.wdesc(tbl, "tc") {
            align(x, tc, &a.horizontal, &a.vertical)?;
        }
        Ok(format!(
            "All cells of table {} aligned {} / {}.",
            a.table_index, a.horizontal, a.vertical
        ))
    })
    .await
}

/// Set a cell's text (optional) and format all of its text.
#[derive(Deserialize, JsonSchema)]
pub struct CellText {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// The row (0-based)
    row_index: i64,
    /// The column (0-based)
    col_index: i64,
    /// New text for the cell (replaces what it holds)
    text_content: Option<String>,
    bold: Option<bool>,
    italic: Option<bool>,
    underline: Option<bool>,
    /// Text colour as hex RGB
    color: Option<String>,
    /// Font size in points
    font_size: Option<i64>,
    /// Font family
    font_name: Option<String>,
}

pub(super) async fn format_cell_text(ctx: Ctx, a: CellText) -> Result<String, ToolError> {
    let fmt = RunFormat {
        font_name: a.font_name,
        font_size: a.font_size.map(|s| s as f64),
        bold: a.bold,
        italic: a.italic,
        underline: a.underline,
        color: a.color,
    };
    fmt.props()?;
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        let tc = cell_at(doc, tbl, a.row_index, a.col_index)?;
        let x = &mut doc.main;
        if let Some(text) = &a.text_content {
            let keep = x.wchildren(tc, "p").first().copied();
            let blocks: Vec<Node> = x
                .elements(tc)
                .into_iter()
                .filter(|n| x.w_local(*n) != Some("tcPr"))
                .collect();
            for b in blocks {
                if Some(b) != keep {
                    x.remove(b)?;
                }
            }
            let p = match keep {
                Some(p) => p,
                None => {
                    let p = x.frag1("<w:p/>")?;
                    x.append(tc, p)?;
                    p
                }
            };
            for c in x.elements(p) {
                if x.w_local(c) != Some("pPr") {
                    x.remove(c)?;
                }
            }
            let r = x.frag1(&crate::xml::run_xml(text, ""))?;
            x.append(p, r)?;
        }
        if !fmt.is_empty() {
            format_runs(x, tc, &fmt)?;
        }
        Ok(format!(
            "Cell ({}, {}) of table {} formatted.",
            a.row_index, a.col_index, a.table_index
        ))
    })
    .await
}

/// Set the inner margins (padding) of one cell.
#[derive(Deserialize, JsonSchema)]
pub struct Padding {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// The row (0-based)
    row_index: i64,
    /// The column (0-based)
    col_index: i64,
    top: Option<f64>,
    bottom: Option<f64>,
    left: Option<f64>,
    right: Option<f64>,
    /// points or dxa (twentieths of a point)
    #[serde(default = "points")]
    unit: String,
}

pub(super) async fn cell_padding(ctx: Ctx, a: Padding) -> Result<String, ToolError> {
    let sides = [
        ("top", a.top),
        ("left", a.left),
        ("bottom", a.bottom),
        ("right", a.right),
    ];
    let mut mar = String::from("<w:tcMar>");
    for (side, v) in sides {
        if let Some(v) = v {
            let (w, ty) = width_of(v, &a.unit)?;
            if ty != "dxa" {
                return Err(ToolError::invalid_input(
                    "unit must be points or dxa for padding.",
                ));
            }
            mar.push_str(&format!("<w:{side} w:w=\"{w}\" w:type=\"dxa\"/>"));
        }
    }
    mar.push_str("</w:tcMar>");
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        let tc = cell_at(doc, tbl, a.row_index, a.col_index)?;
        set_tc_prop(&mut doc.main, tc, "tcMar", &mar)?;
        Ok(format!(
            "Padding of cell ({}, {}) set.",
            a.row_index, a.col_index
        ))
    })
    .await
}
