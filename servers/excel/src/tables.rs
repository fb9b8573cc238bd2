//! Named tables: list them, read rows, add rows (in a workbook session).

use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, seg_id, tool};
use mcp_vendor_microsoft::{Query, page_size};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{FILES_READ_ALL, FILES_READ_WRITE_ALL, in_session, no_session, workbook};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "microsoft_excel_list_tables",
            "List tables",
            Effect::Read,
            list_tables,
        )
        .scopes(FILES_READ_ALL)
        .toolset("tables"),
        tool(
            "microsoft_excel_get_table_rows",
            "Read table rows",
            Effect::Read,
            get_rows,
        )
        .scopes(FILES_READ_ALL)
        .toolset("tables"),
        tool(
            "microsoft_excel_add_table_rows",
            "Add table rows",
            Effect::Write,
            add_rows,
        )
        .scopes(FILES_READ_WRITE_ALL)
        .toolset("tables"),
    ]
}

/// List the workbook's named tables: id, name, whether it shows headers and totals.
#[derive(Deserialize, JsonSchema)]
pub struct ListTables {
    workbook_url: String,
}

async fn list_tables(ctx: Ctx, a: ListTables) -> Result<Value, ToolError> {
    let book = workbook(&ctx, &a.workbook_url).await?;
    let path = Query::new()
        .select(["id", "name", "showHeaders", "showTotals", "style"])
        .on(&format!("{book}/tables"));
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    let tables: Vec<Value> = v
        .get("value")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|t| pick(t, &["id", "name", "showHeaders", "showTotals", "style"]))
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({ "tables": tables }))
}

/// Read rows of a named table (without its header row), a page at a time: each row's index
/// and values.
#[derive(Deserialize, JsonSchema)]
pub struct GetRows {
    workbook_url: String,
    /// The table's name or id, e.g. Table1
    table: String,
    /// At most 500; default 100
    limit: Option<Count>,
    /// Row offset from the previous result's next_cursor
    cursor: Option<String>,
}

async fn get_rows(ctx: Ctx, a: GetRows) -> Result<Value, ToolError> {
    let limit = page_size(a.limit.map(Count::get), 100, 500, "limit")?;
    let skip: u64 = match a.cursor.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) => c.parse().map_err(|_| {
            ToolError::invalid_input(
                "`cursor` must be the next_cursor of a previous result (a row offset)",
            )
        })?,
        None => 0,
    };
    let book = workbook(&ctx, &a.workbook_url).await?;
    let s = no_session(book);
    let mut q = Query::new().top(limit);
    if skip > 0 {
        q = q.skip(skip);
    }
    let path = q.on(&format!(
        "{}/tables/{}/rows",
        s.workbook,
        seg_id(&a.table, "table")?
    ));
    let v: Value = s.req(&ctx, Method::GET, &path)?.send_json().await?;
    let rows: Vec<Value> = v
        .get("value")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|r| pick(r, &["index", "values=values.0"]))
                .collect()
        })
        .unwrap_or_default();
    let next = (rows.len() as u64 >= limit).then(|| (skip + limit).to_string());
    Ok(json!({ "rows": rows, "next_cursor": next }))
}

/// Append rows to the end of a named table, in a workbook session: `values` is a list of
/// rows, each a list with one value per table column.
#[derive(Deserialize, JsonSchema)]
pub struct AddRows {
    workbook_url: String,
    /// The table's name or id, e.g. Table1
    table: String,
    /// e.g. [["Widget", 3, 9.5]]
    values: Vec<Vec<Value>>,
}

async fn add_rows(ctx: Ctx, a: AddRows) -> Result<Value, ToolError> {
    if a.values.is_empty() || a.values.iter().any(Vec::is_empty) {
        return Err(ToolError::invalid_input(
            "`values` must hold at least one row, each with one value per column",
        ));
    }
    if let Some(bad) = a
        .values
        .iter()
        .flatten()
        .find(|v| v.is_object() || v.is_array())
    {
        return Err(ToolError::invalid_input(format!(
            "`values` cells must be text, numbers, booleans or null (got {bad})"
        )));
    }
    let table = seg_id(&a.table, "table")?;
    let book = workbook(&ctx, &a.workbook_url).await?;
    let count = a.values.len();
    let values = a.values;
    let cx = &ctx;
    in_session(cx, book, |s| async move {
        let v: Value = s
            .req(
                cx,
                Method::POST,
                &format!("{}/tables/{table}/rows/add", s.workbook),
            )?
            .json(&json!({ "values": values }))
            .send_json()
            .await?;
        Ok(json!({ "added": count, "index": v.get("index").cloned().unwrap_or(Value::Null) }))
    })
    .await
}
