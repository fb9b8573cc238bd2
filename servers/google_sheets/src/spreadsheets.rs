//! Spreadsheets: create one (with data), read one with its cells, and list them (through the
//! Google Drive API, which is where files are listed).

use std::collections::BTreeMap;

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::a1::{col_index, col_letters};
use crate::api::{self, parse_range, req, spreadsheet_path};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_sheets_create_spreadsheet",
            "Create spreadsheet",
            Effect::Write,
            create_spreadsheet,
        )
        .toolset("spreadsheets")
        .output::<Created>(),
        tool(
            "google_sheets_get_spreadsheet",
            "Get spreadsheet",
            Effect::Read,
            get_spreadsheet,
        )
        .toolset("spreadsheets"),
        tool(
            "google_sheets_list_spreadsheets",
            "List spreadsheets",
            Effect::Read,
            list_spreadsheets,
        )
        .toolset("spreadsheets"),
    ]
}

// ---- google_sheets_create_spreadsheet

/// Create a spreadsheet, optionally with data in `Sheet1`. Returns its id, URL and sheets.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateSpreadsheet {
    title: String,
    /// `{"1": {"A": "Name"}}` (rows to columns to values; `=` starts a formula), or its JSON string
    #[schemars(with = "Option<String>")]
    data: Option<Value>,
}

/// A created spreadsheet.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct Created {
    #[serde(rename = "spreadsheetId")]
    spreadsheet_id: String,
    title: Option<String>,
    #[serde(rename = "spreadsheetUrl")]
    spreadsheet_url: Option<String>,
    /// `sheetId`, `title`
    sheets: Option<Vec<Value>>,
}

const MIN_ROWS: u32 = 1000;
const MIN_COLUMNS: u32 = 26;

/// A cell as Sheets' `CellData` (`userEnteredValue`).
fn cell_data(v: &Value) -> Result<Value, String> {
    Ok(match v {
        Value::Null => json!({}),
        Value::Bool(b) => json!({"userEnteredValue": {"boolValue": b}}),
        Value::Number(n) => json!({"userEnteredValue": {"numberValue": n}}),
        Value::String(s) if s.starts_with('=') => {
            json!({"userEnteredValue": {"formulaValue": s}})
        }
        Value::String(s) => json!({"userEnteredValue": {"stringValue": s}}),
        other => {
            return Err(format!(
                "a cell value is text, a number or true/false, not {other}"
            ));
        }
    })
}

/// The `data` argument as rows (1-based) of columns (1-based) of values.
fn parse_data(data: &Value) -> Result<BTreeMap<u32, BTreeMap<u32, Value>>, ToolError> {
    let bad = |m: String| {
        ToolError::invalid_input(format!("invalid `data`: {m}")).with_hint(
            r#"give an object of row numbers to objects of column letters to values, e.g. {"1": {"A": "Name", "B": "Score"}, "2": {"A": "Ann", "B": 12}}"#,
        )
    };
    let parsed;
    let data = match data {
        Value::String(s) => {
            parsed =
                serde_json::from_str::<Value>(s).map_err(|e| bad(format!("not JSON ({e})")))?;
            &parsed
        }
        v => v,
    };
    let rows = data
        .as_object()
        .ok_or_else(|| bad("expected a JSON object".into()))?;
    let mut out = BTreeMap::new();
    for (rk, cols) in rows {
        let row: u32 = rk
            .trim()
            .parse()
            .ok()
            .filter(|r| (1..=crate::a1::MAX_ROW).contains(r))
            .ok_or_else(|| bad(format!("`{rk}` is not a row number (1, 2, ...)")))?;
        let cols = cols
            .as_object()
            .ok_or_else(|| bad(format!("row {rk} must map column letters to values")))?;
        let mut cells = BTreeMap::new();
        for (ck, v) in cols {
            let col = col_index(ck.trim()).ok_or_else(|| {
                bad(format!(
                    "`{ck}` in row {rk} is not a column (A, B, ... ZZZ)"
                ))
            })?;
            cell_data(v).map_err(|e| bad(format!("{ck}{rk}: {e}")))?;
            cells.insert(col, v.clone());
        }
        out.insert(row, cells);
    }
    Ok(out)
}

/// The first sheet with the data: one `GridData` per run of consecutive rows, each starting
/// at the leftmost column used; the grid is at least 1000 × 26 and large enough for the data.
fn first_sheet(rows: &BTreeMap<u32, BTreeMap<u32, Value>>) -> Result<Value, ToolError> {
    let max_row = rows.keys().copied().max().unwrap_or(0);
    let min_col = rows
        .values()
        .flat_map(|c| c.keys().copied())
        .min()
        .unwrap_or(1);
    let max_col = rows
        .values()
        .flat_map(|c| c.keys().copied())
        .max()
        .unwrap_or(0);
    let mut grids = Vec::new();
    let mut current: Option<(u32, Vec<Value>)> = None;
    let mut prev: Option<u32> = None;
    for (&row, cells) in rows {
        let mut values = Vec::new();
        for col in min_col..=max_col {
            let v = cells.get(&col).unwrap_or(&Value::Null);
            values.push(cell_data(v).map_err(ToolError::invalid_input)?);
        }
        let row_data = json!({ "values": values });
        let contiguous = prev.is_some_and(|p| p + 1 == row);
        match current.as_mut() {
            Some((_, rd)) if contiguous => rd.push(row_data),
            _ => {
                if let Some((start, rd)) = current.take() {
                    grids.push(
                        json!({"startRow": start - 1, "startColumn": min_col - 1, "rowData": rd}),
                    );
                }
                current = Some((row, vec![row_data]));
            }
        }
        prev = Some(row);
    }
    if let Some((start, rd)) = current {
        grids.push(json!({"startRow": start - 1, "startColumn": min_col - 1, "rowData": rd}));
    }
    Ok(json!({
        "properties": {
            "title": "Sheet1",
            "gridProperties": {
                "rowCount": max_row.max(MIN_ROWS),
                "columnCount": max_col.max(MIN_COLUMNS),
            }
        },
        "data": grids,
    }))
}

async fn create_spreadsheet(ctx: Ctx, a: CreateSpreadsheet) -> Result<Value, ToolError> {
    let title = api::sheet_title(&a.title, "title")?;
    let mut body = json!({ "properties": { "title": title } });
    if let Some(data) = a.data.as_ref().filter(|d| !d.is_null()) {
        let rows = parse_data(data)?;
        if !rows.is_empty() {
            body["sheets"] = json!([first_sheet(&rows)?]);
        }
    }
    let v: Value = req(&ctx, Method::POST, "")?
        .query(
            "fields",
            "spreadsheetId,spreadsheetUrl,properties.title,sheets.properties(sheetId,title)",
        )
        .json(&body)
        .send_json()
        .await?;
    created(&v)
}

/// What google_sheets_create_spreadsheet returns; an error when Google's answer has no id
/// (the result would claim a spreadsheet nobody can open).
fn created(v: &Value) -> Result<Value, ToolError> {
    if v.get("spreadsheetId")
        .and_then(Value::as_str)
        .is_none_or(str::is_empty)
    {
        return Err(ToolError::transport(
            "Google Sheets answered the create request but sent no spreadsheet id: the spreadsheet may not exist; list your spreadsheets (google_sheets_list_spreadsheets) before creating it again",
        ));
    }
    let mut out = pick(
        v,
        &["spreadsheetId", "title=properties.title", "spreadsheetUrl"],
    );
    let sheets: Vec<Value> = v
        .get("sheets")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|s| {
            json!({
                "sheetId": at(s, "properties.sheetId").cloned().unwrap_or(json!(0)),
                "title": at(s, "properties.title").cloned().unwrap_or(Value::Null),
            })
        })
        .collect();
    if !sheets.is_empty() {
        out["sheets"] = Value::Array(sheets);
    }
    Ok(out)
}

// ---- google_sheets_get_spreadsheet

// How `google_sheets_get_spreadsheet` returns cell values.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum CellValueFormat {
    #[default]
    #[serde(rename = "formatted")]
    Formatted,
    #[serde(rename = "userEntered")]
    UserEntered,
    #[serde(rename = "all")]
    All,
}

/// Get a spreadsheet's sheets with their cells as `{"<row>": {"<column>": value}}`; at most 10,000
/// cells (else `truncated`: ask for a range).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetSpreadsheet {
    spreadsheet_id: String,
    /// A1 range or sheet name; default every sheet
    range: Option<String>,
    /// `formatted` (as shown), `userEntered` (formulas) or `all`
    #[schemars(extend("default" = "formatted"))]
    cell_value_format: Option<CellValueFormat>,
}

/// The most cells returned by google_sheets_get_spreadsheet.
pub const MAX_CELLS: usize = 10_000;

fn user_entered(cell: &Value) -> Option<Value> {
    let u = cell.get("userEnteredValue")?;
    ["stringValue", "numberValue", "boolValue", "formulaValue"]
        .iter()
        .find_map(|k| u.get(*k).cloned())
        .or_else(|| u.get("errorValue").and_then(|e| e.get("message")).cloned())
}

async fn get_spreadsheet(ctx: Ctx, a: GetSpreadsheet) -> Result<Value, ToolError> {
    let format = a.cell_value_format.unwrap_or_default();
    let range = a
        .range
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .map(|r| parse_range(r, "range"))
        .transpose()?;
    let values = match format {
        CellValueFormat::Formatted => "formattedValue",
        CellValueFormat::UserEntered => "userEnteredValue",
        CellValueFormat::All => "formattedValue,userEnteredValue",
    };
    let fields = format!(
        "spreadsheetId,spreadsheetUrl,properties.title,sheets(properties(sheetId,title,index,hidden,gridProperties(rowCount,columnCount)),data(startRow,startColumn,rowData(values({values}))))"
    );
    let v: Value = req(&ctx, Method::GET, &spreadsheet_path(&a.spreadsheet_id)?)?
        .query("includeGridData", "true")
        .query_opt("ranges", range.map(|r| r.to_string()))
        .query("fields", fields)
        .send_json()
        .await?;
    let mut budget = MAX_CELLS;
    let mut truncated = false;
    let sheets: Vec<Value> = v
        .get("sheets")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|s| {
            let p = s.get("properties").unwrap_or(&Value::Null);
            let mut data: BTreeMap<u64, Map<String, Value>> = BTreeMap::new();
            for grid in s.get("data").and_then(Value::as_array).into_iter().flatten() {
                let start_row = grid.get("startRow").and_then(Value::as_u64).unwrap_or(0);
                let start_col = grid.get("startColumn").and_then(Value::as_u64).unwrap_or(0);
                let rows = grid.get("rowData").and_then(Value::as_array);
                for (i, row) in rows.into_iter().flatten().enumerate() {
                    let cells = row.get("values").and_then(Value::as_array);
                    for (j, cell) in cells.into_iter().flatten().enumerate() {
                        let formatted = cell.get("formattedValue").cloned();
                        let entered = user_entered(cell);
                        let value = match format {
                            CellValueFormat::Formatted => formatted,
                            CellValueFormat::UserEntered => entered,
                            CellValueFormat::All => (formatted.is_some() || entered.is_some())
                                .then(|| json!({"userEnteredValue": entered, "formattedValue": formatted})),
                        };
                        let Some(value) = value else { continue };
                        if budget == 0 {
                            truncated = true;
                            continue;
                        }
                        budget -= 1;
                        let col = col_letters((start_col + j as u64 + 1) as u32);
                        data.entry(start_row + i as u64 + 1)
                            .or_default()
                            .insert(col, value);
                    }
                }
            }
            let data: Map<String, Value> = data
                .into_iter()
                .map(|(r, cols)| (r.to_string(), Value::Object(cols)))
                .collect();
            let mut o = json!({
                "sheetId": p.get("sheetId").cloned().unwrap_or(json!(0)),
                "title": p.get("title").cloned().unwrap_or(Value::Null),
                "index": p.get("index").cloned().unwrap_or(json!(0)),
                "rowCount": at(p, "gridProperties.rowCount").cloned().unwrap_or(json!(0)),
                "columnCount": at(p, "gridProperties.columnCount").cloned().unwrap_or(json!(0)),
                "data": data,
            });
            if p.get("hidden").and_then(Value::as_bool) == Some(true) {
                o["hidden"] = json!(true);
            }
            o
        })
        .collect();
    let mut out = pick(
        &v,
        &["title=properties.title", "spreadsheetId", "spreadsheetUrl"],
    );
    out["sheets"] = Value::Array(sheets);
    if truncated {
        out["truncated"] = json!(true);
        out["note"] = json!(format!(
            "only the first {MAX_CELLS} non-empty cells are returned: ask for a smaller `range`"
        ));
    }
    Ok(out)
}

// ---- google_sheets_list_spreadsheets (Google Drive API)

/// List the user's spreadsheets, most recently modified first: id, name, times, owners, link. Pages
/// with `page_token`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListSpreadsheets {
    /// Case-insensitive
    name_contains: Option<String>,
    /// At most 1000
    #[schemars(extend("default" = 100))]
    page_size: Option<Int>,
    page_token: Option<String>,
}

async fn list_spreadsheets(ctx: Ctx, a: ListSpreadsheets) -> Result<Value, ToolError> {
    let mut q = "mimeType='application/vnd.google-apps.spreadsheet' and trashed=false".to_owned();
    if let Some(name) = a
        .name_contains
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        q.push_str(&format!(
            " and name contains '{}'",
            mcp_vendor_google::drive::escape_literal(name)
        ));
    }
    let size = a.page_size.map(Int::get).unwrap_or(100).clamp(1, 1000);
    let token = a
        .page_token
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let v: Value = ctx
        .api_authorized("drive", Method::GET, "/drive/v3/files")?
        .query("q", &q)
        .query("orderBy", "modifiedTime desc")
        .query("pageSize", size)
        .query_opt("pageToken", token)
        .query(
            "fields",
            "nextPageToken,incompleteSearch,files(id,name,createdTime,modifiedTime,webViewLink,owners(displayName,emailAddress))",
        )
        .send_json()
        .await?;
    let spreadsheets: Vec<Value> = v
        .get("files")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|f| {
            let mut o = pick(
                f,
                &["id", "name", "createdTime", "modifiedTime", "webViewLink"],
            );
            let owners: Vec<Value> = f
                .get("owners")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|o| {
                    o.get("displayName")
                        .or_else(|| o.get("emailAddress"))
                        .cloned()
                })
                .collect();
            if !owners.is_empty() {
                o["owners"] = Value::Array(owners);
            }
            o
        })
        .collect();
    let mut out = json!({ "total_count": spreadsheets.len(), "spreadsheets": spreadsheets });
    for k in ["nextPageToken", "incompleteSearch"] {
        if let Some(x) = v.get(k) {
            out[k] = x.clone();
        }
    }
    Ok(out)
}
