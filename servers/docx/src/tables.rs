//! Tables: borders, shading, header rows, merged cells (horizontal, vertical, rectangles),
//! alignment, column and table widths, auto-fit, cell text formatting and padding. Cells
//! are addressed by row and grid column, as python-docx's `table.cell(row, col)`.

mod cells;
mod merge;
mod shading;
mod widths;

use mcp_shared::{Effect, ToolDef, ToolError, tool};
use mcp_vendor_office::Xml;
use xot::Node;

use crate::doc::Doc;
use crate::xml::{RPR_ORDER, RunFormat, TBLPR_ORDER, TCPR_ORDER, WordXml, color, esc, sort_props};
use cells::{alignment_all, cell_alignment, cell_padding, format_cell_text};
use merge::{merge_cells, merge_horizontal, merge_vertical};
use shading::{alternating_rows, cell_shading, format_table, highlight_header};
use widths::{auto_fit, column_width, column_widths, table_width};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("tables");
    vec![
        t(tool(
            "format_table",
            "Format table",
            Effect::IdempotentWrite,
            format_table,
        )),
        t(tool(
            "set_table_cell_shading",
            "Set table cell shading",
            Effect::IdempotentWrite,
            cell_shading,
        )),
        t(tool(
            "apply_table_alternating_rows",
            "Apply alternating row colours",
            Effect::IdempotentWrite,
            alternating_rows,
        )),
        t(tool(
            "highlight_table_header",
            "Highlight table header",
            Effect::IdempotentWrite,
            highlight_header,
        )),
        t(tool(
            "merge_table_cells",
            "Merge table cells",
            Effect::Destructive,
            merge_cells,
        )),
        t(tool(
            "merge_table_cells_horizontal",
            "Merge cells horizontally",
            Effect::Destructive,
            merge_horizontal,
        )),
        t(tool(
            "merge_table_cells_vertical",
            "Merge cells vertically",
            Effect::Destructive,
            merge_vertical,
        )),
        t(tool(
            "set_table_cell_alignment",
            "Set cell alignment",
            Effect::IdempotentWrite,
            cell_alignment,
        )),
        t(tool(
            "set_table_alignment_all",
            "Set alignment of all cells",
            Effect::IdempotentWrite,
            alignment_all,
        )),
        t(tool(
            "set_table_column_width",
            "Set column width",
            Effect::IdempotentWrite,
            column_width,
        )),
        t(tool(
            "set_table_column_widths",
            "Set column widths",
            Effect::IdempotentWrite,
            column_widths,
        )),
        t(tool(
            "set_table_width",
            "Set table width",
            Effect::IdempotentWrite,
            table_width,
        )),
        t(tool(
            "auto_fit_table_columns",
            "Auto-fit table columns",
            Effect::IdempotentWrite,
            auto_fit,
        )),
        t(tool(
            "format_table_cell_text",
            "Format cell text",
            Effect::IdempotentWrite,
            format_cell_text,
        )),
        t(tool(
            "set_table_cell_padding",
            "Set cell padding",
            Effect::IdempotentWrite,
            cell_padding,
        )),
    ]
}

/// The text width of the document's last section in twentieths of a point (page width less
/// margins; 9360, 6.5 inches, when it does not say).
pub fn text_width(doc: &Doc) -> i64 {
    let x = &doc.main;
    let Ok(body) = doc.body() else { return 9360 };
    let Some(sect) = x.wchild(body, "sectPr") else {
        return 9360;
    };
    let num = |n: Option<Node>, a: &str| {
        n.and_then(|n| x.wattr(n, a))
            .and_then(|v| v.parse::<i64>().ok())
    };
    let pg = x.wchild(sect, "pgSz");
    let mar = x.wchild(sect, "pgMar");
    match (num(pg, "w"), num(mar, "left"), num(mar, "right")) {
        (Some(w), Some(l), Some(r)) if w > l + r => w - l - r,
        _ => 9360,
    }
}

/// The cells of a row with their first grid column and span.
fn row_cells(x: &Xml, tr: Node) -> Vec<(Node, usize, usize)> {
    let mut col = x
        .wchild(tr, "trPr")
        .and_then(|p| x.wchild(p, "gridBefore"))
        .and_then(|g| x.wattr(g, "val"))
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(0);
    let mut out = Vec::new();
    for tc in x.wchildren(tr, "tc") {
        let span = x
            .wchild(tc, "tcPr")
            .and_then(|p| x.wchild(p, "gridSpan"))
            .and_then(|g| x.wattr(g, "val"))
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(1)
            .max(1);
        out.push((tc, col, span));
        col += span;
    }
    out
}

fn rows(x: &Xml, tbl: Node) -> Vec<Node> {
    x.wchildren(tbl, "tr")
}

fn row_at(doc: &Doc, tbl: Node, r: i64) -> Result<Node, ToolError> {
    let rs = rows(&doc.main, tbl);
    usize::try_from(r)
        .ok()
        .and_then(|i| rs.get(i).copied())
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "row index {r} is out of range: the table has {} rows.",
                rs.len()
            ))
        })
}

fn cell_at(doc: &Doc, tbl: Node, r: i64, c: i64) -> Result<Node, ToolError> {
    let tr = row_at(doc, tbl, r)?;
    let cells = row_cells(&doc.main, tr);
    let cols = cells.last().map_or(0, |(_, s, n)| s + n);
    usize::try_from(c)
        .ok()
        .and_then(|c| {
            cells
                .iter()
                .find(|(_, s, n)| c >= *s && c < s + n)
                .map(|(tc, _, _)| *tc)
        })
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "column index {c} is out of range: row {r} has {cols} columns."
            ))
        })
}

fn tcpr(x: &mut Xml, tc: Node) -> Result<Node, ToolError> {
    x.ensure_wchild(tc, "tcPr", true)
}

fn set_tc_prop(x: &mut Xml, tc: Node, local: &str, frag: &str) -> Result<(), ToolError> {
    let p = tcpr(x, tc)?;
    x.set_prop(p, local, frag)?;
    sort_props(x, p, TCPR_ORDER)
}

fn tblpr(x: &mut Xml, tbl: Node) -> Result<Node, ToolError> {
    x.ensure_wchild(tbl, "tblPr", true)
}

fn set_tbl_prop(x: &mut Xml, tbl: Node, local: &str, frag: &str) -> Result<(), ToolError> {
    let p = tblpr(x, tbl)?;
    x.set_prop(p, local, frag)?;
    sort_props(x, p, TBLPR_ORDER)
}

fn shade(x: &mut Xml, tc: Node, fill: &str, pattern: &str) -> Result<(), ToolError> {
    let fill = color(fill)?;
    set_tc_prop(
        x,
        tc,
        "shd",
        &format!(
            "<w:shd w:val=\"{}\" w:color=\"auto\" w:fill=\"{fill}\"/>",
            esc(pattern)
        ),
    )
}

/// Apply run formatting to every run of a cell.
fn format_runs(x: &mut Xml, tc: Node, fmt: &RunFormat) -> Result<(), ToolError> {
    for r in x.wdesc(tc, "r") {
        let rpr = x.ensure_wchild(r, "rPr", true)?;
        fmt.apply(x, rpr)?;
        sort_props(x, rpr, RPR_ORDER)?;
    }
    Ok(())
}
