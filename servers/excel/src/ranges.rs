//! Cells and ranges: read a range or the used range of a worksheet, write one cell.

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{
    FILES_READ_ALL, FILES_READ_WRITE_ALL, address, in_session, no_session, workbook, worksheet,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "microsoft_excel_get_worksheet",
            "Read worksheet cells",
            Effect::Read,
            get_worksheet,
        )
        .scopes(FILES_READ_ALL)
        .toolset("ranges"),
        tool(
            "microsoft_excel_write_to_cell",
            "Write cell",
            Effect::IdempotentWrite,
            write_to_cell,
        )
        .scopes(FILES_READ_WRITE_ALL)
        .toolset("ranges"),
    ]
}

// formatted: the text Excel shows; userEntered: what was typed (formulas); all: values, text
// and formulas.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema, PartialEq, Eq)]
pub enum CellFormat {
    #[default]
    #[serde(rename = "formatted")]
    Formatted,
    #[serde(rename = "userEntered")]
    UserEntered,
    #[serde(rename = "all")]
    All,
}

/// Read cells of a worksheet: a range, or the used range when `range` is absent. Returns the
/// address, row and column counts and the cells as rows.
#[derive(Deserialize, JsonSchema)]
pub struct GetWorksheet {
    workbook_url: String,
    worksheet_id: Option<String>,
    worksheet_name: Option<String>,
    /// A1 range such as A1:C10 or Sheet1!A1:C10
    range: Option<String>,
    #[serde(default)]
    cell_value_format: CellFormat,
}

async fn get_worksheet(ctx: Ctx, a: GetWorksheet) -> Result<Value, ToolError> {
    let (sheet_in_range, addr) = match a.range.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        Some(r) => match r.rsplit_once('!') {
            Some((sheet, cells)) => (
                Some(sheet.trim().trim_matches('\'').to_owned()),
                Some(address(cells, "range")?),
            ),
            None => (None, Some(address(r, "range")?)),
        },
        None => (None, None),
    };
    let book = workbook(&ctx, &a.workbook_url).await?;
    let s = no_session(book);
    let name = sheet_in_range.as_deref().or(a.worksheet_name.as_deref());
    let id = if sheet_in_range.is_some() {
        None
    } else {
        a.worksheet_id.as_deref()
    };
    let ws = worksheet(&ctx, &s, id, name).await?;
    let path = match &addr {
        Some(r) => format!("{ws}/range(address='{r}')"),
        None => format!("{ws}/usedRange"),
    };
    let v: Value = s.req(&ctx, Method::GET, &path)?.send_json().await?;
    let mut out = pick(&v, &["address", "rowCount", "columnCount"]);
    match a.cell_value_format {
        CellFormat::Formatted => out["rows"] = v.get("text").cloned().unwrap_or(json!([])),
        CellFormat::UserEntered => out["rows"] = v.get("formulas").cloned().unwrap_or(json!([])),
        CellFormat::All => {
            for k in ["values", "text", "formulas"] {
                out[k] = v.get(k).cloned().unwrap_or(json!([]));
            }
        }
    }
    Ok(out)
}

/// A column label (`A`, `AA`, up to `XFD`), upper-cased.
fn column(c: &str) -> Result<String, ToolError> {
    let c = c.trim().to_ascii_uppercase();
    let ok = (1..=3).contains(&c.len()) && c.chars().all(|ch| ch.is_ascii_uppercase());
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`column` must be a column label such as A or AA (got {c:?})"
        )));
    }
    Ok(c)
}

/// Write one cell (a value, or a formula starting with =), in a workbook session. Returns the
/// cell's address, value and displayed text.
#[derive(Deserialize, JsonSchema)]
pub struct WriteToCell {
    workbook_url: String,
    /// e.g. A or AA
    column: String,
    /// From 1
    row: i64,
    /// Text, a number as text, or a formula such as =SUM(A1:A3)
    value: String,
    worksheet_id: Option<String>,
    worksheet_name: Option<String>,
}

async fn write_to_cell(ctx: Ctx, a: WriteToCell) -> Result<Value, ToolError> {
    let col = column(&a.column)?;
    let row = a.row;
    if !(1..=1_048_576).contains(&row) {
        return Err(ToolError::invalid_input(format!(
            "`row` must be between 1 and 1048576 (got {row})"
        )));
    }
    let cell = format!("{col}{row}");
    let book = workbook(&ctx, &a.workbook_url).await?;
    let value = a.value;
    let cx = &ctx;
    in_session(cx, book, |s| async move {
        let ws = worksheet(
            cx,
            &s,
            a.worksheet_id.as_deref(),
            a.worksheet_name.as_deref(),
        )
        .await?;
        let v: Value = s
            .req(cx, Method::PATCH, &format!("{ws}/range(address='{cell}')"))?
            .json(&json!({ "values": [[value]] }))
            .idempotent(true)
            .send_json()
            .await?;
        Ok(json!({
            "address": v.get("address").cloned().unwrap_or(json!(cell)),
            "value": v.pointer("/values/0/0").cloned().unwrap_or(Value::Null),
            "text": v.pointer("/text/0/0").cloned().unwrap_or(Value::Null),
        }))
    })
    .await
}
