//! Cell tools of the toolathlon profile: read a sheet (values, grid data or formulas), write
//! ranges, read several ranges or spreadsheets at once, and find cells by their text.

use std::collections::BTreeMap;

use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::range_of;
use crate::a1::{A1, col_letters, sheet_ref};
use crate::api::{
    CellValue, find_sheet, no_such_sheet, req, rows_json, sheet_list, spreadsheet_path, values_path,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "get_sheet_data",
            "Get sheet data",
            Effect::Read,
            get_sheet_data,
        )
        .toolset("values"),
        tool(
            "get_sheet_formulas",
            "Get sheet formulas",
            Effect::Read,
            get_sheet_formulas,
        )
        .toolset("values"),
        tool(
            "update_cells",
            "Update cells",
            Effect::IdempotentWrite,
            update_cells,
        )
        .toolset("values"),
        tool(
            "batch_update_cells",
            "Batch update cells",
            Effect::IdempotentWrite,
            batch_update_cells,
        )
        .toolset("values"),
        tool(
            "get_multiple_sheet_data",
            "Get multiple sheet data",
            Effect::Read,
            get_multiple_sheet_data,
        )
        .toolset("values"),
        tool(
            "get_multiple_spreadsheet_summary",
            "Summarise spreadsheets",
            Effect::Read,
            get_multiple_spreadsheet_summary,
        )
        .toolset("spreadsheets"),
        tool(
            "find_in_spreadsheet",
            "Find cells",
            Effect::Read,
            find_in_spreadsheet,
        )
        .toolset("values"),
    ]
}

/// Most ranges or spreadsheets one call reads.
const MAX_QUERIES: usize = 50;

/// Get a sheet's cells: `{spreadsheetId, valueRanges: [{range, values}]}`, or with
/// `include_grid_data` Google's whole spreadsheet resource for the range (formatting included:
/// much larger).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetSheetData {
    /// The spreadsheet's ID (from its URL)
    spreadsheet_id: String,
    /// The sheet's name
    sheet: String,
    /// Cells in A1 notation (A1:C10); absent: the whole sheet
    range: Option<String>,
    /// Google's grid data with formatting instead of the values alone
    #[serde(default)]
    #[schemars(extend("default" = false))]
    include_grid_data: bool,
}

async fn get_sheet_data(ctx: Ctx, a: GetSheetData) -> Result<Value, ToolError> {
    let range = range_of(&a.sheet, a.range.as_deref())?;
    if a.include_grid_data {
        return req(&ctx, Method::GET, &spreadsheet_path(&a.spreadsheet_id)?)?
            .query("ranges", range.to_string())
            .query("includeGridData", "true")
            .send_json()
            .await;
    }
    let v: Value = req(&ctx, Method::GET, &values_path(&a.spreadsheet_id, &range)?)?
        .send_json()
        .await?;
    Ok(json!({
        "spreadsheetId": a.spreadsheet_id.trim(),
        "valueRanges": [{"range": range.to_string(), "values": values_of(&v)}],
    }))
}

fn values_of(v: &Value) -> Value {
    v.get("values").cloned().unwrap_or_else(|| json!([]))
}

/// Get a sheet's formulas (and the values of cells without one) as rows of cells.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetSheetFormulas {
    /// The spreadsheet's ID (from its URL)
    spreadsheet_id: String,
    /// The sheet's name
    sheet: String,
    /// Cells in A1 notation (A1:C10); absent: the whole sheet
    range: Option<String>,
}

async fn get_sheet_formulas(ctx: Ctx, a: GetSheetFormulas) -> Result<Value, ToolError> {
    let range = range_of(&a.sheet, a.range.as_deref())?;
    let v: Value = req(&ctx, Method::GET, &values_path(&a.spreadsheet_id, &range)?)?
        .query("valueRenderOption", "FORMULA")
        .send_json()
        .await?;
    Ok(values_of(&v))
}

/// Write rows of values to a range, read as typed in Sheets (numbers, dates, `=` formulas).
/// Returns Google's answer (`updatedRange`, `updatedCells`, ...).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct UpdateCells {
    /// The spreadsheet's ID (from its URL)
    spreadsheet_id: String,
    /// The sheet's name
    sheet: String,
    /// Cells in A1 notation (A1:C10)
    range: String,
    /// Rows of values: [["Name", "Score"], ["Ann", 12]]
    data: Vec<Vec<CellValue>>,
}

async fn update_cells(ctx: Ctx, a: UpdateCells) -> Result<Value, ToolError> {
    let range = range_of(&a.sheet, Some(&a.range))?;
    let values = rows_json(&a.data, "data")?;
    req(&ctx, Method::PUT, &values_path(&a.spreadsheet_id, &range)?)?
        .query("valueInputOption", "USER_ENTERED")
        .json(&json!({ "values": values }))
        .send_json()
        .await
}

/// Write several ranges of one sheet at once, read as typed in Sheets. Returns Google's answer.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BatchUpdateCells {
    /// The spreadsheet's ID (from its URL)
    spreadsheet_id: String,
    /// The sheet's name
    sheet: String,
    /// Ranges (A1 notation) to rows of values: {"A1:B2": [[1, 2], [3, 4]], "D1": [["x"]]}
    ranges: BTreeMap<String, Vec<Vec<CellValue>>>,
}

async fn batch_update_cells(ctx: Ctx, a: BatchUpdateCells) -> Result<Value, ToolError> {
    if a.ranges.is_empty() {
        return Err(ToolError::invalid_input(
            "`ranges` is empty: give ranges and their rows, e.g. {\"A1:B2\": [[1, 2], [3, 4]]}",
        ));
    }
    let mut data = Vec::new();
    for (r, rows) in &a.ranges {
        let range = range_of(&a.sheet, Some(r))?;
        data.push(json!({"range": range.to_string(), "values": rows_json(rows, "ranges")?}));
    }
    let path = format!(
        "{}/values:batchUpdate",
        spreadsheet_path(&a.spreadsheet_id)?
    );
    req(&ctx, Method::POST, &path)?
        .json(&json!({"valueInputOption": "USER_ENTERED", "data": data}))
        .send_json()
        .await
}

/// One range to read.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Query {
    spreadsheet_id: Option<String>,
    sheet: Option<String>,
    /// A1 notation; absent: the whole sheet
    range: Option<String>,
}

/// Read several ranges, of one or more spreadsheets. Returns each query with its `data` (rows)
/// or its `error`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetMultipleSheetData {
    /// Up to 50: [{"spreadsheet_id": "...", "sheet": "Sheet1", "range": "A1:B5"}]
    queries: Vec<Query>,
}

async fn get_multiple_sheet_data(ctx: Ctx, a: GetMultipleSheetData) -> Result<Value, ToolError> {
    if a.queries.len() > MAX_QUERIES {
        return Err(ToolError::invalid_input(format!(
            "`queries` has {} entries: give at most {MAX_QUERIES} per call",
            a.queries.len()
        )));
    }
    let mut out = Vec::new();
    for q in &a.queries {
        let mut o = Map::new();
        for (k, v) in [
            ("spreadsheet_id", &q.spreadsheet_id),
            ("sheet", &q.sheet),
            ("range", &q.range),
        ] {
            if let Some(v) = v {
                o.insert(k.into(), json!(v));
            }
        }
        let got = match (&q.spreadsheet_id, &q.sheet) {
            (Some(id), Some(sheet)) => read_values(&ctx, id, sheet, q.range.as_deref()).await,
            _ => Err(ToolError::invalid_input(
                "each query needs `spreadsheet_id` and `sheet` (and optionally `range`)",
            )),
        };
        match got {
            Ok(values) => o.insert("data".into(), values),
            Err(e) => o.insert("error".into(), json!(e.to_string())),
        };
        out.push(Value::Object(o));
    }
    Ok(Value::Array(out))
}

async fn read_values(
    ctx: &Ctx,
    id: &str,
    sheet: &str,
    range: Option<&str>,
) -> Result<Value, ToolError> {
    let range = range_of(sheet, range)?;
    let v: Value = req(ctx, Method::GET, &values_path(id, &range)?)?
        .send_json()
        .await?;
    Ok(values_of(&v))
}

/// The values of several ranges of one spreadsheet, in order (`values:batchGet`).
async fn batch_get(ctx: &Ctx, id: &str, ranges: &[String]) -> Result<Vec<Value>, ToolError> {
    let mut r = req(
        ctx,
        Method::GET,
        &format!("{}/values:batchGet", spreadsheet_path(id)?),
    )?;
    for range in ranges {
        r = r.query("ranges", range);
    }
    let v: Value = r.send_json().await?;
    let got = v
        .get("valueRanges")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    Ok(ranges
        .iter()
        .enumerate()
        .map(|(i, _)| got.get(i).map(values_of).unwrap_or_else(|| json!([])))
        .collect())
}

/// Summarise spreadsheets: each one's title and, per sheet, its first row (`headers`) and the
/// rows after it (`first_rows`), or the error that spreadsheet gave.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetMultipleSpreadsheetSummary {
    /// Up to 50 spreadsheet IDs
    spreadsheet_ids: Vec<String>,
    /// Rows read per sheet, the header row included (1 to 1000)
    #[schemars(extend("default" = 5))]
    rows_to_fetch: Option<Count>,
}

async fn get_multiple_spreadsheet_summary(
    ctx: Ctx,
    a: GetMultipleSpreadsheetSummary,
) -> Result<Value, ToolError> {
    if a.spreadsheet_ids.len() > MAX_QUERIES {
        return Err(ToolError::invalid_input(format!(
            "`spreadsheet_ids` has {} entries: give at most {MAX_QUERIES} per call",
            a.spreadsheet_ids.len()
        )));
    }
    let rows = a.rows_to_fetch.map_or(5, Count::get).clamp(1, 1000);
    let mut out = Vec::new();
    for id in &a.spreadsheet_ids {
        out.push(match summary(&ctx, id, rows).await {
            Ok(v) => v,
            Err(e) => {
                json!({"spreadsheet_id": id, "title": null, "sheets": [], "error": e.to_string()})
            }
        });
    }
    Ok(Value::Array(out))
}

async fn summary(ctx: &Ctx, id: &str, rows: u64) -> Result<Value, ToolError> {
    let v: Value = req(ctx, Method::GET, &spreadsheet_path(id)?)?
        .query(
            "fields",
            "properties.title,sheets(properties(title,sheetId))",
        )
        .send_json()
        .await?;
    let sheets: Vec<(String, i64)> = v
        .get("sheets")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|s| {
            let p = s.get("properties")?;
            let title = p.get("title")?.as_str()?.to_owned();
            Some((title, p.get("sheetId").and_then(Value::as_i64).unwrap_or(0)))
        })
        .collect();
    // Rows 1 to `rows` of every sheet, in one request.
    let ranges: Vec<String> = sheets
        .iter()
        .map(|(t, _)| format!("{}!1:{rows}", sheet_ref(t)))
        .collect();
    let values = if ranges.is_empty() {
        Vec::new()
    } else {
        batch_get(ctx, id, &ranges).await?
    };
    let sheets: Vec<Value> = sheets
        .iter()
        .zip(values)
        .map(|((title, sheet_id), values)| {
            let mut list = values.as_array().cloned().unwrap_or_default().into_iter();
            let headers = list.next().unwrap_or_else(|| json!([]));
            json!({
                "title": title,
                "sheet_id": sheet_id,
                "headers": headers,
                "first_rows": list.collect::<Vec<_>>(),
                "error": null,
            })
        })
        .collect();
    Ok(json!({
        "spreadsheet_id": id,
        "title": v.pointer("/properties/title"),
        "sheets": sheets,
        "error": null,
    }))
}

/// Find the cells whose shown text contains `query`, in one sheet or all of them. Returns
/// `{sheet, cell, value}` per cell found, row by row.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct FindInSpreadsheet {
    /// The spreadsheet's ID (from its URL)
    spreadsheet_id: String,
    /// The text to find
    query: String,
    /// The sheet's name; absent: every sheet
    sheet: Option<String>,
    #[serde(default)]
    #[schemars(extend("default" = false))]
    case_sensitive: bool,
    /// At most this many cells (1 to 1000)
    #[schemars(extend("default" = 50))]
    max_results: Option<Count>,
}

async fn find_in_spreadsheet(ctx: Ctx, a: FindInSpreadsheet) -> Result<Value, ToolError> {
    if a.query.is_empty() {
        return Err(ToolError::invalid_input(
            "`query` is empty: give the text to find",
        ));
    }
    let max = a.max_results.map_or(50, Count::get).clamp(1, 1000) as usize;
    let (sheets, _) = sheet_list(&ctx, &a.spreadsheet_id, false).await?;
    let titles: Vec<String> = match a.sheet.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(t) => vec![
            find_sheet(&sheets, t)
                .ok_or_else(|| no_such_sheet(t, &sheets))?
                .title
                .clone(),
        ],
        None => sheets.iter().map(|s| s.title.clone()).collect(),
    };
    let ranges: Vec<String> = titles
        .iter()
        .map(|t| {
            A1::Name {
                name: t.clone(),
                quoted: true,
            }
            .to_string()
        })
        .collect();
    let values = if ranges.is_empty() {
        Vec::new()
    } else {
        batch_get(&ctx, &a.spreadsheet_id, &ranges).await?
    };
    let fold = |s: &str| {
        if a.case_sensitive {
            s.to_owned()
        } else {
            s.to_lowercase()
        }
    };
    let needle = fold(&a.query);
    let mut found = Vec::new();
    'sheets: for (title, rows) in titles.iter().zip(values) {
        for (r, row) in rows.as_array().into_iter().flatten().enumerate() {
            for (c, cell) in row.as_array().into_iter().flatten().enumerate() {
                let text = match cell {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                if fold(&text).contains(&needle) {
                    let col = col_letters(u32::try_from(c + 1).unwrap_or(u32::MAX));
                    found.push(
                        json!({"sheet": title, "cell": format!("{col}{}", r + 1), "value": cell}),
                    );
                    if found.len() >= max {
                        break 'sheets;
                    }
                }
            }
        }
    }
    Ok(Value::Array(found))
}
