//! Organizing the drive: create folders, rename, move and delete items.

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{FILES_READ_WRITE, Place, item, item_name, item_path};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "onedrive_create_folder",
            "Create folder",
            Effect::Write,
            create_folder,
        )
        .toolset("organize")
        .scopes(FILES_READ_WRITE),
        tool(
            "onedrive_rename_item",
            "Rename item",
            Effect::IdempotentWrite,
            rename_item,
        )
        .toolset("organize")
        .scopes(FILES_READ_WRITE),
        tool(
            "onedrive_move_item",
            "Move item",
            Effect::IdempotentWrite,
            move_item,
        )
        .toolset("organize")
        .scopes(FILES_READ_WRITE),
        tool(
            "onedrive_delete_item",
            "Delete item",
            Effect::Destructive,
            delete_item,
        )
        .toolset("organize")
        .scopes(FILES_READ_WRITE),
    ]
}

// What to do when an item of that name exists: fail, replace it, or pick a new name.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Behavior {
    #[default]
    Fail,
    Replace,
    Rename,
}

impl Behavior {
    fn as_str(self) -> &'static str {
        match self {
            Behavior::Fail => "fail",
            Behavior::Replace => "replace",
            Behavior::Rename => "rename",
        }
    }
}

/// Create a folder inside a folder. Returns the new folder.
#[derive(Deserialize, JsonSchema)]
pub struct CreateFolder {
    /// A folder's id, `root`, or a path such as /Documents
    parent_folder: String,
    new_folder_name: String,
    #[serde(default)]
    behavior: Behavior,
}

async fn create_folder(ctx: Ctx, a: CreateFolder) -> Result<Value, ToolError> {
    let place = Place::parse(&a.parent_folder, "parent_folder")?;
    let name = item_name(&a.new_folder_name, "new_folder_name")?;
    let body = json!({
        "name": name,
        "folder": {},
        "@microsoft.graph.conflictBehavior": a.behavior.as_str(),
    });
    let v: Value = ctx
        .authorized(Method::POST, &place.item("/children"))?
        .json(&body)
        .send_json()
        .await
        .map_err(|e| match e.status {
            Some(409) => e.with_specific_hint(
                "an item of that name exists: set behavior to rename or replace.",
            ),
            _ => e,
        })?;
    Ok(item(&v))
}

/// PATCH an item with `body`; the updated item.
async fn update(ctx: &Ctx, id: &str, arg: &str, body: Value) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::PATCH, &item_path(id, arg)?)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(item(&v))
}

/// Rename a file or folder (its extension is part of the name). Returns the item.
#[derive(Deserialize, JsonSchema)]
pub struct RenameItem {
    /// The item's id
    file_id: String,
    new_name: String,
}

async fn rename_item(ctx: Ctx, a: RenameItem) -> Result<Value, ToolError> {
    let name = item_name(&a.new_name, "new_name")?;
    update(&ctx, &a.file_id, "file_id", json!({ "name": name })).await
}

/// Move a file or folder into another folder of the drive. Returns the item.
#[derive(Deserialize, JsonSchema)]
pub struct MoveItem {
    item_id: String,
    /// The destination folder's id, or `root`
    new_parent_id: String,
}

async fn move_item(ctx: Ctx, a: MoveItem) -> Result<Value, ToolError> {
    seg_id(&a.item_id, "item_id")?;
    let given = a.new_parent_id.trim();
    // Graph's parentReference takes an id: the root's is looked up.
    let parent = if given.eq_ignore_ascii_case("root") {
        let root: Value = ctx
            .authorized(Method::GET, "/me/drive/root?$select=id")?
            .send_json()
            .await?;
        root.get("id")
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| {
                ToolError::transport("Microsoft Graph returned the root folder without an id")
            })?
    } else {
        seg_id(given, "new_parent_id")?;
        given.to_owned()
    };
    update(
        &ctx,
        &a.item_id,
        "item_id",
        json!({ "parentReference": { "id": parent } }),
    )
    .await
}

/// Delete a file or folder (a folder with everything in it). OneDrive keeps it in the recycle
/// bin for a while.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteItem {
    item_id: String,
}

async fn delete_item(ctx: Ctx, a: DeleteItem) -> Result<Value, ToolError> {
    let id = a.item_id.trim();
    if id.eq_ignore_ascii_case("root") {
        return Err(ToolError::invalid_input(
            "the root folder cannot be deleted",
        ));
    }
    ctx.authorized(Method::DELETE, &item_path(id, "item_id")?)?
        .send()
        .await?;
    Ok(json!({ "deleted": true, "item_id": id }))
}
