//! Tables (`a:tbl` in a graphic frame), auto shapes and connectors.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use mcp_vendor_office::Xml;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use xot::Node;

use crate::deck::{emu, emu_size, hex, shape_at, sort_children, sp_tree, xfrm};
use crate::store::Server;
use crate::text::{self, Fmt, first};
use crate::x::{self, At, kid, kids};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("add_table", "Add table", Effect::Write, add_table).toolset("structure"),
        tool(
            "format_table_cell",
            "Format table cell",
            Effect::IdempotentWrite,
            format_table_cell,
        )
        .toolset("structure"),
        tool("add_shape", "Add shape", Effect::Write, add_shape).toolset("structure"),
        tool(
            "add_connector",
            "Add connector",
            Effect::Write,
            add_connector,
        )
        .toolset("structure"),
    ]
}

const TC_PR_ORDER: &[&str] = &[
    "lnL",
    "lnR",
    "lnT",
    "lnB",
    "lnTlToBr",
    "lnBlToTr",
    "cell3D",
    "noFill",
    "solidFill",
    "gradFill",
    "blipFill",
    "pattFill",
    "grpFill",
    "headers",
    "extLst",
];

/// Most rows and columns of a table.
const MAX_CELLS: i64 = 10_000;

/// Add a table of rows x cols at left/top/width/height (inches), filled from `data` (rows
/// of cell texts; missing cells stay empty). Returns its shape index.
#[derive(Deserialize, JsonSchema)]
pub struct AddTable {
    /// From 0
    slide_index: i64,
    rows: i64,
    cols: i64,
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    data: Option<Vec<Vec<Value>>>,
    /// Bold first row on header_bg_color
    #[serde(default = "crate::content::yes")]
    header_row: bool,
    /// Points
    #[serde(default = "twelve")]
    header_font_size: i64,
    /// Points
    #[serde(default = "ten")]
    body_font_size: i64,
    /// [r, g, b]
    header_bg_color: Option<Vec<i64>>,
    /// [r, g, b]
    body_bg_color: Option<Vec<i64>>,
    /// [r, g, b]
    border_color: Option<Vec<i64>>,
    /// Default: current
    presentation_id: Option<String>,
}

fn twelve() -> i64 {
    12
}
fn ten() -> i64 {
    10
}

/// A JSON value as cell text.
pub fn cell_text(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn solid(h: &str) -> String {
    format!("<a:solidFill><a:srgbClr val=\"{h}\"/></a:solidFill>")
}

async fn add_table(ctx: Ctx, a: AddTable) -> Result<Value, ToolError> {
    if a.rows < 1 || a.cols < 1 || a.rows * a.cols > MAX_CELLS || a.rows > 1000 || a.cols > 100 {
        return Err(ToolError::invalid_input(format!(
            "a table has 1 to 1000 rows and 1 to 100 columns, at most {MAX_CELLS} cells; got {} x {}",
            a.rows, a.cols
        )));
    }
    let pos = (
        emu("left", a.left)?,
        emu("top", a.top)?,
        emu_size("width", a.width)?,
        emu_size("height", a.height)?,
    );
    let hbg = a
        .header_bg_color
        .as_deref()
        .map(|c| hex("header_bg_color", c))
        .transpose()?;
    let bbg = a
        .body_bg_color
        .as_deref()
        .map(|c| hex("body_bg_color", c))
        .transpose()?;
    let border = a
        .border_color
        .as_deref()
        .map(|c| hex("border_color", c))
        .transpose()?;
    let (rows, cols) = (a.rows as usize, a.cols as usize);
    let col_w = pos.2 / a.cols;
    let row_h = pos.3 / a.rows;
    let grid: String = (0..cols)
        .map(|_| format!("<a:gridCol w=\"{col_w}\"/>"))
        .collect();
    let mut trs = String::new();
    for r in 0..rows {
        let header = a.header_row && r == 0;
        let fmt = Fmt {
            bold: header.then_some(true),
            size: Some(if header {
                a.header_font_size
            } else {
                a.body_font_size
            }),
            ..Fmt::default()
        };
        let mut tcs = String::new();
        for c in 0..cols {
            let t = a
                .data
                .as_ref()
                .and_then(|d| d.get(r))
                .and_then(|row| row.get(c))
                .map(cell_text)
                .unwrap_or_default();
            let runs = if t.is_empty() {
                String::new()
            } else {
                fmt.run(&t)?
            };
            let end = fmt
                .rpr(None)?
                .replace("<a:rPr", "<a:endParaRPr")
                .replace("</a:rPr>", "</a:endParaRPr>");
            let mut pr = String::new();
            if let Some(b) = &border {
                for side in ["lnL", "lnR", "lnT", "lnB"] {
                    pr.push_str(&format!("<a:{side} w=\"12700\">{}</a:{side}>", solid(b)));
                }
            }
            if let Some(h) = if header { &hbg } else { &bbg } {
                pr.push_str(&solid(h));
            }
            tcs.push_str(&format!(
                "<a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p>{runs}{end}</a:p></a:txBody><a:tcPr>{pr}</a:tcPr></a:tc>"
            ));
        }
        trs.push_str(&format!("<a:tr h=\"{row_h}\">{tcs}</a:tr>"));
    }
    let first_row = if a.header_row { " firstRow=\"1\"" } else { "" };
    let frame = format!(
        "<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id=\"{{id}}\" name=\"Table {{id}}\"/><p:cNvGraphicFramePr><a:graphicFrameLocks noGrp=\"1\"/></p:cNvGraphicFramePr><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x=\"{}\" y=\"{}\"/><a:ext cx=\"{}\" cy=\"{}\"/></p:xfrm><a:graphic><a:graphicData uri=\"http://schemas.openxmlformats.org/drawingml/2006/table\"><a:tbl><a:tblPr{first_row} bandRow=\"1\"><a:tableStyleId>{{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}}</a:tableStyleId></a:tblPr><a:tblGrid>{grid}</a:tblGrid>{trs}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>",
        pos.0, pos.1, pos.2, pos.3
    );
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        let index = deck.add_shape(&slide, &frame)?;
        Ok(json!({
            "message": format!("Added a {rows}x{cols} table to slide {}", a.slide_index),
            "shape_index": index,
            "rows": rows,
            "cols": cols,
        }))
    })
}

/// The cell (row, col) of the table at shape_index.
fn cell(xml: &Xml, frame: Node, row: i64, col: i64) -> Result<Node, ToolError> {
    let tbl = x::path(&xml.xot, frame, &["graphic", "graphicData", "tbl"]).ok_or_else(|| {
        ToolError::invalid_input("this shape is not a table (see get_slide_info)")
    })?;
    let trs: Vec<Node> = kids(&xml.xot, tbl, "tr").collect();
    let tr = usize::try_from(row)
        .ok()
        .and_then(|r| trs.get(r).copied())
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "row {row} is out of range: the table has {} rows",
                trs.len()
            ))
        })?;
    let tcs: Vec<Node> = kids(&xml.xot, tr, "tc").collect();
    usize::try_from(col)
        .ok()
        .and_then(|c| tcs.get(c).copied())
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "col {col} is out of range: the table has {} columns",
                tcs.len()
            ))
        })
}

/// Format one cell of a table: font, colour, fill, alignment. row and col from 0.
#[derive(Deserialize, JsonSchema)]
pub struct FormatCell {
    /// From 0
    slide_index: i64,
    shape_index: i64,
    row: i64,
    col: i64,
    /// Points
    font_size: Option<i64>,
    font_name: Option<String>,
    bold: Option<bool>,
    italic: Option<bool>,
    /// Text [r, g, b]
    color: Option<Vec<i64>>,
    /// Fill [r, g, b]
    bg_color: Option<Vec<i64>>,
    /// left, center, right or justify
    alignment: Option<String>,
    /// top, middle or bottom
    vertical_alignment: Option<String>,
    /// Default: current
    presentation_id: Option<String>,
}

async fn format_table_cell(ctx: Ctx, a: FormatCell) -> Result<Value, ToolError> {
    let fmt = Fmt {
        bold: a.bold,
        italic: a.italic,
        underline: None,
        size: a.font_size,
        font: a.font_name.clone(),
        color: a.color.clone(),
    };
    fmt.check()?;
    let bg = a
        .bg_color
        .as_deref()
        .map(|c| hex("bg_color", c))
        .transpose()?;
    let algn = a
        .alignment
        .as_deref()
        .map(|v| text::algn("alignment", v))
        .transpose()?;
    let anchor = a
        .vertical_alignment
        .as_deref()
        .map(|v| text::anchor("vertical_alignment", v))
        .transpose()?;
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        deck.edit(&slide, |xml| {
            let tree = sp_tree(xml)?;
            let frame = shape_at(&xml.xot, tree, a.shape_index)?;
            let tc = cell(xml, frame, a.row, a.col)?;
            fmt.apply(xml, tc)?;
            if let Some(al) = algn {
                text::set_algn(xml, tc, al)?;
            }
            let tc_pr = match kid(&xml.xot, tc, "tcPr") {
                Some(p) => p,
                None => first(x::insert(xml, At::End(tc), "<a:tcPr/>")?)?,
            };
            if let Some(an) = anchor {
                x::set_attr(&mut xml.xot, tc_pr, "anchor", an);
            }
            if let Some(h) = &bg {
                for f in ["noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill"] {
                    x::remove_kids(&mut xml.xot, tc_pr, f)?;
                }
                x::insert(xml, At::End(tc_pr), &solid(h))?;
                sort_children(&mut xml.xot, tc_pr, TC_PR_ORDER)?;
            }
            Ok(())
        })?;
        Ok(json!({"message": format!("Formatted cell ({}, {}) of table {} on slide {}", a.row, a.col, a.shape_index, a.slide_index)}))
    })
}

/// Shape names and their DrawingML preset geometry.
const SHAPES: &[(&str, &str)] = &[
    ("rectangle", "rect"),
    ("rounded_rectangle", "roundRect"),
    ("oval", "ellipse"),
    ("ellipse", "ellipse"),
    ("circle", "ellipse"),
    ("triangle", "triangle"),
    ("right_triangle", "rtTriangle"),
    ("diamond", "diamond"),
    ("pentagon", "pentagon"),
    ("hexagon", "hexagon"),
    ("octagon", "octagon"),
    ("star", "star5"),
    ("star5", "star5"),
    ("heart", "heart"),
    ("cloud", "cloud"),
    ("arrow", "rightArrow"),
    ("right_arrow", "rightArrow"),
    ("left_arrow", "leftArrow"),
    ("up_arrow", "upArrow"),
    ("down_arrow", "downArrow"),
    ("chevron", "chevron"),
    ("parallelogram", "parallelogram"),
    ("trapezoid", "trapezoid"),
    ("cross", "plus"),
    ("plus", "plus"),
    ("lightning_bolt", "lightningBolt"),
    ("sun", "sun"),
    ("moon", "moon"),
    ("smiley_face", "smileyFace"),
    ("callout", "wedgeRectCallout"),
    ("flowchart_process", "flowChartProcess"),
    ("flowchart_decision", "flowChartDecision"),
    ("flowchart_terminator", "flowChartTerminator"),
    ("flowchart_data", "flowChartInputOutput"),
];

pub fn preset(name: &str) -> Result<&'static str, ToolError> {
    let key = name.trim().to_ascii_lowercase().replace([' ', '-'], "_");
    SHAPES
        .iter()
        .find(|(n, p)| *n == key || p.eq_ignore_ascii_case(&key))
        .map(|(_, p)| *p)
        .ok_or_else(|| {
            let names: Vec<&str> = SHAPES.iter().map(|(n, _)| *n).collect();
            ToolError::invalid_input(format!(
                "shape_type {name:?} is not one of {}",
                names.join(", ")
            ))
        })
}

/// An auto shape (XML with `{id}`).
pub fn shape_xml(
    prst: &str,
    pos: (i64, i64, i64, i64),
    fill: Option<&str>,
    line: Option<&str>,
    line_w: Option<i64>,
    paras: &str,
) -> String {
    let fill = fill.map(solid).unwrap_or_default();
    let ln = match (line, line_w) {
        (None, None) => String::new(),
        (l, w) => format!(
            "<a:ln{}>{}</a:ln>",
            w.map(|w| format!(" w=\"{w}\"")).unwrap_or_default(),
            l.map(solid).unwrap_or_default()
        ),
    };
    let body = if paras.is_empty() {
        "<a:p/>".to_owned()
    } else {
        paras.to_owned()
    };
    format!(
        "<p:sp><p:nvSpPr><p:cNvPr id=\"{{id}}\" name=\"Shape {{id}}\"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr>{}<a:prstGeom prst=\"{prst}\"><a:avLst/></a:prstGeom>{fill}{ln}</p:spPr><p:style><a:lnRef idx=\"1\"><a:schemeClr val=\"accent1\"/></a:lnRef><a:fillRef idx=\"3\"><a:schemeClr val=\"accent1\"/></a:fillRef><a:effectRef idx=\"2\"><a:schemeClr val=\"accent1\"/></a:effectRef><a:fontRef idx=\"minor\"><a:schemeClr val=\"lt1\"/></a:fontRef></p:style><p:txBody><a:bodyPr rtlCol=\"0\" anchor=\"ctr\"/><a:lstStyle/>{body}</p:txBody></p:sp>",
        xfrm(pos.0, pos.1, pos.2, pos.3)
    )
}

/// Add an auto shape at left/top/width/height (inches), with fill, line and optional
/// centred text.
#[derive(Deserialize, JsonSchema)]
pub struct AddShape {
    /// From 0
    slide_index: i64,
    /// e.g. rectangle, rounded_rectangle, oval, triangle, diamond, star, heart, cloud,
    /// right_arrow, chevron, callout, flowchart_process
    shape_type: String,
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    /// [r, g, b]
    fill_color: Option<Vec<i64>>,
    /// [r, g, b]
    line_color: Option<Vec<i64>>,
    /// Points
    line_width: Option<f64>,
    text: Option<String>,
    /// Points
    font_size: Option<i64>,
    /// [r, g, b]
    font_color: Option<Vec<i64>>,
    /// Default: current
    presentation_id: Option<String>,
}

pub fn line_emu(pt: f64) -> Result<i64, ToolError> {
    if !pt.is_finite() || !(0.0..=1584.0).contains(&pt) {
        return Err(ToolError::invalid_input(format!(
            "line_width {pt} is out of range: give points from 0 to 1584"
        )));
    }
    Ok((pt * 12_700.0).round() as i64)
}

async fn add_shape(ctx: Ctx, a: AddShape) -> Result<Value, ToolError> {
    let prst = preset(&a.shape_type)?;
    let pos = (
        emu("left", a.left)?,
        emu("top", a.top)?,
        emu_size("width", a.width)?,
        emu_size("height", a.height)?,
    );
    let fill = a
        .fill_color
        .as_deref()
        .map(|c| hex("fill_color", c))
        .transpose()?;
    let line = a
        .line_color
        .as_deref()
        .map(|c| hex("line_color", c))
        .transpose()?;
    let lw = a.line_width.map(line_emu).transpose()?;
    let fmt = Fmt {
        size: a.font_size,
        color: a.font_color.clone(),
        ..Fmt::default()
    };
    let paras = match &a.text {
        Some(t) => text::paras_of_text(t, &fmt, Some("ctr"))?,
        None => String::new(),
    };
    let xml = shape_xml(prst, pos, fill.as_deref(), line.as_deref(), lw, &paras);
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        let index = deck.add_shape(&slide, &xml)?;
        Ok(json!({"message": format!("Added {} shape to slide {}", a.shape_type, a.slide_index), "shape_index": index, "preset": prst}))
    })
}

/// Add a connector line from (start_x, start_y) to (end_x, end_y), in inches.
#[derive(Deserialize, JsonSchema)]
pub struct AddConnector {
    /// From 0
    slide_index: i64,
    /// straight, elbow or curved
    connector_type: String,
    start_x: f64,
    start_y: f64,
    end_x: f64,
    end_y: f64,
    /// Points
    #[serde(default = "one_pt")]
    line_width: f64,
    /// [r, g, b]
    color: Option<Vec<i64>>,
    /// Default: current
    presentation_id: Option<String>,
}

fn one_pt() -> f64 {
    1.0
}

async fn add_connector(ctx: Ctx, a: AddConnector) -> Result<Value, ToolError> {
    let prst = match a.connector_type.to_ascii_lowercase().as_str() {
        "straight" | "line" => "straightConnector1",
        "elbow" | "bent" => "bentConnector3",
        "curved" | "curve" => "curvedConnector3",
        other => {
            return Err(ToolError::invalid_input(format!(
                "connector_type {other:?}: use straight, elbow or curved"
            )));
        }
    };
    let (x1, y1, x2, y2) = (
        emu("start_x", a.start_x)?,
        emu("start_y", a.start_y)?,
        emu("end_x", a.end_x)?,
        emu("end_y", a.end_y)?,
    );
    let w = line_emu(a.line_width)?;
    let color = match &a.color {
        Some(c) => solid(&hex("color", c)?),
        None => String::new(),
    };
    let mut flips = String::new();
    if x2 < x1 {
        flips.push_str(" flipH=\"1\"");
    }
    if y2 < y1 {
        flips.push_str(" flipV=\"1\"");
    }
    let xml = format!(
        "<p:cxnSp><p:nvCxnSpPr><p:cNvPr id=\"{{id}}\" name=\"Connector {{id}}\"/><p:cNvCxnSpPr/><p:nvPr/></p:nvCxnSpPr><p:spPr><a:xfrm{flips}><a:off x=\"{}\" y=\"{}\"/><a:ext cx=\"{}\" cy=\"{}\"/></a:xfrm><a:prstGeom prst=\"{prst}\"><a:avLst/></a:prstGeom><a:ln w=\"{w}\">{color}</a:ln></p:spPr><p:style><a:lnRef idx=\"1\"><a:schemeClr val=\"accent1\"/></a:lnRef><a:fillRef idx=\"0\"><a:schemeClr val=\"accent1\"/></a:fillRef><a:effectRef idx=\"0\"><a:schemeClr val=\"accent1\"/></a:effectRef><a:fontRef idx=\"minor\"><a:schemeClr val=\"tx1\"/></a:fontRef></p:style></p:cxnSp>",
        x1.min(x2),
        y1.min(y2),
        (x2 - x1).abs(),
        (y2 - y1).abs()
    );
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        let index = deck.add_shape(&slide, &xml)?;
        Ok(json!({"message": format!("Added {} connector to slide {}", a.connector_type, a.slide_index), "shape_index": index}))
    })
}
