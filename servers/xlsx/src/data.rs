//! Cells and ranges: read and write data, formulas (checked, stored, never computed), copy and
//! delete ranges, check a range, describe data validation.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use umya_spreadsheet::{CellRawValue, EnumTrait, Spreadsheet, Worksheet};

use crate::book::{
    self, Cell, MAX_COL, MAX_ROW, Range, check_sheet_name, has_sheet, parse_cell, parse_range,
    range_of, sheet, sheet_mut, used_range,
};
use crate::formula;

/// Most cells one read returns.
pub const MAX_READ_CELLS: u64 = 10_000;
/// Most cells one write or copy changes.
const MAX_WRITE_CELLS: u64 = 1_000_000;
/// Rows of a preview.
const PREVIEW_ROWS: u32 = 10;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "apply_formula",
            "Apply formula",
            Effect::IdempotentWrite,
            apply_formula,
        )
        .toolset("data"),
        tool(
            "validate_formula_syntax",
            "Validate formula syntax",
            Effect::Read,
            validate_formula_syntax,
        )
        .toolset("data"),
        tool(
            "read_data_from_excel",
            "Read data from Excel",
            Effect::Read,
            read_data_from_excel,
        )
        .toolset("data"),
        tool(
            "write_data_to_excel",
            "Write data to Excel",
            Effect::Destructive,
            write_data_to_excel,
        )
        .toolset("data"),
        tool("copy_range", "Copy range", Effect::Destructive, copy_range).toolset("data"),
        tool(
            "delete_range",
            "Delete range",
            Effect::Destructive,
            delete_range,
        )
        .toolset("data"),
        tool(
            "validate_excel_range",
            "Validate Excel range",
            Effect::Read,
            validate_excel_range,
        )
        .toolset("data"),
        tool(
            "get_data_validation_info",
            "Get data validation info",
            Effect::Read,
            get_data_validation_info,
        )
        .toolset("data"),
    ]
}

/// The names the workbook defines (they may be called like functions: LAMBDAs).
pub fn defined_names(b: &Spreadsheet) -> Vec<String> {
    let mut names: Vec<String> = b
        .get_defined_names()
        .iter()
        .map(|d| d.get_name().to_owned())
        .collect();
    for s in b.get_sheet_collection_no_check() {
        names.extend(
            s.get_defined_names()
                .iter()
                .map(|d| d.get_name().to_owned()),
        );
    }
    names
}

/// Check a formula given as the argument `arg`; its body without `=`.
pub fn checked_formula(arg: &str, f: &str, b: &Spreadsheet) -> Result<String, ToolError> {
    formula::check(f, &defined_names(b)).map_err(|why| {
        ToolError::invalid_input(format!("`{arg}` {f:?} is not a valid formula: {why}."))
    })
}

/// Write a formula to a cell: no cached value is left (the old one would be stale).
fn put_formula(sheet: &mut Worksheet, at: Cell, body: &str) {
    let cell = sheet.get_cell_mut(at.pos());
    cell.set_blank();
    cell.set_formula(body.to_owned());
}

/// Set a cell from a JSON value: text starting with `=` is a formula (checked), numbers and
/// booleans keep their type, null clears the cell, objects and arrays are written as JSON text.
fn put_value(
    sheet: &mut Worksheet,
    at: Cell,
    v: &Value,
    names: &[String],
) -> Result<(), ToolError> {
    match v {
        Value::Null => {
            if sheet.get_cell(at.pos()).is_some() {
                sheet.get_cell_mut(at.pos()).set_blank();
            }
        }
        Value::Bool(x) => {
            sheet.get_cell_mut(at.pos()).set_value_bool(*x);
        }
        Value::Number(n) => {
            let f = n.as_f64().unwrap_or(0.0);
            sheet.get_cell_mut(at.pos()).set_value_number(f);
        }
        Value::String(s) if s.starts_with('=') && s.len() > 1 => {
            let body = formula::check(s, names).map_err(|why| {
                ToolError::invalid_input(format!(
                    "the value for {} {s:?} is not a valid formula: {why}.",
                    at.a1()
                ))
            })?;
            put_formula(sheet, at, &body);
        }
        Value::String(s) => {
            sheet.get_cell_mut(at.pos()).set_value_string(s.clone());
        }
        other => {
            sheet
                .get_cell_mut(at.pos())
                .set_value_string(other.to_string());
        }
    }
    Ok(())
}

/// A cell's value as JSON: numbers, booleans and text with their types; an error value as its
/// text (`#DIV/0!`); an empty cell as null.
pub fn value_of(cell: &umya_spreadsheet::Cell) -> Value {
    match cell.get_raw_value() {
        CellRawValue::Numeric(f) => number(*f),
        CellRawValue::Bool(b) => json!(b),
        CellRawValue::Empty => Value::Null,
        _ => json!(cell.get_value()),
    }
}

pub fn number(f: f64) -> Value {
    if f.fract() == 0.0 && f.abs() < 9.0e15 {
        #[allow(clippy::cast_possible_truncation)]
        let i = f as i64;
        json!(i)
    } else {
        json!(f)
    }
}

/// The data validation rules of a sheet that cover `at`.
fn validation_at(sheet: &Worksheet, at: Cell) -> Option<Value> {
    let list = sheet.get_data_validations()?;
    list.get_data_validation_list()
        .iter()
        .find(|dv| {
            sqref_ranges(&dv.get_sequence_of_references().get_sqref())
                .iter()
                .any(|r| r.contains(at))
        })
        .map(validation_json)
}

fn sqref_ranges(sqref: &str) -> Vec<Range> {
    sqref
        .split_whitespace()
        .filter_map(|r| parse_range("sqref", r).ok().map(|(_, r)| r))
        .collect()
}

fn validation_json(dv: &umya_spreadsheet::DataValidation) -> Value {
    let kind = dv.get_type().get_value_string();
    let mut o = Map::new();
    o.insert("type".into(), json!(kind));
    o.insert(
        "operator".into(),
        json!(dv.get_operator().get_value_string()),
    );
    o.insert("allow_blank".into(), json!(dv.get_allow_blank()));
    let f1 = dv.get_formula1();
    if !f1.is_empty() {
        o.insert("formula1".into(), json!(f1));
        if kind == "list" {
            let items = f1.trim_matches('"');
            if !f1.starts_with('=') && f1.starts_with('"') {
                let values: Vec<&str> = items.split(',').map(str::trim).collect();
                o.insert("allowed_values".into(), json!(values));
            }
        }
    }
    let f2 = dv.get_formula2();
    if !f2.is_empty() {
        o.insert("formula2".into(), json!(f2));
    }
    for (k, v) in [
        ("prompt_title", dv.get_prompt_title()),
        ("prompt", dv.get_prompt()),
        ("error_title", dv.get_error_title()),
        ("error_message", dv.get_error_message()),
    ] {
        if !v.is_empty() {
            o.insert(k.into(), json!(v));
        }
    }
    Value::Object(o)
}

/// Write a formula to one cell, checked first (brackets, quotes, operators, function names,
/// references) and stored, not computed (Excel computes it on opening). Functions reaching
/// outside the workbook (WEBSERVICE, RTD, CALL, DDE) are refused.
#[derive(Deserialize, JsonSchema)]
pub struct ApplyFormula {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
    /// The cell, like B5
    cell: String,
    /// The formula, like =SUM(A1:A10)
    formula: String,
}

async fn apply_formula(ctx: Ctx, a: ApplyFormula) -> Result<String, ToolError> {
    let at = parse_cell("cell", &a.cell)?;
    book::edit(&ctx, a.filepath, move |b| {
        let body = checked_formula("formula", &a.formula, b)?;
        let s = sheet_mut(b, "sheet_name", &a.sheet_name)?;
        put_formula(s, at, &body);
        Ok(format!("Applied formula '={body}' to cell {}", at.a1()))
    })
    .await
}

/// Check a formula without writing it (apply_formula's checks, and that the sheet and cell
/// exist): whether it is valid and why not.
#[derive(Deserialize, JsonSchema)]
pub struct ValidateFormula {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
    /// The cell it would go in, like B5
    cell: String,
    /// The formula, like =SUM(A1:A10)
    formula: String,
}

async fn validate_formula_syntax(ctx: Ctx, a: ValidateFormula) -> Result<String, ToolError> {
    let at = parse_cell("cell", &a.cell)?;
    book::view(&ctx, a.filepath, move |b, _| {
        sheet(b, "sheet_name", &a.sheet_name)?;
        let body = checked_formula("formula", &a.formula, b)?;
        Ok(format!(
            "Formula '={body}' is valid for cell {} of '{}'",
            at.a1(),
            a.sheet_name
        ))
    })
    .await
}

/// Read a range's cells as JSON: `{range, sheet_name, cells: [{address, value, row, column,
/// formula?, validation?}]}`, empty cells left out. A formula's `value` is the one the file
/// cached, else the formula text. At most 10,000 cells (`truncated` says when more).
#[derive(Deserialize, JsonSchema)]
pub struct ReadData {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
    /// The range's first cell
    #[serde(default = "a1")]
    start_cell: String,
    /// The range's last cell (default: the sheet's last used cell)
    end_cell: Option<String>,
    /// Only the first 10 rows
    #[serde(default)]
    preview_only: bool,
}

fn a1() -> String {
    "A1".to_owned()
}

async fn read_data_from_excel(ctx: Ctx, a: ReadData) -> Result<Value, ToolError> {
    let start = parse_cell("start_cell", &a.start_cell)?;
    let end = match a.end_cell.as_deref().filter(|e| !e.trim().is_empty()) {
        Some(e) => Some(parse_cell("end_cell", e)?),
        None => None,
    };
    book::view(&ctx, a.filepath, move |b, _| {
        let s = sheet(b, "sheet_name", &a.sheet_name)?;
        let end = end.unwrap_or_else(|| {
            let used = used_range(s).end;
            Cell {
                col: used.col.max(start.col),
                row: used.row.max(start.row),
            }
        });
        let mut range = book::normalise(start, end);
        if a.preview_only {
            range.end.row = range.end.row.min(range.start.row + PREVIEW_ROWS - 1);
        }
        let mut cells = Vec::new();
        let mut truncated = false;
        let mut present: Vec<&umya_spreadsheet::Cell> = s
            .get_cell_collection()
            .into_iter()
            .filter(|c| {
                let co = c.get_coordinate();
                range.contains(Cell {
                    col: *co.get_col_num(),
                    row: *co.get_row_num(),
                })
            })
            .collect();
        present.sort_by_key(|c| {
            (
                *c.get_coordinate().get_row_num(),
                *c.get_coordinate().get_col_num(),
            )
        });
        for c in present {
            let at = Cell {
                col: *c.get_coordinate().get_col_num(),
                row: *c.get_coordinate().get_row_num(),
            };
            let mut value = value_of(c);
            let formula = c.is_formula().then(|| format!("={}", c.get_formula()));
            if value.is_null() && formula.is_none() {
                continue;
            }
            if cells.len() as u64 >= MAX_READ_CELLS {
                truncated = true;
                break;
            }
            if value.is_null()
                && let Some(f) = &formula
            {
                value = json!(f);
            }
            let mut o = Map::new();
            o.insert("address".into(), json!(at.a1()));
            o.insert("value".into(), value);
            o.insert("row".into(), json!(at.row));
            o.insert("column".into(), json!(at.col));
            if let Some(f) = formula {
                o.insert("formula".into(), json!(f));
            }
            if let Some(v) = validation_at(s, at) {
                o.insert("validation".into(), v);
            }
            cells.push(Value::Object(o));
        }
        let mut out = Map::new();
        out.insert("range".into(), json!(range.a1()));
        out.insert("sheet_name".into(), json!(a.sheet_name));
        out.insert("cells".into(), Value::Array(cells));
        if truncated {
            out.insert("truncated".into(), json!(true));
            out.insert(
                "note".into(),
                json!(format!(
                    "only the first {MAX_READ_CELLS} cells are returned: read a smaller range"
                )),
            );
        }
        Ok(Value::Object(out))
    })
    .await
}

/// Write rows of values from `start_cell` right and down, one inner list per row. Text
/// starting with `=` is a formula (checked as by apply_formula); null clears a cell. Other
/// cells, styles and objects are kept.
#[derive(Deserialize, JsonSchema)]
pub struct WriteData {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet (created when missing)
    sheet_name: String,
    /// The rows: a list of lists of values, like [["Name", "Age"], ["Ada", 36]]
    data: Vec<Vec<Value>>,
    /// Where the first value goes
    #[serde(default = "a1")]
    start_cell: String,
}

async fn write_data_to_excel(ctx: Ctx, a: WriteData) -> Result<String, ToolError> {
    let start = parse_cell("start_cell", &a.start_cell)?;
    if a.data.is_empty() {
        return Err(ToolError::invalid_input(
            "`data` is empty: give a list of rows, each a list of values.",
        ));
    }
    let rows = a.data.len() as u64;
    let cols = a.data.iter().map(Vec::len).max().unwrap_or(0) as u64;
    if u64::from(start.row) + rows - 1 > u64::from(MAX_ROW)
        || u64::from(start.col) + cols.max(1) - 1 > u64::from(MAX_COL)
    {
        return Err(ToolError::invalid_input(format!(
            "`data` of {rows} rows and {cols} columns from {} runs past the sheet's last row or column (XFD1048576).",
            start.a1()
        )));
    }
    if rows * cols > MAX_WRITE_CELLS {
        return Err(ToolError::invalid_input(format!(
            "`data` has {} cells, over the cap of {MAX_WRITE_CELLS} per call.",
            rows * cols
        )));
    }
    book::edit(&ctx, a.filepath, move |b| {
        if !has_sheet(b, &a.sheet_name) {
            check_sheet_name("sheet_name", &a.sheet_name)?;
            b.new_sheet(a.sheet_name.clone())
                .map_err(|e| ToolError::invalid_input(format!("cannot add the sheet: {e}")))?;
        }
        let names = defined_names(b);
        let s = sheet_mut(b, "sheet_name", &a.sheet_name)?;
        for (r, row) in a.data.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                let at = Cell {
                    col: start.col + u32::try_from(c).unwrap_or(0),
                    row: start.row + u32::try_from(r).unwrap_or(0),
                };
                put_value(s, at, v, &names)?;
            }
        }
        Ok(format!("Data written to {}", a.sheet_name))
    })
    .await
}

/// Copy a range's cells (values, formulas, styles) elsewhere on the sheet or to
/// `target_sheet`, replacing the cells there. Relative references shift, as in Excel.
#[derive(Deserialize, JsonSchema)]
pub struct CopyRange {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet to copy from
    sheet_name: String,
    /// The source's first cell
    source_start: String,
    /// The source's last cell
    source_end: String,
    /// Where the first cell goes
    target_start: String,
    /// The sheet to copy to (default: the same sheet)
    target_sheet: Option<String>,
}

async fn copy_range(ctx: Ctx, a: CopyRange) -> Result<String, ToolError> {
    let src = range_of(
        "source_start",
        &a.source_start,
        "source_end",
        Some(&a.source_end),
    )?;
    let to = parse_cell("target_start", &a.target_start)?;
    if to.col + src.cols() - 1 > MAX_COL || to.row + src.rows() - 1 > MAX_ROW {
        return Err(ToolError::invalid_input(
            "the copy would run past the sheet's last row or column (XFD1048576).",
        ));
    }
    if src.cells() > MAX_WRITE_CELLS {
        return Err(ToolError::invalid_input(format!(
            "the source has {} cells, over the cap of {MAX_WRITE_CELLS} per call.",
            src.cells()
        )));
    }
    book::edit(&ctx, a.filepath, move |b| {
        let from = sheet(b, "sheet_name", &a.sheet_name)?;
        let target_name = a
            .target_sheet
            .clone()
            .filter(|t| !t.trim().is_empty())
            .unwrap_or_else(|| a.sheet_name.clone());
        let mut copies = Vec::new();
        for c in from.get_cell_collection() {
            let co = c.get_coordinate();
            let at = Cell {
                col: *co.get_col_num(),
                row: *co.get_row_num(),
            };
            if src.contains(at) {
                let mut n = c.clone();
                n.set_coordinate((
                    to.col + at.col - src.start.col,
                    to.row + at.row - src.start.row,
                ));
                copies.push(n);
            }
        }
        let target = sheet_mut(b, "target_sheet", &target_name)?;
        for row in to.row..to.row + src.rows() {
            for col in to.col..to.col + src.cols() {
                target.remove_cell((col, row));
            }
        }
        let n = copies.len();
        for c in copies {
            target.set_cell(c);
        }
        Ok(format!(
            "Range {} copied to {} on '{}' ({n} cells)",
            src.a1(),
            to.a1(),
            target_name
        ))
    })
    .await
}

/// Delete a range's cells and shift the cells below it up (`shift_direction` "up") or the
/// cells to its right left ("left"), as Excel's Delete Cells does. Formulas elsewhere that
/// point into the moved cells are not rewritten.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteRange {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
    /// The range's first cell
    start_cell: String,
    /// The range's last cell
    end_cell: String,
    /// "up" or "left"
    #[serde(default = "up")]
    shift_direction: String,
}

fn up() -> String {
    "up".to_owned()
}

async fn delete_range(ctx: Ctx, a: DeleteRange) -> Result<String, ToolError> {
    let range = range_of("start_cell", &a.start_cell, "end_cell", Some(&a.end_cell))?;
    let up = match a.shift_direction.trim().to_ascii_lowercase().as_str() {
        "up" => true,
        "left" => false,
        other => {
            return Err(ToolError::invalid_input(format!(
                "`shift_direction` '{other}' is not one of: up, left."
            )));
        }
    };
    book::edit(&ctx, a.filepath, move |b| {
        let s = sheet_mut(b, "sheet_name", &a.sheet_name)?;
        let mut moved: Vec<umya_spreadsheet::Cell> = Vec::new();
        let mut remove: Vec<(u32, u32)> = Vec::new();
        for c in s.get_cell_collection() {
            let co = c.get_coordinate();
            let at = Cell {
                col: *co.get_col_num(),
                row: *co.get_row_num(),
            };
            if range.contains(at) {
                remove.push(at.pos());
            } else if up
                && at.row > range.end.row
                && (range.start.col..=range.end.col).contains(&at.col)
            {
                remove.push(at.pos());
                let mut n = c.clone();
                n.get_coordinate_mut().set_row_num(at.row - range.rows());
                moved.push(n);
            } else if !up
                && at.col > range.end.col
                && (range.start.row..=range.end.row).contains(&at.row)
            {
                remove.push(at.pos());
                let mut n = c.clone();
                n.get_coordinate_mut().set_col_num(at.col - range.cols());
                moved.push(n);
            }
        }
        for p in remove {
            s.remove_cell(p);
        }
        for c in moved {
            s.set_cell(c);
        }
        Ok(format!(
            "Range {} deleted, cells shifted {}",
            range.a1(),
            if up { "up" } else { "left" }
        ))
    })
    .await
}

/// Check that a range is a valid address on the sheet and say what it covers: its size and
/// whether it lies within the sheet's used range.
#[derive(Deserialize, JsonSchema)]
pub struct ValidateRange {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
    /// The range's first cell
    start_cell: String,
    /// The range's last cell (default: the first cell alone)
    end_cell: Option<String>,
}

async fn validate_excel_range(ctx: Ctx, a: ValidateRange) -> Result<String, ToolError> {
    let range = range_of(
        "start_cell",
        &a.start_cell,
        "end_cell",
        a.end_cell.as_deref(),
    )?;
    book::view(&ctx, a.filepath, move |b, _| {
        let s = sheet(b, "sheet_name", &a.sheet_name)?;
        let used = used_range(s);
        let within = used.contains(range.start) && used.contains(range.end);
        Ok(format!(
            "Range {} is valid: {} rows by {} columns ({} cells); the sheet's used range is {}{}",
            range.a1(),
            range.rows(),
            range.cols(),
            range.cells(),
            used.a1(),
            if within {
                ""
            } else {
                "; the range reaches beyond it"
            }
        ))
    })
    .await
}

/// A sheet's data validation rules as JSON: each rule's ranges, type (list, whole, decimal,
/// date, textLength, custom...), operator, formulas, a list's allowed values, messages.
#[derive(Deserialize, JsonSchema)]
pub struct DataValidationInfo {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
}

async fn get_data_validation_info(ctx: Ctx, a: DataValidationInfo) -> Result<Value, ToolError> {
    book::view(&ctx, a.filepath, move |b, _| {
        let s = sheet(b, "sheet_name", &a.sheet_name)?;
        let rules: Vec<Value> = s
            .get_data_validations()
            .map(|l| {
                l.get_data_validation_list()
                    .iter()
                    .map(|dv| {
                        let mut v = validation_json(dv);
                        if let Value::Object(o) = &mut v {
                            o.insert(
                                "range".into(),
                                json!(dv.get_sequence_of_references().get_sqref()),
                            );
                        }
                        v
                    })
                    .collect()
            })
            .unwrap_or_default();
        Ok(json!({"sheet_name": a.sheet_name, "validation_rules": rules}))
    })
    .await
}
