//! Workbooks and their sheets: create a workbook, add, copy, rename and delete sheets,
//! describe a workbook.

use std::time::UNIX_EPOCH;

use mcp_shared::workspace::Workspace;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::book::{self, check_sheet_name, has_sheet, sheet, sheet_names, used_range};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "create_workbook",
            "Create workbook",
            Effect::Destructive,
            create_workbook,
        )
        .toolset("workbook"),
        tool(
            "create_worksheet",
            "Create worksheet",
            Effect::Write,
            create_worksheet,
        )
        .toolset("workbook"),
        tool(
            "copy_worksheet",
            "Copy worksheet",
            Effect::Write,
            copy_worksheet,
        )
        .toolset("workbook"),
        tool(
            "delete_worksheet",
            "Delete worksheet",
            Effect::Destructive,
            delete_worksheet,
        )
        .toolset("workbook"),
        tool(
            "rename_worksheet",
            "Rename worksheet",
            Effect::Write,
            rename_worksheet,
        )
        .toolset("workbook"),
        tool(
            "get_workbook_metadata",
            "Get workbook metadata",
            Effect::Read,
            get_workbook_metadata,
        )
        .toolset("workbook"),
    ]
}

/// Create an Excel workbook (.xlsx) with one empty sheet, `Sheet1` (parent directories
/// created; an existing file replaced).
#[derive(Deserialize, JsonSchema)]
pub struct CreateWorkbook {
    /// The workbook's path, relative to the workspace (ends in .xlsx)
    filepath: String,
}

async fn create_workbook(ctx: Ctx, a: CreateWorkbook) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("filepath", &a.filepath)?;
            if let Some(parent) = std::path::Path::new(&a.filepath)
                .parent()
                .and_then(|d| d.to_str())
                .filter(|d| !d.is_empty())
            {
                let dir = ws.path("filepath", parent)?;
                ws.create_dir_all("filepath", &dir)?;
            }
            let _ = p;
            let book = umya_spreadsheet::new_file();
            book::save(ws, "filepath", &a.filepath, &book)?;
            Ok(format!("Created workbook at {}", a.filepath))
        })
        .await
}

/// Add an empty worksheet at the end of a workbook. Fails when a sheet of that name exists
/// (names are compared without case, as Excel does).
#[derive(Deserialize, JsonSchema)]
pub struct CreateWorksheet {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The new sheet's name (at most 31 characters, none of : \ / ? * [ ])
    sheet_name: String,
}

async fn create_worksheet(ctx: Ctx, a: CreateWorksheet) -> Result<String, ToolError> {
    check_sheet_name("sheet_name", &a.sheet_name)?;
    book::edit(&ctx, a.filepath, move |b| {
        if has_sheet(b, &a.sheet_name) {
            return Err(ToolError::invalid_input(format!(
                "`sheet_name`: the workbook has a sheet '{}' already.",
                a.sheet_name
            )));
        }
        b.new_sheet(a.sheet_name.clone())
            .map_err(|e| ToolError::invalid_input(format!("cannot add the sheet: {e}")))?;
        Ok(format!("Sheet '{}' created", a.sheet_name))
    })
    .await
}

/// Copy a worksheet (cells, styles, merges, validation, conditional formats, charts, tables)
/// to a new sheet at the end; the copy's tables get new names.
#[derive(Deserialize, JsonSchema)]
pub struct CopyWorksheet {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet to copy
    source_sheet: String,
    /// The new sheet's name
    target_sheet: String,
}

async fn copy_worksheet(ctx: Ctx, a: CopyWorksheet) -> Result<String, ToolError> {
    check_sheet_name("target_sheet", &a.target_sheet)?;
    book::edit(&ctx, a.filepath, move |b| {
        let mut copy = sheet(b, "source_sheet", &a.source_sheet)?.clone();
        if has_sheet(b, &a.target_sheet) {
            return Err(ToolError::invalid_input(format!(
                "`target_sheet`: the workbook has a sheet '{}' already.",
                a.target_sheet
            )));
        }
        copy.set_name(a.target_sheet.clone());
        let mut taken: Vec<String> = b
            .get_sheet_collection_no_check()
            .iter()
            .flat_map(|s| s.get_tables().iter().map(|t| t.get_name().to_lowercase()))
            .collect();
        for t in copy.get_tables_mut().iter_mut() {
            let base = t.get_name().to_owned();
            let mut n = 2;
            let mut name = format!("{base}_{n}");
            while taken.contains(&name.to_lowercase()) {
                n += 1;
                name = format!("{base}_{n}");
            }
            taken.push(name.to_lowercase());
            t.set_name(&name);
            t.set_display_name(&name);
        }
        b.add_sheet(copy)
            .map_err(|e| ToolError::invalid_input(format!("cannot add the sheet: {e}")))?;
        Ok(format!(
            "Sheet '{}' copied to '{}'",
            a.source_sheet, a.target_sheet
        ))
    })
    .await
}

/// Delete a worksheet and everything on it. The last sheet of a workbook cannot be deleted.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteWorksheet {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet to delete
    sheet_name: String,
}

async fn delete_worksheet(ctx: Ctx, a: DeleteWorksheet) -> Result<String, ToolError> {
    book::edit(&ctx, a.filepath, move |b| {
        sheet(b, "sheet_name", &a.sheet_name)?;
        if b.get_sheet_count() <= 1 {
            return Err(ToolError::invalid_input(
                "the workbook has only this sheet: a workbook needs at least one.",
            ));
        }
        b.remove_sheet_by_name(&a.sheet_name)
            .map_err(|e| ToolError::invalid_input(format!("cannot delete the sheet: {e}")))?;
        b.set_active_sheet(0);
        Ok(format!("Sheet '{}' deleted", a.sheet_name))
    })
    .await
}

/// Rename a worksheet. Formulas that name the old sheet are not rewritten.
#[derive(Deserialize, JsonSchema)]
pub struct RenameWorksheet {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet's current name
    old_name: String,
    /// Its new name
    new_name: String,
}

async fn rename_worksheet(ctx: Ctx, a: RenameWorksheet) -> Result<String, ToolError> {
    check_sheet_name("new_name", &a.new_name)?;
    book::edit(&ctx, a.filepath, move |b| {
        let index = b
            .get_sheet_collection_no_check()
            .iter()
            .position(|s| s.get_name() == a.old_name)
            .ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "`old_name`: the workbook has no sheet '{}'; its sheets are {}.",
                    a.old_name,
                    sheet_names(b)
                ))
            })?;
        let clash = b
            .get_sheet_collection_no_check()
            .iter()
            .enumerate()
            .any(|(i, s)| i != index && s.get_name().to_lowercase() == a.new_name.to_lowercase());
        if clash {
            return Err(ToolError::invalid_input(format!(
                "`new_name`: the workbook has a sheet '{}' already.",
                a.new_name
            )));
        }
        if let Some(s) = b.get_sheet_mut(&index) {
            s.set_name(a.new_name.clone());
        }
        Ok(format!(
            "Sheet renamed from '{}' to '{}'",
            a.old_name, a.new_name
        ))
    })
    .await
}

/// Describe a workbook as JSON: file name, size, time of change, sheets in order, and with
/// `include_ranges` each sheet's used range (`A1:D20`).
#[derive(Deserialize, JsonSchema)]
pub struct GetWorkbookMetadata {
    /// Workbook path relative to the workspace
    filepath: String,
    /// Also give each sheet's used range
    #[serde(default)]
    include_ranges: bool,
}

async fn get_workbook_metadata(ctx: Ctx, a: GetWorkbookMetadata) -> Result<Value, ToolError> {
    let filepath = a.filepath.clone();
    book::view(&ctx, a.filepath, move |b, ws| {
        let p = ws.path("filepath", &filepath)?;
        let info = ws.metadata("filepath", &p)?;
        let name = std::path::Path::new(&filepath)
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or(&filepath)
            .to_owned();
        let sheets: Vec<Value> = b
            .get_sheet_collection_no_check()
            .iter()
            .map(|s| json!(s.get_name()))
            .collect();
        let mut out = Map::new();
        out.insert("filename".into(), json!(name));
        out.insert("sheets".into(), Value::Array(sheets));
        out.insert("size".into(), json!(info.len));
        if let Some(m) = info
            .modified
            .and_then(|m| m.duration_since(UNIX_EPOCH).ok())
        {
            out.insert("modified".into(), json!(m.as_secs_f64()));
        }
        if a.include_ranges {
            let ranges: Map<String, Value> = b
                .get_sheet_collection_no_check()
                .iter()
                .map(|s| (s.get_name().to_owned(), json!(used_range(s).a1())))
                .collect();
            out.insert("used_ranges".into(), Value::Object(ranges));
        }
        Ok(Value::Object(out))
    })
    .await
}
