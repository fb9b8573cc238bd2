//! Mail folders: list, read, create, rename, delete.

use crate::api::{self, MAIL_READ, MAIL_READ_WRITE, folder, folder_path};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use mcp_vendor_microsoft::{List, Query, page_size};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "outlookMail_list_folders",
            "List mail folders",
            Effect::Read,
            list_folders,
        )
        .toolset("folders")
        .scopes(MAIL_READ),
        tool(
            "outlookMail_get_mail_folder_details",
            "Get mail folder",
            Effect::Read,
            get_folder,
        )
        .toolset("folders")
        .scopes(MAIL_READ),
        tool(
            "outlookMail_create_mail_folder",
            "Create mail folder",
            Effect::Write,
            create_folder,
        )
        .toolset("folders")
        .scopes(MAIL_READ_WRITE),
        tool(
            "outlookMail_update_folder_display_name",
            "Rename mail folder",
            Effect::IdempotentWrite,
            rename_folder,
        )
        .toolset("folders")
        .scopes(MAIL_READ_WRITE),
        tool(
            "outlookMail_delete_folder",
            "Delete mail folder",
            Effect::Destructive,
            delete_folder,
        )
        .toolset("folders")
        .scopes(MAIL_READ_WRITE),
    ]
}

/// List the mail folders under the mailbox root, or under `parent_folder_id`: id, name,
/// parent, child, unread and total counts.
#[derive(Deserialize, JsonSchema)]
pub struct ListFolders {
    /// Include hidden folders
    include_hidden: Option<bool>,
    /// List the child folders of this folder instead
    parent_folder_id: Option<String>,
    /// At most 100; default 50
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_folders(ctx: Ctx, a: ListFolders) -> Result<Value, ToolError> {
    let path = match a
        .parent_folder_id
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        Some(p) => format!("{}/childFolders", folder_path(p, "parent_folder_id")?),
        None => "/me/mailFolders".to_owned(),
    };
    let mut q = Query::new().select(api::FOLDER_FIELDS.iter().copied());
    if a.include_hidden == Some(true) {
        q = q.param("includeHiddenFolders", true);
    }
    let page = List::new(path, q)
        .limit(page_size(a.limit.map(Count::get), 50, 100, "limit")?)
        .cursor(a.cursor.as_deref())
        .send(&ctx)
        .await?;
    Ok(page.into_json("folders", folder))
}

/// Get one mail folder by id or well-known name (inbox, drafts, sentitems, deleteditems,
/// archive, junkemail): name, parent, child, unread and total counts.
#[derive(Deserialize, JsonSchema)]
pub struct GetFolder {
    folder_id: String,
}

async fn get_folder(ctx: Ctx, a: GetFolder) -> Result<Value, ToolError> {
    let path = Query::new()
        .select(api::FOLDER_FIELDS.iter().copied())
        .on(&folder_path(&a.folder_id, "folder_id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(folder(&v))
}

/// Create a mail folder under the mailbox root, or under `parent_folder_id`. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct CreateFolder {
    display_name: String,
    /// Create it hidden (cannot be changed later)
    is_hidden: Option<bool>,
    parent_folder_id: Option<String>,
}

async fn create_folder(ctx: Ctx, a: CreateFolder) -> Result<Value, ToolError> {
    let path = match a
        .parent_folder_id
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        Some(p) => format!("{}/childFolders", folder_path(p, "parent_folder_id")?),
        None => "/me/mailFolders".to_owned(),
    };
    let mut body = Map::new();
    body.insert(
        "displayName".into(),
        json!(non_empty(&a.display_name, "display_name")?),
    );
    if let Some(h) = a.is_hidden {
        body.insert("isHidden".into(), json!(h));
    }
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(folder(&v))
}

/// Rename a mail folder. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct RenameFolder {
    folder_id: String,
    /// The new name
    display_name: String,
}

async fn rename_folder(ctx: Ctx, a: RenameFolder) -> Result<Value, ToolError> {
    let name = non_empty(&a.display_name, "display_name")?;
    let v: Value = ctx
        .authorized(Method::PATCH, &folder_path(&a.folder_id, "folder_id")?)?
        .json(&json!({ "displayName": name }))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(folder(&v))
}

/// Delete a mail folder with its messages and child folders.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteFolder {
    folder_id: String,
}

async fn delete_folder(ctx: Ctx, a: DeleteFolder) -> Result<Value, ToolError> {
    let id = non_empty(&a.folder_id, "folder_id")?;
    ctx.authorized(Method::DELETE, &folder_path(id, "folder_id")?)?
        .send()
        .await?;
    Ok(json!({ "deleted": true, "folder_id": id }))
}
