//! Cell values (`spreadsheets.values`): read a range (as rows or as a table with headers),
//! write one cell or a range, several ranges at once, append rows, clear a range.

use mcp_shared::json::{enum_str, pick};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::a1::{self, A1, col_index, col_letters};
use crate::api::{
    CellValue, MajorDimension, ValueInputOption, ValueRenderOption, parse_range, req, rows_json,
    sheet_title, spreadsheet_path, values_path,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_sheets_write_to_cell",
            "Write to cell",
            Effect::IdempotentWrite,
            write_to_cell,
        )
        .toolset("values")
        .output::<WrittenCell>(),
        tool(
            "google_sheets_read_range",
            "Read range",
            Effect::Read,
            read_range,
        )
        .toolset("values"),
        tool(
            "google_sheets_read_table",
            "Read range as table",
            Effect::Read,
            read_table,
        )
        .toolset("values"),
        tool(
            "google_sheets_update_values",
            "Update values",
            Effect::IdempotentWrite,
            update_values,
        )
        .toolset("values")
        .output::<Updated>(),
        tool(
            "google_sheets_batch_update_values",
            "Update several ranges",
            Effect::IdempotentWrite,
            batch_update_values,
        )
        .toolset("values")
        .output::<BatchUpdated>(),
        tool(
            "google_sheets_append_rows",
            "Append rows",
            Effect::Write,
            append_rows,
        )
        .toolset("values")
        .output::<Appended>(),
        tool(
            "google_sheets_clear_range",
            "Clear range",
            Effect::Destructive,
            clear_range,
        )
        .toolset("values")
        .output::<Cleared>(),
    ]
}

// ---- google_sheets_write_to_cell

/// Write a value to one cell, parsed as if typed in the Sheets UI (numbers, dates and
/// formulas such as `=SUM(A1:A5)` are recognized). If the sheet name is not known, call
/// google_sheets_list_sheets first and choose the sheet (or ask the user); without
/// `sheet_name` the value goes to the first visible sheet. Returns the cell's range and the
/// value as the sheet now shows it.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct WriteToCell {
    /// The spreadsheet's id (from its URL: docs.google.com/spreadsheets/d/<id>/edit)
    spreadsheet_id: String,
    /// The column letters, e.g. `A`, `F` or `AZ`
    column: String,
    /// The row number, from 1
    #[schemars(range(min = 1))]
    row: u64,
    /// The value to write
    value: String,
    /// The sheet's title (default: the first visible sheet)
    sheet_name: Option<String>,
    /// `USER_ENTERED` (default: parsed as if typed) or `RAW` (stored as text exactly)
    #[schemars(extend("default" = "USER_ENTERED"))]
    value_input_option: Option<ValueInputOption>,
}

/// A written cell.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct WrittenCell {
    #[serde(rename = "spreadsheetId")]
    spreadsheet_id: Option<String>,
    /// The cell written, with its sheet (`Sheet1!C5`)
    #[serde(rename = "updatedRange")]
    updated_range: Option<String>,
    /// Cells updated (1, or 0 when the value was unchanged)
    #[serde(rename = "updatedCells")]
    updated_cells: Option<i64>,
    /// The value as the sheet now shows it
    value: Option<Value>,
}

async fn write_to_cell(ctx: Ctx, a: WriteToCell) -> Result<Value, ToolError> {
    let col = col_index(a.column.trim()).ok_or_else(|| {
        ToolError::invalid_input(format!(
            "`column` `{}` is not a column: give its letters, e.g. A, F or AZ (at most ZZZ)",
            a.column
        ))
    })?;
    let row = u32::try_from(a.row)
        .ok()
        .filter(|r| (1..=a1::MAX_ROW).contains(r))
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "`row` {} is not a row number: rows start at 1",
                a.row
            ))
        })?;
    let sheet = a
        .sheet_name
        .as_deref()
        .filter(|s| !s.trim().is_empty())
        .map(|s| sheet_title(s, "sheet_name"))
        .transpose()?;
    let range = a1::cell_range(sheet, col, row);
    let path = format!(
        "{}/values/{}",
        spreadsheet_path(&a.spreadsheet_id)?,
        mcp_shared::seg(&range)
    );
    let option = a.value_input_option.unwrap_or_default();
    let v: Value = req(&ctx, Method::PUT, &path)?
        .query("valueInputOption", enum_str(&option))
        .query("includeValuesInResponse", "true")
        .json(&json!({ "majorDimension": "ROWS", "values": [[a.value]] }))
        .send_json()
        .await?;
    let mut out = pick(&v, &["spreadsheetId", "updatedRange", "updatedCells"]);
    if let Some(x) = mcp_shared::json::at(&v, "updatedData.values.0.0") {
        out["value"] = x.clone();
    }
    Ok(out)
}

// ---- google_sheets_read_range

/// Read the values of a range (`spreadsheets.values.get`) as rows of values. Empty trailing
/// rows and cells are left out by Google. Returns the range read (with its sheet), the major
/// dimension and the values.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReadRange {
    /// The spreadsheet's id (from its URL: docs.google.com/spreadsheets/d/<id>/edit)
    spreadsheet_id: String,
    /// The range in A1 notation: `Sheet1!A1:D10`, `'My Sheet'!A:C`, `B2:D` (first visible
    /// sheet), `Sheet1` (whole sheet) or a named range
    range: String,
    /// `FORMATTED_VALUE` (default: as displayed), `UNFORMATTED_VALUE` (numbers unformatted)
    /// or `FORMULA` (formulas as written)
    #[schemars(extend("default" = "FORMATTED_VALUE"))]
    value_render_option: Option<ValueRenderOption>,
    /// `ROWS` (default) or `COLUMNS`
    #[schemars(extend("default" = "ROWS"))]
    major_dimension: Option<MajorDimension>,
}

async fn values_get(
    ctx: &Ctx,
    spreadsheet_id: &str,
    range: &A1,
    render: Option<ValueRenderOption>,
    major: Option<MajorDimension>,
) -> Result<Value, ToolError> {
    req(ctx, Method::GET, &values_path(spreadsheet_id, range)?)?
        .query_opt("majorDimension", major.map(|m| enum_str(&m)))
        .query_opt("valueRenderOption", render.map(|r| enum_str(&r)))
        .send_json()
        .await
}

async fn read_range(ctx: Ctx, a: ReadRange) -> Result<Value, ToolError> {
    let range = parse_range(&a.range, "range")?;
    let v = values_get(
        &ctx,
        &a.spreadsheet_id,
        &range,
        a.value_render_option,
        a.major_dimension,
    )
    .await?;
    let mut out = pick(&v, &["range", "majorDimension"]);
    out["values"] = v.get("values").cloned().unwrap_or(json!([]));
    Ok(out)
}

// ---- google_sheets_read_table

/// Read a range as a table: its first row holds the column names, each following row comes
/// back as an object keyed by them, with `_row` (the row's number in the sheet, for later
/// updates). Blank header cells are named by their column letter, repeated names get `_2`,
/// `_3`...; missing trailing cells are empty strings; fully empty rows are skipped.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReadTable {
    /// The spreadsheet's id (from its URL: docs.google.com/spreadsheets/d/<id>/edit)
    spreadsheet_id: String,
    /// The table's range in A1 notation, header row first: `Sheet1` (whole sheet),
    /// `Sheet1!A1:F`, `'My Sheet'!B3:E40`
    range: String,
    /// `FORMATTED_VALUE` (default: as displayed), `UNFORMATTED_VALUE` (numbers unformatted)
    /// or `FORMULA` (formulas as written)
    #[schemars(extend("default" = "FORMATTED_VALUE"))]
    value_render_option: Option<ValueRenderOption>,
    /// Most rows returned (default 500, at most 5000); `truncated` says when there were more
    #[schemars(extend("default" = 500))]
    limit: Option<Int>,
}

fn header_names(first: &[Value], first_col: u32) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (i, h) in first.iter().enumerate() {
        let text = match h {
            Value::String(s) => s.trim().to_owned(),
            Value::Null => String::new(),
            other => other.to_string(),
        };
        let base = if text.is_empty() {
            col_letters(first_col + i as u32)
        } else {
            text
        };
        let mut name = base.clone();
        let mut n = 2;
        while name == "_row" || names.contains(&name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        names.push(name);
    }
    names
}

async fn read_table(ctx: Ctx, a: ReadTable) -> Result<Value, ToolError> {
    let range = parse_range(&a.range, "range")?;
    let limit = a.limit.map(Int::get).unwrap_or(500).clamp(1, 5000) as usize;
    let v = values_get(
        &ctx,
        &a.spreadsheet_id,
        &range,
        a.value_render_option,
        Some(MajorDimension::Rows),
    )
    .await?;
    let read = v.get("range").and_then(Value::as_str).unwrap_or_default();
    // Where the values start: from the range Google read (e.g. `Sheet1!B3:E40`).
    let (first_row, first_col) = a1::parse(read)
        .ok()
        .and_then(|r| {
            r.cells()
                .map(|c| (c.first_row().unwrap_or(1), c.first_col()))
        })
        .unwrap_or((1, 1));
    let rows: Vec<Vec<Value>> = v
        .get("values")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|r| r.as_array().cloned().unwrap_or_default())
        .collect();
    let Some((head, body)) = rows.split_first() else {
        return Ok(json!({ "range": read, "headers": [], "rows": [], "rowCount": 0 }));
    };
    let mut headers = header_names(head, first_col);
    let width = body.iter().map(Vec::len).max().unwrap_or(0);
    while headers.len() < width {
        let name = col_letters(first_col + headers.len() as u32);
        headers.push(if headers.contains(&name) {
            format!("{name}_{}", headers.len() + 1)
        } else {
            name
        });
    }
    let mut out_rows = Vec::new();
    let mut total = 0usize;
    for (i, r) in body.iter().enumerate() {
        let empty = r
            .iter()
            .all(|c| c.is_null() || c.as_str().is_some_and(str::is_empty));
        if empty {
            continue;
        }
        total += 1;
        if out_rows.len() >= limit {
            continue;
        }
        let mut o = Map::new();
        o.insert("_row".into(), json!(first_row as usize + 1 + i));
        for (j, h) in headers.iter().enumerate() {
            o.insert(h.clone(), r.get(j).cloned().unwrap_or(json!("")));
        }
        out_rows.push(Value::Object(o));
    }
    let mut out = json!({
        "range": read,
        "headers": headers,
        "rowCount": total,
        "rows": out_rows,
    });
    if total > limit {
        out["truncated"] = json!(true);
    }
    Ok(out)
}

// ---- google_sheets_update_values

/// Write rows of values into a range (`spreadsheets.values.update`), replacing what the cells
/// held; cells of the range beyond the values are left as they are. With `USER_ENTERED`
/// (default) values are parsed as if typed (numbers, dates, `=` formulas); `RAW` stores them
/// as given. Returns the range written and how many rows, columns and cells changed.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct UpdateValues {
    /// The spreadsheet's id (from its URL: docs.google.com/spreadsheets/d/<id>/edit)
    spreadsheet_id: String,
    /// Where to write, in A1 notation: the top-left cell (`Sheet1!B2`) or the whole area
    /// (`'My Sheet'!A1:C3`)
    range: String,
    /// Rows of values, e.g. `[["Name", "Score"], ["Ann", 12]]`
    values: Vec<Vec<CellValue>>,
    /// `USER_ENTERED` (default: parsed as if typed) or `RAW` (stored as given)
    #[schemars(extend("default" = "USER_ENTERED"))]
    value_input_option: Option<ValueInputOption>,
    /// `ROWS` (default: each inner list is a row) or `COLUMNS` (each is a column)
    #[schemars(extend("default" = "ROWS"))]
    major_dimension: Option<MajorDimension>,
}

/// What a write changed.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct Updated {
    #[serde(rename = "spreadsheetId")]
    spreadsheet_id: Option<String>,
    /// The range written, with its sheet
    #[serde(rename = "updatedRange")]
    updated_range: Option<String>,
    #[serde(rename = "updatedRows")]
    updated_rows: Option<i64>,
    #[serde(rename = "updatedColumns")]
    updated_columns: Option<i64>,
    #[serde(rename = "updatedCells")]
    updated_cells: Option<i64>,
}

const UPDATE_FIELDS: [&str; 5] = [
    "spreadsheetId",
    "updatedRange",
    "updatedRows",
    "updatedColumns",
    "updatedCells",
];

async fn update_values(ctx: Ctx, a: UpdateValues) -> Result<Value, ToolError> {
    let range = parse_range(&a.range, "range")?;
    let values = rows_json(&a.values, "values")?;
    let major = a.major_dimension.unwrap_or_default();
    let v: Value = req(&ctx, Method::PUT, &values_path(&a.spreadsheet_id, &range)?)?
        .query(
            "valueInputOption",
            enum_str(&a.value_input_option.unwrap_or_default()),
        )
        .json(&json!({ "majorDimension": enum_str(&major), "values": values }))
        .send_json()
        .await?;
    Ok(pick(&v, &UPDATE_FIELDS))
}

// ---- google_sheets_batch_update_values

/// Write values into several ranges in one call (`spreadsheets.values.batchUpdate`), all
/// with the same `value_input_option`. Returns the totals and each range written.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BatchUpdateValues {
    /// The spreadsheet's id (from its URL: docs.google.com/spreadsheets/d/<id>/edit)
    spreadsheet_id: String,
    /// The ranges and their values
    data: Vec<RangeValues>,
    /// `USER_ENTERED` (default: parsed as if typed) or `RAW` (stored as given)
    #[schemars(extend("default" = "USER_ENTERED"))]
    value_input_option: Option<ValueInputOption>,
}

/// Values for one range.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct RangeValues {
    /// Where to write, in A1 notation (`Sheet1!A1`, `'My Sheet'!B2:C3`)
    range: String,
    /// Rows of values
    values: Vec<Vec<CellValue>>,
    /// `ROWS` (default) or `COLUMNS`
    #[schemars(extend("default" = "ROWS"))]
    major_dimension: Option<MajorDimension>,
}

/// What a batch write changed.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct BatchUpdated {
    #[serde(rename = "spreadsheetId")]
    spreadsheet_id: Option<String>,
    #[serde(rename = "totalUpdatedRows")]
    total_updated_rows: Option<i64>,
    #[serde(rename = "totalUpdatedColumns")]
    total_updated_columns: Option<i64>,
    #[serde(rename = "totalUpdatedCells")]
    total_updated_cells: Option<i64>,
    #[serde(rename = "totalUpdatedSheets")]
    total_updated_sheets: Option<i64>,
    /// Each range written: `updatedRange` and `updatedCells`
    responses: Vec<Value>,
}

async fn batch_update_values(ctx: Ctx, a: BatchUpdateValues) -> Result<Value, ToolError> {
    if a.data.is_empty() {
        return Err(ToolError::invalid_input(
            "`data` is empty: give at least one {\"range\", \"values\"}",
        ));
    }
    let mut data = Vec::new();
    for (i, d) in a.data.iter().enumerate() {
        let range = parse_range(&d.range, &format!("data[{i}].range"))?;
        let values = rows_json(&d.values, &format!("data[{i}].values"))?;
        data.push(json!({
            "range": range.to_string(),
            "majorDimension": enum_str(&d.major_dimension.unwrap_or_default()),
            "values": values,
        }));
    }
    let path = format!(
        "{}/values:batchUpdate",
        spreadsheet_path(&a.spreadsheet_id)?
    );
    let v: Value = req(&ctx, Method::POST, &path)?
        .json(&json!({
            "valueInputOption": enum_str(&a.value_input_option.unwrap_or_default()),
            "data": data,
        }))
        // Writing the same values again changes nothing: safe to retry after a gateway error.
        .idempotent(true)
        .send_json()
        .await?;
    let mut out = pick(
        &v,
        &[
            "spreadsheetId",
            "totalUpdatedRows",
            "totalUpdatedColumns",
            "totalUpdatedCells",
            "totalUpdatedSheets",
        ],
    );
    out["responses"] = Value::Array(
        v.get("responses")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|r| pick(r, &["updatedRange", "updatedCells"]))
            .collect(),
    );
    Ok(out)
}

// ---- google_sheets_append_rows

/// Append rows after the table found in a range (`spreadsheets.values.append`): Google finds
/// the last row of the table that the range covers and writes below it, from the table's
/// first column. By default (`INSERT_ROWS`) new rows are inserted, so nothing below the table
/// is overwritten. Returns the table's range and the range written.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AppendRows {
    /// The spreadsheet's id (from its URL: docs.google.com/spreadsheets/d/<id>/edit)
    spreadsheet_id: String,
    /// The table to append to, in A1 notation: `Sheet1` (the sheet's table), `Sheet1!A:D`,
    /// `'My Sheet'!A1:D1`
    range: String,
    /// Rows to append, e.g. `[["Ann", 12], ["Bob", 9]]`
    rows: Vec<Vec<CellValue>>,
    /// `USER_ENTERED` (default: parsed as if typed) or `RAW` (stored as given)
    #[schemars(extend("default" = "USER_ENTERED"))]
    value_input_option: Option<ValueInputOption>,
    /// `INSERT_ROWS` (default: insert rows for the new data) or `OVERWRITE` (write into the
    /// cells after the table, overwriting what is there)
    #[schemars(extend("default" = "INSERT_ROWS"))]
    insert_data_option: Option<InsertDataOption>,
}

/// How appended data is placed.
#[derive(Debug, Clone, Copy, Default, serde::Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum InsertDataOption {
    #[default]
    InsertRows,
    Overwrite,
}

/// What an append wrote.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct Appended {
    #[serde(rename = "spreadsheetId")]
    spreadsheet_id: Option<String>,
    /// The table the rows were appended to (before the append)
    #[serde(rename = "tableRange")]
    table_range: Option<String>,
    /// Where the rows were written
    #[serde(rename = "updatedRange")]
    updated_range: Option<String>,
    #[serde(rename = "updatedRows")]
    updated_rows: Option<i64>,
    #[serde(rename = "updatedCells")]
    updated_cells: Option<i64>,
}

async fn append_rows(ctx: Ctx, a: AppendRows) -> Result<Value, ToolError> {
    let range = parse_range(&a.range, "range")?;
    let values = rows_json(&a.rows, "rows")?;
    let path = format!("{}:append", values_path(&a.spreadsheet_id, &range)?);
    let v: Value = req(&ctx, Method::POST, &path)?
        .query(
            "valueInputOption",
            enum_str(&a.value_input_option.unwrap_or_default()),
        )
        .query(
            "insertDataOption",
            enum_str(&a.insert_data_option.unwrap_or_default()),
        )
        .json(&json!({ "majorDimension": "ROWS", "values": values }))
        .send_json()
        .await?;
    Ok(pick(
        &v,
        &[
            "spreadsheetId",
            "tableRange",
            "updatedRange=updates.updatedRange",
            "updatedRows=updates.updatedRows",
            "updatedCells=updates.updatedCells",
        ],
    ))
}

// ---- google_sheets_clear_range

/// Clear the values of a range (`spreadsheets.values.clear`); formatting and data validation
/// stay. Returns the range cleared (bounded to the sheet). Irreversible except through the
/// spreadsheet's version history.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ClearRange {
    /// The spreadsheet's id (from its URL: docs.google.com/spreadsheets/d/<id>/edit)
    spreadsheet_id: String,
    /// The range to clear, in A1 notation: `Sheet1!A2:D`, `'My Sheet'!C5`, `Sheet1` (every
    /// value of the sheet)
    range: String,
}

/// A cleared range.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct Cleared {
    #[serde(rename = "spreadsheetId")]
    spreadsheet_id: Option<String>,
    /// The range cleared, bounded to the sheet
    #[serde(rename = "clearedRange")]
    cleared_range: Option<String>,
}

async fn clear_range(ctx: Ctx, a: ClearRange) -> Result<Value, ToolError> {
    let range = parse_range(&a.range, "range")?;
    let path = format!("{}:clear", values_path(&a.spreadsheet_id, &range)?);
    let v: Value = req(&ctx, Method::POST, &path)?
        // Clearing twice clears nothing more: safe to retry after a gateway error.
        .idempotent(true)
        .send_json()
        .await?;
    Ok(pick(&v, &["spreadsheetId", "clearedRange"]))
}
