//! What every Sheets tool shares: authenticated requests under `/v4/spreadsheets`, spreadsheet
//! ids (or URLs), ranges checked with [`crate::a1`] and encoded as one path segment, cell
//! values, the value options, and looking sheets up by title.

use std::borrow::Cow;

use mcp_shared::{Ctx, Method, Request, ToolError, seg};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::a1::{self, A1, Bounds};

/// An authenticated request to `/v4/spreadsheets{path}`.
pub fn req(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    ctx.authorized(method, &format!("/v4/spreadsheets{path}"))
}

/// A spreadsheet id argument, checked. A spreadsheet URL
/// (`https://docs.google.com/spreadsheets/d/<id>/edit#gid=0`) is accepted too.
pub fn spreadsheet_id(id: &str) -> Result<&str, ToolError> {
    let id = id.trim();
    let id = match id.find("/spreadsheets/d/") {
        Some(i) => id
            .get(i + "/spreadsheets/d/".len()..)
            .unwrap_or_default()
            .split(['/', '?', '#'])
            .next()
            .unwrap_or_default(),
        None => id,
    };
    if id.is_empty() {
        return Err(ToolError::invalid_input(
            "`spreadsheet_id` must not be empty: give the id from the spreadsheet's URL (docs.google.com/spreadsheets/d/<id>/edit)",
        ));
    }
    if !id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(ToolError::invalid_input(format!(
            "`{id}` is not a spreadsheet id: ids are letters, digits, `-` and `_`, as in docs.google.com/spreadsheets/d/<id>/edit"
        )));
    }
    Ok(id)
}

/// `/{spreadsheetId}`
pub fn spreadsheet_path(id: &str) -> Result<String, ToolError> {
    Ok(format!("/{}", seg(spreadsheet_id(id)?)))
}

const A1_FORMS: &str = "use A1 notation: A1, A1:C10, A:C, 1:3, B2:D, Sheet1!A1:C10, 'My Sheet'!A:A, 'Bob''s data'!B2, or a sheet name alone.";

/// Parse a range argument; a clear error naming the argument when it is not valid A1.
pub fn parse_range(input: &str, what: &str) -> Result<A1, ToolError> {
    a1::parse(input).map_err(|e| {
        ToolError::invalid_input(format!("invalid `{what}` `{input}`: {e}.")).with_hint(A1_FORMS)
    })
}

/// `/{spreadsheetId}/values/{range}` with the range checked, canonical and encoded.
pub fn values_path(id: &str, range: &A1) -> Result<String, ToolError> {
    Ok(format!(
        "{}/values/{}",
        spreadsheet_path(id)?,
        seg(&range.to_string())
    ))
}

// How Google reads the values written: as typed by a user (formulas, numbers, dates parsed),
// or stored as they are.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ValueInputOption {
    Raw,
    #[default]
    UserEntered,
}

// How values are rendered in what is read.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ValueRenderOption {
    #[default]
    FormattedValue,
    UnformattedValue,
    Formula,
}

// Whether `values` lists rows or columns.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum MajorDimension {
    #[default]
    Rows,
    Columns,
}

/// One cell value to write: text, a number or true/false (null leaves the cell as it is).
#[derive(Debug, Clone, Serialize)]
pub struct CellValue(pub Value);

impl<'de> Deserialize<'de> for CellValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            v @ (Value::String(_) | Value::Number(_) | Value::Bool(_) | Value::Null) => {
                Ok(CellValue(v))
            }
            other => Err(de::Error::custom(format!(
                "a cell value is text, a number or true/false, not {other}"
            ))),
        }
    }
}

impl JsonSchema for CellValue {
    fn schema_name() -> Cow<'static, str> {
        "CellValue".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": ["string", "number", "boolean"] })
    }
}

/// Rows of values, checked to be non-empty.
pub fn rows_json(rows: &[Vec<CellValue>], what: &str) -> Result<Value, ToolError> {
    if rows.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` is empty: give at least one row, e.g. [[\"Name\", \"Score\"], [\"Ann\", 12]]"
        )));
    }
    Ok(json!(rows))
}

/// One sheet's properties.
#[derive(Debug, Clone)]
pub struct SheetInfo {
    pub id: i64,
    pub title: String,
    pub hidden: bool,
}

/// The sheets of a spreadsheet (and, when `named_ranges`, its named ranges), in tab order.
pub async fn sheet_list(
    ctx: &Ctx,
    spreadsheet_id: &str,
    named_ranges: bool,
) -> Result<(Vec<SheetInfo>, Vec<Value>), ToolError> {
    let fields = if named_ranges {
        "sheets.properties(sheetId,title,hidden),namedRanges(name,range)"
    } else {
        "sheets.properties(sheetId,title,hidden)"
    };
    let v: Value = req(ctx, Method::GET, &spreadsheet_path(spreadsheet_id)?)?
        .query("fields", fields)
        .send_json()
        .await?;
    let sheets = v
        .get("sheets")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|s| {
            let p = s.get("properties")?;
            Some(SheetInfo {
                // Google omits zero-valued fields: the first sheet's id 0 may be absent.
                id: p.get("sheetId").and_then(Value::as_i64).unwrap_or(0),
                title: p.get("title")?.as_str()?.to_owned(),
                hidden: p.get("hidden").and_then(Value::as_bool).unwrap_or(false),
            })
        })
        .collect();
    let named = v
        .get("namedRanges")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    Ok((sheets, named))
}

/// The sheet titled `title`: exactly, or else the only one equal ignoring case.
pub fn find_sheet<'a>(sheets: &'a [SheetInfo], title: &str) -> Option<&'a SheetInfo> {
    sheets.iter().find(|s| s.title == title).or_else(|| {
        let mut m = sheets
            .iter()
            .filter(|s| s.title.eq_ignore_ascii_case(title));
        match (m.next(), m.next()) {
            (Some(one), None) => Some(one),
            _ => None,
        }
    })
}

/// The error for a sheet title that is not in the spreadsheet, listing those that are.
pub fn no_such_sheet(title: &str, sheets: &[SheetInfo]) -> ToolError {
    let titles: Vec<String> = sheets.iter().map(|s| format!("'{}'", s.title)).collect();
    ToolError::invalid_input(format!(
        "the spreadsheet has no sheet titled '{title}'; its sheets are {}",
        if titles.is_empty() {
            "none".to_owned()
        } else {
            titles.join(", ")
        }
    ))
    .with_hint("google_sheets_list_sheets lists the sheets with their ids.")
}

/// A Sheets `GridRange` for a range: its sheet's id looked up by title (no sheet: the first
/// visible sheet; a bare name: a sheet, else a named range).
pub async fn grid_range(ctx: &Ctx, spreadsheet_id: &str, range: &A1) -> Result<Value, ToolError> {
    let (sheets, named) = sheet_list(ctx, spreadsheet_id, true).await?;
    let (sheet, bounds) = match range {
        A1::Cells { sheet: None, cells } => {
            let first = sheets.iter().find(|s| !s.hidden).ok_or_else(|| {
                ToolError::invalid_input("the spreadsheet has no visible sheet: name the sheet in the range, e.g. Sheet1!A1:C10")
            })?;
            (first, cells.bounds())
        }
        A1::Cells {
            sheet: Some(t),
            cells,
        } => (
            find_sheet(&sheets, t).ok_or_else(|| no_such_sheet(t, &sheets))?,
            cells.bounds(),
        ),
        A1::Name { name, quoted } => match find_sheet(&sheets, name) {
            Some(s) => (s, Bounds::default()),
            None if !quoted => {
                let nr = named
                    .iter()
                    .find(|n| n.get("name").and_then(Value::as_str) == Some(name.as_str()))
                    .and_then(|n| n.get("range"));
                return match nr {
                    Some(r) => {
                        let mut r = r.clone();
                        if r.get("sheetId").is_none() {
                            r["sheetId"] = json!(0);
                        }
                        Ok(r)
                    }
                    None => Err(ToolError::invalid_input(format!(
                        "`{name}` is neither a sheet nor a named range of this spreadsheet"
                    ))
                    .with_hint(
                        "give cells in A1 notation (Sheet1!A1:C10), or a sheet title from google_sheets_list_sheets.",
                    )),
                };
            }
            None => return Err(no_such_sheet(name, &sheets)),
        },
    };
    let mut g = json!({ "sheetId": sheet.id });
    for (k, v) in [
        ("startRowIndex", bounds.start_row),
        ("endRowIndex", bounds.end_row),
        ("startColumnIndex", bounds.start_col),
        ("endColumnIndex", bounds.end_col),
    ] {
        if let Some(v) = v {
            g[k] = json!(v);
        }
    }
    Ok(g)
}

/// A non-empty sheet title argument, trimmed.
pub fn sheet_title<'a>(t: &'a str, what: &str) -> Result<&'a str, ToolError> {
    let t = t.trim();
    if t.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must not be empty"
        )));
    }
    if t.chars().any(char::is_control) {
        return Err(ToolError::invalid_input(format!(
            "`{what}` `{t}` contains a line break or another control character"
        )));
    }
    Ok(t)
}
