//! Spaces, folders and lists: the hierarchy tasks live in.

use crate::api::{self, Count, container};
use mcp_shared::json::{insert_opt, map_array};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("clickup_get_spaces", "Get spaces", Effect::Read, get_spaces).toolset("spaces"),
        tool(
            "clickup_create_space",
            "Create space",
            Effect::Write,
            create_space,
        )
        .toolset("spaces"),
        tool(
            "clickup_update_space",
            "Update space",
            Effect::IdempotentWrite,
            update_space,
        )
        .toolset("spaces"),
        tool(
            "clickup_get_folders",
            "Get folders",
            Effect::Read,
            get_folders,
        )
        .toolset("spaces"),
        tool(
            "clickup_create_folder",
            "Create folder",
            Effect::Write,
            create_folder,
        )
        .toolset("spaces"),
        tool(
            "clickup_update_folder",
            "Update folder",
            Effect::IdempotentWrite,
            update_folder,
        )
        .toolset("spaces"),
        tool("clickup_get_lists", "Get lists", Effect::Read, get_lists).toolset("spaces"),
        tool(
            "clickup_create_list",
            "Create list",
            Effect::Write,
            create_list,
        )
        .toolset("spaces"),
        tool(
            "clickup_update_list",
            "Update list",
            Effect::IdempotentWrite,
            update_list,
        )
        .toolset("spaces"),
    ]
}

async fn get_all(ctx: &Ctx, path: &str, key: &str) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, path)?
        .query("archived", "false")
        .send_json()
        .await?;
    Ok(json!({ key: map_array(&v[key], container) }))
}

async fn write(
    ctx: &Ctx,
    method: Method,
    path: &str,
    body: &Map<String, Value>,
) -> Result<Value, ToolError> {
    let put = method == Method::PUT;
    let v: Value = ctx
        .authorized(method, path)?
        .json(body)
        .idempotent(put)
        .send_json()
        .await?;
    Ok(container(&v))
}

/// List a workspace's spaces (not archived): id, name, privacy, statuses.
#[derive(Deserialize, JsonSchema)]
pub struct GetSpaces {
    /// Workspace id (clickup_get_teams)
    team_id: String,
}

async fn get_spaces(ctx: Ctx, a: GetSpaces) -> Result<Value, ToolError> {
    let id = seg_id(&a.team_id, "team_id")?;
    get_all(&ctx, &format!("/team/{id}/space"), "spaces").await
}

/// Create a space in a workspace. Returns the space.
#[derive(Deserialize, JsonSchema)]
pub struct CreateSpace {
    team_id: String,
    name: String,
    /// Hex color such as #7B68EE (set right after creation)
    color: Option<String>,
    /// Set right after creation
    private: Option<bool>,
}

async fn create_space(ctx: Ctx, a: CreateSpace) -> Result<Value, ToolError> {
    let id = seg_id(&a.team_id, "team_id")?;
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    body.insert("multiple_assignees".into(), json!(true));
    let space = write(&ctx, Method::POST, &format!("/team/{id}/space"), &body).await?;
    if a.color.is_none() && a.private.is_none() {
        return Ok(space);
    }
    // ClickUp's create takes neither color nor privacy: set them on the new space.
    let sid = space["id"].as_str().map(str::to_owned).unwrap_or_default();
    let sid = seg_id(&sid, "the new space's id")?;
    let mut upd = Map::new();
    insert_opt(&mut upd, "color", a.color);
    insert_opt(&mut upd, "private", a.private);
    write(&ctx, Method::PUT, &format!("/space/{sid}"), &upd)
        .await
        .map_err(|e| {
            e.context(format!(
                "space {sid} was created, but setting its color/privacy failed"
            ))
        })
}

/// Rename a space or change its color or privacy (only the fields given). Returns the space.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateSpace {
    space_id: String,
    name: Option<String>,
    /// Hex color such as #7B68EE
    color: Option<String>,
    private: Option<bool>,
}

async fn update_space(ctx: Ctx, a: UpdateSpace) -> Result<Value, ToolError> {
    let id = seg_id(&a.space_id, "space_id")?;
    let mut body = Map::new();
    insert_opt(&mut body, "name", a.name);
    insert_opt(&mut body, "color", a.color);
    insert_opt(&mut body, "private", a.private);
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of name, color, private",
        ));
    }
    write(&ctx, Method::PUT, &format!("/space/{id}"), &body).await
}

/// List a space's folders (not archived) with their lists.
#[derive(Deserialize, JsonSchema)]
pub struct GetFolders {
    /// Space id (clickup_get_spaces)
    space_id: String,
}

async fn get_folders(ctx: Ctx, a: GetFolders) -> Result<Value, ToolError> {
    let id = seg_id(&a.space_id, "space_id")?;
    get_all(&ctx, &format!("/space/{id}/folder"), "folders").await
}

/// Create a folder in a space. Returns the folder.
#[derive(Deserialize, JsonSchema)]
pub struct CreateFolder {
    space_id: String,
    name: String,
}

async fn create_folder(ctx: Ctx, a: CreateFolder) -> Result<Value, ToolError> {
    let id = seg_id(&a.space_id, "space_id")?;
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    write(&ctx, Method::POST, &format!("/space/{id}/folder"), &body).await
}

/// Rename a folder. Returns the folder.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateFolder {
    folder_id: String,
    name: String,
}

async fn update_folder(ctx: Ctx, a: UpdateFolder) -> Result<Value, ToolError> {
    let id = seg_id(&a.folder_id, "folder_id")?;
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    write(&ctx, Method::PUT, &format!("/folder/{id}"), &body).await
}

/// The list parent: exactly one of a folder or (for folderless lists) a space.
fn parent(folder_id: Option<String>, space_id: Option<String>) -> Result<String, ToolError> {
    let f = folder_id.filter(|s| !s.trim().is_empty());
    let s = space_id.filter(|s| !s.trim().is_empty());
    match (f, s) {
        (Some(f), None) => Ok(format!("/folder/{}", seg_id(&f, "folder_id")?)),
        (None, Some(s)) => Ok(format!("/space/{}", seg_id(&s, "space_id")?)),
        _ => Err(ToolError::invalid_input(
            "give exactly one of folder_id (lists in a folder) or space_id (folderless lists of a space)",
        )),
    }
}

/// List the lists (not archived) of a folder, or the folderless lists of a space: give one
/// of folder_id or space_id.
#[derive(Deserialize, JsonSchema)]
pub struct GetLists {
    folder_id: Option<String>,
    space_id: Option<String>,
}

async fn get_lists(ctx: Ctx, a: GetLists) -> Result<Value, ToolError> {
    let p = parent(a.folder_id, a.space_id)?;
    get_all(&ctx, &format!("{p}/list"), "lists").await
}

/// Create a list in a folder, or folderless in a space: give one of folder_id or space_id.
/// Returns the list.
#[derive(Deserialize, JsonSchema)]
pub struct CreateList {
    folder_id: Option<String>,
    space_id: Option<String>,
    name: String,
    /// Description
    content: Option<String>,
    /// Unix milliseconds or YYYY-MM-DD
    due_date: Option<String>,
    /// 1 urgent, 2 high, 3 normal, 4 low
    priority: Option<Count>,
    /// User id (numeric) of the list's owner
    assignee: Option<String>,
    /// The list's color status
    status: Option<String>,
}

async fn create_list(ctx: Ctx, a: CreateList) -> Result<Value, ToolError> {
    let p = parent(a.folder_id, a.space_id)?;
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    insert_opt(&mut body, "content", a.content);
    if let Some(d) = a.due_date {
        body.insert("due_date".into(), json!(api::millis(&d, "due_date")?));
    }
    insert_opt(&mut body, "priority", api::priority(a.priority)?);
    if let Some(u) = a.assignee {
        body.insert("assignee".into(), json!(api::user_id(&u, "assignee")?));
    }
    insert_opt(&mut body, "status", a.status);
    write(&ctx, Method::POST, &format!("{p}/list"), &body).await
}

/// Change a list's name, description, due date, priority, owner, or clear its color status
/// (only the fields given). Returns the list.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateList {
    list_id: String,
    name: Option<String>,
    content: Option<String>,
    /// Unix milliseconds or YYYY-MM-DD
    due_date: Option<String>,
    /// 1 urgent, 2 high, 3 normal, 4 low
    priority: Option<Count>,
    /// User id (numeric) of the list's owner
    assignee: Option<String>,
    /// true clears the list's color status
    unset_status: Option<bool>,
}

async fn update_list(ctx: Ctx, a: UpdateList) -> Result<Value, ToolError> {
    let id = seg_id(&a.list_id, "list_id")?;
    let mut body = Map::new();
    insert_opt(&mut body, "name", a.name);
    insert_opt(&mut body, "content", a.content);
    if let Some(d) = a.due_date {
        body.insert("due_date".into(), json!(api::millis(&d, "due_date")?));
    }
    insert_opt(&mut body, "priority", api::priority(a.priority)?);
    if let Some(u) = a.assignee {
        api::user_id(&u, "assignee")?;
        body.insert("assignee".into(), json!(u.trim()));
    }
    insert_opt(&mut body, "unset_status", a.unset_status);
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of name, content, due_date, priority, assignee, unset_status",
        ));
    }
    write(&ctx, Method::PUT, &format!("/list/{id}"), &body).await
}
