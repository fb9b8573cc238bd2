//! Formats and merged cells: fonts, fills, borders, number formats, alignment, protection,
//! conditional formats; merge, unmerge and list merged ranges.

use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use umya_spreadsheet::{
    Color, ConditionalFormatValues, ConditionalFormatting, ConditionalFormattingOperatorValues,
    ConditionalFormattingRule, Formula, HorizontalAlignmentValues, PatternValues, Style,
    VerticalAlignmentValues, Worksheet,
};

use crate::book::{self, Range, parse_range, range_of, sheet, sheet_mut};

/// Most cells one format call styles.
const MAX_FORMAT_CELLS: u64 = 1_000_000;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "format_range",
            "Format range",
            Effect::IdempotentWrite,
            format_range,
        )
        .toolset("format"),
        tool(
            "merge_cells",
            "Merge cells",
            Effect::IdempotentWrite,
            merge_cells,
        )
        .toolset("format"),
        tool(
            "unmerge_cells",
            "Unmerge cells",
            Effect::IdempotentWrite,
            unmerge_cells,
        )
        .toolset("format"),
        tool(
            "get_merged_cells",
            "Get merged cells",
            Effect::Read,
            get_merged_cells,
        )
        .toolset("format"),
    ]
}

/// Format a range: font, fill, borders, number format, alignment, wrapping, merging,
/// protection, a conditional format. Only what is given changes.
#[derive(Deserialize, JsonSchema)]
pub struct FormatRange {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
    /// The range's first cell
    start_cell: String,
    /// The range's last cell (default: the first cell alone)
    end_cell: Option<String>,
    /// Bold font
    #[serde(default)]
    bold: bool,
    /// Italic font
    #[serde(default)]
    italic: bool,
    /// Single underline
    #[serde(default)]
    underline: bool,
    /// Font size in points
    font_size: Option<Count>,
    /// Font color, RGB hex like FF0000 (or ARGB)
    font_color: Option<String>,
    /// Fill color, RGB hex like FFFF00
    bg_color: Option<String>,
    /// Border on every side: thin, medium, thick, dashed, dotted, double, hair, none, or
    /// another Excel style (mediumDashed, dashDot...)
    border_style: Option<String>,
    /// Border color, RGB hex (default black)
    border_color: Option<String>,
    /// Number format code, like 0.00, #,##0, 0%, yyyy-mm-dd, "$"#,##0.00
    number_format: Option<String>,
    /// left, center, right, justify, fill, distributed, general; or vertical: top, middle,
    /// bottom
    alignment: Option<String>,
    /// Wrap text in the cells
    #[serde(default)]
    wrap_text: bool,
    /// Also merge the range into one cell
    #[serde(default)]
    merge_cells: bool,
    /// {"locked": bool, "hidden": bool}, effective when the sheet is protected
    protection: Option<Map<String, Value>>,
    /// {"type": "cell_is", "params": {"operator": "greaterThan", "formula": ["100"], "fill":
    /// {"color": "FFC7CE"}, "font": {"color": "9C0006"}}}, or type "expression" with formula
    /// ["$A1>100"]; operators: equal, notEqual, greaterThan, lessThan, greaterThanOrEqual,
    /// lessThanOrEqual, between, notBetween
    conditional_format: Option<Map<String, Value>>,
}

/// `FF0000`, `#ff0000` or `FFFF0000` as ARGB.
fn argb(arg: &str, s: &str) -> Result<String, ToolError> {
    let t = s.trim().trim_start_matches('#').to_ascii_uppercase();
    let ok = t.chars().all(|c| c.is_ascii_hexdigit());
    match t.len() {
        6 if ok => Ok(format!("FF{t}")),
        8 if ok => Ok(t),
        _ => Err(ToolError::invalid_input(format!(
            "`{arg}` '{s}' is not a color: give RGB hex like FF0000 (or ARGB like FFFF0000)."
        ))),
    }
}

const BORDERS: &[&str] = &[
    "none",
    "thin",
    "medium",
    "thick",
    "dashed",
    "dotted",
    "double",
    "hair",
    "mediumDashed",
    "dashDot",
    "mediumDashDot",
    "dashDotDot",
    "mediumDashDotDot",
    "slantDashDot",
];

enum Align {
    H(HorizontalAlignmentValues),
    V(VerticalAlignmentValues),
}

fn alignment(s: &str) -> Result<Align, ToolError> {
    Ok(match s.trim().to_ascii_lowercase().as_str() {
        "left" => Align::H(HorizontalAlignmentValues::Left),
        "center" | "centre" => Align::H(HorizontalAlignmentValues::Center),
        "right" => Align::H(HorizontalAlignmentValues::Right),
        "justify" => Align::H(HorizontalAlignmentValues::Justify),
        "fill" => Align::H(HorizontalAlignmentValues::Fill),
        "distributed" => Align::H(HorizontalAlignmentValues::Distributed),
        "general" => Align::H(HorizontalAlignmentValues::General),
        "centercontinuous" | "center_continuous" => {
            Align::H(HorizontalAlignmentValues::CenterContinuous)
        }
        "top" => Align::V(VerticalAlignmentValues::Top),
        "middle" | "vcenter" => Align::V(VerticalAlignmentValues::Center),
        "bottom" => Align::V(VerticalAlignmentValues::Bottom),
        other => {
            return Err(ToolError::invalid_input(format!(
                "`alignment` '{other}' is not one of: left, center, right, justify, fill, distributed, general, top, middle, bottom."
            )));
        }
    })
}

/// What format_range applies to each cell, checked before the file is read.
struct Plan {
    font_color: Option<String>,
    bg: Option<String>,
    border: Option<(String, String)>,
    align: Option<Align>,
    locked: Option<bool>,
    hidden: Option<bool>,
}

fn apply(style: &mut Style, a: &FormatRange, p: &Plan) {
    if a.bold {
        style.get_font_mut().set_bold(true);
    }
    if a.italic {
        style.get_font_mut().set_italic(true);
    }
    if a.underline {
        style.get_font_mut().set_underline("single");
    }
    if let Some(size) = a.font_size {
        #[allow(clippy::cast_precision_loss)]
        style.get_font_mut().set_size(size.get() as f64);
    }
    if let Some(c) = &p.font_color {
        style.get_font_mut().get_color_mut().set_argb(c.clone());
    }
    if let Some(c) = &p.bg {
        style.set_background_color(c.clone());
    }
    if let Some((kind, color)) = &p.border {
        let b = style.get_borders_mut();
        for side in 0..4 {
            let border = match side {
                0 => b.get_left_mut(),
                1 => b.get_right_mut(),
                2 => b.get_top_mut(),
                _ => b.get_bottom_mut(),
            };
            border.set_border_style(kind.clone());
            border.get_color_mut().set_argb(color.clone());
        }
    }
    if let Some(code) = &a.number_format {
        style.get_number_format_mut().set_format_code(code.clone());
    }
    match &p.align {
        Some(Align::H(h)) => style.get_alignment_mut().set_horizontal(h.clone()),
        Some(Align::V(v)) => style.get_alignment_mut().set_vertical(v.clone()),
        None => {}
    }
    if a.wrap_text {
        style.get_alignment_mut().set_wrap_text(true);
    }
    if let Some(l) = p.locked {
        style.get_protection_mut().set_locked(l);
    }
    if let Some(h) = p.hidden {
        style.get_protection_mut().set_hidden(h);
    }
}

fn bool_field(o: &Map<String, Value>, arg: &str, key: &str) -> Result<Option<bool>, ToolError> {
    match o.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(ToolError::invalid_input(format!(
            "`{arg}.{key}` must be true or false, not {other}."
        ))),
    }
}

/// A color from `{"color": ..}` / `{"start_color": ..}` / `{"fgColor": ..}` or a string.
fn color_field(v: Option<&Value>, arg: &str) -> Result<Option<String>, ToolError> {
    let s = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Object(o)) => ["color", "start_color", "fgColor", "bgColor", "end_color"]
            .iter()
            .find_map(|k| o.get(*k).and_then(Value::as_str))
            .map(str::to_owned)
            .ok_or_else(|| {
                ToolError::invalid_input(format!("`{arg}` needs a \"color\" (RGB hex)."))
            })?,
        Some(other) => {
            return Err(ToolError::invalid_input(format!(
                "`{arg}` must be a color or {{\"color\": ...}}, not {other}."
            )));
        }
    };
    argb(arg, &s).map(Some)
}

fn operator(s: &str) -> Result<ConditionalFormattingOperatorValues, ToolError> {
    use ConditionalFormattingOperatorValues as O;
    Ok(match s {
        "between" => O::Between,
        "notBetween" => O::NotBetween,
        "equal" | "==" | "=" => O::Equal,
        "notEqual" | "!=" | "<>" => O::NotEqual,
        "greaterThan" | ">" => O::GreaterThan,
        "lessThan" | "<" => O::LessThan,
        "greaterThanOrEqual" | ">=" => O::GreaterThanOrEqual,
        "lessThanOrEqual" | "<=" => O::LessThanOrEqual,
        other => {
            return Err(ToolError::invalid_input(format!(
                "`conditional_format.params.operator` '{other}' is not one of: between, notBetween, equal, notEqual, greaterThan, lessThan, greaterThanOrEqual, lessThanOrEqual."
            )));
        }
    })
}

/// Build the conditional format on `range` (formulas checked against the workbook's names).
fn conditional(
    cf: &Map<String, Value>,
    range: Range,
    check: &dyn Fn(&str) -> Result<String, ToolError>,
    priority: i32,
) -> Result<ConditionalFormatting, ToolError> {
    let kind = cf.get("type").and_then(Value::as_str).unwrap_or_default();
    let empty = Map::new();
    let params = cf
        .get("params")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let formulas: Vec<String> = match params.get("formula").or_else(|| cf.get("formula")) {
        Some(Value::Array(a)) => a
            .iter()
            .map(|v| match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect(),
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Number(n)) => vec![n.to_string()],
        _ => Vec::new(),
    };
    if formulas.is_empty() {
        return Err(ToolError::invalid_input(
            "`conditional_format.params.formula` is needed: a list of one formula (two for between).",
        ));
    }
    let mut rule = ConditionalFormattingRule::default();
    match kind {
        "cell_is" | "cellIs" => {
            let op = params
                .get("operator")
                .and_then(Value::as_str)
                .unwrap_or("equal");
            rule.set_type(ConditionalFormatValues::CellIs);
            rule.set_operator(operator(op)?);
        }
        "expression" | "formula" => {
            rule.set_type(ConditionalFormatValues::Expression);
        }
        other => {
            return Err(ToolError::invalid_input(format!(
                "`conditional_format.type` '{other}' is not supported: use cell_is or expression."
            )));
        }
    }
    let mut style = Style::default();
    let fill = color_field(
        params.get("fill").or_else(|| params.get("bg_color")),
        "conditional_format.params.fill",
    )?;
    let font = color_field(
        params.get("font").or_else(|| params.get("font_color")),
        "conditional_format.params.font",
    )?;
    if fill.is_none() && font.is_none() {
        return Err(ToolError::invalid_input(
            "`conditional_format.params` needs a \"fill\" or a \"font\" color to show the matching cells.",
        ));
    }
    if let Some(c) = fill {
        style.set_background_color_with_pattern(c.clone(), c, PatternValues::Solid);
    }
    if let Some(c) = font {
        let mut color = Color::default();
        color.set_argb(c);
        style.get_font_mut().set_color(color);
    }
    rule.set_style(style);
    rule.set_priority(priority);
    let Some(first) = formulas.first() else {
        return Err(ToolError::invalid_input(
            "`conditional_format.params.formula` is empty.",
        ));
    };
    let mut f = Formula::default();
    f.set_string_value(check(first)?);
    rule.set_formula(f);
    if formulas.len() > 1 {
        // umya keeps one formula per rule; `between` needs both bounds in one expression.
        return Err(ToolError::invalid_input(
            "`conditional_format.params.formula`: give one formula (for a between test use an expression such as AND(A1>=1,A1<=9)).",
        ));
    }
    let mut cfm = ConditionalFormatting::default();
    cfm.get_sequence_of_references_mut().set_sqref(range.a1());
    cfm.add_conditional_collection(rule);
    Ok(cfm)
}

async fn format_range(ctx: Ctx, a: FormatRange) -> Result<String, ToolError> {
    let range = range_of(
        "start_cell",
        &a.start_cell,
        "end_cell",
        a.end_cell.as_deref(),
    )?;
    if range.cells() > MAX_FORMAT_CELLS {
        return Err(ToolError::invalid_input(format!(
            "the range {} has {} cells, over the cap of {MAX_FORMAT_CELLS} per call.",
            range.a1(),
            range.cells()
        )));
    }
    let border = match &a.border_style {
        Some(b) => {
            let kind = BORDERS
                .iter()
                .find(|k| k.eq_ignore_ascii_case(b.trim()))
                .ok_or_else(|| {
                    ToolError::invalid_input(format!(
                        "`border_style` '{b}' is not one of: {}.",
                        BORDERS.join(", ")
                    ))
                })?;
            let color = match &a.border_color {
                Some(c) => argb("border_color", c)?,
                None => "FF000000".to_owned(),
            };
            Some(((*kind).to_owned(), color))
        }
        None => None,
    };
    let (locked, hidden) = match &a.protection {
        Some(p) => (
            bool_field(p, "protection", "locked")?,
            bool_field(p, "protection", "hidden")?,
        ),
        None => (None, None),
    };
    let plan = Plan {
        font_color: a
            .font_color
            .as_deref()
            .map(|c| argb("font_color", c))
            .transpose()?,
        bg: a
            .bg_color
            .as_deref()
            .map(|c| argb("bg_color", c))
            .transpose()?,
        border,
        align: a.alignment.as_deref().map(alignment).transpose()?,
        locked,
        hidden,
    };
    let filepath = a.filepath.clone();
    book::edit(&ctx, filepath, move |b| {
        let cf = match &a.conditional_format {
            Some(cf) => {
                let names = crate::data::defined_names(b);
                let check = |f: &str| -> Result<String, ToolError> {
                    crate::formula::check(f, &names).map_err(|why| {
                        ToolError::invalid_input(format!(
                            "`conditional_format.params.formula` {f:?} is not a valid formula: {why}."
                        ))
                    })
                };
                let s = sheet(b, "sheet_name", &a.sheet_name)?;
                let priority = s
                    .get_conditional_formatting_collection()
                    .iter()
                    .flat_map(|c| c.get_conditional_collection().iter().map(|r| *r.get_priority()))
                    .max()
                    .unwrap_or(0)
                    + 1;
                Some(conditional(cf, range, &check, priority)?)
            }
            None => None,
        };
        let s = sheet_mut(b, "sheet_name", &a.sheet_name)?;
        for row in range.start.row..=range.end.row {
            for col in range.start.col..=range.end.col {
                apply(s.get_style_mut((col, row)), &a, &plan);
            }
        }
        if a.merge_cells && range.start != range.end {
            merge(s, range)?;
        }
        if let Some(cf) = cf {
            s.add_conditional_formatting_collection(cf);
        }
        Ok(format!("Range {} formatted", range.a1()))
    })
    .await
}

fn merged(s: &Worksheet) -> Vec<(String, Option<Range>)> {
    s.get_merge_cells()
        .iter()
        .map(|r| {
            let text = r.get_range();
            let parsed = parse_range("merge", &text).ok().map(|(_, r)| r);
            (text, parsed)
        })
        .collect()
}

fn merge(s: &mut Worksheet, range: Range) -> Result<(), ToolError> {
    for (text, r) in merged(s) {
        match r {
            Some(r) if r == range => return Ok(()),
            Some(r) if r.overlaps(range) => {
                return Err(ToolError::invalid_input(format!(
                    "{} overlaps the merged range {text}: unmerge it first.",
                    range.a1()
                )));
            }
            _ => {}
        }
    }
    s.add_merge_cells(range.a1());
    Ok(())
}

/// Merge a range into one cell (the top-left cell's value is what shows). Merging a range
/// that is merged already changes nothing; one that overlaps another merged range is refused.
#[derive(Deserialize, JsonSchema)]
pub struct MergeCells {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
    /// The range's first cell
    start_cell: String,
    /// The range's last cell
    end_cell: String,
}

async fn merge_cells(ctx: Ctx, a: MergeCells) -> Result<String, ToolError> {
    let range = range_of("start_cell", &a.start_cell, "end_cell", Some(&a.end_cell))?;
    if range.start == range.end {
        return Err(ToolError::invalid_input(
            "a merge needs at least two cells: give an end_cell beyond start_cell.",
        ));
    }
    book::edit(&ctx, a.filepath, move |b| {
        let s = sheet_mut(b, "sheet_name", &a.sheet_name)?;
        merge(s, range)?;
        Ok(format!(
            "Range '{}' merged in sheet '{}'",
            range.a1(),
            a.sheet_name
        ))
    })
    .await
}

/// Unmerge a merged range (given exactly as it was merged).
#[derive(Deserialize, JsonSchema)]
pub struct UnmergeCells {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
    /// The merged range's first cell
    start_cell: String,
    /// The merged range's last cell
    end_cell: String,
}

async fn unmerge_cells(ctx: Ctx, a: UnmergeCells) -> Result<String, ToolError> {
    let range = range_of("start_cell", &a.start_cell, "end_cell", Some(&a.end_cell))?;
    book::edit(&ctx, a.filepath, move |b| {
        let s = sheet_mut(b, "sheet_name", &a.sheet_name)?;
        let list = merged(s);
        let Some(at) = list.iter().position(|(_, r)| *r == Some(range)) else {
            let all: Vec<&str> = list.iter().map(|(t, _)| t.as_str()).collect();
            return Err(ToolError::invalid_input(format!(
                "{} is not a merged range of '{}'; its merged ranges are: {}.",
                range.a1(),
                a.sheet_name,
                if all.is_empty() {
                    "none".to_owned()
                } else {
                    all.join(", ")
                }
            )));
        };
        s.get_merge_cells_mut().remove(at);
        Ok(format!(
            "Range '{}' unmerged in sheet '{}'",
            range.a1(),
            a.sheet_name
        ))
    })
    .await
}

/// The merged ranges of a sheet, as a JSON list of A1 ranges (`["A1:C1", "B3:B6"]`).
#[derive(Deserialize, JsonSchema)]
pub struct GetMergedCells {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
}

async fn get_merged_cells(ctx: Ctx, a: GetMergedCells) -> Result<Value, ToolError> {
    book::view(&ctx, a.filepath, move |b, _| {
        let s = sheet(b, "sheet_name", &a.sheet_name)?;
        let list: Vec<Value> = merged(s).into_iter().map(|(t, _)| json!(t)).collect();
        Ok(Value::Array(list))
    })
    .await
}
