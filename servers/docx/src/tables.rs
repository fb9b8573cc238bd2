//! Tables: borders, shading, header rows, merged cells (horizontal, vertical, rectangles),
//! alignment, column and table widths, auto-fit, cell text formatting and padding. Cells
//! are addressed by row and grid column, as python-docx's `table.cell(row, col)`.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use mcp_vendor_office::Xml;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;
use xot::Node;

use crate::doc::{Doc, Save, with_doc};
use crate::xml::{
    PPR_ORDER, RPR_ORDER, RunFormat, TBLPR_ORDER, TCPR_ORDER, WordXml, color, esc, sort_props,
};

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

async fn format_table(ctx: Ctx, a: FormatTable) -> Result<String, ToolError> {
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

async fn cell_shading(ctx: Ctx, a: CellShading) -> Result<String, ToolError> {
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

async fn alternating_rows(ctx: Ctx, a: Alternating) -> Result<String, ToolError> {
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

async fn highlight_header(ctx: Ctx, a: Header) -> Result<String, ToolError> {
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
    if c1 == c2 {
        return Ok(());
    }
    let tr = row_at(doc, tbl, r)?;
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

async fn merge_cells(ctx: Ctx, a: MergeRect) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let tbl = doc.table(a.table_index)?;
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

async fn merge_horizontal(ctx: Ctx, a: MergeH) -> Result<String, ToolError> {
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

async fn merge_vertical(ctx: Ctx, a: MergeV) -> Result<String, ToolError> {
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

async fn cell_alignment(ctx: Ctx, a: CellAlign) -> Result<String, ToolError> {
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

async fn alignment_all(ctx: Ctx, a: AlignAll) -> Result<String, ToolError> {
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

/// `(value, type)` of a width for `w:tcW`/`w:tblW`.
fn width_of(width: f64, unit: &str) -> Result<(i64, &'static str), ToolError> {
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

fn points() -> String {
    "points".into()
}

async fn column_width(ctx: Ctx, a: ColWidth) -> Result<String, ToolError> {
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

async fn column_widths(ctx: Ctx, a: ColWidths) -> Result<String, ToolError> {
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

async fn table_width(ctx: Ctx, a: TableWidth) -> Result<String, ToolError> {
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

async fn auto_fit(ctx: Ctx, a: TableOnly) -> Result<String, ToolError> {
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

async fn format_cell_text(ctx: Ctx, a: CellText) -> Result<String, ToolError> {
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

async fn cell_padding(ctx: Ctx, a: Padding) -> Result<String, ToolError> {
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
