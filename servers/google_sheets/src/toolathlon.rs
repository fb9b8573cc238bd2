//! The `toolathlon` profile (Klavis's `google_sheets_toolathlon`, xing5's `mcp-google-sheets`):
//! its nineteen tools, names and parameters, over the same Sheets v4 and Drive v3 requests as
//! the default tools, answering that server's JSON shapes (Google's answers or small objects).

mod cells;
mod drive;
mod sheets;

use mcp_shared::{Ctx, Profile, ServerOption, ToolDef, ToolError};

use crate::a1::{A1, sheet_ref};
use crate::api::{find_sheet, no_such_sheet, parse_range, sheet_list, sheet_title};

/// The Drive folder the profile's Drive tools work in when a call names none (the variant's
/// `DRIVE_FOLDER_ID`).
pub const FOLDER: ServerOption = ServerOption {
    name: "drive-folder-id",
    env: "DRIVE_FOLDER_ID",
    help: "toolathlon profile: the Google Drive folder that create_spreadsheet and list_spreadsheets use when a call gives no folder_id",
};

pub fn tools() -> Vec<ToolDef> {
    let mut t = cells::tools();
    t.extend(sheets::tools());
    t.extend(drive::tools());
    t.into_iter()
        .map(|t| t.only_in(&[Profile::Toolathlon]))
        .collect()
}

/// The range `sheet` and `range` name: the whole sheet without `range`; `range` on that sheet
/// (A1 notation, the sheet name quoted as needed); a `range` that names its own sheet
/// (`Other!A1:B2`) as it is.
fn range_of(sheet: &str, range: Option<&str>) -> Result<A1, ToolError> {
    let sheet = sheet_title(sheet, "sheet")?;
    match range.map(str::trim).filter(|r| !r.is_empty()) {
        None => parse_range(&sheet_ref(sheet), "sheet"),
        Some(r) if r.contains('!') => parse_range(r, "range"),
        Some(r) => parse_range(&format!("{}!{r}", sheet_ref(sheet)), "range"),
    }
}

/// The id of the sheet titled `title` (exactly, or the only one equal ignoring case).
async fn sheet_id(ctx: &Ctx, spreadsheet: &str, title: &str) -> Result<i64, ToolError> {
    let title = sheet_title(title, "sheet")?;
    let (sheets, _) = sheet_list(ctx, spreadsheet, false).await?;
    find_sheet(&sheets, title)
        .map(|s| s.id)
        .ok_or_else(|| no_such_sheet(title, &sheets))
}

/// The folder a Drive tool works in: the call's, else the server's `--drive-folder-id`.
fn folder<'a>(ctx: &'a Ctx, given: Option<&'a str>) -> Option<&'a str> {
    given.map(str::trim).filter(|f| !f.is_empty()).or_else(|| {
        ctx.option(FOLDER.name)
            .map(str::trim)
            .filter(|f| !f.is_empty())
    })
}
