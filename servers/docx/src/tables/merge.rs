//! Merging table cells: horizontally, vertically and rectangles (their text joined in the first cell).

use mcp_shared::{Ctx, ToolError};
use mcp_vendor_office::Xml;
use schemars::JsonSchema;
use serde::Deserialize;
use xot::Node;

use super::{cell_at, row_at, row_cells, set_tc_prop};
use crate::doc::{Doc, Save, with_doc};
use crate::xml::WordXml;

/// Move the paragraphs of `from` (when it has text) to the end of `to`; `from` keeps one
/// empty paragraph when `keep` (a cell must hold a paragraph).
fn move_content(x: &mut Xml, from: Node, to: Node, keep: bool) -> Result<(), ToolError> {
    let has_text = !x.text_of_cell_all(from).trim().is_empty();
    let blocks: Vec<Node> = x
        .elements(from)
        .into_iter()
        .filter(|n| x.w_local(*n) != Some("tcPr"))
        .collect();
    if has_text {
        for b in &blocks {
            x.xml_mut().xot.detach(*b).map_err(crate::xml::internal)?;
            x.append(to, *b)?;
        }
    } else {
        for b in &blocks {
            x.remove(*b)?;
        }
    }
    if keep {
        let p = x.frag1("<w:p/>")?;
        x.append(from, p)?;
    }
    Ok(())
}

trait AllText {
    fn text_of_cell_all(&self, tc: Node) -> String;
}

impl AllText for Xml {
    fn text_of_cell_all(&self, tc: Node) -> String {
        self.wdesc(tc, "p")
            .into_iter()
            .map(|p| self.text_of(p))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn merge_h(doc: &mut Doc, tbl: Node, r: i64, c1: i64, c2: i64) -> Result<(), ToolError> {
    if c2 < c1 {
        return Err(ToolError::invalid_input(format!(
            "end column {c2} is before start column {c1}."
        )));
    }
    let tr = row_at(doc, tbl, r)?;
    if c1 == c2 {
        return Ok(());
    }
    cell_at(doc, tbl, r, c1)?;
    cell_at(doc, tbl, r, c2)?;
    let x = &mut doc.main;
    let cells: Vec<(Node, usize, usize)> = row_cells(x, tr)
        .into_iter()
        .filter(|(_, s, n)| (s + n) as i64 > c1 && (*s as i64) <= c2)
        .collect();
    let Some(&(first, start, _)) = cells.first() else {
        return Ok(());
    };
    let end = cells.last().map_or(start + 1, |(_, s, n)| s + n);
    let mut width = 0i64;
    for (tc, _, _) in &cells {
        width += x
            .wchild(*tc, "tcPr")
            .and_then(|p| x.wchild(p, "tcW"))
            .filter(|w| x.wattr(*w, "type").as_deref() == Some("dxa"))
            .and_then(|w| x.wattr(w, "w"))
            .and_then(|v| v.parse::<i64>().ok())
            .unwrap_or(0);
    }
    for (tc, _, _) in cells.iter().skip(1) {
        move_content(x, *tc, first, false)?;
        x.remove(*tc)?;
    }
    set_tc_prop(
        x,
        first,
        "gridSpan",
        &format!("<w:gridSpan w:val=\"{}\"/>", end - start),
    )?;
    if width > 0 {
        set_tc_prop(
            x,
            first,
            "tcW",
            &format!("<w:tcW w:w=\"{width}\" w:type=\"dxa\"/>"),
        )?;
    }
    Ok(())
}

fn merge_v(doc: &mut Doc, tbl: Node, c: i64, r1: i64, r2: i64) -> Result<(), ToolError> {
    if r2 < r1 {
        return Err(ToolError::invalid_input(format!(
            "end row {r2} is before start row {r1}."
        )));
    }
    let mut cells = Vec::new();
    for r in r1..=r2 {
        cells.push(cell_at(doc, tbl, r, c)?);
    }
    if cells.len() < 2 {
        return Ok(());
    }
    let x = &mut doc.main;
    let first = cells[0];
    set_tc_prop(x, first, "vMerge", "<w:vMerge w:val=\"restart\"/>")?;
    for tc in cells.iter().skip(1) {
        move_content(x, *tc, first, true)?;
        set_tc_prop(x, *tc, "vMerge", "<w:vMerge/>")?;
    }
    Ok(())
}

/// Merge a rectangle of cells into one (their text joined in the first cell).
#[derive(Deserialize, JsonSchema)]
pub struct MergeRect {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// First row (0-based)
    start_row: i64,
    /// First column (0-based)
    start_col: i64,
    /// Last row (included)
    end_row: i64,
    /// Last column (included)
    end_col: i64,
}

pub(super) async fn merge_cells(ctx: Ctx, a: MergeRect) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        // Both ends are rows of the table before anything loops over them (a huge end row
        // would otherwise spin here).
        if a.end_row < a.start_row {
            return Err(ToolError::invalid_input(format!(
                "end row {} is before start row {}.",
                a.end_row, a.start_row
            )));
        }
        row_at(doc, tbl, a.start_row)?;
        row_at(doc, tbl, a.end_row)?;
        for r in a.start_row..=a.end_row {
            merge_h(doc, tbl, r, a.start_col, a.end_col)?;
        }
        merge_v(doc, tbl, a.start_col, a.start_row, a.end_row)?;
        Ok(format!(
            "Cells ({}, {}) to ({}, {}) merged.",
            a.start_row, a.start_col, a.end_row, a.end_col
        ))
    })
    .await
}

/// Merge cells of one row into one (a cell spanning those grid columns).
#[derive(Deserialize, JsonSchema)]
pub struct MergeH {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// The row (0-based)
    row_index: i64,
    /// First column (0-based)
    start_col: i64,
    /// Last column (included)
    end_col: i64,
}

pub(super) async fn merge_horizontal(ctx: Ctx, a: MergeH) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        merge_h(doc, tbl, a.row_index, a.start_col, a.end_col)?;
        Ok(format!(
            "Cells {} to {} of row {} merged.",
            a.start_col, a.end_col, a.row_index
        ))
    })
    .await
}

/// Merge cells of one column into one (vertical merge).
#[derive(Deserialize, JsonSchema)]
pub struct MergeV {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// The column (0-based)
    col_index: i64,
    /// First row (0-based)
    start_row: i64,
    /// Last row (included)
    end_row: i64,
}

pub(super) async fn merge_vertical(ctx: Ctx, a: MergeV) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        merge_v(doc, tbl, a.col_index, a.start_row, a.end_row)?;
        Ok(format!(
            "Cells {} to {} of column {} merged.",
            a.start_row, a.end_row, a.col_index
        ))
    })
    .await
}
