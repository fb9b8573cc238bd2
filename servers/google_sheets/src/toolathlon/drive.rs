//! Drive tools of the toolathlon profile (Google Drive API v3, where spreadsheets are files):
//! create, list, search and share spreadsheets, and list folders. Every value put in a Drive
//! query is escaped, and trashed files are left out.

use mcp_shared::pagination::Pages;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use mcp_vendor_google::drive::escape_literal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use super::folder;
use crate::api::spreadsheet_id;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "create_spreadsheet",
            "Create spreadsheet",
            Effect::Write,
            create_spreadsheet,
        )
        .toolset("spreadsheets"),
        tool(
            "list_spreadsheets",
            "List spreadsheets",
            Effect::Read,
            list_spreadsheets,
        )
        .toolset("spreadsheets"),
        tool(
            "share_spreadsheet",
            "Share spreadsheet",
            Effect::IdempotentWrite,
            share_spreadsheet,
        )
        .toolset("spreadsheets"),
        tool("list_folders", "List folders", Effect::Read, list_folders).toolset("spreadsheets"),
        tool(
            "search_spreadsheets",
            "Search spreadsheets",
            Effect::Read,
            search_spreadsheets,
        )
        .toolset("spreadsheets"),
    ]
}

const SPREADSHEET: &str = "application/vnd.google-apps.spreadsheet";
const FOLDER: &str = "application/vnd.google-apps.folder";
/// Pages of 1000 files read at most by the listing tools.
const LIST_PAGES: usize = 5;

/// Create an empty spreadsheet in a Drive folder (`folder_id`, else the server's default
/// folder, else My Drive). Returns its `spreadsheetId`, `title` and `folder`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateSpreadsheet {
    /// The new spreadsheet's title
    title: String,
    /// The Drive folder to create it in
    folder_id: Option<String>,
}

async fn create_spreadsheet(ctx: Ctx, a: CreateSpreadsheet) -> Result<Value, ToolError> {
    let title = a.title.trim();
    if title.is_empty() {
        return Err(ToolError::invalid_input("`title` must not be empty"));
    }
    let target = folder(&ctx, a.folder_id.as_deref()).map(str::to_owned);
    let mut body = json!({ "name": title, "mimeType": SPREADSHEET });
    if let Some(f) = &target {
        body["parents"] = json!([f]);
    }
    let v: Value = ctx
        .api_authorized("drive", Method::POST, "/drive/v3/files")?
        .query("supportsAllDrives", "true")
        .query("fields", "id,name,parents")
        .json(&body)
        .send_json()
        .await?;
    Ok(json!({
        "spreadsheetId": v.get("id"),
        "title": v.get("name").and_then(Value::as_str).unwrap_or(title),
        "folder": v.pointer("/parents/0").and_then(Value::as_str).unwrap_or("root"),
    }))
}

/// `files.list` with this query, every page up to the cap, these fields of each file.
async fn files(
    ctx: &Ctx,
    q: &str,
    order_by: &str,
    fields: &str,
) -> Result<(Vec<Value>, Option<String>), ToolError> {
    let mut out = Vec::new();
    let mut pages = Pages::with_cap(LIST_PAGES);
    let mut token: Option<String> = None;
    loop {
        let v: Value = ctx
            .api_authorized("drive", Method::GET, "/drive/v3/files")?
            .query("q", q)
            .query("spaces", "drive")
            .query("includeItemsFromAllDrives", "true")
            .query("supportsAllDrives", "true")
            .query("orderBy", order_by)
            .query("pageSize", 1000)
            .query("fields", format!("nextPageToken,files({fields})"))
            .query_opt("pageToken", token.as_deref())
            .send_json()
            .await?;
        out.extend(
            v.get("files")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .cloned(),
        );
        match pages.next(v.get("nextPageToken").and_then(Value::as_str)) {
            Some(t) => token = Some(t),
            None => break,
        }
    }
    Ok((out, pages.note()))
}

/// The listing with the note of a cut-short listing, when there is one, as a last entry.
fn listing(mut items: Vec<Value>, note: Option<String>) -> Value {
    if let Some(note) = note {
        items.push(json!({ "note": note }));
    }
    Value::Array(items)
}

/// List the spreadsheets of a Drive folder (`folder_id`, else the server's default folder,
/// else all of the user's), most recently modified first: `{id, title}` each.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListSpreadsheets {
    /// The Drive folder to list
    folder_id: Option<String>,
}

async fn list_spreadsheets(ctx: Ctx, a: ListSpreadsheets) -> Result<Value, ToolError> {
    let mut q = format!("mimeType='{SPREADSHEET}' and trashed=false");
    if let Some(f) = folder(&ctx, a.folder_id.as_deref()) {
        q.push_str(&format!(" and '{}' in parents", escape_literal(f)));
    }
    let (found, note) = files(&ctx, &q, "modifiedTime desc", "id,name").await?;
    let items = found
        .iter()
        .map(|f| json!({"id": f.get("id"), "title": f.get("name")}))
        .collect();
    Ok(listing(items, note))
}

/// List the folders in a Drive folder (`parent_folder_id`, else the top of My Drive), by name:
/// `{id, name, parent}` each.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListFolders {
    /// The Drive folder to look in
    parent_folder_id: Option<String>,
}

async fn list_folders(ctx: Ctx, a: ListFolders) -> Result<Value, ToolError> {
    let parent = a
        .parent_folder_id
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .unwrap_or("root");
    let q = format!(
        "mimeType='{FOLDER}' and trashed=false and '{}' in parents",
        escape_literal(parent)
    );
    let (found, note) = files(&ctx, &q, "name", "id,name,parents").await?;
    let items = found
        .iter()
        .map(|f| {
            json!({
                "id": f.get("id"),
                "name": f.get("name"),
                "parent": f.pointer("/parents/0").and_then(Value::as_str).unwrap_or("root"),
            })
        })
        .collect();
    Ok(listing(items, note))
}

/// Search spreadsheets whose name or text contains `query`, most relevant first: id, name,
/// created and modified times, owners' emails, link.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchSpreadsheets {
    /// Words to find in names and contents ("budget 2024")
    query: String,
    /// 1 to 100
    #[schemars(extend("default" = 20))]
    max_results: Option<Count>,
}

async fn search_spreadsheets(ctx: Ctx, a: SearchSpreadsheets) -> Result<Value, ToolError> {
    let words = a.query.trim();
    if words.is_empty() {
        return Err(ToolError::invalid_input(
            "`query` is empty: give words to find",
        ));
    }
    let size = a.max_results.map_or(20, Count::get).clamp(1, 100);
    let lit = escape_literal(words);
    let q = format!(
        "mimeType='{SPREADSHEET}' and trashed=false and (name contains '{lit}' or fullText contains '{lit}')"
    );
    // No `orderBy`: Drive refuses to sort a fullText search (results come by relevance).
    let v: Value = ctx
        .api_authorized("drive", Method::GET, "/drive/v3/files")?
        .query("q", &q)
        .query("spaces", "drive")
        .query("includeItemsFromAllDrives", "true")
        .query("supportsAllDrives", "true")
        .query("pageSize", size)
        .query(
            "fields",
            "files(id,name,createdTime,modifiedTime,owners(emailAddress),webViewLink)",
        )
        .send_json()
        .await?;
    let found = v
        .get("files")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|f| {
            let owners: Vec<&Value> = f
                .get("owners")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|o| o.get("emailAddress"))
                .collect();
            json!({
                "id": f.get("id"),
                "name": f.get("name"),
                "created_time": f.get("createdTime"),
                "modified_time": f.get("modifiedTime"),
                "owners": owners,
                "web_link": f.get("webViewLink"),
            })
        })
        .collect();
    Ok(Value::Array(found))
}

/// One person to share with.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Recipient {
    email_address: Option<String>,
    /// `reader`, `commenter` or `writer` (the default)
    role: Option<String>,
}

/// Share a spreadsheet with people by email, each with a role. Returns `successes` (email,
/// role, permissionId) and `failures` (email, error).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ShareSpreadsheet {
    /// The spreadsheet's ID (from its URL)
    spreadsheet_id: String,
    /// Up to 50: [{"email_address": "ann@example.com", "role": "writer"}]
    recipients: Vec<Recipient>,
    /// Email them that it was shared
    #[schemars(extend("default" = true))]
    send_notification: Option<bool>,
}

async fn share_spreadsheet(ctx: Ctx, a: ShareSpreadsheet) -> Result<Value, ToolError> {
    let id = spreadsheet_id(&a.spreadsheet_id)?;
    if a.recipients.is_empty() || a.recipients.len() > 50 {
        return Err(ToolError::invalid_input(format!(
            "`recipients` has {} entries: give 1 to 50",
            a.recipients.len()
        )));
    }
    let notify = a.send_notification.unwrap_or(true);
    let path = format!("/drive/v3/files/{}/permissions", seg(id));
    let (mut successes, mut failures) = (Vec::new(), Vec::new());
    for r in &a.recipients {
        let Some(email) = r
            .email_address
            .as_deref()
            .map(str::trim)
            .filter(|e| !e.is_empty())
        else {
            failures.push(json!({"email_address": null, "error": "Missing email_address in recipient entry."}));
            continue;
        };
        let role = r.role.as_deref().map(str::trim).unwrap_or("writer");
        if !["reader", "commenter", "writer"].contains(&role) {
            failures.push(json!({
                "email_address": email,
                "error": format!("Invalid role '{role}'. Must be 'reader', 'commenter', or 'writer'."),
            }));
            continue;
        }
        let sent: Result<Value, ToolError> = async {
            ctx.api_authorized("drive", Method::POST, &path)?
                .query("sendNotificationEmail", notify)
                .query("supportsAllDrives", "true")
                .query("fields", "id")
                .json(&json!({"type": "user", "role": role, "emailAddress": email}))
                .send_json()
                .await
        }
        .await;
        match sent {
            Ok(v) => successes
                .push(json!({"email_address": email, "role": role, "permissionId": v.get("id")})),
            Err(e) => failures
                .push(json!({"email_address": email, "error": format!("Failed to share: {e}")})),
        }
    }
    Ok(json!({ "successes": successes, "failures": failures }))
}
