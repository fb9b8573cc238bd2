//! Table formatting and fills: borders, header rows, cell shading, alternating rows, header highlight.

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;
use xot::Node;

use super::{cell_at, format_runs, row_cells, rows, set_tbl_prop, shade};
use crate::doc::{Save, with_doc};
use crate::xml::{RunFormat, WordXml};

/// Format a table: header row, borders on every edge, cell shading.
#[derive(Deserialize, JsonSchema)]
pub struct FormatTable {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index among the body's tables (0-based)
    table_index: i64,
    /// Make the first row a header row (repeated on each page, bold)
    has_header_row: Option<bool>,
    /// Borders: single, double, dashed, dotted, thick or none
    border_style: Option<String>,
    /// Cell fills as hex RGB: one colour per row (repeated), or a list of lists (per row, per cell)
    shading: Option<Vec<Value>>,
}

pub(super) async fn format_table(ctx: Ctx, a: FormatTable) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        let x = &mut doc.main;
        if let Some(style) = a.border_style.as_deref().filter(|s| !s.trim().is_empty()) {
            let (val, sz) = match style.trim().to_ascii_lowercase().as_str() {
                "single" | "solid" => ("single", 4),
                "double" => ("double", 4),
                "dashed" => ("dashed", 4),
                "dotted" => ("dotted", 4),
                "thick" => ("single", 12),
                "none" => ("nil", 0),
                other => {
                    return Err(ToolError::invalid_input(format!(
                        "border_style `{other}` is not single, double, dashed, dotted, thick or none."
                    )));
                }
            };
            let mut b = String::from("<w:tblBorders>");
            for edge in ["top", "left", "bottom", "right", "insideH", "insideV"] {
                b.push_str(&format!("<w:{edge} w:val=\"{val}\" w:sz=\"{sz}\" w:space=\"0\" w:color=\"auto\"/>"));
            }
            b.push_str("</w:tblBorders>");
            set_tbl_prop(x, tbl, "tblBorders", &b)?;
        }
        let trs = rows(x, tbl);
        if let Some(true) = a.has_header_row
            && let Some(tr) = trs.first()
        {
            {
                let trpr = x.ensure_wchild(*tr, "trPr", true)?;
                x.set_prop(trpr, "tblHeader", "<w:tblHeader/>")?;
                let cells: Vec<Node> = row_cells(x, *tr).into_iter().map(|c| c.0).collect();
                let bold = RunFormat { bold: Some(true), ..RunFormat::default() };
                for tc in cells {
                    format_runs(x, tc, &bold)?;
                }
            }
        }
        if let Some(sh) = a.shading.filter(|s| !s.is_empty()) {
            for (i, tr) in trs.iter().enumerate() {
                let cells: Vec<Node> = row_cells(x, *tr).into_iter().map(|c| c.0).collect();
                let spec = sh.get(i % sh.len()).cloned().unwrap_or(Value::Null);
                for (j, tc) in cells.into_iter().enumerate() {
                    let fill = match &spec {
                        Value::String(s) => Some(s.clone()),
                        Value::Array(per) => per.get(j).and_then(Value::as_str).map(str::to_owned),
                        _ => None,
                    };
                    if let Some(f) = fill.filter(|f| !f.is_empty()) {
                        shade(x, tc, &f, "clear")?;
                    }
                }
            }
        }
        Ok(format!("Table at index {} formatted.", a.table_index))
    })
    .await
}

/// Fill one table cell with a colour.
#[derive(Deserialize, JsonSchema)]
pub struct CellShading {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// The row (0-based)
    row_index: i64,
    /// The column (0-based)
    col_index: i64,
    /// Fill colour as hex RGB (`FFFF00`)
    fill_color: String,
    /// Shading pattern (`clear` for a plain fill, `solid`, `pct10`...)
    #[serde(default = "clear")]
    pattern: String,
}

fn clear() -> String {
    "clear".into()
}

pub(super) async fn cell_shading(ctx: Ctx, a: CellShading) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        let tc = cell_at(doc, tbl, a.row_index, a.col_index)?;
        shade(&mut doc.main, tc, &a.fill_color, &a.pattern)?;
        Ok(format!(
            "Cell ({}, {}) shaded {}.",
            a.row_index, a.col_index, a.fill_color
        ))
    })
    .await
}

/// Fill a table's rows with two alternating colours.
#[derive(Deserialize, JsonSchema)]
pub struct Alternating {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// Fill of rows 0, 2, 4...
    #[serde(default = "white")]
    color1: String,
    /// Fill of rows 1, 3, 5...
    #[serde(default = "light_gray")]
    color2: String,
}

fn white() -> String {
    "FFFFFF".into()
}
fn light_gray() -> String {
    "F2F2F2".into()
}

pub(super) async fn alternating_rows(ctx: Ctx, a: Alternating) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        let x = &mut doc.main;
        for (i, tr) in rows(x, tbl).into_iter().enumerate() {
            let c = if i % 2 == 0 { &a.color1 } else { &a.color2 };
            for (tc, _, _) in row_cells(x, tr) {
                shade(x, tc, c, "clear")?;
            }
        }
        Ok(format!(
            "Alternating row colours applied to table {}.",
            a.table_index
        ))
    })
    .await
}

/// Highlight a table's first row: fill, bold text in a colour.
#[derive(Deserialize, JsonSchema)]
pub struct Header {
    /// The document, relative to the workspace
    filename: String,
    /// The table's index (0-based)
    table_index: i64,
    /// Fill of the header row
    #[serde(default = "blue")]
    header_color: String,
    /// Text colour of the header row
    #[serde(default = "white")]
    text_color: String,
}

fn blue() -> String {
    "4472C4".into()
}

pub(super) async fn highlight_header(ctx: Ctx, a: Header) -> Result<String, ToolError> {
    let fmt = RunFormat {
        bold: Some(true),
        color: Some(a.text_color.clone()),
        ..RunFormat::default()
    };
    fmt.props()?;
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
        let x = &mut doc.main;
        let tr = rows(x, tbl)
            .into_iter()
            .next()
            .ok_or_else(|| ToolError::invalid_input("the table has no rows."))?;
        for (tc, _, _) in row_cells(x, tr) {
            shade(x, tc, &a.header_color, "clear")?;
            format_runs(x, tc, &fmt)?;
        }
        Ok(format!(
            "Header row of table {} highlighted.",
            a.table_index
        ))
    })
    .await
}
