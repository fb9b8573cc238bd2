//! Workbooks and worksheets: create a workbook (built here, uploaded to OneDrive), list and
//! add worksheets.

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use mcp_vendor_microsoft::{Query, put_content};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{FILES_READ_ALL, FILES_READ_WRITE_ALL, in_session, resolve_share, workbook};
use crate::xlsx;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "microsoft_excel_create_workbook",
            "Create workbook",
            Effect::Write,
            create_workbook,
        )
        .scopes(FILES_READ_WRITE_ALL)
        .toolset("workbooks"),
        tool(
            "microsoft_excel_list_worksheets",
            "List worksheets",
            Effect::Read,
            list_worksheets,
        )
        .scopes(FILES_READ_ALL)
        .toolset("workbooks"),
        tool(
            "microsoft_excel_create_worksheets",
            "Add worksheets",
            Effect::Write,
            create_worksheets,
        )
        .scopes(FILES_READ_WRITE_ALL)
        .toolset("workbooks"),
    ]
}

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// Create an .xlsx workbook in the user's OneDrive root, or in the folder of `parent_link`,
/// optionally with cell data (a new name is picked if the file exists). Returns its id, name
/// and web URL (usable as workbook_url).
#[derive(Deserialize, JsonSchema)]
pub struct CreateWorkbook {
    /// File name; .xlsx is appended
    title: String,
    /// JSON rows ([["Name","Qty"],["Widget",3]]) or row numbers to columns ({"1":{"A":"Name"}});
    /// a text starting with = is a formula
    data: Option<String>,
    /// Default Sheet1
    sheet_name: Option<String>,
    /// Sharing link or web URL of the destination folder
    parent_link: Option<String>,
}

async fn create_workbook(ctx: Ctx, a: CreateWorkbook) -> Result<Value, ToolError> {
    let title = a.title.trim();
    if title.is_empty()
        || title.chars().any(|c| {
            matches!(c, '"' | '*' | ':' | '<' | '>' | '?' | '/' | '\\' | '|') || c.is_control()
        })
    {
        return Err(ToolError::invalid_input(
            "`title` must be a file name without \" * : < > ? / \\ | or control characters",
        ));
    }
    let name = if title.to_ascii_lowercase().ends_with(".xlsx") {
        title.to_owned()
    } else {
        format!("{title}.xlsx")
    };
    let sheet = xlsx::sheet_name(a.sheet_name.as_deref().unwrap_or("Sheet1"), "sheet_name")?;
    let cells = match a.data.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(d) => xlsx::parse_data(d)?,
        None => xlsx::Cells::new(),
    };
    let bytes = xlsx::build(sheet, &cells)?;
    let target = match a
        .parent_link
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        Some(link) => {
            if !(link.starts_with("https://") || link.starts_with("http://")) {
                return Err(ToolError::invalid_input(
                    "`parent_link` must be a OneDrive or SharePoint folder URL",
                ));
            }
            let (drive, id, item) = resolve_share(&ctx, link, "parent_link").await?;
            if item.get("folder").is_none() {
                return Err(ToolError::invalid_input(
                    "`parent_link` does not name a folder",
                ));
            }
            format!(
                "/drives/{}/items/{}:/{}:/content",
                crate::api::drive_seg(&drive),
                seg(&id),
                seg(&name)
            )
        }
        None => format!("/me/drive/root:/{}:/content", seg(&name)),
    };
    let path = Query::new()
        .param("@microsoft.graph.conflictBehavior", "rename")
        .on(&target);
    let v = put_content(&ctx, &path, bytes, XLSX).await?;
    let mut out = pick(
        &v,
        &[
            "id",
            "name",
            "webUrl",
            "size",
            "driveId=parentReference.driveId",
        ],
    );
    out["worksheet"] = json!(sheet);
    out["cells"] = json!(cells.len());
    Ok(out)
}

/// List a workbook's worksheets: id, name, position, visibility.
#[derive(Deserialize, JsonSchema)]
pub struct ListWorksheets {
    /// Sharing link or web URL of the workbook, or its drive item id
    workbook_url: String,
}

async fn list_worksheets(ctx: Ctx, a: ListWorksheets) -> Result<Value, ToolError> {
    let book = workbook(&ctx, &a.workbook_url).await?;
    let path = Query::new()
        .select(["id", "name", "position", "visibility"])
        .on(&format!("{book}/worksheets"));
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    let sheets: Vec<Value> = v
        .get("value")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|w| pick(w, &["id", "name", "position", "visibility"]))
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({ "worksheets": sheets }))
}

/// Add empty worksheets to a workbook, in one workbook session. Returns the new worksheets;
/// on a failure, the error names those already added.
#[derive(Deserialize, JsonSchema)]
pub struct CreateWorksheets {
    workbook_url: String,
    /// 1 to 50 names
    sheet_names: Vec<String>,
}

async fn create_worksheets(ctx: Ctx, a: CreateWorksheets) -> Result<Value, ToolError> {
    if a.sheet_names.is_empty() || a.sheet_names.len() > 50 {
        return Err(ToolError::invalid_input(
            "`sheet_names` must hold 1 to 50 names",
        ));
    }
    let mut names = Vec::new();
    for n in &a.sheet_names {
        names.push(xlsx::sheet_name(n, "sheet_names")?.to_owned());
    }
    let book = workbook(&ctx, &a.workbook_url).await?;
    let cx = &ctx;
    in_session(cx, book, |s| async move {
        let mut added: Vec<Value> = Vec::new();
        for n in &names {
            let r = s
                .req(cx, Method::POST, &format!("{}/worksheets/add", s.workbook))?
                .json(&json!({ "name": n }))
                .send_json::<Value>()
                .await;
            match r {
                Ok(v) => added.push(pick(&v, &["id", "name", "position", "visibility"])),
                Err(e) if added.is_empty() => return Err(e),
                Err(e) => {
                    let done: Vec<&str> = added.iter().filter_map(|w| w["name"].as_str()).collect();
                    return Err(e.context(format!(
                        "Added {} before this failed; adding {n:?}",
                        done.join(", ")
                    )));
                }
            }
        }
        Ok(json!({ "worksheets": added }))
    })
    .await
}
