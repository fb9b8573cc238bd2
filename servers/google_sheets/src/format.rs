//! Basic cell formatting: bold, italic, background colour and number format over a range
//! (`spreadsheets.batchUpdate` with one `repeatCell` whose `fields` mask names exactly what
//! is set, so every other format property of the cells is kept).

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{grid_range, parse_range, req, spreadsheet_path};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_sheets_format_range",
            "Format range",
            Effect::IdempotentWrite,
            format_range,
        )
        .toolset("formatting"),
    ]
}

/// Set bold, italic, background colour or number format on a range; the rest stays. Returns the
/// grid range and what was set.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct FormatRange {
    spreadsheet_id: String,
    /// A1 range
    range: String,
    bold: Option<bool>,
    italic: Option<bool>,
    /// `#RRGGBB`
    background_color: Option<String>,
    number_format_type: Option<NumberFormatType>,
    /// e.g. `#,##0.00`; default the locale's
    number_format_pattern: Option<String>,
}

// Sheets' `NumberFormatType`.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum NumberFormatType {
    Text,
    Number,
    Percent,
    Currency,
    Date,
    Time,
    DateTime,
    Scientific,
}

/// `#RRGGBB` (or `RRGGBB`) as Sheets' `Color` (channels from 0 to 1).
fn rgb(hex: &str) -> Result<Value, ToolError> {
    let h = hex.trim().trim_start_matches('#');
    let bad = || {
        ToolError::invalid_input(format!(
            "`background_color` `{hex}` is not a hex colour: write #RRGGBB, e.g. #FFF2CC"
        ))
    };
    if h.len() != 6 || !h.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(bad());
    }
    let ch = |i: usize| {
        u8::from_str_radix(h.get(i..i + 2).unwrap_or_default(), 16)
            .map(|v| f64::from(v) / 255.0)
            .map_err(|_| bad())
    };
    Ok(json!({ "red": ch(0)?, "green": ch(2)?, "blue": ch(4)? }))
}

async fn format_range(ctx: Ctx, a: FormatRange) -> Result<Value, ToolError> {
    let path = format!("{}:batchUpdate", spreadsheet_path(&a.spreadsheet_id)?);
    let range = parse_range(&a.range, "range")?;
    let mut format = Map::new();
    let mut fields = Vec::new();
    let mut text = Map::new();
    if let Some(b) = a.bold {
        text.insert("bold".into(), json!(b));
        fields.push("userEnteredFormat.textFormat.bold");
    }
    if let Some(i) = a.italic {
        text.insert("italic".into(), json!(i));
        fields.push("userEnteredFormat.textFormat.italic");
    }
    if !text.is_empty() {
        format.insert("textFormat".into(), Value::Object(text));
    }
    if let Some(c) = a.background_color.as_deref() {
        format.insert(
            "backgroundColorStyle".into(),
            json!({ "rgbColor": rgb(c)? }),
        );
        fields.push("userEnteredFormat.backgroundColorStyle");
    }
    let pattern = a
        .number_format_pattern
        .as_deref()
        .filter(|p| !p.trim().is_empty());
    match (a.number_format_type, pattern) {
        (Some(t), p) => {
            let mut nf = json!({ "type": t });
            if let Some(p) = p {
                nf["pattern"] = json!(p);
            }
            format.insert("numberFormat".into(), nf);
            fields.push("userEnteredFormat.numberFormat");
        }
        (None, Some(_)) => {
            return Err(ToolError::invalid_input(
                "`number_format_pattern` needs `number_format_type` (e.g. NUMBER for #,##0.00, DATE for yyyy-mm-dd)",
            ));
        }
        (None, None) => {}
    }
    if fields.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to format: give at least one of bold, italic, background_color, number_format_type",
        ));
    }
    let grid = grid_range(&ctx, &a.spreadsheet_id, &range).await?;
    let fields = fields.join(",");
    let format = Value::Object(format);
    req(&ctx, Method::POST, &path)?
        .json(&json!({
            "requests": [{
                "repeatCell": {
                    "range": grid,
                    "cell": { "userEnteredFormat": format },
                    "fields": fields,
                }
            }]
        }))
        // Setting the same format again changes nothing: safe to retry after a gateway error.
        .idempotent(true)
        .send()
        .await?;
    Ok(json!({
        "spreadsheetId": crate::api::spreadsheet_id(&a.spreadsheet_id)?,
        "range": range.to_string(),
        "gridRange": grid,
        "fields": fields,
        "userEnteredFormat": format,
    }))
}
