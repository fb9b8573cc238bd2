//! Rows and columns: insert and delete them. Cells below or to the right move, and umya
//! shifts the references of formulas, merged ranges and other objects with them.

use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::book::{self, MAX_COL, MAX_ROW, col_name, count_arg, sheet_mut};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("insert_rows", "Insert rows", Effect::Write, insert_rows)
            .described("Insert empty rows before `start_row`; the rows from there move down.")
            .toolset("structure"),
        tool(
            "insert_columns",
            "Insert columns",
            Effect::Write,
            insert_columns,
        )
        .described(
            "Insert empty columns before `start_col` (1 is A); the columns from there move right.",
        )
        .toolset("structure"),
        tool(
            "delete_sheet_rows",
            "Delete sheet rows",
            Effect::Destructive,
            delete_sheet_rows,
        )
        .described("Delete `count` rows from `start_row`; the rows below move up.")
        .toolset("structure"),
        tool(
            "delete_sheet_columns",
            "Delete sheet columns",
            Effect::Destructive,
            delete_sheet_columns,
        )
        .described(
            "Delete `count` columns from `start_col` (1 is A); the columns to the right move left.",
        )
        .toolset("structure"),
    ]
}

/// Rows of a sheet: the first one and how many.
#[derive(Deserialize, JsonSchema)]
pub struct Rows {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
    /// The first row (from 1)
    start_row: Count,
    /// How many rows
    #[serde(default = "one")]
    count: Count,
}

/// Columns of a sheet: the first one and how many.
#[derive(Deserialize, JsonSchema)]
pub struct Columns {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
    /// The first column (from 1: A is 1)
    start_col: Count,
    /// How many columns
    #[serde(default = "one")]
    count: Count,
}

fn one() -> Count {
    Count(1)
}

fn rows_of(a: &Rows) -> Result<(u32, u32), ToolError> {
    let start = count_arg("start_row", a.start_row.get(), MAX_ROW)?;
    let n = count_arg("count", a.count.get(), MAX_ROW - start + 1)?;
    Ok((start, n))
}

fn cols_of(a: &Columns) -> Result<(u32, u32), ToolError> {
    let start = count_arg("start_col", a.start_col.get(), MAX_COL)?;
    let n = count_arg("count", a.count.get(), MAX_COL - start + 1)?;
    Ok((start, n))
}

/// Insert empty rows before `start_row`; the rows from there move down.
async fn insert_rows(ctx: Ctx, a: Rows) -> Result<String, ToolError> {
    let (start, n) = rows_of(&a)?;
    book::edit_shifting(&ctx, a.filepath, a.sheet_name.clone(), move |b| {
        sheet_mut(b, "sheet_name", &a.sheet_name)?;
        b.insert_new_row(&a.sheet_name, &start, &n);
        Ok(format!(
            "Inserted {n} rows starting at row {start} in sheet '{}'",
            a.sheet_name
        ))
    })
    .await
}

/// Insert empty columns before `start_col` (1 is A); the columns from there move right.
async fn insert_columns(ctx: Ctx, a: Columns) -> Result<String, ToolError> {
    let (start, n) = cols_of(&a)?;
    book::edit_shifting(&ctx, a.filepath, a.sheet_name.clone(), move |b| {
        sheet_mut(b, "sheet_name", &a.sheet_name)?;
        b.insert_new_column_by_index(&a.sheet_name, &start, &n);
        Ok(format!(
            "Inserted {n} columns starting at column {} in sheet '{}'",
            col_name(start),
            a.sheet_name
        ))
    })
    .await
}

/// Delete `count` rows from `start_row`; the rows below move up.
async fn delete_sheet_rows(ctx: Ctx, a: Rows) -> Result<String, ToolError> {
    let (start, n) = rows_of(&a)?;
    book::edit_shifting(&ctx, a.filepath, a.sheet_name.clone(), move |b| {
        sheet_mut(b, "sheet_name", &a.sheet_name)?;
        b.remove_row(&a.sheet_name, &start, &n);
        Ok(format!(
            "Deleted {n} rows starting at row {start} in sheet '{}'",
            a.sheet_name
        ))
    })
    .await
}

/// Delete `count` columns from `start_col` (1 is A); the columns to the right move left.
async fn delete_sheet_columns(ctx: Ctx, a: Columns) -> Result<String, ToolError> {
    let (start, n) = cols_of(&a)?;
    book::edit_shifting(&ctx, a.filepath, a.sheet_name.clone(), move |b| {
        sheet_mut(b, "sheet_name", &a.sheet_name)?;
        b.remove_column_by_index(&a.sheet_name, &start, &n);
        Ok(format!(
            "Deleted {n} columns starting at column {} in sheet '{}'",
            col_name(start),
            a.sheet_name
        ))
    })
    .await
}
