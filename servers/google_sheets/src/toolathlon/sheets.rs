//! Sheet tools of the toolathlon profile: list, add, copy and rename sheets, insert rows and
//! columns, and any `spreadsheets.batchUpdate` requests.

use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::sheet_id;
use crate::api::{req, sheet_list, sheet_title, spreadsheet_id, spreadsheet_path};
use crate::tabs::batch_update;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("add_rows", "Add rows", Effect::Write, add_rows).toolset("sheets"),
        tool("add_columns", "Add columns", Effect::Write, add_columns).toolset("sheets"),
        tool("list_sheets", "List sheets", Effect::Read, list_sheets).toolset("sheets"),
        tool("copy_sheet", "Copy sheet", Effect::Write, copy_sheet).toolset("sheets"),
        tool(
            "rename_sheet",
            "Rename sheet",
            Effect::IdempotentWrite,
            rename_sheet,
        )
        .toolset("sheets"),
        tool("create_sheet", "Create sheet", Effect::Write, create_sheet).toolset("sheets"),
        tool(
            "batch_update",
            "Batch update spreadsheet",
            Effect::Destructive,
            batch_update_tool,
        )
        .toolset("sheets"),
    ]
}

/// Insert empty rows into a sheet. Returns Google's batchUpdate answer.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddRows {
    /// The spreadsheet's ID (from its URL)
    spreadsheet_id: String,
    /// The sheet's name
    sheet: String,
    /// How many rows
    count: Count,
    /// 0-based index of the first new row; absent: at the top
    start_row: Option<Count>,
}

/// Insert empty columns into a sheet. Returns Google's batchUpdate answer.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddColumns {
    /// The spreadsheet's ID (from its URL)
    spreadsheet_id: String,
    /// The sheet's name
    sheet: String,
    /// How many columns
    count: Count,
    /// 0-based index of the first new column (0 is A); absent: at the left
    start_column: Option<Count>,
}

async fn add_rows(ctx: Ctx, a: AddRows) -> Result<Value, ToolError> {
    insert(
        &ctx,
        &a.spreadsheet_id,
        &a.sheet,
        "ROWS",
        a.count,
        a.start_row,
    )
    .await
}

async fn add_columns(ctx: Ctx, a: AddColumns) -> Result<Value, ToolError> {
    insert(
        &ctx,
        &a.spreadsheet_id,
        &a.sheet,
        "COLUMNS",
        a.count,
        a.start_column,
    )
    .await
}

/// `insertDimension` of `count` rows or columns at `start` (0 when absent); the new ones take
/// the formatting of the one before them, when there is one.
async fn insert(
    ctx: &Ctx,
    spreadsheet: &str,
    sheet: &str,
    dimension: &str,
    count: Count,
    start: Option<Count>,
) -> Result<Value, ToolError> {
    if count.get() == 0 {
        return Err(ToolError::invalid_input("`count` must be at least 1"));
    }
    let id = sheet_id(ctx, spreadsheet, sheet).await?;
    let start = start.map_or(0, Count::get);
    let request = json!([{
        "insertDimension": {
            "range": {
                "sheetId": id,
                "dimension": dimension,
                "startIndex": start,
                "endIndex": start.saturating_add(count.get()),
            },
            "inheritFromBefore": start > 0,
        }
    }]);
    batch_update(ctx, spreadsheet, request).await
}

/// List the names of a spreadsheet's sheets, in tab order.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListSheets {
    /// The spreadsheet's ID (from its URL)
    spreadsheet_id: String,
}

async fn list_sheets(ctx: Ctx, a: ListSheets) -> Result<Value, ToolError> {
    let (sheets, _) = sheet_list(&ctx, &a.spreadsheet_id, false).await?;
    Ok(json!(sheets.iter().map(|s| &s.title).collect::<Vec<_>>()))
}

/// Copy a sheet into another (or the same) spreadsheet under the name `dst_sheet`. Returns
/// Google's answers: `copy` (the new sheet's properties) and, when it was renamed, `rename`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CopySheet {
    /// The source spreadsheet's ID
    src_spreadsheet: String,
    /// The sheet to copy
    src_sheet: String,
    /// The destination spreadsheet's ID
    dst_spreadsheet: String,
    /// The copy's name
    dst_sheet: String,
}

async fn copy_sheet(ctx: Ctx, a: CopySheet) -> Result<Value, ToolError> {
    let dst = spreadsheet_id(&a.dst_spreadsheet)?;
    let name = sheet_title(&a.dst_sheet, "dst_sheet")?;
    let id = sheet_id(&ctx, &a.src_spreadsheet, &a.src_sheet).await?;
    let path = format!(
        "{}/sheets/{id}:copyTo",
        spreadsheet_path(&a.src_spreadsheet)?
    );
    let copy: Value = req(&ctx, Method::POST, &path)?
        .json(&json!({ "destinationSpreadsheetId": dst }))
        .send_json()
        .await?;
    if copy.get("title").and_then(Value::as_str) == Some(name) {
        return Ok(json!({ "copy": copy }));
    }
    let new_id = copy.get("sheetId").and_then(Value::as_i64).unwrap_or(0);
    let rename = batch_update(&ctx, dst, rename_request(new_id, name)).await?;
    Ok(json!({ "copy": copy, "rename": rename }))
}

fn rename_request(sheet_id: i64, title: &str) -> Value {
    json!([{
        "updateSheetProperties": {
            "properties": {"sheetId": sheet_id, "title": title},
            "fields": "title",
        }
    }])
}

/// Rename a sheet. Returns Google's batchUpdate answer.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct RenameSheet {
    /// The spreadsheet's ID (from its URL)
    spreadsheet: String,
    /// The sheet's current name
    sheet: String,
    /// Its new name
    new_name: String,
}

async fn rename_sheet(ctx: Ctx, a: RenameSheet) -> Result<Value, ToolError> {
    let name = sheet_title(&a.new_name, "new_name")?;
    let id = sheet_id(&ctx, &a.spreadsheet, &a.sheet).await?;
    batch_update(&ctx, &a.spreadsheet, rename_request(id, name)).await
}

/// Add a sheet (tab) to a spreadsheet. Returns its `sheetId`, `title`, `index` and the
/// `spreadsheetId`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateSheet {
    /// The spreadsheet's ID (from its URL)
    spreadsheet_id: String,
    /// The new sheet's name
    title: String,
}

async fn create_sheet(ctx: Ctx, a: CreateSheet) -> Result<Value, ToolError> {
    let title = sheet_title(&a.title, "title")?;
    let v = batch_update(
        &ctx,
        &a.spreadsheet_id,
        json!([{ "addSheet": { "properties": { "title": title } } }]),
    )
    .await?;
    let p = v
        .pointer("/replies/0/addSheet/properties")
        .cloned()
        .unwrap_or(Value::Null);
    Ok(json!({
        "sheetId": p.get("sheetId").cloned().unwrap_or(json!(0)),
        "title": p.get("title").cloned().unwrap_or(json!(title)),
        "index": p.get("index").cloned().unwrap_or(Value::Null),
        "spreadsheetId": spreadsheet_id(&a.spreadsheet_id)?,
    }))
}

/// Run Sheets `spreadsheets.batchUpdate` requests as they are (addSheet,
/// updateSheetProperties, insertDimension, deleteDimension, repeatCell, updateBorders,
/// addConditionalFormatRule, ...). Returns Google's answer with a reply per request.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BatchUpdate {
    /// The spreadsheet's ID (from its URL)
    spreadsheet_id: String,
    /// Request objects, e.g. [{"addSheet": {"properties": {"title": "New"}}}]
    requests: Vec<Map<String, Value>>,
}

async fn batch_update_tool(ctx: Ctx, a: BatchUpdate) -> Result<Value, ToolError> {
    if a.requests.is_empty() {
        return Err(ToolError::invalid_input(
            "`requests` is empty: give at least one request object, e.g. {\"addSheet\": {\"properties\": {\"title\": \"New\"}}}",
        ));
    }
    batch_update(&ctx, &a.spreadsheet_id, json!(a.requests)).await
}
