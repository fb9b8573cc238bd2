//! Sheets (the tabs of a spreadsheet): list, add and delete them (`spreadsheets.batchUpdate`
//! with `addSheet` / `deleteSheet`).

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{
    find_sheet, no_such_sheet, req, sheet_list, sheet_title, spreadsheet_id, spreadsheet_path,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_sheets_list_sheets",
            "List sheets",
            Effect::Read,
            list_sheets,
        )
        .toolset("sheets")
        .output::<SheetList>(),
        tool(
            "google_sheets_create_sheets",
            "Create sheets",
            Effect::Write,
            create_sheets,
        )
        .toolset("sheets")
        .output::<CreatedSheets>(),
        tool(
            "google_sheets_delete_sheet",
            "Delete sheet",
            Effect::Destructive,
            delete_sheet,
        )
        .toolset("sheets")
        .output::<DeletedSheet>(),
    ]
}

/// `:batchUpdate` of a spreadsheet with these requests.
pub(crate) async fn batch_update(
    ctx: &Ctx,
    spreadsheet_id: &str,
    requests: Value,
) -> Result<Value, ToolError> {
    req(
        ctx,
        Method::POST,
        &format!("{}:batchUpdate", spreadsheet_path(spreadsheet_id)?),
    )?
    .json(&json!({ "requests": requests }))
    .send_json()
    .await
}

// ---- google_sheets_list_sheets

/// List a spreadsheet's sheets (tabs) with id, title, index and size; no cell data.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListSheets {
    spreadsheet_id: String,
}

/// A spreadsheet's sheets.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct SheetList {
    #[serde(rename = "spreadsheetId")]
    spreadsheet_id: String,
    #[serde(rename = "spreadsheetUrl")]
    spreadsheet_url: Option<String>,
    title: Option<String>,
    /// In tab order
    sheets: Vec<SheetSummary>,
}

/// One sheet.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct SheetSummary {
    #[serde(rename = "sheetId")]
    sheet_id: i64,
    title: String,
    /// From 0
    index: i64,
    #[serde(rename = "rowCount")]
    row_count: Option<i64>,
    #[serde(rename = "columnCount")]
    column_count: Option<i64>,
    hidden: Option<bool>,
    /// Set for non-grid sheets
    #[serde(rename = "sheetType")]
    sheet_type: Option<String>,
}

async fn list_sheets(ctx: Ctx, a: ListSheets) -> Result<Value, ToolError> {
    let v: Value = req(&ctx, Method::GET, &spreadsheet_path(&a.spreadsheet_id)?)?
        .query(
            "fields",
            "spreadsheetId,spreadsheetUrl,properties.title,sheets.properties(sheetId,title,index,sheetType,hidden,gridProperties(rowCount,columnCount))",
        )
        .send_json()
        .await?;
    let sheets: Vec<Value> = v
        .get("sheets")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|s| s.get("properties"))
        .map(|p| {
            let mut o = json!({
                // Google leaves out zero values: the first sheet's id and index are often 0.
                "sheetId": p.get("sheetId").cloned().unwrap_or(json!(0)),
                "title": p.get("title").cloned().unwrap_or(json!("")),
                "index": p.get("index").cloned().unwrap_or(json!(0)),
            });
            if let Some(n) = at(p, "gridProperties.rowCount") {
                o["rowCount"] = n.clone();
            }
            if let Some(n) = at(p, "gridProperties.columnCount") {
                o["columnCount"] = n.clone();
            }
            if p.get("hidden").and_then(Value::as_bool) == Some(true) {
                o["hidden"] = json!(true);
            }
            if let Some(t) = p
                .get("sheetType")
                .and_then(Value::as_str)
                .filter(|t| *t != "GRID")
            {
                o["sheetType"] = json!(t);
            }
            o
        })
        .collect();
    let mut out = pick(
        &v,
        &["spreadsheetId", "spreadsheetUrl", "title=properties.title"],
    );
    if out.get("spreadsheetId").is_none() {
        out["spreadsheetId"] = json!(spreadsheet_id(&a.spreadsheet_id)?);
    }
    out["sheets"] = Value::Array(sheets);
    Ok(out)
}

// ---- google_sheets_create_sheets

/// Add empty sheets, one per name. Returns those created (title, sheetId) and those that failed,
/// with Google's reason.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateSheets {
    spreadsheet_id: String,
    sheet_names: Vec<String>,
}

/// What google_sheets_create_sheets did.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct CreatedSheets {
    spreadsheet_id: String,
    /// `title`, `sheetId`
    created: Vec<Value>,
    /// `name`, `error`
    failed: Vec<Value>,
}

async fn create_sheets(ctx: Ctx, a: CreateSheets) -> Result<Value, ToolError> {
    spreadsheet_path(&a.spreadsheet_id)?;
    if a.sheet_names.is_empty() {
        return Err(ToolError::invalid_input(
            "`sheet_names` is empty: give at least one name for a new sheet",
        ));
    }
    let mut names: Vec<&str> = Vec::new();
    for n in &a.sheet_names {
        let n = sheet_title(n, "sheet_names")?;
        if names.iter().any(|m| m.eq_ignore_ascii_case(n)) {
            return Err(ToolError::invalid_input(format!(
                "`sheet_names` lists '{n}' twice: sheet names must be unique"
            )));
        }
        names.push(n);
    }
    let mut created = Vec::new();
    let mut failed = Vec::new();
    let mut first_error = None;
    for name in names {
        let r = batch_update(
            &ctx,
            &a.spreadsheet_id,
            json!([{ "addSheet": { "properties": { "title": name } } }]),
        )
        .await;
        match r {
            Ok(v) => {
                let p = at(&v, "replies.0.addSheet.properties");
                created.push(json!({
                    "title": p.and_then(|p| p.get("title")).cloned().unwrap_or(json!(name)),
                    "sheetId": p.and_then(|p| p.get("sheetId")).cloned().unwrap_or(json!(0)),
                }));
            }
            Err(e) => {
                failed.push(json!({ "name": name, "error": e.to_string() }));
                first_error.get_or_insert(e);
            }
        }
    }
    if created.is_empty()
        && let Some(e) = first_error
    {
        return Err(e);
    }
    Ok(json!({
        "spreadsheet_id": spreadsheet_id(&a.spreadsheet_id)?,
        "created": created,
        "failed": failed,
    }))
}

// ---- google_sheets_delete_sheet

/// Delete a sheet and its data, by `sheet_id` or `sheet_name` (not the last sheet). Irreversible
/// except through version history.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteSheet {
    spreadsheet_id: String,
    /// The `gid`
    sheet_id: Option<Int>,
    sheet_name: Option<String>,
}

/// A deleted sheet.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct DeletedSheet {
    #[serde(rename = "spreadsheetId")]
    spreadsheet_id: String,
    #[serde(rename = "deletedSheetId")]
    deleted_sheet_id: i64,
    title: Option<String>,
}

async fn delete_sheet(ctx: Ctx, a: DeleteSheet) -> Result<Value, ToolError> {
    spreadsheet_path(&a.spreadsheet_id)?;
    let name = a
        .sheet_name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    let (id, title) = match (a.sheet_id, name) {
        (Some(_), Some(_)) => {
            return Err(ToolError::invalid_input(
                "give `sheet_id` or `sheet_name`, not both",
            ));
        }
        (None, None) => {
            return Err(ToolError::invalid_input(
                "give the sheet to delete: `sheet_id` or `sheet_name`",
            ));
        }
        (Some(id), None) => (
            i64::try_from(id.get())
                .map_err(|_| ToolError::invalid_input("`sheet_id` is too large"))?,
            None,
        ),
        (None, Some(n)) => {
            let (sheets, _) = sheet_list(&ctx, &a.spreadsheet_id, false).await?;
            let s = find_sheet(&sheets, n).ok_or_else(|| no_such_sheet(n, &sheets))?;
            (s.id, Some(s.title.clone()))
        }
    };
    let v = batch_update(
        &ctx,
        &a.spreadsheet_id,
        json!([{ "deleteSheet": { "sheetId": id } }]),
    )
    .await?;
    let mut out = json!({
        "spreadsheetId": v.get("spreadsheetId").cloned().unwrap_or(json!(spreadsheet_id(&a.spreadsheet_id)?)),
        "deletedSheetId": id,
    });
    if let Some(t) = title {
        out["title"] = json!(t);
    }
    Ok(out)
}
