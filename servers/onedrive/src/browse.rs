//! Finding items: by id or by path, the root's and a folder's children, search by name.

use crate::api::{FILES_READ, Place, item, item_path, list_items, search_call, select};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "onedrive_list_root_files_folders",
            "List root folder",
            Effect::Read,
            list_root,
        )
        .toolset("browse")
        .scopes(FILES_READ),
        tool(
            "onedrive_list_inside_folder",
            "List folder",
            Effect::Read,
            list_folder,
        )
        .toolset("browse")
        .scopes(FILES_READ),
        tool(
            "onedrive_get_item_by_id",
            "Get item",
            Effect::Read,
            get_item,
        )
        .toolset("browse")
        .scopes(FILES_READ),
        tool(
            "onedrive_get_item_by_path",
            "Get item by path",
            Effect::Read,
            get_item_by_path,
        )
        .toolset("browse")
        .scopes(FILES_READ),
        tool(
            "onedrive_search_item_by_name",
            "Search items",
            Effect::Read,
            search_items,
        )
        .toolset("browse")
        .scopes(FILES_READ),
        tool(
            "onedrive_search_folder_by_name",
            "Search folders",
            Effect::Read,
            search_folders,
        )
        .toolset("browse")
        .scopes(FILES_READ),
    ]
}

/// List the files and folders at the top of the user's OneDrive: id, name, type (file or
/// folder), size, MIME type or child count, modified time, web URL.
#[derive(Deserialize, JsonSchema)]
pub struct ListRoot {
    /// At most 200; default 50
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_root(ctx: Ctx, a: ListRoot) -> Result<Value, ToolError> {
    let page = list_items(
        &ctx,
        "/me/drive/root/children".to_owned(),
        select(),
        a.limit,
        a.cursor.as_deref(),
    )
    .await?;
    Ok(page.into_json("items", item))
}

/// List the files and folders inside a folder, as onedrive_list_root_files_folders does.
#[derive(Deserialize, JsonSchema)]
pub struct ListFolder {
    /// A folder's id, `root`, or a path such as /Documents/Reports
    folder_id: String,
    /// At most 200; default 50
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_folder(ctx: Ctx, a: ListFolder) -> Result<Value, ToolError> {
    let place = Place::parse(&a.folder_id, "folder_id")?;
    let page = list_items(
        &ctx,
        place.item("/children"),
        select(),
        a.limit,
        a.cursor.as_deref(),
    )
    .await?;
    Ok(page.into_json("items", item))
}

/// Get one file or folder by id: name, type, size, MIME type or child count, parent, times,
/// web URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetItem {
    /// The item's id (`root` for the top folder)
    item_id: String,
}

async fn get_item(ctx: Ctx, a: GetItem) -> Result<Value, ToolError> {
    let path = select().on(&item_path(&a.item_id, "item_id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(item(&v))
}

/// Get one file or folder by its path from the top of the drive, as onedrive_get_item_by_id
/// does.
#[derive(Deserialize, JsonSchema)]
pub struct GetItemByPath {
    /// e.g. /Documents/Reports/q3.xlsx
    path: String,
}

async fn get_item_by_path(ctx: Ctx, a: GetItemByPath) -> Result<Value, ToolError> {
    let given = a.path.trim();
    let place = Place::parse(
        &if given.starts_with('/') {
            given.to_owned()
        } else {
            format!("/{given}")
        },
        "path",
    )?;
    let v: Value = ctx
        .authorized(Method::GET, &select().on(&place.item("")))?
        .send_json()
        .await?;
    Ok(item(&v))
}

/// Search the user's OneDrive for files and folders whose name, content or metadata match the
/// text (Graph's drive search). Returns items as the list tools do.
#[derive(Deserialize, JsonSchema)]
pub struct SearchItems {
    /// Text to search for, e.g. a name or part of one
    itemname: String,
    /// At most 200; default 50
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn search_items(ctx: Ctx, a: SearchItems) -> Result<Value, ToolError> {
    let path = format!("/me/drive/root{}", search_call(&a.itemname, "itemname")?);
    let page = list_items(&ctx, path, select(), a.limit, a.cursor.as_deref()).await?;
    Ok(page.into_json("items", item))
}

/// Search the user's OneDrive for folders matching the text: Graph's drive search, keeping the
/// folders of each page (a page may hold fewer than `limit`; follow `next_cursor` for more).
#[derive(Deserialize, JsonSchema)]
pub struct SearchFolders {
    /// Text to search for, e.g. a folder name or part of one
    folder_name: String,
    /// Search results read per call, at most 200; default 50
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn search_folders(ctx: Ctx, a: SearchFolders) -> Result<Value, ToolError> {
    let path = format!(
        "/me/drive/root{}",
        search_call(&a.folder_name, "folder_name")?
    );
    let page = list_items(&ctx, path, select(), a.limit, a.cursor.as_deref()).await?;
    let searched = page.items.len();
    let folders: Vec<Value> = page
        .items
        .iter()
        .filter(|v| v.get("folder").is_some())
        .map(item)
        .collect();
    let mut out = json!({
        "folders": folders,
        "searched": searched,
        "next_cursor": page.next_cursor,
    });
    if let Some(n) = page.note {
        out["note"] = json!(n);
    }
    Ok(out)
}
