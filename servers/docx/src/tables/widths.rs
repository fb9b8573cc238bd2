//! Column and table widths, and auto-fit layout.

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use xot::Node;

use super::{row_cells, rows, set_tbl_prop, set_tc_prop};
use crate::doc::{Doc, Save, with_doc};
use crate::xml::WordXml;

/// `(value, type)` of a width for `w:tcW`/`w:tblW`.
pub(super) fn width_of(width: f64, unit: &str) -> Result<(i64, &'static str), ToolError> {
    if !(0.0..=100_000.0).contains(&width) {
        return Err(ToolError::invalid_input(format!(
            "width {width} is out of range."
        )));
    }
    Ok(match unit.trim().to_ascii_lowercase().as_str() {
        "points" | "pt" | "point" => ((width * 20.0).round() as i64, "dxa"),
        "inches" | "in" | "inch" => ((width * 1440.0).round() as i64, "dxa"),
        "cm" => ((width * 1440.0 / 2.54).round() as i64, "dxa"),
        "dxa" | "twips" => (width.round() as i64, "dxa"),
        "percent" | "pct" | "%" => ((width * 50.0).round() as i64, "pct"),
        "auto" => (0, "auto"),
        other => {
            return Err(ToolError::invalid_input(format!(
                "width_type `{other}` is not points, inches, cm, dxa, percent or auto."
            )));
        }
    })
}

fn set_col_width(
    doc: &mut Doc,
    tbl: Node,
    col: usize,
    width: f64,
    unit: &str,
) -> Result<(), ToolError> {
    let (w, ty) = width_of(width, unit)?;
    let x = &mut doc.main;
    let ncols = x
        .wchild(tbl, "tblGrid")
        .map(|g| x.wchildren(g, "gridCol").len())
        .unwrap_or(0);
    if col >= ncols {
        return Err(ToolError::invalid_input(format!(
            "column index {col} is out of range: the table has {ncols} columns."
        )));
    }
    if ty == "dxa"
        && let Some(g) = x
            .wchild(tbl, "tblGrid")
            .and_then(|g| x.wchildren(g, "gridCol").get(col).copied())
    {
        x.set_wattr(g, "w", &w.to_string());
    }
    for tr in rows(x, tbl) {
        for (tc, s, n) in row_cells(x, tr) {
            if s == col && n == 1 {
                set_tc_prop(
                    x,
                    tc,
                    "tcW",
                    &format!("<w:tcW w:w=\"{w}\" w:type=\"{ty}\"/>"),
                )?;
            }
        }
    }
    // A fixed layout makes Word keep the widths.
    set_tbl_prop(x, tbl, "tblLayout", "<w:tblLayout w:type=\"fixed\"/>")
}

/// Set the width of one column (its grid column and every cell in it).
#[derive(Deserialize, JsonSchema)]
pub struct ColWidth {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// The column (0-based)
    col_index: i64,
    /// The width, in `width_type` units
    width: f64,
    /// points, inches, cm, dxa (twentieths of a point), percent or auto
    #[serde(default = "points")]
    width_type: String,
}

pub(super) fn points() -> String {
    "points".into()
}

pub(super) async fn column_width(ctx: Ctx, a: ColWidth) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        let col = usize::try_from(a.col_index)
            .map_err(|_| ToolError::invalid_input("col_index is negative."))?;
        set_col_width(doc, tbl, col, a.width, &a.width_type)?;
        Ok(format!(
            "Column {} of table {} set to {} {}.",
            a.col_index, a.table_index, a.width, a.width_type
        ))
    })
    .await
}

/// Set the widths of a table's columns, from the first.
#[derive(Deserialize, JsonSchema)]
pub struct ColWidths {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// The widths of the first columns, in order
    widths: Vec<f64>,
    /// points, inches, cm, dxa, percent or auto
    #[serde(default = "points")]
    width_type: String,
}

pub(super) async fn column_widths(ctx: Ctx, a: ColWidths) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        for (i, w) in a.widths.iter().enumerate() {
            set_col_width(doc, tbl, i, *w, &a.width_type)?;
        }
        Ok(format!(
            "{} column widths of table {} set.",
            a.widths.len(),
            a.table_index
        ))
    })
    .await
}

/// Set the overall width of a table.
#[derive(Deserialize, JsonSchema)]
pub struct TableWidth {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// The width, in `width_type` units
    width: f64,
    /// points, inches, cm, dxa, percent or auto
    #[serde(default = "points")]
    width_type: String,
}

pub(super) async fn table_width(ctx: Ctx, a: TableWidth) -> Result<String, ToolError> {
    let (w, ty) = width_of(a.width, &a.width_type)?;
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        set_tbl_prop(
            &mut doc.main,
            tbl,
            "tblW",
            &format!("<w:tblW w:w=\"{w}\" w:type=\"{ty}\"/>"),
        )?;
        Ok(format!(
            "Width of table {} set to {} {}.",
            a.table_index, a.width, a.width_type
        ))
    })
    .await
}

/// Let a table's columns fit their content: auto-fit layout, automatic table and cell widths.
#[derive(Deserialize, JsonSchema)]
pub struct TableOnly {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
}

pub(super) async fn auto_fit(ctx: Ctx, a: TableOnly) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        let x = &mut doc.main;
        set_tbl_prop(x, tbl, "tblLayout", "<w:tblLayout w:type=\"autofit\"/>")?;
        set_tbl_prop(x, tbl, "tblW", "<w:tblW w:w=\"0\" w:type=\"auto\"/>")?;
        for tc in x.wdesc(tbl, "tc") {
            set_tc_prop(x, tc, "tcW", "<w:tcW w:w=\"0\" w:type=\"auto\"/>")?;
        }
        Ok(format!(
            "Table {} set to auto-fit its columns.",
            a.table_index
        ))
    })
    .await
}
