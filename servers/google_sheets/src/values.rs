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

/// Write one cell, parsed as typed (numbers, dates, `=` formulas), in `sheet_name` or else the
/// first visible sheet. Returns the range and the value shown.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct WriteToCell {
    spreadsheet_id: String,
    /// Letters
    column: String,
    #[schemars(range(min = 1))]
    row: u64,
    value: String,
    sheet_name: Option<String>,
    #[schemars(extend("default" = "USER_ENTERED"))]
    value_input_option: Option<ValueInputOption>,
}

/// A written cell.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct WrittenCell {
    #[serde(rename = "spreadsheetId")]
    spreadsheet_id: Option<String>,
    #[serde(rename = "updatedRange")]
    updated_range: Option<String>,
    #[serde(rename = "updatedCells")]
    updated_cells: Option<i64>,
    /// As shown
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

/// Read a range as rows of values (Google leaves out trailing empty ones).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReadRange {
    spreadsheet_id: String,
    /// A1 range (`Sheet1!A1:D10`), sheet or named range
    range: String,
    #[schemars(extend("default" = "FORMATTED_VALUE"))]
    value_render_option: Option<ValueRenderOption>,
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

/// Read a range as a table: the first row names the columns; each other row becomes an object keyed
/// by them, with `_row`, its row number.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReadTable {
    spreadsheet_id: String,
    /// A1 range, header row first
    range: String,
    #[schemars(extend("default" = "FORMATTED_VALUE"))]
    value_render_option: Option<ValueRenderOption>,
    /// At most 5000; see `truncated`
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

/// Write rows of values into a range, replacing those cells. Returns the range written and counts.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct UpdateValues {
    spreadsheet_id: String,
    /// A1 cell or area
    range: String,
    /// Rows (`[["Ann", 12]]`)
    values: Vec<Vec<CellValue>>,
    #[schemars(extend("default" = "USER_ENTERED"))]
    value_input_option: Option<ValueInputOption>,
    #[schemars(extend("default" = "ROWS"))]
    major_dimension: Option<MajorDimension>,
}

/// What a write changed.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct Updated {
    #[serde(rename = "spreadsheetId")]
    spreadsheet_id: Option<String>,
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

/// Write values into several ranges in one call. Returns totals and each range written.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BatchUpdateValues {
    spreadsheet_id: String,
    data: Vec<RangeValues>,
    #[schemars(extend("default" = "USER_ENTERED"))]
    value_input_option: Option<ValueInputOption>,
}

// Values for one range.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct RangeValues {
    /// A1 range
    range: String,
    /// Rows
    values: Vec<Vec<CellValue>>,
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
    /// `updatedRange`, `updatedCells` of each
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

/// Append rows below the table in a range, from its first column (`OVERWRITE`: over the cells below
/// instead of inserting rows). Returns the ranges.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AppendRows {
    spreadsheet_id: String,
    /// A1 range of the table
    range: String,
    rows: Vec<Vec<CellValue>>,
    #[schemars(extend("default" = "USER_ENTERED"))]
    value_input_option: Option<ValueInputOption>,
    #[schemars(extend("default" = "INSERT_ROWS"))]
    insert_data_option: Option<InsertDataOption>,
}

// How appended data is placed.
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
    /// Before the append
    #[serde(rename = "tableRange")]
    table_range: Option<String>,
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

/// Clear a range's values, keeping formatting. Returns the range cleared. Irreversible except
/// through version history.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ClearRange {
    spreadsheet_id: String,
    /// A1 range or sheet
    range: String,
}

/// A cleared range.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct Cleared {
    #[serde(rename = "spreadsheetId")]
    spreadsheet_id: Option<String>,
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
